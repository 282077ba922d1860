"""Rule coverage: every rule id of the reference (G-*, ST-*, SE-*, SC-*, R-*) is named by some test and by the
docstring of the code that carries it out.

A test names a rule in its function name (`..._st13` or `..._sc2_se3` for ST-13, SC-2 and SE-3) or its
docstring ("ST-13"); a scenario file of tests/scenarios/ names one in its file name (`st13_...`) or its
`description`. Code names a rule in a docstring (of a module, class or function, or the string under an
assignment) of the engine's layers, below the apps of game/layers.py, so `grep -rn "ST-13" game systems` finds
it. A rule no test or no code names fails, listing every such id; so does a range ("SC-2..SC-4") in the code's
docstrings, which hides the ids inside it from the search.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from game.core.rulebook import load_rules
from game.layers import LAYERS, layer_of

TESTS = Path(__file__).parent
ROOT = TESTS.parent
CODE = ("game", "systems")
APPS = [name for name, _ in LAYERS].index("apps")
WRITTEN_ID = re.compile(r"\b(ST|SE|SC|G|R)-(\d+)\b")
RANGE = re.compile(r"\b(?:ST|SE|SC|G|R)-\d+ ?(?:\.\.|–|—|-|to) ?(?:(?:ST|SE|SC|G|R)-)?\d+\b")
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


def module_name(path: Path) -> str:
    """game.rules.stasis from ROOT/game/rules/stasis.py (a package's __init__ is the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def docstrings(source: str) -> list[str]:
    """The docstrings of a module: of the module, each class and function, and each string under an assignment."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found.append(ast.get_docstring(node) or "")
            found += [stmt.value.value for before, stmt in zip(node.body, node.body[1:], strict=False)
                      if isinstance(before, ast.Assign | ast.AnnAssign) and isinstance(stmt, ast.Expr)
                      and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)]
    return found


def engine_docstrings() -> dict[str, list[str]]:
    """The docstrings of every module of the engine's layers (core to game, not the apps), by module name."""
    return {module_name(path): docstrings(path.read_text(encoding="utf-8"))
            for package in CODE for path in sorted((ROOT / package).rglob("*.py"))
            if layer_of(module_name(path)) in range(APPS)}


def named_by_code() -> set[str]:
    """Ids named by the docstrings of the engine's code."""
    return {rule_id for texts in engine_docstrings().values() for text in texts for rule_id in ids_in_text(text)}


def test_every_rule_is_named_by_a_test() -> None:
    """Every id of assets/rules.toml is named by a test function or a scenario file."""
    named = named_by_test_functions() | named_by_scenario_files()
    uncovered = [rule_id for rule_id in load_rules() if rule_id not in named]
    assert uncovered == [], f"no test names these rule ids: {' '.join(uncovered)}"


def test_every_rule_is_named_by_the_docstring_of_its_code() -> None:
    """Every id of assets/rules.toml is named by a docstring in game/ or systems/ below the apps (a test alone, a
    comment, a rejection reason, the window or a bot citing it do not count)."""
    named = named_by_code()
    uncovered = [rule_id for rule_id in load_rules() if rule_id not in named]
    assert uncovered == [], (f"no docstring of the code that carries them out names these rule ids: "
                             f"{' '.join(uncovered)}; name each in the docstring of the function or class that "
                             f"implements it (docs/contributing.md, 'Change a rule')")


def test_code_docstrings_write_each_id_out() -> None:
    """No docstring in game/ or systems/ writes a range of ids ("SC-2..SC-4"): `grep` would miss the ones inside."""
    ranges = [f"{path}: {m.group()}" for package in CODE for path in sorted((ROOT / package).rglob("*.py"))
              for text in docstrings(path.read_text(encoding="utf-8")) for m in RANGE.finditer(text)]
    assert ranges == [], f"write each rule id out, one by one: {'; '.join(ranges)}"


def test_ids_are_read_from_names_and_prose() -> None:
    """The readers above find ids the way tests write them, and nothing that merely looks close."""
    assert ids_in_name("test_monster_untaps_sc2_se3") == {"SC-2", "SE-3"}
    assert ids_in_name("st01_counters_put_a_card_in_stasis") == {"ST-1"}
    assert ids_in_name("se_g6_attack_roll_order") == {"G-6"}
    assert ids_in_name("test_r16_defeat_clears_board_state") == {"R-16"}
    assert ids_in_name("test_seat2_plays_st") == set()
    assert ids_in_text("SE-5, docs/formats.md, G-3: Freeze (R-10)") == {"SE-5", "G-3", "R-10"}
    assert ids_in_text("XSE-5 SE5 st-3") == set()
    assert RANGE.findall("SC-2..SC-4, G-3 .. G-6, SE-1–SE-11, ST-2 to 4") == [
        "SC-2..SC-4", "G-3 .. G-6", "SE-1–SE-11", "ST-2 to 4"]
    assert RANGE.findall("SC-2, SC-3 and SE-4 (R-9)") == []


def test_code_docstrings_are_read_where_they_stand() -> None:
    """Module, class, function and attribute docstrings count; comments and other strings do not."""
    source = '''"""ST-1."""
LIMIT = 3
"""ST-2."""
# ST-3
def f():
    """ST-4."""
    return "ST-5"
class C:
    """ST-6."""
    field: int
    """ST-7."""
'''
    assert {i for text in docstrings(source) for i in ids_in_text(text)} == {"ST-1", "ST-2", "ST-4", "ST-6", "ST-7"}
    assert "game.rules.stasis" in engine_docstrings() and "game.ui.icons" not in engine_docstrings()
