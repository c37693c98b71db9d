"""The specification of every refusal: one row per distinct failure cause each ruleset's engine can
emit - a given state and command (or game creation), the code and the rule the refusal must cite
(the first condition that failed), and words its sentence must say - or, for a code no command can
reach, why not.

The codes are those written in the domain source (``"rules/..."``, ``"command/..."``, ``"game/..."``,
``"deck/..."``, ``"cards/..."`` literals under ``domain/<ruleset>/``, those built in f-strings as
:data:`BUILT_CODES` lists them, and the kernel's shared ones in ``domain/kernel.py`` and
``domain/hidden.py``); ``tests/kernel/test_rejection_rows.py`` fails when the source has a code the
table lacks, so a new code comes with its row.  A code refused for several causes (different
citations) has a row for each.  ``position/...`` codes refuse a position document
(``tests/*/test_position.py``), not a command, and are not listed.

A row's ``when`` builds its state with the builders of the tests of that mechanism and returns the
engine's answer; ``says`` are words of the refusal's sentence naming the failed condition;
``defect`` marks a row the engine does not yet refuse as the row says (a strict xfail naming the
defect: a catch-all citation, say); ``untested`` says why a row has no ``when`` ("unreachable by a
command: ..." and why).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.fow import engine as fow
from domain.gcg import engine as gcg
from domain.kernel import Command, GameSpec, PlayerSpec
from domain.ll import engine as ll

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r'"((?:rules|command|game|deck|cards)/[a-z0-9_]+)"')
BUILT = re.compile(r'f"((?:rules|command|game|deck|cards)/[a-z0-9_]*\{[^"]*)"')
"""A code built in an f-string, such as ``f"rules/no_{which}"``: :data:`BUILT_CODES` lists what it becomes."""
BUILT_CODES: dict[str, tuple[str, ...]] = {
    "rules/no_{which}": ("rules/no_evolution", "rules/no_shift"),  # domain/fow/play_commands.py _keyword_activate
}
KERNEL_FILES = ("domain/kernel.py", "domain/hidden.py")


@dataclass(frozen=True)
class Row:
    code: str
    rule: str = ""
    """The citation the rejection must carry."""
    when: Callable[[], Any] | None = None
    """Builds the given state and returns ``decide``'s (or ``start``'s) answer to the command."""
    untested: str = ""
    says: str = ""
    """Words of the refusal's sentence naming the condition that failed (and what it failed for)."""
    defect: str = ""
    """Set when the engine does not yet refuse the row as it says: why (the row's test is a strict xfail)."""


def codes_in(*paths: Path) -> set[str]:
    """The codes written in the files, those built in f-strings as :data:`BUILT_CODES` lists them
    (a built code it does not list is returned as written, and so has no row)."""
    found: set[str] = set()
    for path in paths:
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            text = f.read_text(encoding="utf-8")
            found |= set(CODE.findall(text))
            for built in BUILT.findall(text):
                found |= set(BUILT_CODES.get(built, (built,)))
    return found


def emitted(ruleset: str) -> set[str]:
    """The codes written in ``domain/<ruleset>/``."""
    return codes_in(ROOT / "domain" / ruleset)


def kernel_codes() -> set[str]:
    return codes_in(*(ROOT / f for f in KERNEL_FILES))


def pointer(test_file: str) -> str:
    return f"no row yet: triggered with its citation in tests/{test_file}"


# --- FoW ------------------------------------------------------------------------------------------


def _fow_main() -> Any:
    from tests.fow.test_ch8_battle import game, to_main

    state = game()
    to_main(state, turn=3)
    return state


def _fow_decide(state: Any, type_: str, player: str, **args: Any) -> Any:
    return fow.decide(state, Command(type_, player, args))


def _fow_at_block(blocker_spec: str | None = None, **field: str) -> tuple[Any, dict[str, str]]:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import ready, to_attack_choice, to_block_choice

    state, f = ready(bear="p1:T-BEAR", **field)
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    return state, f


def fow_block_in_hand() -> Any:
    from tests.fow.test_ch8_battle import card

    state, _ = _fow_at_block()
    return _fow_decide(state, "DeclareBlock", "p2", blocker=card(state, "p2", "T-WALL"))


def fow_block_own() -> Any:
    state, f = _fow_at_block(mine="p1:T-WALL")
    return _fow_decide(state, "DeclareBlock", "p2", blocker=f["mine"])


def fow_block_stone() -> Any:
    from tests.fow.test_ch8_battle import put

    state, _ = _fow_at_block()
    stone = next(o.oid for o in state.objects.values() if o.owner == "p2" and o.card == "T-STONE")
    put(state, stone, "field")
    return _fow_decide(state, "DeclareBlock", "p2", blocker=stone)


def fow_block_rested() -> Any:
    from tests.fow.test_ch8_battle import given

    state, f = _fow_at_block(wall="p2:T-WALL")
    given(state, "CardRested", oid=f["wall"])
    return _fow_decide(state, "DeclareBlock", "p2", blocker=f["wall"])


def fow_block_attacked() -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import EXTRA, ready, to_attack_choice, to_block_choice

    state, f = ready(EXTRA, sniper="p1:T-SNIPER", wall="p2:T-WALL")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["sniper"], target=f["wall"]))
    to_block_choice(state)
    return _fow_decide(state, "DeclareBlock", "p2", blocker=f["wall"])


def fow_block_flying() -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import ready, to_attack_choice, to_block_choice

    state, f = ready(bird="p1:T-BIRD", wall="p2:T-WALL")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bird"], target="p2"))
    to_block_choice(state)
    return _fow_decide(state, "DeclareBlock", "p2", blocker=f["wall"])


def fow_block_forbidden() -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import EXTRA, ready, to_attack_choice, to_block_choice

    state, f = ready(EXTRA, bear="p1:T-BEAR", theirs="p2:T-PACIFIST")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    return _fow_decide(state, "DeclareBlock", "p2", blocker=f["theirs"])


def fow_attack_unattackable() -> Any:
    from tests.fow.test_ch8_battle import ready, to_attack_choice

    state, f = ready(bear="p1:T-BEAR", up="p2:T-WALL")  # a recovered J/resonator is no target
    to_attack_choice(state)
    return _fow_decide(state, "DeclareAttack", "p1", attacker=f["bear"], target=f["up"])


def fow_attack_forced_other() -> Any:
    from tests.fow.test_ch8_battle import EXTRA, ready, to_attack_choice

    state, f = ready(EXTRA, berserk="p1:T-BERSERK", bear="p1:T-BEAR")
    to_attack_choice(state)
    return _fow_decide(state, "DeclareAttack", "p1", attacker=f["bear"], target="p2")


def fow_attack_new_arrival() -> Any:
    from tests.fow.test_ch8_battle import card, ready, to_attack_choice

    state, _ = ready()
    fresh = card(state, "p1", "T-BEAR", to="field")  # put into the field this turn
    to_attack_choice(state)
    return _fow_decide(state, "DeclareAttack", "p1", attacker=fresh, target="p2")


def fow_attack_pacifist() -> Any:
    from tests.fow.test_ch8_battle import EXTRA, ready, to_attack_choice

    state, f = ready(EXTRA, mine="p1:T-PACIFIST", bear="p1:T-BEAR")
    to_attack_choice(state)
    return _fow_decide(state, "DeclareAttack", "p1", attacker=f["mine"], target="p2")


def fow_attack_rested() -> Any:
    from tests.fow.test_ch8_battle import ready, to_attack_choice

    state, f = ready(bear="p1:T-BEAR")
    state.objects[f["bear"]].rested = True
    to_attack_choice(state)
    return _fow_decide(state, "DeclareAttack", "p1", attacker=f["bear"], target="p2")


def fow_attack_with_theirs() -> Any:
    from tests.fow.test_ch8_battle import ready, to_attack_choice

    state, f = ready(bear="p2:T-BEAR")
    to_attack_choice(state)
    return _fow_decide(state, "DeclareAttack", "p1", attacker=f["bear"], target="p2")


def fow_play_from_graveyard() -> Any:
    from tests.fow.test_ch8_battle import card

    state = _fow_main()
    return _fow_decide(state, "PlayCard", "p1", card=card(state, "p1", "T-BEAR", to="graveyard"))


def fow_play_their_card() -> Any:
    from tests.fow.test_ch8_battle import card

    state = _fow_main()
    return _fow_decide(state, "PlayCard", "p1", card=card(state, "p2", "T-BEAR", to="graveyard"))


def fow_play_stone() -> Any:
    from tests.fow.test_ch8_battle import put

    state = _fow_main()
    stone = next(o.oid for o in state.objects.values() if o.owner == "p1" and o.card == "T-STONE")
    put(state, stone, "hand")
    return _fow_decide(state, "PlayCard", "p1", card=stone)


def fow_play_no_shift() -> Any:
    from tests.fow.test_ch8_battle import card

    state = _fow_main()
    return _fow_decide(state, "PlayCard", "p1", card=card(state, "p1", "T-BEAR"), side="future")


def fow_play_no_awakening() -> Any:
    from tests.fow.test_ch8_battle import card

    state = _fow_main()
    return _fow_decide(state, "PlayCard", "p1", card=card(state, "p1", "T-BEAR"), awaken=True)


def fow_play_opponents_turn() -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import card

    state = _fow_main()
    run(state, cmd("Pass", "p1"))  # p2 has priority in p1's main phase
    return _fow_decide(state, "PlayCard", "p2", card=card(state, "p2", "T-BEAR"))


def fow_pass_out_of_turn() -> Any:
    return _fow_decide(_fow_main(), "Pass", "p2")


def fow_block_in_main() -> Any:
    return _fow_decide(_fow_main(), "DeclineBlock", "p2")


def fow_finished() -> Any:
    from tests.fow.support import cmd, run

    state = _fow_main()
    run(state, cmd("Concede", "p2"))
    return _fow_decide(state, "Pass", "p1")


def fow_start(**change: Any) -> Any:
    from tests.fow.support import catalog, deck

    players = change.pop("players", [PlayerSpec("p1", "A", deck()), PlayerSpec("p2", "B", deck())])
    spec = GameSpec("g", "FoW-5.5", change.pop("variant", "valhalla"), players, seed=1, **change)
    return fow.start(spec, catalog())


def fow_call_with_no_stones() -> Any:
    from tests.fow.test_ch8_battle import put

    state = _fow_main()
    for oid in list(state.zones["p1"]["stone_deck"]):
        put(state, oid, "removed")
    return _fow_decide(state, "CallMagicStone", "p1")


def fow_pay_with_no_will_ability() -> Any:
    from tests.fow.test_ch8_battle import card

    state = _fow_main()
    bear = card(state, "p1", "T-BEAR")
    ruler = state.zones["p1"]["ruler_area"][0]
    return _fow_decide(state, "PlayCard", "p1", card=bear, pay_with=[{"source": ruler, "ability": 9}])


def fow_start_with(d1: dict[str, Any]) -> Any:
    from tests.fow.support import deck

    return fow_start(players=[PlayerSpec("p1", "A", d1), PlayerSpec("p2", "B", deck())])


def fow_stone_deck_resonator() -> Any:
    from tests.fow.support import deck

    return fow_start_with(deck(stones={"T-STONE": 9, "T-BEAR": 1}))


def fow_deck(**change: Any) -> Any:
    """Game creation with p1's test deck changed (``main``/``stones``: its cards; other keys replace fields)."""
    from tests.fow.support import deck

    d = deck(change.pop("main", None), change.pop("stones", None))
    return fow_start_with({**d, **change})


def fow_automatic_cards(card: str, setting: str | None) -> Any:
    from tests.fow.cards.zones.test_play_automatic_cards_from_the_hand import start_with_setting

    return start_with_setting(card, setting)


def fow_reveal_not_offered() -> Any:
    from tests.fow.cards.zones.test_play_automatic_cards_from_the_hand import reveal_not_offered

    return reveal_not_offered()


def fow_main_deck_of_four() -> Any:
    from tests.fow.support import deck

    return fow_start_with({**deck(), "main": [{"card": "T-BEAR", "count": 4}]})


def fow_stone_in_main_deck() -> Any:
    from tests.fow.support import deck

    d = deck()
    d["main"].append({"card": "T-STONE", "count": 1})
    return fow_start_with(d)


def fow_5_01(cards: dict[str, Any], **players: dict[str, Any]) -> Any:
    """Game creation under FoW-5.01 with the cards ``cards`` in both decks (tests/fow/test_rules_5_01.py)."""
    from tests.fow.test_rules_5_01 import OLD, create

    return create(OLD, cards, **players)


def fow_5_01_keyword() -> Any:
    from tests.fow.support import catalog
    from tests.fow.test_rules_5_01 import BASE_MAIN, OLD, _spec_with, spell

    cards = {"T-ECHO": spell("T-ECHO", "chant", remnant=True, effects=[])}
    return fow.start(_spec_with(OLD, {**BASE_MAIN, "T-ECHO": 4}), catalog(cards))


def fow_5_01_counters() -> Any:
    from tests.fow.test_rules_5_01 import spell

    potion = [{"op": "put_counter", "counter": "+100/+100", "target": {"kind": "chosen"}}]
    return fow_5_01({"T-POTION": spell("T-POTION", "chant", effects=potion)})


def fow_5_01_j_ruler_without_stats() -> Any:
    from tests.fow.support import deck

    sage = {"id": "T-SAGE", "name": "Sage", "type": "ruler", "judgment": {"cost": {"free": 1}, "j_ruler": "T-ORACLE"}}
    cards = {"T-SAGE": sage, "T-ORACLE": {"id": "T-ORACLE", "name": "Oracle", "type": "j_ruler"}}
    return fow_5_01(cards, p1={**deck(), "ruler": "T-SAGE"})


def fow_5_01_moon_will() -> Any:
    from tests.fow.test_rules_5_01 import resonator

    return fow_5_01({"T-LUNA": resonator("T-LUNA", cost={"attribute": {"M": 1}})})


def fow_catalog_error(card: dict[str, Any]) -> Any:
    """Game creation with a card data error in the catalog."""
    from tests.fow.support import catalog, deck

    spec = GameSpec("g", "FoW-5.5", "valhalla", [PlayerSpec("p1", "A", deck()), PlayerSpec("p2", "B", deck())], seed=1)
    return fow.start(spec, catalog({card["id"]: card}))


def fow_missing_side() -> Any:
    from tests.fow.support import catalog, deck

    ruler = {"id": "T-SAGE", "name": "Sage", "type": "ruler", "judgment": {"cost": {"free": 1}, "j_ruler": "T-NONE"}}
    players = [PlayerSpec("p1", "A", {**deck(), "ruler": "T-SAGE"}), PlayerSpec("p2", "B", deck())]
    return fow.start(GameSpec("g", "FoW-5.5", "valhalla", players, seed=1), catalog({"T-SAGE": ruler}))


def fow_loop(declare: Callable[[Any, str], Any], silent: bool = True) -> Any:
    """The Fountain in p1's field (tests/fow/test_loops.py), p2 silenced if ``silent``: ``declare(state, fountain)``."""
    from tests.fow.test_loops import fountain, game, silence

    state, _ = game()
    source = fountain(state)
    if silent:
        silence(state, "p2")
    return declare(state, source)


def fow_loop_again(state: Any, source: str) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_loops import loop

    run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=2))
    return _fow_decide(state, "DeclareLoop", "p1", actions=loop(source), times=2)


def fow_loop_times(state: Any, source: str) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_loops import loop

    run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=5))  # p2 may stop it too: p2 declares
    return _fow_decide(state, "ChooseNumber", "p2", number=6)


def fow_loop_not_yours(state: Any, source: str) -> Any:
    from tests.fow.test_loops import loop

    actions = [{"player": "p2", "type": "Pass", "args": {}}, loop(source)[2], loop(source)[0]]
    return _fow_decide(state, "DeclareLoop", "p1", actions=actions, times=2)


def fow_echo_loop(passes: int, p2_hand: bool) -> Any:
    """Echo's ability chased, nobody able to do anything but pass (tests/fow/test_loops.py);
    with ``p2_hand`` p2 holds a card: p1 declares a loop of ``passes`` passes twice."""
    from tests.fow.test_loops import echo_game, put

    state = echo_game()
    if p2_hand:
        put(state, state.zones["p2"]["graveyard"][0], "hand")
    actions = [{"player": ("p1", "p2")[n % 2], "type": "Pass", "args": {}} for n in range(passes)]
    return _fow_decide(state, "DeclareLoop", "p1", actions=actions, times=2 if p2_hand else 1)


def fow_loop_not_repeatable() -> Any:
    from tests.fow.support import catalog, deck, start_game
    from tests.fow.test_loops import EXTRA, MAIN, fountain, given, keep_hands, loop, silence, to_main

    paid = {
        **EXTRA["T-FOUNTAIN"],
        "abilities": [{**EXTRA["T-FOUNTAIN"]["abilities"][0], "cost": {"will": {"free": 1}}}],
    }
    state, _ = start_game(cards=catalog({"T-FOUNTAIN": paid}), decks=(deck(MAIN), deck(MAIN)), ruleset="FoW-5.5")
    keep_hands(state)
    to_main(state)
    source = fountain(state)
    silence(state, "p2")
    given(state, "WillProduced", player="p1", will=["R", "R"], source="given")  # will for two repetitions
    return _fow_decide(state, "DeclareLoop", "p1", actions=loop(source), times=5)


