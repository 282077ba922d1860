"""`countertop sim`: plan the games, run them on the chosen runner, and print the summary or write the report."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.bots.registry import SPECS, make_bot
from game.io.setup import SetupError, find_deck, standard_decks
from game.tools.batch import GameSpec, LocalRunner, RayRunner, runner, schedule
from game.tools.compare import asked, compare, print_compare, settle
from game.tools.report import RunInfo, build, essentials, win_rates, write
from game.tools.sequential import ALPHA, BETA, Verdict, precision
from game.tools.sim import GameResult, InvariantError, Keeper, check_invariants, summarise
from game.tools.simconsole import GameProgress, print_summary
from game.tools.variant import Variant, VariantError, load_variant

MAX_GAMES = 100_000
"""The most games a run plays: --games, and --until's rounds all together."""


def keeper(args: argparse.Namespace) -> Keeper | None:
    """The hook of `--keep DIR` / `--keep-failures` and of `--check` (a broken invariant is shrunk), or None."""
    folder, failures_only = getattr(args, "keep", None), getattr(args, "keep_failures", False)
    if folder is None and failures_only:
        raise SetupError("--keep-failures needs --keep DIR (where to write the games)")
    if folder is None and not args.check:
        return None
    from game.tools.kept import GameKeeper

    return GameKeeper(folder, failures_only, check_invariants, paired=getattr(args, "paired", False))


def default_workers() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1


def worker_count(asked: int | None, games: int) -> int:
    """The worker processes of a run: as many as asked (default: one per core), but never more than its games
    nor than the cores this process may use (games are pure computation: more workers only wait for a core)."""
    return max(1, min(asked or default_workers(), games, default_workers()))


def check_bot(bot: str) -> None:
    """Refuse a bot name `make_bot` does not take, in one line (SetupError)."""
    try:
        make_bot(bot, 0)
    except KeyError:
        raise SetupError(f"unknown bot {bot!r}; bots: {SPECS}") from None
    except ValueError as err:
        raise SetupError(f"bad bot {bot!r}: {err}; bots: {SPECS}") from None


def validate(args: argparse.Namespace) -> None:
    """Reject bad options, one line each (SetupError)."""
    for bot in args.bots:
        check_bot(bot)
    if not 2 <= args.players <= 4:
        raise SetupError("--players must be 2 to 4")
    if args.games < 1:
        raise SetupError("--games must be at least 1")
    if args.games > MAX_GAMES:
        raise SetupError(f"--games is at most {MAX_GAMES:,} (got {args.games:,})")
    if args.workers is not None and args.workers < 1:
        raise SetupError(f"--workers must be at least 1 (got {args.workers})")
    parse_until(args)


def parse_until(args: argparse.Namespace) -> None:
    """Read `--until`: a half-width of every deck's interval (`args.until`, 0.03 for ±3 points), or `decided` /
    `Npts`, the smallest move the sequential tests of `--variant` look for (`args.decided`); SetupError if neither."""
    text = args.until
    args.until_text, args.decided = text, None
    if text is None:
        return
    args.decided = precision(text)
    if args.decided is not None:
        args.until = None
        return
    try:
        args.until = float(text)
    except ValueError:
        args.until = None
    if args.until is None or not 0 < args.until < 0.5:
        raise SetupError(f"--until must be a half-width between 0 and 0.5, such as 0.03 for ±3 points, or (with "
                         f"--variant) decided or a smallest move such as 2pts (got {text})")


def command(args: argparse.Namespace, deck_keys: list[str]) -> str:
    """The command that plays the same games again (how they were spread over processes does not matter)."""
    parts = [".venv/bin/countertop sim", f"--games {args.games}", f"--seed {args.seed}", f"--players {args.players}",
             "--bots " + " ".join(args.bots)]
    if args.decks:
        parts.append("--decks " + " ".join(deck_keys))
    parts += [flag for flag, on in (("--paired", args.paired), ("--check", args.check),
                                    ("--fun", args.fun)) if on]
    if args.until_text is not None:
        parts.append(f"--until {args.until_text}")
    parts += [f"--variant {shlex.quote(path)}" for path in getattr(args, "variant", None) or []]
    return " ".join(parts)


