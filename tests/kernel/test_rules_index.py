"""The rules index against the real comprehensive rules texts (shipped in ``service/rules_texts``)."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from domain.rules_text import (
    MalformedCitationError,
    RuleEntry,
    RulesDocument,
    UnknownCitationError,
    parse_citation,
    parse_rules,
)
from service.rules import (
    PACKAGED_RULES_DIR,
    RULESET_FILES,
    RulesLibrary,
    RulesTextMissingError,
    default_rules_dir,
    load_rules_library,
    rules_texts_problem,
)

RULES_DIR = default_rules_dir()


@pytest.fixture(scope="module")
def library() -> RulesLibrary:
    return load_rules_library()


def resolve(library: RulesLibrary, citation: str) -> RuleEntry:
    entry = library.resolve(citation)
    assert entry.citation == citation
    return entry


def raw_text(prefix: str) -> str:
    return (RULES_DIR / RULESET_FILES[prefix]).read_text(encoding="utf-8")


def toc_numbers(prefix: str) -> list[str]:
    """The numbers listed by a Force of Will table of contents, read independently of the parser."""
    text = raw_text(prefix)
    head = text[: text.rindex("\n1. Overview\n")]  # the body repeats the first chapter heading
    return re.findall(r"(?:^|\t|- )(\d+(?:\.\d+)?)\. ", head, re.MULTILINE)


# --------------------------------------------------------------------------- Force of Will


def test_a_section_resolves_to_its_title_and_body_not_its_contents_line(library: RulesLibrary) -> None:
    entry = resolve(library, "FoW-5.5 8.5")
    assert entry.title == "Normal Battle Resolution Step"
    assert entry.section_title == "Normal Battle Resolution Step"
    assert entry.number == "8.5"
    assert entry.text.startswith("- If there are no attacking J/resonator at this point")
    assert "it deals damage equal to its ATK" in entry.text
    assert "8.5." not in entry.text


def test_a_paragraph_is_the_nth_top_level_bullet(library: RulesLibrary) -> None:
    entry = resolve(library, "FoW-5.5 4.2 p2")
    assert entry.text == "Each player sets their life points to 4,000."
    assert entry.number == "4.2" and entry.title == "" and entry.section_title == "Setting Up the Game"
    assert "DEF" in resolve(library, "FoW-5.5 13.2 p1").text


def test_sub_bullets_include_those_that_lost_their_indentation_at_a_page_break(library: RulesLibrary) -> None:
    assert "control the card continuously" in resolve(library, "FoW-5.5 7.12 p2.1").text
    # p2.2-p2.5 are printed as "- ▶" at column 0 after a blank line: still sub-bullets of p2.
    assert resolve(library, "FoW-5.5 7.12 p2.5").text == "No voluntary action is needed to attack with it."
    paragraph = resolve(library, "FoW-5.5 7.12 p2").text
    assert paragraph.startswith("The player with priority may not pass")
    assert paragraph.count("▶ ") == 5
    with pytest.raises(UnknownCitationError):
        library.resolve("FoW-5.5 7.12 p3")


def test_paragraph_numbering_counts_only_top_level_bullets(library: RulesLibrary) -> None:
    # 6.3: two top-level bullets, each with five "▶" options.
    assert resolve(library, "FoW-5.5 6.3 p2").text.startswith("The player with priority performs any action listed")
    assert resolve(library, "FoW-5.5 6.3 p1.5").text == "Pass."
    assert resolve(library, "FoW-5.5 6.3 p2.1").text == "Play resonator, addition, [Spell:Chant] or regalia cards."
    with pytest.raises(UnknownCitationError):
        library.resolve("FoW-5.5 6.3 p3")
    # Every rule's paragraphs are p1..pN and each paragraph's sub-bullets pN.1..pN.M, in order.
    for prefix in RULESET_FILES:
        seen: dict[str, list[str]] = {}
        for entry in library.document(prefix).entries():
            _, number, para = parse_citation(entry.citation)
            if para is not None:
                seen.setdefault(number, []).append(para)
        for number, paras in seen.items():
            tops = [p for p in paras if "." not in p]
            assert tops == [str(i) for i in range(1, len(tops) + 1)], (prefix, number)
            for top in tops:
                subs = [p.split(".")[1] for p in paras if p.startswith(f"{top}.")]
                assert subs == [str(i) for i in range(1, len(subs) + 1)], (prefix, number, top)


def test_paragraph_ids_do_not_move_when_a_sub_bullet_or_another_section_changes() -> None:
    text = raw_text("FoW-5.5")
    before = parse_rules("FoW-5.5", text)
    edited = text.replace(
        "- The player with priority may pass. In this case, they do nothing.\n",
        "- The player with priority may pass. In this case, they do nothing.\n - ▶ An inserted sub-bullet.\n",
    ).replace("- This game is played by two players.\n", "- This game is played by two players.\n- Extra.\n")
    after = parse_rules("FoW-5.5", edited)
    for citation in ("FoW-5.5 7.12 p2", "FoW-5.5 7.12 p2.3", "FoW-5.5 8.5 p2", "FoW-5.5 1.2 p1"):
        assert after.resolve(citation) == before.resolve(citation)
    assert after.resolve("FoW-5.5 7.12 p1.1").text == "An inserted sub-bullet."


def test_continuations_and_examples_stay_with_their_paragraph(library: RulesLibrary) -> None:
    # "... the value is considered" / blank line / "decreased. Including ..." is one sentence.
    assert "the value is considered decreased. Including if the value" in resolve(library, "FoW-5.5 1.4 p6").text
    # An "Ex." line belongs to the (sub-)paragraph above it.
    sub = resolve(library, "FoW-5.5 14.3 p2.4").text
    assert sub.startswith("On a future side up card") and '\nEx. If a card type is "Resonator (Shift)"' in sub
    assert "Ex. If a card type is" in resolve(library, "FoW-5.5 14.3 p2").text
    # Section 6's summary table loses its tabs and HTML.
    chapter = resolve(library, "FoW-5.5 6").text
    assert "<ul" not in chapter and "\t" not in chapter and "Priority Sequence | Perform rule process." in chapter
    # Markdown bold is dropped.
    assert resolve(library, "FoW-5.5 1.5 p1").text.startswith("Player: One who plays the game.")


def test_a_chapter_resolves_with_its_sections(library: RulesLibrary) -> None:
    chapter = resolve(library, "FoW-5.5 8")
    assert chapter.title == "Battle"
    assert chapter.text.startswith("In a main phase, the turn player may initiate battle")
    assert "\n8.5. Normal Battle Resolution Step\n- If there are no attacking" in chapter.text
    # Chapters without an introduction still have their sections as body.
    assert resolve(library, "FoW-5.5 9").text.startswith("9.1. Ability and Effect\n")


def test_the_change_log_is_not_part_of_the_last_section(library: RulesLibrary) -> None:
    for citation in ("FoW-5.5 14.3", "FoW-5.01 14.2", "GCG-1.00 12.1.1.3", "LL-2.04 12"):
        text = library.resolve(citation).text
        assert "Ver." not in text and "ver. 1.01" not in text and "Update History" not in text, citation


def test_version_5_01_is_indexed_separately(library: RulesLibrary) -> None:
    old, new = resolve(library, "FoW-5.01 7.6"), resolve(library, "FoW-5.5 7.6")
    assert old.title == "Put [Spell:Chant-standby] Card"
    assert new.title == "Put a Card in the Chant-Standby Area"
    assert old.text != new.text and "by paying [2]" in old.text
    assert resolve(library, "FoW-5.01 8.5").title == "Normal Battle Resolution Step"


@pytest.mark.parametrize("prefix", ["FoW-5.5", "FoW-5.01"])
def test_every_contents_entry_resolves_to_a_real_body(library: RulesLibrary, prefix: str) -> None:
    document = library.document(prefix)
    listed = toc_numbers(prefix)
    assert len(listed) >= 100
    assert [number for number, _ in document.toc] == listed
    assert len(document.numbers) >= len(listed)
    for number, toc_title in document.toc:
        entry = document.resolve(f"{prefix} {number}")
        assert entry.title, number
        assert entry.text.strip(), number
        assert entry.text.strip() != entry.title and not entry.text.startswith(f"- {number}."), number
        # The body's heading is authoritative; the contents list has typos ("[Swiftiness]" vs "[Swiftress]").
        assert entry.title.casefold()[:3] == toc_title.casefold()[:3], (number, toc_title, entry.title)


# --------------------------------------------------------------------------- Godzilla, Luck & Logic


def test_godzilla_deep_rules_resolve(library: RulesLibrary) -> None:
    entry = resolve(library, "GCG-1.00 9.4.3.2")
    assert entry.text.startswith("If there are any automatic abilities in standby whose master is the turn player")
    assert entry.title == "" and entry.section_title == "Check Timing and Play Timing"
    procedure = resolve(library, "GCG-1.00 9.4.3").text
    assert procedure.startswith("When a check timing is resolved")
    assert all(f"\n9.4.3.{i}. " in procedure for i in range(1, 5))
    assert resolve(library, "GCG-1.00 9.4").title == "Check Timing and Play Timing"
    assert resolve(library, "GCG-1.00 5.11").title == "Play"  # printed "## 5.11 . Play"
    assert resolve(library, "GCG-1.00 12").title == "Miscellaneous"
    assert resolve(library, "GCG-1.00 5.13.1.1.2.1").text.startswith("Winning the game in this manner")


def test_godzilla_conversion_artefacts_are_repaired(library: RulesLibrary) -> None:
    # "- The master is the player who is currently 3.1.2. using a card, ..."
    assert resolve(library, "GCG-1.00 3.1.2").text.startswith("The master is the player who is currently using a card")
    # "- 1.3.1. 1.3.1. If the comprehensive rules ..."
    assert resolve(library, "GCG-1.00 1.3.1").text.startswith("If the comprehensive rules and the text of a card")
    # A sentence split by a page break and re-bulleted ("... who had" / "- that card in their deck ...").
    owner = resolve(library, "GCG-1.00 3.1.1").text
    assert "the player who had that card in their deck at the beginning of the game" in owner
    with pytest.raises(UnknownCitationError):
        library.resolve("GCG-1.00 3.1.1 p1")
    # Unnumbered bullets inside a numbered rule are its paragraphs.
    assert resolve(library, "GCG-1.00 3.1.2.1 p2").text.startswith("The master of an effect is the master")
    notes = library.document("GCG-1.00").notes
    assert any("9.1.1.1" in note for note in notes) and any("3.1.2 " in note for note in notes)


def test_luck_and_logic_rules_and_their_bullets(library: RulesLibrary) -> None:
    assert resolve(library, "LL-2.04 1.1").title == "Number of Players"
    assert resolve(library, "LL-2.04 1.1.1").text.startswith("The game is played by exactly 2 players.")
    assert resolve(library, "LL-2.04 6.1.1.1").title == "Main Deck Preparation"
    assert resolve(library, "LL-2.04 8.2.9.1").text == 'An attacking member is a "member in battle".'  # NBSP
    assert resolve(library, "LL-2.04 5.13.1.1 p3").text == "2 Super Logicalists"
    assert resolve(library, "LL-2.04 2.10.2.4").section_title == "Territory"  # printed after 2.10.3
    with pytest.raises(UnknownCitationError):  # "- 1 Logicalist and 1 Foreigner" is not chapter 1
        library.resolve("LL-2.04 5.13.1.1 p7")


def test_the_beginners_guide_is_indexed_by_heading(library: RulesLibrary) -> None:
    document = library.document("FoW-basics")
    titles = [e.title for e in document.entries() if " p" not in e.citation]
    assert titles[:3] == ["Force of Will Trading Card Game", "Your J/ruler", "The Game Space"]
    battle = document.resolve(f"FoW-basics {titles.index('About Battle') + 1}")
    assert battle.title == "About Battle"
    assert document.resolve(f"{battle.citation} p3").text == "Only one J/resonator may battle at a time."
    space = resolve(library, "FoW-basics 3 p1").text
    assert space.startswith("Hand\nCards you\u2019re holding")  # the guide uses curly apostrophes


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("citation", "hint"),
    [
        ("FoW-5.5 8.9", "section 8 has 8.1-8.6"),
        ("FoW-5.5 15", "FoW-5.5 has chapters 1-14"),
        ("FoW-5.5 8.5 p9", "FoW-5.5 8.5 has p1-p4"),
        ("FoW-5.5 7.12 p2.9", "FoW-5.5 7.12 p2 has p2.1-p2.5"),
        ("FoW-5.5 8.5 p1.1", "FoW-5.5 8.5 p1 has no sub-bullets"),
        ("GCG-1.00 9.1", "section 9 has 9.2-9.11"),
        ("GCG-1.00 9.4.3.9", "section 9.4.3 has 9.4.3.1-9.4.3.4"),
        ("MtG-1.0 1.1", "known prefixes: FoW-5.5, FoW-5.01, GCG-1.00, LL-2.04, FoW-basics"),
    ],
)
def test_unknown_citations_name_the_closest_ids(library: RulesLibrary, citation: str, hint: str) -> None:
    with pytest.raises(UnknownCitationError) as caught:
        library.resolve(citation)
    assert hint in str(caught.value)
    assert isinstance(caught.value, LookupError)
    if not citation.startswith("MtG"):
        assert str(caught.value).startswith(f"{citation} does not exist")


@pytest.mark.parametrize(
    "citation",
    [
        "",
        "8.5",
        "FoW-5.5",
        "FoW-5.5 8.5 p",
        "FoW-5.5 8.5 p0",
        "FoW-5.5 eight",
        "FoW-5.5 8.5 para2",
        "FoW-5.5 8.5 p1.2.3",
    ],
)
def test_malformed_citations_are_rejected(library: RulesLibrary, citation: str) -> None:
    with pytest.raises(MalformedCitationError):
        library.resolve(citation)
    with pytest.raises(ValueError):
        parse_citation(citation)


def test_parse_citation_splits_the_grammar() -> None:
    assert parse_citation("FoW-5.5 8.5") == ("FoW-5.5", "8.5", None)
    assert parse_citation(" GCG-1.00 9.4.3.2 ") == ("GCG-1.00", "9.4.3.2", None)
    assert parse_citation("FoW-5.5 7.12 p2.1") == ("FoW-5.5", "7.12", "2.1")
    assert parse_citation("FoW-5.5 8.") == ("FoW-5.5", "8", None)


def test_a_document_only_answers_for_its_own_prefix() -> None:
    document = parse_rules("FoW-5.5", raw_text("FoW-5.5"))
    with pytest.raises(UnknownCitationError, match=r"not a FoW-5\.5 citation"):
        document.resolve("FoW-5.01 8.5")


# --------------------------------------------------------------------------- whole files, loading


@pytest.mark.parametrize("prefix", list(RULESET_FILES))
def test_every_file_parses_completely(prefix: str) -> None:
    document = parse_rules(prefix, raw_text(prefix))
    entries = document.entries()
    assert isinstance(document, RulesDocument) and document.prefix == prefix
    assert len({e.citation for e in entries}) == len(entries)
    assert all(document.resolve(e.citation) == e for e in entries)
    assert len(document.numbers) >= len(document.toc)
    minimum = {"FoW-5.5": 128, "FoW-5.01": 116, "GCG-1.00": 450, "LL-2.04": 800, "FoW-basics": 10}
    assert len(document.numbers) >= minimum[prefix]
    for number, _ in document.toc:  # GCG lists its chapters too
        assert document.resolve(f"{prefix} {number}").text.strip()
    if prefix.startswith(("FoW-5", "GCG", "LL")):  # numbered documents: entries in document order
        chapters = [int(n.split(".")[0]) for n in document.numbers]
        assert chapters == sorted(chapters)


def test_the_library_is_cached_per_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_rules_library() is load_rules_library(RULES_DIR)
    for filename in RULESET_FILES.values():
        shutil.copy(RULES_DIR / filename, tmp_path / filename)
    monkeypatch.setenv("RULES_DIR", str(tmp_path))
    assert default_rules_dir() == tmp_path
    copy = load_rules_library()
    assert copy is load_rules_library(tmp_path) and copy is not load_rules_library(RULES_DIR)
    assert copy.resolve("FoW-5.5 8.5") == load_rules_library(RULES_DIR).resolve("FoW-5.5 8.5")


def test_a_missing_file_names_the_path_and_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_DIR", str(tmp_path))
    with pytest.raises(RulesTextMissingError) as caught:
        load_rules_library()
    message = str(caught.value)
    assert str(tmp_path / RULESET_FILES["FoW-5.5"]) in message and "RULES_DIR" in message
    assert isinstance(caught.value, FileNotFoundError)


# ----------------------------------------------------------------------------------------
# the texts ship with the package: a bare clone or an installed wheel cites with rule text

SHARED_RULES = Path(__file__).resolve().parent.parent.parent.parent / "shared" / "rules"


def test_without_rules_dir_the_texts_shipped_with_the_package_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RULES_DIR", raising=False)
    assert default_rules_dir() == PACKAGED_RULES_DIR
    assert sorted(p.name for p in PACKAGED_RULES_DIR.glob("*.txt")) == sorted(RULESET_FILES.values())
    assert rules_texts_problem() is None
    assert "Normal Battle Resolution" in load_rules_library().resolve("FoW-5.5 8.5").title


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="the development copy shared/rules is not beside the repo")
def test_the_shipped_texts_are_the_development_copies_byte_for_byte() -> None:
    for filename in RULESET_FILES.values():
        shipped, source = PACKAGED_RULES_DIR / filename, SHARED_RULES / filename
        assert shipped.read_bytes() == source.read_bytes(), f"{shipped} differs from {source}: copy it again"
    sources = (PACKAGED_RULES_DIR / "SOURCES.md").read_text(encoding="utf-8")
    for filename in RULESET_FILES.values():  # each file's source, publisher and digest are recorded
        digest = hashlib.sha256((PACKAGED_RULES_DIR / filename).read_bytes()).hexdigest()
        assert f"`{filename}`" in sources and digest in sources, filename


def test_a_missing_text_is_a_named_problem_not_a_silent_empty_citation(tmp_path: Path) -> None:
    for filename in list(RULESET_FILES.values())[1:]:
        shutil.copy(PACKAGED_RULES_DIR / filename, tmp_path / filename)
    problem = rules_texts_problem(tmp_path)
    assert problem is not None and RULESET_FILES["FoW-5.5"] in problem and str(tmp_path) in problem


def test_a_bare_clone_resolves_rule_text_with_nothing_beside_it(tmp_path: Path) -> None:
    """``git clone`` of the committed tree into a folder with no ``shared/`` beside it."""
    repo = Path(__file__).resolve().parent.parent.parent
    clone = tmp_path / "bare" / "repo"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(repo), str(clone)], check=True, timeout=120)
    assert not (clone.parent.parent / "shared").exists()
    env = {k: v for k, v in os.environ.items() if k != "RULES_DIR"} | {"PYTHONPATH": str(clone)}
    code = "from service.rules import load_rules_library as l; print(l().resolve('GCG-1.00 9.4.3.2').text[:40])"
    done = subprocess.run([sys.executable, "-c", code], cwd=clone, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "no rule text"
