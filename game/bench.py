"""`countertop bench`: each figure is a ratio against a bare baseline measured in the same run (DESIGN §6)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import esper

from game import components as c
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
    game = Game(["Ada", "Bo"])
    for i in range(n):
        player = "Ada" if i % 2 == 0 else "Bo"
        kind = i % 3
        eid = game.create_card(f"c{i}", "Footman", player, "stasis" if kind == 0 else "board")
        esper.component_for_entity(eid, c.Stats).max_hp = HUGE
        esper.component_for_entity(eid, c.Health).hp = HUGE
        if kind == 0:
            esper.add_component(eid, c.StasisCounters(HUGE))
            continue
        esper.add_component(eid, c.BoardPos(-1, -1))
        if kind == 1:
            esper.add_component(eid, c.Tapped())
            esper.add_component(eid, c.StunCounters(HUGE))
        else:
            esper.add_component(eid, c.StatusStack({"Burn": 1}, {"Burn": 0}, set()))
    return game


def turn_cycle(game: Game) -> Callable[[], object]:
    """One end phase plus the next player's start and untap phases, through the rule systems."""
    return lambda: game.act({"act": "end_turn"})


def bare_cycle(game: Game) -> Callable[[], object]:
    """The same arithmetic straight over the same esper components: no rules, no events."""

    def cycle() -> None:
        game.enter()
        for _, counters in esper.get_component(c.StasisCounters):
            counters.n = max(0, counters.n - 1)
        for _, (stun, _tapped) in esper.get_components(c.StunCounters, c.Tapped):
            stun.n -= 1
        for _, (stack, health) in esper.get_components(c.StatusStack, c.Health):
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
    """An idle esper.process() on a full board against one in a world with no systems."""
    game = Game.new(["Ada", "Bo"], seed=1)
    loops = 2000

    def idle() -> None:
        game.enter()
        for _ in range(loops):
            esper.process()

    busy = best_of(idle) / loops
    game.close()
    esper.switch_world("countertop-bench-empty")

    def empty() -> None:
        for _ in range(loops):
            esper.process()

    bare = best_of(empty) / loops
    esper.switch_world("default")
    esper.delete_world("countertop-bench-empty")
    return {"figure": "idle frame", "seconds": busy, "baseline_seconds": bare, "ratio": busy / bare}


def games_figure() -> dict[str, Any]:
    """Random bot-vs-bot full games per second, against legal-action listing alone on a fresh game."""
    from game.sim import play_game

    count = 3
    start = time.perf_counter()
    for seed in range(count):
        play_game(seed, ["backtimers_stun", "hex_and_count"], ["random", "random"], check=False)
    per_game = (time.perf_counter() - start) / count
    game = Game.new(["Ada", "Bo"], seed=1)
    listing = best_of(game.legal_actions)
    game.close()
    return {"figure": "games (random bots)", "seconds": per_game, "baseline_seconds": listing,
            "ratio": per_game / listing, "games_per_second": 1 / per_game}


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
    figures = [rules_figure(1_000), rules_figure(10_000), idle_figure(), games_figure(), snapshot_figure()]
    figures += frame_figures()
    if as_json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"{'figure':32} {'time':>12} {'baseline':>12} {'ratio':>8}")
    for f in figures:
        print(f"{f['figure']:32} {f['seconds'] * 1e3:10.3f}ms {f['baseline_seconds'] * 1e3:10.3f}ms "
              f"{f['ratio']:8.1f}")
    return 0
