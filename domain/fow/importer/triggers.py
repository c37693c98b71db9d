"""Triggers: "when/whenever/at ..." phrases, other cards' moves, and the automatic abilities
they open (host, status, targeted, turn triggers)."""

from __future__ import annotations

import dataclasses
import re

from domain.fow.importer.conditions import _condition
from domain.fow.importer.continuous import _AS_RULES, _continuous_each, _it_variants
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.sentences import _effects
from domain.fow.importer.targets import _selector
from domain.fow.importer.text import ATTRIBUTE_WORDS, NUM, _capitalise, _Ctx, _number, _sentence_gap

_CARD_ENTERS = re.compile(
    r"^(?:when|whenever) (?P<who>another|an?) (?P<what>.+?) "
    r"(?:enters (?P<field>your) field|comes into (?P<any>a) field)\s*[,:]\s*",
    re.IGNORECASE,
)
"""``Whenever another Six Sages enters your field`` / ``Whenever a non-Dragon resonator comes into a field``
(any player's field)."""
_CARD_TO_GRAVEYARD = re.compile(
    r"^(?:when|whenever) (?:(?P<who>another|an?) (?P<what>.+?)|\"(?P<name>[^\"]+)\") is put into a graveyard from "
    r"(?P<field>your|your opponent's|a) field\s*[,:]\s*",
    re.IGNORECASE,
)


_CARD_ATTACKS = re.compile(
    r"^(?:when|whenever) (?P<who>another|an?) (?!J/resonator )(?P<what>.+?) "
    r"(?P<ctl>you control|your opponent controls) attacks\s*[,:]\s*",
    re.IGNORECASE,
)
"""``Whenever a Werewolf you control attacks``: another card declared as an attacker (8.2 p3)."""


_CARD_DESTROYED = re.compile(
    r"^(?:when|whenever) (?P<who>another|an?) (?P<what>.+?)(?: (?P<ctl>you control|your opponent controls))? "
    r"is destroyed\s*[,:]\s*",
    re.IGNORECASE,
)


_ADDITION_ADDED = re.compile(
    r"^when an addition is added to an? (?P<what>.+?) or an \[Addition:\s*Field\] is put into your field\s*[,:]\s*",
    re.IGNORECASE,
)
"""``When an addition is added to a resonator you control or an [Addition:Field] is put into your field``:
an addition entering a field added to such a card (7.2 p3), or a field addition entering yours."""


_DAMAGED_BY_THIS = re.compile(
    r"^(?:when|whenever) an? (?P<what>.+?) that was dealt damage by this card this turn "
    r"(?P<verb>is destroyed|is put into a graveyard(?: from (?P<field>your|your opponent's|a) field)?)\s*[,:]\s*",
    re.IGNORECASE,
)
"""A card dealt damage by this card this turn can only leave the field as that object: "is put
into a graveyard" is from a field (3.1 p3)."""


