"""`countertop tune`: single-number changes to one deck's cards, each measured on paired games, that bring the deck's
win rate to a target.

The deck plays every other deck in turn, from both seats (deal j: seed + j, the deck in seat 1, then in seat 2),
first with the starting cards, then with each candidate change on the very same games (`game.tools.compare`). A
candidate brings the deck to the target when the deck's win rate with it has the target inside its 95% Wilson
interval and the change moved the win rate toward the target (a change that moved nothing brings nothing, even
when the starting cards' interval already holds the target).

With `--until decided` (or `Npts`) the candidates are raced instead, at most `--games` games each, and the
shortlist is measured again on fresh deals (`game.tools.race`); what is printed comes from those games.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bots.registry import SPECS, make_bot
from game.core.atomic import write_together
from game.core.cards import card_pool
from game.core.dice import seed_problem
from game.io.setup import SetupError, find_deck
from game.tools.balance import wilson
from game.tools.batch import GameSpec, runner
from game.tools.compare import by_deck, seat_wins
from game.tools.race import AT_CAP, FARTHER, KEPT, OFF_TARGET, ON_TARGET, ROUND, Entrant, race, shortlist
from game.tools.sequential import ALPHA, BETA, precision
from game.tools.sim import GameResult
from game.tools.simconsole import GameProgress
from game.tools.simrun import worker_count
from game.tools.variant import Variant, VariantError, build_variant, current_value, key_words, load_variant

MAX_GAMES = 10_000
"""The most games per candidate."""


@dataclass(frozen=True)
class Candidate:
    """One change to try: its label (card, field path, values), the same in words, and the starting variant's
    changes with it."""

    label: str
    variant: Variant
    said: str


def start_variant(path: str | None) -> Variant:
    """The cards tuning starts from: the shipped ones, or a variant file's."""
    try:
        return load_variant(path) if path else build_variant("shipped cards", {}, {}, "tune")
    except VariantError as err:
        raise SetupError(str(err)) from None


def value(start: Variant, name: str, key: str) -> Any:
    """A card's value at a key path with the starting variant's changes."""
    return start.cards.get(name, {}).get(key, current_value(name, key))


def number_keys(name: str) -> list[tuple[str, str]]:
    """The numbers of a card tuning may change, with which way makes the card stronger: HP and power up, an
    ability's cost down, and each `n` of its effects (counters, cards, damage) either way ("both")."""
    card = card_pool()[name]
    keys = [("hp", "up"), ("atk", "up")] if card.is_character else []
    keys += [(f"ability[{i}].cost", "down") for i in range(len(card.abilities))]
    lists = ["on_play", "from_stasis", *(f"trigger[{i}].effects" for i in range(len(card.triggers))),
             *(f"ability[{i}].effects" for i in range(len(card.abilities)))]
    for where in lists:
        effects = current_value(name, where)
        for i, effect in enumerate(effects if isinstance(effects, list) else []):
            if isinstance(effect, dict) and isinstance(effect.get("n"), int):
                keys.append((f"{where}[{i}].n", "both"))
    return keys


def steps_for(way: str, stronger: bool, key: str) -> list[int]:
    """The changes tried on a number: toward a stronger deck when it must win more, a weaker one when less (HP and
    power by 1 and 2, a cost by 1), both ways by 1 when the direction is unknown."""
    size = [1, 2] if key in ("hp", "atk") else [1]
    if way == "both":
        return [1, -1]
    sign = 1 if (way == "up") == stronger else -1
    return [sign * s for s in size]


def candidates(start: Variant, deck: str, stronger: bool, only: list[str] | None) -> list[Candidate]:
    """Every single-number change to the deck's cards (or those of `only`) that makes a valid variant: a card's
    number (`number_keys`), or one more or one fewer copy, the deck's most numerous other card taking up the
    difference (none for a deck of one card)."""
    counts = start.contents.decks[deck].cards
    names = [n for n in counts if only is None or n in only]
    found = []
    for name in names:
        for key, way in number_keys(name):
            now = value(start, name, key)
            for step in steps_for(way, stronger, key):
                if isinstance(now, int) and not isinstance(now, bool):
                    cards = {**start.cards, name: {**start.cards.get(name, {}), key: now + step}}
                    found.append((f"{name} {key} {now} -> {now + step}", cards, start.decks,
                                  f"{name}: {key_words(name, key)} {now} → {now + step}"))
        other = max((n for n in counts if n != name), key=lambda n: counts[n], default=None)
        if other is None:
            continue  # the deck's only card: no other card takes up a copy more or less
        for step in (1, -1):
            copies = {**start.decks.get(deck, {}), name: counts[name] + step, other: counts[other] - step}
            decks = {**start.decks, deck: copies}
            label = (f"{name} {counts[name]} -> {counts[name] + step} copies ({other} {counts[other]} -> "
                     f"{counts[other] - step})")
            found.append((label, start.cards, decks, f"{name}: copies {counts[name]} → {counts[name] + step} "
                                                     f"({other} {counts[other]} → {counts[other] - step})"))
    made = []
    for label, cards, decks, said in found:
        try:
            made.append(Candidate(label, build_variant(f"{start.name}, {label}", cards, decks, "tune", start.rules),
                                  said))
        except VariantError:
            continue  # a number out of its bounds, or a deck left without a card: not a change to try
    return made


