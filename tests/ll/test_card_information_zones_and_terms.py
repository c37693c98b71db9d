"""Card information (LL-2.04 2), owner and controller (3.1), the zones (4), the specific terms
(5) and the basics of turns (7.1, 7.6), abilities (9.1, 9.4, 9.8) and rule processing (10.1)
as specifications."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import GameSpec, PlayerSpec
from domain.ll import engine
from domain.ll.characteristics import characteristics
from domain.ll.state import GameState
from tests.ll.support import (
    VANILLAS,
    advance_until,
    catalog,
    cmd,
    deck,
    deploy_given,
    find,
    hand_card,
    level_up,
    pending,
    put,
    rejected,
    run,
    spec,
    start_game,
    take,
    to_main,
    vanilla,
)


def act(n: int, effects: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A test Logicalist ``LL-TST-98n`` with one startup ability (ACT) doing ``effects``."""
    card = vanilla(80 + n, name=f"Actor {n}", abilities=[{"kind": "startup", "effects": effects, **kw}])
    card["id"] = f"LL-TST-98{n}"
    return card


def mine(**flt: Any) -> dict[str, Any]:
    return {"kind": "chosen", "filter": {"zone": "circle", "controller": "you", "other_than_self": True, **flt}}


def all_mine(**flt: Any) -> dict[str, Any]:
    return {"kind": "all", "filter": {"zone": "circle", "controller": "you", **flt}}


SEPTPIA_BLUE = vanilla(20, name="Blue Visitor", worlds=["Septpia"], colors=["blue"], traits=["Knight"])
NAMED = vanilla(21, name="Aoi, Summer", character_names=["Aoi"])
AURA_TWO = vanilla(22, name="Bright Aura", aura=2)
LIMIT_ONE = vanilla(23, name="Narrow Mind", limit=1)
LEADER = vanilla(
    24,
    name="Banner Leader",
    abilities=[{"kind": "continuous", "affects": all_mine(other_than_self=True), "power": 1000}],
)
CARDS = [SEPTPIA_BLUE, NAMED, AURA_TWO, LIMIT_ONE, LEADER]


def game(*extra: dict[str, Any], p1: dict[str, int] | None = None, p2: dict[str, int] | None = None) -> GameState:
    """p1 in its first main phase; one copy of each ``extra`` card in p1's deck."""
    cards = [*CARDS, *extra]
    main = {c["id"]: 1 for c in cards}
    main.update(p1 or {})
    state, _ = start_game(deck(main), deck(p2 or {}), extra=cards)
    to_main(state, "p1")
    return state


def use(state: GameState, source: str, player: str = "p1") -> list[Any]:
    return run(state, cmd("UseAbility", player, source=source, ability=0))


def boost(n: int, **flt: Any) -> dict[str, Any]:
    return act(n, [{"op": "modify", "target": all_mine(**flt), "power": 1000}])


# --- 2 card information --------------------------------------------------------------------------


def test_an_effect_naming_a_card_matches_its_name_or_character_name() -> None:
    """2.1.1-2.1.3: "Aoi" matches the member whose character name is Aoi, not another member."""
    by_name = boost(1, names=["Aoi"])
    state = game(by_name)
    aoi = deploy_given(state, "p1", NAMED["id"], ["FL"])
    other = deploy_given(state, "p1", "LL-TST-900", ["FR"])
    use(state, deploy_given(state, "p1", by_name["id"], ["FC"]))
    assert characteristics(state, aoi).power == 4000
    assert characteristics(state, other).power == 3000


def test_card_types_decide_what_is_a_member_and_where_it_is_played() -> None:
    """2.2.1, 2.2.2: a tactics card is not a member and is not deployed to a circle."""
    state = game(p1={"LL-TST-020": 1})
    tactics = hand_card(state, "p1", "LL-TST-020")
    r = rejected(state, cmd("Deploy", "p1", card=tactics, circles=["FC"]))
    assert r.code == "rules/not_a_member"
    member = hand_card(state, "p1", "LL-TST-900")
    run(state, cmd("Deploy", "p1", card=member, circles=["FC"]))
    assert state.objects[member].zone == "circle"