def _card_move_trigger(text: str, ctx: _Ctx) -> tuple[str, JsonDict, str] | None:
    """ "Whenever another Six Sages enters your field, ..." / "Whenever a resonator is put into a
    graveyard from your field, ...": (trigger, filter of the moving card, effect text)."""
    stone = re.match(r"^whenever a magic stone is put into your magic stone area\s*[,:]\s*", text, re.IGNORECASE)
    if stone:  # any way into the area (3.7): called, or put there by an effect
        into: JsonDict = {"zone": "stone_area", "types": ["magic_stone"], "controller": "you"}
        return "card_put_into_stone_area", into, text[stone.end() :]
    m = _DAMAGED_BY_THIS.match(text)
    if m:  # "Whenever a resonator that was dealt damage by this card this turn is put into a graveyard"
        phrase = text[: m.end()].rstrip(",: ")
        try:
            damaged, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in damaged:
            raise _GapError(f"trigger: {phrase}")
        where = (m.group("field") or "a").lower()
        damaged.update(
            controller={"your": "you", "your opponent's": "opponent"}.get(where, "any"), damaged_by_source=True
        )
        destroyed = m.group("verb").lower() == "is destroyed"
        return ("card_destroyed" if destroyed else "card_put_into_graveyard_from_field"), damaged, text[m.end() :]
    m = _CARD_ATTACKS.match(text)
    if m:  # "Whenever a Werewolf you control attacks" (8.2 p3)
        phrase = text[: m.end()].rstrip(",: ")
        try:
            attacker, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in attacker:
            raise _GapError(f"trigger: {phrase}")
        attacker["controller"] = "you" if m.group("ctl").lower() == "you control" else "opponent"
        if m.group("who").lower() == "another":
            attacker["other_than_self"] = True
        return "card_attacks", attacker, text[m.end() :]
    m = _CARD_DESTROYED.match(text)
    if m:  # "When a Squad 7 you control is destroyed" (10.9)
        phrase = text[: m.end()].rstrip(",: ")
        try:
            destroyed, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in destroyed:
            raise _GapError(f"trigger: {phrase}")
        destroyed["controller"] = {"you control": "you", "your opponent controls": "opponent"}.get(
            (m.group("ctl") or "").lower(), "any"
        )
        if m.group("who").lower() == "another":
            destroyed["other_than_self"] = True
        return "card_destroyed", destroyed, text[m.end() :]
    for pattern, trigger in (
        (_CARD_ENTERS, "card_enters_field"),
        (_CARD_TO_GRAVEYARD, "card_put_into_graveyard_from_field"),
    ):
        m = pattern.match(text)
        if not m:
            continue
        phrase = text[: m.end()].rstrip(",: ")
        if m.groupdict().get("name"):  # 'When "The Little Prince" is put into a graveyard ...'
            flt: JsonDict = {"zone": "field", "types": [], "name": m.group("name")}
            where = m.group("field")
            flt["controller"] = {"your": "you", "your opponent's": "opponent", "a": "any"}[where.lower()]
            return trigger, flt, text[m.end() :]
        try:
            flt, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in flt:
            raise _GapError(f"trigger: {phrase}")
        where = m.groupdict().get("field") or m.groupdict().get("any") or "your"
        flt["controller"] = {"your": "you", "your opponent's": "opponent", "a": "any"}[where.lower()]
        if (m.group("who") or "").lower() == "another":
            flt["other_than_self"] = True
        return trigger, flt, text[m.end() :]
    return None


# --------------------------------------------------------------------------------------
# trigger conditions opening an ability


def _on(phrase: str) -> re.Pattern[str]:
    """A trigger condition opening an ability: ``phrase``, then its comma or colon."""
    return re.compile(rf"^{phrase}\s*[,:]\s*", re.IGNORECASE)