def fow_judged() -> Any:
    """p1's main phase (tests/fow/test_ch7_actions.py) after its ruler did judgment."""
    from tests.fow.support import cmd, run
    from tests.fow.test_ch7_actions import game, pay, resolve, stones, to_main

    state = game()
    to_main(state)
    run(state, cmd("PerformJudgment", "p1", pay_with=pay(*stones(state, "p1", 2))))
    resolve(state)
    return state


def fow_ch7(build: Callable[[Any], Any]) -> Any:
    """p1's main phase in the game of tests/fow/test_ch7_actions.py: ``build(state)``."""
    from tests.fow.test_ch7_actions import game, to_main

    state = game()
    to_main(state)
    return build(state)


def fow_rested_ruler_judges(state: Any) -> Any:
    from tests.fow.test_ch7_actions import given

    given(state, "CardRested", oid=state.zones["p1"]["ruler_area"][0])
    return _fow_decide(state, "PerformJudgment", "p1")


def fow_tapper_just_entered(state: Any) -> Any:
    from tests.fow.test_ch7_actions import card

    return _fow_decide(state, "ActivateAbility", "p1", source=card(state, "p1", "T-TAPPER", to="field"), ability=0)


def _fow_hand(state: Any) -> str:
    from tests.fow.test_ch8_battle import card

    return card(state, "p1", "T-BEAR")


def fow_pay_with_nothing() -> Any:
    state = _fow_main()
    return _fow_decide(state, "PlayCard", "p1", card=_fow_hand(state), pay_with=[{"source": "p1-999"}])


def _fow_addition(subtype: str) -> dict[str, Any]:
    from tests.fow.test_rules_5_01 import addition

    return addition("T-ADD", subtype)


def fow_block_by_the_attacker() -> Any:
    state, f = _fow_at_block(wall="p2:T-WALL")
    return _fow_decide(state, "DeclareBlock", "p1", blocker=f["wall"])


def _ask(given: Any, type_: str, player: str, **args: Any) -> Any:
    """``decide``'s answer to the command in a state, or in a :class:`tests.fow.cards.story.Story`'s."""
    return fow.decide(getattr(given, "state", given), Command(type_, player, args))


def _story(main: dict[str, int], **kw: Any) -> Any:
    from tests.fow.cards.story import Story

    return Story(main, **kw)


def _story_battle(story: Any, player: str) -> None:
    """``player`` begins a battle; players pass until attackers are declared."""
    from tests.fow.support import cmd

    story.when(cmd("InitiateBattle", player))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))


def fow_scheherazade() -> Any:
    """Scheherazade (MOA-039) with Werewolf chosen: p2's Werewolf (CMF-037) attacks p1."""
    from tests.fow.cards.races.test_play_race_changes_and_choices import _until_race
    from tests.fow.support import cmd
    from tests.fow.test_ch8_battle import to_main

    story = _story({"MOA-039": 4, "CMF-037": 4, "T-BEAR": 4})
    wolf = story.put("p2", "CMF-037", "field")
    story.put("p2", "T-BEAR", "field")
    scheherazade = story.put("p1", "MOA-039", "hand")
    story.will("p1", "G", "G", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=scheherazade))
    story.resolve()
    _until_race(story)
    story.when(cmd("ChooseRace", "p1", race="Werewolf"))
    story.log += to_main(story.state, turn=2)
    _story_battle(story, "p2")
    return _ask(story, "DeclareAttack", "p2", attacker=wolf, target="p1")


def fow_suspicion() -> Any:
    """All Consuming Suspicion (TTW-038) added to p2's Bear, which attacks p1's rested Wall."""
    from tests.fow.support import cmd
    from tests.fow.test_ch8_battle import to_attack_choice, to_main

    story = _story({"TTW-038": 4, "T-BEAR": 4, "T-WALL": 4})
    suspect = story.put("p2", "T-BEAR", "field")
    wall = story.put("p1", "T-WALL", "field")
    suspicion = story.put("p1", "TTW-038", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=suspicion, targets=[[suspect]]))
    story.resolve()
    story.given("CardRested", oid=wall, reason="given")
    story.log += to_main(story.state, turn=2)
    story.log += to_attack_choice(story.state)
    return _ask(story, "DeclareAttack", "p2", attacker=suspect, target=wall)


