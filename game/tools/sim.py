"""Headless bot-vs-bot games (`countertop sim`): one game with its invariant checks, and the counts of many."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.core.components import Cubes, StasisCounters, StatusStack, StunCounters
from game.core.index_check import board_problem, index_problems
from game.core.table import Table
from game.engine import Game
from game.io.invariants import state_problems
from game.io.serialize import build_game
from game.io.setup import Contents, new_game
from game.rules.effects import RULE_LOOP
from game.rules.status import MAX_STACKS
from game.tools.cardlog import CardActivity, card_activity
from game.tools.fun import GameRecord, Recorder
from game.turn.commands import search_reach

ACTION_LIMIT = 4000
MECHANIC_EVENTS = ("EnteredStasis", "StasisCounterRemoved", "PlayedFromStasis", "UntapReplaced",
                   "StunCountersAdded", "FuseAttached", "CubesAdded", "CriticalHit", "AttackEvaded",
                   "AttackNegated", "Defeated")


class InvariantError(AssertionError):
    """A broken invariant of a game being played (`sim --check`), with the seed and the command history that
    reproduce it."""


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
    record: GameRecord | None = None


def check_invariants(game: Game, cards_before: int) -> str | None:
    """The first broken invariant of a live game, or None: the components' own checks (no card lost, no
    negative counter, ...), the invariants every save must keep (`game.io.invariants`), and a serialise/restore
    round trip that changes nothing."""
    if problem := component_problem(game, cards_before):
        return problem
    state = game.to_state()
    found = state_problems(state, game.table.pool)
    if found:
        return found[0][1]
    return round_trip_problem(game, state)


def round_trip_problem(game: Game, state: dict[str, Any] | None = None) -> str | None:
    """Whether serialising and restoring the game changes it (the state is built as it is: its invariants are
    checked on their own, and `Game.from_state`'s playability probe would only repeat them); `state` may pass
    in the game's `to_state()` already made (it is not changed)."""
    if state is None:
        state = game.to_state()
    again = Game(build_game(state))
    try:
        if again.to_state() != state:
            return "serialise/restore round trip changed the game"
    finally:
        again.close()
    return None


def component_problem(game: Game, cards_before: int) -> str | None:
    """The first broken invariant found straight from the components (cheap: checked after every command)."""
    table = game.table
    if len(table.refs) < cards_before:
        return f"cards were lost: {cards_before} before, {len(table.refs)} now"
    for eid, counters in table.scan(StasisCounters):
        if counters.n < 0:
            return f"{table.ref(eid)} has negative counters"
        if counters.n and not table.in_stasis(eid):
            return f"{table.ref(eid)} has stasis counters outside stasis"
    for eid, stun in table.scan(StunCounters):
        if stun.n < 0:
            return f"{table.ref(eid)} has negative counters"
    for eid, stack in table.scan(StatusStack):
        for name, n in stack.stacks.items():
            if not 1 <= n <= MAX_STACKS[name]:
                return f"{table.ref(eid)} has {n} stacks of {name}"
    for eid, cubes in table.scan(Cubes):
        if min(cubes.red, cubes.white, cubes.blue) < 0:
            return f"{table.ref(eid)} has negative cubes"
    return board_problem(table)


def memo_problem(game: Game) -> str | None:
    """A path search the table kept that differs from a fresh one (the occupancy memo has gone stale)."""
    for key, kept in game.table.occupancy_memo().items():
        if key[0] == "reachable" and kept != search_reach(game.table.occupied(), key[1], key[2]):
            return f"the path search kept from {list(key[1])} is stale"
    return None


def checkpoint_problem(game: Game, cards_before: int, full: bool) -> str | None:
    """Every index against a full scan, and every kept path search against a fresh one; `full` adds the
    invariants every save keeps and the serialise/restore round trip (`check_invariants`). Checked in full after
    setup and at the end, the indexes at each end of turn: one round trip costs about four turns of play, so a
    round trip at every end of turn would make a checked run cost nearly three unchecked ones."""
    if wrong := index_problems(game.table):
        return "; ".join(wrong)
    if stale := memo_problem(game):
        return stale
    return check_invariants(game, cards_before) if full else None


def play_game(seed: int, decks: list[str], bots: list[str], check: bool, keep: Keeper | None = None,
              contents: Contents | None = None, record: bool = False) -> GameResult:
    """One full game between bots, with the shipped cards or `contents` (a variant's); raises InvariantError on a
    broken invariant when checking.

    Checking verifies the components after every command, and does the full check after setup, whenever a
    turn ends and when the game is over. `keep` hears of the game when it ends, and of a game that broke an
    invariant before the error is raised. `record` keeps what the fun metrics read (`sim --fun`).
    """
    names = [f"P{i + 1}" for i in range(len(decks))]
    game = Game(new_game(names, decks, seed, contents))
    table = game.table
    players = {n: make_bot(b, seed * 31 + i) for i, (n, b) in enumerate(zip(names, bots, strict=True))}
    cards_before = len(table.refs)
    actions = 0
    recorder = Recorder() if record else None

    def verify(problem: str | None) -> None:
        if problem:
            if keep is not None:
                keep(game, GameResult(seed, decks, bots, None, table.turn.turn, False), problem)
            raise InvariantError(f"seed {seed}: {problem}; history: {json.dumps(table.history)}")

    try:
        if check:
            verify(checkpoint_problem(game, cards_before, full=True))
        while table.turn.phase != "over" and table.turn.turn <= table.numbers.turn_limit and actions < ACTION_LIMIT:
            seen = Observation.of(game)
            action = players[table.acting_player()].choose(seen)
            if recorder is not None:
                recorder.decision(table, seen.actions)
            turn = table.turn.turn
            outcome = game.act(action)
            actions += 1
            if recorder is not None and (table.turn.turn != turn or table.turn.phase == "over"):
                recorder.turn_ended(table)
            if not outcome.ok:
                verify(f"a listed legal action was rejected: {action} ({outcome.reason})")
            if check:
                verify(component_problem(game, cards_before))
                if table.turn.turn != turn and table.turn.phase != "over":
                    verify(checkpoint_problem(game, cards_before, full=False))
        if check:
            verify(checkpoint_problem(game, cards_before, full=True))
        mechanics: Counter[str] = Counter([e["type"] for e in table.log if e["type"] in MECHANIC_EVENTS])
        mechanics.update([f"status {e['status']}" for e in table.log if e["type"] == "StatusApplied"])
        limit = ended_by_limit(table, actions)
        result = GameResult(seed, decks, bots, table.turn.winner, table.turn.turn, limit is not None, mechanics, limit,
                            card_activity(table), None if recorder is None else recorder.record)
        if keep is not None:
            keep(game, result, None)
        return result
    finally:
        game.close()


def ended_by_limit(table: Table, actions: int) -> str | None:
    """The limit a game played to its end hit: "turns", "actions", "rule loop" (its effects stopped for resolving
    without end, `game.rules.effects.stop_rule_loop`), or None for a game won."""
    if table.turn.phase != "over":
        return "actions" if actions >= ACTION_LIMIT else "turns"
    last = table.log[-1] if table.log else {}
    return "rule loop" if last.get("type") == "GameOver" and last.get("reason") == RULE_LOOP else None


def shared_wins(results: list[GameResult]) -> int:
    """Games won by more than one player (tied for the most VP): each winner counts a win, so wins can outnumber
    games."""
    return sum(isinstance(r.winner, list) and len(r.winner) > 1 for r in results)


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
        "shared_wins": shared_wins(results),
        "wins_by_deck": dict(by_deck),
        "wins_by_seat": dict(by_seat),
        "wins_by_bot": dict(by_bot),
        "mean_turns": round(sum(lengths) / max(len(lengths), 1), 2),
        "longest_turns": max(lengths, default=0),
        "mechanics": dict(sorted(mechanics.items())),
        "hit_turn_limit": [r.seed for r in results if r.hit_limit],
    }

