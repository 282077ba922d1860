"""`move`: a character walks up to its MV left this turn through empty squares (G-5), unless Frozen (SE-5)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.table import Square
from game.rules.combat import move_along
from game.rules.stats import mv_left
from game.turn.commands.checks import (
    Rejected,
    card_of,
    own_character,
    ready_to_act,
    rejecting,
    require_main,
    square_of,
)
from game.turn.commands.moment import Action, Moment, Planned
from game.turn.commands.paths import check_path, free_path, path_to, reachable

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class MovePlan:
    """What a move needs: the character and the squares it steps through."""

    card: int
    steps: tuple[Square, ...]


@dataclass(frozen=True)
class Move:
    """G-5: move a character up to its MV left this turn, through empty squares."""

    label: ClassVar[str] = "Move"
    listed: ClassVar[str] = "acting"

    by: str
    card: Any = None
    to: Any = None
    path: Any = None

    @rejecting
    def check(self, game: Table) -> MovePlan:
        """The character of yours, ready and not Frozen, and its path within its MV left (G-5, SE-5)."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ready_to_act(game, eid, "move")
        not_frozen(game, eid)
        budget = mv_left(game, eid)
        why = " (Freeze: MV -1, SE-5)" if game.statuses(eid).get("Freeze") == 1 else ""
        start = game.pos(eid)
        assert start is not None
        if self.path is not None:
            if not isinstance(self.path, list) or not self.path:
                raise Rejected("'path' must be a list of squares")
            steps = [square_of(s, "path") for s in self.path]
            check_path(game, start, steps)
            if self.to is not None and square_of(self.to, "to") != steps[-1]:
                raise Rejected("'to' and 'path' disagree: the path must end on the 'to' square")
        elif self.to is not None:
            goal = square_of(self.to, "to")
            found = free_path(game, start, goal, budget)
            if found is None or not found:
                raise Rejected(f"{game.name(eid)} can't reach [{goal[0]}, {goal[1]}] "
                               f"with {budget} MV left{why} (G-5)")
            steps = found
        else:
            raise Rejected("A move needs 'to' or 'path'")
        if len(steps) > budget:
            raise Rejected(f"{game.name(eid)} has only {budget} MV left this turn{why} (G-5)")
        return MovePlan(eid, tuple(steps))

    def run(self, game: Table, plan: MovePlan) -> None:
        """The character steps along its path."""
        move_along(game, plan.card, list(plan.steps), forced=False)

    @staticmethod
    def legal(moment: Moment, eid: int) -> Moves | list[Action]:
        """G-5, SE-5: every square one path search reaches within the MV left, in board order, of a character of
        the player's that may act (the listing asks `can_act` first: G-5, SE-9). A Frozen character has no MV left
        (`mv_left`), so the search reaches no square and it has no move, as `not_frozen` has it."""
        game = moment.game
        here = game.pos(eid)
        assert here is not None
        return Moves(game.ref(eid), eid, here, reachable(game, here, mv_left(game, eid)))


class Moves(Planned):
    """A character's moves (G-5), one per square its path search reached, in board order: counted from the search
    alone, the squares sorted only when an action is built."""

    __slots__ = ("came", "eid", "here", "ordered", "ref")

    def __init__(self, ref: str, eid: int, here: Square, came: dict[Square, Square | None]) -> None:
        self.ref, self.eid, self.here, self.came = ref, eid, here, came
        self.ordered: list[Square] | None = None

    def __len__(self) -> int:
        return len(self.came) - 1

    def squares(self) -> list[Square]:
        """The squares reached but the start, in board order (sorted on first use)."""
        if self.ordered is None:
            here = self.here
            self.ordered = [s for s in sorted(self.came) if s != here]
        return self.ordered

    def __getitem__(self, i: int) -> Action:
        x, y = self.squares()[i]
        return {"act": "move", "card": self.ref, "to": [x, y]}

    def __iter__(self) -> Iterator[Action]:
        ref = self.ref
        return iter([{"act": "move", "card": ref, "to": [x, y]} for x, y in self.squares()])

    def planned(self, i: int, by: str) -> tuple[Move, MovePlan]:
        """The move to the i-th square and its plan: the path the search found (as `free_path` gives `check`)."""
        goal = self.squares()[i]
        steps = path_to(self.came, self.here, goal)
        return Move(by, self.ref, [goal[0], goal[1]]), MovePlan(self.eid, tuple(steps))


def frozen(game: Table, eid: int) -> bool:
    """SE-5: with two Freeze tokens a character can't move this turn."""
    return game.stacks(eid, "Freeze") >= 2


def not_frozen(game: Table, eid: int) -> None:
    """SE-5: two Freeze tokens: the character can't move this turn."""
    if frozen(game, eid):
        raise Rejected(f"Frozen: {game.name(eid)} can't move this turn (SE-5)")
