"""Runs every rule scenario in tests/scenarios/ and checks its [expect] table (docs/formats.md), as
`countertop scenario` does (game/tools/expect.py).

`[expect]` maps dotted paths into the dump to exact values (`"cards.hftp.zone" = "stasis"`); `log_has` lists
partial events that must appear in that order; `log_lacks` lists event types that must not appear at all;
`invariants = true` asks that the simulation's invariants hold at the end (what a scenario shrunk from a broken
invariant expects, `game/tools/shrink.py`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.engine import Game
from game.tools.expect import MISSING, lookup, unmet

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    game = Game.from_scenario(str(path))
    assert unmet(game, data["expect"], len(data.get("card", []))) == []


def test_unmet_expectations_are_one_line_each() -> None:
    """Each expectation a game misses is one line that says what the dump holds instead."""
    path = next(p for p in FILES if p.stem == "g3_hand_limit_discard_choice")
    game = Game.from_scenario(str(path))
    expect = {"players.Bo.stones": 4, "players.Bo.nope": 1, "log_has": [{"type": "Nothing"}],
              "log_lacks": ["ChoiceMade"], "turn": 2}
    assert unmet(game, expect, 11) == [
        "players.Bo.stones: 3, expected 4", "players.Bo.nope: not in the dump",
        "log_has: no event {'type': 'Nothing'} (in this order)",
        "log_lacks: event {'type': 'ChoiceMade', 'player': 'Ada', 'option': 'h9'}"]
    assert lookup({"a": [{"b": 1}]}, "a.0.b") == 1 and lookup({"a": []}, "a.0") is MISSING


def test_every_scenario_has_expectations() -> None:
    assert FILES, "no scenario files"
    for path in FILES:
        assert "expect" in tomllib.loads(path.read_text()), f"{path.name} has no [expect] table"
