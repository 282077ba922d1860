"""`countertop value`: how much each mechanic is worth (restricted play), and the skill trace (budget N against 2N).

Every row plays the same paired deals (deal j with seed S + j, twice, the seats reversed the second time) between
a full bot and a weaker one: the bot forbidden one mechanic (Jaffe et al. 2012), `myopic`, or, for the skill
trace, ismcts at half the budget. The row's number is the full bot's win rate with its 95% Wilson interval (a
shared win counts a half): far above 50% means the game rewards what the weaker bot may not do.

With `--until decided` (or `Npts`), the rows are played in rounds of ROUND games, all rows' games of a round on
all workers at once, and each row stops when its comparison is settled, at most `--games` games: the sequential
tests of `game.tools.sequential` on the full bot's score over each paired deal less its even share (the two games'
scores minus 1, weight 2), that is its win rate minus 50% with the deal's luck paired away. A row is settled as
"better" (the full bot wins measurably more than half), "worse", or "no measurable change" (a gain or loss of the
smallest move or more is ruled out).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.bots.restricted import MECHANICS
from game.core.dice import seed_problem
from game.io.setup import SetupError, find_deck, standard_decks
from game.tools.balance import wilson
from game.tools.batch import GameSpec, runner, schedule
from game.tools.report import winners
from game.tools.sequential import ALPHA, BETA, DOWN, SAME, UP, Verdict, precision, verdict
from game.tools.sim import GameResult
from game.tools.simconsole import GameProgress
from game.tools.simrun import check_bot, worker_count

BUDGETS = (8, 16, 32, 64)
MAX_GAMES = 100_000
ROUND = 20
"""Games a row plays in a round of `--until`: 10 paired deals."""
BETTER, WORSE = "better", "worse"
FOUND = {UP: BETTER, DOWN: WORSE, SAME: SAME}
"""A row's verdict in words, from the sequential tests' (the full bot against the weaker one)."""


def restricted(full: str, against: str) -> str:
    """The bot a row plays against the full one: `myopic`, or the full bot forbidden one mechanic."""
    if against == "myopic":
        return "myopic"
    kind, _, budget = full.partition(":")
    return f"{kind}-no:{against}" + (f":{budget}" if budget else "")


def lineup(args: argparse.Namespace) -> dict[str, tuple[str, str]]:
    """Each row's label and its (full, weaker) bots."""
    if args.skill_trace:
        return {f"{2 * n} vs {n}": (f"ismcts:{2 * n}", f"ismcts:{n}") for n in args.budgets}
    return {m: (args.bot, restricted(args.bot, m)) for m in args.against}


def validate(args: argparse.Namespace) -> None:
    """Reject bad options, one line each (SetupError)."""
    if args.bot.partition(":")[0] not in ("greedy", "ismcts", "greedy-v1", "ismcts-v1"):
        raise SetupError(f"--bot must be greedy or ismcts[:BUDGET] (the full bot; or a reference, greedy-v1 or "
                         f"ismcts-v1[:BUDGET]), not {args.bot!r}")
    for m in args.against:
        if m not in (*MECHANICS, "myopic"):
            raise SetupError(f"--against: unknown mechanic {m!r}; mechanics: {', '.join(MECHANICS)}, myopic")
    for n in args.budgets:
        if not 1 <= n <= 50_000:
            raise SetupError(f"--budgets: each budget is 1 to 50000 playouts (got {n})")
    for full, weaker in lineup(args).values():
        for bot in (full, weaker):
            check_bot(bot)
    if not 1 <= args.games <= MAX_GAMES:
        raise SetupError(f"--games must be 1 to {MAX_GAMES:,} (got {args.games:,})")
    if args.workers is not None and args.workers < 1:
        raise SetupError(f"--workers must be at least 1 (got {args.workers})")
    if why := seed_problem(args.seed, args.games):
        raise SetupError(f"--seed {why}")
    args.decided = None if args.until is None else precision(args.until)
    if args.until is not None and args.decided is None:
        raise SetupError(f"--until must be decided or a smallest move such as 2pts (got {args.until})")


def plan(rows: dict[str, tuple[str, str]], games: int, seed: int, decks: Sequence[str]) -> list[GameSpec]:
    """Every row's games in turn, each row on the same paired deals (the full bot in seat 1 of the first game of
    even deals, in seat 2 of odd ones)."""
    specs: list[GameSpec] = []
    for full, weaker in rows.values():
        for spec in schedule(0, games, seed, decks, [full, weaker], 2, True, False):
            specs.append(replace(spec, index=len(specs)))
    return specs


def score(result: GameResult, bot: str) -> float:
    """The bot's share of a game's win: 1 alone, a half shared, 0 otherwise."""
    won = winners(result)
    mine = [s for s in won if result.bots[s] == bot]
    return len(mine) / len(won) if won else 0.0


