"""`choose`: answer the choice that is waiting (docs/formats.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.turn.commands.checks import Rejected, rejecting
from game.turn.commands.moment import Action

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class ChoosePlan:
    """What answering needs: the option chosen."""

    option: Any


@dataclass(frozen=True)
class Choose:
    """Answer the pending choice with one of its options: a mode or a status by its label (R-14)."""

    label: ClassVar[str] = "Choose"
    listed: ClassVar[str] = "apart"

    by: str
    option: Any = None

    @rejecting
    def check(self, game: Table) -> ChoosePlan:
        """A choice waits for this player, and the option is one of its options (of the same type, too)."""
        if not game.pending:
            raise Rejected("There is no choice to answer")
        if self.by != game.pending["player"]:
            raise Rejected(f"The choice is {game.pending['player']}'s to make")
        if not any(type(o) is type(self.option) and o == self.option for o in game.pending["options"]):
            options = ", ".join(map(str, game.pending["options"]))
            raise Rejected(f"{self.option!r} is not one of the options: {options}")
        return ChoosePlan(self.option)

    def run(self, game: Table, plan: ChoosePlan) -> None:
        """The waiting op gets its answer, and the game no longer waits."""
        game.queue[0]["answer"] = plan.option
        game.emit("ChoiceMade", player=self.by, option=plan.option)
        game.pending = None

    @staticmethod
    def legal(game: Table) -> list[Action]:
        """Each option of the choice that waits (while the game is not over)."""
        if not game.pending or game.turn.phase == "over":
            return []
        return [{"act": "choose", "option": o} for o in game.pending["options"]]
