"""The planning bot `halving`: sequential halving over the actions on common deals, its budgets, its workers, and
the positions whose right move is known."""

from __future__ import annotations

from typing import Any

import pytest

import game.bots.halving as halving
from game.bots.determinize import Observation
from game.bots.halving import HalvingBot, halve
from game.bots.registry import WINDOW_WORKERS, bot_problem, make_bot
from game.bots.search import WINDOW_MS
from game.engine import Game
from tests.conftest import scenario
from tests.test_search_bot import EVASIVE, ORDER, play_turn


def by_index(monkeypatch: pytest.MonkeyPatch, deals: list[int]) -> None:
    """Judge action i as worth i/10 whatever the deal, recording each deal a judgement was made on."""

    def judge(game: Any, action: dict[str, Any], *_: Any) -> float:
        deals.append(game)
        return action["i"] / 10

    monkeypatch.setattr(halving, "judge", judge)


class Dealt:
    """A stand-in for a dealt game: the deal's seed, closed after use."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def close(self) -> None:
        pass


def test_each_round_keeps_the_better_half_on_twice_the_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """8 actions: round one judges all 8 on one deal, round two the best 4 on 2 deals, round three the best 2 on
    4 deals; then one is left. Every action of a round is judged on the round's same deals."""
    seen: list[Any] = []
    by_index(monkeypatch, seen)
    actions = [{"i": i} for i in range(8)]
    tally, alive = halve(Dealt, "Ada", 1, actions, list(range(8)), 5, None, None, None)  # type: ignore[arg-type]
    assert alive == [7]
    assert {i: n for i, (n, _) in tally.items()} == {0: 1, 1: 1, 2: 1, 3: 1, 4: 3, 5: 3, 6: 7, 7: 7}
    assert tally[7][1] == pytest.approx(7 * 0.7)
    seeds = [d.seed for d in seen]
    assert len(seeds) == 24 and len(set(seeds[:8])) == 1  # round one: one deal for all eight
    round_two = seeds[8:16]
    assert round_two[:4] == [round_two[0]] * 4 and round_two[4:] == [round_two[4]] * 4


def test_a_budget_stops_it_mid_round_and_only_judged_actions_stay_in_the_running(
        monkeypatch: pytest.MonkeyPatch) -> None:
    by_index(monkeypatch, [])
    actions = [{"i": i} for i in range(8)]
    order = [7, 6, 5, 4, 3, 2, 1, 0]
    tally, alive = halve(Dealt, "Ada", 1, actions, order, 5, 5, None, None)  # type: ignore[arg-type]
    assert sum(n for n, _ in tally.values()) == 5 and alive == [7, 6, 5, 4, 3]
    tally, alive = halve(Dealt, "Ada", 1, actions, order, 5, 10, None, None)  # type: ignore[arg-type]
    assert alive == [7, 6, 5, 4] and {i: n for i, (n, _) in tally.items()}[7] == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_takes_the_sure_location_point_over_an_attack_through_90_evasion_g7_se12(seed: int) -> None:
    """G-7, SE-12: Ada needs 1 VP; the attack scores only if b's 90% evasion fails, the location surely."""
    game = scenario(EVASIVE)
    assert play_turn(game, HalvingBot(seed, 48)) == [{"act": "move", "card": "f", "to": [1, 2]}, {"act": "end_turn"}]
    assert game.table.turn.winner == "Ada"
    game.close()


def test_it_moves_onto_a_location_before_attacking_g5_g7() -> None:
    """G-5, G-7: at 8 VP, killing b first taps f; moving onto a location first, then killing, wins this turn."""
    game = scenario(ORDER)
    line = play_turn(game, HalvingBot(2, 48))
    assert line[0]["act"] == "move" and line[-2:] == [{"act": "attack", "card": "f", "target": "b"},
                                                      {"act": "end_turn"}]
    assert game.table.turn.winner == "Ada"
    game.close()


def test_seeded_choices_and_games_repeat_and_spend_the_budget() -> None:
    game = scenario(ORDER)
    seen = Observation.of(game)
    one, two = HalvingBot(4, 20), HalvingBot(4, 20)
    assert one.choose(seen) == two.choose(seen) and one.judged == two.judged == 20
    game.close()
    ends = []
    for _ in range(2):
        played = Game.new(["P1", "P2"], seed=3)
        bots = {"P1": make_bot("halving:12", 1), "P2": make_bot("greedy-v1", 2)}
        while played.table.turn.phase != "over":
            played.act(bots[played.table.acting_player()].choose(Observation.of(played)))
        ends.append((played.table.turn.turn, played.table.turn.winner, played.to_state()["cards"]))
        played.close()
    assert ends[0] == ends[1]


def test_two_workers_share_the_budget_and_repeat_from_the_seed() -> None:
    game = scenario(ORDER)
    seen = Observation.of(game)
    one, two = HalvingBot(5, 16, workers=2), HalvingBot(5, 16, workers=2)
    first = one.choose(seen)
    assert first in seen.actions and two.choose(seen) == first
    assert one.judged == 16
    for bot in (one, two):
        assert bot.pool is not None
        bot.pool.shutdown()
    game.close()


@pytest.mark.parametrize("spec,window,judgements,ms,workers", [
    ("halving", False, 128, None, 1), ("halving", True, None, WINDOW_MS, WINDOW_WORKERS),
    ("halving:200", True, 200, None, 1), ("halving:300ms", False, None, 300.0, 1)])
def test_budgets_and_the_window_seat(spec: str, window: bool, judgements: int | None, ms: float | None,
                                     workers: int) -> None:
    bot = make_bot(spec, 0, window)
    assert isinstance(bot, HalvingBot) and (bot.judgements, bot.ms, bot.workers) == (judgements, ms, workers)


def test_a_bad_budget_is_one_line_naming_the_bot() -> None:
    assert "a halving budget is 1 to 100000 judgements" in (bot_problem("halving:0") or "")
    assert bot_problem("halving:-3") is not None and bot_problem("halving:12") is None
