"""Replays: a kept game (seed, decks, bots, command history, result) and the timeline of its states.

A replay file is small JSON (`format = "countertop-replay"`, `version`); a save (docs/formats.md) of a standard
game replays too, from the seed, decks and players its `GameStarted` event names. Every state is rebuilt
from the seed and the history; a snapshot (`Game.to_state`) every few commands and at every turn start
makes a jump cost at most a few commands. The log only grows, so snapshots leave it (and the history)
out and keep its length; the whole log is kept once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.bots.registry import bot_problem
from game.core.atomic import write_whole, written_whole
from game.core.dice import seed_problem
from game.core.problems import FileProblems, Problem, read_bounded
from game.engine import Game
from game.io.export import Future, record_dice, scenario_data, to_toml
from game.io.serialize import SaveError
from game.io.setup import SetupError, find_deck, name_problem

FORMAT = "countertop-replay"
VERSION = 1
SNAPSHOT_EVERY = 12
MAX_HISTORY = 100_000
RECORD_KEYS = {"format", "version", "seed", "players", "decks", "bots", "history", "result"}


@dataclass
class Record:
    """Everything a replay needs: how the game was set up and every command it took, and how it ended."""

    seed: int
    players: list[str]
    decks: list[str]
    history: list[dict[str, Any]]
    bots: list[str] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The replay file's content."""
        return {"format": FORMAT, "version": VERSION, "seed": self.seed, "players": list(self.players),
                "decks": list(self.decks), "bots": list(self.bots), "history": [dict(a) for a in self.history],
                "result": dict(self.result)}


def record_of(game: Game, bots: list[str], result: dict[str, Any]) -> Record:
    """The record of a standard game (one made by `Game.new`), from its `GameStarted` event."""
    started = next(e for e in game.table.log if e["type"] == "GameStarted")
    return Record(int(started["seed"]), list(started["players"]), list(started["decks"]),
                  [dict(a) for a in game.table.history], list(bots), dict(result))


def write_replay(record: Record, path: str) -> None:
    """Write a replay file whole (`game.core.atomic`: a temporary file in the same folder, then a rename)."""
    with written_whole(path) as out:
        json.dump(record.to_json(), out, separators=(",", ":"))


def read_record(path: str) -> Record:
    """A replay file or a save as a record; every problem is one `FILE: WHERE: WHAT` line (FileProblems)."""
    text = read_bounded(path, "replay file")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise FileProblems([Problem(path, "", f"not a JSON replay or save ({err})")]) from None
    if isinstance(data, dict) and "format" not in data and "players_order" in data:
        return record_of_save(path)
    return parse_record(path, data)


def parse_record(path: str, data: Any) -> Record:
    """Check a replay file's content, listing every problem at once."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileProblems([Problem(path, "format", f"not a Countertop replay (want format = {FORMAT!r})")])
    problems: list[Problem] = []

    def bad(where: str, what: str) -> None:
        problems.append(Problem(path, where, what))

    if data.get("version") != VERSION:
        bad("version", f"unsupported replay version {data.get('version')!r} (this game reads version {VERSION})")
    for key in sorted(set(data) - RECORD_KEYS):
        bad(key, f"unknown key (known: {', '.join(sorted(RECORD_KEYS))})")
    seed = data.get("seed")
    if why := seed_problem(seed):
        bad("seed", why)
    seed = seed if isinstance(seed, int) and not why else 0
    players = data.get("players")
    if (not isinstance(players, list) or not 2 <= len(players) <= 4
            or not all(isinstance(p, str) and p for p in players) or len(set(players)) != len(players)):
        bad("players", "must list 2 to 4 different player names")
        players = []
    elif why := name_problem(players):
        bad("players", why)
    decks = data.get("decks")
    if not isinstance(decks, list) or (players and len(decks) != len(players)):
        bad("decks", "must name one deck per player")
        decks = []
    for i, deck in enumerate(decks):
        try:
            find_deck(str(deck))
        except SetupError as err:
            bad(f"decks[{i}]", str(err))
    bots = data.get("bots", [])
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        bad("bots", "must list bot names")
        bots = []
    for i, bot in enumerate(bots):
        if why := bot_problem(bot):
            bad(f"bots[{i}]", why)
    history = data.get("history")
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        bad("history", f"must be a list of at most {MAX_HISTORY} commands")
        history = []
    for i, action in enumerate(history):
        if not isinstance(action, dict) or not isinstance(action.get("act"), str):
            bad(f"history[{i}]", "a command is a table with an 'act' string")
    result = data.get("result", {})
    if not isinstance(result, dict):
        bad("result", "must be a table")
    if problems:
        raise FileProblems(problems)
    return Record(seed, list(players), [str(d) for d in decks], [dict(a) for a in history], list(bots), dict(result))


def record_of_save(path: str) -> Record:
    """A save's record; refused when the save did not start as a standard game (its first state is unknown)."""
    try:
        game = Game.load(path)
    except SaveError as err:
        raise FileProblems([Problem(path, "", str(err).removeprefix(f"{path}: "))]) from None
    try:
        started = [i for i, e in enumerate(game.table.log) if e["type"] == "GameStarted" and "decks" in e]
        if not started:
            raise FileProblems([Problem(path, "log", "this save began from a scenario, not a standard game, "
                                                     "so its first state is unknown and it can't be replayed")])
        check_started(path, started[0], game.table.log[started[0]])
        record = record_of(game, [], {"winner": game.table.turn.winner, "turns": game.table.turn.turn})
        record.result["state"] = game.to_state()
        return record
    finally:
        game.close()


