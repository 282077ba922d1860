"""The schema of a scenario file (docs/formats.md): its keys, `[[card]]` and `[[do]]` tables, types and bounds.

`ScenarioFile` is a pydantic model (unknown keys forbidden) that `countertop schema scenario` prints as a
JSON Schema; `schema_problems` lists every way a parsed file breaks it, each a `Problem` naming the table
(`[[do]] #3`, counted from 0 like `step` in the dump) and the key, with the nearest valid name. An unknown
act or an unknown key of an act is a mistake in the file; an illegal but well-formed action is not: it is
rejected when played and listed under `rejected` in the dump.
"""

from __future__ import annotations

import dataclasses
import datetime
import inspect
import math
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from game.core.constants import ZONES
from game.core.dice import MAX_SEED
from game.core.problems import Problem, did_you_mean
from game.turn.commands import ACTION_KEYS, COMMANDS
from game.turn.commands.effect import KEYS as EFFECT_KEYS
from game.turn.commands.effect import Effect

MAX_CARDS = 20_000
MAX_STEPS = 10_000
MAX_FORCED = 10_000
MAX_COUNTERS = 1000
MAX_TEXT = 2000

Count = Annotated[int, Field(ge=0, le=MAX_COUNTERS)]
Score = Annotated[int, Field(ge=-MAX_COUNTERS, le=MAX_COUNTERS)]
"""VP: below 0 only after the game-end Madness penalty (ST-18), which game.io.scenario checks."""
Name = Annotated[str, Field(max_length=200)]


class Strict(BaseModel):
    """Strict types (no bool as a number, no number as a string) and no unknown keys."""

    model_config = ConfigDict(extra="forbid", strict=True)


class CardTable(Strict):
    """A `[[card]]` table: one card of the table, where it is and what it carries."""

    ref: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    name: Name
    owner: Name | None = None
    controller: Name | None = None
    zone: Literal["deck", "hand", "board", "discard", "stasis", "location", "madness", "removed"] | None = None
    pos: Annotated[list[int], Field(min_length=2, max_length=2)] | None = None
    tapped: bool = False
    stasis_counters: Count | None = None
    stun_counters: Count = 0
    status: dict[str, int] = {}
    cubes: dict[Literal["red", "white", "blue"], Count] = {}
    hp: Count | None = None
    max_hp: Count | None = None
    atk: Count | None = None
    crt: Annotated[int, Field(ge=0, le=100)] | None = None
    mv: Count | None = None
    range: Count | None = None
    damage_type: Literal["physical", "spirit"] | None = None
    # The exact-state keys of an exported table (game.io.scenario_exact checks their values).
    arrival: Annotated[int, Field(ge=0)] | None = None
    status_applied: Any = None
    status_fresh: Any = None
    defences: Any = None
    moved: Any = None
    copied: Any = None
    once_used: Any = None
    lost_abilities: bool = False
    resolving: bool = False
    played_from_stasis: bool = False


def step_model(act: str) -> type[BaseModel]:
    """The `[[do]]` table of one act: `act`, `by`, and the fields of its command (effect: its op fields too)."""
    command = COMMANDS[act]
    fields: dict[str, Any] = {"act": (Literal[act], ...), "by": (Name | None, None)}
    names = EFFECT_KEYS if command is Effect else tuple(f.name for f in dataclasses.fields(command) if f.name != "by")
    fields.update({k: (Any, None) for k in names})
    config = ConfigDict(extra="allow") if command is Effect else ConfigDict(extra="forbid")
    doc = f"A `[[do]]` step with act = {act!r}: {(inspect.getdoc(command) or '').strip()}"
    model: type[BaseModel] = create_model(f"Do_{act}", __config__=config, __doc__=doc, **fields)
    return model


STEPS: dict[str, type[BaseModel]] = {act: step_model(act) for act in COMMANDS}
Step: Any = Annotated[Union[tuple(STEPS.values())], Field(discriminator="act")]  # noqa: UP007


class ScenarioFile(Strict):
    """A scenario file: a table set up by hand, then actions played in order (docs/formats.md)."""

    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = 0
    dice: Annotated[list[Annotated[int, Field(ge=1, le=100)]], Field(max_length=MAX_FORCED)] = []
    coins: Annotated[list[Literal["heads", "tails"]], Field(max_length=MAX_FORCED)] = []
    players: Annotated[list[Name], Field(min_length=2, max_length=4)]
    turn: Annotated[int, Field(ge=1, le=10**6)] = 1
    phase: Literal["main", "start"] = "main"
    stones: dict[Name, Count] = {}
    vp: dict[Name, Score] = {}
    description: Annotated[str, Field(max_length=MAX_TEXT)] = ""
    expect: dict[str, Any] = {}
    card: Annotated[list[CardTable], Field(max_length=MAX_CARDS)] = []
    do: Annotated[list[Step], Field(max_length=MAX_STEPS)] = []
    # The exact-state keys of an exported table (game.io.scenario_exact checks their values).
    active: Name | None = None
    allowances: dict[Name, Any] = {}
    shuffles: Any = None
    resume: dict[str, Any] | None = None


TOP_MESSAGES = {
    "players": "must list 2 to 4 different player names",
    "seed": f"must be a whole number from 0 to {MAX_SEED}",
    "dice": "must be a list of d100 results, each 1..100",
    "coins": "must be a list of \"heads\" or \"tails\"",
    "turn": "must be a whole number from 1",
    "phase": "must be \"main\" or \"start\"",
    "card": "must be an array of [[card]] tables",
    "do": "must be an array of [[do]] tables",
}


