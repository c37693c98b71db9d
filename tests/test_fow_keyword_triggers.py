"""Trigger conditions and rules for choices of real Grimm and Alice cards, in the form the
importer gives them, executed by the engine (given events / when command / then events or a
cited rejection)."""

from __future__ import annotations

from domain.fow import engine
from tests.fow_support import cmd, rejected, run
from tests.test_fow_real_decks import own, vocab_game
from tests.test_fow_real_triggers_costs import in_main_phase_of, pass_until


def test_a_card_to_be_chosen_as_you_choose_a_card_to_attack() -> None:
    # Charging Assaulter (SKL-082): "As you choose a card to attack, you must choose this card if
    # able." Endless War (TAT-025): "[Continuous]: Resonators must attack if able." Both
    # resonators are required to attack, but the Assaulter is the one to choose (8.2 p3.1)
    state = vocab_game({"SKL-082": 4, "TAT-025": 4, "T-BEAR": 4}, {"T-STONE": 10})
    pass_until(state, in_main_phase_of("p2"))
    assaulter, bear = own(state, "p1", "SKL-082", "field"), own(state, "p1", "T-BEAR", "field")
    own(state, "p1", "TAT-025", "field")
    pass_until(state, in_main_phase_of("p1"))
    run(state, cmd("InitiateBattle", "p1"))
    pass_until(state, lambda s: s.pending.kind == "declare_attack")
    offered = {c.args["attacker"] for c in engine.legal_actions(state, "p1") if c.type == "DeclareAttack"}
    assert offered == {assaulter}
    no = rejected(state, cmd("DeclareAttack", "p1", attacker=bear, target="p2"))
    assert (no.code, no.rule) == ("rules/must_attack", "FoW-5.5 8.2 p3.1")
    events = run(state, cmd("DeclareAttack", "p1", attacker=assaulter, target="p2"))
    assert [e.data for e in events if e.type == "AttackDeclared"] == [{"attacker": assaulter, "target": "p2"}]