def row(results: Sequence[GameResult], full: str, weaker: str) -> dict[str, Any]:
    """A row of the table: the full bot's win rate against the weaker one, with its interval, and game lengths."""
    wins = sum(score(r, full) for r in results)
    iv = wilson(wins, len(results))
    return {"full": full, "against": weaker, "games": len(results), "wins": wins, "rate": round(iv.value, 4),
            "low": round(iv.low, 4), "high": round(iv.high, 4),
            "mean_turns": round(sum(r.turns for r in results) / max(len(results), 1), 2)}


def levels_off(rows: dict[str, dict[str, Any]]) -> str | None:
    """The first doubling that no longer wins measurably more: whose interval reaches 50%, or with `--until`, whose
    row was not settled as "better"; None: still rising."""
    return next((label for label, r in rows.items()
                 if ((r["until"] or {}).get("found") != BETTER if "until" in r else r["low"] <= 0.5)), None)


def decided_trace(where: str | None, rows: dict[str, dict[str, Any]]) -> str:
    """The skill trace in a sentence with `--until`: where it levels off, by that row's sequential verdict."""
    if where is None:
        return "still rising: every doubling was settled as winning measurably more than half its games"
    found = rows[where]["until"]
    if found is None:
        return (f"undecided from {where} on: that doubling was not settled within {rows[where]['games']} games "
                "(--games sets the most a row plays)")
    if found["found"] == SAME:
        return (f"levels off at {where}: doubling the budget there was settled as no measurable change (a gain of the "
                "smallest move or more ruled out)")
    return f"levels off at {where}: doubling the budget there did measurably worse"


def deal_scores(results: Sequence[GameResult], full: str) -> list[float]:
    """The full bot's score over each paired deal less its even share (1 of the deal's 2 games)."""
    scores = [score(r, full) for r in results]
    return [scores[i] + scores[i + 1] - 1 for i in range(0, len(scores) - 1, 2)]


def play_until(rows: dict[str, tuple[str, str]], cap: int, seed: int, decks: Sequence[str], step: float,
               play: Callable[[list[GameSpec]], list[GameResult]]
               ) -> tuple[dict[str, list[GameResult]], dict[str, Verdict]]:
    """`--until`: rounds of ROUND games of every unsettled row (the next of its paired deals, the same deals for
    every row), until each row is settled or has played `cap` games; each row's games, and the verdicts found."""
    played: dict[str, list[GameResult]] = {label: [] for label in rows}
    found: dict[str, Verdict] = {}
    while open_rows := [label for label in rows if label not in found and len(played[label]) < cap]:
        parts = [schedule(len(played[label]), min(ROUND, cap - len(played[label])), seed, decks, list(rows[label]),
                          2, True, False) for label in open_rows]
        results = iter(play([replace(spec, index=n) for n, spec in enumerate(s for part in parts for s in part)]))
        for label, part in zip(open_rows, parts, strict=True):
            played[label] += [next(results) for _ in part]
            diffs = deal_scores(played[label], rows[label][0])
            now = verdict(diffs, [2] * len(diffs), step)
            if now is not None:
                found[label] = Verdict(FOUND[now], len(played[label]))
    return played, found


def trace_verdict(where: str | None, labels: list[str]) -> str:
    """The skill trace in a sentence: a level only after a doubling that did win measurably more; none from the first
    doubling on says only that these games cannot tell a gain (more games a row can)."""
    if where is None:
        return "still rising: every doubling won measurably more than half its games"
    if labels and where == labels[0]:
        return (f"no doubling won measurably more than half its games, from {where} on: too few games a row to tell "
                "a small gain from none (--games sets them)")
    return f"levels off at {where}: doubling the budget there no longer wins measurably more"


def command(args: argparse.Namespace, decks: Sequence[str]) -> str:
    """The command that plays the same games again."""
    parts = [".venv/bin/countertop value", f"--games {args.games}", f"--seed {args.seed}"]
    if args.skill_trace:
        parts += ["--skill-trace", "--budgets " + " ".join(map(str, args.budgets))]
    else:
        parts += [f"--bot {shlex.quote(args.bot)}", "--against " + " ".join(map(shlex.quote, args.against))]
    if args.decks:
        parts.append("--decks " + " ".join(decks))
    if args.until is not None:
        parts.append(f"--until {args.until}")
    return " ".join(parts)


