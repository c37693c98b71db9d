"""HTTP request and response bodies (pydantic v2).  Never domain objects: ``api.app``
converts at the edge."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

ID = r"^[A-Za-z0-9_-]{1,64}$"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorDetail(BaseModel):
    code: str = Field(examples=["game/version_conflict"], description="Stable machine-readable code.")
    message: str
    rule: str | None = Field(default=None, examples=["FoW-5.5 7.1 p1"], description="Citation, for rule rejections.")
    details: Any = None


class ErrorResponse(BaseModel):
    """Every error response, including validation errors, 404/405 and 500."""

    error: ErrorDetail


class Health(BaseModel):
    status: Literal["ok"] = "ok"


class RulesetOut(BaseModel):
    ruleset: str = Field(examples=["FoW-5.5"])
    variants: list[str]
    starter_decks: list[str]


class DeckEntry(Strict):
    card: str = Field(min_length=1, max_length=128)
    count: int = Field(default=1, ge=1, le=100)


AUTOMATIC_CARDS = (
    "Force of Will 5.5: whether the player is asked, at each happening that could trigger an automatic "
    "[Spell:Chant-Standby] card, whether to reveal one from their hand or chant-standby area (FoW-5.5 9.6 p2, "
    "7.9 p2): 'ask' or 'never'. Required (deck/automatic_cards_in_hand_unset) when the deck or sideboard "
    "holds such a card; public."
)


class StarterDeck(Strict):
    """A built-in starter deck, by name (see ``GET /rulesets``)."""

    starter: str = Field(pattern=ID)
    sideboard: list[DeckEntry] | None = Field(
        default=None,
        max_length=500,
        description="Force of Will: cards owned outside the game besides the starter deck (FoW-5.5 3.16 p1).",
    )
    automatic_cards_in_hand: Literal["ask", "never"] | None = Field(default=None, description=AUTOMATIC_CARDS)


class DeckList(BaseModel):
    """A deck list.  Further game-specific parts (e.g. Luck & Logic ``gates``) are passed
    through to the rules engine, which validates the deck."""

    model_config = ConfigDict(extra="allow")
    ruler: str | None = Field(default=None, max_length=128)
    main: list[DeckEntry] = Field(max_length=500)
    stones: list[DeckEntry] = Field(default_factory=list, max_length=500)
    sideboard: list[DeckEntry] | None = Field(
        default=None,
        max_length=500,
        description="Force of Will: the cards the player owns outside the game (FoW-5.5 3.16 p1): the sideboard "
        "in a tournament, otherwise the cards of their collection not in their deck they bring.",
    )
    automatic_cards_in_hand: Literal["ask", "never"] | None = Field(default=None, description=AUTOMATIC_CARDS)
    monster_deck: list[DeckEntry | str] | None = Field(
        default=None,
        max_length=500,
        description="Grand Card Game: the monster deck, card ids or {card, count} (the engine checks its size).",
    )


class PlayerIn(Strict):
    id: str = Field(pattern=ID)
    name: str = Field(min_length=1, max_length=100)
    deck: StarterDeck | DeckList


class CreateGameRequest(Strict):
    ruleset: str = Field(max_length=64, examples=["FoW-5.5"])
    variant: str = Field(max_length=64, examples=["valhalla"])
    players: list[PlayerIn] = Field(min_length=1, max_length=8)
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**64,
        description="A client-chosen seed: refused (`game/client_seed_disabled`) unless the server enables "
        "`ADJUDICATOR_ALLOW_CLIENT_SEED`; such games are marked `client_seeded`. Absent: the players contribute "
        "entropy (docs/randomness.md).",
    )
    first_player: str | None = Field(default=None, pattern=ID)
    game_id: str | None = Field(default=None, pattern=ID, description="Generated when absent.")
    unsupported: Literal["refuse", "manual"] = Field(
        default="manual",
        description="Cards with text the rules engine cannot adjudicate: 'refuse' rejects the game naming them; "
        "'manual' plays them with that text adjudicated by hand (listed in 'manual', marked in every event).",
    )
    catalog: str | None = Field(
        default=None,
        pattern=r"^[0-9a-f]{64}$",
        description="The hash of a catalog loaded with POST /catalogs: its cards are played over the built-in "
        "ones and the game pins the hash (docs/card-schema.md). Absent: the built-in catalog.",
    )


class ManualCardOut(BaseModel):
    card: str
    name: str
    abilities: list[str] = Field(description="Card text the rules engine does not adjudicate.")


class PlayerOut(BaseModel):
    id: str
    name: str


class CreateGameResponse(BaseModel):
    game_id: str
    ruleset: str
    variant: str
    version: int
    players: list[PlayerOut]
    player_tokens: dict[str, str] = Field(
        description="Bearer token per player id. Shown only here: the server keeps only their hashes."
    )
    tokens_expire_at: datetime = Field(
        description="When the player tokens stop working (`ADJUDICATOR_TOKEN_LIFETIME_SECONDS` after issue); "
        "a judge can reissue one with `POST /games/{game_id}/players/{player}/token`."
    )
    manual: list[ManualCardOut] = Field(
        default_factory=list, description="Cards in the decks whose listed text is adjudicated by hand."
    )
    status: Literal["awaiting_entropy", "started"] = Field(
        description="`awaiting_entropy`: each player now sends `POST /games/{game_id}/entropy`; the game is dealt "
        "(and `version` > 0) once all have, or after `entropy_deadline` on `POST /games/{game_id}/deal`."
    )
    randomness: Literal["contributed", "client_seeded", "server"] = Field(
        description="How the shuffle seed is chosen (docs/randomness.md): from a committed server seed and the "
        "players' entropy, by the client at creation, or (older games) by the server alone."
    )
    client_seeded: bool = Field(description="True when the creator chose the seed: the deal was knowable to them.")
    server_seed_commitment: str | None = Field(
        default=None, description="Contributed games: the sha256 commitment to the server seed, published at creation."
    )
    entropy_deadline: datetime | None = Field(
        default=None, description="After this a player who contributed, or a judge, may deal without the rest."
    )
    receipt: ReceiptOut | None = Field(default=None, description="The signed head of the new game.")


class ReceiptOut(BaseModel):
    """The server's signature of a game's head (docs/integrity.md): keep it; ``POST
    /games/{game_id}/receipts/verify`` later tells whether the store still holds it."""

    game_id: str
    version: int
    head: str = Field(examples=["hmac-sha256:k1:5f0c..."], description="The chain link of the event at `version`.")
    kid: str = Field(description="The id of the server key that signed the receipt.")
    signature: str = Field(description="HMAC-SHA256 (hex) of the game id, version and head.")


class IntegrityOut(BaseModel):
    """What the server found checking the game's stored events (docs/integrity.md)."""

    model_config = ConfigDict(extra="allow")
    status: Literal["intact", "broken"]
    broken_at: int | None = Field(default=None, description="The first stored event that fails verification.")
    reason: str = ""