_TRIGGERS: list[tuple[re.Pattern[str], str, bool]] = [
    (re.compile(r"^\[Enter\]\s*:?\s*", re.IGNORECASE), "enter", True),
    # also the misprints "When this card enters field" (VS01-013) and "When this cards enter your
    # field" (VIN001-055J)
    (_on(r"when this (?:card enters|cards enter) (?:your )?field"), "enters_field", True),
    (_on(r"when this card enters your field or attacks"), "enters_or_attacks", True),
    (
        # also the misprint "When this card it put into a graveyard from a field" (TAT-039)
        _on(r"when this card (?:is|it) put into (?:a|your) graveyard from (?:your|a) field"),
        "put_into_graveyard_from_field",
        True,
    ),
    (_on(r"(?:when|whenever|wenever) this card attacks"), "attacks", True),  # "Wenever": a misprint (VS01-029)
    # the comma left out by a misprint: "Whenever this card attacks you gain 300 life ..." (SKL-005)
    (re.compile(r"^whenever this card attacks\s+(?=you gain\b)", re.IGNORECASE), "attacks", True),
    (_on(r"(?:when|whenever) this card attacks or blocks"), "attacks_or_blocks", True),
    (_on(r"(?:when|whenever) this card blocks"), "blocks", True),
    (_on(r"when this card is destroyed"), "destroyed", True),
    (_on(r"when this card is banished by \[Incarnation\]"), "banished_by_incarnation", False),
    (_on(r"at the beginning of your turn"), "beginning_of_turn", False),
    (_on(r"at the beginning of the game"), "beginning_of_game", False),  # in the first turn (5.1 p1)
    (_on(r"at the beginning of your end phase"), "beginning_of_end_phase", False),
    (_on(r"at the beginning of your main phase"), "beginning_of_main_phase", False),
    (_on(r"at the end of your turn"), "end_of_turn", False),
    (_on(r"at (?:the )?end of (?:each )?turn"), "end_of_each_turn", False),  # "At end of turn" (CMF-027J)
    (_on(r"whenever you gain life"), "you_gain_life", False),
    (
        _on(r"whenever this card deals damage to (?:your|an) opponent"),
        "deals_damage_to_opponent",
        True,
    ),
    (_on(r"whenever this card deals damage"), "deals_damage", True),
    (
        _on(r"(?:when|whenever) this card deals damage to a resonator"),
        "deals_damage_to_resonator",
        True,
    ),
    (
        _on(r"(?:when|whenever) this card deals damage to a resonator while attacking"),
        "deals_damage_to_resonator_while_attacking",
        True,
    ),
    (
        _on(r"whenever a resonator deals damage to this card"),
        "dealt_damage_by_resonator",
        True,
    ),
    (_on(r"whenever this card blocks or is blocked"), "blocks_or_is_blocked", True),
    (
        _on(r"whenever this card blocks or is blocked by a resonator"),
        "blocks_or_is_blocked_by_resonator",
        True,
    ),
    (_on(r"whenever this card is blocked"), "is_blocked", True),
    (_on(r"(?:when|whenever) this card is dealt damage"), "dealt_damage", True),
    (_on(r"whenever damage is dealt to you"), "damage_dealt_to_you", False),
    (_on(r"(?:when|whenever) you play an addition"), "you_play_addition", False),
    (_on(r"whenever you play a normal spell"), "you_play_normal_spell", False),
    # "Whenever you play a chant => Copy it." (WOM-042): "it" is that spell on the chase (10.16 p1.1)
    (_on(r"whenever you play a chant"), "you_play_chant", False),
    (_on(r"whenever your opponent plays a chant"), "opponent_plays_spell", False),
    (_on(r"whenever you play a resonator"), "you_play_resonator", False),
    (_on(r"whenever you awaken a card"), "you_awaken", False),
    (_on(r"whenever your opponent discards a card"), "opponent_discards", False),
    (
        _on(r"whenever an evolution counter is (?:put|placed) on this card"),
        "evolution_counter_put",
        True,
    ),
    (_on(r"whenever an addition is added to this card"), "addition_added", True),
    (
        _on(r"when this card leaves your field for a non-field zone"),
        "leaves_field",
        True,
    ),
    (_on(r"when this card leaves your field"), "leaves_field", True),  # to any zone: a non-field one (3.1)
    (
        _on(r"when this card enters your field or leaves your field for a non-field zone"),
        "enters_or_leaves_field",
        True,
    ),
    (_on(r"when this card shifts"), "shifts", True),
    (_on(r"when this card enters your field or shifts"), "enters_or_shifts", True),
    (
        _on(r"whenever (?:a J/resonator your opponent controls|your opponent's J/resonator) attacks"),
        "opponent_attacks",
        False,
    ),
    (
        _on(r"when this card enters your field from (?:a|your) chant-standby area"),
        "enters_field_from_standby",
        True,
    ),
    (_on(r"when this card enters your magic stone area"), "enters_stone_area", True),  # any way in (3.7)
    (_on(r"when this card in your main deck is removed from the game"), "removed_from_main_deck", True),
]
_PLAYER_TRIGGERS = {
    "when your opponent plays a chant": "opponent_plays_spell",
    "when you play a resonator": "you_play_resonator",
    "when you play a [spell:chant] or [spell:chant-instant] card": "you_play_chant",
    "when you play a summon spell from your hand": "you_play_summon_spell_from_hand",  # 3.13 p3
    "when a j/resonator your opponent controls attacks": "opponent_attacks",
    "when a j/resonator your opponent controls attacks you": "opponent_attacks_you",
    "when a j/resonator you control attacks": "you_attack",
    "at the beginning of your turn": "beginning_of_turn",
    "at the beginning of your end phase": "beginning_of_end_phase",
    "when a j/resonator you control is attacked": "your_j_resonator_attacked",
    "when your opponent discards a card": "opponent_discards",
    "when a resonator your opponent controls attacks or blocks": "opponent_resonator_attacks_or_blocks",
}
_TRIGGERS_WITH_CONDITION: dict[str, tuple[str, JsonDict]] = {
    "at the end of a turn you're dealt damage": ("end_of_each_turn", {"kind": "dealt_damage_this_turn"}),
}
_TRIGGER_START = re.compile(r"^(?:when|whenever|at|as(?! long as)|each time)\b", re.IGNORECASE)
_ACTIVATE_TAIL = [
    (re.compile(r"\s*Play this ability only once per turn\.?$", re.IGNORECASE), "once_per_turn"),
    (
        re.compile(
            r"\s*(?:Play this ability only once each turn|This ability can be played only once per turn)\.?$", re.I
        ),
        "once_per_turn",
    ),
    (
        re.compile(
            r"\s*Play this ability only (?:during main timing|any ?time you could play a \[Spell:\s*Chant\])\.?$",
            re.IGNORECASE,
        ),
        "main_timing",
    ),
]


