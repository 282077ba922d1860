"""The `countertop` command line (DESIGN §2); bad input gives one clear line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

BAD_INPUT = 2


class CliError(Exception):
    """Bad input from the command line or a file it names; printed as one line, exit status 2."""


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run a scenario file and print its final state."""
    from game.scenario import ScenarioError, run_scenario_file
    from game.view import summary

    try:
        game = run_scenario_file(args.file)
    except ScenarioError as err:
        raise CliError(str(err)) from None
    if args.json:
        try:
            text = json.dumps(game.view(), indent=1, allow_nan=False)
        except ValueError as err:
            raise CliError(f"{args.file}: the final state holds a value JSON can't carry ({err})") from None
        print(text)
    else:
        print(summary(game))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    """List the card pool, or check every card file."""
    from game.cards import CardError, load_cards

    try:
        pool = load_cards()
    except CardError as err:
        raise CliError(str(err)) from None
    if args.check:
        print(f"{len(pool)} card files are valid")
        return 0
    for card in sorted(pool.values(), key=lambda c: (c.kind, c.name)):
        stats = f" {card.atk}/{card.hp}" if card.is_character else ""
        print(f"{card.kind:9} {card.name}{stats}: {card.text}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """Print the rules reference, or one rule."""
    from game.rules import format_rule, load_rules, rule

    if args.id:
        try:
            print(format_rule(rule(args.id)))
        except KeyError as err:
            raise CliError(str(err.args[0])) from None
        return 0
    print("\n\n".join(format_rule(r) for r in load_rules().values()))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the benchmarks."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.bench import run_benchmarks

    return run_benchmarks(as_json=args.json)


def cmd_sim(args: argparse.Namespace) -> int:
    """Bot-vs-bot games headless."""
    from game.setup import SetupError
    from game.sim import run_sim

    try:
        return run_sim(args)
    except SetupError as err:
        raise CliError(str(err)) from None


def cmd_play(args: argparse.Namespace) -> int:
    """Open the hot-seat window (or render a scenario to a PNG)."""
    from game.cards import CardError
    from game.scenario import ScenarioError
    from game.serialize import SaveError
    from game.setup import SetupError, check_player_names

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.serialize import remove_stale_temporaries
    from game.ui.app import data_home, main_play

    if args.screenshot and not args.scenario:
        raise CliError("--screenshot needs --scenario FILE (the state to draw)")
    remove_stale_temporaries(str(data_home()))
    if args.screenshot:
        check_output_file(args.screenshot)
    if args.players:
        try:
            check_player_names(args.players)
        except SetupError as err:
            raise CliError(f"--players: {err}") from None
    try:
        return main_play(players=args.players, decks=args.decks, seed=args.seed, load=args.load,
                         scenario=args.scenario, screenshot=args.screenshot)
    except (CardError, ScenarioError, SaveError, SetupError) as err:
        raise CliError(str(err)) from None
    except pygame.error as err:
        if not args.screenshot:
            raise
        raise CliError(f"{args.screenshot}: can't be written ({err})") from None


def check_output_file(path: str) -> None:
    """An output file we can create or replace: its folder exists and is writable, and it is no folder."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise CliError(f"{path}: is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise CliError(f"{path}: no such folder {folder}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise CliError(f"{path}: can't be written (permission denied)")


def parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    top = argparse.ArgumentParser(prog="countertop", description="A tabletop game of counters and status effects.")
    sub = top.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play hot-seat in a window")
    play.add_argument("--players", nargs="+", metavar="NAME")
    play.add_argument("--decks", nargs="+", metavar="DECK")
    play.add_argument("--seed", type=int)
    play.add_argument("--load", metavar="SAVE")
    play.add_argument("--scenario", metavar="FILE")
    play.add_argument("--screenshot", metavar="OUT.png")
    play.set_defaults(run=cmd_play)

    scenario = sub.add_parser("scenario", help="run a scenario file and print the final state")
    scenario.add_argument("file")
    scenario.add_argument("--json", action="store_true", help="print the JSON state dump")
    scenario.set_defaults(run=cmd_scenario)

    sim = sub.add_parser("sim", help="bot-vs-bot games, headless")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--decks", nargs="+", metavar="DECK")
    sim.add_argument("--bots", nargs="+", default=["greedy", "random"], metavar="BOT")
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--check", action="store_true", help="verify invariants after every command")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(run=cmd_sim)

    bench = sub.add_parser("bench", help="performance ratios against bare baselines")
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(run=cmd_bench)

    cards = sub.add_parser("cards", help="list the card pool")
    cards.add_argument("--check", action="store_true", help="validate every card file")
    cards.set_defaults(run=cmd_cards)

    rules = sub.add_parser("rules", help="print the rules, or one rule by id")
    rules.add_argument("id", nargs="?")
    rules.set_defaults(run=cmd_rules)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `countertop` script."""
    args = parser().parse_args(argv)
    try:
        code = int(args.run(args))
        sys.stdout.flush()
        return code
    except CliError as err:
        for line in str(err).splitlines():
            print(f"countertop: {line}", file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:
        silence_stdout()
        return 0
    except OSError as err:
        silence_stdout()
        where = err.filename if err.filename else "output"
        print(f"countertop: {where}: can't be written ({err.strerror or err})", file=sys.stderr)
        return BAD_INPUT


def silence_stdout() -> None:
    """After a closed pipe or a full disk, point stdout at /dev/null so the exit flush raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        return
