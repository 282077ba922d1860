"""`countertop bench`: each figure is a ratio against a bare baseline measured in the same run (docs/performance.md)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from game.core import components as c
from game.core.table import Table
from game.engine import Game

HUGE = 10**9


def best_of(fn: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of several runs, in seconds (the least disturbed by a noisy machine)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def crowded_game(n: int) -> Game:
    """A game whose two players hold n characters between them, a third each in stasis, stunned, or with statuses.

    Counters and HP are huge, so turn after turn the same work is done and nothing runs out.
    """
    game = Game.empty(["Ada", "Bo"])
    table = game.table
    for i in range(n):
        player = "Ada" if i % 2 == 0 else "Bo"
        kind = i % 3
        eid = table.create_card(f"c{i}", "Footman", player, "stasis" if kind == 0 else "board")
        table.component(eid, c.Stats).max_hp = HUGE
        table.component(eid, c.Health).hp = HUGE
        if kind == 0:
            table.set_stasis_counters(eid, HUGE)
            continue
        if kind == 1:
            table.add(eid, c.Tapped())
            table.add(eid, c.StunCounters(HUGE))
        else:
            table.add(eid, c.StatusStack({"Burn": 1}, {"Burn": 0}, set()))
    return game


def turn_cycle(game: Game) -> Callable[[], object]:
    """One end phase plus the next player's start and untap phases, through the rule systems."""
    return lambda: game.act({"act": "end_turn"})


def bare_cycle(game: Game) -> Callable[[], object]:
    """The same arithmetic straight over the same esper components: no rules, no events."""

    table = game.table

    def cycle() -> None:
        for _, (counters,) in table.query(c.StasisCounters):
            counters.n = max(0, counters.n - 1)
        for _, (stun, _tapped) in table.query(c.StunCounters, c.Tapped):
            stun.n -= 1
        for _, (stack, health) in table.query(c.StatusStack, c.Health):
            health.hp -= 2 * stack.stacks.get("Burn", 0)

    return cycle


def rules_figure(n: int) -> dict[str, Any]:
    """Rules turn cycle against the bare loop, at n characters."""
    game = crowded_game(n)
    rules = best_of(turn_cycle(game), 3)
    bare = best_of(bare_cycle(game), 3)
    game.close()
    return {"figure": f"rules, {n} characters", "seconds": rules, "baseline_seconds": bare,
            "ratio": rules / bare}


def idle_figure() -> dict[str, Any]:
    """An idle frame (every rule system's `process`) on a full board against one in a world with no systems."""
    game = Game.new(["Ada", "Bo"], seed=1)
    loops = 2000

    def idle() -> None:
        for _ in range(loops):
            game.tick()

    busy = best_of(idle) / loops
    game.close()
    bare_table = Table(["Ada", "Bo"])

    def empty() -> None:
        for _ in range(loops):
            bare_table.process()

    bare = best_of(empty) / loops
    bare_table.close()
    return {"figure": "idle frame", "seconds": busy, "baseline_seconds": bare, "ratio": busy / bare}


def bot_games(bot: str, count: int) -> tuple[float, int]:
    """CPU seconds (this process, one core) and commands of `count` seeded games between two `bot` bots."""
    from game.bots.determinize import Observation
    from game.bots.registry import make_bot
    from game.tools.sim import ACTION_LIMIT

    commands = 0
    start = time.process_time()
    for seed in range(count):
        game = Game.new(["P1", "P2"], ["backtimers_stun", "hex_and_count"], seed)
        bots = {"P1": make_bot(bot, seed * 31), "P2": make_bot(bot, seed * 31 + 1)}
        actions = 0
        table = game.table
        while table.turn.phase != "over" and table.turn.turn <= table.numbers.turn_limit and actions < ACTION_LIMIT:
            game.act(bots[game.table.acting_player()].choose(Observation.of(game)))
            actions += 1
        commands += actions
        game.close()
    return time.process_time() - start, commands


def games_figure(bot: str, count: int) -> dict[str, Any]:
    """Bot-vs-bot full games per second and commands per second on one core, against legal-action listing
    alone on a fresh game."""
    seconds, commands = bot_games(bot, count)
    per_game = seconds / count
    game = Game.new(["Ada", "Bo"], seed=1)
    listing = best_of(game.legal_actions)
    game.close()
    return {"figure": f"games ({bot} bots)", "seconds": per_game, "baseline_seconds": listing,
            "ratio": per_game / listing, "games_per_second": 1 / per_game, "commands_per_second": commands / seconds}


def search_positions(games: int = 3, every: int = 7) -> list[dict[str, Any]]:
    """Positions to search from: every `every`-th decision of seeded games between two greedy-v1 bots."""
    from game.bots.determinize import Observation
    from game.bots.simple import GreedyBot

    kept = []
    for seed in range(games):
        game = Game.new(["P1", "P2"], seed=seed)
        bots = {"P1": GreedyBot(1), "P2": GreedyBot(2)}
        n = 0
        while game.table.turn.phase != "over":
            if n % every == 3:
                kept.append(game.to_state())
            game.act(bots[game.table.acting_player()].choose(Observation.of(game)))
            n += 1
        game.close()
    return kept


