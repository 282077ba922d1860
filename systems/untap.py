"""The untap phase (G-3) and the start-of-turn abilities that come just before it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Tapped
from game.rules.triggers import fire, has_triggers
from systems.base import PhaseSystem

if TYPE_CHECKING:
    from game.core.table import Table


class StartTriggerSystem(PhaseSystem):
    """G-3: "at the start of your turn" abilities of the active player's cards, oldest first.

    Cards in stasis are skipped: their abilities do not work there (ST-6, Zany Prof); so are cards with no
    triggered abilities at all.
    """

    phase = "start"
    next_phase = "untap"

    def run(self, game: Table) -> None:
        active = game.active().name
        cards = [e for e in game.zone_cards("board") + game.zone_cards("location")
                 if game.controller(e) == active and has_triggers(game, e)]
        for eid in sorted(cards, key=game.arrival):
            fire(game, eid, "start_of_turn")


class UntapSystem(PhaseSystem):
    """G-3 untap: each tapped permanent of the active player tries to untap.

    Every attempt goes through `Table.untap`, whose replacement hook turns it into "remove a stun
    counter" (SC-2); untapped permanents are not touched, so they keep their counters (SC-10).
    A monster untaps in the first player's untap phase, the turn its statuses tick in (SE-3). With nothing
    tapped anywhere it does nothing.
    """

    phase = "untap"
    next_phase = "main"

    def run(self, game: Table) -> None:
        if not game.any_with(Tapped):
            return
        active = game.active().name
        for eid in game.zone_cards("board"):
            if game.tick_controller(eid) == active and game.is_tapped(eid):
                game.untap(eid, cause="untap phase")