def measure(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """Play every row's games and build the report; with how the games ran."""
    decks = [find_deck(d).key for d in args.decks] if args.decks else list(standard_decks())
    rows = lineup(args)
    games = args.games + args.games % 2
    specs = plan(rows, games, args.seed, decks)
    found: dict[str, Verdict] | None = None
    with runner(worker_count(args.workers, len(specs)), args.ray) as active, \
            GameProgress(0 if args.decided is not None else len(specs), not args.json and sys.stderr.isatty()) as bar:
        if args.decided is None:
            results = active.run(specs, bar.advance)
            played = {label: results[i * games:(i + 1) * games] for i, label in enumerate(rows)}
        else:
            def play(more: list[GameSpec]) -> list[GameResult]:
                bar.extend(len(more))
                return active.run(more, bar.advance)

            played, found = play_until(rows, games, args.seed, decks, args.decided, play)
        how = active.describe()
    measured = {label: row(played[label], full, weaker) for label, (full, weaker) in rows.items()}
    if found is not None:
        for label, r in measured.items():
            r["until"] = {"found": found[label].found, "games": found[label].games} if label in found else None
    names = standard_decks()
    report: dict[str, Any] = {
        "command": command(args, decks), "mode": "skill-trace" if args.skill_trace else "value",
        "bot": None if args.skill_trace else args.bot, "seed": args.seed, "games": games, "pairs": games // 2,
        "decks": {k: names[k].name for k in decks}, "rows": measured,
    }
    if found is not None:
        report["until"] = {"step": args.decided, "alpha": ALPHA, "beta": BETA, "round": ROUND,
                           "settled": len(found) == len(rows), "games": sum(r["games"] for r in measured.values())}
    report["row_labels"] = {label: row_words(report, label) for label in measured}
    report["wins_column"] = wins_head(report)
    if args.skill_trace:
        report["levels_off"] = levels_off(measured)
        report["verdict"] = (trace_verdict(report["levels_off"], list(measured)) if found is None
                             else decided_trace(report["levels_off"], measured))
    return report, how


def row_words(report: dict[str, Any], label: str) -> str:
    """A row's label as the tables show it (`row_labels`): `without stasis`, `myopic`, or the trace's `32 vs 16`."""
    return label if report["mode"] == "skill-trace" or label == "myopic" else f"without {label}"


def wins_head(report: dict[str, Any]) -> str:
    """Whose wins a row counts (`wins_column`): the bigger budget's in the skill trace, the full bot's otherwise."""
    return "2N wins" if report["mode"] == "skill-trace" else f"{report['bot']} wins"


def print_value(report: dict[str, Any], how: str, seconds: float) -> None:
    """The rows as an aligned table, and what they say."""
    from rich.console import Console
    from rich.table import Table

    out = Console(file=sys.stdout, highlight=False)
    total = sum(r["games"] for r in report["rows"].values())
    until = report.get("until")
    a_row = f"at most {report['pairs']}" if until else f"{report['pairs']}"
    out.print(f"{total} games ({a_row} paired deals a row) in {seconds:.1f} s ({how})")
    trace = report["mode"] == "skill-trace"
    grid = Table(title="Skill trace: ismcts at 2N playouts against N" if trace else
                 f"Mechanic value: {report['bot']} against itself without a mechanic, or myopic",
                 title_justify="left")
    first = "2N vs N playouts" if trace else f"{report['bot']} against"
    for column in (first, "games", report["wins_column"], "win rate", "95% interval", "turns"):
        grid.add_column(column, justify="left" if column == first else "right")
    for label, r in report["rows"].items():
        grid.add_row(report["row_labels"][label], str(r["games"]), f"{r['wins']:g}", f"{100 * r['rate']:.1f}%",
                     f"{100 * r['low']:.1f} – {100 * r['high']:.1f}%", f"{r['mean_turns']:g}")
    out.print(grid)
    if until:
        out.print("sequential verdicts: " + "; ".join(
            f"{report['row_labels'][label]}: {settled_text(r['until'], r['games'])}"
            for label, r in report["rows"].items()), markup=False)
        out.print(f"--until: {'every row settled' if until['settled'] else 'not every row settled'} (sequential "
                  f"tests on the paired deals, smallest move {100 * until['step']:g} points; a false verdict of "
                  "better or worse at most 5% each way, a missed move of that size at most 5%)")
    if trace:
        out.print(report["verdict"])


def settled_text(found: dict[str, Any] | None, games: int) -> str:
    """A row's sequential verdict and the games it took (or played, unsettled), in words."""
    return f"not settled in {games} games" if found is None else f"{found['found']} in {found['games']} games"


def run_value(args: argparse.Namespace) -> int:
    """The `countertop value` command."""
    validate(args)
    started = time.perf_counter()
    report, how = measure(args)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_value(report, how, time.perf_counter() - started)
    if args.report:
        from game.tools.valuepage import write_value

        sys.stdout.flush()
        json_path, html_path = write_value(report, Path(args.report))
        if not args.json:
            print(f"report: {html_path} and {json_path}")
    return 0
