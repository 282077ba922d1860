"""Headless bot-vs-bot games (`countertop sim`): one game with its invariant checks, and the counts of many."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.cardlog import CardActivity, card_activity
from game.determinize import Observation
from game.engine import Game
from game.roster import make_bot
from game.setup import SetupError
from game.status import MAX_STACKS

TURN_LIMIT = 120
ACTION_LIMIT = 4000
MECHANIC_EVENTS = ("EnteredStasis", "StasisCounterRemoved", "PlayedFromStasis", "UntapReplaced",
                   "StunCountersAdded", "FuseAttached", "CubesAdded", "CriticalHit", "AttackEvaded",
                   "AttackNegated", "Defeated")


class InvariantError(AssertionError):
    """A broken invariant, with the seed and the command history that reproduce it."""


Keeper = Callable[[Game, "GameResult", str | None], None]
"""Told of every finished game (still open) with its result and the broken invariant, if any (`--keep`)."""


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
    limit: str | None = None
    cards: CardActivity | None = None


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


def play_game(seed: int, decks: list[str], bots: list[str], check: bool, keep: Keeper | None = None) -> GameResult:
    """One full game between bots; raises InvariantError on a broken invariant when checking.

    `keep` hears of the game when it ends, and of a game that broke an invariant before the error is raised.
    """
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
            problem = None if outcome.ok else f"a listed legal action was rejected: {action} ({outcome.reason})"
            if check and problem is None:
                problem = check_invariants(game, cards_before)
            if problem:
                if keep is not None:
                    keep(game, GameResult(seed, decks, bots, None, game.turn.turn, False), problem)
                raise InvariantError(f"seed {seed}: {problem}; history: {json.dumps(game.history)}")
        mechanics: Counter[str] = Counter(e["type"] for e in game.log if e["type"] in MECHANIC_EVENTS)
        mechanics.update(f"status {e['status']}" for e in game.log if e["type"] == "StatusApplied")
        over = game.turn.phase == "over"
        limit = None if over else "actions" if actions >= ACTION_LIMIT else "turns"
        result = GameResult(seed, decks, bots, game.turn.winner, game.turn.turn, not over, mechanics, limit,
                            card_activity(game))
        if keep is not None:
            keep(game, result, None)
        return result
    finally:
        game.close()


def keeper(args: argparse.Namespace) -> Keeper | None:
    """The hook of `--keep DIR` / `--keep-failures` and of `--check` (a broken invariant is shrunk), or None."""
    folder, failures_only = getattr(args, "keep", None), getattr(args, "keep_failures", False)
    if folder is None and failures_only:
        raise SetupError("--keep-failures needs --keep DIR (where to write the games)")
    if folder is None and not args.check:
        return None
    from game.keep import GameKeeper

    return GameKeeper(folder, failures_only, check_invariants)


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

