"""The `countertop` command line (docs/formats.md); bad input gives one clear line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from game.engine import Game

BAD_INPUT = 2


class CliError(Exception):
    """Bad input from the command line or a file it names; printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake in the options told in one line (no usage lines before it) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        """The message in one line: a character it can't print (a line break in an argument) is escaped, \\n."""
        shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)
        self.exit(BAD_INPUT, f"{self.prog}: {shown} (--help for more)\n")


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run a scenario file and print its final state."""
    from game.engine import Game
    from game.io.scenario import ScenarioError
    from game.io.view import summary

    try:
        game = Game.from_scenario(args.file)
    except ScenarioError as err:
        raise CliError(str(err)) from None
    if args.as_player is not None:
        if not args.json:
            raise CliError("--as NAME needs --json (it prints the dump as that player may see it)")
        if args.as_player not in game.table.players_order:
            raise CliError(f"--as: no player {args.as_player!r} in {args.file}; "
                           f"players: {', '.join(game.table.players_order)}")
    if args.json:
        try:
            text = json.dumps(game.view(args.as_player), indent=1, allow_nan=False)
        except ValueError as err:
            raise CliError(f"{args.file}: the final state holds a value JSON can't carry ({err})") from None
        print(text)
    else:
        print(summary(game.table))
    return expectations_met(args.file, game)


def expectations_met(file: str, game: Game) -> int:
    """A scenario's `[expect]` table checked after its run: each unmet expectation one line on stderr, status 1."""
    from game.core.problems import load_toml
    from game.tools.expect import unmet

    data = load_toml(file, "scenario file")
    lines = unmet(game, data.get("expect", {}), len(data.get("card", [])))
    for line in lines:
        print(f"{file}: expect: {line}", file=sys.stderr)
    return 1 if lines else 0


def cmd_cards(args: argparse.Namespace) -> int:
    """List the card pool, or check every card and deck file and list every problem, one line each."""
    from pathlib import Path

    from game.core.cards import check_cards, check_files, decks_dir

    folders = [f for f in (args.dir, args.decks) if f is not None]
    for folder in folders:
        if not Path(folder).is_dir():
            raise CliError(f"{folder}: no such folder")
    cards = Path(args.dir) if args.dir else None
    if args.check:
        decks = Path(args.decks) if args.decks else (None if args.dir else decks_dir())
        n_cards, n_decks, problems = check_files(cards, decks)
        if not problems:
            print(f"{n_cards} card files and {n_decks} deck files are valid")
            return 0
    else:
        pool, problems = check_cards(cards)
        if not problems:
            for card in sorted(pool.values(), key=lambda c: (c.kind, c.name)):
                stats = f" {card.atk}/{card.hp}" if card.is_character else ""
                print(f"{card.kind:9} {card.name}{stats}: {card.text}")
            if cards is None:
                print_decks()
            return 0
    for problem in problems:
        print(problem, file=sys.stderr)
    return BAD_INPUT


