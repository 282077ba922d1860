"""Answers that stop when they are known (issue 44): `sim --variant --until decided` plays batches until two
one-sided sequential tests (Fishtest's GSPRT, alpha = beta = 0.05) settle every deck and seat comparison."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.core.cards import card_pool
from game.tools.sequential import DOWN, SAME, UP, llr, precision, verdict

HERE = Path(__file__).parent / "variants"
STRONG = str(HERE / "strong_fable_guard.toml")


def unchanged_footman() -> str:
    """A variant that sets Footman's HP to what the shipped card says (so it stays a null variant whatever the card
    holds), written to a temporary folder."""
    path = Path(tempfile.mkdtemp(prefix="countertop-same-")) / "same.toml"
    path.write_text(f'name = "unchanged"\n\n[cards.Footman]\nhp = {card_pool()["Footman"].hp}\n', encoding="utf-8")
    return str(path)


SAME_FILE = unchanged_footman()
TWO_DECKS = ["--decks", "fable_guard", "hex_and_count", "--bots", "greedy-v1", "greedy-v1", "--workers", "1"]
FOOTMAN_DECKS = ["--decks", "clockwork_vanguard", "fable_guard", "--bots", "greedy-v1", "greedy-v1", "--workers", "1"]


def sim(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """`countertop sim ... --json` run here; its summary."""
    assert main(["sim", "--json", *argv]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_llr_by_hand() -> None:
    """d = (1, 0, 1, 0, 0): delta 0.4, per-seat variance (2 * 0.6^2 + 3 * 0.4^2) / 5 = 0.24; the LLR of +0.1
    against 0 is 5 * 0.1 * (0.8 - 0.1) / (2 * 0.24) = 0.7292, of -0.1 against 0 is 5 * -0.1 * 0.9 / 0.48."""
    assert math.isclose(llr([1, 0, 1, 0, 0], [1] * 5, 0.0, 0.1), 0.35 / 0.48)
    assert math.isclose(llr([1, 0, 1, 0, 0], [1] * 5, 0.0, -0.1), -0.45 / 0.48)


def test_no_difference_settles_once_the_variance_floor_allows() -> None:
    """All-zero differences: the variance is floored at 1/N, so the LLR is -N^2 s^2 / 2; with s = 3 points that
    passes Wald's lower bound log(0.05 / 0.95) = -2.944 at N = 81, not at 80."""
    assert verdict([0] * 80, [1] * 80, 0.03) is None
    assert verdict([0] * 81, [1] * 81, 0.03) == SAME


def test_a_clear_move_settles_in_its_direction() -> None:
    """30 wins more in 100 games is a move up, 30 fewer a move down; 2 more in 100 is not settled at 3 points."""
    assert verdict([1] * 30 + [0] * 70, [1] * 100, 0.03) == UP
    assert verdict([-1] * 30 + [0] * 70, [1] * 100, 0.03) == DOWN
    assert verdict([1] * 2 + [0] * 98, [1] * 100, 0.03) is None


@pytest.mark.parametrize(("text", "step"), [("decided", 0.03), ("2pts", 0.02), ("2.5pt", 0.025), ("0pts", None),
                                            ("50pts", None), ("soon", None), ("0.03", None)])
def test_until_precision(text: str, step: float | None) -> None:
    """`decided` is 3 points; `Npts` is N points, above 0 and below 50; anything else is not a precision."""
    assert precision(text) == step


def test_null_variant_stops_at_the_first_settled_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A variant that sets Footman's HP to what it is asks about Clockwork Vanguard, the deck that holds Footman:
    batches of 20 until 100 games, where it has 100 seats and the tests say "no measurable change" (so do the other
    comparisons); every difference is 0. The report holds the verdicts and the page shows them; the command line
    says how many games it took."""
    argv = ["--games", "20", "--seed", "5", *FOOTMAN_DECKS, "--until", "decided", "--variant", SAME_FILE]
    summary = sim(capsys, *argv, "--report", str(tmp_path))
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["compare"]["until"] == {"step": 0.03, "alpha": 0.05, "beta": 0.05, "settled": True, "games": 100}
    assert report["command"].endswith("--until decided --variant " + SAME_FILE)
    assert "no measurable change (100)" in (tmp_path / "report.html").read_text(encoding="utf-8")
    assert main(["sim", *argv]) == 0
    assert "--until decided: settled after 100 games with each card set (200 in all)" in capsys.readouterr().out
    [same] = summary["compare"]["variants"]
    assert same["games"] == 100 and same["until"]["settled"] is True and same["until"]["step"] == 0.03
    assert same["until"]["asked"] == ["clockwork_vanguard"]
    assert same["until"]["verdicts"] == {k: {"found": SAME, "games": 100}
                                         for k in ("clockwork_vanguard", "fable_guard", "seat 1", "seat 2")}
    assert all(d["delta"] == 0 for d in [*same["decks"].values(), *same["seats"].values()])


def test_helpful_variant_stops_early_with_the_fixed_runs_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    """Fable Guard's giants ask about Fable Guard: it moves up, settled at 40 games (Hex & Count's move down too),
    and the run stops there, the seats unsettled; a fixed run of 400 games has the same verdict (its interval above
    0). At a 10-point precision the first batch settles it. A variant with a [rules] table asks about the seats."""
    summary = sim(capsys, "--games", "20", "--seed", "1", *TWO_DECKS, "--until", "decided", "--variant", STRONG)
    [strong] = summary["compare"]["variants"]
    assert strong["until"]["asked"] == ["fable_guard"] and strong["until"]["settled"] is True
    assert strong["until"]["verdicts"] == {"fable_guard": {"found": UP, "games": 40},
                                           "hex_and_count": {"found": DOWN, "games": 40},
                                           "seat 1": None, "seat 2": None}
    assert strong["games"] == 40
    fixed = sim(capsys, "--games", "400", "--seed", "1", *TWO_DECKS, "--variant", STRONG)["compare"]["variants"][0]
    assert fixed["decks"]["fable_guard"]["ci"][0] > 0 and fixed["decks"]["hex_and_count"]["ci"][1] < 0
    coarse = sim(capsys, "--games", "20", "--seed", "1", *TWO_DECKS, "--until", "10pts", "--variant", STRONG)
    assert coarse["compare"]["variants"][0]["games"] == 20


@pytest.mark.parametrize(("argv", "message"), [
    (["--until", "soon", "--variant", SAME_FILE], "--until must be a half-width between 0 and 0.5"),
    (["--until", "decided"], "--until decided settles the comparisons of --variant: give --variant FILE"),
    (["--until", "0.2", "--variant", SAME_FILE], "--variant can't be combined with --until"),
])
def test_bad_until_is_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A malformed --until, or decided without a variant: one line, exit 2, nothing played."""
    assert main(["sim", "--games", "2", "--workers", "1", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and message in err, err


def test_a_rules_variant_asks_about_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """6 stones and 2 minion plays a turn (a [rules] table) asks about the seats only: at a 20-point precision the
    first batch settles them, seat 1 up (45% to 90%) and seat 2 down."""
    rules = str(HERE / "rich_rules.toml")
    summary = sim(capsys, "--games", "20", "--seed", "1", *TWO_DECKS, "--until", "20pts", "--variant", rules)
    until = summary["compare"]["variants"][0]["until"]
    assert until["asked"] == ["seat 1", "seat 2"] and until["settled"] is True
    assert until["verdicts"] == {"fable_guard": None, "hex_and_count": None, "seat 1": {"found": UP, "games": 20},
                                 "seat 2": {"found": DOWN, "games": 20}}
