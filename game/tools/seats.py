"""`countertop tune --seats`: compensations for the order of play, as changes to the rule numbers, each measured
on games whose deals are played from every seat, against each seat's fair share 1/N.

With N players, deal j (seed + j) takes the line-ups of distinct decks in turn and is played N times, the decks (and
bots) rotated by one seat each time: every deck plays the deal from every seat, so what is left of a seat's win rate
above or below 1/N is the seat's. A seat's 95% interval is the paired one over deals (`game.tools.compare.paired`:
its wins in a deal's N games against the deal's fair share, 1). The compensations tried come from the numbers table
(`game.core.numbers`): for each number a seat may have its own first-round value for, one more for every seat after
the first, and one more per seat after the first (seat k gets k - 1 more); the on/off numbers (`round_end`,
`tie_break`) turned on, alone, together and with each of those. A candidate is fair for N players when the
sequential tests (`game.tools.sequential`) find no seat off 1/N by the tolerance (3 points for 2 players, 4 for
more), and unfair as soon as they find one that is; play stops there, or at --games. Each compensation is written
into each balanced player count's own table (`[two_players]` ...), counted from that count's numbers; balancing one
count alone (`--players 2`) leaves the others' rules.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from game.bots.registry import SPECS as BOT_SPECS
from game.bots.registry import make_bot
from game.core.dice import seed_problem
from game.core.numbers import FIRST_ROUND, PLAYER_COUNTS, SEATS, SPECS, Numbers, overlaid, shipped_numbers
from game.io.setup import SetupError
from game.tools.batch import GameSpec, matchups, runner
from game.tools.compare import paired, seat_wins
from game.tools.sequential import SAME, verdict
from game.tools.sim import GameResult
from game.tools.simconsole import GameProgress
from game.tools.simrun import worker_count
from game.tools.variant import Variant, VariantError, build_variant, load_variant

MAX_GAMES = 100_000
"""The most games per candidate and player count."""
TOLERANCE = {2: 0.03, 3: 0.04, 4: 0.04}
"""How far from 1/N a seat may be and still count as fair (issue 44: 50 ± 3% for two, ± 4 points for more)."""
BATCH_DEALS = 50
"""Deals played between two looks of the sequential tests."""
FAIR, UNFAIR, OPEN = "fair", "unfair", "not settled"


@dataclass(frozen=True)
class Candidate:
    """One compensation: what it says, its changes to the starting rules, and how much it changes."""

    label: str
    changes: dict[str, Any]
    size: tuple[int, int]
    """(numbers changed, total steps over seats): smaller is simpler."""


def first_round(base: Numbers, key: str, steps: list[int]) -> dict[str, Any]:
    """A `first_round` table giving seats 2, 3, 4 these many more of `key` than `base` (0: no change)."""
    return {SEATS[s + 1]: {key: base.for_seat(key, s + 1, True) + step} for s, step in enumerate(steps) if step}


def switches(start: Numbers) -> dict[str, int]:
    """The rule numbers that are on/off switches (0 or 1) and are off in the start: each is turned on."""
    return {spec.key: 1 for spec in SPECS if (spec.low, spec.high) == (0, 1) and not getattr(start, spec.key)}


def candidates(start: Numbers, only: int | None = None) -> list[Candidate]:
    """The compensations tried: the start as it is; each switch on (`round_end`, `tie_break`), alone and all
    together; each first-round number one more for every later seat ("+1") and one more per seat ("+1 per seat"),
    alone and with every switch on. Each change is written into the table of each player count balanced
    (`[two_players]` ...), one more than that count's own numbers, so that a count's own values never hide it;
    `only`, a player count, balances that count alone (the others keep their rules) and names only its seats."""
    counts = list(PLAYER_COUNTS) if only is None else [only]
    numbers = {n: start.for_players(n) for n in counts}
    on = {n: switches(numbers[n]) for n in counts}
    every_on = [spec.key for spec in SPECS if any(spec.key in on[n] for n in counts)]
    found = [Candidate("as they are", {}, (0, 0))]
    found += [Candidate(f"{key} 1", per_count({n: {key: 1} for n in counts if key in on[n]}), (1, 1))
              for key in every_on]
    if len(every_on) > 1:
        found.append(Candidate(", ".join(f"{key} 1" for key in every_on), per_count(on), (len(every_on),) * 2))
    for key in FIRST_ROUND:
        for label, steps in ((f"{key} +1 for seats 2-4", [1, 1, 1]), (f"{key} +1 per seat after the first", [1, 2, 3])):
            later = {n: {"first_round": first_round(numbers[n], key, steps[:n - 1])} for n in counts}
            size = sum(steps[:max(counts) - 1])
            found.append(Candidate(label, per_count(later), (1, size)))
            if every_on:
                found.append(Candidate(", ".join([*(f"{k} 1" for k in every_on), label]),
                                       per_count({n: {**on[n], **later[n]} for n in counts}),
                                       (len(every_on) + 1, len(every_on) + size)))
    own, seen = [], []
    for c in found:
        if c.changes not in seen:
            seen.append(c.changes)
            if only is None:
                own.append(c)
                continue
            label = c.label.replace("seats 2-4", "seat 2" if only == 2 else f"seats 2-{only}")
            own.append(Candidate(f"{label} ({only} players only)" if c.changes else label, c.changes, c.size))
    return own


def per_count(changes: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Changes to the rule numbers of each player count, as its table (`two_players` ...); counts with none left out."""
    return {PLAYER_COUNTS[n]: change for n, change in changes.items() if change}


