"""The numbers the rules use (G-1, G-3, G-6, G-7, G-9, ST-18), as data: read from assets/numbers.toml, changed by a
variant's `[rules]` table, with a seat's own values for the first round and numbers for one player count only.

`SPECS` says each number's rule, bounds and meaning once: the file's schema (pydantic, built from it when a file
is checked), the rules reference and the variant checks read it there. A game's table holds its `Numbers`, and
every rule that counts stones, plays, cards or VP reads them from it.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import asdict, dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assets import FOLDER
from game.core import filecache
from game.core.problems import FileProblems, Problem, load_toml

if TYPE_CHECKING:
    from pydantic import BaseModel


@dataclass(frozen=True)
class Spec:
    """One number of the rules: its key, the rule it belongs to, its bounds and what it counts."""

    key: str
    rule: str
    low: int
    high: int
    meaning: str
    first_round: bool = False
    """Whether a seat may have its own value for the first round (`[first_round.seatN]`)."""


SPECS = (
    Spec("opening_hand", "G-1", 0, 20, "cards each player draws before the first turn", True),
    Spec("madness_pile", "G-1", 0, 30, "Madness cards in the pile"),
    Spec("stones_per_turn", "G-3", 0, 20, "the active player's stones at the start of their turn", True),
    Spec("minion_plays", "G-3", 0, 5, "minions a player may play each turn", True),
    Spec("action_plays", "G-3", 0, 5, "actions (and relics, R-5) a player may play each turn", True),
    Spec("end_of_turn_draw", "G-3", 0, 10, "cards the active player draws at the end of their turn", True),
    Spec("hand_limit", "G-3", 1, 40, "the most cards a hand keeps after that draw"),
    Spec("defeat_vp", "G-6", 0, 10, "VP for defeating a character"),
    Spec("monster_vp", "G-6", 0, 10, "VP for defeating a monster"),
    Spec("location_vp", "G-7", 0, 10, "VP at the end of your turn for each location square you hold"),
    Spec("victory_vp", "G-7", 1, 100, "the game ends when a player has this many VP at the end of a turn (G-9: of "
         "the round)"),
    Spec("start_vp", "G-9", 0, 10, "VP each player has before the first turn", True),
    Spec("round_end", "G-9", 0, 1, "1: a game whose goal is reached ends when the round does (the last seat's turn), "
         "so every seat has as many turns; 0: when that turn does"),
    Spec("tie_break", "G-9", 0, 1, "1: a tie for the most VP goes to the tied player who sat latest; 0: to the "
         "most characters on the board, then shared"),
    Spec("madness_per_vp", "ST-18", 1, 10, "the game-end penalty is 1 VP for every this many Madness cards"),
    Spec("turn_limit", "G-3", 1, 1000, "simulations: a game still going after this many turns stops with no winner"),
)
SEATS = ("seat1", "seat2", "seat3", "seat4")
"""The keys of `[first_round.SEAT]` tables: seat 1 plays the first turn."""
FIRST_ROUND = tuple(s.key for s in SPECS if s.first_round)
PLAYER_COUNTS = {2: "two_players", 3: "three_players", 4: "four_players"}
"""The keys of the tables of numbers for games of that many players only (`[two_players.first_round.seat2]`)."""


@dataclass(frozen=True)
class Numbers:
    """The numbers of one game's rules, and each seat's own first-round values (seat from 0 -> key -> value)."""

    opening_hand: int
    madness_pile: int
    stones_per_turn: int
    minion_plays: int
    action_plays: int
    end_of_turn_draw: int
    hand_limit: int
    defeat_vp: int
    monster_vp: int
    location_vp: int
    victory_vp: int
    start_vp: int
    round_end: int
    tie_break: int
    madness_per_vp: int
    turn_limit: int
    first_round: dict[int, dict[str, int]] = field(default_factory=dict)
    by_players: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Numbers for games of that many players only, as a numbers table of changes over the rest (G-9)."""

    def for_players(self, players: int) -> Numbers:
        """The numbers of a game of this many players: its own table over the rest, seat by seat (no table: the
        same numbers). The game's table holds these, so every rule reads them as it reads any number."""
        return self._resolved.get(players, self) if self.by_players else self

    @cached_property
    def _resolved(self) -> dict[int, Numbers]:
        """Each player count's numbers, made once (a table is set up for every simulated game)."""
        plain = {k: v for k, v in self.table().items() if k not in PLAYER_COUNTS.values()}
        return {count: from_table(overlaid(plain, own)) for count, own in self.by_players.items()}

    def for_seat(self, key: str, seat: int, first_round: bool) -> int:
        """A number for the seat (from 0): its own first-round value in the first round when it has one."""
        own = self.first_round.get(seat, {}) if first_round else {}
        return int(own.get(key, getattr(self, key)))

    def table(self) -> dict[str, Any]:
        """The numbers as a numbers file's table (`[first_round.seatN]` tables only for seats that have values)."""
        out = {k: v for k, v in asdict(self).items() if k not in ("first_round", "by_players")}
        if self.first_round:
            out["first_round"] = {SEATS[seat]: dict(values) for seat, values in sorted(self.first_round.items())}
        for count, own in sorted(self.by_players.items()):
            out[PLAYER_COUNTS[count]] = own
        return out

    def changes(self, other: Numbers) -> list[str]:
        """Each number `other` sets differently, as `KEY old -> new` (first-round ones as `first_round.seatN.KEY`)."""
        lines = [f"{s.key} {getattr(self, s.key)} -> {getattr(other, s.key)}" for s in SPECS
                 if getattr(self, s.key) != getattr(other, s.key)]
        for seat in sorted(set(self.first_round) | set(other.first_round)):
            for key in FIRST_ROUND:
                old, new = (n.for_seat(key, seat, True) for n in (self, other))
                if old != new and any(key in n.first_round.get(seat, {}) for n in (self, other)):
                    lines.append(f"first_round.{SEATS[seat]}.{key} {old} -> {new}")
        for count in sorted(set(self.by_players) | set(other.by_players)):
            lines += [f"{PLAYER_COUNTS[count]}.{line}" for line in
                      self.for_players(count).changes(other.for_players(count)) if line not in lines]
        return lines