def deals(deck: str, others: list[str], games: int, seed: int, bots: list[str], start: Variant,
          first: int = 0) -> list[GameSpec]:
    """The deck against each other deck in turn, each deal played from both seats: games `first` to
    `first + games - 1` (deal j of them has seed `seed + j`)."""
    specs = []
    for i in range(first, first + games):
        deal, second = divmod(i, 2)
        decks, seat_bots = (deck, others[deal % len(others)]), (bots[0], bots[1])
        if second:
            decks, seat_bots = decks[::-1], seat_bots[::-1]
        specs.append(GameSpec(i, seed + deal, decks, seat_bots, False, start.contents))
    return specs


def measured(base: list[GameResult], results: list[GameResult], deck: str, target: float) -> dict[str, Any]:
    """The deck's win rate with a change, its Wilson interval, the paired difference it made, and whether the
    target is inside the interval."""
    diff = by_deck(base, results)[deck]
    wins = sum(seat_wins(r, [s for s, d in enumerate(r.decks) if d == deck]) for r in results)
    seats = sum(1 for r in results for d in r.decks if d == deck)
    iv = wilson(wins, seats)
    return {"rate": round(iv.value, 4), "low": round(iv.low, 4), "high": round(iv.high, 4),
            "delta": diff["delta"], "ci": diff["ci"], "reaches": iv.low <= target <= iv.high}


def brings(row: dict[str, Any], now: dict[str, Any], target: float) -> bool:
    """Whether a measured change brings the deck to the target: the target inside its interval, and the paired
    difference it made pointing toward the target (none can when the starting cards sit on the target)."""
    toward = row["delta"] > 0 if now["rate"] < target else row["delta"] < 0 if now["rate"] > target else False
    return bool(row["reaches"]) and toward


def validate(args: argparse.Namespace) -> None:
    """Reject bad options, one line each (SetupError); read `--until` into `args.decided` (the smallest move, or
    None)."""
    if not 0 < args.target < 1:
        raise SetupError(f"--target is a win rate between 0 and 1, such as 0.5 (got {args.target:g})")
    if not 2 <= args.games <= MAX_GAMES:
        raise SetupError(f"--games (per candidate) must be 2 to {MAX_GAMES:,} (got {args.games:,})")
    if why := seed_problem(args.seed, args.games + args.games % 2):
        raise SetupError(f"--seed {why}")
    if args.top < 1:
        raise SetupError(f"--top must be at least 1 (got {args.top})")
    if args.workers is not None and args.workers < 1:
        raise SetupError(f"--workers must be at least 1 (got {args.workers})")
    args.decided = None if args.until is None else precision(args.until)
    if args.until is not None and args.decided is None:
        raise SetupError(f"--until must be decided or a smallest move such as 2pts (got {args.until})")
    if args.out is not None:
        check_out(args.out)
    if len(args.bots) != 2:
        raise SetupError("--bots takes two bots, one per seat (tune plays two-player games)")
    for bot in args.bots:
        try:
            make_bot(bot, 0)
        except (KeyError, ValueError):
            raise SetupError(f"bad bot {bot!r}; bots: {SPECS}") from None


def check_out(folder: str) -> None:
    """`--out DIR`, checked before any game is played: a folder, or a path where one can be made, writable."""
    path = Path(folder)
    there = next(p for p in (path, *path.parents) if p.exists() or p == p.parent)
    if not there.is_dir():
        what = "is a file, not a folder" if there.is_file() else "is not a folder"
        raise SetupError(f"--out {folder}: " + (what if there == path else f"{there} {what}"))
    if not os.access(there, os.W_OK | os.X_OK):
        raise SetupError(f"--out {folder}: can't be written (permission denied)")