def widest(results: list[GameResult], players: int) -> float:
    """The widest half-width of the decks' win-rate intervals."""
    by_deck = win_rates(results, players)["by_deck"]
    return max(((r["high"] - r["low"]) / 2 for r in by_deck.values()), default=1.0)


def play(args: argparse.Namespace, deck_keys: list[str], active: LocalRunner | RayRunner, bar: GameProgress,
         keep: Keeper | None) -> tuple[list[GameResult], bool | None]:
    """Play the run's games in rounds of --games (one round without --until); the results, and whether
    --until's half-width was reached."""
    round_size = args.games + args.games % 2 if args.paired else args.games
    results: list[GameResult] = []
    while True:
        specs: list[GameSpec] = schedule(len(results), round_size, args.seed, deck_keys, args.bots, args.players,
                                         args.paired, args.check)
        if args.fun:
            specs = [replace(s, record=True) for s in specs]
        results += active.run(specs, bar.advance, keep)
        if args.until is None:
            return results, None
        if widest(results, args.players) <= args.until:
            return results, True
        if len(results) + round_size > MAX_GAMES:
            return results, False
        bar.extend(round_size)


def variants(args: argparse.Namespace) -> list[Variant]:
    """The `--variant` files, each checked (SetupError: one line per problem); refused with the options whose games
    could not be told apart from the shipped cards' (`--check`'s round trip, `--keep`'s replays) or paired
    (`--until`'s rounds)."""
    paths = getattr(args, "variant", None) or []
    if args.decided is not None and not paths:
        raise SetupError(f"--until {args.until_text} settles the comparisons of --variant: give --variant FILE, or "
                         "--until HALFWIDTH (such as 0.03) for the decks' intervals")
    for flag, on in (("--check", args.check), ("--keep", getattr(args, "keep", None)), ("--until", args.until)):
        if paths and on not in (None, False):
            raise SetupError(f"--variant can't be combined with {flag}: run {flag} without it")
    try:
        return [load_variant(path) for path in paths]
    except VariantError as err:
        raise SetupError(str(err)) from None


def play_variants(specs: list[GameSpec], made: list[Variant], active: LocalRunner | RayRunner,
                  bar: GameProgress) -> list[list[GameResult]]:
    """The base run's games again with each variant's cards: the same seeds, decks and bots, game by game."""
    return [active.run([replace(s, contents=v.contents) for s in specs], bar.advance) for v in made]


def play_until_decided(args: argparse.Namespace, deck_keys: list[str], made: list[Variant],
                       active: LocalRunner | RayRunner, bar: GameProgress
                       ) -> tuple[list[GameResult], list[list[GameResult]], list[dict[str, Verdict]], bool]:
    """Batches of --games games, each played with the shipped cards and again with each variant, until the
    sequential tests settle the comparisons every variant asks about (`game.tools.compare.asked`) or the run
    reaches MAX_GAMES; the results, each variant's, their verdicts, and whether all were settled."""
    round_size = args.games + args.games % 2 if args.paired else args.games
    results: list[GameResult] = []
    played: list[list[GameResult]] = [[] for _ in made]
    decided: list[dict[str, Verdict]] = [{} for _ in made]
    while True:
        specs = schedule(len(results), round_size, args.seed, deck_keys, args.bots, args.players, args.paired, False)
        results += active.run(specs, bar.advance)
        for games, found, variant in zip(played, decided, made, strict=True):
            games += active.run([replace(s, contents=variant.contents) for s in specs], bar.advance)
            settle(found, results, games, args.decided)
        names = compare_names(results)
        if all(set(asked(variant, names)) <= set(found) for found, variant in zip(decided, made, strict=True)):
            return results, played, decided, True
        if len(results) + round_size > MAX_GAMES:
            return results, played, decided, False
        bar.extend(round_size * (1 + len(made)))


