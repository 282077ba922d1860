"""Matches between bots: paired deals, a deal's score, the sequential test that stops a match, and `ladder`."""

from __future__ import annotations

import json
import math

import pytest

from game.cli import main
from game.tools.batch import LocalRunner
from game.tools.match import MatchResult, Sprt, deal_scores, expected_score, points, run_match
from game.tools.sim import GameResult


def result(bots: list[str], winner: str | list[str] | None) -> GameResult:
    return GameResult(0, ["a", "b"], bots, winner, 9, winner is None)


def test_a_deal_is_two_games_with_the_seats_swapped_and_a_shared_win_splits() -> None:
    games = [result(["A", "B"], "P1"), result(["B", "A"], "P1"),  # A won, then B won: 0.5
             result(["A", "B"], ["P1", "P2"]), result(["B", "A"], "P2"),  # shared, then A won: 0.75
             result(["A", "B"], None), result(["B", "A"], "P2")]  # cut off (nobody), then A won: 0.5
    assert [points(g, "A") for g in games] == [1.0, 0.0, 0.5, 1.0, 0.0, 1.0]
    assert deal_scores(games, "A") == [0.5, 0.75, 0.5]


def test_the_sprt_reads_its_llr_from_the_deals_mean_and_variance() -> None:
    sprt = Sprt(0.0, 30.0)
    s0, s1 = 0.5, expected_score(30.0)
    deals = [1.0, 0.5] * 20  # mean 0.75, variance 0.0625
    assert sprt.llr(deals) == pytest.approx(40 * (s1 - s0) * (1.5 - s0 - s1) / (2 * 0.0625))
    assert sprt.bounds == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    assert sprt.verdict(deals) == "H1"
    assert sprt.verdict([0.5, 0.0] * 20) == "H0"
    assert sprt.verdict([1.0, 0.0] * 3) is None


def test_a_match_interval_is_over_deals_and_elo_follows_the_score() -> None:
    match = MatchResult("A", "B", (1.0, 0.5, 0.5, 1.0), None)
    s = match.score
    assert (match.games, s.value) == (8, 0.75)
    assert s.low == pytest.approx(0.75 - 1.959963984540054 * math.sqrt(1 / 12) / 2)
    assert match.elo().value == pytest.approx(400 * math.log10(3))


def test_a_match_the_sprt_has_decided_stops_after_the_batch_that_decided_it() -> None:
    """random against greedy-v1 loses every deal: the test rejects a gain after the first batch of 3 deals."""
    with LocalRunner(1) as run:
        match = run_match("random", "greedy-v1", 50, 7, ["backtimers_stun", "fable_guard"], run,
                          Sprt(0.0, 30.0), batch=3)
    assert (match.verdict, match.games, match.deals) == ("H0", 6, (0.0, 0.0, 0.0))


def test_ladder_plays_every_pair_on_the_same_deals_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ladder", "--bots", "random", "greedy-v1", "myopic", "--deals", "2", "--workers", "1", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert [(p["a"], p["b"], p["games"]) for p in first["pairs"]] == [
        ("random", "greedy-v1", 4), ("random", "myopic", 4), ("greedy-v1", "myopic", 4)]
    assert all(0 <= p["low"] <= p["score"] <= p["high"] <= 1 for p in first["pairs"])
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first


@pytest.mark.parametrize("bots,why", [
    (["random", "random"], "--bots: name at least two different bots"),
    (["random", "chess"], "unknown bot 'chess'"),
])
def test_ladder_refuses_bad_bots_in_one_line(capsys: pytest.CaptureFixture[str], bots: list[str], why: str) -> None:
    assert main(["ladder", "--bots", *bots, "--deals", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"countertop: {why}") and err.count("\n") == 1
