"""The bots' evaluation: what a position is worth to each player, from features the rules make valuable.

Every feature is read from the table and the game's own data (the card pool's abilities and their stone costs,
the status table, each character's current stats), never from a list of card names, so a variant or a new card
is seen without code changes. A player's value is the weighted sum of their features; a position's score for a
player is the logistic of their value minus their best rival's, a win probability in 0..1. The weights live in
one data file (assets/bots/weights.toml), written by `countertop tune-bot`, which fits them to game outcomes or
tunes them by the games they win (SPSA).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.core.components import Health, Stats
from game.core.statuses import TABLE as STATUSES
from game.core.table import Table
from game.rules.stats import movement, power

FEATURES: tuple[str, ...] = (
    "vp", "vp_share", "on_location", "location_reach", "characters", "hp", "power", "threatened", "threats",
    "ready", "stun_counters", "abilities", "relics", "hand", "madness", "stasis_cards", "stasis_soon",
    "stasis_ready", "to_act",
    *(f"status_{status.name.lower()}" for status in STATUSES),
)
"""Every feature, in the order of a feature vector. One `status_NAME` per status of the status table (SE-0):
the stacks of that status on the player's characters, so a new status gets its own weight."""


@dataclass(frozen=True)
class Weights:
    """The weight of each feature (a missing status weight reads as `status_default`) and what made them."""

    values: Mapping[str, float]
    made_by: str = ""

    def of(self, feature: str) -> float:
        """The weight of one feature."""
        if feature in self.values:
            return float(self.values[feature])
        if feature.startswith("status_"):
            return float(self.values.get("status_default", 0.0))
        return 0.0

    def vector(self) -> list[float]:
        """The weights in the order of FEATURES."""
        return [self.of(f) for f in FEATURES]


def weights_file() -> Path:
    """The shipped weights: assets/bots/weights.toml."""
    return Path(__file__).resolve().parents[2] / "assets" / "bots" / "weights.toml"


def read_weights(path: Path) -> Weights:
    """Weights from a TOML file: a `[weights]` table of feature = number, and `made_by` (the command)."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    table = data.get("weights")
    if not isinstance(table, dict) or not all(isinstance(v, int | float) and not isinstance(v, bool)
                                              and math.isfinite(v) for v in table.values()):
        raise ValueError(f"{path}: [weights] must map feature names to finite numbers")
    unknown = sorted(set(table) - set(FEATURES) - {"status_default"})
    if unknown:
        raise ValueError(f"{path}: unknown features {', '.join(unknown)}; features: {', '.join(FEATURES)}")
    return Weights({k: float(v) for k, v in table.items()}, str(data.get("made_by", "")))


def weights_text(weights: Sequence[float], made_by: str, notes: Sequence[str]) -> str:
    """A weights file's text, as `read_weights` reads it: the notes as comments, the command, then `[weights]` in
    the order of FEATURES."""
    lines = [f"# {note}" for note in notes]
    lines += [f"made_by = {toml_string(made_by)}", "", "[weights]"]
    lines += [f"{name} = {value:.4f}" for name, value in zip(FEATURES, weights, strict=True)]
    return "\n".join(lines) + "\n"


def toml_string(text: str) -> str:
    """A TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@cache
def shipped_weights() -> Weights:
    """The weights the bots play with (read once)."""
    return read_weights(weights_file())


@dataclass(frozen=True)
class Fighter:
    """What the features read of one character on the board: who controls it, where it stands, its HP with blue
    cubes, its power, its MV, and how far it can strike next turn (MV plus range)."""

    eid: int
    controller: str | None
    square: tuple[int, int] | None
    hp: int
    power: int
    mv: int
    reach: int


def fighters(table: Table) -> list[Fighter]:
    """Every character on the board, read once for all the players' features."""
    found = []
    for eid in table.characters():
        mv = movement(table, eid)
        found.append(Fighter(eid, table.controller(eid), table.pos(eid),
                             table.component(eid, Health).hp + table.cubes(eid).blue, power(table, eid), mv,
                             mv + table.component(eid, Stats).range))
    return found


