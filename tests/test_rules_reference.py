"""The rules reference in assets/rules.toml matches RULES.md and reads well on a terminal."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import Rule, cite, format_rule, load_rules, rule

RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
DOCUMENTED_ID = re.compile(r"(?:\*\*|^### )((?:ST|SE|SC|G)-\d+)", re.MULTILINE)
WELL_FORMED_ID = re.compile(r"(?:ST|SE|SC|G)-\d+")


@pytest.fixture
def documented_ids() -> list[str]:
    """Rule ids defined in RULES.md, in order; skips when the shared folder is not beside the project."""
    if not RULES_MD.is_file():
        pytest.skip(f"{RULES_MD} is not available")
    return list(dict.fromkeys(DOCUMENTED_ID.findall(RULES_MD.read_text(encoding="utf-8"))))


def test_every_documented_rule_is_in_the_reference(documented_ids: list[str]) -> None:
    missing = [rule_id for rule_id in documented_ids if rule_id not in load_rules()]
    assert not missing, f"rules.toml lacks {missing}"


def test_reference_has_no_rules_beyond_the_document(documented_ids: list[str]) -> None:
    extra = [rule_id for rule_id in load_rules() if rule_id not in documented_ids]
    assert not extra, f"rules.toml has ids RULES.md does not define: {extra}"


def test_reference_follows_the_document_order(documented_ids: list[str]) -> None:
    assert list(load_rules()) == documented_ids


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
        "import sys; from game.rules import load_rules; load_rules(); "
        "print(sorted({'pygame', 'esper'} & set(sys.modules)))"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
