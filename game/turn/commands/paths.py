"""Paths of orthogonal steps through empty squares (G-5): the path search moves use, and the check of a given path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.core.constants import COLS, ROWS
from game.core.table import Square
from game.turn.commands.checks import Rejected

if TYPE_CHECKING:
    from game.core.table import Table

NEIGHBOURS: dict[Square, tuple[Square, ...]] = {
    (x, y): tuple((a, b) for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                  if 0 <= a < COLS and 0 <= b < ROWS)
    for x in range(COLS) for y in range(ROWS)
}
"""The squares one orthogonal step from each square of the board, right, left, down, up (G-1)."""


def reachable(game: Table, start: Square, budget: int) -> dict[Square, Square | None]:
    """Every square within a budget of orthogonal steps through empty squares, and the square it is first
    reached from (G-5): one breadth-first search, steps tried right, left, down, up; the start maps to None.

    The search reads only the occupied squares within `budget` steps of the start, so it is kept until one of
    those is taken or left (not to be changed: the dict is shared).
    """
    memo = game.occupancy_memo()
    key = ("reachable", start, budget)
    found: dict[Square, Square | None] | None = memo.get(key)
    if found is None:
        found = memo[key] = search_reach(game.occupied(), start, budget)
    return found


def search_reach(taken: Mapping[Square, int], start: Square, budget: int) -> dict[Square, Square | None]:
    """The breadth-first search of `reachable` around the occupied squares `taken`."""
    came: dict[Square, Square | None] = {start: None}
    layer = [start]
    for _ in range(budget):
        grown: list[Square] = []
        for here in layer:
            for nxt in NEIGHBOURS.get(here, ()):
                if nxt not in came and nxt not in taken:
                    came[nxt] = here
                    grown.append(nxt)
        if not grown:
            break
        layer = grown
    return came


def free_path(game: Table, start: Square, goal: Square, budget: int) -> list[Square] | None:
    """The shortest path of orthogonal steps through empty squares, within a budget (G-5)."""
    came = reachable(game, start, budget)
    return path_to(came, start, goal) if goal in came else None


def path_to(came: Mapping[Square, Square | None], start: Square, goal: Square) -> list[Square]:
    """The path a search (`reachable`) found from its start to a square it reached, the start left out."""
    path: list[Square] = []
    step: Square | None = goal
    while step is not None and step != start:
        path.append(step)
        step = came[step]
    return path[::-1]


def check_path(game: Table, start: Square, path: list[Square]) -> None:
    """A path of orthogonal steps through empty squares."""
    here = start
    for square in path:
        if game.distance(here, square) != 1:
            raise Rejected(f"[{square[0]}, {square[1]}] is not one orthogonal step from [{here[0]}, {here[1]}]")
        if game.at(square) is not None:
            raise Rejected(f"[{square[0]}, {square[1]}] is occupied: movement goes through empty squares (G-5)")
        here = square
