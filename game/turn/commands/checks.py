"""The checks several command kinds share, and `Rejected`, which every check raises with the player's reason."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from game.core.components import StatusStack, Tapped
from game.core.constants import COLS, ROWS
from game.core.table import Outcome, Square
from game.rules.status import applied_before_this_turn

if TYPE_CHECKING:
    from game.core.table import Table

C = TypeVar("C")
P = TypeVar("P")


class Rejected(Exception):
    """Raised while parsing or checking: the command is not legal, for this reason (naming the rule)."""


def rejecting(check: Callable[[C, Table], P]) -> Callable[[C, Table], P | Outcome]:
    """A kind's `check`, written to raise Rejected at the first problem, made to return the rejection as an
    Outcome instead (or the plan its body returns)."""

    @functools.wraps(check)
    def judged(command: C, game: Table) -> P | Outcome:
        try:
            return check(command, game)
        except Rejected as why:
            return Outcome(False, str(why))

    return judged


def card_of(game: Table, ref: Any, what: str = "card") -> int:
    """The entity of a ref named in a command."""
    if not isinstance(ref, str) or ref not in game.refs:
        raise Rejected(f"There is no {what} {ref!r} in this game")
    return game.eid(ref)


def square_of(value: Any, field: str) -> Square:
    """A board square named in a command."""
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise Rejected(f"{field!r} must be a square [x, y], not {value!r}")
    x, y = value
    if not (0 <= x < COLS and 0 <= y < ROWS):
        raise Rejected(f"Square [{x}, {y}] is off the board (G-1: x 0..{COLS - 1}, y 0..{ROWS - 1})")
    return x, y


def require_main(game: Table, by: str) -> None:
    """Most commands need the active player's main phase with no choice waiting."""
    if game.turn.phase == "over":
        raise Rejected("The game is over")
    if game.pending:
        raise Rejected(f"A choice is waiting for {game.pending['player']}: {game.pending['prompt']}")
    if by != game.active().name:
        raise Rejected(f"It is {game.active().name}'s turn, not {by}'s")
    if game.turn.phase != "main":
        raise Rejected(f"That can only be done in the main phase (G-3), not the {game.turn.phase} phase")


def own_character(game: Table, eid: int, by: str) -> None:
    """A character on the board that the player controls."""
    if not game.is_character(eid) or not game.on_board(eid):
        raise Rejected(f"{game.name(eid)} is not a character on the board")
    if game.controller(eid) != by:
        raise Rejected(f"{game.name(eid)} is not yours to command")


def can_act(game: Table, eid: int) -> bool:
    """G-5, SE-9: a character acts only untapped and awake (read from its components at once: every listing asks
    it of every character twice, for its moves and its attacks)."""
    has = game.components_of(eid)
    if Tapped in has:
        return False
    statuses = has.get(StatusStack)
    return statuses is None or not statuses.stacks.get("Sleep")


def ready_to_act(game: Table, eid: int, doing: str) -> None:
    """G-5: tapped characters can't act; SE-9: a sleeping one can't either."""
    if can_act(game, eid):
        return
    if game.is_tapped(eid):
        raise Rejected(f"{game.name(eid)} is tapped: it can't {doing} (G-5)")
    if game.has_status(eid, "Sleep"):
        raise Rejected(f"{game.name(eid)} is asleep: it can't {doing} (SE-9)")


def stun_holds(game: Table, actor: int) -> bool:
    """SE-10: the character's Stun was applied before this turn, so this turn it can't target enemies."""
    return game.has_status(actor, "Stun") and applied_before_this_turn(game, actor, "Stun")


def stunned_against(game: Table, actor: int, target: int, by: str) -> None:
    """SE-10: on its next turn a character with status Stun can't target enemies."""
    if stun_holds(game, actor) and game.is_enemy(by, target):
        raise Rejected(f"{game.name(actor)} has the status Stun: it can't target enemies this turn (SE-10)")


def minion_squares(game: Table, by: str) -> list[Square]:
    """G-4: the empty squares a minion may be played to: the player's home row, then the location squares."""
    taken = game.occupied()
    return [s for s in (*game.home_squares(by), *game.location_squares()) if s not in taken]