def fow_moonbreeze_elf() -> Any:
    """p1's Bear attacks p2's rested Moonbreeze Elf (TMS-059: "This card cannot be attacked.")."""
    from tests.fow.test_ch8_battle import to_main

    story = _story({"TMS-059": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    elf = story.put("p2", "TMS-059", "field")
    story.log += to_main(story.state, turn=3)
    story.given("CardRested", oid=elf, reason="given")
    _story_battle(story, "p1")
    return _ask(story, "DeclareAttack", "p1", attacker=bear, target=elf)


def fow_unblockable() -> Any:
    """TAT-062's [Enter]: p1's Bear cannot be blocked until end of turn; p2's Bear blocks it."""
    from tests.fow.cards.targets.test_play_filters_moves_and_reveals import unblockable_runner

    story, runner, wall, _ = unblockable_runner()
    story.attack(runner, until="declare_block")
    return _ask(story, "DeclareBlock", "p2", blocker=wall)


def fow_cain_calls() -> Any:
    """Cain, the Traitor of Gods (MPR-021J): "You cannot call magic stones."; p1 calls one."""
    from tests.fow.support import cmd
    from tests.fow.test_ch8_battle import to_main

    story = _story({"T-BEAR": 4}, ruler="MPR-021")
    story.will("p1", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    story.log += to_main(story.state, turn=3)
    story.log += to_main(story.state, turn=3)
    return _ask(story, "CallMagicStone", "p1")


def fow_chase_flame(what: str) -> Any:
    """Flame of Outer World (MPR-093: "Players cannot chase to this card.") chased; p2 answers with a
    card (Bulletproof Barrier) or an ability (Alice's Little Guardian's)."""
    from tests.fow.support import cmd

    story = _story({"MPR-093": 4, "VIN002-051": 4, "SKL-051": 4, "T-BEAR": 4})
    bear, guardian = story.put("p2", "T-BEAR", "field"), story.put("p2", "SKL-051", "field")
    flame = story.put("p1", "MPR-093", "hand")
    story.will("p1", "R", "B")
    story.when(cmd("PlayCard", "p1", card=flame, targets=[[bear]]))
    story.when(cmd("Pass", "p1"))
    if what == "ability":
        return _ask(story, "ActivateAbility", "p2", source=guardian, ability=0, targets=[[bear]])
    barrier = story.put("p2", "VIN002-051", "hand")
    story.will("p2", "G")
    return _ask(story, "PlayCard", "p2", card=barrier, targets=[[bear]])


def fow_moon_for_wind() -> Any:
    """Wind Sprite (TTW-071, {W}) paid with moon will, without Kaguya."""
    story = _story({"TTW-071": 4})
    sprite = story.put("p1", "TTW-071", "hand")
    story.will("p1", "M")
    return _ask(story, "PlayCard", "p1", card=sprite)


def fow_emperor() -> Any:
    """The Emperor with New Clothes (CMF-018): opponents cannot add [Addition:Resonator]; p2 adds one."""
    from tests.fow.test_ch8_battle import to_main

    story = _story({"CMF-018": 4, "CMF-016": 4, "T-BEAR": 4})
    story.put("p1", "CMF-018", "field")
    story.log += to_main(story.state, turn=2)
    bear = story.put("p2", "T-BEAR", "field")
    stake = story.put("p2", "CMF-016", "hand")
    story.will("p2", "W")
    return _ask(story, "PlayCard", "p2", card=stake, targets=[[bear]])


def fow_tsukuyomi() -> Any:
    """Tsukuyomi Noble (TMS-016) in p1's field: p2, with no Moon, plays its Wind Sprite's ability."""
    from tests.fow.support import cmd
    from tests.fow.test_ch8_battle import to_main

    story = _story({"TMS-016": 4, "TTW-071": 4})
    story.put("p1", "TMS-016", "field")
    theirs = story.put("p2", "TTW-071", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("Pass", "p1"))
    return _ask(story, "ActivateAbility", "p2", source=theirs, ability=0)


def fow_resonator_over_a_chase(state: Any) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch7_actions import card, pay, stones

    bear = card(state, "p1", "T-BEAR")
    target = card(state, "p1", "T-BEAR", to="field")
    s1, s2 = stones(state, "p1", 2)
    run(state, cmd("PlayCard", "p1", card=card(state, "p1", "T-GROW"), targets=[target], pay_with=pay(s1)))
    return _ask(state, "PlayCard", "p1", card=bear, pay_with=pay(s2))


def fow_duet_with_a_rested_cost() -> Any:
    from tests.fow.cards.modes.test_play_conditional_modes_and_additional_costs import duet_story

    story, duet, mine, theirs = duet_story()
    story.given("CardRested", oid=mine[0])
    return _ask(story, "PlayCard", "p1", card=duet, targets=[[theirs]], cost_cards=[mine])


def fow_kaguya_counters() -> Any:
    """Kaguya's ability removes three knowledge counters: two cards could pay and none is named."""
    from tests.fow.cards.moves.test_play_counter_costs_and_returns_from_graveyard import _kaguya_story

    story, c = _kaguya_story()
    return _ask(story, "ActivateAbility", "p1", source=c["kaguya"], ability=1, targets=[[c["bear"]]], pay_with=[])


def fow_scorn() -> Any:
    """The Scorn of Dark Alice (TTW-089) resolved: p1 chooses a card of p2's hand that is no resonator."""
    story = fow_scorn_asked()
    return _ask(story, "ChooseCards", "p1", cards=[story.put("p2", "TTW-089", "hand")])


def fow_hand_size() -> Any:
    """The end phase with nine cards in p1's hand: p1 discards one, not two."""
    from tests.fow.support import cmd, run, start_game
    from tests.fow.test_ch4_to_6_setup_and_turns import keep_hands, put

    state, _ = start_game()
    keep_hands(state)
    for oid in state.zones["p1"]["main_deck"][-4:]:
        put(state, oid, "hand")
    while not (state.pending and state.pending.kind == "discard_to_hand_size"):
        run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    return _ask(state, "ChooseCards", "p1", cards=state.zones["p1"]["hand"][:1])


def fow_kujata() -> Any:
    from tests.fow.cards.targets.test_play_filters_and_variable_amounts import kujata_story

    story, kujata, _, _ = kujata_story(["T-BEAR", "T-WALL"])
    return _ask(story, "ChooseCards", "p1", cards=[kujata])  # Kujata fights a J/resonator p2 controls


def fow_ch12(build: Callable[[Any, dict[str, str]], Any], **field: str) -> Any:
    """Turn 3, p1's main phase, with the keyword cards of tests/fow/test_ch12_keywords.py."""
    from tests.fow.test_ch8_battle import ready
    from tests.fow.test_ch12_keywords import EXTRA

    state, f = ready(EXTRA, **field)
    return build(state, f)


def fow_gods_art_again(state: Any, f: dict[str, str]) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import resolve, to_main, will

    will(state, "p1", "R")
    run(state, cmd("ActivateAbility", "p1", source=f["hero"], ability=0))
    resolve(state)
    to_main(state, turn=5)
    will(state, "p1", "R")
    return _ask(state, "ActivateAbility", "p1", source=f["hero"], ability=0)


def fow_shift_in_battle(state: Any, f: dict[str, str]) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import will

    run(state, cmd("InitiateBattle", "p1"))
    will(state, "p1", "R")
    return _ask(state, "ActivateAbility", "p1", source=f["past"], ability="shift")


def fow_shift_twice(state: Any, f: dict[str, str]) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import resolve, will

    will(state, "p1", "R")
    run(state, cmd("ActivateAbility", "p1", source=f["past"], ability="shift"))
    resolve(state)
    will(state, "p1", "R")
    return _ask(state, "ActivateAbility", "p1", source=f["past"], ability="shift")


def fow_incarnation(state: Any, f: dict[str, str], banish: str) -> Any:
    from tests.fow.test_ch8_battle import card

    return _ask(state, "PlayCard", "p1", card=card(state, "p1", "T-AVATAR"), incarnation=[f[banish]])


def fow_crucifix() -> Any:
    """Crucifix (CMF-064) added by p1 to p2's Bear: p2 targets its own Bear."""
    from tests.fow.cards.conditions.test_play_branches_and_otherwise import _grow
    from tests.fow.cards.story import _add

    story = _story({"CMF-064": 4, "T-BEAR": 4, "T-BOLT": 4, "T-GROW": 4})
    bear = story.put("p2", "T-BEAR", "field")
    story.put("p1", "T-BEAR", "field")  # a legal target: Grow can be played
    _add(story, "p1", "CMF-064", bear)
    story.when(_grow(story, "p1", bear))  # p1 may target it
    story.when(Command("Pass", "p1", {}))
    grow = _grow(story, "p2", bear)
    return fow.decide(story.state, grow)


def fow_alice_judgment(amount: Any) -> Any:
    """Alice in Wonderland (TAT-037) pays the number of will chosen for judgment."""
    story = _story({"T-BEAR": 4}, ruler="TAT-037")
    story.will("p1", "W", "U", "B")
    return _ask(story, "PerformJudgment", "p1", **({} if amount is None else {"amount": amount}))


def fow_escape() -> Any:
    """Interdimensional Escape (BFA-007) resolved: p1 keeps two resonators."""
    from tests.fow.support import cmd

    story = _story({"BFA-007": 4, "T-BEAR": 4, "T-WALL": 4})
    bear, wall = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-WALL", "field")
    escape = story.put("p1", "BFA-007", "hand")
    story.will("p1", "W", "W", "W")
    story.when(cmd("PlayCard", "p1", card=escape, targets=[]))
    story.resolve()
    return _ask(story, "ChooseCards", "p1", cards=[bear, wall])


def fow_second_lifebreak(variant: str) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch7_actions import game

    state = game(variant)
    if variant == "valhalla":
        run(state, cmd("Lifebreak", "p1"))  # 4 cards > (4000 - 1) // 1000; then 3 > 3 is false
    return _ask(state, "Lifebreak", "p1")


def fow_urthr() -> Any:
    from tests.fow.cards.links.test_play_linked_cards_and_turn_effects import _urthr_story

    story, c = _urthr_story()
    return _ask(story, "ChooseCards", "p1", cards=[c["their_bear"]])


def fow_time_gazer() -> Any:
    """Time-Gazer Elf (BFA-058) looks at three cards; p1 orders two of them."""
    from tests.fow.support import cmd

    story = _story({"BFA-058": 4, "T-BEAR": 4})
    elf = story.put("p1", "BFA-058", "field")
    top3 = list(reversed(story.state.zones["p1"]["main_deck"][-3:]))
    story.will("p1", "M")
    look = next(i for i, a in enumerate(story.state.card_of(elf).abilities) if a.kind == "activate")
    story.when(cmd("ActivateAbility", "p1", source=elf, ability=look))
    story.resolve()
    return _ask(story, "ChooseCards", "p1", cards=[], order=top3[:2])


def fow_shining_strike() -> Any:
    """Shining Strike (TMS-013)'s second mode, without a Kaguya J/ruler."""
    story = _story({"TMS-013": 4, "T-BEAR": 4})
    strike = story.put("p1", "TMS-013", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "W")
    return _ask(story, "PlayCard", "p1", card=strike, targets=[[bear]], modes=[1])


def fow_tailor() -> Any:
    """Clothes Tailor (CMF-003) moves Fear of Battle off p1's Bear: onto that same Bear."""
    from tests.fow.cards.story import _add
    from tests.fow.support import cmd
    from tests.fow.test_ch8_battle import to_main

    story = _story({"CMF-003": 4, "SKL-023": 4, "T-BEAR": 4, "T-WALL": 4})
    tailor = story.put("p1", "CMF-003", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.put("p2", "T-WALL", "field")
    fear = _add(story, "p1", "SKL-023", bear)
    story.log += to_main(story.state, turn=3)
    story.when(cmd("ActivateAbility", "p1", source=tailor, ability=0, targets=[[fear]]))
    story.resolve()
    return _ask(story, "ChooseCards", "p1", cards=[bear])


def fow_mermaid() -> Any:
    """Little Mermaid of Tragic Love (TAT-044) attacks: p2 must block it if able, and declines."""
    from tests.fow.cards.conditions.test_play_durations_and_restrictions import to_block
    from tests.fow.test_ch8_battle import to_main

    story = _story({"TAT-044": 4, "SKL-057": 4})
    mermaid = story.put("p1", "TAT-044", "field")
    story.put("p2", "SKL-057", "field")
    story.log += to_main(story.state, turn=3)
    to_block(story, mermaid)
    return _ask(story, "DeclineBlock", "p2")


def fow_5_01_standby_declined() -> Any:
    """Under 5.01 a triggered chant-standby card with matching stones must be played (9.6 p4)."""
    from tests.fow.test_rules_5_01 import OLD, ambushed

    state, _, trig = ambushed(OLD, p2_stone=True)
    return _ask(state, "DeclineTrigger", "p2", trigger=trig.data["trigger"])


def fow_muse() -> Any:
    """Muse, Celestial of Music (TMS-040) enters: p1 names "Bear", not a card type."""
    from tests.fow.cards.effects.test_play_swaps_choices_and_life_payments import muse_enters

    story = _story({"TMS-040": 4, "T-BEAR": 4})
    muse_enters(story, "T-BEAR")
    return _ask(story, "NameCard", "p1", name="Bear")


def fow_apollosphere() -> Any:
    """The opponent's Apollosphere (MPR-037) offers p1 no alternative cost."""
    from tests.fow.cards.story import _add

    story = _story({"MPR-037": 4, "MOA-021": 4, "CMF-024": 4})
    gilles = story.put("p2", "CMF-024", "field")
    sphere = _add(story, "p2", "MPR-037", gilles)
    pursuit = story.put("p1", "MOA-021", "hand")
    return _ask(story, "PlayCard", "p1", card=pursuit, targets=[[gilles]], banish_instead=sphere)


def fow_yggdor() -> Any:
    """Yggdor (BFA-060) costs less only at exactly 100 life; p1 has 200."""
    story = _story({"BFA-060": 4})
    yggdor = story.put("p1", "BFA-060", "hand")
    life = story.state.players["p1"].life
    story.given("LifeChanged", player="p1", delta=200 - life, life=200)
    return _ask(story, "PlayCard", "p1", card=yggdor, reduce=True)


def fow_sacred_princess(judgment: int | None) -> Any:
    """Sacred Princess of Guidance (TAT-014) has two judgment sections; the first needs Almerius."""
    story = _story({"T-BEAR": 4}, stones={"T-STONE": 9, "TAT-091": 1}, ruler="TAT-014")
    story.will("p1", "W", "W", "W")
    return _ask(story, "PerformJudgment", "p1", **({} if judgment is None else {"judgment": judgment}))


def fow_glimpse() -> Any:
    """Glimpse of Kaguya (VIN001-040: "Cancel target activate ability.") aimed at a card in the chase area."""
    from tests.fow.cards.effects.test_play_effects_restrictions_and_magic_stones import (
        glimpse_in_hand_with_a_spell_on_the_chase,
    )

    story, _, _, glimpse, spell_item = glimpse_in_hand_with_a_spell_on_the_chase()
    return _ask(story, "PlayCard", "p2", card=glimpse, targets=[[spell_item]])


def fow_battle_after_forfeit() -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch8_battle import EXTRA, given, pass_until, ready, to_attack_choice

    state, f = ready(EXTRA, berserk="p1:T-BERSERK")
    given(state, "CardRested", oid=f["berserk"])
    to_attack_choice(state)
    run(state, cmd("ForfeitAttack", "p1"))
    pass_until(state, lambda s: s.battle is None)
    return _ask(state, "InitiateBattle", "p1")


def fow_necronomicon() -> Any:
    """p1 plays a Bear from its graveyard naming the opponent's Necronomicon (TAT-084) as permission."""
    story = _story({"TAT-084": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "graveyard")
    book = story.put("p2", "TAT-084", "field")
    story.will("p1", "R")
    return _ask(story, "PlayCard", "p1", card=bear, targets=[], permission=book)


def fow_astral_ruler_judges() -> Any:
    from tests.fow.test_ch8_battle import to_main, will
    from tests.fow.test_ch13_rule_processes import EXTRA, judgment, play, ready

    state, _ = ready(EXTRA)
    play(state, "p1", "T-SLAY", [judgment(state)])  # the J-ruler is destroyed: an astral ruler
    to_main(state, turn=5)
    will(state, "p1", "R", "R")
    return _ask(state, "PerformJudgment", "p1")


def fow_izanami(zone: str) -> Any:
    """Izanami (TMS-077)'s ability, active only in the graveyard, played from the field or by p1
    from p2's graveyard."""
    story = _story({"TMS-077": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    source = story.put("p1" if zone == "field" else "p2", "TMS-077", "field" if zone == "field" else "graveyard")
    story.will("p1", "B", "B", "B", "B", "B")
    return _ask(story, "ActivateAbility", "p1", source=source, ability=0, targets=[[bear]], pay_with=[])


def fow_servant_of_reflect() -> Any:
    """Servant of Reflect (TTW-065) removes a magic counter from p1's J/ruler, which has none."""
    story = _story({"TTW-065": 4})
    servant = story.put("p1", "TTW-065", "field")
    return _ask(story, "ActivateAbility", "p1", source=servant, ability=1)


def fow_resonator_before_main(state: Any) -> Any:
    from tests.fow.test_ch7_actions import card, pay, stones

    return _ask(state, "PlayCard", "p1", card=card(state, "p1", "T-BEAR"), pay_with=pay(*stones(state, "p1", 1)))


def fow_whisper() -> Any:
    """Whisper from the Abyss (TAT-090) resolving: p1 pays 150 life, not a multiple of 100."""
    return fow_whisper_number(150)


def fow_reflect_twice() -> Any:
    from tests.fow.cards.keywords.test_play_stealth_states_and_player_prohibitions import _reflect_story
    from tests.fow.support import cmd

    story, reflect, bear, index = _reflect_story()
    story.given("CardRested", oid=bear)
    story.when(cmd("ActivateAbility", "p1", source=reflect, ability=index, modes=[2], targets=[[bear]]))
    story.resolve()
    return _ask(story, "ActivateAbility", "p1", source=reflect, ability=index, modes=[2], targets=[[bear]])


def fow_wall_of_ideas(player: str, option: int) -> Any:
    """Wall of Ideas (TTW-053) resolving: p1 chooses one of its two changes."""
    from tests.fow.support import cmd

    story = _story({"TTW-053": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    wall = story.put("p1", "TTW-053", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=wall, targets=[[bear]]))
    story.resolve()
    return _ask(story, "ChooseOption", player, option=option)


def _fow_ch7_game() -> Any:
    """The game of tests/fow/test_ch7_actions.py, before p1's main phase."""
    from tests.fow.test_ch7_actions import game

    return game()


def fow_real_decks(unsupported: str) -> Any:
    """Arla's light deck (its J-ruler keeps an unsupported God's Art) against the light deck."""
    from tests.fow.cards.test_play_real_decks import arla_light, real_cards, real_deck, spec

    return fow.start(spec(arla_light(), real_deck("faria-light"), unsupported=unsupported), real_cards())


def fow_pricia() -> Any:
    """Pricia (TTW-062) becomes the attributes p1 chooses: one listed twice."""
    from tests.fow.support import cmd

    story = _story({"TTW-062": 4, "T-BEAR": 4})
    pricia = story.put("p1", "TTW-062", "field")
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=pricia, ability=2))
    story.resolve()
    return _ask(story, "ChooseAttributes", "p1", attributes=["R", "R"])


def fow_knights_shade() -> Any:
    """Knight's Shade (TMS-079) put into the graveyard: p2 banishes one of its two resonators, not both."""
    from domain.fow import actions
    from tests.fow.support import cmd

    story = _story({"TMS-079": 4, "T-BEAR": 4, "T-WALL": 4})
    shade = story.put("p1", "TMS-079", "field")
    story.put("p1", "TMS-079", "field")
    story.put("p1", "T-BEAR", "field")
    bear, wall = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    story.by_rule(actions.destroy, shade, "given")
    story.when(cmd("Pass", "p1"))
    story.resolve()
    return _ask(story, "ChooseCards", "p2", cards=[bear, wall])


def fow_porthos(to_blocker: int) -> Any:
    """Porthos ([700/400], [Pierce]) blocked by a Bear ([500/500]): p1 assigns ``to_blocker`` to the Bear."""
    return _ask(fow_porthos_blocked(), "AssignPierceDamage", "p1", to_blocker=to_blocker)


def fow_moojdart() -> Any:
    """Moojdart (TAT-100) gives p2's Werewolf a race of p1's choice: "Tank" is no race."""
    from tests.fow.cards.races.test_play_race_changes_and_choices import _moojdart

    story = _story({"CMF-037": 4}, stones={"TAT-100": 1, "T-STONE": 9})
    _moojdart(story, story.put("p2", "CMF-037", "field"))
    story.resolve()
    return _ask(story, "ChooseRace", "p1", race="Tank")


def fow_rewriting_laws() -> Any:
    """Rewriting Laws (TTW-064) recovers up to two magic stones: p1 names three."""
    from tests.fow.cards.will.test_play_restricted_will import rewriting_laws_with_three_rested_stones

    story, stones, _ = rewriting_laws_with_three_rested_stones()
    story.resolve()
    return _ask(story, "ChooseCards", "p1", cards=stones)


def fow_kusanagi() -> Any:
    """Beowulf with Kusanagi Sword deals battle damage: p1 orders the replacements, naming none of them."""
    from tests.fow.cards.story import _add, _enter_next_turn
    from tests.fow.support import cmd

    story = _story({"TAT-019": 4, "TAT-030": 4})
    beowulf = story.put("p1", "TAT-019", "field")
    _enter_next_turn(story)
    _add(story, "p1", "TAT-030", beowulf)
    story.attack(beowulf, until="declare_block")
    story.when(cmd("DeclineBlock", "p2"))
    while story.pending.kind != "replacement":
        story.when(cmd("Pass", story.pending.player))
    return _ask(story, "ChooseReplacement", "p1", effect="nothing")


def fow_phantom() -> Any:
    """Phantom of Primogenitor (SKL-029) puts a resonator from the hand into the field: p1 names two."""
    from tests.fow.cards.effects.test_play_effects_restrictions_and_magic_stones import phantom_played

    story, _, herald, bear = phantom_played()
    story.resolve()
    return _ask(story, "ChooseCards", "p1", cards=[herald, bear])


def fow_gherta() -> Any:
    """Gherta (MPR-094) gains a keyword of p1's choice: [First Strike] is none of the three listed."""
    from tests.fow.support import cmd

    story = _story({"MPR-094": 4, "T-BEAR": 4})
    gherta = story.put("p1", "MPR-094", "field")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    story.given("CounterPut", oid=ruler, counter="magic", count=1)
    story.when(cmd("ActivateAbility", "p1", source=gherta, ability=0, targets=[], pay_with=[]))
    story.resolve()
    return _ask(story, "ChooseSkill", "p1", skill="first_strike")


def fow_5_01_standby(build: Callable[[Any], Any]) -> Any:
    """Turn 3 under FoW-5.01 (tests/fow/test_rules_5_01.py): ``build(state)``."""
    from tests.fow.test_rules_5_01 import OLD, ready

    state, _ = ready(OLD)
    return build(state)


def fow_5_01_bear_into_standby(state: Any) -> Any:
    from tests.fow.test_rules_5_01 import card

    stones = [{"source": card(state, "p1", "T-STONE", to="stone_area")} for _ in range(2)]
    return _ask(state, "PutIntoStandby", "p1", card=card(state, "p1", "T-BEAR"), pay_with=stones)


def fow_5_01_ambush_without_stones() -> Any:
    from tests.fow.test_rules_5_01 import OLD, ambushed

    state, bear, trig = ambushed(OLD, p2_stone=False)
    return _ask(state, "PlayTriggered", "p2", trigger=trig.data["trigger"], targets=[bear])


def fow_ambushed(type_: str, **args: Any) -> Any:
    """Under 5.5 p2's Ambush has triggered on p1's attack (tests/fow/test_rules_5_01.py)."""
    from tests.fow.test_rules_5_01 import NEW, ambushed

    state, _, _ = ambushed(NEW, p2_stone=True)
    return _ask(state, type_, "p2", **args)


def fow_second_call(state: Any) -> Any:
    from tests.fow.support import cmd, run
    from tests.fow.test_ch7_actions import given

    run(state, cmd("CallMagicStone", "p1"))
    given(state, "CardRecovered", oid=state.zones["p1"]["ruler_area"][0])
    return _ask(state, "CallMagicStone", "p1")


def fow_alices_decoy() -> Any:
    """Alice's Little Decoy (BFA-046) returns up to two target resonators: three are named."""
    from tests.fow.cards.test_play_real_decks import own, vocab_game

    state = vocab_game({"BFA-046": 4, "T-BEAR": 4, "T-WALL": 4, "T-BIRD": 4}, {"T-STONE": 10})
    decoy = own(state, "p1", "BFA-046", "field")
    three = [own(state, "p1", card, "field") for card in ("T-BEAR", "T-WALL", "T-BIRD")]
    return _ask(state, "ActivateAbility", "p1", source=decoy, ability=0, targets=[three], pay_with=[])


def fow_attoractia() -> Any:
    """Battle for Attoractia (BFA-017) has two target groups: one is given."""
    story = _story({"BFA-017": 4, "T-BEAR": 4})
    mine = story.put("p1", "T-BEAR", "field")
    story.put("p2", "T-BEAR", "field")
    battle = story.put("p1", "BFA-017", "hand")
    story.will("p1", "R", "R")
    return _ask(story, "PlayCard", "p1", card=battle, targets=[[mine]])


def fow_abdul_thrice() -> Any:
    """Abdul Alhazred's (TAT-079J) ability "up to twice per turn" played a third time."""
    from tests.fow.cards.effects.test_play_miscellaneous import abdul_in_field
    from tests.fow.support import cmd

    story = _story({"CMF-025": 4, "T-BEAR": 4}, ruler="TAT-079")
    abdul = abdul_in_field(story, "p1")
    granny = story.put("p2", "CMF-025", "field")
    for _ in range(2):
        story.when(cmd("ActivateAbility", "p1", source=abdul, ability=1, targets=[[granny]]))
        story.resolve()
    return _ask(story, "ActivateAbility", "p1", source=abdul, ability=1, targets=[[granny]])


def fow_memoria() -> Any:
    """Black Moon's Memoria (TMS-096: "{Rest}: Produce {M} or {B}.") asked for {R}."""
    story = _story({"T-BEAR": 4}, stones={"TMS-096": 4, "T-STONE": 6})
    memoria = story.put("p1", "TMS-096", "stone_area")
    return _ask(story, "ActivateAbility", "p1", source=memoria, ability=0, choice="R")


def fow_rested_tapper(state: Any) -> Any:
    from tests.fow.test_ch7_actions import card, given

    tapper = card(state, "p1", "T-TAPPER", to="field")
    state.objects[tapper].entered_turn = 0  # in the field since before the turn began
    given(state, "CardRested", oid=tapper)
    return _ask(state, "ActivateAbility", "p1", source=tapper, ability=0)


def fow_play_standby_from_hand(state: Any) -> Any:
    from tests.fow.test_ch7_actions import card

    return _ask(state, "PlayCard", "p1", card=card(state, "p1", "T-STANDBY"))


def fow_challenges(ruleset: str, standby_now: bool = False) -> Any:
    """CMF-042, an "anytime" chant-standby card, played from the hand (or from the chant-standby area it
    was put into this turn)."""
    story = _story({"CMF-042": 4}, ruleset=ruleset)
    challenges = story.put("p1", "CMF-042", "standby" if standby_now else "hand")
    story.will("p1", "U", "U")
    return _ask(story, "PlayCard", "p1", card=challenges)


def fow_sleeping_beauty() -> Any:
    """Sleeping Beauty (TAT-017) may stay rested in the recovery phase; p1 names its Bear instead."""
    from tests.fow.cards.effects.test_play_miscellaneous import to_keep_rested
    from tests.fow.test_ch8_battle import to_main

    story = _story({"TAT-017": 4, "T-BEAR": 4})
    beauty = story.put("p1", "TAT-017", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.given("CardRested", oid=beauty, reason="given")
    to_keep_rested(story)
    return _ask(story, "ChooseCards", "p1", cards=[bear])


def fow_keyword_without_it(which: str) -> Any:
    """p1's Bear, without [Evolution] or [Shift], uses it."""
    from tests.fow.test_ch8_battle import will

    def use(state: Any, f: dict[str, str]) -> Any:
        will(state, "p1", "R")
        return _ask(state, "ActivateAbility", "p1", source=f["bear"], ability=which)

    return fow_ch12(use, bear="p1:T-BEAR")


def fow_bear_with_modes() -> Any:
    state = _fow_main()
    return _fow_decide(state, "PlayCard", "p1", card=_fow_hand(state), modes=[0])


def fow_bear_incarnating() -> Any:
    state = _fow_main()
    return _fow_decide(state, "PlayCard", "p1", card=_fow_hand(state), incarnation=[])


def fow_porthos_blocked() -> Any:
    """Porthos ([700/400], [Pierce]) blocked by a Bear: p1 is asked how much damage the Bear is dealt."""
    from tests.fow.cards.damage.test_play_pierce_assignment import _blocked
    from tests.fow.cards.story import _enter_next_turn

    story = _story({"CMF-073": 4, "T-BEAR": 4})
    porthos = story.put("p1", "CMF-073", "field")
    bear = story.put("p2", "T-BEAR", "field")
    _enter_next_turn(story)
    _blocked(story, porthos, bear)
    return story


def fow_dark_rezzard(accept: bool = True) -> Any:
    """Dark Rezzard (TTW-082) enters from a chant-standby area: "you may banish another resonator. If you
    do, your opponent discards a card ..."; p1 is asked, or (``accept``) p2 is asked which card to discard."""
    from domain.fow import actions
    from tests.fow.support import cmd

    story = _story({"TTW-082": 4, "T-BEAR": 4, "T-WALL": 4})
    rezzard = story.put("p1", "TTW-082", "standby")
    story.put("p1", "T-BEAR", "field")
    story.put("p2", "T-BEAR", "field")
    story.put("p2", "T-WALL", "hand")
    story.by_rule(actions.move, rezzard, "field", "given", rule="12.5 p2", reason="given")
    story.when(cmd("Pass", "p1"))
    story.resolve()
    if accept:
        story.when(cmd("ChooseOptional", "p1", accept=True))
    return story


def fow_turn_order(**args: Any) -> Any:
    """A created game, before the player chosen at random (4.2 p3) chooses who plays first."""
    from domain.fow.crossversion import state_from_events
    from tests.fow.support import catalog, deck

    players = [PlayerSpec("p1", "A", deck()), PlayerSpec("p2", "B", deck())]
    state = state_from_events(fow.start(GameSpec("g", "FoW-5.5", "valhalla", players, seed=1), catalog()))
    assert state.pending is not None
    return _ask(state, "ChooseTurnOrder", state.pending.player, **args)


def fow_change_hand() -> Any:
    """At the start of the game p1 puts back a card from its main deck."""
    from tests.fow.support import start_game

    state, _ = start_game()
    return _ask(state, "ChangeHand", "p1", cards=[state.zones["p1"]["main_deck"][0]])


def fow_hare_of_inaba() -> Any:
    """Hare of Inaba (BFA-049) enters: p1 names a card with a blank name."""
    from domain.fow import actions
    from tests.fow.support import cmd

    story = _story({"BFA-049": 4, "T-BEAR": 4, "T-WALL": 4})
    hare = story.put("p1", "BFA-049", "graveyard")
    story.by_rule(actions.move, hare, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    story.resolve()
    return _ask(story, "NameCard", "p1", name=" ")


def fow_berserk(type_: str) -> Any:
    """T-BERSERK must attack: p1 passes in its main phase, or forfeits at the attack choice."""
    from tests.fow.test_ch8_battle import EXTRA, ready, to_attack_choice

    state, _ = ready(EXTRA, berserk="p1:T-BERSERK", bear="p1:T-BEAR")
    if type_ == "ForfeitAttack":
        to_attack_choice(state)
    return _ask(state, type_, "p1")


def fow_whisper_number(number: Any) -> Any:
    """Whisper from the Abyss (TAT-090: "Pay any amount of life ...") resolving: p1 pays ``number``."""
    from tests.fow.support import cmd

    story = _story({"TAT-090": 4, "T-BEAR": 4})
    whisper = story.put("p1", "TAT-090", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=whisper, targets=[]))
    story.resolve()
    return _ask(story, "ChooseNumber", "p1", number=number)


def fow_call_with_a_rested_ruler(state: Any) -> Any:
    from tests.fow.test_ch7_actions import given

    given(state, "CardRested", oid=state.zones["p1"]["ruler_area"][0])
    return _ask(state, "CallMagicStone", "p1")


def fow_in_main(build: Callable[[Any], Any]) -> Any:
    """p1's main phase of turn 3 (tests/fow/test_ch8_battle.py): ``build(state)``."""
    return build(_fow_main())


def fow_bolt_targets(state: Any) -> Any:
    from tests.fow.test_ch8_battle import card

    return _fow_decide(state, "PlayCard", "p1", card=card(state, "p1", "T-BOLT"), targets="p2")


def fow_standby_from_graveyard(state: Any) -> Any:
    from tests.fow.test_ch8_battle import card

    return _fow_decide(state, "PutIntoStandby", "p1", card=card(state, "p1", "T-BEAR", to="graveyard"))


def fow_ruler_ability(state: Any) -> Any:
    return _fow_decide(state, "ActivateAbility", "p1", source=state.zones["p1"]["ruler_area"][0], ability="first")


def fow_judgment_with_x(state: Any) -> Any:
    return _fow_decide(state, "PerformJudgment", "p1", x=1)


def fow_scorn_asked() -> Any:
    """The Scorn of Dark Alice (TTW-089) resolving: p1 chooses a resonator in p2's hand."""
    from tests.fow.support import cmd

    story = _story({"TTW-089": 4, "T-BEAR": 4})
    scorn = story.put("p1", "TTW-089", "hand")
    story.put("p2", "T-BEAR", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=scorn, targets=[["p2"]], pay_with=[]))
    story.resolve()
    return story


def _fow_card(state: Any, card_id: str) -> str:
    from tests.fow.test_ch8_battle import card

    return card(state, "p1", card_id)


FOW_ROWS: list[Row] = [
    Row(
        "deck/malformed",
        "FoW-5.5 4.1 p1",
        lambda: fow_start_with({"ruler": "T-RULER", "main": "T-BEAR"}),
        says="'main' must be a list",
    ),
    Row(
        "deck/illegal_stone_deck_card",
        "FoW-5.5 4.1 p4",
        fow_stone_deck_resonator,
        says="Bear (T-BEAR), which is not a magic stone",
    ),
    Row("game/finished", "FoW-5.5 1.3 p1", fow_finished, says="the game is over"),
    Row(
        "game/unknown_player",
        "FoW-5.5 1.1 p1",
        lambda: _fow_decide(_fow_main(), "Pass", "p3"),
        says="'p3' is not in this game",
    ),
    Row("game/players", "FoW-5.5 1.1 p1", lambda: fow_start(players=[]), says="exactly two players"),
    Row(
        "game/unknown_variant",
        "FoW-5.5 1.2 p1",
        lambda: fow_start(variant="asgard"),
        says="variant must be one of valhalla, bifrost",
    ),
    Row(
        "game/unsupported_policy",
        "FoW-5.5 1.2 p1",
        lambda: fow_start(unsupported="ignore"),
        says="unsupported must be one of refuse, manual",
    ),
    Row(
        "command/unknown_type",
        "FoW-5.5 6.3 p1",
        lambda: _fow_decide(_fow_main(), "Fly", "p1"),
        says="unknown command 'Fly'",
    ),
    Row(
        "command/unknown_argument",
        "FoW-5.5 6.3 p1",
        lambda: _fow_decide(_fow_main(), "Pass", "p1", x=1),
        says="Pass has no argument 'x'",
    ),
    Row(
        "command/malformed",
        "FoW-5.5 8.3 p3",
        lambda: _fow_decide(_fow_at_block()[0], "DeclareBlock", "p2", blocker=["not", "an", "id"]),
        says="'blocker' must be an object id",
    ),
    Row(
        "command/unknown_object",
        "FoW-5.5 10.2 p5",
        fow_pay_with_nothing,
        says="no card 'p1-999'",
    ),
    Row(
        "command/unknown_object",
        "FoW-5.5 7.1 p2",
        lambda: _fow_decide(_fow_main(), "PlayCard", "p1", card="p1-999"),
        says="no card 'p1-999'",
    ),
    Row("rules/not_expected", "FoW-5.5 6.1 p1.3", fow_block_in_main, says="DeclineBlock is not possible now"),
    Row("rules/no_priority", "FoW-5.5 6.1 p1.3", fow_pass_out_of_turn, says="Pass is not yours"),
    Row("rules/not_your_decision", "FoW-5.5 6.1 p1.3", fow_block_by_the_attacker, says="DeclareBlock is not yours"),
    Row("rules/not_your_turn", "FoW-5.5 7.1 p1", fow_play_opponents_turn, says="only possible in your own turn"),
    Row("rules/blocker_not_on_field", "FoW-5.5 8.3 p4", fow_block_in_hand, says="is not in a field"),
    Row("rules/blocker_not_yours", "FoW-5.5 8.3 p3", fow_block_own, says="is not controlled by the non-turn player"),
    Row("rules/blocker_is_attacked", "FoW-5.5 8.3 p4", fow_block_attacked, says="is the attacked object"),
    Row("rules/blocker_not_j_resonator", "FoW-5.5 8.3 p4", fow_block_stone, says="Fire Magic Stone"),
    Row("rules/blocker_rested", "FoW-5.5 8.3 p3", fow_block_rested, says="Wall (p2-006) is rested"),
    Row("rules/blocker_lacks_flying", "FoW-5.5 11.5 p1", fow_block_flying, says="has [Flying] and Wall"),
    Row("rules/cannot_block", "FoW-5.5 1.4 p1", fow_block_forbidden, says="Pacifist (p2-054) cannot block"),
    Row(
        "rules/no_attacker",
        untested="unreachable by a command: DeclareBlock is answered only while a declare_block decision "
        "is pending, and one is pending only with an attacking J/resonator",
    ),
    Row(
        "rules/illegal_attack_target",
        "FoW-5.5 8.2 p3.2",
        fow_attack_unattackable,
        says="the opponent or a rested J/resonator",
    ),
    Row("rules/must_attack", "FoW-5.5 8.2 p3.1", fow_attack_forced_other, says="must attack"),
    Row(
        "rules/cannot_attack",
        "FoW-5.5 8.2 p3.1",
        fow_attack_new_arrival,
        says="has not been under your control since the beginning of the turn and has no [Swiftness]",
    ),
    Row(
        "rules/cannot_attack",
        "FoW-5.5 1.4 p1",
        fow_attack_pacifist,
        says="Pacifist (p1-054) cannot attack: its text (or an effect) says so",
    ),
    Row("rules/cannot_attack", "FoW-5.5 8.2 p3.1", fow_attack_rested, says="is rested: only a recovered J/resonator"),
    Row(
        "rules/cannot_attack",
        "FoW-5.5 8.2 p3.1",
        fow_attack_with_theirs,
        says="is not a J/resonator in a field under your control",
    ),
    Row("rules/not_in_hand", "FoW-5.5 12.6 p2", fow_play_from_graveyard, says="is in the graveyard, not in your hand"),
    Row("rules/not_your_card", "FoW-5.5 7.1 p2", fow_play_their_card, says="Bear (p2-002) is not your card"),
    Row("rules/not_playable", "FoW-5.5 6.3 p1", fow_play_stone, says="Fire Magic Stone is a magic_stone"),
    Row("rules/no_shift", "FoW-5.5 12.8 p1", fow_play_no_shift, says="no [Shift] and no future side"),
    Row("rules/no_shift", "FoW-5.5 12.8 p2", lambda: fow_keyword_without_it("shift"), says="Bear has no [Shift]"),
    Row(
        "rules/no_evolution",
        "FoW-5.5 12.7 p2",
        lambda: fow_keyword_without_it("evolution"),
        says="Bear has no [Evolution]",
    ),
    Row("rules/no_awakening", "FoW-5.5 12.1 p2", fow_play_no_awakening, says="Bear has no [Awakening]"),
    Row(
        "cards/action_not_in_ruleset",
        "FoW-5.01 10",
        fow_5_01_counters,
        says="puts counters, which do not exist under FoW-5.01",
    ),
    Row(
        "cards/invalid",
        "FoW-5.5 2.6 p2",
        lambda: fow_catalog_error({"id": "T-BAD", "name": "Bad", "type": "resonator", "atk": "big"}),
        says="card T-BAD: atk",
    ),
    Row(
        "cards/keyword_not_in_ruleset",
        "FoW-5.01 12",
        fow_5_01_keyword,
        says="uses remnant, which does not exist under FoW-5.01",
    ),
    Row("cards/missing_side", "FoW-5.5 14.3 p1", fow_missing_side, says="Sage refers to unknown card 'T-NONE'"),
    Row("cards/stats_required", "FoW-5.01 2.6 p1", fow_5_01_j_ruler_without_stats, says="J-ruler without ATK or DEF"),
    Row(
        "cards/subtype_not_in_ruleset",
        "FoW-5.01 2.1 p3.2",
        lambda: fow_5_01({"T-ADD": _fow_addition("ruler")}),
        says="[Addition:ruler], which does not exist",
    ),
    Row(
        "cards/type_not_in_ruleset",
        "FoW-5.01 2.1 p2",
        lambda: fow_5_01({"T-CROWN": {"id": "T-CROWN", "name": "Crown", "type": "regalia", "cost": {"free": 1}}}),
        says="is a regalia, which does not exist",
    ),
    Row(
        "cards/unsupported_abilities",
        "FoW-5.5 2.4 p2",
        lambda: fow_real_decks("refuse"),
        says='Arla, the Hegemon of the Sky (SKL-001J): God\'s Art "Rain of Arrows"',
    ),
    Row(
        "cards/will_not_in_ruleset",
        "FoW-5.01 9.7 p5",
        fow_5_01_moon_will,
        says="moon characteristic, which does not exist",
    ),
    Row(
        "deck/automatic_card_not_asked",
        "FoW-5.5 9.6 p2",
        lambda: fow_automatic_cards("MPR-066", "ask"),
        says="a happening at which the engine does not ask about cards in hand",
    ),
    Row(
        "deck/automatic_cards_in_hand",
        "FoW-5.5 9.6 p2",
        lambda: fow_automatic_cards("TTW-010", "sometimes"),
        says="must be one of ask, never",
    ),
    Row(
        "deck/automatic_cards_in_hand_unset",
        "FoW-5.5 9.6 p2",
        lambda: fow_automatic_cards("TTW-010", None),
        says="Justice of God's Sword (TTW-010), an automatic card",
    ),
    Row(
        "deck/illegal_main_deck_card",
        "FoW-5.5 4.1 p3",
        fow_stone_in_main_deck,
        says="Fire Magic Stone (T-STONE), a magic_stone",
    ),
    Row(
        "deck/main_deck_too_small",
        "FoW-5.5 4.1 p3",
        fow_main_deck_of_four,
        says="main deck has 4 cards; at least 40",
    ),
    Row("deck/no_ruler", "FoW-5.5 4.1 p2", lambda: fow_deck(ruler="T-BEAR"), says="p1's ruler 'T-BEAR' is a resonator"),
    Row(
        "deck/stone_deck_size",
        "FoW-5.5 4.1 p4",
        lambda: fow_deck(stones={"T-STONE": 9}),
        says="magic stone deck has 9 cards",
    ),
    Row(
        "deck/too_many_copies",
        "FoW-5.5 4.1 p5",
        lambda: fow_deck(main={"T-BEAR": 5, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4}),
        says="5 copies of Bear; at most 4",
    ),
    Row("deck/unknown_card", "FoW-5.5 4.1 p1", lambda: fow_deck(ruler="NOPE-1"), says="unknown card 'NOPE-1'"),
    Row(
        "rules/ability_condition",
        "FoW-5.5 1.4 p1",
        lambda: fow_sacred_princess(None),
        says="may be played only if its condition holds",
    ),
    Row(
        "rules/already_rested",
        "FoW-5.5 10.12 p2",
        lambda: fow_ch7(fow_rested_tapper),
        says="is rested and cannot pay a rest cost",
    ),
    Row(
        "rules/already_shifted",
        "FoW-5.5 12.8 p2",
        lambda: fow_ch12(fow_shift_twice, past="p1:T-PAST"),
        says="already future side up",
    ),
    Row(
        "rules/loop_again",
        "FoW-5.5 14.1 p1.1",
        lambda: fow_loop(fow_loop_again),
        says="perform another action before performing it again",
    ),
    Row(
        "rules/loop_times",
        "FoW-5.5 14.1 p1.2",
        lambda: fow_loop(fow_loop_times, silent=False),
        says="a number of times from 0 to 5",
    ),
    Row(
        "rules/loop_number_not_yours",
        "FoW-5.5 14.1 p1.1",
        lambda: fow_echo_loop(2, p2_hand=True),
        says="the other player declares the number of times",
    ),
    Row(
        "rules/not_a_loop",
        "FoW-5.5 14.1 p1.3",
        lambda: fow_echo_loop(3, p2_hand=False),
        says="performed 1 time(s) only",
    ),
    Row(
        "rules/loop_not_yours",
        "FoW-5.5 14.1 p1",
        lambda: fow_loop(fow_loop_not_yours),
        says="starts with an action of yours",
    ),
    Row("rules/loop_not_repeatable", "FoW-5.5 14.1 p1.1", fow_loop_not_repeatable, says="2 time(s) only, not 5"),
    Row("rules/attribute_choice", "FoW-5.5 2.8 p2", fow_pricia, says="'attributes' must be distinct"),
    Row("rules/banish_choice", "FoW-5.5 10.10 p1", fow_knights_shade, says="banish exactly 1"),
    Row(
        "rules/banish_not_controlled",
        "FoW-5.5 10.10 p2",
        lambda: fow_ch12(lambda s, f: fow_incarnation(s, f, "theirs"), theirs="p2:T-BEAR"),
        says="you do not control 'p2-002'",
    ),
    Row(
        "rules/called_after_judgment",
        "FoW-5.5 7.11 p1",
        lambda: _fow_decide(fow_judged(), "CallMagicStone", "p1"),
        says="cannot call a magic stone after judgment",
    ),
    Row("rules/cannot_attack_player", "FoW-5.5 1.4 p4", fow_scheherazade, says="cannot attack p1"),
    Row("rules/cannot_attack_resonators", "FoW-5.5 1.4 p1", fow_suspicion, says="cannot attack resonators"),
    Row(
        "rules/cannot_be_attacked",
        "FoW-5.5 1.4 p1",
        fow_moonbreeze_elf,
        says="Moonbreeze Elf (p2-002) cannot be attacked",
    ),
    Row("rules/cannot_be_blocked", "FoW-5.5 1.4 p1", fow_unblockable, says="cannot be blocked"),
    Row("rules/cannot_call", "FoW-5.5 1.4 p4", fow_cain_calls, says="forbids you to call magic stones"),
    Row(
        "rules/cannot_chase",
        "FoW-5.5 10.7 p2",
        lambda: fow_chase_flame("card"),
        says="cannot chase to Flame of Outer World",
    ),
    Row(
        "rules/cannot_chase",
        "FoW-5.5 10.7 p2",
        lambda: fow_chase_flame("ability"),
        says="cannot chase to Flame of Outer World",
    ),
    Row("rules/cannot_pay", "FoW-5.5 10.2 p4", fow_moon_for_wind, says="cannot pay G for Wind Sprite"),
    Row("rules/cannot_play", "FoW-5.5 1.4 p4", fow_emperor, says="forbids p2 to play [Addition:Resonator]"),
    Row(
        "rules/cannot_play_ability",
        "FoW-5.5 1.4 p4",
        fow_tsukuyomi,
        says="forbids playing Wind Sprite's [Activate] abilities",
    ),
    Row(
        "rules/chant_standby_trigger",
        "FoW-5.5 7.9 p4",
        lambda: fow_ch7(fow_play_standby_from_hand),
        says="only when its [Trigger] condition is met",
    ),
    Row(
        "rules/chant_standby_trigger",
        "FoW-5.01 7.9 p1",
        lambda: fow_challenges("FoW-5.01"),
        says="only when its [Trigger] condition is met",
    ),
    Row(
        "rules/chase_not_empty",
        "FoW-5.5 7.1 p1",
        lambda: fow_ch7(fow_resonator_over_a_chase),
        says="needs an empty chase area",
    ),
    Row("rules/cost_cards", "FoW-5.5 9.3 p2.5", fow_duet_with_a_rested_cost, says="'p1-006' cannot be used"),
    Row("rules/cost_counters", "FoW-5.5 9.3 p2.5", fow_kaguya_counters, says="give 'cost_counters'"),
    Row("rules/discard_choice", "FoW-5.5 10.13 p1", fow_scorn, says="choose exactly 1 of the matching cards"),
    Row("rules/discard_count", "FoW-5.5 5.4 p5.4", fow_hand_size, says="discard exactly 2 card(s)"),
    Row("rules/fight_choice", "FoW-5.5 9.3 p3.2", fow_kujata, says="choose one of the J/resonators"),
    Row(
        "rules/gods_art_used",
        "FoW-5.5 12.4 p2",
        lambda: fow_ch12(fow_gods_art_again, hero="p1:T-HERO"),
        says="Grand Slash was already played this game",
    ),
    Row("rules/illegal_target", "FoW-5.5 9.3 p2.4", fow_crucifix, says="'p2-006' is not a legal target for Grow"),
    Row(
        "rules/in_battle",
        "FoW-5.5 12.8 p2",
        lambda: fow_ch12(fow_shift_in_battle, past="p1:T-PAST"),
        says="not possible during a battle",
    ),
    Row(
        "rules/incarnation",
        "FoW-5.5 12.2 p2.1",
        lambda: fow_ch12(lambda s, f: fow_incarnation(s, f, "fish"), fish="p1:T-FISH"),
        says="not a resonator with attribute R",
    ),
    Row("rules/judgment_amount", "FoW-5.5 7.5 p2", lambda: fow_alice_judgment(0), says="not {0}"),
    Row(
        "rules/judgment_done",
        "FoW-5.5 7.5 p1",
        lambda: _fow_decide(fow_judged(), "PerformJudgment", "p1"),
        says="already done judgment this turn",
    ),
    Row("rules/keep_choice", "FoW-5.5 10.10 p1", fow_escape, says="choose exactly one of"),
    Row("rules/keep_rested_choice", "FoW-5.5 5.2 p5", fow_sleeping_beauty, says="choose among ['p1-002'] (or none)"),
    Row(
        "rules/lifebreak_threshold",
        "FoW-5.5 7.10 p1",
        lambda: fow_second_lifebreak("valhalla"),
        says="lifebreak area (3)",
    ),
    Row("rules/look_choice", "FoW-5.5 10.13 p2", fow_urthr, says="choose 0 to 2 of the matching cards"),
    Row("rules/look_order", "FoW-5.5 3.1 p4", fow_time_gazer, says="'order' must list the other cards once each"),
    Row("rules/mode_choice", "FoW-5.5 9.3 p2.3", fow_shining_strike, says="whose condition does not hold"),
    Row("rules/move_onto_choice", "FoW-5.5 10.1 p1", fow_tailor, says="choose exactly one of"),
    Row("rules/must_block", "FoW-5.5 1.4 p1", fow_mermaid, says="a block must be declared"),
    Row("rules/must_play_trigger", "FoW-5.01 9.6 p4", fow_5_01_standby_declined, says="so it must be played"),
    Row("rules/name_choice", "FoW-5.5 2.1 p1", fow_muse, says="'name' must be a card type"),
    Row(
        "rules/no_alternative_cost",
        "FoW-5.5 9.3 p2.5",
        fow_apollosphere,
        says="banish 'p2-002' rather than pay the cost",
    ),
    Row("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5", fow_yggdor, says="cost reduction does not hold now"),
    Row("rules/no_incarnation", "FoW-5.5 12.2 p2", fow_bear_incarnating, says="Bear has no [Incarnation]"),
    Row("rules/no_judgment", "FoW-5.5 7.5 p2", lambda: fow_sacred_princess(2), says="2 [Judgment] section(s)"),
    Row("rules/no_legal_target", "FoW-5.5 9.3 p2.4", fow_glimpse, says="Glimpse of Kaguya has no legal target"),
    Row("rules/no_modes", "FoW-5.5 9.3 p2.3", fow_bear_with_modes, says="Bear has no modes"),
    Row("rules/no_more_battle", "FoW-5.5 8.2 p6", fow_battle_after_forfeit, says="no more battles this turn"),
    Row("rules/no_permission", "FoW-5.5 1.4 p1", fow_necronomicon, says="'p2-002' does not let you play p1-006"),
    Row("rules/no_ruler", "FoW-5.5 7.5 p1", fow_astral_ruler_judges, says="no ruler in your ruler area"),
    Row(
        "rules/no_such_ability",
        "FoW-5.5 7.8 p2",
        lambda: fow_izanami("field"),
        says="has no active [Activate] ability 0",
    ),
    Row("rules/not_a_will_ability", "FoW-5.5 9.7 p1", fow_pay_with_no_will_ability, says="has no such will ability"),
    Row("rules/not_enough_counters", "FoW-5.5 9.3 p2.5", fow_servant_of_reflect, says="there are 0"),
    Row(
        "rules/not_main_phase",
        "FoW-5.5 7.1 p1",
        lambda: fow_resonator_before_main(_fow_ch7_game()),
        says="only possible in your main phase (now: draw)",
    ),
    Row("rules/number_choice", "FoW-5.5 1.5 p4.1", fow_whisper, says="a multiple of one hundred"),
    Row("rules/once_per_turn", "FoW-5.5 7.8 p2", fow_reflect_twice, says="only once per turn"),
    Row(
        "rules/option_choice",
        "FoW-5.5 9.3 p3.2",
        lambda: fow_wall_of_ideas("p1", 2),
        says="'option' must be the index of one of",
    ),
    Row(
        "rules/pierce_above_atk", "FoW-5.5 11.1 p1.2", lambda: fow_porthos(800), says="at most the attacker's ATK (700)"
    ),
    Row("rules/pierce_not_multiple_of_100", "FoW-5.5 11.1 p1.2", lambda: fow_porthos(450), says="multiples of 100"),
    Row(
        "rules/pierce_below_capacity", "FoW-5.5 11.1 p1.2", lambda: fow_porthos(400), says="at least its capacity (500)"
    ),
    Row("rules/race_choice", "FoW-5.5 2.5 p1", fow_moojdart, says="'race' must be a race"),
    Row("rules/recover_choice", "FoW-5.5 9.3 p3.2", fow_rewriting_laws, says="choose up to 2"),
    Row("rules/replacement_choice", "FoW-5.5 9.10 p2.1", fow_kusanagi, says="'effect' must be one of"),
    Row(
        "rules/ruler_rested", "FoW-5.5 7.5 p1", lambda: fow_ch7(fow_rested_ruler_judges), says="needs a recovered ruler"
    ),
    Row("rules/reveal_choice", "FoW-5.5 9.6 p2", fow_reveal_not_offered, says="(or none)"),
    Row("rules/search_choice", "FoW-5.5 10.13 p2", fow_phantom, says="choose up to 1 matching card(s)"),
    Row(
        "rules/skill_choice",
        "FoW-5.5 9.3 p3.2",
        fow_gherta,
        says="'skill' must be one of swiftness, flying, target_attack",
    ),
    Row(
        "rules/standby_chant_standby_only",
        "FoW-5.01 6.3 p2.4",
        lambda: fow_5_01_standby(fow_5_01_bear_into_standby),
        says="only [Spell:Chant-standby] cards",
    ),
    Row(
        "rules/standby_same_turn",
        "FoW-5.5 7.9 p5",
        lambda: fow_challenges("FoW-5.5", standby_now=True),
        says="put into the chant-standby area this turn",
    ),
    Row(
        "rules/standby_stones_not_shown",
        "FoW-5.01 9.3 p2.1",
        fow_5_01_ambush_without_stones,
        says="magic stones matching its cost",
    ),
    Row(
        "rules/stone_already_called",
        "FoW-5.5 7.11 p1",
        lambda: fow_ch7(fow_second_call),
        says="already called a magic stone this turn",
    ),
    Row("rules/stone_deck_empty", "FoW-5.5 7.11 p1", fow_call_with_no_stones, says="magic stone deck is empty"),
    Row(
        "rules/summoning_sickness",
        "FoW-5.5 9.5 p3",
        lambda: fow_ch7(fow_tapper_just_entered),
        says="not been in play since the beginning of the turn",
    ),
    Row("rules/target_count", "FoW-5.5 9.3 p2.4", fow_alices_decoy, says="up to 2 distinct target(s)"),
    Row("rules/targets_required", "FoW-5.5 9.3 p2.4", fow_attoractia, says="needs 2 target group(s), 1 given"),
    Row("rules/times_per_turn", "FoW-5.5 1.4 p1", fow_abdul_thrice, says="only 2 times per turn"),
    Row(
        "rules/unknown_trigger",
        "FoW-5.5 6.2 p2",
        lambda: fow_ambushed("PlayTriggered", trigger="nope"),
        says="your triggered automatic objects",
    ),
    Row(
        "rules/valhalla_only",
        "FoW-5.5 7.10 p1",
        lambda: fow_second_lifebreak("bifrost"),
        says="only under the Valhalla rule",
    ),
    Row("rules/will_choice", "FoW-5.5 9.7 p1", fow_memoria, says="produces: M, B"),
    Row(
        "command/malformed",
        "FoW-5.5 10.13 p1",
        lambda: _ask(fow_scorn_asked(), "ChooseCards", "p1", cards="p2-006"),
        says="'cards' must be a list",
    ),
    Row(
        "command/malformed",
        "FoW-5.5 11.1 p1.2",
        lambda: _ask(fow_porthos_blocked(), "AssignPierceDamage", "p1", to_blocker="all"),
        says="'to_blocker' must be an integer",
    ),
    Row(
        "command/malformed",
        "FoW-5.5 7.8 p2",
        lambda: fow_in_main(fow_ruler_ability),
        says="'ability' must be the index",
    ),
    Row("command/malformed", "FoW-5.5 9.3 p2.4", lambda: fow_in_main(fow_bolt_targets), says="targets must be a list"),
    Row(
        "command/malformed",
        "FoW-5.5 9.3 p3.2",
        lambda: _ask(fow_dark_rezzard(accept=False), "ChooseOptional", "p1", accept="yes"),
        says="'accept' must be true",
    ),
    Row(
        "command/malformed",
        "FoW-5.5 10.2 p5",
        lambda: _ask(
            fow_dark_rezzard(accept=False), "ChooseOptional", "p1", accept=False, pay_with=[{"source": "p1-001"}]
        ),
        says="'pay_with' only serves to accept paying will",
    ),
    Row(
        "command/malformed",
        "FoW-5.5 14.1 p1",
        lambda: fow_loop(lambda s, f: _ask(s, "DeclareLoop", "p1", actions="again", times=2)),
        says="actions",
    ),
    Row(
        "command/malformed",
        "FoW-5.5 4.2 p3",
        lambda: fow_turn_order(play_first="yes"),
        says="play_first: true or false",
    ),
    Row(
        "command/malformed",
        "FoW-5.5 9.3 p2.5",
        lambda: fow_in_main(fow_judgment_with_x),
        says="no X: it has no {X} cost",
    ),
    Row(
        "game/unknown_player",
        "FoW-5.5 4.2 p3",
        lambda: fow_start(first_player="p9"),
        says="first_player 'p9' is not a player",
    ),
    Row(
        "rules/discard_count",
        "FoW-5.5 10.18 p1",
        lambda: _ask(fow_dark_rezzard(), "ChooseCards", "p2", cards=[]),
        says="discard exactly 1 card(s)",
    ),
    Row(
        "rules/incarnation",
        "FoW-5.5 12.2 p2",
        lambda: fow_ch12(lambda s, f: _ask(s, "PlayCard", "p1", card=_fow_card(s, "T-AVATAR"), incarnation=[])),
        says="T-Avatar banishes exactly 1 resonator",
    ),
    Row(
        "rules/must_attack",
        "FoW-5.5 7.12 p2",
        lambda: fow_berserk("Pass"),
        says="must attack and can attack: you may not pass",
    ),
    Row("rules/must_attack", "FoW-5.5 8.2 p3", lambda: fow_berserk("ForfeitAttack"), says="forces you to attack"),
    Row("rules/name_choice", "FoW-5.5 2.2 p3", fow_hare_of_inaba, says="'name' must be a card name"),
    Row(
        "rules/not_in_hand",
        "FoW-5.5 4.2 p4",
        fow_change_hand,
        says="ChangeHand.cards must list distinct cards from your hand",
    ),
    Row(
        "rules/not_in_hand",
        "FoW-5.5 7.6 p1",
        lambda: fow_in_main(fow_standby_from_graveyard),
        says="p1-002 is not in your hand",
    ),
    Row("rules/not_your_card", "FoW-5.5 7.8 p2", lambda: fow_izanami("graveyard"), says="Izanami"),
    Row(
        "rules/number_choice",
        "FoW-5.5 1.4 p5",
        lambda: fow_whisper_number(-100),
        says="'number' must be an integer of 0 or higher",
    ),
    Row(
        "rules/ruler_rested",
        "FoW-5.5 7.11 p1",
        lambda: fow_ch7(fow_call_with_a_rested_ruler),
        says="rests your recovered ruler",
    ),
]


# --- LL -------------------------------------------------------------------------------------------


def _ll_redraw() -> Any:
    from tests.ll.support import start_game

    state, _ = start_game()  # waiting for p1's Redraw
    return state


def _ll_decide(state: Any, type_: str, player: str, **args: Any) -> Any:
    return ll.decide(state, Command(type_, player, args))


def _ll_attack() -> tuple[Any, str]:
    from tests.ll.support import deploy_given
    from tests.ll.test_battle import battle_game, to_attack

    state = battle_game(levels=2)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    to_attack(state)
    return state, attacker


def ll_finished() -> Any:
    from tests.ll.support import cmd, run

    state = _ll_redraw()
    run(state, cmd("Concede", "p1"))
    return _ll_decide(state, "Redraw", "p2", cards=[])


def ll_start(players: int = 2, **change: Any) -> Any:
    from tests.ll.support import VANILLAS, catalog, deck

    specs = [PlayerSpec(f"p{n + 1}", f"P{n + 1}", deck()) for n in range(players)]
    spec = GameSpec("g", "LL-2.04", change.pop("variant", "standard"), specs, seed=1, **change)
    return ll.start(spec, catalog(VANILLAS))


def ll_redraw_twice() -> Any:
    state = _ll_redraw()
    card = state.zones["p1"]["hand"][0]
    return _ll_decide(state, "Redraw", "p1", cards=[card, card])


def ll_attack(circle: Any) -> Any:
    state, attacker = _ll_attack()
    return _ll_decide(state, "DeclareAttack", "p1", attacker=attacker, circle=circle)


def ll_attack_with_a_hand_card() -> Any:
    state, _ = _ll_attack()
    return _ll_decide(state, "DeclareAttack", "p1", attacker=state.zones["p1"]["hand"][0], circle="FC")


def ll_attack_with_their_hand_card() -> Any:
    state, _ = _ll_attack()  # a card p1 cannot see is answered as one that does not exist (4.1.2)
    return _ll_decide(state, "DeclareAttack", "p1", attacker=state.zones["p2"]["hand"][0], circle="FC")


def ll_refresh_without_a_search() -> Any:
    from tests.ll.support import to_main

    state = _ll_redraw()
    to_main(state, "p1")
    hand = state.zones["p1"]["hand"]
    return _ll_decide(state, "Trance", "p1", materials=hand[:2], refresh=True)


def ll_create(change: Callable[[dict[str, Any]], Any]) -> Any:
    """Game creation with p1's legal test deck changed by ``change`` (it may return a new deck)."""
    from tests.ll.support import deck
    from tests.ll.test_setup import create

    d = deck()
    return create(change(d) or d)


def ll_create_with(main: dict[str, int] | None = None, **kw: Any) -> Any:
    from tests.ll.support import deck
    from tests.ll.test_setup import create

    return create(deck(main, **kw))


def ll_invalid_card() -> Any:
    from tests.ll.support import catalog, deck, spec

    return ll.start(spec(deck(), deck(), 1), catalog([{"id": "LL-TST-BAD", "name": "Bad", "type": "gate"}]))


def ll_gates(*gates: tuple[str, int]) -> Any:
    return ll_create(lambda d: d.update(gates=[{"card": c, "count": n} for c, n in gates]))


def _ll_main(p1: dict[str, int] | None = None, extra: tuple[dict[str, Any], ...] = ()) -> Any:
    """p1's first main phase, with p1's test deck holding ``p1`` and the catalog ``extra``."""
    from tests.ll.support import deck, start_game, to_main

    state, _ = start_game(deck(p1), deck(), extra=extra)
    to_main(state, "p1")
    return state


def ll_cycled(type_: str, player: str, actions: Callable[[list[Any]], Any], times: int) -> Any:
    """Eager Wanderer deployed and returned twice (tests/ll/test_loops.py); ``type_`` names
    ``actions(performed)`` ``times`` times."""
    from tests.ll.test_loops import _cycled_twice

    state, _, performed = _cycled_twice()
    return _ll_decide(state, type_, player, actions=actions(performed), times=times)


def ll_loop_action() -> Any:
    """A decision re-asked after the non-turn player stopped a cycle: its cycle answer is excluded."""
    from tests.ll.support import given

    state = _ll_main({"LL-TST-070": 1})
    excluded = [{"type": "EndMainPhase", "args": {}}]
    given(
        state, "ChoiceRequested", player="p1", kind="main", options={"excluded": excluded}, resume=state.pending.resume
    )
    return _ll_decide(state, "EndMainPhase", "p1")


def ll_perpetual_cycle() -> Any:
    from tests.ll.support import cmd, deploy_given, run

    state = _ll_main({"LL-TST-066": 1})
    wanderer = deploy_given(state, "p1", "LL-TST-066", ["FC"])
    run(state, cmd("UseAbility", "p1", source=wanderer, ability=0))  # back to the hand
    run(state, cmd("Deploy", "p1", card=wanderer, circles=["FC"]))  # exactly the same state again
    return _ll_decide(state, "UseAbility", "p1", source=wanderer, ability=0)


def ll_use(
    card: str,
    ability: int = 0,
    *,
    p1: dict[str, int] | None = None,
    extra: tuple[dict[str, Any], ...] = (),
    stock: int = 0,
    **args: Any,
) -> Any:
    """p1 in its first main phase uses ability ``ability`` of ``card`` deployed to FC."""
    from tests.ll.support import deploy_given, stock_up

    state = _ll_main({card: 1, **(p1 or {})}, extra)
    source = deploy_given(state, "p1", card, ["FC"])
    stock_up(state, "p1", stock - len(state.zones["p1"]["stock"]))
    return _ll_decide(state, "UseAbility", "p1", source=source, ability=ability, **args)


def ll_disabled_ability() -> Any:
    from tests.ll.support import deploy_given, given, level_up
    from tests.ll.test_abilities import game

    state = game({"LL-TST-012": 1})
    level_up(state, "p1", 2)
    captain = deploy_given(state, "p1", "LL-TST-012", ["BC"])
    given(
        state,
        "ContinuousEffectCreated",
        id="x",
        source=captain,
        controller="p2",
        targets=[captain],
        disable=True,
        duration="turn",
    )
    return _ll_decide(state, "UseAbility", "p1", source=captain, ability=0)


def ll_logic_drive(soul: bool, used: bool = False) -> Any:
    from tests.ll.support import cmd, deploy_given, put, run, start_game, stock_up, to_main

    state, _ = start_game()
    to_main(state, "p1")
    stock_up(state, "p1", 3)
    members = [deploy_given(state, "p1", "LL-TST-007", [c]) for c in ("FC", "FL")]
    for member in members if soul else []:
        put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=member)
    if used:
        run(state, cmd("UseAbility", "p1", source=members[0], ability=0))
    return _ll_decide(state, "UseAbility", "p1", source=members[-1], ability=0)


def ll_make_up_again() -> Any:
    from tests.ll.support import cmd, deck, deploy_given, hand_card, put, run, start_game, to_main
    from tests.ll.test_abilities import EXTRA

    state, _ = start_game(deck({"LL-TST-001": 1, "LL-TST-950": 1}), deck(), extra=EXTRA)
    to_main(state, "p1")
    aoi = deploy_given(state, "p1", "LL-TST-001", ["FC"])
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=aoi)
    summer = hand_card(state, "p1", "LL-TST-950")
    run(state, cmd("UseAbility", "p1", source=aoi, ability=0))
    run(state, cmd("Choose", "p1", choice=[summer]))  # Summer entered the Field via Make Up
    return _ll_decide(state, "UseAbility", "p1", source=summer, ability=0)


def ll_their_ability() -> Any:
    from tests.ll.support import advance_until, deploy_given
    from tests.ll.test_card_information_zones_and_terms import act, game

    drawer = act(5, [{"op": "draw"}])
    state = game(drawer)
    source = deploy_given(state, "p1", drawer["id"], ["FC"])
    advance_until(state, "main", "p2")
    return _ll_decide(state, "UseAbility", "p2", source=source, ability=0)


def ll_continuous_ability() -> Any:
    from tests.ll.support import deploy_given
    from tests.ll.test_terms_and_basics import LEADER, game

    state = game()
    return _ll_decide(state, "UseAbility", "p1", source=deploy_given(state, "p1", LEADER["id"], ["FR"]), ability=0)


def ll_choose_too_few() -> Any:
    from tests.ll.support import (
        TIDES,
        advance_until,
        cmd,
        deck,
        deploy_given,
        put,
        run,
        start_game,
        starter_deck,
        stock_up,
        to_main,
    )

    state, _ = start_game(deck(), starter_deck(TIDES))
    to_main(state, "p1")
    deploy_given(state, "p1", "LL-TST-900", ["FL"])
    deploy_given(state, "p1", "LL-TST-901", ["FR"])
    advance_until(state, "main", "p2")
    bond = deploy_given(state, "p2", "LL-TST-042", ["FC"])
    put(state, state.zones["p2"]["deck"][-1], "soul", soul_of=bond)
    stock_up(state, "p2", 2)
    run(state, cmd("UseAbility", "p2", source=bond, ability=0))  # choose one of p1's members
    return _ll_decide(state, "Choose", "p2", choice=[])


def ll_deploy(card: str, circles: list[str], levels: int = 0, on: dict[str, list[str]] | None = None) -> Any:
    """p1 in its first main phase, ``levels`` cards in its Level Zone and members ``on`` circles,
    deploys ``card`` from its hand."""
    from tests.ll.support import deploy_given, hand_card, level_up

    state = _ll_main({card: 1})
    level_up(state, "p1", levels)
    for member, where in (on or {}).items():
        deploy_given(state, "p1", member, where)
    return _ll_decide(state, "Deploy", "p1", card=hand_card(state, "p1", card), circles=circles)


def ll_rearrange(moves: Callable[[str, str], dict[str, Any]]) -> Any:
    """p1's members a (FL, with a card set to it) and b (FR) rearranged by ``moves(a, b)``."""
    from tests.ll.support import deploy_given, put, take

    state = _ll_main({"LL-TST-005": 1})
    a = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    b = deploy_given(state, "p1", "LL-TST-901", ["FR"])
    put(state, take(state, "p1", "LL-TST-902"), "circle", circles=["FL"], set_to=a, face_down=True)
    return _ll_decide(state, "Rearrange", "p1", moves=moves(a, b))


def ll_place_level_card(swap: bool, levels: int) -> Any:
    """p2's level phase, ``levels`` cards in its Level Zone: p2 places a hand card, swapping if ``swap``."""
    return ll_place_a_level_card(lambda s: str(s.zones["p2"]["hand"][0]), levels=levels, swap=swap)


def ll_keep_hand(keep: int) -> Any:
    from tests.ll.support import advance_until, put

    state = _ll_main()
    while len(state.zones["p1"]["hand"]) < 11:
        put(state, state.zones["p1"]["deck"][-1], "hand")
    advance_until(state, "hand_limit", "p1")  # keep 8
    return _ll_decide(state, "KeepHand", "p1", cards=state.zones["p1"]["hand"][:keep])


def _ll_attacked(intercepter: bool = False) -> tuple[Any, str]:
    """p1's member on FC attacks p2's member on FC (tests/ll/test_battle.py), p2 with an intercepter if
    ``intercepter``; the state and the defender."""
    from tests.ll.support import cmd, deploy_given, run
    from tests.ll.test_battle import battle_game, member_battle, to_attack

    state = battle_game()
    attacker, defender = member_battle(state)
    if intercepter:
        deploy_given(state, "p2", "LL-TST-004", ["FL"])  # a member with IC
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    return state, defender


def ll_at_boost(level_card: Callable[[Any], str], boosted: bool = False) -> Any:
    """p1 at its Logic Definition in a battle (p2 passed), having boosted if ``boosted``."""
    from tests.ll.support import cmd, run

    state, _ = _ll_attacked()
    run(state, cmd("PassLogic", "p2"))
    if boosted:
        run(state, cmd("LevelBoost", "p1", level_card=state.zones["p1"]["level"][0]))
    return _ll_decide(state, "LevelBoost", "p1", level_card=level_card(state))


def ll_intercept_the_attacked() -> Any:
    state, defender = _ll_attacked(intercepter=True)
    return _ll_decide(state, "Intercept", "p2", members=[defender])


def ll_order_auto() -> Any:
    from tests.ll.support import cmd, run
    from tests.ll.test_turns import trance_setup

    state, ren, lyra, tu = trance_setup()
    run(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))  # two primed abilities
    return _ll_decide(state, "PlayAuto", "p1", primed="nope")


def ll_trance(change: Callable[[Any, str, str, str], dict[str, Any]]) -> Any:
    """Ren and Lyra on FL and FR, a Tranceunion in the hand (tests/ll/test_turns.py): Trance
    with the arguments ``change(state, ren, lyra, tu)``."""
    from tests.ll.test_turns import trance_setup

    state, ren, lyra, tu = trance_setup()
    return _ll_decide(state, "Trance", "p1", **change(state, ren, lyra, tu))


def ll_trance_again(trance_change: bool) -> Any:
    """A second Trance (Change) in the turn after one of each (tests/ll/test_turns.py)."""
    from tests.ll.support import advance_until, cmd, deploy_given, hand_card, put, run, stock_up
    from tests.ll.test_turns import trance_setup

    s, ren, lyra, tu = trance_setup()
    run(s, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    advance_until(s, "main", "p1")
    haru = deploy_given(s, "p1", "LL-TST-009", ["BL"])
    put(s, s.zones["p1"]["deck"][-1], "soul", soul_of=haru)
    lyra2 = deploy_given(s, "p1", "LL-TST-004", ["BR"])
    stock_up(s, "p1", 1)
    tu2 = hand_card(s, "p1", "LL-TST-007")
    if trance_change:
        run(s, cmd("Trance", "p1", materials=[haru, lyra2], tranceunion=tu2, circles=["BC"], trance_change=True))
    a = deploy_given(s, "p1", "LL-TST-003", ["FL"])
    b = deploy_given(s, "p1", "LL-TST-004", ["FR"])
    return _ll_decide(
        s,
        "Trance",
        "p1",
        materials=[a, b],
        tranceunion=hand_card(s, "p1", "LL-TST-007"),
        circles=["BC" if not trance_change else "FC"],
        trance_change=trance_change,
    )


def ll_trance_change_into(card: str) -> Any:
    from tests.ll.support import deploy_given, hand_card, level_up, start_game, stock_up, to_main

    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 2, card="LL-TST-001")
    stock_up(state, "p1", 3)
    haru = deploy_given(state, "p1", "LL-TST-009", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    tu = hand_card(state, "p1", card)
    return _ll_decide(
        state, "Trance", "p1", materials=[haru, lyra], tranceunion=tu, circles=["FC", "BC"], trance_change=True
    )


def ll_trance_without_colour() -> Any:
    from tests.ll.support import put

    def faced_down(state: Any, ren: str, lyra: str, tu: str) -> dict[str, Any]:
        for lv in list(state.zones["p1"]["level"]):
            put(state, lv, "level", face_down=True)  # face-down cards have no colour
        return {"materials": [ren, lyra], "tranceunion": tu, "circles": ["FC"]}

    return ll_trance(faced_down)


def ll_trance_two_logicalists() -> Any:
    from tests.ll.support import deploy_given, hand_card, level_up, stock_up

    state = _ll_main({"LL-TST-004": 2, "LL-TST-007": 2})
    level_up(state, "p1", 1)
    stock_up(state, "p1", 2)
    a = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    b = deploy_given(state, "p1", "LL-TST-901", ["FR"])
    tu = hand_card(state, "p1", "LL-TST-007")
    return _ll_decide(state, "Trance", "p1", materials=[a, b], tranceunion=tu, circles=["FC"])


def ll_deploy_tranceunion() -> Any:
    from tests.ll.support import hand_card, level_up, start_game, to_main

    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-001")
    return _ll_decide(state, "Deploy", "p1", card=hand_card(state, "p1", "LL-TST-007"), circles=["FC"])


def _ll_extra() -> list[dict[str, Any]]:
    from tests.ll.test_abilities import EXTRA

    return list(EXTRA)


def _ll_member_as_tranceunion(state: Any, ren: str, lyra: str, tu: str) -> dict[str, Any]:
    from tests.ll.support import hand_card

    return {"materials": [ren, lyra], "tranceunion": hand_card(state, "p1", "LL-TST-001"), "circles": ["FC"]}


def _ll_dropped_tranceunion(state: Any, ren: str, lyra: str, tu: str) -> dict[str, Any]:
    from tests.ll.support import put, take

    dropped = take(state, "p1", "LL-TST-007")
    put(state, dropped, "drop")  # neither in the hand nor in the deck, and no Deck Refresh
    return {"materials": [ren, lyra], "tranceunion": dropped, "circles": ["FC"]}


def ll_look(card: str, answers: list[Any], choice: Any) -> Any:
    """p1 uses the look ability of ``card`` (tests/ll/test_look.py), answers ``answers``, then ``choice``."""
    from tests.ll import test_look
    from tests.ll.support import cmd, run

    state, member, _ = test_look._game(getattr(test_look, card))
    run(state, cmd("UseAbility", "p1", source=member, ability=0))
    for answer in answers:
        run(state, cmd("Choose", "p1", choice=answer(state) if callable(answer) else answer))
    return _ll_decide(state, "Choose", "p1", choice=choice(state) if callable(choice) else choice)


def ll_miko_confirm(choice: Any) -> Any:
    """Deploying Miko (LL-TST-010) asks p1 whether to pay its optional cost (9.7.3.3.1)."""
    from tests.ll.support import STARLIGHT, cmd, deck, hand_card, run, start_game, starter_deck, stock_up, to_main

    state, _ = start_game(starter_deck(STARLIGHT), deck())
    to_main(state, "p1")
    stock_up(state, "p1", 1)
    run(state, cmd("Deploy", "p1", card=hand_card(state, "p1", "LL-TST-010"), circles=["FC"]))
    return _ll_decide(state, "Choose", "p1", choice=choice)


def ll_over_level(keep: Callable[[list[str]], Any] = lambda level: level[:3]) -> Any:
    """Five cards in p1's Level Zone: p1 keeps the Level Limit (4) of them (10.8.1), naming ``keep(level)``."""
    from tests.ll.support import cmd, deploy_given, put, run
    from tests.ll.test_rule_processes import game

    state = game()
    for _ in range(3):
        put(state, state.zones["p1"]["deck"][-1], "level")
    run(state, cmd("UseAbility", "p1", source=deploy_given(state, "p1", "LL-TST-956", ["FC"]), ability=0))
    return _ll_decide(state, "Choose", "p1", choice=keep(state.zones["p1"]["level"]))


def ll_cycle_answer(choice: Any) -> Any:
    """The Wanderer's cycle announced twice: p2 answers the number."""
    from tests.ll.support import cmd, run
    from tests.ll.test_loops import _cycled_twice

    state, _, actions = _cycled_twice()
    run(state, cmd("DeclareLoop", "p1", actions=actions, times=2))
    return _ll_decide(state, "Choose", "p2", choice=choice)


def ll_lost_ability() -> Any:
    """Banner Bearer has lost all its abilities (5.31.1); p1 uses its ability 0."""
    from tests.ll.support import deploy_given
    from tests.ll.test_terms_and_basics import LEADER, act, all_mine, game, use

    silence = act(5, [{"op": "modify", "target": all_mine(names=["Banner Bearer"]), "lose_abilities": True}])
    state = game(silence)
    bearer = deploy_given(state, "p1", LEADER["id"], ["FR"])
    use(state, silence)
    return _ll_decide(state, "UseAbility", "p1", source=bearer, ability=0)


def ll_from_the_deck(type_: str, **args: Any) -> Any:
    """p1 names a card of its own Level Zone (not its hand) as ``card``."""
    from tests.ll.support import level_up

    state = _ll_main()
    return _ll_decide(state, type_, "p1", card=level_up(state, "p1", 1)[0], **args)


def deploy_member(state: Any, player: str) -> str:
    """Given: a vanilla member of ``player``'s on FC; its id."""
    from tests.ll.support import deploy_given

    return deploy_given(state, player, "LL-TST-900", ["FC"])


def ll_place_a_level_card(card: Callable[[Any], str], levels: int = 0, swap: bool = False) -> Any:
    """p2's level phase, ``levels`` cards in its Level Zone: p2 places ``card(state)`` (swapping the first)."""
    from tests.ll.support import advance_until, level_up, start_game
    from tests.ll.support import deck as ll_deck

    state, _ = start_game(ll_deck(), ll_deck())
    advance_until(state, "level", "p2")
    level = level_up(state, "p2", levels)
    args = {"swap_with": level[0]} if swap else {}
    return _ll_decide(state, "PlaceLevelCard", "p2", card=card(state), **args)


def ll_define_with(card: Callable[[Any], str]) -> Any:
    state, _ = _ll_attacked()
    return _ll_decide(state, "DefineLogic", "p2", card=card(state))


def ll_trance_change_without_tc() -> Any:
    """A Trance Change by Ren and Lyra, neither with [TC]."""
    return ll_trance(
        lambda s, ren, lyra, tu: {"materials": [ren, lyra], "tranceunion": tu, "circles": ["FC"], "trance_change": True}
    )


def ll_intercept_nobody() -> Any:
    state, _ = _ll_attacked(intercepter=True)
    return _ll_decide(state, "Intercept", "p2", members=[])


def ll_use_then_choose(card: str, choice: Any) -> Any:
    """p1 uses ability 0 of ``card`` (tests/ll/test_abilities.py's cards) and answers ``choice``."""
    from tests.ll.support import cmd, deploy_given, run
    from tests.ll.test_abilities import game

    state = game({card: 1})
    run(state, cmd("UseAbility", "p1", source=deploy_given(state, "p1", card, ["FC"]), ability=0))
    return _ll_decide(state, "Choose", "p1", choice=choice)


LL_ROWS: list[Row] = [
    Row("game/finished", "LL-2.04 1.2.1", ll_finished, says="the game is over"),
    Row(
        "game/unknown_player",
        "LL-2.04 1.1.1",
        lambda: _ll_decide(_ll_redraw(), "Redraw", "p3", cards=[]),
        says="'p3' is not in this game",
    ),
    Row("game/players", "LL-2.04 1.1.1", lambda: ll_start(players=3), says="exactly 2 players"),
    Row(
        "game/first_player_is_random",
        "LL-2.04 6.2.1.7.1",
        lambda: ll_start(first_player="p1"),
        says="decided at random",
    ),
    Row(
        "game/unknown_variant",
        "LL-2.04 1.1.1",
        lambda: ll_start(variant="sealed"),
        says="variant must be one of standard",
    ),
    Row(
        "command/unknown_type",
        "LL-2.04 9.5.2",
        lambda: _ll_decide(_ll_redraw(), "Fly", "p1"),
        says="unknown command 'Fly'",
    ),
    Row(
        "command/unknown_argument",
        "LL-2.04 9.5.2",
        lambda: _ll_decide(_ll_redraw(), "Redraw", "p1", x=1),
        says="Redraw has no argument 'x'",
    ),
    Row("command/unknown_card", "LL-2.04 8.2.5", ll_attack_with_their_hand_card, says="no card 'p2-d23'"),
    Row(
        "command/malformed",
        "LL-2.04 8.2.6",
        lambda: ll_attack("XX"),
        says="'circle' must be one of the opponent's circles",
    ),
    Row(
        "rules/not_expected",
        "LL-2.04 9.5.2",
        lambda: _ll_decide(_ll_redraw(), "EndMainPhase", "p1"),
        says="EndMainPhase is not possible now",
    ),
    Row(
        "rules/not_your_decision",
        "LL-2.04 6.2.1.8",
        lambda: _ll_decide(_ll_redraw(), "Redraw", "p2", cards=[]),
        says="Redraw is not yours to make now",
    ),
    Row("rules/not_in_hand", "LL-2.04 6.2.1.8", ll_redraw_twice, says="distinct cards from your hand"),
    Row("rules/illegal_attack_target", "LL-2.04 8.2.6.1", lambda: ll_attack("BC"), says="'BC' cannot be attacked"),
    Row("rules/cannot_attack", "LL-2.04 8.2.5", ll_attack_with_a_hand_card, says="not one of your standing members"),
    Row(
        "rules/loop_not_performed",
        "LL-2.04 12.1.1.1",
        lambda: ll_cycled("DeclareLoop", "p1", lambda a: a[::-1], 2),
        says="the last actions actually performed",
    ),
    Row(
        "rules/loop_not_repeatable",
        "LL-2.04 12.1.1.1",
        lambda: ll_cycled("DeclareLoop", "p1", lambda a: a[1:], 1),
        says="0 more time(s) only, not 1",
    ),
    Row(
        "rules/not_main_phase_play_timing",
        "LL-2.04 12.1.1.1",
        lambda: ll_cycled("DeclareLoop", "p2", list, 2),
        says="only the turn player announces a perpetual cycle",
    ),
    Row(
        "command/malformed",
        "LL-2.04 12.1.1.1",
        lambda: ll_cycled("DeclareLoop", "p1", list, 0),
        says="'times' must be a number of repetitions",
    ),
    Row(
        "cards/invalid",
        "LL-2.04 2.17",
        ll_invalid_card,
        says="a gate needs a 'gate_number'",
    ),
    Row(
        "deck/gate_deck_size",
        "LL-2.04 6.1.1.2.1",
        lambda: ll_gates(("LL-TST-G01", 2), ("LL-TST-G02", 2)),
        says="gate deck has 4 cards; exactly 10",
    ),
    Row(
        "deck/gate_number",
        "LL-2.04 6.1.1.2.2",
        lambda: ll_gates(("LL-TST-G01", 3), ("LL-TST-G02", 1), ("LL-TST-G03", 2), ("LL-TST-G04", 2), ("LL-TST-G05", 2)),
        says="3 gates with Gate Number 1",
    ),
    Row(
        "deck/illegal_gate_deck_card",
        "LL-2.04 6.1.1.2.3",
        lambda: ll_gates(("LL-TST-G01", 2), ("LL-TST-G02", 2), ("LL-TST-G03", 2), ("LL-TST-G04", 2), ("LL-TST-900", 2)),
        says="Vanilla 0 (LL-TST-900), which is not a gate",
    ),
    Row(
        "deck/illegal_main_deck_card",
        "LL-2.04 6.1.1.1.4",
        lambda: ll_create_with({"LL-TST-G05": 1}),
        says="Plain Gate (LL-TST-G05), a gate",
    ),
    Row(
        "deck/illegal_tool_card",
        "LL-2.04 6.1.1.4.2",
        lambda: ll_create_with(tools=[{"card": "LL-TST-020", "count": 1}]),
        says="Sudden Insight, without Tool Skill",
    ),
    Row(
        "deck/main_deck_size",
        "LL-2.04 6.1.1.1.1",
        lambda: ll_create(lambda d: d["main"][-1].update(count=d["main"][-1]["count"] - 1)),
        says="main deck has 49 cards; exactly 50",
    ),
    Row(
        "deck/malformed",
        "LL-2.04 6.1.1.1",
        lambda: ll_create(lambda d: d.update(main="LL-TST-900")),
        says="'main' must be a list",
    ),
    Row(
        "deck/malformed",
        "LL-2.04 6.1.1.3.1",
        lambda: ll_create_with(my_logicalist=["LL-TST-ML1"]),
        says="up to 1 My Logicalist",
    ),
    Row(
        "deck/not_my_logicalist",
        "LL-2.04 6.1.1.3.1",
        lambda: ll_create_with(my_logicalist="LL-TST-900"),
        says="My Logicalist 'LL-TST-900' is a logicalist",
    ),
    Row(
        "deck/paradox_count",
        "LL-2.04 6.1.1.1.3",
        lambda: ll_create_with({"LL-TST-030": 3, "LL-TST-031": 3, "LL-TST-032": 1}),
        says="7 paradox cards; exactly 8",
    ),
    Row(
        "deck/too_many_copies",
        "LL-2.04 6.1.1.1.2",
        lambda: ll_create_with({"LL-TST-900": 5}),
        says="9 cards named Vanilla 0; at most 4",
    ),
    Row(
        "deck/tool_deck_size",
        "LL-2.04 6.1.1.4.1",
        lambda: ll_create_with(tools=[{"card": "LL-TST-T01", "count": 3}, {"card": "LL-TST-T02", "count": 2}]),
        says="tool deck has 5 cards; at most 4",
    ),
    Row(
        "deck/unknown_card",
        "LL-2.04 6.1.1",
        lambda: ll_create_with({"LL-TST-NOPE": 1}),
        says="unknown card 'LL-TST-NOPE'",
    ),
    Row(
        "rules/cannot_be_used",
        "LL-2.04 12.3.1.1",
        ll_disabled_ability,
        says="Knight Captain's ability 0 cannot be used",
    ),
    Row("rules/cannot_intercept", "LL-2.04 8.3.3.1", ll_intercept_the_attacked, says="cannot Intercept"),
    Row(
        "rules/cannot_pay",
        "LL-2.04 9.6.2.3.2",
        lambda: ll_use("LL-TST-017", stock=1, x=2),
        says="costs (2); your Stock is too small",
    ),
    Row(
        "rules/choose_x",
        "LL-2.04 9.6.2.2.1",
        lambda: ll_use("LL-TST-017", stock=1, x=5),
        says="choose X, a whole number from 0 to 4",
    ),
    Row(
        "rules/circle_taken",
        "LL-2.04 7.5.3.6",
        lambda: ll_rearrange(lambda a, b: {a: ["FR"]}),
        says="each circle holds at most one member",
    ),
    Row(
        "rules/define_after_boost",
        "LL-2.04 5.15.1",
        lambda: ll_at_boost(lambda s: s.zones["p1"]["level"][1], boosted=True),
        says="after a Level Boost you perform Logic Definition",
    ),
    Row("rules/hand_limit", "LL-2.04 7.7.6", lambda: ll_keep_hand(7), says="exactly 8 cards of your hand"),
    Row("rules/illegal_choice", "LL-2.04 9.6.3.1", ll_choose_too_few, says="choose 1 of"),
    Row(
        "rules/invalid_ability",
        "LL-2.04 11.6.1.3",
        lambda: ll_use("LL-TST-957", 1, extra=tuple(_ll_extra())),
        says="Scholar's ability 1 is not valid now",
    ),
    Row(
        "rules/level_boost",
        "LL-2.04 5.15.1",
        lambda: ll_at_boost(lambda s: s.zones["p1"]["hand"][0]),
        says="not a standing card in your Level Zone",
    ),
    Row(
        "rules/level_limit",
        "LL-2.04 7.4.3.1.1",
        lambda: ll_place_level_card(swap=False, levels=4),
        says="at its Level Limit",
    ),
    Row(
        "rules/level_requirement",
        "LL-2.04 9.6.2.1.3",
        lambda: ll_deploy("LL-TST-005", ["FC"]),
        says="Gale is level 1; your Level Zone holds 0",
    ),
    Row(
        "rules/logic_drive",
        untested="unreachable by a command: UseAbility is answered only while a main decision is pending, and "
        "flow asks only the turn player for it (domain/ll/flow.py), so another player gets "
        "rules/not_your_decision before the Logic Drive's turn-player check (11.4.2)",
    ),
    Row(
        "rules/logic_drive_once",
        "LL-2.04 7.5.3.5",
        lambda: ll_logic_drive(soul=True, used=True),
        says="already used a Logic Drive this turn",
    ),
    Row("rules/logic_drive_soul", "LL-2.04 7.5.3.5", lambda: ll_logic_drive(soul=False), says="has no Soul"),
    Row("rules/loop_action", "LL-2.04 12.1.1.1", ll_loop_action, says="an action that is not part of it"),
    Row(
        "rules/make_up_same_turn", "LL-2.04 11.11.3.1", ll_make_up_again, says="entered the Field via Make Up this turn"
    ),
    Row(
        "rules/no_swap",
        "LL-2.04 7.4.3.1.1",
        lambda: ll_place_level_card(swap=True, levels=1),
        says="a swap only happens",
    ),
    Row("rules/no_x", "LL-2.04 9.6.2.2.1", lambda: ll_use("LL-TST-019", stock=1, x=1), says="has no X to choose"),
    Row(
        "rules/not_a_member",
        "LL-2.04 7.5.3.1",
        lambda: ll_deploy("LL-TST-020", ["FC"]),
        says="Sudden Insight is a tactics",
    ),
    Row(
        "rules/not_a_startup_ability",
        "LL-2.04 9.1.2.3",
        ll_continuous_ability,
        says="ability 0 of Banner Bearer is not a startup ability",
    ),
    Row(
        "rules/not_a_tranceunion",
        "LL-2.04 5.13.1",
        lambda: ll_trance(_ll_member_as_tranceunion),
        says="Aoi Kaga is not a Tranceunion",
    ),
    Row("rules/not_your_card", "LL-2.04 9.4.2", ll_their_ability, says="Actor 5 (p1-d47) is not yours"),
    Row(
        "rules/not_your_member",
        "LL-2.04 7.5.3.6",
        lambda: ll_rearrange(lambda a, b: {"p2-d01": ["BL"]}),
        says="p2-d01 is not one of your members",
    ),
    Row(
        "rules/nothing_moves",
        "LL-2.04 5.14.2",
        lambda: ll_rearrange(lambda a, b: {b: ["FR"]}),
        says="no member changes its circles",
    ),
    Row(
        "rules/perpetual_cycle",
        "LL-2.04 12.1.1.2",
        ll_perpetual_cycle,
        says="already taken from exactly this game state",
    ),
    Row(
        "rules/refresh_needs_search",
        "LL-2.04 5.13.1.2",
        ll_refresh_without_a_search,
        says="goes with searching the deck",
    ),
    Row(
        "rules/requirements",
        "LL-2.04 9.6.2.1.4",
        ll_trance_without_colour,
        says="does not meet its world/colour and level requirements",
    ),
    Row(
        "rules/territory",
        "LL-2.04 2.10.2",
        lambda: ll_deploy("LL-TST-005", ["FL", "FR"], levels=1),
        says="Gale has Territory 2",
    ),
    Row(
        "rules/territory",
        "LL-2.04 7.5.3.6",
        lambda: ll_rearrange(lambda a, b: {a: ["FC", "BC"]}),
        says="Vanilla 0 has Territory 1",
    ),
    Row(
        "rules/trance_change_info",
        "LL-2.04 11.5.1",
        lambda: ll_trance_change_into("LL-TST-008"),
        says="does not have Starlight",
    ),
    Row(
        "rules/trance_change_limit",
        "LL-2.04 7.5.3.3",
        lambda: ll_trance_again(trance_change=True),
        says="Trance Change Limit",
    ),
    Row(
        "rules/trance_limit",
        "LL-2.04 7.5.3.2",
        lambda: ll_trance_again(trance_change=False),
        says="Trance Limit this turn",
    ),
    Row(
        "rules/trance_materials",
        "LL-2.04 5.13.1.1",
        ll_trance_two_logicalists,
        says="Trance needs a Logicalist and a Foreigner",
    ),
    Row(
        "rules/tranceunion_needs_trance",
        "LL-2.04 5.13.1",
        ll_deploy_tranceunion,
        says="is a Tranceunion: it is deployed by Trancing",
    ),
    Row(
        "rules/tranceunion_zone",
        "LL-2.04 5.13.1.2",
        lambda: ll_trance(_ll_dropped_tranceunion),
        says="neither in your hand nor in your deck",
    ),
    Row("rules/unknown_primed", "LL-2.04 9.7.3.1", ll_order_auto, says="primed auto abilities"),
    Row(
        "command/malformed",
        "LL-2.04 5.13.1.1",
        lambda: ll_trance(lambda s, ren, lyra, tu: {"materials": ren, "tranceunion": tu, "circles": ["FC"]}),
        says="'materials' must list two card ids",
    ),
    Row(
        "command/malformed",
        "LL-2.04 5.4.1",
        lambda: ll_look("STACK", [], "top"),
        says="'choice' must list the cards put back",
    ),
    Row(
        "command/malformed",
        "LL-2.04 5.7.3.2",
        lambda: ll_look("WADE", [], "more"),
        says="'choice' must be true (look at one more card) or false",
    ),
    Row(
        "command/malformed",
        "LL-2.04 7.5.3.6",
        lambda: ll_rearrange(lambda a, b: {}),
        says="'moves' must map at least one member",
    ),
    Row(
        "command/malformed",
        "LL-2.04 8.3.3.1",
        ll_intercept_nobody,
        says="'members' must list one or more of your members",
    ),
    Row(
        "command/malformed",
        "LL-2.04 9.1.2.3",
        lambda: ll_use("LL-TST-017", 7, stock=1),
        says="'ability' must be the index of an ability the card has",
    ),
    Row(
        "command/malformed",
        "LL-2.04 9.7.3.3.1",
        lambda: ll_miko_confirm("yes"),
        says="'choice' must be true (pay) or false",
    ),
    Row(
        "command/malformed",
        "LL-2.04 5.6.3",
        lambda: ll_use_then_choose("LL-TST-957", None),
        says="'choice' must be a whole number from 0 to 2",
    ),
    Row(
        "rules/illegal_choice",
        "LL-2.04 5.6.3",
        lambda: ll_use_then_choose("LL-TST-957", 3),
        says="choose how many cards to draw, 0 to 2",
    ),
    Row(
        "rules/illegal_choice",
        untested="unreachable by a command: the look-at-more answer that is not true or false (5.7.3.2, "
        "domain/ll/actions.py) is refused first by Choose itself as command/malformed (domain/ll/engine.py)",
    ),
    Row("deck/malformed", "LL-2.04 6.1.1", lambda: ll_create(lambda d: ["LL-TST-900"]), says="deck must be an object"),
    Row("rules/cannot_pay", "LL-2.04 5.22.3", lambda: _ll_decide(_ll_main(), "LuckDrive", "p1"), says="Luck Drive"),
    Row("rules/illegal_choice", "LL-2.04 10.8.1", ll_over_level, says="choose exactly 4 Level Zone cards to keep"),
    Row(
        "command/malformed", "LL-2.04 10.8.1", lambda: ll_over_level(lambda level: level[0]), says="must list card ids"
    ),
    Row(
        "rules/illegal_choice",
        "LL-2.04 12.1.1.1",
        lambda: ll_cycle_answer(7),
        says="how many times the perpetual cycle is performed",
    ),
    Row(
        "rules/illegal_choice",
        "LL-2.04 5.4.1",
        lambda: ll_look("STACK", [], lambda s: [s.pending.options["cards"][0]] * 2),
        says="once, top to bottom",
    ),
    Row("rules/invalid_ability", "LL-2.04 5.31.1", ll_lost_ability, says="Banner Bearer has lost its ability 0"),
    Row(
        "rules/not_in_hand",
        "LL-2.04 5.16.1.1",
        lambda: ll_define_with(lambda s: s.members("p2")[0]),
        says="is not in your hand",
    ),
    Row(
        "rules/not_in_hand",
        "LL-2.04 7.4.3.1",
        lambda: ll_place_a_level_card(lambda s: deploy_member(s, "p2")),
        says="is not in your hand",
    ),
    Row(
        "rules/not_in_hand",
        "LL-2.04 7.5.3.1",
        lambda: ll_from_the_deck("Deploy", circles=["FC"]),
        says="is not in your hand",
    ),
    Row(
        "rules/trance_materials",
        "LL-2.04 5.13.1.1 p6",
        ll_trance_change_without_tc,
        says="Trance Change needs a member with [TC] and a Foreigner",
    ),
]


# --- GCG ------------------------------------------------------------------------------------------


def _gcg_main() -> Any:
    from tests.gcg.support import start_game

    state, _ = start_game()  # p1's main phase
    return state


def _gcg_decide(state: Any, type_: str, player: str, **args: Any) -> Any:
    return gcg.decide(state, Command(type_, player, args))


def gcg_finished() -> Any:
    from tests.gcg.support import cmd, run

    state = _gcg_main()
    run(state, cmd("Concede", "p2"))
    return _gcg_decide(state, "EndMainPhase", "p1")


def gcg_start(players: int = 2, **change: Any) -> Any:
    from tests.gcg.support import BLUE, catalog, starter_deck

    specs = [PlayerSpec(f"p{n + 1}", f"P{n + 1}", starter_deck(BLUE)) for n in range(players)]
    spec = GameSpec("g", "GCG-1.00", change.pop("variant", "standard"), specs, seed=1, **change)
    return gcg.start(spec, catalog())


def gcg_not_your_turn() -> Any:
    from tests.gcg.support import to_hand, tst

    state = _gcg_main()
    return _gcg_decide(state, "PlayBattleCard", "p2", card=to_hand(state, "p2", tst(40)), zone=3)


def gcg_rage_with_a_strategy() -> Any:
    from tests.gcg.support import to_hand, tst

    state = _gcg_main()
    return _gcg_decide(state, "GainRage", "p1", card=to_hand(state, "p1", tst(10)))


def gcg_deck(change: Callable[[dict[str, Any]], Any]) -> Any:
    """Game creation with p1's red starter deck changed by ``change`` (it may return a new deck)."""
    from tests.gcg.support import RED, starter_deck
    from tests.gcg.test_setup import _start

    deck = starter_deck(RED)
    return _start(change(deck) or deck)


def gcg_deck_with(cards: dict[str, int], extra: list[dict[str, Any]] | None = None) -> Any:
    from tests.gcg.support import RED, with_cards
    from tests.gcg.test_setup import _start

    return _start(with_cards(RED, cards), extra=extra)


def _gcg_count(deck: dict[str, Any], card: str, by: int) -> None:
    next(e for e in deck["main"] if e["card"] == card)["count"] += by


def gcg_invasion_icons(deck: dict[str, Any]) -> None:
    from tests.gcg.support import tst

    _gcg_count(deck, tst(12), 1)  # a fourth Heat Ray (icon 2): eleven cards with icon 2
    _gcg_count(deck, tst(10), -1)


def gcg_invalid_card() -> Any:
    from tests.gcg.support import BLUE, RED, battle, catalog, spec, starter_deck

    bad = battle(94, abilities=[{"kind": "continuous", "threat": 1000, "cost": [{"op": "lose_rage"}]}])
    return gcg.start(spec(starter_deck(RED), starter_deck(BLUE), 1), catalog([bad]))


def gcg_too_many_copies() -> Any:
    limited = {"id": "GCG-TST-950", "name": "Two of a Kind", "type": "battle", "rank": 1, "color": "white"}
    limited.update({"counter": 1000, "deck_limit": 2})
    return gcg_deck_with({"GCG-TST-950": 3}, extra=[limited])


def gcg_in_hand(player: str, n: int) -> tuple[Any, str]:
    """p1's main phase with card ``GCG-TST-<n>`` put into ``player``'s hand."""
    from tests.gcg.support import to_hand, tst

    state = _gcg_main()
    return state, to_hand(state, player, tst(n))


def gcg_main_action(type_: str, n: int, player: str = "p1", **args: Any) -> Any:
    """``type_`` with card ``GCG-TST-<n>`` from ``player``'s hand, in p1's main phase."""
    state, oid = gcg_in_hand(player, n)
    return _gcg_decide(state, type_, "p1", card=oid, **args)


def gcg_invade_twice() -> Any:
    from tests.gcg.support import cmd, run, to_hand, tst

    state, heat = gcg_in_hand("p1", 12)
    run(state, cmd("Invade", "p1", card=heat))
    return _gcg_decide(state, "Invade", "p1", card=to_hand(state, "p1", tst(10)))


def gcg_monster_trait() -> Any:
    from tests.gcg.support import RED, start_game, to_hand, with_cards
    from tests.gcg.test_main_actions import OTHER_MONSTER

    state, _ = start_game(with_cards(RED, {OTHER_MONSTER["id"]: 1}), extra=[OTHER_MONSTER])
    return _gcg_decide(state, "PlayMonster", "p1", card=to_hand(state, "p1", OTHER_MONSTER["id"]))


def gcg_strategy_zones_full() -> Any:
    from tests.gcg.support import cmd, position, run, to_hand, tst

    state = _gcg_main()
    position(state, "p1", 3)
    for zone in (1, 2):
        run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", tst(20)), zone=zone))
    return _gcg_decide(state, "ActivateStrategy", "p1", card=to_hand(state, "p1", tst(20)), zone=1)


def gcg_loop(type_: str, player: str, **args: Any) -> Any:
    """The two Ferry Cranes' loop of tests/gcg/test_loops.py, performed once; ``args`` may name
    ``loop`` for the six actions performed."""
    from tests.gcg.test_loops import _looping_game

    state, _, _, _, loop = _looping_game()
    return _gcg_decide(state, type_, player, **{k: (loop if v == "loop" else v) for k, v in args.items()})


def gcg_loop_answer(times: int, player: str, choice: list[Any]) -> Any:
    """The loop declared ``times`` times; ``player`` answers ``choice``."""
    from tests.gcg.support import choose, cmd, run
    from tests.gcg.test_loops import _looping_game

    state, _, _, _, loop = _looping_game()
    run(state, cmd("DeclareLoop", "p1", actions=loop, times=5))
    if times < 5:
        choose(state, times)
    return _gcg_decide(state, "Choose", player, choice=choice)


def gcg_loop_not_repeatable() -> Any:
    from tests.gcg.test_loops import _looping_game

    state, _, _, _, loop = _looping_game()
    return _gcg_decide(state, "DeclareLoop", "p1", actions=loop[3:], times=1)  # its card left the hand


def gcg_loop_not_performed() -> Any:
    from tests.gcg.test_loops import _looping_game

    state, _, _, _, loop = _looping_game()
    return _gcg_decide(state, "DeclareLoop", "p1", actions=loop[1:] + loop[:1], times=2)


def gcg_repeated_state() -> Any:
    from tests.gcg.support import choose, cmd, position, run, to_hand, to_zone, tst

    state = _gcg_main()
    position(state, "p2", 2)
    a = to_zone(state, "p1", tst(62), 3)
    b = to_hand(state, "p1", tst(62))
    run(state, cmd("PlayBattleCard", "p1", card=to_hand(state, "p1", tst(10)), zone=6))
    for card, zone, back in ((b, 4, a), (a, 3, b)):  # each Redeploy returns the other: the state is as before
        run(state, cmd("PlayBattleCard", "p1", card=card, zone=zone))
        choose(state, back)
        choose(state, "yes")
    return _gcg_decide(state, "PlayBattleCard", "p1", card=b, zone=4)


def gcg_replacement_order(player: str, choice: list[Any]) -> Any:
    from tests.gcg.support import rage, to_zone
    from tests.gcg.test_replacement import BARRIER, COUNTERSTRIKE, DECOY, _counterstrike, _game

    state = _game({COUNTERSTRIKE["id"]: 1}, {BARRIER["id"]: 1, DECOY["id"]: 1})
    to_zone(state, "p2", BARRIER["id"], 3)
    to_zone(state, "p2", DECOY["id"], 4)
    rage(state, "p2", 2)
    _counterstrike(state)  # p2 orders the replacements of the counter (9.9.2.2)
    return _gcg_decide(state, "Choose", player, choice=choice)


def gcg_burst(n: int, rank: int) -> Any:
    """PlayMonster with 【Burst】 of card ``GCG-TST-<n>`` while p1's invading monster is rank ``rank``."""
    from tests.gcg.support import find_card, put, tst

    state, oid = gcg_in_hand("p1", n)
    if rank > 1:
        put(state, find_card(state, "p1", tst(rank), ["monster_deck"]), "monster")
    return _gcg_decide(state, "PlayMonster", "p1", card=oid, burst=True)


def gcg_crane_asks(type_: str, **args: Any) -> Any:
    """p1 plays a Ferry Crane (tests/gcg/test_loops.py) and is asked whether to return the other; meanwhile
    p1 sends ``type_`` (its ``card``, if any, is a battle card put into p1's hand)."""
    from tests.gcg.support import BLUE, RED, cmd, run, start_game, to_hand, to_zone, tst, with_cards
    from tests.gcg.test_loops import CRANE, WARD

    state, _ = start_game(with_cards(RED, {CRANE["id"]: 2}), with_cards(BLUE, {WARD["id"]: 1}), extra=[CRANE, WARD])
    to_zone(state, "p1", CRANE["id"], 3)
    run(state, cmd("PlayBattleCard", "p1", card=to_hand(state, "p1", CRANE["id"]), zone=4))  # a yes/no for p1
    if "card" in args:
        args["card"] = to_hand(state, "p1", tst(args["card"]))
    return _gcg_decide(state, type_, "p1", **args)


GCG_ROWS: list[Row] = [
    Row("game/finished", "GCG-1.00 1.2.1", gcg_finished, says="the game is over"),
    Row("game/players", "GCG-1.00 1.1.1", lambda: gcg_start(players=3), says="exactly two players"),
    Row(
        "game/first_player_is_random",
        "GCG-1.00 6.3.1.4",
        lambda: gcg_start(first_player="p1"),
        says="decided in a random manner",
    ),
    Row(
        "game/unknown_variant",
        "GCG-1.00 1.1.1",
        lambda: gcg_start(variant="sealed"),
        says="variant must be one of standard",
    ),
    Row(
        "command/unknown_type",
        "GCG-1.00 8.1.1",
        lambda: _gcg_decide(_gcg_main(), "Fly", "p1"),
        says="unknown command 'Fly'",
    ),
    Row("rules/not_your_turn", "GCG-1.00 8.1.1", gcg_not_your_turn, says="the turn player's action"),
    Row(
        "rules/wrong_card_type",
        "GCG-1.00 8.4.1",
        gcg_rage_with_a_strategy,
        says="Atomic Breath (p1-011) is not a monster card",
    ),
    Row(
        "cards/invalid",
        "GCG-1.00 9.6.3.2.1",
        gcg_invalid_card,
        says="only an automatic ability has a cost",
    ),
    Row(
        "command/malformed",
        "GCG-1.00 12.1.1.1",
        lambda: gcg_loop("DeclareLoop", "p1", actions="loop", times=0),
        says="'times' must be a number of repetitions",
    ),
    Row(
        "command/malformed",
        "GCG-1.00 11.5.2",
        lambda: gcg_main_action("PlayMonster", 5, burst="yes"),
        says="'burst' must be true or false",
    ),
    Row(
        "command/malformed",
        "GCG-1.00 8.5.1",
        lambda: _gcg_decide(_gcg_main(), "PlayMonster", "p1", card=5),
        says="'card' must be the id of a card",
    ),
    Row(
        "command/unknown_object",
        untested="unreachable by a command: domain.hidden.blind_answer answers it only when a command naming an "
        "object its sender may not see is accepted once that id is replaced by one naming no object, and every "
        "GCG command naming an object refuses such an id first (_card_arg: rules/not_in_hand; Choose: not among "
        "its options; DeclareLoop: not the actions performed)",
    ),
    Row(
        "deck/color",
        "GCG-1.00 6.1.1.3",
        lambda: gcg_deck_with({"GCG-TST-040": 1}),
        says="Maser Tank (GCG-TST-040) is blue",
    ),
    Row(
        "deck/invasion_icons",
        "GCG-1.00 6.1.1.2.2",
        lambda: gcg_deck(gcg_invasion_icons),
        says="11 cards with invasion icon 2; at most 10",
    ),
    Row(
        "deck/main_deck_size",
        "GCG-1.00 6.1.1.2",
        lambda: gcg_deck(lambda d: _gcg_count(d, d["main"][0]["card"], -1)),
        says="main deck has 49 cards; exactly 50",
    ),
    Row("deck/malformed", "GCG-1.00 6.1.1", lambda: gcg_deck(lambda d: {"main": []}), says="'monster_deck'"),
    Row(
        "deck/monster_deck",
        "GCG-1.00 6.1.1.1",
        lambda: gcg_deck(lambda d: d.update(monster_deck=["GCG-TST-001", "GCG-TST-002", "GCG-TST-003", "GCG-TST-003"])),
        says="one of each rank I to IV",
    ),
    Row("deck/too_many_copies", "GCG-1.00 6.1.2", gcg_too_many_copies, says="3 cards numbered GCG-TST-950; at most 2"),
    Row("deck/unknown_card", "GCG-1.00 6.1.1", lambda: gcg_deck_with({"GCG-NOPE": 1}), says="unknown card 'GCG-NOPE'"),
    Row("rules/already_invaded", "GCG-1.00 8.6.2", gcg_invade_twice, says="only once per turn"),
    Row(
        "rules/battle_rank_too_high",
        "GCG-1.00 8.2.1",
        lambda: gcg_main_action("PlayBattleCard", 11, zone=3),
        says="Tail Lash has battle rank 2",
    ),
    Row(
        "rules/illegal_choice",
        "GCG-1.00 12.1.1.1",
        lambda: gcg_loop_answer(5, "p2", [6]),
        says="of [0, 1, 2, 3, 4, 5] (loop_response)",
    ),
    Row(
        "rules/illegal_choice",
        "GCG-1.00 9.9.2.2",
        lambda: gcg_replacement_order("p2", ["nonsense"]),
        says="(replacement)",
    ),
    Row(
        "rules/illegal_zone",
        "GCG-1.00 9.5.2.1.2",
        lambda: gcg_main_action("PlayBattleCard", 10, zone=9),
        says="not your invading monster's zone",
    ),
    Row("rules/infinite_loop", "GCG-1.00 12.1.1.2", gcg_repeated_state, says="a game state already seen this turn"),
    Row(
        "rules/loop_action",
        "GCG-1.00 12.1.1.1",
        lambda: gcg_loop_answer(1, "p2", ["yes"]),
        says="an action that is not part of it",
    ),
    Row(
        "rules/loop_not_performed",
        "GCG-1.00 12.1.1.1",
        gcg_loop_not_performed,
        says="starts with one of your main phase actions",
    ),
    Row("rules/loop_not_repeatable", "GCG-1.00 12.1.1.1", gcg_loop_not_repeatable, says="0 more time(s) only, not 1"),
    Row(
        "rules/monster_rank",
        "GCG-1.00 8.5.1",
        lambda: gcg_main_action("PlayMonster", 6),
        says="is rank 3; your invading monster is rank 1",
    ),
    Row(
        "rules/monster_rank",
        "GCG-1.00 11.5.2",
        lambda: gcg_burst(6, 1),
        says="as rank 2; your invading monster is rank 1",
    ),
    Row("rules/monster_trait", "GCG-1.00 8.5.1", gcg_monster_trait, says="Stray Kaiju shares no trait"),
    Row("rules/no_burst", "GCG-1.00 11.5.2", lambda: gcg_burst(5, 1), says="Godzilla Hatchling has no"),
    Row(
        "rules/not_expected",
        "GCG-1.00 9.4.2",
        lambda: _gcg_decide(_gcg_main(), "Choose", "p1", choice=["yes"]),
        says="no choice to make now",
    ),
    Row(
        "rules/not_in_hand",
        "GCG-1.00 8.2.1",
        lambda: gcg_main_action("PlayBattleCard", 40, player="p2", zone=3),
        says="p2-010 is not a card in your hand",
    ),
    Row(
        "rules/not_main_phase_play_timing",
        "GCG-1.00 12.1.1.1",
        lambda: gcg_loop("DeclareLoop", "p2", actions="loop", times=2),
        says="only the turn player declares a loop",
    ),
    Row(
        "rules/not_your_decision",
        "GCG-1.00 1.3.4",
        lambda: gcg_replacement_order("p1", ["x"]),
        says="waits for p2 to choose",
    ),
    Row(
        "rules/strategy_rank_too_high",
        "GCG-1.00 8.3.1",
        lambda: gcg_main_action("ActivateStrategy", 21, zone=1),
        says="Forced March has strategy rank 3",
    ),
    Row("rules/strategy_zones_full", "GCG-1.00 8.3.2", gcg_strategy_zones_full, says="both of your strategy zones"),
    Row(
        "rules/not_main_phase_play_timing",
        "GCG-1.00 8.1.1",
        lambda: gcg_crane_asks("PlayBattleCard", card=10, zone=6),
        says="PlayBattleCard is not possible now: the game waits for yes_no by p1",
    ),
    Row(
        "rules/not_main_phase_play_timing",
        "GCG-1.00 9.4.4.3",
        lambda: gcg_crane_asks("EndMainPhase"),
        says="not given the main phase play timing",
    ),
]


ROWS: dict[str, list[Row]] = {"fow": FOW_ROWS, "gcg": GCG_ROWS, "ll": LL_ROWS}
