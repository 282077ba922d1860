"""`end_turn`: the acting player ends the main phase (G-3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.turn.commands.checks import rejecting, require_main
from game.turn.commands.moment import Action

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class EndTurnPlan:
    """Ending the turn needs nothing more."""


@dataclass(frozen=True)
class EndTurn:
    """End the main phase: the end phase, then the next player's start, untap and main (G-3)."""

    label: ClassVar[str] = "End turn"
    listed: ClassVar[str] = "apart"

    by: str

    @rejecting
    def check(self, game: Table) -> EndTurnPlan:
        """The acting player's main phase, with no choice waiting."""
        require_main(game, self.by)
        return EndTurnPlan()

    def run(self, game: Table, plan: EndTurnPlan) -> None:
        """The end phase begins; the systems take the turn on from there."""
        game.set_phase("end")

    @staticmethod
    def legal() -> list[Action]:
        """Ending the turn: in the main phase it is always legal (the listing asks only then)."""
        return [{"act": "end_turn"}]
