"""The import structure: packages in layers, no import circles, no upward, relative or dynamic imports, and one
module that talks to esper."""

from __future__ import annotations

import ast
from pathlib import Path

from game.core import components as c
from game.core.table import Table
from game.layers import LAYERS, layer_of
from game.rules.stun import stun_counter_replacement

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


def hidden_imports(path: Path) -> list[str]:
    """The imports a file makes that the import graph cannot follow: relative ones and `importlib.import_module`
    (or `__import__`) calls, each as `LINE: what`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            found.append(f"{node.lineno}: from {'.' * node.level}{node.module or ''} import")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__"):
                found.append(f"{node.lineno}: {name}()")
    return found


def esper_importers() -> list[str]:
    """The modules of game/ and systems/ that import esper."""
    found = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Import) and any(a.name.split(".")[0] == "esper" for a in node.names)) or (
                    isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "esper"):
                found.append(name)
                break
    return sorted(found)


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


def test_every_import_is_absolute_and_static() -> None:
    """No relative import and no `importlib.import_module`: the layer check sees every import as it is written."""
    assert {name: found for name, path in modules().items() if (found := hidden_imports(path))} == {}


def test_hidden_imports_are_seen(tmp_path: Path) -> None:
    """The check itself: a relative import and an `import_module` call are both named, with their lines."""
    src = tmp_path / "m.py"
    src.write_text("import importlib\nfrom . import x\nfrom ..core import table\n"
                   "mod = importlib.import_module('game.cli')\n")
    assert hidden_imports(src) == ["2: from . import", "3: from ..core import", "4: import_module()"]


def test_only_the_table_talks_to_esper() -> None:
    """One module owns esper: every entity and component change goes through `game.core.table`."""
    assert esper_importers() == ["game.core.table"]


def test_packages_match_the_layers() -> None:
    """Each package of game/ sits in one layer: the layer of its `__init__` is the layer of all its modules."""
    mods = modules()
    packages = {name for name, path in mods.items() if path.name == "__init__.py" and name != "game"}
    assert packages == {"game.core", "game.rules", "game.turn", "game.turn.commands", "game.io", "game.bots",
                        "game.env", "game.tools", "game.ui", "systems"}
    for package in packages:
        assert {layer_of(m) for m in mods if m == package or m.startswith(package + ".")} == {layer_of(package)}


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
                   "def f():\n    from game.rules.effects import OPS\n")
    assert imported(src, {"game.engine", "game.rules.effects"}) == {"game.rules.effects"}


def test_a_rule_runs_on_a_bare_table() -> None:
    """SC-2 on a Table alone: no schedule, no commands; the one replacement turns an untap into a removal."""
    table = Table(["Ada", "Bo"])
    table.untap_replacements.append(stun_counter_replacement)
    knight = table.create_card("k", "Footman", "Ada", "board")
    table.add(knight, c.Tapped())
    table.add(knight, c.StunCounters(1))
    assert table.listeners == []
    assert table.untap(knight, "effect") == "replaced"
    assert table.is_tapped(knight) and table.stun_counters(knight) == 0
    assert table.untap(knight, "effect") == "untapped"
    assert [e["type"] for e in table.log] == ["UntapReplaced", "Untapped"]
    table.close()
