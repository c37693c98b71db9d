"""Effects, restrictions and magic stones of real Grimm/Alice cards, executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* magic stone types (FoW-5.5 2.1 p5.2): "Treat this card as wind magic stone and water magic
  stone" and references to "water magic stones";
* will with the moon characteristic as a choice ("Produce {M} or {B}", 9.7 p7).
"""

from __future__ import annotations

from domain.fow import engine
from domain.fow.characteristics import characteristics
from tests.fow_support import cmd, find
from tests.test_fow_conditions import Story

# --- magic stone types (2.1 p5.2) -------------------------------------------------------------


def test_treat_this_card_as_two_magic_stone_types() -> None:
    # The Overlord's Invasion Party (TTW-051): "This card gains [+100/+100] for each water magic
    # stone you control."  Magic Stone of Deep Wood (CMF-097): "Treat this card as wind magic stone
    # and water magic stone." Water Magic Stone (TTW-109) has the type its name is; Magic Stone of
    # Black Silence (CMF-096, wind and darkness) is no water magic stone.
    story = Story({"TTW-051": 4}, {"CMF-097": 3, "TTW-109": 3, "CMF-096": 4})
    party = story.put("p1", "TTW-051", "field")
    printed = characteristics(story.state, party)
    base = (printed.atk, printed.def_)
    story.put("p1", "CMF-096", "stone_area")
    assert (characteristics(story.state, party).atk, characteristics(story.state, party).def_) == base
    story.put("p1", "CMF-097", "stone_area")
    story.put("p1", "TTW-109", "stone_area")
    story.put("p2", "CMF-097", "stone_area")  # the opponent's is not "you control"
    story.put("p1", "CMF-097", "hand")  # not in the magic stone area: its ability is not active (9.2 p1)
    chars = characteristics(story.state, party)
    assert (chars.atk, chars.def_) == (base[0] + 200, base[1] + 200)  # type: ignore[operator]
    story.replays()


def test_a_condition_on_a_magic_stone_type_the_opponent_controls() -> None:
    # Enraged Knight (BFA-021): "As long as your opponent controls a darkness magic stone, this
    # card gains [+200/+200] and [Swiftness]."  Magic Stone of Black Silence (CMF-096) is treated
    # as a darkness magic stone; Magic Stone of Deep Wood (CMF-097) is not.
    story = Story({"BFA-021": 4}, {"CMF-096": 4, "CMF-097": 4, "TTW-109": 2})
    knight = story.put("p1", "BFA-021", "field")
    printed = characteristics(story.state, knight)
    story.put("p2", "CMF-097", "stone_area")
    story.put("p1", "CMF-096", "stone_area")  # mine does not count
    assert "swiftness" not in characteristics(story.state, knight).skills
    story.put("p2", "CMF-096", "stone_area")
    chars = characteristics(story.state, knight)
    assert "swiftness" in chars.skills and chars.atk == (printed.atk or 0) + 200
    story.replays()


# --- will with the moon characteristic (9.7 p7) -------------------------------------------------


def test_produce_moon_or_darkness_will() -> None:
    # Black Moon's Memoria (TMS-096): "{Rest}: Produce {M} or {B}."  One will with the moon
    # characteristic and no attribute, or one darkness will: the player chooses (9.7 p7)
    story = Story({"T-BEAR": 4}, {"TMS-096": 4, "T-STONE": 6})
    memoria = story.put("p1", "TMS-096", "stone_area")
    other = story.put("p1", "TMS-096", "stone_area")
    choices = sorted(
        c.args.get("choice") for c in engine.legal_actions(story.state, "p1") if c.args.get("source") == memoria
    )
    assert choices == ["B", "M"]
    events = story.when(cmd("ActivateAbility", "p1", source=memoria, ability=0, choice="M"))
    produced = find(events, "WillProduced")
    assert (produced.data["will"], produced.rule) == (["M"], "FoW-5.5 9.7 p4")
    assert story.state.players["p1"].will == ["M"]
    wrong = story.refused(cmd("ActivateAbility", "p1", source=other, ability=0, choice="R"))
    assert (wrong.code, wrong.rule) == ("rules/will_choice", "FoW-5.5 9.7 p1")
    story.replays()