def slug(text: str) -> str:
    """A file name part from a change's label."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def run_tune(args: argparse.Namespace) -> int:
    """The `countertop tune` command."""
    validate(args)
    deck = find_deck(args.deck).key
    start = start_variant(args.variant)
    known = start.contents.decks[deck].cards
    for name in args.cards or []:
        if name not in known:
            raise SetupError(f"--cards: {name!r} is not in {deck}; its cards: {', '.join(known)}")
    others = [k for k in start.contents.decks if k != deck]
    games = args.games + args.games % 2
    specs = deals(deck, others, games, args.seed, args.bots, start)
    with runner(worker_count(args.workers, games), args.ray) as active, \
            GameProgress(games, not args.json and sys.stderr.isatty()) as bar:
        base = active.run(specs, bar.advance)
        now = measured(base, base, deck, args.target)
        tried = candidates(start, deck, now["rate"] < args.target, args.cards)

        def play(more: list[GameSpec]) -> list[GameResult]:
            bar.extend(len(more))
            return active.run(more, bar.advance)

        if args.decided is not None:
            out = race_and_measure(args, deck, start, others, specs, base, now, tried, play)
        else:
            plays = play([GameSpec(i, s.seed, s.decks, s.bots, False, c.variant.contents)
                          for i, (c, s) in enumerate((c, s) for c in tried for s in specs)])
            out = outcome(args, deck, start, now, len(tried), [
                {"change": c.label, "said": c.said,
                 **measured(base, plays[n * games:(n + 1) * games], deck, args.target)}
                for n, c in enumerate(tried)])
    if args.out:
        name_suggestions(out, Path(args.out), args.bots)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print_tune(out)
    if args.out:
        sys.stdout.flush()  # the outcome is out before files that can't be written end the command
        write_suggestions(out, {c.label: c.variant for c in tried}, Path(args.out))
    return 0


def outcome(args: argparse.Namespace, deck: str, start: Variant, now: dict[str, Any], tried: int,
            rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The search's outcome from its measured rows: those that bring the deck to the target, nearest first (the best
    --top), or the --top nearest when none does."""
    for row in rows:
        row["reaches"] = brings(row, now, args.target)
    ranked = sorted(rows, key=lambda r: (not r["reaches"], abs(r["rate"] - args.target), r["change"]))
    reaching = [r for r in ranked if r["reaches"]][:args.top]
    return {"deck": deck, "target": args.target, "start": start.name,
            "games_per_candidate": args.games + args.games % 2, "bots": args.bots, "seed": args.seed, "now": now,
            "tried": tried, "suggestions": reaching, "closest": ranked[:args.top] if not reaching else []}


def race_and_measure(args: argparse.Namespace, deck: str, start: Variant, others: list[str], specs: list[GameSpec],
                     base: list[GameResult], now: dict[str, Any], tried: list[Candidate],
                     play: Callable[[list[GameSpec]], list[GameResult]]) -> dict[str, Any]:
    """`--until`: race the candidates on the deals of `specs` (`game.tools.race`), then play the shortlist and the
    starting cards again on as many fresh deals, the ones after the race's; the outcome is made of those figures,
    with each row's figures in the race as `search` and the race as `until`."""
    games = len(specs)
    field_ = [Entrant(c.label, c.variant.contents) for c in tried]
    done = race(field_, specs, base, play, deck, args.target, args.decided)
    said = {c.label: c.said for c in tried}
    searched = {e.label: {"change": e.label, "said": said[e.label], "state": e.state, "games": len(e.results),
                          **measured(base[:len(e.results)], e.results, deck, args.target),
                          **({"behind": e.behind} if e.behind else {})} for e in field_}
    short = shortlist(done, deck, args.target, args.top, lambda e: brings(searched[e.label], now, args.target))
    fresh = deals(deck, others, games, args.seed, args.bots, start, first=games)
    again = play(fresh + [GameSpec(s.index, s.seed, s.decks, s.bots, False, e.contents) for e in short for s in fresh])
    fresh_base = again[:games]
    now_again = measured(fresh_base, fresh_base, deck, args.target)
    rows = [{"change": e.label, "said": said[e.label],
             **measured(fresh_base, again[(n + 1) * games:(n + 2) * games], deck, args.target),
             "search": searched[e.label]} for n, e in enumerate(short)]
    out = outcome(args, deck, start, now_again, len(tried), rows)
    out["until"] = {"step": args.decided, "alpha": ALPHA, "beta": BETA, "round": ROUND, "rounds": done.rounds,
                    "games": done.games(), "now": now,
                    "states": {state: sum(e.state == state for e in field_)
                               for state in (ON_TARGET, AT_CAP, OFF_TARGET, FARTHER)},
                    "race": sorted(searched.values(), key=lambda r: (r["state"] not in KEPT, -r["games"],
                                                                     abs(r["rate"] - args.target), r["change"])),
                    "measured_again": {"games": games, "seeds": [fresh[0].seed, fresh[-1].seed]},
                    "fell_short": [r for r in rows if not r["reaches"]] if out["suggestions"] else []}
    return out


