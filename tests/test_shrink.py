"""Shrinking a broken invariant to a scenario (issue 17): a test-only hook breaks the game on purpose."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import esper
import pytest

from game.cli import main
from game.core import components as c
from game.core.table import Table
from game.engine import Game
from game.tools.replay import open_timeline
from game.tools.shrink import kind
from game.tools.sim import check_invariants
from systems import schedule

PROBLEM = "has negative counters"


def break_on_move(game: Table, entry: dict[str, Any]) -> None:
    """The deliberate bug: a character that moves on its own gets -1 stun counters."""
    if entry["type"] == "Moved" and not entry["forced"]:
        game.enter()  # the bots' determinizations make other worlds current meanwhile
        esper.add_component(game.eid(entry["card"]), c.StunCounters(-1))


@pytest.fixture
def broken_build(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """Every game made meanwhile carries the bug, given to it as its last system is registered (esper is called
    through its module, by the compiled engine too)."""
    add = esper.add_processor
    last = schedule.SCHEDULE[-1]

    def add_and_break(processor: esper.Processor, priority: int = 0) -> None:
        add(processor, priority=priority)
        if isinstance(processor, last):
            processor.game.listeners.append(break_on_move)

    monkeypatch.setattr(esper, "add_processor", add_and_break)
    return monkeypatch


def test_kind_ignores_numbers() -> None:
    assert kind("cards were lost: 70 before, 68 now") == kind("cards were lost: 3 before, 1 now")
    assert kind("p1-3 has negative counters") != kind("p2-3 has stasis counters outside stasis")


def test_a_checked_sim_shrinks_the_break_to_a_scenario_that_reproduces_it(
        broken_build: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "3", "--seed", "8", "--bots", "greedy-v1", "random", "--check", "--workers", "1",
                 "--keep", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "invariant violated: seed 8: " in err and PROBLEM in err
    shrunk = tmp_path / "game-8-shrunk.toml"
    assert f"shrunk to {shrunk}" in err
    data = tomllib.loads(shrunk.read_text())
    assert data["expect"] == {"invariants": True}
    assert PROBLEM in data["description"]
    original = open_timeline(str(tmp_path / "game-8.json"))
    assert original.record.result["problem"].endswith(PROBLEM)
    start = original.view_at(0)
    assert len(data["do"]) < original.steps and data["do"] == original.record.history[-len(data["do"]):]
    assert 1 <= len(data["card"]) < len(start["cards"])

    game = Game.from_scenario(str(shrunk))
    problem = check_invariants(game, len(data["card"]))
    assert problem is not None and problem == original.record.result["problem"]
    assert game.table.rejected == []
    game.close()

    broken_build.undo()
    fixed = Game.from_scenario(str(shrunk))
    assert check_invariants(fixed, len(data["card"])) is None
    fixed.close()


def test_without_keep_the_shrunk_scenario_goes_in_the_current_folder(
        broken_build: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken_build.chdir(tmp_path)
    assert main(["sim", "--games", "1", "--seed", "8", "--bots", "greedy-v1", "random", "--check",
                 "--workers", "1"]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-8-shrunk.toml"]
    assert "shrunk to ./game-8-shrunk.toml" in capsys.readouterr().err


def test_the_shrunk_file_ends_with_its_expect_table(broken_build: pytest.MonkeyPatch, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--seed", "8", "--bots", "greedy-v1", "random", "--check", "--workers", "1",
                 "--keep", str(tmp_path)]) == 1
    assert "1 of the game's 55 cards, 1 of its 21 commands" in capsys.readouterr().err
    text = (tmp_path / "game-8-shrunk.toml").read_text()
    assert text.endswith("\n[expect]\ninvariants = true\n")
    assert text.count("[[card]]") == 1 and text.count("[[do]]") == 1
