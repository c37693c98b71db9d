"""Import the public Force of Will card database into the declarative card format.

Pure: no file I/O (``service/card_import.py`` reads and writes the files).  One raw record
(fields ``id``, ``name``, ``type[]``, ``race[]``, ``cost``, ``colour[]``, ``ATK``, ``DEF``,
``abilities[]``, ``divinity``...) becomes a :class:`~domain.fow.cards.Card` validated with
:func:`~domain.fow.cards.parse_card`.

The importer is deliberately strict.  Each ability paragraph (FoW-5.5 2.4 p2) is either
expressed completely with the effect vocabulary of :mod:`domain.fow.cards`, or kept
verbatim in ``Card.unsupported`` for manual adjudication; a paragraph is never expressed
in part and nothing is guessed:

* reminder text in parentheses is not an ability (2.4 p3) and is ignored;
* a paragraph is recognised only when *all* of it matches a small grammar (triggers,
  costs, effect sentences, target phrases).  A word the grammar does not know (a
  condition, "you may", "up to", an unknown race...) makes the whole paragraph
  unsupported;
* wordings that differ from a vocabulary term in the rules are not merged.  For example
  "When this card enters your field" (any way of entering) is not the ``enter`` trigger,
  which models [Enter] (9.6 p1.1: only when played from the hand or by judgment), and
  "When this card is put into a graveyard from your field" is not ``destroyed``.

Every unsupported entry comes with a *gap*: the first thing the grammar could not
express (``trigger: ...``, ``effect: ...``, ``target: ...``, ``keyword: [...]``...),
so the coverage report can say which vocabulary to grow next.

Characteristics the vocabulary lacks (an {X} or moon cost, magic stone types, Divinity, a
type such as Rune) are recorded in ``unsupported`` too, as ``<field>: <value> - <reason>``.
A record that cannot become a valid ``Card`` at all (e.g. a type the vocabulary has no
name for, or a chant-standby whose [Trigger] cannot be expressed) gets ``card=None`` and
status ``none``.  Readings of the source data that are not ability text (a blank ATK read
as 0, a later-cluster "Addition" read as Addition:Field) are listed in ``notes``.  The
fields ``flavour``, ``artists``/``artist``, ``rarity``, ``fowID`` and ``wind_new`` have no
rule purpose (FoW-5.5 2.4 p4, 2.9, 2.10) and are not imported.

The package has one module per part of the grammar, in layers (a module imports only the
ones above it in this list):

* ``records`` (results, failures, raw record checks) and ``text`` (lexing, normalising,
  the reading context);
* ``targets``, ``conditions``, ``costs``;
* ``sentences`` (the effect registry and how sentences combine), then the effect modules
  ``effects``, ``effects_zones`` and ``effects_first``, which register their sentences in
  that order (the order in which patterns are tried);
* ``continuous``, ``triggers``, ``abilities``, ``keywords``;
* ``characteristics`` and ``card`` (the :func:`import_card` / :func:`import_cards` driver).

``errata`` stands apart: it corrects reviewed misprints in the raw records before they are
imported, and finds same-name reprints whose texts differ; it imports no other module here.

The grammar is recursive in one place the layers cannot follow: an effect or a continuous
ability can grant abilities, read with the ability grammar, which reads effects and
continuous abilities.  ``effects._gains_abilities`` and ``continuous._granted_abilities``
therefore import ``abilities._ability`` and ``keywords._keyword`` inside the function (a
late import), not at the top of their module.
"""

from __future__ import annotations

from domain.fow.importer.card import import_card, import_cards, unsupported_pattern
from domain.fow.importer.continuous import _continuous as _continuous
from domain.fow.importer.costs import _cost_colon as _cost_colon
from domain.fow.importer.keywords import _keyword as _keyword
from domain.fow.importer.records import ImportedCard, ImportResult, RawCardError, Status, check_raw
from domain.fow.importer.records import _GapError as _GapError
from domain.fow.importer.sentences import _effects as _effects
from domain.fow.importer.text import _Ctx as _Ctx

__all__ = [
    "ImportResult",
    "ImportedCard",
    "RawCardError",
    "Status",
    "check_raw",
    "import_card",
    "import_cards",
    "unsupported_pattern",
]