def print_decks() -> None:
    """The shipped decks: the id that `--decks` takes, then the deck's name and themes."""
    from game.io.setup import standard_decks

    print("\ndecks (the id is what --decks takes):")
    for key, deck in standard_decks().items():
        print(f"  {key:20} {deck.name} ({', '.join(deck.themes)}), {sum(deck.cards.values())} cards")


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema of a file kind, for editors (docs/editors.md)."""
    from pydantic import BaseModel

    from game.core.schemas import SCHEMAS, json_schema
    from game.io.scenario_schema import ScenarioFile

    kinds: dict[str, type[BaseModel]] = {**SCHEMAS, "scenario": ScenarioFile}
    if args.kind not in kinds:
        raise CliError(f"no schema for {args.kind!r}; kinds: {', '.join(kinds)}")
    print(json.dumps(json_schema(args.kind, kinds[args.kind]), indent=2))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """Print the rules reference, or one rule with the rulings on it, or the whole reference as Markdown."""
    from game.core.rulebook import format_rule, load_rules, rule, rules_markdown, rulings_on

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
    from game.tools.bench import run_benchmarks

    return run_benchmarks(as_json=args.json)


def cmd_sim(args: argparse.Namespace) -> int:
    """Bot-vs-bot games headless."""
    from game.io.setup import SetupError
    from game.tools.batch import RunnerError
    from game.tools.simrun import run_sim

    try:
        return run_sim(args)
    except (SetupError, RunnerError) as err:
        raise CliError(str(err)) from None


def cmd_tune(args: argparse.Namespace) -> int:
    """Search single-number changes to a deck's cards that bring its win rate to a target."""
    from game.io.setup import SetupError
    from game.tools.batch import RunnerError
    from game.tools.seats import run_seats
    from game.tools.tune import run_tune

    if not args.seats and not args.deck:
        raise CliError("tune: --deck is required (or --seats, to balance the seats)")
    try:
        return run_seats(args) if args.seats else run_tune(args)
    except (SetupError, RunnerError) as err:
        raise CliError(str(err)) from None


def cmd_value(args: argparse.Namespace) -> int:
    """Mechanic value by restricted play, or the skill trace."""
    from game.io.setup import SetupError
    from game.tools.batch import RunnerError
    from game.tools.value import run_value

    try:
        return run_value(args)
    except (SetupError, RunnerError) as err:
        raise CliError(str(err)) from None


def cmd_tune_bot(args: argparse.Namespace) -> int:
    """Fit the bots' evaluation weights to game outcomes and measure them against the shipped ones."""
    from game.io.setup import SetupError
    from game.tools.batch import RunnerError
    from game.tools.tunebot import run_tune_bot

    try:
        return run_tune_bot(args)
    except (SetupError, RunnerError) as err:
        raise CliError(str(err)) from None


def cmd_ladder(args: argparse.Namespace) -> int:
    """Every pair of bots on the same paired deals."""
    from game.io.setup import SetupError
    from game.tools.batch import RunnerError
    from game.tools.ladder import run_ladder

    try:
        return run_ladder(args)
    except (SetupError, RunnerError) as err:
        raise CliError(str(err)) from None


def cmd_compare(args: argparse.Namespace) -> int:
    """What changed between two sim reports, with intervals, the measurable moves flagged."""
    from game.core.problems import FileProblems
    from game.tools.reportdiff import diff_reports, load_report, print_diff

    if args.page:
        check_output_file(args.page)
    try:
        a, b = load_report(args.a), load_report(args.b)
    except FileProblems as err:
        raise CliError(str(err)) from None
    diff = diff_reports(a, b, (args.a, args.b))
    if args.json:
        print(json.dumps(diff, indent=1))
    else:
        print_diff(diff)
    if args.page:
        from game.core.atomic import write_whole
        from game.tools.reportdiffpage import diff_page

        sys.stdout.flush()
        write_whole(args.page, diff_page(diff))
    return 0


SCREENS = ("board", "new_game", "pass", "choice", "refusal", "legend", "over", "final_board")


def window_size(value: str) -> tuple[int, int]:
    """`--size WIDTHxHEIGHT` of `play`: the window's (or the screenshot's) size, at least 960x540."""
    width, _, height = value.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < 960 or int(height) < 540:
        raise CliError(f"--size: {value!r} is not WIDTHxHEIGHT of at least 960x540 (e.g. 1280x720)")
    return int(width), int(height)


