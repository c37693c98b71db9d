"""Cards outside the game (FoW-5.5 3.16 p1: a player's removed area and sideboard) - real cards executed by
the engine in the form the importer gives them (given events / when command / then cited events or a cited
rejection; each story replays its whole log):

* Rogue Spectator (GRL-021): "At the beginning of the game >>> If you did not already reveal a card that
  shares a name with this card this game, you may reveal this card you own from outside the game and keep it
  revealed until end of game. You may play it from outside the game as long as it is revealed." - the
  ability triggers in the sideboard (9.2 p2), its owner is asked (``reveal_outside``), a second copy cannot
  be revealed, and the revealed card is played from the sideboard (``PlayPermissionUsed``);
* World Tree Mermaid (CST-036) and Lake of the World Tree (CST-041): "[Enter] >>> You may reveal a Seven
  Kings ruler you own from outside the game that does not share a name with other Seven Kings rulers you
  own revealed outside the game and keep it revealed until end of game" and "This card gains [+200/+200]
  for each Seven Kings ruler you own revealed outside the game" - the removed area is outside the game too.
"""

from __future__ import annotations

from typing import Any

from domain.audit import audit, build_log
from domain.fow import engine
from domain.fow.importer.sentences import _effects
from domain.fow.importer.text import _Ctx
from domain.kernel import seed_commitment
from tests.fow.cards.import_support import imported_database
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd

SPECTATOR = "GRL-021"
MERMAID = "CST-036"
LAKE = "CST-041"
ARLA, MELGIS, FARIA, FARIA_AGAIN = "SKL-001", "SKL-027", "SKL-007", "VS01-003"
"""Seven Kings rulers; SKL-007 and VS01-003 are both "Faria, the Sacred Queen"."""


def _real(*ids: str) -> dict[str, dict[str, Any]]:
    """The imported cards ``ids`` (and the J-ruler side each ruler refers to)."""
    db = imported_database()
    out = {c: db[c].card.model_dump(mode="json", by_alias=True, exclude_unset=True) for c in ids}
    for data in list(out.values()):
        j_ruler = (data.get("judgment") or {}).get("j_ruler")
        if j_ruler:
            out[j_ruler] = db[j_ruler].card.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return out


def _outside(story: Story, player: str, card: str) -> list[str]:
    return [o for o in story.state.zones[player]["outside"] if story.state.objects[o].card == card]


BEGINNING = "beginning_of_game_reveal"


def _to_beginning_question(story: Story) -> None:
    """Players pass until one is asked which cards they reveal at the beginning of the game."""
    while story.pending.kind != BEGINNING:
        story.when(cmd("Pass", story.pending.player))


def _play_on(story: Story, until: str = "reveal_outside") -> list[Any]:
    """Players play their triggered abilities and pass until ``until`` (or the first main phase)."""
    events: list[Any] = []
    while story.pending.kind != until and not (story.state.phase == "main" and story.state.step == "main"):
        p = story.pending
        if p.kind == BEGINNING:
            events += story.when(cmd("ChooseCards", p.player, cards=[]))
        elif p.kind == "trigger":
            events += story.when(cmd("PlayTriggered", p.player, **legal(story, p.player, "PlayTriggered")[0]))
        else:
            events += story.when(cmd("Pass", p.player))
    return events


def _seen_by(story: Story, viewer: str) -> list[tuple[str, str, Any]]:
    """The game's events as ``viewer`` is told them (type, rule, data)."""
    return [(e.type, e.rule, engine.redact_event(story.state, e, viewer).data) for e in story.log]


# --- Rogue Spectator: revealed from the sideboard at the beginning of the game, then played --------