def schema_problems(data: dict[str, Any], file: str) -> list[Problem]:
    """Every way a parsed scenario breaks the schema, one problem per table and key."""
    problems = plain_problems(data, file)
    if problems:
        return problems
    try:
        ScenarioFile.model_validate(data)
    except ValidationError as err:
        seen: set[str] = set()
        for error in err.errors(include_url=False):
            problem = describe(error, data, file)
            if str(problem) not in seen:
                seen.add(str(problem))
                problems.append(problem)
    return problems


def plain_problems(value: Any, file: str, loc: tuple[Any, ...] = ()) -> list[Problem]:
    """Dates and times, NaN and infinities anywhere: a scenario holds plain JSON-ready data only."""
    if isinstance(value, datetime.date | datetime.time):
        return [Problem(file, spot(loc), f"a date or time ({value}) is not a value a scenario uses")]
    if isinstance(value, float) and not math.isfinite(value):
        return [Problem(file, spot(loc), f"{value} is not a number a scenario can use")]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    found: list[Problem] = []
    for key, child in items:
        found += plain_problems(child, file, (*loc, key))
    return found


def spot(loc: tuple[Any, ...]) -> str:
    """A place in the file as `[[do]] #3: key 'prompt'`, `[[card]] #0: field 'hp'` or `stones.Ada`."""
    if len(loc) >= 2 and loc[0] in ("card", "do") and isinstance(loc[1], int):
        label = "field" if loc[0] == "card" else "key"
        rest = f": {label} {loc[2]!r}" + "".join(f"[{p!r}]" for p in loc[3:]) if len(loc) > 2 else ""
        return f"[[{loc[0]}]] #{loc[1]}{rest}"
    return ".".join(map(str, loc)) or "top level"


def describe(error: Any, data: dict[str, Any], file: str) -> Problem:
    """One pydantic error as a problem: the table, the key, and what is wrong (with a did-you-mean)."""
    loc = list(error["loc"])
    top = str(loc[0]) if loc else ""
    if top in ("card", "do") and len(loc) >= 2 and isinstance(loc[1], int):
        table = data[top][loc[1]]
        if top == "do" and len(loc) >= 3 and loc[2] in STEPS:
            del loc[2]
        return table_problem(error, top, loc[1], table, loc[2:], file)
    if error["type"] == "extra_forbidden":
        return Problem(file, "top level", f"unknown key {top!r}{did_you_mean(top, ScenarioFile.model_fields)}")
    if top in TOP_MESSAGES and len(loc) <= 2:
        return Problem(file, top, f"{TOP_MESSAGES[top]}, not {short(dig(data, loc[:1]))}")
    return Problem(file, ".".join(map(str, loc)), sentence(error))


def table_problem(error: Any, top: str, i: int, table: Any, rest: list[Any], file: str) -> Problem:
    """A problem inside one `[[card]]` or `[[do]]` table."""
    if top == "card":
        ref = table.get("ref", table.get("name")) if isinstance(table, dict) else None
        where = f"[[card]] #{i}" + (f" ({ref!r})" if ref is not None else "")
        known: Any = CardTable.model_fields
    else:
        where = f"[[do]] #{i}"
        act = table.get("act") if isinstance(table, dict) else None
        known = STEPS[act].model_fields if isinstance(act, str) and act in STEPS else ACTION_KEYS
        if error["type"] in ("union_tag_invalid", "union_tag_not_found") or rest[:1] == ["act"]:
            if act is None:
                return Problem(file, where, f"needs an 'act' (one of {', '.join(STEPS)})")
            return Problem(file, f"{where}: key 'act'", f"unknown act {short(act)}{did_you_mean(str(act), STEPS)}"
                           f" (acts: {', '.join(STEPS)})")
    if error["type"] == "model_type":
        return Problem(file, where, f"must be a table, not {short(table)}")
    if not rest:
        return Problem(file, where, sentence(error))
    key = str(rest[0])
    if error["type"] == "extra_forbidden":
        label = "field" if top == "card" else "key"
        whose = f" for act {table.get('act')!r}" if top == "do" else ""
        return Problem(file, f"{where}: {label} {key!r}", f"unknown {label}{whose}{did_you_mean(key, known)}")
    label = "field" if top == "card" else "key"
    if error["type"] == "literal_error" and len(rest) == 1:
        options = ", ".join(ZONES) if key == "zone" else error["ctx"]["expected"]
        return Problem(file, f"{where}: {label} {key!r}",
                       f"{short(error['input'])} is not one of {options}{did_you_mean(str(error['input']), ZONES)}")
    inner = "".join(f"[{p!r}]" for p in rest[1:])
    return Problem(file, f"{where}: {label} {key!r}{inner}", sentence(error))


def dig(data: Any, loc: list[Any]) -> Any:
    """The value at a location of the parsed data (None when it is missing)."""
    for part in loc:
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return None
    return data


def short(value: Any) -> str:
    """A value as it would be written, cut short when long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def sentence(error: Any) -> str:
    """pydantic's message, with the value found when there is one."""
    if error["type"] == "missing":
        return "is required"
    return f"{error['msg'][0].lower()}{error['msg'][1:]}, not {short(error.get('input'))}"
