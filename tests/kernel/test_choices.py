"""A choice of N from M is one parameterised legal action (``domain.kernel.Choice``,
docs/legal-actions.md): ``decide`` checks a selection against it and refuses a wrong count,
an unknown or repeated candidate and a broken constraint, naming the problem and the rule."""

from __future__ import annotations

from domain.fow import engine as fow
from domain.kernel import Choice, Command, Rejection, offer_choice
from tests.fow.support import start_game

DISCARD = Choice("cards", ("a", "b", "c", "d"), 2, 2, "FoW-5.5 5.4 p5.4")


def test_a_selection_of_the_right_size_among_the_candidates_is_a_choice() -> None:
    """FoW-5.5 5.4 p5.4: choose exactly as many cards as the excess."""
    assert DISCARD.check(["a", "c"]) is None
    assert list(Choice("cards", ("a", "b"), 0, 2, "r").selections()) == [[], ["a"], ["b"], ["a", "b"]]


def test_a_wrong_count_an_unknown_and_a_repeated_candidate_are_refused_citing_the_rule() -> None:
    """FoW-5.5 5.4 p5.4: each refusal names what is wrong and cites the rule asking for the choice."""
    cases = {
        "choice/wrong_count": ["a"],
        "choice/unknown_candidate": ["a", "z"],
        "choice/duplicate": ["a", "a"],
        "choice/not_a_selection": "a",
    }
    for code, selection in cases.items():
        refused = DISCARD.check(selection)
        assert refused is not None and refused.code == code and refused.rule == "FoW-5.5 5.4 p5.4", (code, refused)
    wrong = DISCARD.check(["a", "b", "c"])
    assert wrong is not None and "exactly 2" in wrong.message and "3 were chosen" in wrong.message


def test_distinct_names_refuses_two_cards_of_one_name() -> None:
    """The ``distinct_names`` constraint: no two chosen cards have the same name."""
    choice = Choice("cards", ("a", "b", "c"), 0, 3, "r", ("distinct_names",))
    names = {"a": "Flame Cat", "b": "Flame Cat", "c": "Hunter"}.__getitem__
    assert choice.check(["a", "c"], names) is None
    refused = choice.check(["a", "b"], names)
    assert refused is not None and refused.code == "choice/same_name"


def test_one_left_per_group_keeps_exactly_one_card_of_each_name() -> None:
    """FoW-5.5 10.10 p1 ("banish all but one of them", one of each name kept): given two groups of
    one name each, when all but one of each group is chosen, then it is a choice; when a group loses
    every card or keeps two, then ``choice/one_left_per_group`` is refused citing the rule."""
    keep = Choice(
        "cards",
        ("a1", "a2", "b1", "b2", "b3"),
        3,
        3,
        "FoW-5.5 10.10 p1",
        ("one_left_per_group",),
        (("a1", "a2"), ("b1", "b2", "b3")),
    )
    assert keep.check(["a1", "b1", "b3"]) is None
    assert [sorted(s) for s in keep.selections()] == [
        ["a1", "b1", "b2"],
        ["a1", "b1", "b3"],
        ["a1", "b2", "b3"],
        ["a2", "b1", "b2"],
        ["a2", "b1", "b3"],
        ["a2", "b2", "b3"],
    ]
    for broken in (["a1", "a2", "b1"], ["b1", "b2", "b3"]):
        refused = keep.check(broken)
        assert refused is not None and (refused.code, refused.rule) == ("choice/one_left_per_group", "FoW-5.5 10.10 p1")
        assert "exactly one card of each of the groups is left unchosen" in refused.message
    assert keep.to_dict()["groups"] == [["a1", "a2"], ["b1", "b2", "b3"]]


def test_one_per_group_is_a_x_and_or_a_y() -> None:
    """FoW-5.5 10.13 p2 ("search for a X and/or a Y"): given the cards of each kind (``xy`` is both),
    when each chosen card stands for a different kind, then it is a choice; when two stand for the
    same kind only, then ``choice/one_per_group`` is refused citing the rule."""
    search = Choice(
        "cards",
        ("x1", "x2", "y1", "xy"),
        0,
        2,
        "FoW-5.5 10.13 p2",
        ("one_per_group",),
        (("x1", "x2", "xy"), ("y1", "xy")),
    )
    for fine in ([], ["x2"], ["y1"], ["x1", "y1"], ["xy", "x1"], ["xy", "y1"]):
        assert search.check(fine) is None, fine
    refused = search.check(["x1", "x2"])
    assert refused is not None and (refused.code, refused.rule) == ("choice/one_per_group", "FoW-5.5 10.13 p2")
    assert ["x1", "x2"] not in list(search.selections()) and ["x1", "y1"] in list(search.selections())
    assert search.to_dict()["constraints"] == ["one_per_group"]