_SUBJECTS = {
    "deals_damage_to_resonator": "resonator",
    "dealt_damage_by_resonator": "resonator",
    "deals_damage_to_resonator_while_attacking": "resonator",
    "blocks_or_is_blocked_by_resonator": "resonator",
    "you_play_chant": "chase",
}
"""Triggers that name an object the effect may refer back to ("that resonator")."""


def _with_counters_text(raw: str, body: str) -> JsonDict | None:
    """ "This card enters your field with five [+100/+100] counters." / "As this card shifts, put ten
    [+100/+100] counters on it.": counters put as part of the entering (9.10 p1) or the shift (12.8 p2.1)."""
    m = re.fullmatch(
        rf"(?:this card enters your field with (?P<n>{NUM})|as this card shifts, put (?P<s>{NUM})) "
        r"(?P<c>\[[+-]\d+/[+-]\d+\]|[a-z][a-z ]*?) counters(?(s) on (?:it|this card))\.?",
        body.strip(),
        re.IGNORECASE,
    )
    if m is None:
        return None
    replaces = "enters_with_counters" if m.group("n") else "shifts_with_counters"
    count = _number(m.group("n") or m.group("s"))
    out: JsonDict = {"kind": "replacement", "text": raw, "replaces": replaces}
    return {**out, "counter": m.group("c").strip("[]"), "with_counters": count}