def compare_names(results: list[GameResult]) -> list[str]:
    """The comparisons of a run: its decks and its seats."""
    players = max((len(r.decks) for r in results), default=0)
    return sorted({d for r in results for d in r.decks}) + [f"seat {s + 1}" for s in range(players)]


def fun_sections(report: dict[str, Any]) -> list[str]:
    """The report page's fun section when the run recorded the fun metrics, else none."""
    if "fun" not in report:
        return []
    from game.tools.funpage import fun_section

    return [fun_section(report)]


def run_sim(args: argparse.Namespace) -> int:
    """The `countertop sim` command."""
    validate(args)
    made = variants(args)
    deck_keys = [find_deck(d).key for d in args.decks] if args.decks else list(standard_decks())
    keep = keeper(args)
    total = args.games + args.games % 2 if args.paired else args.games
    workers = worker_count(args.workers, total)
    started = time.perf_counter()
    shown = total * (1 + len(made))
    try:
        with runner(workers, args.ray) as active, GameProgress(shown, not args.json and sys.stderr.isatty()) as bar:
            decided: list[dict[str, Verdict] | None] = [None] * len(made)
            reached: bool | None
            if args.decided is not None:
                results, played, settled, reached = play_until_decided(args, deck_keys, made, active, bar)
                decided = list(settled)
                base_seconds = (time.perf_counter() - started) / (1 + len(made))
            else:
                results, reached = play(args, deck_keys, active, bar, keep)
                base_seconds = time.perf_counter() - started
                played = play_variants(schedule(0, len(results), args.seed, deck_keys, args.bots, args.players,
                                                args.paired, False), made, active, bar)
            how = active.describe()
    except InvariantError as err:
        sys.stderr.write(f"\ninvariant violated: {err}\n")
        return 1
    seconds = time.perf_counter() - started
    run = RunInfo(command(args, deck_keys), args.seed, args.players, tuple(deck_keys), tuple(args.bots),
                  args.paired, args.check, args.until, reached)
    report = build(results, run) if args.report else essentials(results, run)
    summary: dict[str, Any] = summarise(results)
    summary["win_rates"] = {k: v for k, v in report["win_rates"].items() if k != "matrix"}
    summary["ratings"] = report["ratings"]
    summary["paired"] = report["paired"]
    summary["warning"] = report["warning"]
    summary["until"] = None if args.until is None else {"halfwidth": args.until, "reached": reached,
                                                        "widest": round(widest(results, args.players), 4)}
    if made:
        report["compare"] = summary["compare"] = {"variants": [
            compare(results, v, m, found, args.decided) for v, m, found in zip(played, made, decided, strict=True)]}
        if args.decided is not None:
            report["compare"]["until"] = {"step": args.decided, "alpha": ALPHA, "beta": BETA, "settled": reached,
                                          "games": len(results)}
    if args.fun:
        from game.tools.funpage import fun_report

        report["fun"] = fun_report(results)
        summary["fun"] = {k: v for k, v in report["fun"].items() if k != "games"}
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print_summary(summary, report["decks"], how, base_seconds if made else seconds)
        if made:
            print_compare(summary["compare"], report["decks"], seconds - base_seconds)
        if args.decided is not None:
            print(f"--until {args.until_text}: " + ("settled" if reached else f"not settled within {MAX_GAMES:,} games")
                  + f" after {len(results)} games with each card set ({len(results) * (1 + len(made))} in all)")
        if "fun" in summary:
            from game.tools.funpage import print_fun

            print_fun(summary["fun"], report["decks"])
        if args.check:
            print(f"checks passed: every invariant held in all {len(results)} games (the components after every "
                  "command, every index at each end of turn, a save/restore round trip after setup and at the end)")
    if args.report:
        sys.stdout.flush()  # the summary is out before a report that can't be written ends the command
        json_path, html_path = write(report, Path(args.report), fun_sections(report))
        if not args.json:
            print(f"report: {html_path} and {json_path}")
    return 0
