"""The rules reference in assets/rules.toml is complete, reads well on a terminal and is committed as docs/rules.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.rulebook import (
    MARKDOWN_COMMAND,
    MARKDOWN_FILE,
    Rule,
    cite,
    format_rule,
    load_rules,
    rule,
    rules_markdown,
    rulings_on,
)

ROOT = Path(__file__).resolve().parents[1]
WELL_FORMED_ID = re.compile(r"(?:ST|SE|SC|G|R)-\d+")
CITED_ID = re.compile(r"\b(?:ST|SE|SC|G|R)-\d+\b")
# Each family of the reference, in its order, with its first and last number.
FAMILIES = [("G", 1, 9), ("ST", 1, 18), ("SE", 0, 14), ("SC", 1, 10), ("R", 1, 16)]


def test_reference_holds_each_family_in_order_without_gaps() -> None:
    """G-1..G-9, ST-1..ST-18, SE-0..SE-14, SC-1..SC-10, then the rulings R-1..R-16, in that order."""
    expected = [f"{family}-{n}" for family, first, last in FAMILIES for n in range(first, last + 1)]
    assert list(load_rules()) == expected


def test_every_ruling_is_on_rules_of_the_reference_and_listed_there() -> None:
    """R-*: each ruling names the rules it settles (R-14 is about the scenario format only), and each of
    those rules lists it among its rulings."""
    rulings = [r for r in load_rules().values() if r.id.startswith("R-")]
    assert [r.id for r in rulings if not r.on] == ["R-14"]
    assert load_rules()["R-6"].on == ("G-5", "SE-6")
    for ruling in rulings:
        for rule_id in ruling.on:
            assert not rule_id.startswith("R-"), ruling.id
            assert ruling in rulings_on(rule_id), (ruling.id, rule_id)
    assert [r.id for r in rulings_on("SE-9")] == ["R-4", "R-15"]
    assert rulings_on("SC-2") == []


def test_every_rule_id_the_project_cites_is_in_the_reference() -> None:
    """Rule ids written in the code, the card files and the README all exist (no G-9, no stale ids)."""
    sources = [*ROOT.glob("game/**/*.py"), *ROOT.glob("systems/*.py"), *ROOT.glob("assets/**/*.toml"),
               ROOT / "README.md"]
    cited = {rule_id: path.relative_to(ROOT) for path in sources
             for rule_id in CITED_ID.findall(path.read_text(encoding="utf-8"))}
    assert len(cited) > 40
    assert {rule_id: str(path) for rule_id, path in cited.items() if rule_id not in load_rules()} == {}


def test_docs_rules_md_is_what_the_generator_prints() -> None:
    """docs/rules.md is committed and matches `countertop rules --markdown` exactly."""
    committed = ROOT / MARKDOWN_FILE
    assert committed.is_file(), f"{MARKDOWN_FILE} is missing: run `{MARKDOWN_COMMAND}`"
    assert committed.read_text(encoding="utf-8") == rules_markdown(), (
        f"{MARKDOWN_FILE} differs from `countertop rules --markdown`: run `{MARKDOWN_COMMAND}` and commit it"
    )


def test_markdown_has_one_section_per_rule_with_its_rulings() -> None:
    """One `### ID Title` heading with its anchor per rule; a rule links its rulings, a ruling its rules."""
    text = rules_markdown()
    headings = re.findall(r"^### (\S+) ", text, re.MULTILINE)
    assert headings == list(load_rules())
    assert text.count('<a id="se-14"></a>') == 1
    start = text.index("### SE-14 ")
    section = text[start:start + 1 + re.search(r"\n(<a id=|##)", text[start + 1:]).start()]  # to the next rule
    assert load_rules()["SE-14"].text in section
    assert section.rstrip().endswith("Rulings: [R-1](#r-1).")
    r6 = text[text.index("### R-6 "):text.index("### R-7 ")]
    assert "On [G-5](#g-5), [SE-6](#se-6)." in r6
    assert text.startswith("# Countertop rules\n")
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        "## The game (G-*)", "## Stasis counters (ST-*)", "## Status effects (SE-*)", "## Stun counters (SC-*)",
        "## Rulings on points the rules leave open (R-*)", "## The numbers of the rules",
    ]


def test_ids_are_well_formed_and_match_their_keys() -> None:
    for key, entry in load_rules().items():
        assert key == entry.id
        assert WELL_FORMED_ID.fullmatch(entry.id), entry.id


def test_titles_and_texts_are_not_empty() -> None:
    for entry in load_rules().values():
        assert entry.title.strip(), f"{entry.id} has no title"
        assert entry.text.strip(), f"{entry.id} has no text"


def test_lookup_ignores_case() -> None:
    for rule_id, entry in load_rules().items():
        assert rule(rule_id.lower()) is entry
        assert rule(rule_id) is entry


def test_unknown_id_raises_a_helpful_key_error() -> None:
    with pytest.raises(KeyError, match="no rule 'XX-99' in the rules reference"):
        rule("XX-99")


def test_cite_gives_the_canonical_id_in_parentheses() -> None:
    first = next(iter(load_rules()))
    assert cite(first.lower()) == f"({first})"
    with pytest.raises(KeyError):
        cite("XX-99")


def test_format_rule_puts_id_and_title_first_then_wrapped_indented_text() -> None:
    sample = Rule(id="T-1", title="A sample", text=" ".join(["counter"] * 40))
    lines = format_rule(sample, width=40).splitlines()
    assert lines[0] == "T-1  A sample"
    assert len(lines) > 2
    assert all(line.startswith("    ") and len(line) <= 40 for line in lines[1:])
    assert " ".join(line.strip() for line in lines[1:]) == sample.text


def test_every_rule_formats_within_the_default_width() -> None:
    for entry in load_rules().values():
        body = format_rule(entry).splitlines()[1:]
        assert all(len(line) <= 78 for line in body), entry.id


def test_loading_rules_needs_neither_pygame_nor_esper() -> None:
    code = (
        "import sys; from game.core.rulebook import load_rules; load_rules(); "
        "print(sorted({'pygame', 'esper'} & set(sys.modules)))"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