def test_one_per_group_matches_many_groups_at_once() -> None:
    """FoW-5.5 3.16 p1, 2.2 (a sideboard's "At the beginning of the game" reveals, one card of a name): given
    sixteen groups, when sixteen cards are chosen, one of each, then it is a choice - found by matching,
    not by trying the 16! assignments; when two cards hold only one group between them, refused."""
    groups = tuple((f"a{i}", f"b{i}") for i in range(16))
    reveal = Choice("cards", tuple(o for g in groups for o in g), 0, 32, "FoW-5.5 3.16 p1", ("one_per_group",), groups)
    assert reveal.check([f"b{i}" for i in reversed(range(16))]) is None
    refused = reveal.check([*(f"a{i}" for i in range(15)), "a15", "b15"])
    assert refused is not None and (refused.code, refused.rule) == ("choice/one_per_group", "FoW-5.5 3.16 p1")
    shared = Choice("cards", ("x", "y", "z"), 0, 3, "r", ("one_per_group",), (("x", "y"), ("x",), ("y", "z")))
    assert shared.check(["y", "x", "z"]) is None  # y moves over to make room: x-(x), y-(x,y), z-(y,z)


def test_the_listed_selection_meets_the_group_constraints() -> None:
    """FoW-5.5 10.10 p1: given four names of two cards each, the one listed action keeps one of
    each name, found among the selections meeting the constraint however many others come first."""
    groups = (("a1", "a2"), ("b1", "b2"), ("c1", "c2"), ("d1", "d2"))
    keep = Choice(
        "cards", tuple(o for g in groups for o in g), 4, 4, "FoW-5.5 10.10 p1", ("one_left_per_group",), groups
    )
    (listed,) = offer_choice(Command("ChooseCards", "p1", {}, choice=keep), lambda c: True, 1)
    assert keep.check(listed.args["cards"]) is None and listed.args["cards"] == ["a1", "b1", "c1", "d1"]


def test_the_hand_change_is_one_action_and_decide_checks_its_selection() -> None:
    """FoW-5.5 4.2 p4: the player may put any of the cards in hand back: one legal action whose
    candidates are the hand, not one action per subset; a repeated card is refused."""
    s, _ = start_game(seed=5, first_player="p1")
    assert s.pending is not None and s.pending.kind == "hand_change"
    changes = [c for c in fow.legal_actions(s, "p1") if c.type == "ChangeHand"]
    assert len(changes) == 1 and changes[0].choice is not None
    hand = list(s.zones["p1"]["hand"])
    assert changes[0].choice.candidates == tuple(hand) and (
        changes[0].choice.min_count,
        changes[0].choice.max_count,
    ) == (
        0,
        len(hand),
    )
    assert not isinstance(fow.decide(s, Command("ChangeHand", "p1", {"cards": hand[:2]})), Rejection)
    refused = fow.decide(s, Command("ChangeHand", "p1", {"cards": [hand[0], hand[0]]}))
    assert isinstance(refused, Rejection) and refused.rule.endswith("4.2 p4") and "distinct" in refused.message


def test_labels_name_visible_cards_and_never_a_hidden_one() -> None:
    """FoW-5.5 3.1 p2 (hidden information): a label names the player's own cards, never the
    opponent's hand."""
    s, _ = start_game(seed=5, first_player="p1")
    change = next(c for c in fow.legal_actions(s, "p1") if c.type == "ChangeHand")
    text = fow.label(s, change)
    assert text.startswith("Change hand: choose 0 to ")
    assert all(s.card_of(o).name in text for o in s.zones["p1"]["hand"])
    opponent = s.zones["p2"]["hand"][0]
    assert (
        fow.label(s, Command("ChangeHand", "p1", {"cards": [opponent]})) == "Change hand (cards: [a card in p2's hand])"
    )