def test_each_player_with_a_sideboard_is_asked_once_at_the_beginning_of_the_game_what_they_reveal() -> None:
    # FoW-5.5 3.16 p1, 9.2 p2: p1's sideboard holds two Rogue Spectators, p2's a card with no such ability;
    # both are asked, in turn order, before any ability of a sideboard card triggers
    story = Story(
        {"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 2}, second_sideboard={"T-BEAR": 1}, to_main=False
    )
    first, second = _outside(story, "p1", SPECTATOR)
    _to_beginning_question(story)
    assert not [e for e in story.log if e.type == "AbilityTriggered"]
    [asked] = [e for e in story.log if e.type == "ChoiceRequested" and e.data["kind"] == BEGINNING]
    assert asked.rule == "FoW-5.5 3.16 p1"
    assert (asked.data["player"], asked.data["options"]) == (
        "p1",
        {"cards": [first, second], "min": 0, "max": 2, "groups": [[first, second]]},
    )
    events = story.when(cmd("ChooseCards", "p1", cards=[]))  # "you may": none revealed
    assert [(e.type, e.rule, e.data) for e in events if e.type == "OptionChosen"] == [
        ("OptionChosen", "FoW-5.5 3.16 p1", {"player": "p1", "revealed": []})
    ]
    assert (story.pending.kind, story.pending.player, story.pending.options) == (
        BEGINNING,
        "p2",
        {"cards": [], "min": 0, "max": 0},  # p2 has no card to reveal, and is asked all the same
    )
    story.when(cmd("ChooseCards", "p2", cards=[]))
    assert story.pending.kind == "priority"
    assert not [e for e in story.log if e.type in ("AbilityTriggered", "CardRevealed")]
    story.replays()


def test_a_player_without_a_sideboard_is_not_asked() -> None:
    # FoW-5.5 3.16 p1: p2 owns no card outside the game (public: the view counts the sideboard)
    story = Story({"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 1}, second_sideboard={}, to_main=False)
    _to_beginning_question(story)
    story.when(cmd("ChooseCards", "p1", cards=[]))
    assert story.pending.kind == "priority"
    assert [e.data["player"] for e in story.log if e.type == "ChoiceRequested" and e.data["kind"] == BEGINNING] == [
        "p1"
    ]


def test_the_opponent_is_told_the_same_whatever_the_sideboard_holds() -> None:
    # FoW-5.5 3.1 p2, 3.16 p1: the question's existence and shape do not depend on the hidden sideboard
    told = []
    for sideboard in ({SPECTATOR: 2}, {"T-BEAR": 2}):
        story = Story(
            {"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard=sideboard, second_sideboard={"T-BEAR": 1}, to_main=False
        )
        _to_beginning_question(story)
        story.when(cmd("ChooseCards", "p1", cards=[]))
        story.when(cmd("ChooseCards", "p2", cards=[]))
        [mine] = [
            e
            for e in story.log
            if e.type == "ChoiceRequested" and e.data == {**e.data, "kind": BEGINNING, "player": "p1"}
        ]
        assert engine.redact_event(story.state, mine, "p2").data == {"player": "p1", "kind": BEGINNING, "options": {}}
        told.append(_seen_by(story, "p2"))
        assert engine.view(story.state, "p2")["players"]["p1"]["zones"]["outside"] == {"count": 2, "cards": []}
    assert told[0] == told[1]


def test_a_rogue_spectator_chosen_at_the_beginning_triggers_and_reveals_itself_as_it_resolves() -> None:
    # FoW-5.5 9.2 p2: the chosen card's ability triggers (its "may" answered) and is played as any (9.6);
    # resolving, it reveals the card until the end of the game (3.16 p1) without asking again
    story = Story(
        {"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 2}, second_sideboard={"T-BEAR": 1}, to_main=False
    )
    first, _ = _outside(story, "p1", SPECTATOR)
    _to_beginning_question(story)
    choice = next(a for a in engine.legal_actions(story.state, "p1") if a.type == "ChooseCards").choice
    assert choice is not None and choice.constraints == ("one_per_group",)  # one Rogue Spectator at most (2.2)
    events = story.when(cmd("ChooseCards", "p1", cards=[first]))
    [triggered] = [e for e in events if e.type == "AbilityTriggered"]
    assert (triggered.rule, triggered.data["source"], triggered.data["controller"]) == ("FoW-5.5 9.2 p2", first, "p1")
    events = _play_on(story, until="priority")
    while story.state.chase or story.state.triggered:
        events += story.when(cmd("Pass", story.pending.player))
    assert not [e for e in events if e.type == "ChoiceRequested" and e.data["kind"] == "reveal_outside"]
    [revealed] = [e for e in events if e.type == "CardRevealed"]
    assert revealed.rule == "FoW-5.5 3.16 p1"
    assert revealed.data == {"oid": first, "player": "p1", "card": SPECTATOR, "until": "end_of_game"}
    assert story.state.objects[first].revealed
    story.replays()


def test_two_rogue_spectators_cannot_both_be_chosen() -> None:
    # "If you did not already reveal a card that shares a name with this card this game" (FoW-5.5 2.2, 3.16 p1)
    story = Story({"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 2}, to_main=False)
    first, second = _outside(story, "p1", SPECTATOR)
    _to_beginning_question(story)
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[first, second]))
    assert (refusal.code, refusal.rule) == ("choice/one_per_group", "FoW-5.5 3.16 p1")
    refusal = story.refused(cmd("ChooseCards", "p1", cards=["p1-001"]))  # not among the options
    assert refusal.rule == "FoW-5.5 3.16 p1"


def test_a_rogue_spectator_revealed_by_each_player_stays_revealed() -> None:
    # FoW-5.5 3.16 p1: revealed "until end of game", not until the end of a turn
    story = Story({"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 2}, to_main=False)
    while not (story.state.phase == "main" and story.state.step == "main"):
        p = story.pending
        if p.kind == BEGINNING:
            story.when(cmd("ChooseCards", p.player, cards=list(p.options["cards"])[:1]))
        elif p.kind == "trigger":
            story.when(cmd("PlayTriggered", p.player, **legal(story, p.player, "PlayTriggered")[0]))
        else:
            story.when(cmd("Pass", p.player))
    asked = [e.data["player"] for e in story.log if e.type == "ChoiceRequested" and e.data["kind"] == BEGINNING]
    assert asked == ["p1", "p2"]  # one question each, in turn order; no second one as the abilities resolve
    for player in ("p1", "p2"):
        revealed = [o for o in _outside(story, player, SPECTATOR) if story.state.objects[o].revealed]
        assert len(revealed) == 1
        assert story.state.players[player].revealed_from_outside == revealed
    story.given("TurnBegan", player="p2", turn=2)
    assert all(
        len([o for o in _outside(story, p, SPECTATOR) if story.state.objects[o].revealed]) == 1 for p in ("p1", "p2")
    )
    story.replays()


def test_an_ability_chosen_at_the_beginning_does_nothing_once_its_name_was_revealed() -> None:
    # "If you did not already reveal a card that shares a name with this card this game" (FoW-5.5 2.2, 9.3 p3)
    story = Story({"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 2}, second_sideboard={}, to_main=False)
    first, second = _outside(story, "p1", SPECTATOR)
    _to_beginning_question(story)
    story.when(cmd("ChooseCards", "p1", cards=[first]))
    story.given("CardRevealed", oid=second, player="p1", card=SPECTATOR, until="end_of_game")  # the name revealed
    events = _play_on(story, until="priority")
    while story.state.chase or story.state.triggered:
        events += story.when(cmd("Pass", story.pending.player))
    assert not [e for e in events if e.type in ("CardRevealed", "ChoiceRequested")]
    assert not story.state.objects[first].revealed
    story.replays()


def _revealed_spectator(story: Story, player: str = "p1") -> str:
    oid = _outside(story, player, SPECTATOR)[0]
    story.given("CardRevealed", oid=oid, player=player, card=SPECTATOR, until="end_of_game")
    return oid


def test_a_revealed_rogue_spectator_is_played_from_outside_the_game() -> None:
    # "You may play it from outside the game as long as it is revealed" (FoW-5.5 3.16 p1, 1.4 p1)
    story = Story({"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 2})
    hidden, other = _outside(story, "p1", SPECTATOR)
    story.will("p1", "R")
    assert not [a for a in legal(story, "p1", "PlayCard") if a["card"] in (hidden, other)]
    refusal = story.refused(cmd("PlayCard", "p1", card=hidden, targets=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_in_hand", "FoW-5.5 7.1 p2")
    assert "outside the game" in refusal.message
    spectator = _revealed_spectator(story)
    assert [a["card"] for a in legal(story, "p1", "PlayCard") if a["card"] in (hidden, other)] == [spectator]
    events = story.when(cmd("PlayCard", "p1", card=spectator, targets=[]))
    [used] = [e for e in events if e.type == "PlayPermissionUsed"]
    assert used.rule == "FoW-5.5 3.16 p1"
    assert used.data == {"card": spectator, "player": "p1", "from": "outside", "permission": "outside", "source": None}
    [played] = [e for e in events if e.type == "CardPlayed"]
    assert played.data["from"] == "outside"
    story.resolve()
    assert story.state.objects[spectator].zone == "field"
    assert not story.state.objects[spectator].revealed  # moved: the reveal ended (10.4 p1)
    story.replays()


def test_the_opponent_sees_a_count_of_the_sideboard_and_the_revealed_card_but_not_the_others() -> None:
    # FoW-5.5 3.16 p1, 3.1 p2: the sideboard is the owner's hidden cards; a revealed one is public
    story = Story({"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 2})
    _, hidden = _outside(story, "p1", SPECTATOR)
    theirs = engine.view(story.state, "p2")["players"]["p1"]["zones"]["outside"]
    assert theirs == {"count": 2, "cards": []}
    mine = engine.view(story.state, "p1")["players"]["p1"]["zones"]["outside"]
    assert mine["count"] == 2 and [c["card"] for c in mine["cards"]] == [SPECTATOR, SPECTATOR]
    spectator = _revealed_spectator(story)
    theirs = engine.view(story.state, "p2")["players"]["p1"]["zones"]["outside"]
    assert theirs == {"count": 2, "cards": [{"oid": spectator, "card": SPECTATOR, "name": "Rogue Spectator"}]}
    # a command of p2 naming p1's hidden sideboard card is answered as one naming no card (3.1 p2)
    story.given("PriorityGiven", player="p2")
    refusal = story.refused(cmd("PlayCard", "p2", card=hidden, targets=[]))
    nothing = story.refused(cmd("PlayCard", "p2", card="p1-999", targets=[]))
    assert (refusal.code, refusal.rule) == (nothing.code, nothing.rule) == ("command/unknown_object", "FoW-5.5 7.1 p2")
    assert refusal.message == nothing.message.replace("p1-999", hidden)
    seen = story.refused(cmd("PlayCard", "p2", card=spectator, targets=[]))  # revealed: a card they can see
    assert seen.code == "rules/not_your_card"


# --- Seven Kings rulers revealed outside the game: World Tree Mermaid, Lake of the World Tree ---------


def _kings_story(**sideboard: int) -> Story:
    cards = _real(MERMAID, LAKE, ARLA, MELGIS, FARIA, FARIA_AGAIN)
    return Story({MERMAID: 4, LAKE: 4, "T-BEAR": 4}, cards=cards, sideboard=sideboard or {ARLA: 1, MELGIS: 1})


def _enter(story: Story, card: str, will: str) -> list[Any]:
    """p1 plays ``card`` from the hand; it resolves and its [Enter] ability is played."""
    oid = story.put("p1", card, "hand")
    story.will("p1", will)
    story.when(cmd("PlayCard", "p1", card=oid, targets=[]))
    events = story.resolve()
    while story.pending.kind not in ("reveal_outside", "priority") or story.state.chase:
        if story.pending.kind in ("reveal_outside", "put_from_outside"):
            break
        if story.pending.kind == "trigger":
            events += story.when(cmd("PlayTriggered", "p1", **legal(story, "p1", "PlayTriggered")[0]))
        else:
            events += story.when(cmd("Pass", story.pending.player))
    return events


def test_world_tree_mermaid_reveals_a_seven_kings_ruler_from_outside_the_game_and_grows_for_it() -> None:
    # FoW-5.5 3.16 p1: "You may reveal a Seven Kings ruler you own from outside the game ..."; "This card gains
    # [+200/+200] for each Seven Kings ruler you own revealed outside the game" (9.9 p4)
    story = _kings_story()
    [arla], [melgis] = _outside(story, "p1", ARLA), _outside(story, "p1", MELGIS)
    _enter(story, MERMAID, "U")
    [mermaid] = [o for o in story.state.zones["p1"]["field"] if story.state.objects[o].card == MERMAID]
    assert engine.view(story.state, "p1")["players"]["p1"]["zones"]["field"][-1]["atk"] == 300
    assert story.pending.kind == "reveal_outside" and story.pending.player == "p1"
    assert sorted(story.pending.options["cards"]) == sorted([arla, melgis])
    assert story.pending.options["max"] == 1
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[arla, melgis]))
    assert (refusal.code, refusal.rule) == ("rules/search_choice", "FoW-5.5 3.16 p1")
    events = story.when(cmd("ChooseCards", "p1", cards=[arla]))
    assert [(e.type, e.rule) for e in events if e.type in ("OptionChosen", "CardRevealed")] == [
        ("OptionChosen", "FoW-5.5 3.16 p1"),
        ("CardRevealed", "FoW-5.5 3.16 p1"),
    ]
    view = {o["oid"]: o for o in engine.view(story.state, "p1")["players"]["p1"]["zones"]["field"]}
    assert (view[mermaid]["atk"], view[mermaid]["def_"]) == (500, 500)
    # the opponent sees the revealed ruler, not the other one
    theirs = engine.view(story.state, "p2")["players"]["p1"]["zones"]["outside"]
    assert theirs == {"count": 2, "cards": [{"oid": arla, "card": ARLA, "name": "Arla, the Winged Lord"}]}
    story.replays()


def test_a_seven_kings_ruler_sharing_a_name_with_one_revealed_outside_the_game_is_not_offered() -> None:
    # "that does not share a name with other Seven Kings rulers you own revealed outside the game" (2.2, 3.16 p1)
    story = _kings_story(**{FARIA: 1, FARIA_AGAIN: 1, ARLA: 1})
    [faria], [again], [arla] = (_outside(story, "p1", c) for c in (FARIA, FARIA_AGAIN, ARLA))
    story.given("CardRevealed", oid=faria, player="p1", card=FARIA, until="end_of_game")
    events = _enter(story, LAKE, "U")
    assert story.pending.kind == "reveal_outside"
    assert story.pending.options["cards"] == [arla]  # not the revealed Faria, nor the other Faria
    events = story.when(cmd("ChooseCards", "p1", cards=[]))  # declined: nothing revealed, the card still drawn
    assert not [e for e in events if e.type == "CardRevealed"]
    assert [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert not story.state.objects[again].revealed and not story.state.objects[arla].revealed
    story.replays()


def test_a_seven_kings_ruler_in_the_removed_area_is_outside_the_game_too() -> None:
    # FoW-5.5 3.16 p1.1, p1.2: "in your removed area or in your sideboard"
    story = _kings_story(**{MELGIS: 1})
    [melgis] = _outside(story, "p1", MELGIS)
    story.moved(melgis, "removed")
    _enter(story, MERMAID, "U")
    assert story.pending.options["cards"] == [melgis]
    story.when(cmd("ChooseCards", "p1", cards=[melgis]))
    assert story.state.objects[melgis].zone == "removed" and story.state.objects[melgis].revealed
    [mermaid] = [o for o in story.state.zones["p1"]["field"] if story.state.objects[o].card == MERMAID]
    view = {o["oid"]: o for o in engine.view(story.state, "p1")["players"]["p1"]["zones"]["field"]}
    assert view[mermaid]["atk"] == 500
    story.replays()


def test_nothing_outside_the_game_asks_nothing() -> None:
    # FoW-5.5 3.16 p1: no Seven Kings ruler outside the game - the ability does nothing, no question
    story = Story({MERMAID: 4, "T-BEAR": 4}, cards=_real(MERMAID))
    _enter(story, MERMAID, "U")
    assert story.pending.kind == "priority"
    assert not [e for e in story.log if e.type == "ChoiceRequested" and e.data["kind"] == "reveal_outside"]


def test_a_hidden_sideboard_is_asked_about_even_with_no_seven_kings_ruler_in_it() -> None:
    # FoW-5.5 3.1 p2, 3.16 p1: asking only when a Seven Kings ruler is in the sideboard would tell the
    # opponent it is there; with hidden cards outside the game the question comes, its options the chooser's
    told = []
    for sideboard in ({ARLA: 1}, {"T-BEAR": 1}):
        story = _kings_story(**sideboard)
        _enter(story, MERMAID, "U")
        assert (story.pending.kind, story.pending.player) == ("reveal_outside", "p1")
        offered = story.pending.options["cards"]
        assert offered == _outside(story, "p1", ARLA)  # the ruler, or nothing
        story.when(cmd("ChooseCards", "p1", cards=[]))
        told.append([(t, r, d) for t, r, d in _seen_by(story, "p2") if t != "GameStarted"])
        story.replays()
    assert told[0] == told[1]


def test_the_replay_log_carries_the_sideboard_and_its_audit_re_adjudicates_the_reveal() -> None:
    # FoW-5.5 3.16 p1: the cards outside the game are part of the set-up a log declares (docs/replay-log.md)
    story = Story({"T-BEAR": 4}, cards=_real(SPECTATOR), sideboard={SPECTATOR: 1}, to_main=False)
    _to_beginning_question(story)
    story.when(cmd("ChooseCards", "p1", cards=list(story.pending.options["cards"])))
    decks = story.spec["decks"]
    header = {
        "game_id": "g1",
        "ruleset": "FoW-5.5",
        "variant": "valhalla",
        "players": [{"id": "p1", "name": "Alice", "deck": decks[0]}, {"id": "p2", "name": "Bob", "deck": decks[1]}],
        "first_player": "p1",
        "seed_commitment": seed_commitment("g1", 7),
        "cards": story.spec["cards"],
    }
    steps = list(story.steps)
    assert audit(build_log(header, steps, seed=7, claimed=None).to_lines()).verdict == "consistent"
    without = {**header, "players": [{**p, "deck": {**p["deck"], "sideboard": []}} for p in header["players"]]}
    verdict = audit(build_log(without, steps, seed=7, claimed=None).to_lines())
    assert (verdict.verdict, verdict.step) == ("diverged", 2)  # no sideboard: no question at the beginning


# --- putting cards from outside the game into the field or the ruler area: Ulga, Attoractia --------------

ULGA, MAGOG = "TWS-067", "TWS-059"
ATTORACTIA, VIRTUOUS = "MP01-ACV", "JRP-107"
TINA, BRANDHARDT = "CST-001", "CST-015"
"""Seven Stars rulers."""


def _ulga_story(**sideboard: int) -> Story:
    """p1 and p2 play Ulga, Eclipser as their ruler; its "At the beginning of the game" ability works in the
    ruler area (9.2 p1); p2 owns nothing outside the game.  They decline the sideboard's own reveals and play
    on to the question."""
    cards = _real(ULGA, MAGOG)
    story = Story({"T-BEAR": 4}, ruler=ULGA, cards=cards, sideboard=sideboard, second_sideboard={}, to_main=False)
    _play_on(story, until="put_from_outside")
    return story


def test_ulga_reveals_magog_from_outside_the_game_and_puts_it_into_the_field() -> None:
    # "You may reveal a card named "Magog, Artificial Eclipse" you own from outside the game and put it into the
    # field." (FoW-5.5 3.16 p1, 10.4 p1): p1 chooses it; revealed, put (not played: no [Enter], 9.6 p1.1)
    story = _ulga_story(**{MAGOG: 1, "T-BEAR": 1})
    [magog] = _outside(story, "p1", MAGOG)
    assert (story.pending.kind, story.pending.player) == ("put_from_outside", "p1")
    assert {k: story.pending.options[k] for k in ("cards", "min", "max", "to")} == {
        "cards": [magog],
        "min": 0,
        "max": 1,
        "to": "field",
    }
    events = story.when(cmd("ChooseCards", "p1", cards=[magog]))
    assert [(e.type, e.rule) for e in events][:3] == [
        ("OptionChosen", "FoW-5.5 3.16 p1"),
        ("CardRevealed", "FoW-5.5 10.4 p1"),
        ("CardMoved", "FoW-5.5 3.16 p1"),
    ]
    moved = events[2]
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.data["controller"]) == (
        magog,
        "outside",
        "field",
        "p1",
    )
    assert story.state.objects[magog].zone == "field"
    told = engine.redact_event(story.state, moved, "p2").data
    assert (told["oid"], told["card"]) == (magog, MAGOG)  # put into the field: public
    story.replays()


def test_ulga_may_leave_magog_outside_the_game() -> None:
    # "you may" (FoW-5.5 3.16 p1): choosing none declines; Magog stays hidden in the sideboard
    story = _ulga_story(**{MAGOG: 1})
    [magog] = _outside(story, "p1", MAGOG)
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert not [e for e in events if e.type in ("CardRevealed", "CardMoved")]
    assert story.state.objects[magog].zone == "outside" and not story.state.objects[magog].revealed
    story.replays()


def test_ulga_offers_only_magog() -> None:
    # FoW-5.5 3.16 p1: a card of another name is not among the options, and choosing it is refused
    story = _ulga_story(**{MAGOG: 1, "T-BEAR": 1})
    [bear] = _outside(story, "p1", "T-BEAR")
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[bear]))
    assert (refusal.code, refusal.rule) == ("rules/search_choice", "FoW-5.5 3.16 p1")


def test_ulga_asks_as_well_when_the_sideboard_holds_no_magog_and_the_opponent_cannot_tell() -> None:
    # FoW-5.5 3.1 p2, 3.16 p1: the question comes while hidden cards are outside the game; what p2 is told
    # is the same whether p1's sideboard card is Magog or not
    told = []
    for sideboard in ({MAGOG: 1}, {"T-BEAR": 1}):
        story = _ulga_story(**sideboard)
        assert (story.pending.kind, story.pending.player) == ("put_from_outside", "p1")
        assert story.pending.options["cards"] == _outside(story, "p1", MAGOG)
        story.when(cmd("ChooseCards", "p1", cards=[]))
        told.append([(t, r, d) for t, r, d in _seen_by(story, "p2") if t != "GameStarted"])
    assert told[0] == told[1]


def test_ulga_asks_nothing_without_cards_outside_the_game() -> None:
    # FoW-5.5 3.16 p1, 9.3 p3: nothing outside the game, as everyone can see - the effect does nothing
    story = Story({"T-BEAR": 4}, ruler=ULGA, cards=_real(ULGA, MAGOG), to_main=False)
    _play_on(story, until="put_from_outside")
    assert story.state.phase == "main"
    assert not [e for e in story.log if e.type == "ChoiceRequested" and e.data["kind"] == "put_from_outside"]


def test_attoractia_puts_seven_stars_rulers_from_outside_the_game_into_the_ruler_area() -> None:
    # "Banish a card named "The Virtuous versus The Virtual": Put up to seven Seven Stars rulers you own from
    # outside the game in your ruler area." (FoW-5.5 3.16 p1, 3.8 p1): the chosen rulers join the ruler area
    cards = _real(ATTORACTIA, VIRTUOUS, TINA, BRANDHARDT)
    story = Story(
        {"T-BEAR": 4, ATTORACTIA: 1, VIRTUOUS: 1}, cards=cards, sideboard={TINA: 1, BRANDHARDT: 1, "T-BEAR": 1}
    )
    [tina], [brandhardt] = _outside(story, "p1", TINA), _outside(story, "p1", BRANDHARDT)
    city = _in_field(story, ATTORACTIA)
    _in_field(story, VIRTUOUS)
    [ability] = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == city]
    story.when(cmd("ActivateAbility", "p1", **ability))
    story.resolve()
    assert (story.pending.kind, story.pending.player) == ("put_from_outside", "p1")
    assert story.pending.options["cards"] == [tina, brandhardt]  # not the bear: not a Seven Stars ruler
    assert (story.pending.options["min"], story.pending.options["max"]) == (0, 7)
    events = story.when(cmd("ChooseCards", "p1", cards=[tina, brandhardt]))
    moved = [e for e in events if e.type == "CardMoved"]
    assert [(e.data["oid"], e.data["to"], e.rule) for e in moved] == [
        (tina, "ruler_area", "FoW-5.5 3.16 p1"),
        (brandhardt, "ruler_area", "FoW-5.5 3.16 p1"),
    ]
    assert story.state.zones["p1"]["ruler_area"][-2:] == [tina, brandhardt]
    story.replays()


def _in_field(story: Story, card: str) -> str:
    """Given: p1's copy of ``card`` from the main deck is in their field."""
    oid = next(o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == card)
    story.moved(oid, "field", controller="p1")
    return oid


FENRIR, SOLDIERS = "GRV-030", "SKL-084"
"""Machines: Mechanized Fenrir, Clockwork Soldiers."""
ENGINEER_SENTENCE = "Put a revealed non-magic stone, non-J/ruler Machine you own from outside the game into your hand."


def _engineer() -> dict[str, Any]:
    """A stand-in resonator whose [Enter] ability is the importer's reading of Mechanical Engineer of Ma'at's
    (GRV-028) second mode (the real card's modes on an [Enter] ability are not in the vocabulary)."""
    db = imported_database()
    assert ENGINEER_SENTENCE in db["GRV-028"].unsupported[0]
    races = frozenset(r for c in db.values() if c.card for r in c.card.races or [])
    effects = _effects(ENGINEER_SENTENCE, _Ctx("T-ENGINEER", "resonator", None, races, None))
    ability = {"kind": "automatic", "trigger": "enter", "effects": effects}
    base = {"id": "T-ENGINEER", "name": "Engineer", "type": "resonator", "attributes": ["U"], "atk": 100, "def": 100}
    return {**base, "cost": {"attribute": {"U": 1}}, "abilities": [ability]}


def _engineer_story() -> tuple[Story, str, str]:
    """p1 has Mechanized Fenrir revealed outside the game and Clockwork Soldiers hidden there; the Engineer
    enters p1's field and its ability is played: (story, fenrir, soldiers)."""
    cards = {**_real(FENRIR, SOLDIERS), "T-ENGINEER": _engineer()}
    story = Story({"T-ENGINEER": 4, "T-BEAR": 4}, cards=cards, sideboard={FENRIR: 1, SOLDIERS: 1})
    [fenrir], [soldiers] = _outside(story, "p1", FENRIR), _outside(story, "p1", SOLDIERS)
    story.given("CardRevealed", oid=fenrir, player="p1", card=FENRIR, until="end_of_game")
    _enter(story, "T-ENGINEER", "U")
    while story.pending.kind != "put_from_outside":
        story.when(cmd("Pass", story.pending.player))
    return story, fenrir, soldiers


def test_a_revealed_machine_is_put_from_outside_the_game_into_the_hand_and_everyone_reads_it() -> None:
    # "Put a revealed ... Machine you own from outside the game into your hand." (FoW-5.5 3.16 p1, 10.4 p1):
    # the revealed Fenrir only - Clockwork Soldiers is hidden, not revealed; not "you may": it must be chosen
    story, fenrir, soldiers = _engineer_story()
    assert {k: story.pending.options[k] for k in ("cards", "min", "max", "to")} == {
        "cards": [fenrir],
        "min": 1,
        "max": 1,
        "to": "hand",
    }
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[]))
    assert (refusal.code, refusal.rule) == ("rules/search_choice", "FoW-5.5 3.16 p1")
    events = story.when(cmd("ChooseCards", "p1", cards=[fenrir]))
    [moved] = [e for e in events if e.type == "CardMoved"]
    assert (moved.rule, moved.data["from"], moved.data["to"], moved.data["revealed"]) == (
        "FoW-5.5 3.16 p1",
        "outside",
        "hand",
        True,
    )
    assert not [e for e in events if e.type == "CardRevealed"]  # revealed already
    told = engine.redact_event(story.state, moved, "p2").data
    assert (told["oid"], told["card"]) == (fenrir, FENRIR)  # revealed as it moves: p2 reads it
    assert story.state.objects[fenrir].zone == "hand" and story.state.objects[soldiers].zone == "outside"
    story.replays()
