"""docs/performance.md frame figures: a busy board's frame, cached and fully redrawn, each against one bare baseline
(timings are not asserted, only what is measured and how it is labelled)."""

from __future__ import annotations

from game.engine import Game
from game.tools.bench import frame_figures
from game.ui.bench import busy_board_path, frame_benchmark


def test_the_frame_figures_are_the_cached_frame_and_the_full_redraw_against_one_baseline() -> None:
    figures = frame_figures()
    assert [f["figure"] for f in figures] == ["frame, cached (busy board)", "frame, full redraw (busy board)"]
    assert figures[0]["baseline_seconds"] == figures[1]["baseline_seconds"] > 0
    for figure in figures:
        assert figure["seconds"] > 0 and figure["ratio"] == figure["seconds"] / figure["baseline_seconds"]


def test_the_frame_benchmark_draws_the_busy_board() -> None:
    game = Game.from_scenario(busy_board_path())
    result = frame_benchmark(game, frames=2)
    game.close()
    assert result["surfaces"] > 60, "every square, card, marker and button of the busy board is a zone"
    assert result["cached_ratio"] == result["cached_s"] / result["bare_s"]
    assert result["redraw_ratio"] == result["redraw_s"] / result["bare_s"]
