"""Stasis systems: the start-of-turn tick (ST-9) and the end-of-turn discard (ST-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import stasis
from systems.base import PhaseSystem

if TYPE_CHECKING:
    from game.core.table import Table


class StasisTickSystem(PhaseSystem):
    """ST-9: at the start of your turn one stasis counter comes off each of your cards in stasis.

    Reads Zone, Controller; writes StasisCounters. Each removal is an event, so "after a stasis
    counter is removed" abilities (which work in stasis, ST-6) trigger once per counter.
    """

    phase = "start"

    def run(self, game: Table) -> None:
        for eid in game.zone_cards("stasis", game.active().name, by="controller"):
            stasis.remove(game, eid, 1)


class StasisCleanupSystem(PhaseSystem):
    """ST-14: at the end of your turn your cards in stasis with no counters are discarded."""

    phase = "end"

    def run(self, game: Table) -> None:
        stasis.discard_spent(game, game.active().name)