def search_seconds(make: Callable[[], Any], positions: list[dict[str, Any]], playouts: int) -> float:
    """CPU seconds one search bot spends on `playouts` playouts from each position (setting up excluded)."""
    from game.bots.determinize import Observation

    bot, spent = make(), 0.0
    for state in positions:
        game = Game.from_state(state)
        seen = Observation.of(game)
        actions = seen.actions
        start = time.process_time()
        bot.search(seen, actions)
        spent += time.process_time() - start
        game.close()
    return spent


def playouts_figure(playouts: int = 32, rounds: int = 3) -> dict[str, Any]:
    """Search playouts per CPU second, `ismcts` against `ismcts-v1` on the same positions, the two taking turns
    round by round (a machine that slows down meanwhile weighs on both alike); each bot's best round."""
    from game.bots.mcts import SearchBot
    from game.bots.search import IsmctsBot

    positions = search_positions()
    new, old = [], []
    for _ in range(rounds):
        old.append(search_seconds(lambda: IsmctsBot(7, playouts=playouts), positions, playouts))
        new.append(search_seconds(lambda: SearchBot(7, playouts=playouts), positions, playouts))
    per_new, per_old = min(new) / (playouts * len(positions)), min(old) / (playouts * len(positions))
    return {"figure": "search playout (ismcts)", "seconds": per_new, "baseline_seconds": per_old,
            "ratio": per_new / per_old, "playouts_per_second": 1 / per_new,
            "baseline_playouts_per_second": 1 / per_old, "speedup": per_old / per_new}


def window_figure() -> dict[str, Any]:
    """Search playouts per second of wall time at the window's budget: the "hard" seat (`ismcts`, two processes
    where there are two cores) against the reference search as the window ran it (`ismcts-v1`, one process), the
    two taking turns position by position. Wall time, since the second core is what the window's seat adds; on a
    busy machine both figures fall."""
    from game.bots.determinize import Observation
    from game.bots.mcts import SearchBot
    from game.bots.registry import make_bot
    from game.bots.search import IsmctsBot

    positions = search_positions()
    hard, old = make_bot("hard", 7), make_bot("ismcts-v1", 7, window=True)
    assert isinstance(hard, SearchBot) and isinstance(old, IsmctsBot)
    bots: tuple[tuple[str, SearchBot | IsmctsBot], ...] = (("old", old), ("new", hard))
    spent = {"new": 0.0, "old": 0.0}
    try:
        for n, state in enumerate([positions[0], *positions]):  # the first search starts hard's process pool
            for name, bot in bots:
                game = Game.from_state(state)
                seen = Observation.of(game)
                actions = seen.actions
                start, before = time.perf_counter(), bot.iterations
                bot.search(seen, actions)
                if n:
                    spent[name] += time.perf_counter() - start
                else:
                    bot.iterations = before
                game.close()
    finally:
        if hard.pool is not None:
            hard.pool.shutdown()
    new, base = hard.iterations / spent["new"], old.iterations / spent["old"]
    return {"figure": "window search (hard)", "seconds": 1 / new, "baseline_seconds": 1 / base, "ratio": base / new,
            "window_playouts_per_second": new, "baseline_playouts_per_second": base, "speedup": new / base,
            "workers": hard.workers}


def check_figure(count: int) -> dict[str, Any]:
    """What `sim --check` costs: the same seeded random games played unchecked and checked in turn, game by game
    (a machine that slows down meanwhile weighs on both alike), in CPU seconds of this process, with the
    collector settled as `sim` settles it. Both play the very same games (checking changes nothing)."""
    from game.tools.batch import settle_collector
    from game.tools.sim import play_game

    settle_collector()
    decks = ["backtimers_stun", "hex_and_count"]
    spent = {False: 0.0, True: 0.0}
    for seed in range(count):
        for check in (False, True):
            start = time.process_time()
            play_game(seed, decks, ["random", "random"], check)
            spent[check] += time.process_time() - start
    return {"figure": "checked games (random bots)", "seconds": spent[True] / count,
            "baseline_seconds": spent[False] / count, "ratio": spent[True] / spent[False]}


BOARD_MINIONS = ("Archer", "Ember Witch", "Frost Warden", "Footman", "Hush Bard", "Venom Adept", "Thunder Monk",
                 "Aegis Knight", "Mender", "Sunderer")
HAND_CARDS = ("Footman", "Archer", "Cleanser")


def scaled_game(extra: int) -> Game:
    """20 characters on the board (10 a player, untapped, with abilities), 3 cards in each hand, and `extra`
    more cards split between the two players' stasis areas (with counters: they can't be played) and discard
    piles."""
    game = Game.empty(["Ada", "Bo"])
    table = game.table
    squares = [(x, y) for y in (0, 1, 3, 4) for x in range(7)]
    for i in range(20):
        player = "Ada" if i < 10 else "Bo"
        eid = table.create_card(f"m{i}", BOARD_MINIONS[i % 10], player, "board")
        table.place_at(eid, squares[i if i < 10 else i + 4])
    for player in ("Ada", "Bo"):
        for i, name in enumerate(HAND_CARDS):
            table.create_card(f"{player.lower()}-h{i}", name, player, "hand")
    for i in range(extra):
        player = "Ada" if i % 2 == 0 else "Bo"
        eid = table.create_card(f"x{i}", "Footman", player, "stasis" if i % 4 < 2 else "discard")
        if table.in_stasis(eid):
            table.set_stasis_counters(eid, HUGE)
    game.advance()
    return game


