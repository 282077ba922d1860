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
    from game.engine import Game
    from game.scenario import ScenarioError
    from game.view import summary

    try:
        game = Game.from_scenario(args.file)
    except ScenarioError as err:
        raise CliError(str(err)) from None
    if args.as_player is not None:
        if not args.json:
            raise CliError("--as NAME needs --json (it prints the dump as that player may see it)")
        if args.as_player not in game.players_order:
            raise CliError(f"--as: no player {args.as_player!r} in {args.file}; "
                           f"players: {', '.join(game.players_order)}")
        print(json.dumps(game.view(args.as_player), indent=1))
    elif args.json:
        print(json.dumps(game.view(), indent=1))
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
    """Print the rules reference, or one rule with the rulings on it, or the whole reference as Markdown."""
    from game.rules import format_rule, load_rules, rule, rules_markdown, rulings_on

    if args.markdown:
        if args.id:
            raise CliError("rules --markdown prints the whole reference; give no rule id")
        sys.stdout.write(rules_markdown())
        return 0
    if args.id:
        try:
            found = rule(args.id)
        except KeyError as err:
            raise CliError(str(err.args[0])) from None
        print("\n\n".join(format_rule(r) for r in [found, *rulings_on(found.id)]))
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
    from game.setup import SetupError

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.app import main_play

    if args.screenshot and not args.scenario:
        raise CliError("--screenshot needs --scenario FILE (the state to draw)")
    try:
        return main_play(players=args.players, decks=args.decks, seed=args.seed, load=args.load,
                         scenario=args.scenario, screenshot=args.screenshot, seats=args.seats)
    except (CardError, ScenarioError, SaveError, SetupError) as err:
        raise CliError(str(err)) from None


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
    play.add_argument("--seats", nargs="+", metavar="SEAT", help="per player: person, random, greedy or ismcts[:N]")
    play.set_defaults(run=cmd_play)

    scenario = sub.add_parser("scenario", help="run a scenario file and print the final state")
    scenario.add_argument("file")
    scenario.add_argument("--json", action="store_true", help="print the JSON state dump")
    scenario.add_argument("--as", dest="as_player", metavar="NAME", help="with --json: the dump as NAME may see it")
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
    rules.add_argument("--markdown", action="store_true", help="the whole reference as a Markdown document")
    rules.set_defaults(run=cmd_rules)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `countertop` script."""
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except CliError as err:
        print(f"countertop: {err}", file=sys.stderr)
        return BAD_INPUT