def name_suggestions(out: dict[str, Any], folder: Path, bots: list[str]) -> None:
    """Give each suggestion (or closest change) its variant file in `folder` and the command that measures it on many
    more games."""
    for n, row in enumerate(out["suggestions"] or out["closest"], start=1):
        path = folder / f"{n:02d}-{slug(row['change'])}.toml"
        row["file"] = str(path)
        row["measure"] = (f".venv/bin/countertop sim --bots {' '.join(map(shlex.quote, bots))} --games 2000 --paired "
                          f"--variant {shlex.quote(str(path))}")


def write_suggestions(out: dict[str, Any], made: dict[str, Variant], folder: Path) -> None:
    """Each named suggestion's variant file, and the whole outcome as `folder/tune.json`: all of them or none."""
    rows = out["suggestions"] or out["closest"]
    write_together([*((row["file"], made[row["change"]].toml()) for row in rows),
                    (folder / "tune.json", json.dumps(out, indent=1, ensure_ascii=False) + "\n")])


def print_tune(out: dict[str, Any]) -> None:
    """The search's outcome for the terminal."""
    now = out["now"]
    print(f"{out['deck']} with {out['start']}: win rate {100 * now['rate']:.1f}% ({100 * now['low']:.1f} – "
          f"{100 * now['high']:.1f}%) over {out['games_per_candidate']} games against the other decks; target "
          f"{100 * out['target']:g}%")
    if "until" in out:
        print_race(out)
    else:
        print(f"{out['tried']} single-number changes tried, each on the same {out['games_per_candidate']} games")
    rows = out["suggestions"] or out["closest"]
    if now["low"] <= out["target"] <= now["high"]:
        print("the starting cards' interval already holds the target: more --games narrows it")
    if not out["suggestions"]:
        print("nothing tried reaches the target (no change moved the win rate toward it until its 95% interval held "
              "it); the closest:")
    else:
        print(f"changes that bring the win rate within its 95% interval of the target (best {len(rows)}):")
    for row in rows:
        print(f"  {row['said']}: win rate {100 * row['rate']:.1f}% ({100 * row['low']:.1f} – "
              f"{100 * row['high']:.1f}%), effect {100 * row['delta']:+.1f} points (95% paired interval "
              f"{100 * row['ci'][0]:+.1f} – {100 * row['ci'][1]:+.1f})")
        if "search" in row:
            print(f"    in the race: {100 * row['search']['rate']:.1f}% over {row['search']['games']} games, "
                  f"{row['search']['state']}")
        if "measure" in row:
            print(f"    {row['file']}; measure it on more games: {row['measure']}")
    for row in out.get("until", {}).get("fell_short", []):
        print(f"  shortlisted by the race, but measured again it does not bring the deck to the target: "
              f"{row['said']}: win rate {100 * row['rate']:.1f}% ({100 * row['low']:.1f} – "
              f"{100 * row['high']:.1f}%), effect {100 * row['delta']:+.1f} points ({100 * row['ci'][0]:+.1f} – "
              f"{100 * row['ci'][1]:+.1f}); in the race {100 * row['search']['rate']:.1f}% over "
              f"{row['search']['games']} games")
    if out["suggestions"] and "until" not in out:
        print("each was measured on few games among many tried: measure a suggestion again before taking it")


def print_race(out: dict[str, Any]) -> None:
    """How `--until`'s race went, and where the figures that follow were measured."""
    until, states = out["until"], out["until"]["states"]
    print(f"{out['tried']} single-number changes raced in {until['rounds']} rounds of up to {until['round']} games, "
          f"at most {out['games_per_candidate']} a change ({until['games']} games in all, the starting cards' "
          f"included): {states[ON_TARGET]} settled on the target, {states[AT_CAP]} at the cap, {states[OFF_TARGET]} "
          f"dropped off the target, {states[FARTHER]} dropped as farther from it than the best (sequential tests, "
          f"smallest move {100 * until['step']:g} points, each wrong at most 5% of the time)")
    seeds = until["measured_again"]["seeds"]
    print(f"the shortlist and the starting cards measured again on {until['measured_again']['games']} fresh games "
          f"(seeds {seeds[0]} to {seeds[1]}, not played in the race): the figures here are those")