class TokenResponse(BaseModel):
    game_id: str
    player: str
    token: str = Field(description="The player's new bearer token, shown only here; the previous one stops working.")
    expires_at: datetime


class EventOut(BaseModel):
    seq: int
    type: str
    data: dict[str, Any]
    rule: str = Field(examples=["FoW-5.5 8.5 p2"])
    cause: str = Field(examples=["cmd:3f0c9a6e", "ev:40"])
    actor: str


class CommandRequest(Strict):
    """A command of the player the bearer token belongs to."""

    command_id: str = Field(min_length=1, max_length=128, description="Idempotency key: resending it is safe.")
    expected_version: int | None = Field(default=None, ge=0, description="The game version the command is based on.")
    type: str = Field(min_length=1, max_length=64, examples=["DeclareAttack"])
    args: dict[str, Any] = Field(default_factory=dict)


class CommandResponse(BaseModel):
    version: int
    events: list[EventOut] = Field(description="As the submitting player may see them.")
    receipt: ReceiptOut | None = Field(default=None, description="The signed head at `version`: keep it.")


class ChoiceOut(BaseModel):
    """A choice of N from M (docs/legal-actions.md): the action is ONE legal action; send its
    command with any selection of ``min`` to ``max`` distinct ``candidates`` as ``args[arg]``."""

    arg: str = Field(description="The argument that carries the selection, e.g. `cards`.")
    candidates: list[str]
    min: int = Field(ge=0)
    max: int = Field(ge=0)
    constraints: list[Literal["distinct_names", "one_left_per_group", "one_per_group"]] = Field(
        default_factory=list, description="Conditions on the whole selection (docs/legal-actions.md)."
    )
    groups: list[list[str]] = Field(
        default_factory=list, description="Sets of candidates the group constraints speak of (docs/legal-actions.md)."
    )
    rule: str = Field(description="The rule that asks for the choice, e.g. `FoW-5.5 4.2 p4`.")


class CommandOut(BaseModel):
    type: str
    player: str
    args: dict[str, Any] = Field(description="Complete arguments; for a choice, one valid selection.")
    label: str = Field(default="", description="Human-readable, from what the player may see.")
    choice: ChoiceOut | None = Field(default=None, description="Set when the action is a choice of N from M.")