def cmd_play(args: argparse.Namespace) -> int:
    """Open the hot-seat window (or render a scenario to a PNG)."""
    from game.core.cards import CardError
    from game.core.dice import seed_problem
    from game.io.scenario import ScenarioError
    from game.io.serialize import SaveError
    from game.io.setup import SetupError, check_player_names

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.io.serialize import remove_stale_temporaries
    from game.ui.play_command import main_play
    from game.ui.session import data_home

    if args.screenshot and not (args.scenario or args.load) and args.screen != "new_game":
        raise CliError("--screenshot needs --scenario FILE or --load SAVE (the state to draw)")
    if args.screen != "board" and not args.screenshot:
        raise CliError("--screen only chooses what --screenshot OUT.png draws")
    size = window_size(args.size)
    if args.seed is not None and (why := seed_problem(args.seed)):
        raise CliError(f"--seed {why}")
    if args.seats:
        check_seat_kinds(args.seats)
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
                         scenario=args.scenario, screenshot=args.screenshot, screen=args.screen, size=size,
                         seats=args.seats)
    except (CardError, ScenarioError, SaveError, SetupError) as err:
        raise CliError(str(err)) from None
    except pygame.error as err:
        if not args.screenshot:
            raise
        raise CliError(f"{args.screenshot}: can't be written ({err})") from None


def check_seat_kinds(kinds: list[str]) -> None:
    """`--seats`: every kind is `person` or a bot spec the bots take (budgets within their bounds), checked before
    anything is loaded or drawn; a bad one is named with its own reason."""
    from game.bots.registry import SPECS, make_bot
    from game.io.setup import SetupError
    from game.ui.seats import parse_seats

    for kind in kinds:
        try:
            if kind != "person":
                make_bot(kind, 0)
        except KeyError:
            raise CliError(f"--seats: unknown seat {kind!r}; seats: person, {SPECS}") from None
        except ValueError as err:
            raise CliError(f"--seats: bad seat {kind!r}: {err}") from None
    try:
        parse_seats([f"seat {i + 1}" for i in range(len(kinds))], kinds)
    except SetupError as err:
        raise CliError(f"--seats: {err}") from None