def numbers_file() -> Path:
    """The shipped numbers file."""
    return FOLDER / "numbers.toml"


def from_table(data: dict[str, Any]) -> Numbers:
    """The Numbers of a table that passed the schema."""
    first = {SEATS.index(seat): dict(values) for seat, values in data.get("first_round", {}).items() if values}
    counts = {count: own for count, name in PLAYER_COUNTS.items() if (own := cleaned(data.get(name, {})))}
    return Numbers(**{s.key: data[s.key] for s in SPECS}, first_round=first, by_players=counts)


def cleaned(table: dict[str, Any]) -> dict[str, Any]:
    """A table without its empty tables (a seat or count that changes nothing)."""
    out = {k: cleaned(v) if isinstance(v, dict) else v for k, v in table.items()}
    return {k: v for k, v in out.items() if v != {}}


def overlaid(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """`changes` over `base`, table by table: a table in both is merged key by key, anything else replaced."""
    out = dict(base)
    for key, value in changes.items():
        both = isinstance(value, dict) and isinstance(out.get(key), dict)
        out[key] = overlaid(out[key], value) if both else value
    return out


@cache
def numbers_model() -> type[BaseModel]:
    """The numbers file's schema, built from SPECS: every key required and bounded, seat tables of the first-round
    keys, and a table per player count where every key is optional (imported and built only when a file is
    checked)."""
    from typing import Annotated

    from pydantic import Field, create_model

    from game.core.schemas import FileModel, one_of

    def bounded(s: Spec) -> Any:
        return Annotated[int, Field(ge=s.low, le=s.high, description=f"{s.rule}: {s.meaning}")]

    own: dict[str, Any] = {s.key: (bounded(s) | None, None) for s in SPECS if s.first_round}
    seat_model = create_model("SeatFirstRound", __base__=FileModel, **own)
    seats: Any = dict[Annotated[str, one_of(SEATS, "a seat")], seat_model]  # type: ignore[valid-type]
    fields: dict[str, Any] = {s.key: (bounded(s), ...) for s in SPECS}
    optional: dict[str, Any] = {s.key: (bounded(s) | None, None) for s in SPECS}
    count_model = create_model("PlayerCount", __base__=FileModel, first_round=(seats, {}), **optional)
    counts: dict[str, Any] = {name: (count_model | None, None) for name in PLAYER_COUNTS.values()}
    return create_model("NumbersFile", __base__=FileModel, first_round=(seats, {}), **fields, **counts)


def checked(data: dict[str, Any], file: str, where: str = "") -> tuple[Numbers | None, list[Problem]]:
    """A numbers table through its schema: the Numbers, or None and every problem (placed under `where`)."""
    from game.core.schemas import validate

    made, problems = validate(numbers_model(), data, file)
    problems = [Problem(p.file, place(where, p.where.removesuffix(".[key]")),
                        p.what.replace(": SeatFirstRound", "").replace(": PlayerCount", "")) for p in problems]
    return (None if made is None else from_table(made.model_dump(exclude_none=True))), problems


def place(where: str, inside: str) -> str:
    """A problem's place in a file whose numbers table is at `where` ("" for a numbers file, "rules" in a variant)."""
    if inside in ("", "top level"):
        return where or "top level"
    return f"{where}.{inside}" if where else inside


def check_shipped() -> Numbers:
    """The shipped numbers file, checked (FileProblems: every problem)."""
    path = str(numbers_file())
    made, problems = checked(load_toml(path, "numbers file"), path)
    if made is None:
        raise FileProblems(problems)
    return made


@cache
def shipped_numbers() -> Numbers:
    """The shipped numbers, loaded once: checked, or built from the same bytes as a file that passed last time."""
    path = numbers_file()
    files = filecache.snapshot([path])
    return filecache.kept_or_checked("numbers", files, check_shipped,
                                     lambda kept: from_table(tomllib.loads(kept[path].decode("utf-8"))))


def changed(base: Numbers, changes: Any, file: str) -> tuple[Numbers | None, list[Problem]]:
    """A variant's `[rules]` table over these numbers: the numbers it makes, or None and one problem per bad key
    or value, each at `rules.KEY`."""
    if not isinstance(changes, dict):
        return None, [Problem(file, "rules", f"must be a table of rule numbers, not {json.dumps(changes)}")]
    return checked(overlaid(base.table(), changes), file, "rules")
