"""The import structure (issue 11): no import circles, and no module imports from a layer above its own."""

from __future__ import annotations

import ast
from pathlib import Path

import esper

from game import components as c
from game.layers import LAYERS, layer_of
from game.stun import stun_counter_replacement
from game.table import Table

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "systems")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the engine and the apps, by dotted name."""
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(path: Path, known: set[str]) -> set[str]:
    """The project modules a file imports anywhere (functions too), except under `if TYPE_CHECKING:`."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in known else node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in known}


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imported(path, set(mods)) - {name} for name, path in mods.items()}


def test_every_module_has_a_layer() -> None:
    """The layer table of game/layers.py places every module of game/ and systems/."""
    assert [m for m in modules() if layer_of(m) is None] == []


def test_no_import_goes_up_a_layer() -> None:
    """A module imports only from its own layer or the ones below (issue 11); each offender is named."""
    names = [name for name, _ in LAYERS]
    upward = []
    for module, targets in sorted(graph().items()):
        mine = layer_of(module)
        for target in sorted(targets):
            theirs = layer_of(target)
            if mine is not None and theirs is not None and theirs > mine:
                upward.append(f"{module} ({names[mine]}) imports {target} ({names[theirs]})")
    assert upward == []


def find_circle(edges: dict[str, set[str]]) -> list[str]:
    """One import circle as a list of modules (first repeated at the end), or [] when there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for start in sorted(edges):
        if start not in state and (found := walk(start)):
            return found
    return []


def test_no_import_circles() -> None:
    """No module reaches itself through imports (the package `game` itself is left out: it is the door)."""
    edges = {m: t - {"game"} for m, t in graph().items() if m != "game"}
    assert find_circle(edges) == []


def test_find_circle_sees_a_circle() -> None:
    """The circle finder itself: a three-module loop is found, a chain is not."""
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_imports_inside_functions_are_counted(tmp_path: Path) -> None:
    """An import inside a function counts; one under `if TYPE_CHECKING:` does not."""
    src = tmp_path / "m.py"
    src.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.engine import Game\n"
                   "def f():\n    from game.effects import OPS\n")
    assert imported(src, {"game.engine", "game.effects"}) == {"game.effects"}


def test_a_rule_runs_on_a_bare_table() -> None:
    """SC-2 on a Table alone: no schedule, no commands; the one replacement turns an untap into a removal."""
    table = Table(["Ada", "Bo"])
    table.untap_replacements.append(stun_counter_replacement)
    knight = table.create_card("k", "Footman", "Ada", "board")
    esper.add_component(knight, c.Tapped())
    esper.add_component(knight, c.StunCounters(1))
    assert table.listeners == []
    assert table.untap(knight, "effect") == "replaced"
    assert table.is_tapped(knight) and table.stun_counters(knight) == 0
    assert table.untap(knight, "effect") == "untapped"
    assert [e["type"] for e in table.log] == ["UntapReplaced", "Untapped"]
    table.close()
