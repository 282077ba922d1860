"""Runs every rule scenario in tests/scenarios/ and checks its [expect] table against the JSON dump.

`[expect]` (an extension of docs/formats.md that the runner ignores) maps dotted paths into the dump to exact
values (`"cards.hftp.zone" = "stasis"`); `log_has` lists partial events that must appear in that order;
`log_lacks` lists event types that must not appear at all; `invariants = true` asks that the simulation's
invariants hold at the end (what a scenario shrunk from a broken invariant expects, `game/tools/shrink.py`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game
from game.tools.sim import check_invariants

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


def lookup(dump: dict[str, Any], path: str) -> Any:
    """Follow a dotted path (list indexes as numbers) into the dump."""
    value: Any = dump
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def contains_in_order(log: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first wanted event not found (in order) in the log, or None when all are there."""
    i = 0
    for want in wanted:
        while i < len(log) and not all(log[i].get(k) == v for k, v in want.items()):
            i += 1
        if i == len(log):
            return want
        i += 1
    return None


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    expect = data["expect"]
    game = Game.from_scenario(str(path))
    dump = game.view()
    for key, want in expect.items():
        if key == "invariants":
            assert (check_invariants(game, len(data.get("card", []))) is None) is want
        elif key == "log_has":
            assert contains_in_order(dump["log"], want) is None, f"missing event {contains_in_order(dump['log'], want)}"
        elif key == "log_lacks":
            found = [e for e in dump["log"] if e["type"] in want]
            assert not found, f"unexpected events {found}"
        else:
            assert lookup(dump, key) == want, f"{key}: {lookup(dump, key)!r} != {want!r}"


def test_every_scenario_has_expectations() -> None:
    assert FILES, "no scenario files"
    for path in FILES:
        assert "expect" in tomllib.loads(path.read_text()), f"{path.name} has no [expect] table"