def deals(players: int, count: int, seed: int, bots: list[str], variant: Variant) -> list[GameSpec]:
    """`count` deals of `players` seats, each played once from every rotation of its decks and bots."""
    lineups = matchups(list(variant.contents.decks), players, paired=True)
    specs: list[GameSpec] = []
    for deal in range(count):
        decks = lineups[deal % len(lineups)]
        seat_bots = [bots[s % len(bots)] for s in range(players)]
        for turn in range(players):
            specs.append(GameSpec(len(specs), seed + deal, tuple(decks[turn:] + decks[:turn]),
                                  tuple(seat_bots[turn:] + seat_bots[:turn]), False, variant.contents))
    return specs


def seat_rates(results: list[GameResult], players: int) -> list[dict[str, Any]]:
    """Each seat's win rate over the games (a deal's N games in a row) and its paired 95% interval over deals."""
    deals_played = len(results) // players
    rows = []
    for seat in range(players):
        wins = [sum(seat_wins(r, [seat]) for r in results[d * players:(d + 1) * players]) for d in range(deals_played)]
        found = paired([1.0] * deals_played, [float(w) for w in wins], [players] * deals_played)
        share = 1 / players
        delta, (low, high) = found["delta"] or 0.0, found["ci"]
        rows.append({"seat": seat + 1, "wins": sum(wins), "rate": round(share + delta, 4),
                     "low": round(share + (low or 0.0), 4), "high": round(share + (high or 0.0), 4),
                     "verdict": verdict([w - 1.0 for w in wins], [players] * deals_played, TOLERANCE[players])})
    return rows


def judged(rows: list[dict[str, Any]], players: int, stop: bool) -> str:
    """Fair, unfair or not settled: by the sequential tests, or (`stop` off) by every seat's rate within the
    tolerance of 1/N."""
    if not stop:
        return FAIR if all(abs(r["rate"] - 1 / players) <= TOLERANCE[players] for r in rows) else UNFAIR
    if any(r["verdict"] not in (None, SAME) for r in rows):
        return UNFAIR
    return FAIR if all(r["verdict"] == SAME for r in rows) else OPEN