def check_started(path: str, index: int, event: dict[str, Any]) -> None:
    """A save's `GameStarted` event (log[index]) is checked as a replay's seed, players and decks are: each problem
    is one line naming the event (the log is not checked field by field when a save is loaded)."""
    setup = {key: event.get(key) for key in ("seed", "players", "decks")}
    try:
        parse_record(path, {"format": FORMAT, "version": VERSION, **setup, "history": []})
    except FileProblems as err:
        raise FileProblems([Problem(path, f"log[{index}]", f"GameStarted {problem.where} {problem.what}")
                            for problem in err.problems]) from None


class Timeline:
    """Every state of a kept game, step 0 (the set-up table) to step `len(history)` (after the last command).

    `game_at(step)` rebuilds a step from the nearest snapshot at or before it; `turn_of(step)` and
    `turn_starts` let a viewer move a whole turn at a time. `in_progress`: a save of a game still being played,
    whose hands are secret from whoever watches it.
    """

    def __init__(self, record: Record, path: str = "replay") -> None:
        self.record = record
        self.path = path
        try:
            game = Game.new(record.players, record.decks, record.seed)
        except SetupError as err:
            raise FileProblems([Problem(path, "decks", str(err))]) from None
        self.snapshots: dict[int, dict[str, Any]] = {0: self.snapshot(game)}
        self.turns: list[int] = [game.table.turn.turn]
        try:
            for i, action in enumerate(record.history):
                self.play(game, i, action)
                step = i + 1
                self.turns.append(game.table.turn.turn)
                if step % SNAPSHOT_EVERY == 0 or self.turns[-1] != self.turns[-2]:
                    self.snapshots[step] = self.snapshot(game)
            self.log = game.table.log
            saved = record.result.get("state")
            if saved is not None and game.to_state() != saved:
                raise FileProblems([Problem(path, "history", "replaying the history from the seed does not "
                                                             "give the saved game")])
            self.in_progress = saved is not None and game.table.turn.phase != "over"
        finally:
            game.close()

    def play(self, game: Game, i: int, action: dict[str, Any]) -> None:
        """Apply the i-th command of the history; a refused or malformed one is a problem of the file."""
        try:
            outcome = game.act(action)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
            raise FileProblems([Problem(self.path, f"history[{i}]", f"not a command this game can play "
                                                                    f"({type(err).__name__})")]) from None
        if not outcome.ok:
            raise FileProblems([Problem(self.path, f"history[{i}]",
                                        f"the game refuses this command: {outcome.reason}")])

    @staticmethod
    def snapshot(game: Game) -> dict[str, Any]:
        """The game's state without its log and history (their lengths are enough to cut them from the whole)."""
        state = game.to_state()
        state["log"] = len(state["log"])
        del state["history"]
        return state

    @property
    def steps(self) -> int:
        """The last step (the number of commands)."""
        return len(self.record.history)

    def turn_of(self, step: int) -> int:
        """The turn number at a step."""
        return self.turns[step]

    @property
    def turn_starts(self) -> list[int]:
        """The first step of every turn (0 and every step where the turn number changed)."""
        return [s for s in range(len(self.turns)) if s == 0 or self.turns[s] != self.turns[s - 1]]

    def check_step(self, step: int) -> None:
        """Refuse a step outside the game."""
        if not 0 <= step <= self.steps:
            raise FileProblems([Problem(self.path, "--at", f"step {step} is outside the game "
                                                           f"(steps 0 to {self.steps})")])

    def game_at(self, step: int) -> Game:
        """A new game standing at `step` (close it when done)."""
        self.check_step(step)
        base = max(s for s in self.snapshots if s <= step)
        snap = self.snapshots[base]
        game = Game.from_state({**snap, "log": self.log[:snap["log"]], "history": self.record.history[:base]})
        for action in self.record.history[base:step]:
            game.act(action)
        return game

    def view_at(self, step: int) -> dict[str, Any]:
        """The JSON dump of docs/formats.md at a step."""
        game = self.game_at(step)
        try:
            return game.view()
        finally:
            game.close()

    def future(self, step: int, until: int | None = None) -> Future:
        """The dice, coins and shuffles the game drew from `step` to `until` (default: its end), then its leftovers."""
        game = self.game_at(step)
        try:
            dice = record_dice(game.table)
            for action in self.record.history[step:self.steps if until is None else until]:
                game.act(action)
            found = dice.future
            if until is None:
                found.d100 += dice.forced_d100
                found.coins += dice.forced_coins
                found.shuffles += dice.forced_shuffles
            return found
        finally:
            game.close()

    def scenario_at(self, step: int, then: int = 0, description: str = "", dice_to_end: bool = True) -> dict[str, Any]:
        """The scenario of the table at `step`, with the next `then` commands as [[do]] and the dice that followed.

        The forced results are every one the game drew after `step` (or only those of the `then` commands).
        """
        self.check_step(step)
        until = min(step + then, self.steps)
        future = self.future(step, None if dice_to_end else until)
        game = self.game_at(step)
        try:
            return scenario_data(game.table, future, self.record.history[step:until], description)
        finally:
            game.close()

    def export(self, step: int, out: str, then: int = 0) -> str:
        """Write the scenario of a step to `out` (whole, or not at all); returns its text. Like a save, it holds every
        hand and the deck order, so only its owner may read it (0600)."""
        text = to_toml(self.scenario_at(step, then, f"{self.path} at step {step} (turn {self.turn_of(step)})"))
        write_whole(out, text, private=True)
        return text


def open_timeline(path: str) -> Timeline:
    """Read a replay file or a save and build its timeline (FileProblems on any problem)."""
    return Timeline(read_record(path), path)