def check_output_file(path: str) -> None:
    """An output file we can create or replace: its folder exists and is writable, and it is neither a folder nor a
    device or a pipe (`game.core.atomic` writes whole files: a temporary file, then a rename)."""
    from game.core.atomic import destination

    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise CliError(f"{path}: is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise CliError(f"{path}: no such folder {folder}")
    try:
        destination(path)
    except OSError as err:
        raise CliError(f"{path}: can't be written ({err.strerror or err})") from None
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise CliError(f"{path}: can't be written (permission denied)")


def cmd_replay(args: argparse.Namespace) -> int:
    """Step through a kept game or a save: the window, or the dump or a scenario at one step."""
    from game.core.problems import FileProblems, Problem
    from game.tools.replay import open_timeline

    if args.then < 0:
        raise CliError("--then must be 0 or more")
    if args.at is not None and args.turn is not None:
        raise CliError("--at STEP and --turn N both choose the step: give one of them")
    if args.export is not None and not args.export.strip():
        raise CliError("--export needs the name of the scenario file to write")
    try:
        timeline = open_timeline(args.file)
        step = timeline.steps if args.at is None else args.at
        if args.turn is not None:
            starts = [s for s in timeline.turn_starts if timeline.turn_of(s) == args.turn]
            if not starts:
                raise FileProblems([Problem(args.file, "--turn", f"the game has no turn {args.turn} "
                                                                 f"(turns {timeline.turn_of(0)} to "
                                                                 f"{timeline.turn_of(timeline.steps)})")])
            step = starts[0]
        timeline.check_step(step)
        if args.export is not None:
            try:
                timeline.export(step, args.export, args.then)
            except OSError as err:
                raise FileProblems([Problem(args.export, "", f"can't be written ({err.strerror or err})")]) from None
            print(f"wrote {args.export}: the table at step {step} of {timeline.steps} "
                  f"(turn {timeline.turn_of(step)})", file=sys.stderr)
        if args.json:
            print(json.dumps(timeline.view_at(step), indent=1))
    except FileProblems as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
        return BAD_INPUT
    if args.export is not None or args.json:
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.replay_app import main_replay

    return main_replay(timeline, step)


def parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    top = Parser(prog="countertop", description="A tabletop game of counters and status effects.")
    sub = top.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play hot-seat in a window")
    play.add_argument("--players", nargs="+", metavar="NAME")
    play.add_argument("--decks", nargs="+", metavar="DECK")
    play.add_argument("--seed", type=int, help="the game's seed (with no --players: the new-game screen's seed box)")
    play.add_argument("--load", metavar="SAVE")
    play.add_argument("--scenario", metavar="FILE")
    play.add_argument("--screenshot", metavar="OUT.png")
    play.add_argument("--screen", default="board", choices=SCREENS,
                      help="what --screenshot draws (default: the board)")
    play.add_argument("--size", default="1280x720", metavar="WxH",
                      help="the window's (or the screenshot's) size, at least 960x540 (default 1280x720)")
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
    sim.add_argument("--workers", type=int, metavar="N", help="worker processes (default: the number of cores)")
    sim.add_argument("--ray", nargs="?", const=True, default=False, metavar="ADDRESS",
                     help="run as Ray tasks on the cluster at ADDRESS (none: a local Ray); needs the cluster extra "
                          "(.venv/bin/pip install -e '.[cluster]')")
    sim.add_argument("--paired", action="store_true", help="play each deal twice, the seats reversed")
    sim.add_argument("--report", metavar="DIR", help="write DIR/report.html and DIR/report.json")
    sim.add_argument("--until", metavar="HALFWIDTH|decided|Npts",
                     help="play rounds of --games until every deck's 95%% interval is at most ± HALFWIDTH; with "
                          "--variant, decided (or a smallest move such as 2pts) plays until sequential tests settle "
                          "every deck and seat comparison")
    sim.add_argument("--keep", metavar="DIR", help="write each game as a replay file (countertop replay FILE)")
    sim.add_argument("--keep-failures", action="store_true",
                     help="with --keep: only games that broke an invariant or hit a limit")
    sim.add_argument("--variant", action="append", metavar="FILE",
                     help="also play the same games with a variant's cards and compare (docs/balance.md); repeatable")
    sim.add_argument("--fun", action="store_true",
                     help="record and summarise the fun metrics: lead changes, drama, decision density (docs/fun.md)")
    sim.set_defaults(run=cmd_sim)

    tune_parser(sub)
    value_parser(sub)
    bot_parsers(sub)
    compare_parser(sub)

    replay = sub.add_parser("replay", help="step through a kept game or a save; export a scenario at a step")
    replay.add_argument("file", help="a replay file (sim --keep) or a save")
    replay.add_argument("--at", type=int, metavar="STEP", help="the step: commands played (default: the end)")
    replay.add_argument("--turn", type=int, metavar="N", help="the first step of turn N")
    replay.add_argument("--json", action="store_true", help="print the JSON state dump at the step")
    replay.add_argument("--export", metavar="OUT.toml", help="write a scenario that sets up the table at the step")
    replay.add_argument("--then", type=int, default=0, metavar="N",
                        help="with --export: also write the next N commands as [[do]] tables")
    replay.set_defaults(run=cmd_replay)

    bench = sub.add_parser("bench", help="performance ratios against bare baselines")
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(run=cmd_bench)

    cards = sub.add_parser("cards", help="list the card pool and the deck ids")
    cards.add_argument("--check", action="store_true", help="validate every card and deck file, list every problem")
    cards.add_argument("--dir", metavar="FOLDER", help="the card folder (default: the shipped cards; with --check "
                                                       "and no --decks, no deck files are checked)")
    cards.add_argument("--decks", metavar="FOLDER", help="the deck folder --check reads (default: the shipped decks)")
    cards.set_defaults(run=cmd_cards)

    schema = sub.add_parser("schema", help="print the JSON Schema of a file kind, for editors")
    schema.add_argument("kind", help="cards, deck or scenario")
    schema.set_defaults(run=cmd_schema)

    rules = sub.add_parser("rules", help="print the rules, or one rule by id")
    rules.add_argument("id", nargs="?")
    rules.add_argument("--markdown", action="store_true", help="the whole reference as a Markdown document")
    rules.set_defaults(run=cmd_rules)
    return top


def tune_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """`countertop tune`'s options (docs/balance.md)."""
    tune = sub.add_parser("tune", help="search single-number card changes that bring a deck's win rate to a target")
    tune.add_argument("--deck", metavar="DECK", help="the deck to tune (its id or name)")
    tune.add_argument("--target", type=float, default=0.5, help="the win rate to reach (default 0.5)")
    tune.add_argument("--games", type=int, default=100, metavar="N",
                      help="games per candidate change, the same games for each (default 100); with --until, the "
                           "most a candidate plays")
    tune.add_argument("--seed", type=int, default=0)
    tune.add_argument("--bots", nargs=2, default=["greedy", "greedy"], metavar="BOT")
    tune.add_argument("--cards", nargs="+", metavar="CARD", help="change only these cards of the deck")
    tune.add_argument("--variant", metavar="FILE", help="start from this variant's cards instead of the shipped ones")
    tune.add_argument("--top", type=int, default=5, metavar="K", help="how many changes to list (default 5)")
    tune.add_argument("--out", metavar="DIR", help="write each listed change as a variant file in DIR")
    tune.add_argument("--until", metavar="decided|Npts",
                      help="race the candidates in rounds, dropping those measurably farther from the target than "
                           "the best (sequential tests, smallest move 3 points for decided), then measure the "
                           "shortlist again on fresh deals and print those figures")
    tune.add_argument("--json", action="store_true")
    tune.add_argument("--workers", type=int, metavar="N", help="worker processes (default: the number of cores)")
    tune.add_argument("--ray", nargs="?", const=True, default=False, metavar="ADDRESS",
                      help="run as Ray tasks on the cluster at ADDRESS (none: a local Ray)")
    tune.add_argument("--seats", action="store_true",
                      help="instead of a deck: search rule-number compensations for the seats' order (docs/balance.md)")
    tune.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], metavar="N",
                      help="with --seats: the player counts to balance (default 2 3 4); one count alone "
                           "searches that count's own numbers ([two_players] ...), leaving the others")
    tune.add_argument("--fixed", action="store_true", help="with --seats: play all --games, no sequential stopping")
    tune.add_argument("--measure", action="store_true",
                      help="with --seats: measure the starting rules (shipped or --variant's) only, no search")
    tune.set_defaults(run=cmd_tune)