def _automatic(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    once = re.search(r"\s*This ability triggers only once per turn\.?$", text, re.IGNORECASE)
    if once:  # a limit on triggering, not an effect
        found = _automatic(raw, text[: once.start()], ctx)
        if found is None:
            return None
        return [{**a, "once_per_turn": True} for a in found]
    for pattern, trigger, it_self in _TRIGGERS:
        m = pattern.match(text)
        if m:
            if trigger in _SUBJECTS:
                ctx = dataclasses.replace(ctx, subject=_SUBJECTS[trigger])
            if trigger in ("put_into_graveyard_from_field", "destroyed", "leaves_field", "removed_from_main_deck"):
                ctx = dataclasses.replace(ctx, own_move=True)
            body = text[m.end() :]
            if trigger == "deals_damage_to_opponent":  # "..., they discard a card": that opponent
                body = re.sub(r"^they (discard|lose)\b", r"your opponent \1s", body, flags=re.IGNORECASE)
            effects = _effects(_capitalise(body), ctx, it_self=it_self)
            both = {
                "attacks_or_blocks": ("attacks", "blocks"),
                "blocks_or_is_blocked": ("blocks", "is_blocked"),
                "enters_or_leaves_field": ("enters_field", "leaves_field"),
                "enters_or_shifts": ("enters_field", "shifts"),
                "enters_or_attacks": ("enters_field", "attacks"),
                "blocks_or_is_blocked_by_resonator": ("blocks_resonator", "is_blocked_by_resonator"),
            }
            if trigger in both:  # two trigger conditions, one ability each (9.6 p1)
                return [{"kind": "automatic", "text": raw, "trigger": t, "effects": effects} for t in both[trigger]]
            if trigger == "deals_damage_to_resonator_while_attacking":  # this card, as it deals the damage
                filtered = {
                    "trigger": "deals_damage_to_resonator",
                    "trigger_filter": {"zone": "field", "attacking": True},
                }
                return [{"kind": "automatic", "text": raw, **filtered, "effects": effects}]
            return [{"kind": "automatic", "text": raw, "trigger": trigger, "effects": effects}]
    special = (
        _host_trigger(raw, text, ctx)
        or _targeted_trigger(raw, text, ctx)
        or _each_players_turn(raw, text, ctx)
        or _status_trigger(raw, text, ctx)
        or _your_j_resonator_targeted(raw, text, ctx)
    )
    if special is not None:
        return special
    added = _ADDITION_ADDED.match(text)
    if added:  # two trigger conditions, one ability each (9.6 p1)
        try:
            host, players = _selector(added.group("what"), ctx)
        except _GapError:
            raise _GapError(f"trigger: {text[: added.end()].rstrip(',: ')}") from None
        if players or host.get("types") != ["resonator"]:
            raise _GapError(f"trigger: {text[: added.end()].rstrip(',: ')}")
        effects = _effects(_capitalise(text[added.end() :]), ctx)
        additions: list[JsonDict] = [
            {"zone": "field", "types": ["addition"], "controller": "any", "added_to": host},
            {"zone": "field", "types": ["addition"], "controller": "you", "subtypes": ["field"]},
        ]
        return [
            {"kind": "automatic", "text": raw, "trigger": "card_enters_field", "trigger_filter": f, "effects": effects}
            for f in additions
        ]
    moved = _card_move_trigger(text, ctx)
    if moved is not None:
        trigger, flt, body = moved
        if trigger == "card_put_into_graveyard_from_field" and flt.get("types") == ["resonator"]:
            # "..., put that resonator from its owner's graveyard into his or her hand" (9.6 p7)
            ctx = dataclasses.replace(ctx, subject="resonator")
        if trigger == "card_enters_field" and "resonator" in flt.get("types", ()):
            # "..., this card deals 500 damage to it": the resonator that entered (9.6 p7)
            ctx = dataclasses.replace(ctx, subject="resonator")
            first, dot, rest = body.partition(".")
            body = re.sub(r"\b(deals \d+ damage to) it$", r"\1 that resonator", first) + dot + rest
        graveyard = trigger == "card_enters_field" and re.search(r"\bthis card from your graveyard\b", body) is not None
        if graveyard:  # "you may add this card from your graveyard to that resonator": works there (9.2 p2)
            ctx = dataclasses.replace(ctx, in_graveyard=True)
        effects = _effects(_capitalise(body), ctx)
        moved_ability: JsonDict = {
            "kind": "automatic",
            "text": raw,
            "trigger": trigger,
            "trigger_filter": flt,
            "effects": effects,
        }
        return [{**moved_ability, "from_graveyard": True} if graveyard else moved_ability]
    rules = _AS_RULES.get(text.rstrip(". ").lower())
    if rules is not None:  # "As ..." here is a rule for a choice, not a trigger condition
        return [{"kind": "continuous", "text": raw, "rules": dict(rules)}]
    if _TRIGGER_START.match(text):
        m = re.match(r"^(?P<trigger>[^,:]+)[,:]\s*(?P<body>.+)$", text)
        if not m:
            raise _GapError(f"trigger: {text}")
        reason = f"trigger: {m.group('trigger').strip()}"
        try:  # is the trigger the only thing missing?
            _effects(_capitalise(m.group("body")), ctx, it_self=bool(re.search(r"\bthis card\b", m.group("trigger"))))
        except _GapError as gap:
            reason += f" + {_sentence_gap(gap.reason, m.group('body'))}"
        raise _GapError(reason)
    return None


_HOST_TRIGGERS: list[tuple[re.Pattern[str], str]] = [
    (_on(r"whenever added (?:j/)?resonator attacks"), "attacks"),
    (_on(r"whenever damage is dealt to added (?:j/)?resonator"), "dealt_damage"),
    (_on(r"whenever (?:added )?resonator with this becomes rested"), "becomes_rested"),
    (
        _on(r"whenever added (?:j/)?resonator deals damage to a resonator your opponent controls"),
        "deals_damage_to_resonator",
    ),
    (
        _on(r"when (?:added (?:j/)?resonator|the resonator with this) is put into a graveyard from a field"),
        "put_into_graveyard_from_field",
    ),
]
"""Trigger conditions on an addition naming the card it is added to instead of this card."""


def _host_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Whenever added resonator attacks, it gains [+500/+500] until end of turn and deals 500
    damage to you." on an addition to a J/resonator: the trigger condition names the card this
    addition is added to (FoW-5.5 7.2 p3, 9.6 p1) and "it" in the effect is that card."""
    if ctx.type != "addition" or ctx.subtype not in ("resonator", "j_resonator"):
        return None
    added = "added resonator" if ctx.subtype == "resonator" else "added J/resonator"
    for pattern, trigger in _HOST_TRIGGERS:
        m = pattern.match(text)
        if m is None:
            continue
        body = text[m.end() :]
        # "it gains [..] until end of turn and deals 500 damage to you": two effects of the added card
        body = re.sub(
            r"^it gains (?P<g>[^.]+? until end of turn) and deals ", rf"{added} gains \g<g>. {added} deals ", body
        )
        body = re.sub(r"^it\b", added, body)
        ability: JsonDict = {"kind": "automatic", "text": raw, "trigger": trigger, "host_trigger": True}
        back = re.fullmatch(r"put that (?:j/)?resonator into (?:its|it) owner'?s field\.?", body, re.IGNORECASE)
        if back is not None and trigger == "put_into_graveyard_from_field":  # "it owner's": a misprint (MOA-035)
            that = {"kind": "that", "filter": {"zone": "graveyard", "types": []}}  # where it went (3.1 p3)
            return [{**ability, "effects": [{"op": "put_into_field", "target": that, "owners_field": True}]}]
        if trigger == "put_into_graveyard_from_field":  # "that resonator's controller": as it left (9.11)
            ctx = dataclasses.replace(ctx, subject="resonator")
        elif trigger == "deals_damage_to_resonator":  # "that resonator": the one dealt damage (9.6 p5)
            ctx = dataclasses.replace(ctx, subject="resonator")
            ability["subject_filter"] = {"zone": "field", "types": ["resonator"], "controller": "opponent"}
        else:  # "that resonator's controller": the card it is added to
            body = re.sub(r"\bthat resonator's controller\b", f"{added}'s controller", body)
        return [{**ability, "effects": _effects(_capitalise(body), ctx)}]
    return None


_SAME_NAME_STONES = re.compile(
    r"^when you control two or more true magic stones with (?:the )?same name\s*[,:]\s*banish all but one of them\.?$",
    re.IGNORECASE,
)
_TRUE_STONES: JsonDict = {
    "zone": "stone_area",
    "types": ["magic_stone"],
    "controller": "you",
    "stone_types": ["True Magic Stone"],
}
_STATUS = re.compile(r"^when you control (?P<c>a J-Ruler)\s*[,:]\s*", re.IGNORECASE)


def _status_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "When you control two or more true magic stones with the same name, banish all but one of
    them." / "When you control a J-Ruler, banish this card.": status automatic abilities (FoW-5.5
    9.6 p9): they trigger whenever the status holds and they are not already triggered (9.6 p9.1);
    the status is the ability's ``condition``.  "Them": the true magic stones sharing a name, of
    which the controller keeps one of each name (10.10 p1)."""
    if _SAME_NAME_STONES.match(text):
        status = {"kind": "controls", "filter": dict(_TRUE_STONES), "at_least": 2, "same_name": True}
        effects: list[JsonDict] = [{"op": "banish", "filter": dict(_TRUE_STONES), "who": "you", "all_but_one": True}]
        return [{"kind": "automatic", "text": raw, "trigger": "status", "condition": status, "effects": effects}]
    m = _STATUS.match(text)
    if m is None:
        return None
    status = _condition(f"you control {m.group('c')}", ctx)
    effects = _effects(_capitalise(text[m.end() :]), ctx, it_self=True)
    return [{"kind": "automatic", "text": raw, "trigger": "status", "condition": status, "effects": effects}]


_J_RESONATOR_TARGETED = re.compile(
    r"^when a spell or ability your opponent controls targets a J/resonator you control\s*[,:]\s*", re.IGNORECASE
)


def _your_j_resonator_targeted(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "When a spell or ability your opponent controls targets a J/resonator you control, you may banish
    this card. If you do, cancel that spell or ability." (TMS-065): it triggers once as such a spell or
    ability is played choosing one or more J/resonators you control as targets (FoW-5.5 9.3 p2, 9.6 p1);
    "that spell or ability" is the one on the chase that made it trigger."""
    m = _J_RESONATOR_TARGETED.match(text)
    if m is None:
        return None
    effects = _effects(_capitalise(text[m.end() :]), dataclasses.replace(ctx, subject="chase"), it_self=True)
    ability: JsonDict = {"kind": "automatic", "text": raw, "trigger": "your_j_resonator_targeted"}
    return [{**ability, "targeted_by": {"controller": "opponent"}, "effects": effects}]


_TARGETED = re.compile(
    r"^when this card becomes targeted by (?:(?P<own>spells or abilities your opponent controls)|"
    r"(?P<a>light|fire|water|wind|darkness) spells or (?P=a) card's abilities)\s*[,:]\s*",
    re.IGNORECASE,
)


def _targeted_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "When this card becomes targeted by spells or abilities your opponent controls, he or she
    loses 500 life." / "... by water spells or water card's abilities, destroy it.": it triggers as
    a spell (a card on the chase, FoW-5.5 3.13 p3) or an ability is played choosing this card as
    a target (9.3 p2, 9.6 p1); "he or she" is that opponent."""
    m = _TARGETED.match(text)
    if m is None:
        return None
    body = text[m.end() :]
    by: JsonDict = {}
    if m.group("own"):
        by["controller"] = "opponent"
        body = re.sub(r"^he or she (loses|discards|draws)\b", r"your opponent \1", body, flags=re.IGNORECASE)
    else:
        by["attributes"] = [ATTRIBUTE_WORDS[m.group("a").lower()]]
    effects = _effects(_capitalise(body), ctx, it_self=True)
    return [{"kind": "automatic", "text": raw, "trigger": "becomes_targeted", "targeted_by": by, "effects": effects}]


_EACH_PLAYERS_TURN = re.compile(
    r"^at the beginning of each player's turn\s*[,:]\s*that player banishes (?P<what>[^.]+)\.?$", re.IGNORECASE
)


def _each_players_turn(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "At the beginning of each player's turn, that player banishes a resonator.": at the beginning
    of your turn you banish one, at the beginning of your opponent's turn they do (5.1 p1, 10.10):
    one ability for each turn, the player of that turn choosing."""
    m = _EACH_PLAYERS_TURN.match(text)
    if m is None:
        return None
    theirs = _effects(f"Your opponent banishes {m.group('what')}.", ctx)
    if len(theirs) != 1 or theirs[0].get("op") != "banish" or theirs[0].get("who", "opponent") != "opponent":
        raise _GapError(f"effect: That player banishes {m.group('what')}.")
    yours = [{**theirs[0], "who": "you"}]
    return [
        {"kind": "automatic", "text": raw, "trigger": "beginning_of_turn", "effects": yours},
        {"kind": "automatic", "text": raw, "trigger": "beginning_of_opponents_turn", "effects": theirs},
    ]


_PHASE_TRIGGER_SENTENCE = re.compile(
    r"(?<=\.)\s+(?=At the (?:end|beginning) of |When (?:the resonator with this|added resonator) is put into a "
    r"graveyard from a field)",
    re.IGNORECASE,
)


def _continuous_then_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "[Continuous]: Added resonator gains [-300/-300]. At the end of turn, this card deals 300
    damage to added resonator's controller.": two abilities under one label, a continuous one
    (FoW-5.5 9.7) and an automatic one whose trigger condition opens its own sentence (9.6 p1,
    5.4 p3). Only when the sentences before it are wholly continuous: a static ability makes no
    delayed effect, so the "At the ..." sentence cannot belong to it (9.6 p8)."""
    parts = _PHASE_TRIGGER_SENTENCE.split(text.strip(), maxsplit=1)
    if len(parts) != 2:
        return None
    head, tail = parts
    try:
        first = _it_variants(raw, head, ctx) or _continuous_each(raw, head, ctx)
        second = _automatic(raw, tail, ctx)
    except _GapError:
        return None
    if second is None or any(a.get("kind") != "continuous" for a in first):
        return None
    return first + second


_HOST_TURN_END = re.compile(
    r"(?P<body>[^.]*\badded (?:j/)?resonator\b[^.]*?) at the end of its controller's turn\.?", re.IGNORECASE
)


def _host_turn_end(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "[Continuous]: Destroy added resonator at the end of its controller's turn." on an addition:
    an automatic ability whose trigger condition closes the sentence; "its" is the added resonator,
    so it triggers at the end of the turn of the player controlling that card (5.4 p3, 7.2 p3)."""
    m = _HOST_TURN_END.fullmatch(text.strip())
    if m is None or ctx.type != "addition" or ctx.subtype not in ("resonator", "j_resonator"):
        return None
    try:
        effects = _effects(_capitalise(m.group("body").strip()), ctx)
    except _GapError:
        return None
    return [{"kind": "automatic", "text": raw, "trigger": "end_of_host_controllers_turn", "effects": effects}]