def measure(active: Any, bar: GameProgress, players: int, args: argparse.Namespace, variant: Variant) -> dict[str, Any]:
    """One candidate with N players: batches of deals until the sequential tests settle it (or all --games)."""
    total = max(1, args.games // players)
    step = total if args.fixed else min(BATCH_DEALS, total)
    specs = deals(players, total, args.seed, args.bots, variant)
    results: list[GameResult] = []
    while len(results) < len(specs):
        batch = specs[len(results):len(results) + step * players]
        results += active.run(batch, bar.advance)
        rows = seat_rates(results, players)
        found = judged(rows, players, not args.fixed)
        if found != OPEN:
            break
    bar.extend(len(results) - len(specs))
    return {"players": players, "games": len(results), "found": found, "seats": rows}


def validate(args: argparse.Namespace) -> None:
    """Reject bad options, one line each (SetupError)."""
    if not 2 <= args.games <= MAX_GAMES:
        raise SetupError(f"--games (per candidate and player count) must be 2 to {MAX_GAMES:,} (got {args.games:,})")
    if why := seed_problem(args.seed, args.games):
        raise SetupError(f"--seed {why}")
    if args.workers is not None and args.workers < 1:
        raise SetupError(f"--workers must be at least 1 (got {args.workers})")
    for n in args.players:
        if n not in TOLERANCE:
            raise SetupError(f"--players takes 2, 3 or 4 (got {n})")
    for bot in args.bots:
        try:
            make_bot(bot, 0)
        except (KeyError, ValueError):
            raise SetupError(f"bad bot {bot!r}; bots: {BOT_SPECS}") from None


def start_variant(path: str | None) -> Variant:
    """The rules the search starts from: the shipped ones, or a variant file's (its cards and decks too)."""
    try:
        return load_variant(path) if path else build_variant("shipped rules", {}, {}, "tune --seats")
    except VariantError as err:
        raise SetupError(str(err)) from None


def run_seats(args: argparse.Namespace) -> int:
    """The `countertop tune --seats` command."""
    validate(args)
    start = start_variant(args.variant)
    only = args.players[0] if len(args.players) == 1 else None
    every = candidates(start.contents.numbers or shipped_numbers(), only)
    tried = every[:1] if args.measure else every
    rows = []
    with runner(worker_count(args.workers, args.games), args.ray) as active, \
            GameProgress(args.games * len(tried) * len(args.players), not args.json and sys.stderr.isatty()) as bar:
        for c in tried:
            variant = build_variant(f"{start.name}, {c.label}", start.cards, start.decks, "tune --seats",
                                    overlaid(start.rules, c.changes))
            counts = []
            for n in args.players:
                counts.append(measure(active, bar, n, args, variant))
                if counts[-1]["found"] == UNFAIR and not args.fixed:
                    break
            fair = len(counts) == len(args.players) and all(m["found"] == FAIR for m in counts)
            rows.append({"change": c.label, "rules": c.changes, "size": list(c.size), "fair": fair,
                         "players": counts})
    ranked = sorted(rows, key=lambda r: (not r["fair"], r["size"], r["change"]))
    out = {"start": start.name, "bots": args.bots, "seed": args.seed, "games": args.games, "fixed": args.fixed,
           "tolerance": {str(n): TOLERANCE[n] for n in args.players}, "tried": ranked,
           "simplest": next((r["change"] for r in ranked if r["fair"]), None)}
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print_seats(out)
    return 0


def print_seats(out: dict[str, Any]) -> None:
    """The search's outcome for the terminal: each candidate, each player count, each seat with its interval."""
    how = "all --games" if out["fixed"] else "until the sequential tests settle, at most --games"
    print(f"seat balance from {out['start']} with {' and '.join(out['bots'])}: deals played from every seat, {how} "
          f"({out['games']:,}) per candidate and player count")
    for row in out["tried"]:
        print(f"{'FAIR  ' if row['fair'] else '      '}{row['change']}")
        for m in row["players"]:
            seats = ", ".join(f"{100 * s['rate']:.1f}% ({100 * s['low']:.1f}-{100 * s['high']:.1f})"
                              for s in m["seats"])
            print(f"    {m['players']} players, {m['games']:,} games, {m['found']}: {seats}")
    simplest = out["simplest"]
    print(f"simplest fair: {simplest}" if simplest else "no candidate is fair for every player count")