def bot_parsers(sub: argparse._SubParsersAction[Parser]) -> None:
    """The `tune-bot` and `ladder` subcommands' options (docs/bots.md)."""
    from game.tools.ladder import DEFAULT_LADDER

    tune = sub.add_parser("tune-bot", help="fit the bots' evaluation weights to game outcomes (or tune them by SPSA), "
                                           "then measure them")
    tune.add_argument("--out", required=True, metavar="FILE", help="the weights file to write")
    tune.add_argument("--against", metavar="FILE", help="measure against these weights (default: the shipped ones)")
    tune.add_argument("--games", type=positive, default=3000, metavar="N",
                      help="recorded games to fit on (default 3000)")
    tune.add_argument("--seed", type=int, default=0)
    tune.add_argument("--policy", choices=("greedy-v1", "greedy"), default="greedy-v1",
                      help="the bot whose self-play games are recorded (default greedy-v1, the fastest)")
    tune.add_argument("--spsa", type=positive, metavar="N",
                      help="tune by SPSA on N paired deals of greedy against itself instead of fitting recorded games")
    tune.add_argument("--l2", type=float, default=1.0, help="the penalty on the weights' squares (default 1)")
    tune.add_argument("--deals", type=positive, default=400, metavar="N",
                      help="at most this many paired deals to measure with (default 400; the SPRT stops sooner)")
    tune.add_argument("--match-seed", type=int, default=100_000, metavar="SEED",
                      help="the first deal's seed for the measuring match (default 100000)")
    tune.add_argument("--elo1", type=float, default=20.0,
                      help="the gain in Elo the SPRT's H1 asks for (H0: no gain; default 20, a 52.9%% win rate)")
    tune.add_argument("--decks", nargs="+", metavar="DECK")
    tune.add_argument("--workers", type=int, metavar="N", help="worker processes (default: the number of cores)")
    tune.add_argument("--ray", nargs="?", const=True, default=False, metavar="ADDRESS",
                      help="play the measuring match as Ray tasks on the cluster at ADDRESS (none: a local Ray)")
    tune.set_defaults(run=cmd_tune_bot)
    ladder = sub.add_parser("ladder", help="every pair of bots on the same paired deals, with intervals")
    ladder.add_argument("--bots", nargs="+", default=list(DEFAULT_LADDER), metavar="BOT",
                        help=f"the bots (default {' '.join(DEFAULT_LADDER)})")
    ladder.add_argument("--deals", type=positive, default=100, metavar="N",
                        help="paired deals a pair, two games each (default 100)")
    ladder.add_argument("--seed", type=int, default=0)
    ladder.add_argument("--decks", nargs="+", metavar="DECK")
    ladder.add_argument("--json", action="store_true")
    ladder.add_argument("--workers", type=int, metavar="N", help="worker processes (default: the number of cores)")
    ladder.add_argument("--ray", nargs="?", const=True, default=False, metavar="ADDRESS",
                        help="run as Ray tasks on the cluster at ADDRESS (none: a local Ray)")
    ladder.set_defaults(run=cmd_ladder)


