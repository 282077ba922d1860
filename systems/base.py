"""The base of every rule system: a Processor that does its step once per phase, in schedule order."""

from __future__ import annotations

import weakref
from typing import ClassVar

from game.core.table import Processor, Table


class PhaseSystem(Processor):
    """Runs `run` once when the turn is in `phase` and nothing waits (no queued effect, no choice).

    A system with `next_phase` closes its phase once its own work has resolved. Outside its phase, or
    once done, `process` returns at once, so an idle frame costs almost nothing.
    """

    phase: ClassVar[str] = ""
    next_phase: ClassVar[str | None] = None

    def __init__(self, game: Table) -> None:
        self._life = weakref.ref(game.lifetime)
        self.key = type(self).__name__

    @property
    def game(self) -> Table:
        """The table the system runs on (through its lifetime token, held weakly: the world the table owns holds
        its systems)."""
        life = self._life()
        game = None if life is None else life.table
        if game is None:
            raise ReferenceError("the table of this system is gone")
        return game

    def process(self) -> None:
        """esper's frame call: `step` on the system's own table."""
        self.step(self.game)

    def step(self, game: Table) -> None:
        """Run the system's work if the turn is in its phase and it has not run yet, then close the phase if
        it closes it; `advance` calls this with the table it already holds (no lookup through the weak link)."""
        turn = game.turn
        if turn.phase != self.phase or game.pending or game.queue:
            return
        key = self.key
        if key not in turn.done:
            turn.done.add(key)
            self.run(game)
            if game.pending or game.queue or turn.phase != self.phase:
                return
        if self.next_phase is not None:
            game.set_phase(self.next_phase)

    def run(self, game: Table) -> None:
        """The system's work for this phase."""
        raise NotImplementedError