def scaling_figures(sizes: tuple[int, ...] = (10, 100, 1_000), rounds: int = 5) -> list[dict[str, Any]]:
    """One `legal_actions()` and one `act()` (a move) with 20 characters on the board as the cards in stasis and
    discard piles grow, each against the same figure at the smallest size.

    The sizes are measured in turn, round after round, and each keeps its fastest round, so a machine that
    slows down or speeds up meanwhile weighs on every size alike.
    """
    loops = 200
    games = {n: scaled_game(n) for n in sizes}
    for game in games.values():
        game.table.component(game.table.eid("m9"), c.Stats).mv = HUGE
    moves = [{"act": "move", "card": "m9", "to": to} for to in ([2, 2], [2, 1])] * (loops // 2)

    def listing(game: Game) -> None:
        for _ in range(loops):
            game.legal_actions()

    def moving(game: Game) -> None:
        for action in moves:
            outcome = game.act(action)
            assert outcome.ok, outcome.reason

    best: dict[tuple[str, int], float] = {}
    for _ in range(rounds):
        for n, game in games.items():
            for name, fn in (("legal_actions()", listing), ("act() move", moving)):
                start = time.perf_counter()
                fn(game)
                seconds = (time.perf_counter() - start) / loops
                best[(name, n)] = min(best.get((name, n), seconds), seconds)
    for game in games.values():
        game.close()
    return [{"figure": f"{name}, 20 on board + {n}", "seconds": best[(name, n)],
             "baseline_seconds": best[(name, sizes[0])], "ratio": best[(name, n)] / best[(name, sizes[0])]}
            for name in ("legal_actions()", "act() move") for n in sizes]


def snapshot_figure() -> dict[str, Any]:
    """Serialise and restore a full game, against a plain JSON round trip of the same data."""
    game = Game.new(["Ada", "Bo"], seed=1)
    state = game.to_state()

    def snapshot() -> None:
        Game.from_state(game.to_state()).close()

    seconds = best_of(snapshot)
    bare = best_of(lambda: json.loads(json.dumps(state)))
    game.close()
    return {"figure": "snapshot (save + restore)", "seconds": seconds, "baseline_seconds": bare,
            "ratio": seconds / bare}


def frame_figures() -> list[dict[str, Any]]:
    """A busy board's frame at 1280x720, cached and fully redrawn, each against a bare fill-and-blit (needs
    pygame; none without it)."""
    try:
        from game.ui.bench import busy_board_path, frame_benchmark
    except ImportError:
        return []
    game = Game.from_scenario(busy_board_path())
    result = frame_benchmark(game)
    game.close()
    return [
        {"figure": "frame, cached (busy board)", "seconds": result["cached_s"], "baseline_seconds": result["bare_s"],
         "ratio": result["cached_ratio"]},
        {"figure": "frame, full redraw (busy board)", "seconds": result["redraw_s"],
         "baseline_seconds": result["bare_s"], "ratio": result["redraw_ratio"]},
    ]


def run_benchmarks(as_json: bool) -> int:
    """Measure every figure and print them as a table (or JSON)."""
    figures = [rules_figure(1_000), rules_figure(10_000), idle_figure(), games_figure("random", 20),
               games_figure("greedy-v1", 20), *scaling_figures(), snapshot_figure(), playouts_figure(),
               window_figure()]
    figures += frame_figures()
    figures.append(check_figure(40))
    if as_json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"{'figure':36} {'time':>12} {'baseline':>12} {'ratio':>8}")
    for f in figures:
        print(f"{f['figure']:36} {f['seconds'] * 1e3:10.3f}ms {f['baseline_seconds'] * 1e3:10.3f}ms "
              f"{f['ratio']:8.1f}")
    for f in figures:
        if "games_per_second" in f:
            print(f"{f['figure']}: {f['games_per_second']:.1f} games/s, {f['commands_per_second']:.0f} commands/s "
                  f"(one core)")
        elif "playouts_per_second" in f:
            print(f"{f['figure']}: {f['playouts_per_second']:.0f} playouts/s against ismcts-v1's "
                  f"{f['baseline_playouts_per_second']:.0f} ({f['speedup']:.2f}x, one core)")
        elif "window_playouts_per_second" in f:
            print(f"{f['figure']}: {f['window_playouts_per_second']:.0f} playouts a second against ismcts-v1's "
                  f"{f['baseline_playouts_per_second']:.0f} at the window's budget ({f['speedup']:.2f}x, "
                  f"{f['workers']} processes against one, wall time)")
        elif f["figure"].startswith("checked games"):
            print(f"sim --check: {f['ratio']:.2f}x an unchecked game (one core)")
    return 0