def positive(text: str) -> int:
    """A whole number of at least 1 (an argparse type)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= n <= 10_000_000:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 to 10000000")
    return n


def compare_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """`countertop compare`'s options (docs/balance.md)."""
    compare = sub.add_parser("compare", help="what changed between two sim reports (report.json), with intervals")
    compare.add_argument("a", metavar="A/report.json", help="the earlier report")
    compare.add_argument("b", metavar="B/report.json", help="the later report")
    compare.add_argument("--json", action="store_true")
    compare.add_argument("--page", metavar="OUT.html", help="also write the comparison as one HTML page")
    compare.set_defaults(run=cmd_compare)


def value_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """The `value` subcommand's options (docs/fun.md)."""
    from game.bots.restricted import MECHANICS

    value = sub.add_parser("value", help="what each mechanic is worth (restricted play), or the skill trace")
    value.add_argument("--bot", default="greedy", help="the full bot: greedy or ismcts[:PLAYOUTS] (default greedy)")
    value.add_argument("--against", nargs="+", default=[*MECHANICS, "myopic"], metavar="MECHANIC",
                       help=f"the rows: {', '.join(MECHANICS)}, myopic (default all)")
    value.add_argument("--games", type=int, default=200,
                       help="games a row, played as paired deals (default 200); with --until, the most a row plays")
    value.add_argument("--seed", type=int, default=0)
    value.add_argument("--decks", nargs="+", metavar="DECK")
    value.add_argument("--skill-trace", action="store_true",
                       help="instead: ismcts at 2N playouts against N, for each N of --budgets")
    value.add_argument("--budgets", nargs="+", type=int, default=[16, 32, 64], metavar="N",
                       help="with --skill-trace: the budgets N, each played at 2N against N (default 16 32 64: "
                       "the trace 16, 32, 64, 128)")
    value.add_argument("--json", action="store_true")
    value.add_argument("--workers", type=int, metavar="N", help="worker processes (default: the number of cores)")
    value.add_argument("--ray", nargs="?", const=True, default=False, metavar="ADDRESS",
                       help="run as Ray tasks on the cluster at ADDRESS (none: a local Ray)")
    value.add_argument("--report", metavar="DIR", help="write DIR/report.html and DIR/report.json")
    value.add_argument("--until", metavar="decided|Npts",
                       help="play the rows in rounds of 20 games and stop each when sequential tests settle it (the "
                            "full bot better, worse, or no measurable change; smallest move 3 points for decided)")
    value.set_defaults(run=cmd_value)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `countertop` script."""
    args = parser().parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # what a tool writes as the command that made its file
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