DecisionKind = Literal[
    "activate",
    "attack",
    "attribute",
    "attributes",
    "banish",
    "beginning_of_game_reveal",
    "choose",
    "confirm",
    "declare_attack",
    "declare_block",
    "discard",
    "discard_chosen",
    "discard_to_hand_size",
    "fight",
    "hand_change",
    "hand_limit",
    "intercept",
    "invade",
    "keep",
    "keep_rested",
    "level",
    "logic_definition",
    "look",
    "look_more",
    "look_order",
    "look_take",
    "loop_response",
    "loop_times",
    "main",
    "modes",
    "move_onto",
    "name_card",
    "name_card_type",
    "number",
    "option",
    "optional",
    "order_auto",
    "pay_life",
    "pierce",
    "play_battle",
    "priority",
    "put_from_hand",
    "put_from_outside",
    "put_from_removed",
    "race",
    "recover",
    "redraw",
    "replacement",
    "reveal_automatic_card",
    "reveal_outside",
    "rule_action_order",
    "rule_choice",
    "search",
    "skill",
    "strategy_zone",
    "successor",
    "swap",
    "targets",
    "trigger",
    "turn_order",
    "yes_no",
    "zone",
]
"""Every ruleset's decision kinds (each engine's ``DECISION_KINDS``; docs/legal-actions.md lists
which ruleset has which)."""


class DecisionOut(BaseModel):
    """The decision the game waits for (docs/legal-actions.md)."""

    kind: DecisionKind = Field(description="What is asked; the kinds of each ruleset are in docs/legal-actions.md.")
    player: str = Field(description="Who must act.")
    options: list[CommandOut] = Field(
        description="The legal actions of `player` at the state's version (for `?at=`, the ones that player had "
        "then): shown to that player and to the judge only, empty for others."
    )


class LegalActionsResponse(BaseModel):
    game_id: str
    player: str
    version: int
    actions: list[CommandOut]
    integrity: IntegrityOut | None = None


class ForkedFromOut(BaseModel):
    """A fork's origin (docs/judge-interventions.md)."""

    game_id: str
    version: int
    head: str = Field(description="The original's chain link at `version`.")


class StateResponse(BaseModel):
    game_id: str
    ruleset: str
    variant: str
    version: int
    viewer: str | None = Field(description="The player whose view this is; null for the full (judge) view.")
    players: list[PlayerOut]
    finished: bool | None
    state: dict[str, Any]
    randomness: Literal["contributed", "client_seeded", "server"] = Field(
        description="How the shuffle seed is chosen (docs/randomness.md): from a committed server seed and the "
        "players' entropy, by the client at creation, or (older games) by the server alone."
    )
    client_seeded: bool = Field(description="True when the creator chose the seed: the deal was knowable to them.")
    server_seed_commitment: str | None = Field(
        default=None, description="Contributed games: the sha256 commitment to the server seed, published at creation."
    )
    integrity: IntegrityOut | None = None
    forked_from: ForkedFromOut | None = Field(default=None, description="Set on a fork: the game and version it forks.")
    decision: DecisionOut | None = Field(default=None, description="The pending decision; null when none is.")


class EventsResponse(BaseModel):
    game_id: str
    viewer: str | None
    events: list[EventOut]
    integrity: IntegrityOut | None = None
    next: str | None = Field(
        default=None, description="The next page (a relative URL), or null after the last event (api/paging.py)."
    )


class PlayerNameIn(Strict):
    id: str = Field(pattern=ID)
    name: str = Field(min_length=1, max_length=100)


class ReconstructGameRequest(Strict):
    """A game reconstructed from a declared position (docs/position-format.md)."""

    ruleset: str = Field(max_length=64, examples=["FoW-5.5"])
    variant: str = Field(max_length=64, examples=["valhalla"])
    players: list[PlayerNameIn] = Field(min_length=1, max_length=8)
    position: dict[str, Any] = Field(
        description="The position document (docs/position-format.md): 'fow-position/1', 'gcg-position/1' or "
        "'ll-position/1'; unknown hidden cards as {'unknown': n}."
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**64,
        description="As for `POST /games`: only where `ADJUDICATOR_ALLOW_CLIENT_SEED` is on.",
    )
    game_id: str | None = Field(default=None, pattern=ID, description="Generated when absent.")
    unsupported: Literal["refuse", "manual"] = "manual"
    catalog: str | None = Field(
        default=None, pattern=r"^[0-9a-f]{64}$", description="As for `POST /games`: a loaded catalog's hash."
    )