def features(table: Table, player: str, board: list[Fighter] | None = None) -> dict[str, float]:
    """One player's features on a whole table (a search bot's determinization, which hides nothing from it);
    `board` is `fighters(table)` when the caller has it already.

    G-7: VP, and the characters standing on locations (each scores 1 VP at the end of its controller's turn);
    threats in reach (G-5, G-6): characters an enemy could defeat next turn, and enemies this player could;
    SC-2: stun counters, each an untap denied; ST-9, ST-11, ST-14: cards in stasis, by how soon they return;
    SE-0: each status's stacks on the player's characters; abilities that work and that the player's stones pay.
    """
    f = dict.fromkeys(FEATURES, 0.0)
    me = table.player(player)
    numbers = table.numbers
    goal = float(numbers.victory_vp)
    f["vp"] = float(me.vp)
    f["vp_share"] = min(me.vp, goal) ** 2 / goal
    f["to_act"] = 1.0 if table.acting_player() == player else 0.0
    locations = list(table.location_squares())
    board = fighters(table) if board is None else board
    foes = [c for c in board if c.controller != player and c.square is not None]
    for c in board:
        if c.controller != player:
            continue
        f["characters"] += 1
        f["hp"] += c.hp
        f["power"] += c.power
        if c.square in locations:
            f["on_location"] += 1
        elif c.square is not None and locations:
            steps = min(Table.distance(c.square, spot) for spot in locations)
            f["location_reach"] += 1.0 / (1 + max(0, steps - c.mv))
        if not table.is_tapped(c.eid):
            f["ready"] += 1
        for name, stacks in table.statuses(c.eid).items():
            key = f"status_{name.lower()}"
            if key in f:
                f[key] += stacks
        if c.square is None:
            continue
        for foe in foes:
            assert foe.square is not None
            near = Table.distance(c.square, foe.square)
            if near <= c.reach and c.power >= foe.hp:
                f["threats"] += 1
            if near <= foe.reach and foe.power >= c.hp:
                f["threatened"] += 1
    for eid in table.zone_cards("board", player, by="controller"):
        f["stun_counters"] += table.stun_counters(eid)
        card = table.defn(eid)
        if card.kind == "relic":
            f["relics"] += 1
        if table.abilities_work(eid):
            f["abilities"] += sum(1 for a in card.abilities if a.cost <= numbers.stones_per_turn)
    for eid in table.zone_cards("hand", player, by="controller"):
        f["madness" if table.kind(eid) == "madness" else "hand"] += 1
    for eid in table.zone_cards("stasis", player):
        counters = table.stasis_counters(eid)
        f["stasis_cards"] += 1
        f["stasis_soon"] += 1.0 / (1 + counters)
        if counters == 0:
            f["stasis_ready"] += 1
    return f


def vector(table: Table, player: str) -> list[float]:
    """A player's features in the order of FEATURES."""
    found = features(table, player)
    return [found[name] for name in FEATURES]


def value(table: Table, player: str, weights: Weights | None = None, board: list[Fighter] | None = None) -> float:
    """A player's value: the weighted sum of their features."""
    w = weights or shipped_weights()
    return sum(w.of(name) * x for name, x in features(table, player, board).items() if x)


def scores(table: Table, weights: Weights | None = None) -> dict[str, float]:
    """Every player's score in 0..1: the result of a finished game (a shared win split), else the logistic of
    the player's value minus the best rival's (G-7: the most VP wins)."""
    names = list(table.players_order)
    if table.turn.phase == "over":
        winner = table.turn.winner
        won = winner if isinstance(winner, list) else [winner]
        return {n: (1.0 / len(won) if n in won else 0.0) for n in names}
    board = fighters(table)
    values = {n: value(table, n, weights, board) for n in names}
    return {n: logistic(values[n] - max(v for m, v in values.items() if m != n)) for n in names}


def logistic(x: float) -> float:
    """1 / (1 + e^-x), safe for any x."""
    if x < -60:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))

