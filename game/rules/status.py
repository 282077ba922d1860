"""Status effects, cubes and defences (SE-*): applying and removing them within their stacking limits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Cubes, StatusStack
from game.core.constants import CUBE_COLORS as CUBE_COLORS
from game.core.statuses import TABLE

if TYPE_CHECKING:
    from game.core.table import Table

MAX_STACKS = {status.name: status.max_stacks for status in TABLE}
"""Each status's cap (SE-0), from the status table."""


def apply(game: Table, eid: int, name: str, stacks: int = 1) -> None:
    """Apply stacks of a status at once, up to its cap (SE-0); Freeze resets to 2 tokens (SE-5); one event.

    Re-applying a status already at its cap keeps its original turn, so Sleep and Stun still end (and Stun
    still binds) on the turn they would have (SE-0, SE-9, SE-10). Applying 0 stacks applies nothing.
    """
    if stacks < 1:
        return
    stack = game.ensure(eid, StatusStack)
    if name == "Freeze":
        stack.applied_turn[name] = game.turn.turn
        stack.stacks["Freeze"] = 2
        stack.fresh.add("Freeze")
    elif stack.stacks.get(name, 0) < MAX_STACKS[name]:
        stack.applied_turn.setdefault(name, game.turn.turn)
        stack.stacks[name] = min(stack.stacks.get(name, 0) + stacks, MAX_STACKS[name])
    game.emit("StatusApplied", card=game.ref(eid), status=name, stacks=stack.stacks[name])


def remove(game: Table, eid: int, name: str, reason: str = "removed") -> None:
    """Remove a status with all its stacks (SE-0)."""
    stack = game.get(eid, StatusStack)
    if stack is None or name not in stack.stacks:
        return
    del stack.stacks[name]
    stack.applied_turn.pop(name, None)
    stack.fresh.discard(name)
    game.emit("StatusRemoved", card=game.ref(eid), status=name, reason=reason)


def add_cubes(game: Table, eid: int, color: str, n: int) -> None:
    """Add cubes of a colour (SE-14)."""
    cubes = game.ensure(eid, Cubes)
    setattr(cubes, color, getattr(cubes, color) + n)
    game.emit("CubesAdded", card=game.ref(eid), color=color, n=n, total=getattr(cubes, color))


def remove_cubes(game: Table, eid: int, color: str, n: int) -> int:
    """Remove up to n cubes of a colour; returns how many came off.

    Taking the last white cube sets off the card's "last white cube removed" abilities, whatever took it: the
    start-of-turn countdown or an effect (SE-14, R-1); the trigger dispatcher hears it in `CubesRemoved`.
    """
    cubes = game.get(eid, Cubes)
    have = getattr(cubes, color) if cubes else 0
    taken = min(n, have)
    if cubes is None or taken == 0:
        return 0
    setattr(cubes, color, have - taken)
    game.emit("CubesRemoved", card=game.ref(eid), color=color, n=taken, total=have - taken)
    return taken


def applied_before_this_turn(game: Table, eid: int, name: str) -> bool:
    """G-3's Ruling: a status applied during its controller's own turn does not count that turn."""
    stack = game.get(eid, StatusStack)
    if stack is None or name not in stack.stacks:
        return False
    return stack.applied_turn.get(name, 0) < game.turn.turn


def stone_cost(game: Table, eid: int, printed: int) -> int:
    """An ability's stone cost with Upkeep's +1 (SE-11)."""
    return printed + (1 if game.has_status(eid, "Upkeep") else 0)
