"""The fun metrics on hand-made VP logs with known answers, and `sim --fun` (keys only when asked, same games)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.tools.fun import (
    comeback,
    decided_at,
    decided_early,
    drama,
    lead_changes,
    leader,
    mean_interval,
    summarise_fun,
    trailing_share,
)

NO_CHANGE = [[1, 0], [2, 0], [3, 1], [10, 2]]
THREE_CHANGES = [[1, 0], [1, 2], [3, 2], [3, 5], [4, 10]]
COMEBACK = [[3, 0], [5, 1], [5, 6], [6, 10]]


def test_a_game_led_throughout_has_no_lead_change_and_no_drama() -> None:
    assert lead_changes(NO_CHANGE) == 0
    assert drama(NO_CHANGE, 0) == 0.0 and trailing_share(NO_CHANGE, 0) == 0.0
    assert not comeback(NO_CHANGE, 0)
    assert decided_at(NO_CHANGE, 0) == 1 and decided_early(NO_CHANGE, 0)


def test_a_game_with_three_lead_changes() -> None:
    assert [leader(row) for row in THREE_CHANGES] == [0, 1, 0, 1, 1]
    assert lead_changes(THREE_CHANGES) == 3
    assert drama(THREE_CHANGES, 1) == 1.0  # one VP behind at the ends of turns 1 and 3
    assert trailing_share(THREE_CHANGES, 1) == pytest.approx(2 / 5)
    assert not comeback(THREE_CHANGES, 1)
    assert decided_at(THREE_CHANGES, 1) == 4 and not decided_early(THREE_CHANGES, 1)  # 4 > 2/3 of 5 turns


def test_ties_for_the_lead_are_no_leader() -> None:
    assert lead_changes([[0, 0], [1, 0], [1, 1], [1, 2]]) == 1
    assert lead_changes([[0, 0], [1, 1]]) == 0


def test_a_comeback_from_four_behind() -> None:
    assert lead_changes(COMEBACK) == 1
    assert drama(COMEBACK, 1) == 3.5 and trailing_share(COMEBACK, 1) == 0.5
    assert comeback(COMEBACK, 1)
    assert decided_at(COMEBACK, 1) == 3 and not decided_early(COMEBACK, 1)


def game(winner: int | None, turns: int, changes: int, first: bool, opened: int) -> dict[str, Any]:
    """One game's metrics as `game_metrics` gives them."""
    won = winner is not None
    return {"seed": 0, "decks": ["a", "b"], "winner": winner, "turns": turns, "first_player_won": first,
            "lead_changes": changes, "drama": 1.0 if won else None, "trailing_share": 0.5 if won else None,
            "comeback": (changes > 1) if won else None, "decided_at": 2 if won else None,
            "decided_early": (changes == 0) if won else None, "decisions": 10, "open_decisions": opened,
            "legal_actions": 50}


def test_the_summary_counts_shares_and_means() -> None:
    summary = summarise_fun([game(0, 10, 0, True, 5), game(1, 12, 3, False, 10), game(None, 120, 2, False, 0)])
    assert summary["games"] == 3
    assert summary["first_player_wins"]["count"] == 1 and summary["first_player_wins"]["n"] == 3
    assert summary["turns"]["mean"] == pytest.approx(142 / 3, abs=1e-4)
    assert summary["lead_changes_histogram"] == {"0": 1, "2": 1, "3": 1}
    assert summary["comebacks"] == {**summary["comebacks"], "n": 2, "count": 1, "rate": 0.5}
    assert summary["decided_early"]["count"] == 1
    assert summary["open_decisions"]["pooled"] == 0.5 and summary["open_decisions"]["mean"] == 0.5
    assert summary["legal_actions"] == {"mean": 5.0, "decisions": 30, "low": 5.0, "high": 5.0}
    assert summary["drama"]["n"] == 2 and summary["drama"]["mean"] == 1.0


def sim_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """A sim run's JSON summary."""
    assert main(["sim", "--games", "4", "--seed", "3", "--bots", "greedy-v1", "greedy-v1", "--json", *args]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_sim_adds_the_fun_metrics_only_when_asked_and_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    plain = sim_json(capsys, "--workers", "1")
    fun = sim_json(capsys, "--workers", "1", "--fun")
    assert "fun" not in plain
    assert {k: v for k, v in fun.items() if k != "fun"} == plain
    assert fun["fun"]["summary"]["games"] == 4 and set(fun["fun"]) == {"summary", "by_deck"}
    assert sum(fun["fun"]["summary"]["turns_histogram"].values()) == 4
    assert sim_json(capsys, "--workers", "2", "--fun") == fun


def test_the_report_shows_the_fun_metrics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "2", "--bots", "greedy-v1", "greedy-v1", "--fun", "--workers", "1",
                 "--report", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "report.json").read_text())
    page = (tmp_path / "report.html").read_text()
    assert len(report["fun"]["games"]) == 2 and "Is it fun?" in page
    assert 'data-path="fun/summary/lead_changes/mean"' in page
    assert "Fun metrics" in capsys.readouterr().out and "--fun" in report["command"]


def test_a_mean_interval_stays_within_what_the_metric_can_be() -> None:
    # mean 0.1, sample sd 0.2 over 4 values: 0.1 +- 1.96 * 0.2 / 2 = 0.1 +- 0.196, cut at 0 below
    assert mean_interval([0.0, 0.0, 0.0, 0.4]) == {"n": 4, "mean": 0.1, "low": 0.0, "high": 0.296}
    # a share near 1 is cut at 1 above
    assert mean_interval([1.0, 1.0, 1.0, 0.6], most=1.0) == {"n": 4, "mean": 0.9, "low": 0.704, "high": 1.0}
