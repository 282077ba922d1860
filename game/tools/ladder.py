"""`countertop ladder`: every pair of the named bots plays the same paired deals; each pair's score with its
interval, and where each bot stands (what docs/bots.md's table of the window's seats is made by)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from itertools import combinations

from game.bots.registry import SPECS, make_bot
from game.io.setup import SetupError, find_deck, standard_decks
from game.tools.batch import runner
from game.tools.match import MatchResult, run_match

DEFAULT_LADDER = ("random", "greedy-v1", "greedy", "ismcts-v1", "ismcts")


def check_bots(bots: list[str]) -> None:
    """Refuse an unknown or repeated bot name in one line."""
    for bot in bots:
        try:
            make_bot(bot, 0)
        except (KeyError, ValueError) as err:
            raise SetupError(f"unknown bot {bot!r} ({err}); bots: {SPECS}") from None
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise SetupError("--bots: name at least two different bots")


def run_ladder(args: argparse.Namespace) -> int:
    """Play every pair on --deals paired deals and print each pair's score (the first named bot's)."""
    bots = list(args.bots)
    check_bots(bots)
    decks = [find_deck(d).key for d in args.decks] if args.decks else list(standard_decks())
    workers = args.workers or os.cpu_count() or 1
    results: list[MatchResult] = []
    with runner(workers, args.ray) as run:
        for a, b in combinations(bots, 2):
            print(f"{a} against {b}: {args.deals} deals", file=sys.stderr)
            results.append(run_match(a, b, args.deals, args.seed, decks, run, batch=max(8, 4 * workers)))
    if args.json:
        print(json.dumps({"deals": args.deals, "seed": args.seed, "pairs": [row(r) for r in results]}, indent=1))
        return 0
    width = max(len(b) for b in bots)
    print(f"Each pair on the same {args.deals} paired deals (seed {args.seed}); the first bot's win rate (a shared "
          "win counts a half) and the same as Elo points, 95% intervals over deals:")
    for r in results:
        s, e = r.score, r.elo()
        print(f"  {r.a:>{width}} vs {r.b:<{width}}  wins {s.value:6.1%} ({s.low:.1%} to {s.high:.1%}) = "
              f"{e.value:+5.0f} Elo ({e.low:+.0f} to {e.high:+.0f})")
    return 0


def row(result: MatchResult) -> dict[str, object]:
    """One pair as JSON."""
    s = result.score
    return {"a": result.a, "b": result.b, "games": result.games, "score": round(s.value, 4),
            "low": round(s.low, 4), "high": round(s.high, 4)}
