"""The evaluation bots: `greedy` (one ply, the turn played out) and `ismcts` (turn-end cut-offs) on positions whose
right move is known, their budgets, root parallelism, and reproducible seeded choices."""

from __future__ import annotations

import pytest

from game.bots.determinize import Observation
from game.bots.lookahead import LookaheadBot
from game.bots.mcts import SearchBot
from game.bots.registry import make_bot
from game.bots.simple import GreedyBot
from game.engine import Game
from tests.conftest import scenario
from tests.test_search_bot import (
    EVASIVE,
    LETTER_IN_HAND,
    LETTER_IN_STASIS,
    ORDER,
    letter_back_and_lethal,
    play_turn,
    stasis_race_outcome,
)


def ends_the_round(game: Game) -> object:
    """Ada's turn is played: the game goes on until Bo ends the round (G-9); the winner then."""
    assert game.table.turn.winner is None and game.act({"act": "end_turn"}).ok
    return game.table.turn.winner


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_greedy_takes_the_sure_location_point_over_an_attack_through_90_evasion_g7_se12(seed: int) -> None:
    """G-7, SE-12: Ada needs 1 VP; the attack scores only if b's 90% evasion fails, the location surely. One lucky
    deal can make the attack look as good; the finalists' second and third deals tell them apart."""
    game = scenario(EVASIVE)
    assert play_turn(game, LookaheadBot(seed)) == [{"act": "move", "card": "f", "to": [1, 2]}, {"act": "end_turn"}]
    assert ends_the_round(game) == "Ada"
    game.close()


@pytest.mark.parametrize("bot", [LookaheadBot(1), SearchBot(2, playouts=40)])
def test_both_move_onto_a_location_before_attacking_g5_g7(bot: object) -> None:
    """G-5, G-7: at 8 VP, killing b first taps f; moving onto a location first, then killing, wins this turn."""
    game = scenario(ORDER)
    line = play_turn(game, bot)
    assert line[0]["act"] == "move" and line[-2:] == [{"act": "attack", "card": "f", "target": "b"},
                                                      {"act": "end_turn"}]
    assert ends_the_round(game) == "Ada"
    game.close()


@pytest.mark.parametrize("text,stash,counters", [(LETTER_IN_STASIS, "no", 1), (LETTER_IN_HAND, "letter", 2)])
def test_the_search_wins_the_stasis_race_st15_st10_st11(text: str, stash: str, counters: int) -> None:
    """ST-15, ST-10, ST-11: the search keeps Fast Forward (or stashes the Letter) and brings the Letter back for the
    kill this turn, as the reference search did, where one-ply greedy does not."""
    game = scenario(text)
    line = play_turn(game, SearchBot(1, playouts=64))
    assert line[0] == {"act": "choose", "option": stash}
    assert line[1:] == letter_back_and_lethal(counters)[:len(line) - 1]
    assert stasis_race_outcome(game) == (10, 9, "discard", None)
    assert ends_the_round(game) == "Ada"
    game.close()


def test_root_parallel_search_shares_the_playouts_out_and_repeats_from_its_seed() -> None:
    game = scenario(ORDER)
    seen = Observation.of(game)
    one, two = SearchBot(5, playouts=9, workers=2), SearchBot(5, playouts=9, workers=2)
    first = one.choose(seen)
    assert first in seen.actions and two.choose(seen) == first
    assert (one.iterations, one.workers) == (9, 2)
    assert one.pool is not None
    one.pool.shutdown()
    assert two.pool is not None
    two.pool.shutdown()
    game.close()


@pytest.mark.parametrize("spec,window,playouts,ms,workers", [
    ("ismcts", False, 128, None, 1), ("ismcts:200", True, 200, None, 1), ("ismcts:300ms", False, None, 300.0, 1)])
def test_budgets_and_the_window_seat(spec: str, window: bool, playouts: int | None, ms: float | None,
                                     workers: int) -> None:
    bot = make_bot(spec, 0, window)
    assert isinstance(bot, SearchBot) and (bot.playouts, bot.ms, bot.workers) == (playouts, ms, workers)


def test_a_window_seat_thinks_350_ms_on_up_to_two_cores() -> None:
    from game.bots.registry import WINDOW_WORKERS

    bot = make_bot("ismcts", 0, window=True)
    assert isinstance(bot, SearchBot) and (bot.playouts, bot.ms, bot.workers) == (None, 350.0, WINDOW_WORKERS)
    assert WINDOW_WORKERS in (1, 2)


def test_the_seats_by_their_rung_are_the_window_s_bots() -> None:
    """`easy`, `normal` and `hard` are the window's seats: greedy-v1, greedy, and the search as the window runs it."""
    from game.bots.registry import WINDOW_WORKERS, bot_problem

    assert type(make_bot("easy", 0)) is GreedyBot and type(make_bot("normal", 0)) is LookaheadBot
    hard = make_bot("hard", 0)
    assert isinstance(hard, SearchBot) and (hard.playouts, hard.ms, hard.workers) == (None, 350.0, WINDOW_WORKERS)
    assert bot_problem("hard") is None and bot_problem("hard:20") is not None


def test_a_seat_named_by_its_rung_is_the_window_s_own_choice() -> None:
    """`play --seats person hard` seats the bot the window's chip would: its label, its words and the chip's next
    kind are those of that choice."""
    from game.ui.seats import next_kind, parse_seats
    from game.ui.words import seat_label

    seats = parse_seats(["Ada", "Bo"], ["person", "hard"])
    assert seats == {"Ada": "person", "Bo": "ismcts"}
    assert seat_label(seats["Bo"]) == "Bot: hard" and next_kind(seats["Bo"]) == "person"
    assert next_kind("person") == "greedy-v1" and seat_label("greedy-v1") == "Bot: easy"


def test_seeded_choices_repeat() -> None:
    game = scenario(ORDER)
    seen = Observation.of(game)
    assert LookaheadBot(4).choose(seen) == LookaheadBot(4).choose(seen)
    assert SearchBot(4, playouts=12).choose(seen) == SearchBot(4, playouts=12).choose(seen)
    game.close()


def test_the_search_never_walks_a_character_back_to_where_it_stood_this_turn_g5() -> None:
    """G-5: f (MV 2) stepped from [2, 1] to [2, 0]; with 1 MV left, the way back only spends it, so the search is
    not offered it, while the other squares stay."""
    game = scenario(ORDER)
    bot = SearchBot(3, playouts=8)
    seen = Observation.of(game)
    assert bot.trail.onward(seen, seen.actions) == seen.actions
    assert game.act({"act": "move", "card": "f", "to": [2, 0]}).ok
    seen = Observation.of(game)
    back = {"act": "move", "card": "f", "to": [2, 1]}
    assert back in seen.actions
    kept = bot.trail.onward(seen, seen.actions)
    assert back not in kept and {"act": "move", "card": "f", "to": [1, 0]} in kept
    assert kept == [a for a in seen.actions if a != back]
    assert bot.choose(seen) != back
    game.close()