class PositionErrorOut(BaseModel):
    code: str = Field(examples=["position/forbidden_zone"])
    path: str = Field(examples=["players[0].main_deck[3]"])
    rule: str | None = Field(default=None, examples=["FoW-5.5 3.15 p1"])
    message: str


# ----------------------------------------------------------------- replay logs and audits (api/audit.py)


class AuditRequest(Strict):
    """A replay log (docs/replay-log.md): its text, or its lines."""

    log: str | None = Field(default=None, description="The log as JSON Lines text.")
    lines: list[str] | None = Field(default=None, max_length=20_000, description="Or: the log's lines.")
    ruleset: str | None = Field(default=None, max_length=64, description="Re-run under this ruleset instead.")


class AuditVerdictOut(BaseModel):
    verdict: Literal["consistent", "inconsistent", "diverged", "result_mismatch", "seed_mismatch", "seed_unrevealed"]
    step: int | None = Field(description="The first command (1-based) with a problem; 0: the game's setup.")
    line: int | None = Field(description="Its line in the log (1: the header).")
    command: dict[str, Any] | None
    code: str | None = Field(examples=["rules/not_main_phase"])
    rule: str | None = Field(
        examples=["FoW-5.5 7.1 p1"],
        description="The rule that refused the command; when diverged, the rule the recorded event that differs cites.",
    )
    rule_text: str | None = Field(description="The text of the cited rule, when the rules texts are installed.")
    message: str
    final_state_digest: str | None = Field(description="sha256 of the state after the last command replayed.")
    events: int = Field(description="Events recomputed.")
    ruleset: str | None = Field(description="The ruleset the log was re-run under.")
    details: dict[str, Any] = Field(
        description="consistent: the recomputed result. diverged: the step's digests (compared, recorded, "
        "recomputed) and, when the log records its events, the first differing event: seq, position, kind "
        "(changed, missing, extra), recorded_event, recomputed_event, diff ([{path, recorded, recomputed, "
        "absent?}]) and recomputed_rule when its citation differs (docs/replay-log.md)."
    )
    client_seeded: bool = Field(
        default=False, description="The log says the creator chose the seed (docs/randomness.md)."
    )


class ChainReportOut(BaseModel):
    game_id: str
    status: Literal["intact", "broken", "unchained", "legacy"] = Field(
        description="`legacy`: the chain verifies but its head is an unkeyed link (docs/integrity.md)."
    )
    events: int = Field(description="Stored events checked (up to and including the broken one).")
    head: str = Field(description="The last verified link (the chain's head when intact).")
    broken_at: int | None = Field(description="The version (= event seq) of the first stored event that fails.")
    reason: str
    unchained: int = Field(description="Leading events recorded before the hash chain existed.")
    details: dict[str, Any]
    snapshots: int = Field(description="Snapshots checked against the events they summarise.")
    snapshot_broken_at: int | None = Field(description="A snapshot that does not match its events (version).")
    legacy: int = Field(default=0, description="Links verified without a key (recorded before keyed links).")


class ReceiptIn(Strict):
    """A receipt as the server issued it (``receipt`` of a command or creation response)."""

    game_id: str = Field(pattern=ID)
    version: int = Field(ge=1)
    head: str = Field(max_length=200)
    kid: str = Field(max_length=64)
    signature: str = Field(max_length=200)


class ReceiptCheckOut(BaseModel):
    game_id: str
    status: Literal["valid", "forged", "truncated", "rewritten", "broken"]
    reason: str
    details: dict[str, Any]


class EntropyRequest(Strict):
    """A player's contribution to the game's randomness (docs/randomness.md)."""

    entropy: str = Field(
        min_length=32,
        max_length=128,
        pattern=r"^[0-9a-fA-F]+$",
        description="16 to 64 random bytes as hex, e.g. from `secrets.token_hex(32)`.",
    )


class DealResponse(BaseModel):
    """A game's deal: the commitment, who contributed, who is missing, the deadline."""

    game_id: str
    randomness: Literal["contributed", "client_seeded", "server"]
    client_seeded: bool
    status: Literal["awaiting_entropy", "dealt"]
    server_seed_commitment: str | None
    contributed: list[str] = Field(description="Players whose entropy is in, in player order.")
    missing: list[str] = Field(description="Players whose entropy the deal still waits for.")
    withheld: list[str] = Field(description="Players the game was dealt without (after the deadline).")
    deadline: datetime | None
    contributions: dict[str, str] | None = Field(description="Each player's entropy; shown once dealt.")
    server_seed: str | None = Field(description="Revealed once the game has ended (hex); null before.")
    version: int | None = Field(description="The game's version once dealt.")