@pytest.mark.parametrize(
    ("section", "flt"),
    [
        ("2.5.3 worlds", {"worlds": ["Septpia"]}),
        ("2.6.3 traits", {"traits": ["Knight"]}),
        ("2.7.1 colors", {"colors": ["blue"]}),
    ],
)
def test_an_effect_referring_to_a_world_trait_or_color_affects_only_such_cards(section: str, flt: Any) -> None:
    """2.5.3 (<<world>>), 2.6.3 (<trait>), 2.7.1 (color): only the Septpia / Knight / blue member."""
    by = boost(2, **flt)
    state = game(by)
    visitor = deploy_given(state, "p1", SEPTPIA_BLUE["id"], ["FL"])
    plain = deploy_given(state, "p1", "LL-TST-900", ["FR"])  # Monolium, red, no trait
    use(state, deploy_given(state, "p1", by["id"], ["FC"]))
    assert (characteristics(state, visitor).power, characteristics(state, plain).power) == (4000, 3000), section


def test_level_is_the_level_needed_to_play_the_card_and_cost_is_paid_from_stock() -> None:
    """2.8.1, 2.8.2: Gale (level 1) needs one Level Zone card; 2.9.1, 2.9.2: its cost (1) moves one
    Stock card to the Drop Zone."""
    state = game(p1={"LL-TST-005": 1})
    gale = hand_card(state, "p1", "LL-TST-005")
    assert rejected(state, cmd("Deploy", "p1", card=gale, circles=["FC"])).code == "rules/level_requirement"
    level_up(state, "p1", 1)
    stock = list(state.zones["p1"]["stock"])
    drop = len(state.zones["p1"]["drop"])
    run(state, cmd("Deploy", "p1", card=gale, circles=["FC", "BC"]))
    assert len(state.zones["p1"]["stock"]) == len(stock) - 1
    assert len(state.zones["p1"]["drop"]) == drop + 1 and state.zones["p1"]["drop"][-1] in stock


def test_card_text_is_active_only_in_its_zone() -> None:
    """2.12.1, 2.12.2: Banner Leader's continuous ability applies from a circle, not from the hand."""
    state = game()
    other = deploy_given(state, "p1", "LL-TST-900", ["FR"])
    leader = hand_card(state, "p1", LEADER["id"])
    assert characteristics(state, other).power == 3000
    put(state, leader, "circle", circles=["FL"])
    assert characteristics(state, other).power == 4000
    assert characteristics(state, leader).power == 3000  # "other" members only


def battle_to_decision(state: GameState, attacker: str, defender: str) -> Any:
    level_up(state, "p1", 1)
    run(state, cmd("EndMainPhase", "p1"))
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle=state.objects[defender].circles[0]))
    events: list[Any] = []
    while pending(state)[0] in ("intercept", "logic_definition"):
        kind, player = pending(state)
        events += run(state, cmd("DeclineIntercept" if kind == "intercept" else "PassLogic", player))
    return find(events, "BattleDecided")


def test_power_decides_a_battle_of_members() -> None:
    """2.13.1: printed power 3000 against 2500; the greater power wins."""
    state = game(p2={"LL-TST-047": 1})
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    defender = deploy_given(state, "p2", "LL-TST-047", ["FC"])  # Heart Idol, 2500
    assert characteristics(state, attacker).power == 3000 and characteristics(state, defender).power == 2500
    decided = battle_to_decision(state, attacker, defender)
    assert decided.data["winner"] == "attacker" and decided.data["attacker_value"] == 3000


def test_aura_is_the_number_of_aura_icons() -> None:
    """2.14.1, 2.14.2: printed aura 2 and 1; a modify effect adds to it."""
    aura_up = act(3, [{"op": "modify", "target": all_mine(), "aura": 1}])
    state = game(aura_up)
    bright = deploy_given(state, "p1", AURA_TWO["id"], ["FL"])
    plain = deploy_given(state, "p1", "LL-TST-900", ["FR"])
    assert (characteristics(state, bright).aura, characteristics(state, plain).aura) == (2, 1)
    use(state, deploy_given(state, "p1", aura_up["id"], ["FC"]))
    assert (characteristics(state, bright).aura, characteristics(state, plain).aura) == (3, 2)


