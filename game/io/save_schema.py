"""The schema of a save file (docs/formats.md): every key, its type and its range; unknown keys are refused.

Validated strictly (no string-to-number, no bool-as-int), after the JSON is parsed with bounded size and
depth and before a game is built; the game's invariants (`game.io.invariants`) are the second stage.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.core.dice import MAX_SEED
from game.core.problems import Problem

MAX_COUNT = 10**9
MAX_ITEMS = 100_000
MAX_UI_BYTES = 4 * 1024 * 1024

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Signed = Annotated[int, Field(ge=-MAX_COUNT, le=MAX_COUNT)]
Word = Annotated[str, Field(min_length=1, max_length=200)]
Text = Annotated[str, Field(max_length=2000)]
Word32 = Annotated[int, Field(ge=0, le=2**32 - 1)]
JsonTable = dict[str, Any]


class Strict(BaseModel):
    """Strict types and no unknown keys."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SavedPlayer(Strict):
    """A seat: name, points, stones and this turn's allowances."""

    name: Word
    seat: Annotated[int, Field(ge=0, le=3)]
    vp: Signed
    stones: Count
    minion_plays: Count
    action_plays: Count
    grants: Annotated[list[dict[str, Word]], Field(max_length=1000)]
    minions_at_location: dict[Word, Count]


class SavedTurn(Strict):
    """The turn state."""

    turn: Annotated[int, Field(ge=1, le=MAX_COUNT)]
    active: Count
    phase: Literal["start", "untap", "main", "end", "over"]
    done: Annotated[list[Word], Field(max_length=100)]
    winner: Word | list[Word] | None


class SavedStatus(Strict):
    """Statuses on a character."""

    stacks: dict[Word, Count]
    applied_turn: dict[Word, Signed]
    fresh: Annotated[list[Word], Field(max_length=20)]


class SavedDefences(Strict):
    """Evasion and negation sources attached by Fuses."""

    evasion: Annotated[list[tuple[Word, Count]], Field(max_length=1000)]
    negation: Annotated[list[tuple[Word, Count]], Field(max_length=1000)]


class SavedCard(Strict):
    """One card and every component it has."""

    ref: Annotated[str, Field(min_length=1, max_length=64)]
    name: Word
    zone: Word
    seq: Count
    owner: Word | None
    controller: Word | None
    pos: tuple[Signed, Signed] | None = None
    stats: tuple[Count, Count, Annotated[int, Field(ge=0, le=100)], Count, Count,
                 Literal["physical", "spirit"]] | None = None
    hp: Signed | None = None
    stasis: Count | None = None
    stun: Count | None = None
    status: SavedStatus | None = None
    cubes: tuple[Count, Count, Count] | None = None
    defences: SavedDefences | None = None
    moved: Count | None = None
    copied: tuple[Count, Word] | None = None
    once_used: Annotated[list[Word], Field(max_length=100)] | None = None
    flags: list[Literal["tapped", "lost_abilities", "resolving", "played_from_stasis"]] | None = None


class SavedDice(Strict):
    """The dice: seed, forced results and the generator's exact position (Mersenne Twister state)."""

    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    forced_d100: Annotated[list[Annotated[int, Field(ge=1, le=100)]], Field(max_length=MAX_ITEMS)]
    forced_coins: Annotated[list[Literal["heads", "tails"]], Field(max_length=MAX_ITEMS)]
    forced_shuffles: Annotated[list[Annotated[list[Annotated[int, Field(ge=0)]], Field(max_length=MAX_ITEMS)]],
                               Field(max_length=MAX_ITEMS)] = []
    rng: tuple[Literal[3], Annotated[list[Word32], Field(min_length=625, max_length=625)], float | None]


class SavedPending(Strict):
    """A choice that waits for a player."""

    player: Word
    prompt: Text
    options: Annotated[list[Any], Field(min_length=1, max_length=10_000)]
    kind: Word


class LogEntry(BaseModel):
    """An event of the log: a type and its fields."""

    model_config = ConfigDict(extra="allow", strict=True)

    type: Word


class SavedGame(Strict):
    """A whole save file."""

    version: Literal[1]
    players_order: Annotated[list[Word], Field(min_length=1, max_length=4)]
    players: Annotated[list[SavedPlayer], Field(max_length=4)]
    turn: SavedTurn
    cards: Annotated[list[SavedCard], Field(max_length=MAX_ITEMS)]
    dice: SavedDice
    log: Annotated[list[LogEntry], Field(max_length=10 * MAX_ITEMS)]
    rejected: Annotated[list[JsonTable], Field(max_length=MAX_ITEMS)]
    queue: Annotated[list[JsonTable], Field(max_length=MAX_ITEMS)]
    pending: SavedPending | None
    history: Annotated[list[JsonTable], Field(max_length=MAX_ITEMS)]
    last_rolls: Annotated[list[JsonTable], Field(max_length=MAX_ITEMS)]
    seq: Count
    made: Count
    ui: JsonTable | None = None


def schema_problems(text: str, file: str) -> list[Problem]:
    """Every way a save's JSON text breaks the schema, as problems naming the key path (strict JSON mode:
    arrays stand for tuples, but `true` is no number and "3" no integer)."""
    try:
        SavedGame.model_validate_json(text)
    except ValidationError as err:
        return [Problem(file, place(e["loc"]), message(e)) for e in err.errors(include_url=False)]
    return []


def place(loc: tuple[int | str, ...]) -> str:
    """A pydantic location as `cards[3].zone`."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "top level"


def message(error: Any) -> str:
    """A pydantic error as a short sentence, with the bad value when it is short."""
    value = repr(error.get("input"))
    shown = f" (found {value})" if len(value) <= 60 else ""
    return f"{error['msg']}{shown}"
