"""Headless bot-vs-bot games (`countertop sim`): a progress bar, a summary, and invariant checks."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.determinize import Observation
from game.engine import Game
from game.roster import SPECS, make_bot
from game.setup import SetupError, find_deck, standard_decks
from game.status import MAX_STACKS

TURN_LIMIT = 120
ACTION_LIMIT = 4000
MECHANIC_EVENTS = ("EnteredStasis", "StasisCounterRemoved", "PlayedFromStasis", "UntapReplaced",
                   "StunCountersAdded", "FuseAttached", "CubesAdded", "CriticalHit", "AttackEvaded",
                   "AttackNegated", "Defeated")


class InvariantError(AssertionError):
    """A broken invariant, with the seed and the command history that reproduce it."""


@dataclass
class GameResult:
    """How one simulated game went."""

    seed: int
    decks: list[str]
    bots: list[str]
    winner: str | list[str] | None
    turns: int
    hit_limit: bool
    mechanics: Counter[str] = field(default_factory=Counter)


def check_invariants(game: Game, cards_before: int) -> str | None:
    """The first broken invariant of a game state, or None."""
    view = game.view()
    if len(view["cards"]) < cards_before:
        return f"cards were lost: {cards_before} before, {len(view['cards'])} now"
    squares: set[tuple[int, int]] = set()
    for ref, card in view["cards"].items():
        if card["stasis_counters"] < 0 or card["stun_counters"] < 0:
            return f"{ref} has negative counters"
        if card["stasis_counters"] and card["zone"] != "stasis":
            return f"{ref} has stasis counters outside stasis"
        for name, n in card["status"].items():
            if not 1 <= n <= MAX_STACKS[name]:
                return f"{ref} has {n} stacks of {name}"
        if any(v < 0 for v in card["cubes"].values()):
            return f"{ref} has negative cubes"
        if card["zone"] == "board" and card["pos"] is not None and card["kind"] in ("minion", "monster"):
            if tuple(card["pos"]) in squares:
                return f"two characters share square {card['pos']}"
            squares.add(tuple(card["pos"]))
            if card["hp"] <= 0:
                return f"{ref} is on the board with {card['hp']} HP"
    listed = [r for p in view["players"].values() for z in ("hand", "deck", "discard", "stasis") for r in p[z]]
    if len(listed) != len(set(listed)):
        return "a card is listed in two player zones"
    state = game.to_state()
    again = Game.from_state(state)
    try:
        if again.to_state() != state:
            return "serialise/restore round trip changed the game"
    finally:
        again.close()
        game.enter()
    return None


def play_game(seed: int, decks: list[str], bots: list[str], check: bool) -> GameResult:
    """One full game between bots; raises InvariantError on a broken invariant when checking."""
    names = [f"P{i + 1}" for i in range(len(decks))]
    game = Game.new(names, decks, seed)
    players = {n: make_bot(b, seed * 31 + i) for i, (n, b) in enumerate(zip(names, bots, strict=True))}
    cards_before = len(game.refs)
    actions = 0
    try:
        while game.turn.phase != "over" and game.turn.turn <= TURN_LIMIT and actions < ACTION_LIMIT:
            action = players[game.acting_player()].choose(Observation.of(game))
            outcome = game.act(action)
            actions += 1
            if not outcome.ok:
                raise InvariantError(f"seed {seed}: a listed legal action was rejected: {action} "
                                     f"({outcome.reason}); history: {json.dumps(game.history)}")
            if check:
                problem = check_invariants(game, cards_before)
                if problem:
                    raise InvariantError(f"seed {seed}: {problem}; history: {json.dumps(game.history)}")
        mechanics: Counter[str] = Counter(e["type"] for e in game.log if e["type"] in MECHANIC_EVENTS)
        mechanics.update(f"status {e['status']}" for e in game.log if e["type"] == "StatusApplied")
        return GameResult(seed, decks, bots, game.turn.winner, game.turn.turn, game.turn.phase != "over",
                          mechanics)
    finally:
        game.close()


def progress(done: int, total: int) -> None:
    """A progress bar on stderr."""
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def summarise(results: list[GameResult]) -> dict[str, Any]:
    """Wins per deck, per seat and per bot; game lengths; mechanics fired; games that hit the limit."""
    by_deck: Counter[str] = Counter()
    by_seat: Counter[str] = Counter()
    by_bot: Counter[str] = Counter()
    mechanics: Counter[str] = Counter()
    for r in results:
        mechanics.update(r.mechanics)
        winners = r.winner if isinstance(r.winner, list) else [r.winner] if r.winner else []
        for w in winners:
            seat = int(w[1:]) - 1
            by_seat[f"seat {seat + 1}"] += 1
            by_deck[r.decks[seat]] += 1
            by_bot[r.bots[seat]] += 1
    lengths = [r.turns for r in results]
    return {
        "games": len(results),
        "wins_by_deck": dict(by_deck),
        "wins_by_seat": dict(by_seat),
        "wins_by_bot": dict(by_bot),
        "mean_turns": round(sum(lengths) / max(len(lengths), 1), 2),
        "longest_turns": max(lengths, default=0),
        "mechanics": dict(sorted(mechanics.items())),
        "hit_turn_limit": [r.seed for r in results if r.hit_limit],
    }


def run_sim(args: argparse.Namespace) -> int:
    """The `countertop sim` command."""
    for bot in args.bots:
        try:
            make_bot(bot, 0)
        except (KeyError, ValueError):
            raise SetupError(f"unknown bot {bot!r}; bots: {SPECS}") from None
    if not 2 <= args.players <= 4:
        raise SetupError("--players must be 2 to 4")
    if args.games < 1:
        raise SetupError("--games must be at least 1")
    deck_keys = [find_deck(d).key for d in args.decks] if args.decks else list(standard_decks())
    results = []
    for i in range(args.games):
        rotation = i // len(args.bots)
        decks = [deck_keys[(rotation + s) % len(deck_keys)] for s in range(args.players)]
        bots = [args.bots[(i + s) % len(args.bots)] for s in range(args.players)]
        try:
            results.append(play_game(args.seed + i, decks, bots, args.check))
        except InvariantError as err:
            sys.stderr.write(f"\ninvariant violated: {err}\n")
            return 1
        if not args.json:
            progress(i + 1, args.games)
    summary = summarise(results)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print_summary(summary)
    return 0


def print_summary(summary: dict[str, Any]) -> None:
    """The summary as readable lines."""
    print(f"{summary['games']} games, mean length {summary['mean_turns']} turns, "
          f"longest {summary['longest_turns']}")
    for key, title in (("wins_by_deck", "wins by deck"), ("wins_by_seat", "wins by seat"),
                       ("wins_by_bot", "wins by bot")):
        print(f"{title}: " + ", ".join(f"{k} {v}" for k, v in sorted(summary[key].items())))
    print("mechanics fired: " + ", ".join(f"{k} {v}" for k, v in summary["mechanics"].items()))
    limit = summary["hit_turn_limit"]
    print(f"games that hit the {TURN_LIMIT}-turn limit: {len(limit)}" + (f" (seeds {limit})" if limit else ""))