def test_limit_bounds_the_logic_definitions_of_a_member_in_battle() -> None:
    """2.15.1, 2.15.2: with limit 1, once one card is in the Battle Zone the member may define no more."""
    state = game()
    attacker = deploy_given(state, "p1", LIMIT_ONE["id"], ["FC"])
    deploy_given(state, "p2", "LL-TST-900", ["FC"])
    cards = [hand_card(state, "p1", "LL-TST-901"), hand_card(state, "p1", "LL-TST-902")]
    level_up(state, "p1", 1)
    run(state, cmd("EndMainPhase", "p1"))
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("PassLogic", "p2"))
    run(state, cmd("DefineLogic", "p1", card=cards[0]))
    events = run(state, cmd("PassLogic", "p2"))
    assert find(events, "LogicDefinitionPassed", player="p1").data.get("auto")
    assert state.objects[cards[1]].zone == "hand"


def test_at_most_two_gates_with_the_same_gate_number() -> None:
    """2.17.1: the Gate Number limits gate deck construction (6.1.1.2.2)."""
    d = deck()
    d["gates"] = [{"card": "LL-TST-G01", "count": 3}, {"card": "LL-TST-G02", "count": 1}] + [
        {"card": f"LL-TST-G0{i}", "count": 2} for i in (3, 4, 5)
    ]
    result = engine.start(spec(d, deck(), 1), catalog(VANILLAS))
    assert not isinstance(result, list) and result.code == "deck/gate_number"


def test_a_card_has_no_heart_unless_an_effect_gives_it() -> None:
    """2.21.3, 2.21.4: no printed heart (0); a modify effect gives +1 heart."""
    hearts = act(4, [{"op": "modify", "target": all_mine(other_than_self=True), "heart": 1}])
    state = game(hearts)
    member = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    assert characteristics(state, member).heart == 0
    use(state, deploy_given(state, "p1", hearts["id"], ["FC"]))
    assert characteristics(state, member).heart == 1


# --- 3.1 owner and controller ------------------------------------------------------------------------


def test_only_the_controller_uses_a_cards_ability() -> None:
    """3.1.2, 3.1.2.1: a member in p1's circle is controlled by p1; p2 cannot use its ability
    (9.4.2), and its owner is the player whose deck it started in (3.1.1.1)."""
    drawer = act(5, [{"op": "draw"}])
    state = game(drawer)
    source = deploy_given(state, "p1", drawer["id"], ["FC"])
    assert state.objects[source].owner == "p1"
    advance_until(state, "main", "p2")
    r = rejected(state, cmd("UseAbility", "p2", source=source, ability=0))
    assert (r.code, r.rule) == ("rules/not_your_card", "LL-2.04 9.4.2")


# --- 4 zones -------------------------------------------------------------------------------------------

OPEN = [
    ("4.2.1.1 circle", "circle"),
    ("4.7.1.1 level", "level"),
    ("4.9.1.1 drop", "drop"),
    ("4.10.1.1 remove", "remove"),
    ("4.12.1.1 battle", "battle"),
    ("4.13.1.1 paradox", "paradox"),
    ("4.14.1.1 intercept", "intercept"),
    ("4.15.1.1 soul", "soul"),
    ("4.16.1.1 resolution", "resolution"),
    ("4.17.1.1 purge", "purge"),
    ("4.18.1.1 my logicalist", "my_logicalist"),
]


@pytest.mark.parametrize(("section", "zone"), OPEN)
def test_a_face_up_card_in_an_open_zone_is_seen_by_both_players(section: str, zone: str) -> None:
    """4.2.1.1, 4.7.1.1, 4.9.1.1, 4.10.1.1, 4.12.1.1, 4.13.1.1, 4.14.1.1, 4.15.1.1, 4.16.1.1, 4.17.1.1, 4.18.1.1."""
    state = game()
    host = deploy_given(state, "p1", "LL-TST-901", ["BC"])
    oid = take(state, "p1", "LL-TST-900")
    extra: dict[str, Any] = {"circles": ["FC"]} if zone == "circle" else {}
    if zone == "soul":
        extra = {"soul_of": host}
    put(state, oid, zone, **extra)
    assert engine.is_visible(state, oid, "p2") and engine.is_visible(state, oid, "p1"), section
    assert engine.view(state, "p2")["players"]["p1"]["zones"][zone][-1 if zone != "circle" else 0]["card"]


