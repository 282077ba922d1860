"""Rule coverage: every rule id of the reference (G-*, ST-*, SE-*, SC-*, R-*) is named by some test.

A test names a rule in its function name (`..._st13` or `..._sc2_se3` for ST-13, SC-2 and SE-3) or its
docstring ("ST-13"); a scenario file of tests/scenarios/ names one in its file name (`st13_...`) or its
`description`. A rule no test names fails this test, which lists every such id.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from game.core.rulebook import load_rules

TESTS = Path(__file__).parent
WRITTEN_ID = re.compile(r"\b(ST|SE|SC|G|R)-(\d+)\b")
NAME_PART = re.compile(r"(st|se|sc|g|r)(\d+)")


def canonical(family: str, number: str) -> str:
    """ "ST-13" from ("st", "013")."""
    return f"{family.upper()}-{int(number)}"


def ids_in_name(name: str) -> set[str]:
    """Rule ids spelled as parts of a snake_case name: `st13`, `sc2`, `r6`."""
    return {canonical(*m.groups()) for part in name.split("_") if (m := NAME_PART.fullmatch(part))}


def ids_in_text(text: str) -> set[str]:
    """Rule ids written out in prose: ST-13, R-6."""
    return {canonical(*m) for m in WRITTEN_ID.findall(text)}


def named_by_test_functions() -> set[str]:
    """Ids named by the name or docstring of a test function anywhere under tests/."""
    found: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                found |= ids_in_name(node.name) | ids_in_text(ast.get_docstring(node) or "")
    return found


def named_by_scenario_files() -> set[str]:
    """Ids named by the file name or `description` of a scenario file that tests/test_scenario_files.py runs."""
    found: set[str] = set()
    for path in (TESTS / "scenarios").glob("*.toml"):
        found |= ids_in_name(path.stem)
        found |= ids_in_text(str(tomllib.loads(path.read_text(encoding="utf-8")).get("description", "")))
    return found


def test_every_rule_is_named_by_a_test() -> None:
    """Every id of assets/rules.toml is named by a test function or a scenario file."""
    named = named_by_test_functions() | named_by_scenario_files()
    uncovered = [rule_id for rule_id in load_rules() if rule_id not in named]
    assert uncovered == [], f"no test names these rule ids: {' '.join(uncovered)}"


def test_ids_are_read_from_names_and_prose() -> None:
    """The readers above find ids the way tests write them, and nothing that merely looks close."""
    assert ids_in_name("test_monster_untaps_sc2_se3") == {"SC-2", "SE-3"}
    assert ids_in_name("st01_counters_put_a_card_in_stasis") == {"ST-1"}
    assert ids_in_name("se_g6_attack_roll_order") == {"G-6"}
    assert ids_in_name("test_r16_defeat_clears_board_state") == {"R-16"}
    assert ids_in_name("test_seat2_plays_st") == set()
    assert ids_in_text("SE-5, docs/formats.md, G-3: Freeze (R-10)") == {"SE-5", "G-3", "R-10"}
    assert ids_in_text("XSE-5 SE5 st-3") == set()