@pytest.mark.parametrize(
    ("section", "zone", "owner_sees", "opponent_sees"),
    [
        ("4.2.1.2 a face-down Set card in a circle", "set", True, False),
        ("4.7.1.2 a face-down card in the Level Zone", "level", True, False),
        ("4.10.1.2 a face-down card in the Remove Zone", "remove", False, False),
        ("4.12.1.1 a face-down card in the Battle Zone", "battle", True, True),
        ("4.13.1.2 a face-down card in the Paradox Zone", "paradox", True, True),
        ("4.19.1.1.1 a face-down card in the Tool Zone", "tool", True, False),
        ("4.11.1.1 a card in the Refresh Zone", "refresh", False, False),
        ("4.3.1.1 a face-down gate in a Gate Zone", "gate", False, False),
    ],
)
def test_who_sees_a_face_down_card_depends_on_its_zone(
    section: str, zone: str, owner_sees: bool, opponent_sees: bool
) -> None:
    """4.2.1.2, 4.3.1.1, 4.7.1.2, 4.10.1.2, 4.11.1.1, 4.12.1.1, 4.13.1.2, 4.19.1.1.1."""
    state = game()
    if zone == "gate":
        oid = state.zones["p1"]["gate"][0]
    else:
        oid = take(state, "p1", "LL-TST-900")
        if zone == "set":
            member = deploy_given(state, "p1", "LL-TST-901", ["FC"])
            put(state, oid, "circle", circles=["FC"], set_to=member, face_down=True)
        else:
            put(state, oid, zone, face_down=True)
    seen = (engine.is_visible(state, oid, "p1"), engine.is_visible(state, oid, "p2"))
    assert seen == (owner_sees, opponent_sees), section


def test_a_face_up_card_in_the_tool_zone_is_seen_by_any_player() -> None:
    """4.19.1, 4.19.1.1.1: the Tool Zone is closed, but its face-up cards are public."""
    state = game()
    oid = take(state, "p1", "LL-TST-900")
    put(state, oid, "tool", face_down=False)
    assert engine.is_visible(state, oid, "p2")


def test_each_player_has_six_circles_and_six_gate_zones() -> None:
    """4.2.1: six circles (a member may be deployed to each, not to a seventh); 4.3.1: the six
    gates are placed in the Gate Zones at the start of the game."""
    state = game()
    assert len(state.zones["p1"]["gate"]) == 6 and len(state.zones["p2"]["gate"]) == 6
    assert all(state.objects[g].face_down for g in state.zones["p1"]["gate"])
    member = hand_card(state, "p1", "LL-TST-900")
    assert rejected(state, cmd("Deploy", "p1", card=member, circles=["XX"])).code == "command/malformed"
    for circle in ("FL", "FC", "FR", "BL", "BC", "BR"):
        assert isinstance(engine.decide(state, cmd("Deploy", "p1", card=member, circles=[circle])), list)


def test_a_game_is_played_by_exactly_two_players() -> None:
    """1.1.1: a game for three players, or for two with one id, is refused."""
    three = [PlayerSpec(p, p, deck()) for p in ("p1", "p2", "p3")]
    r = engine.start(GameSpec("g", "LL-2.04", "standard", three, seed=1), catalog(VANILLAS))
    assert not isinstance(r, list) and (r.code, r.rule) == ("game/players", "LL-2.04 1.1.1")
    twins = [PlayerSpec("p1", "A", deck()), PlayerSpec("p1", "B", deck())]
    r = engine.start(GameSpec("g", "LL-2.04", "standard", twins, seed=1), catalog(VANILLAS))
    assert not isinstance(r, list) and r.code == "game/players"
    assert isinstance(engine.start(spec(deck(), deck(), 1), catalog(VANILLAS)), list)
