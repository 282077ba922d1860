"""The order of the rule systems: written once, here, and registered with explicit priorities.

    start:  TurnStartSystem → StasisTickSystem → FreezeSystem → CubeCountdownSystem → StartTriggerSystem
    untap:  UntapSystem
    main:   (players act through commands; every system returns at once)
    end:    StatusTickSystem → EndOfTurnCleanupSystem → StasisCleanupSystem → DrawSystem → VictorySystem
            → TurnEndSystem (then the next player's start)

Each system acts only in its phase, once, after whatever it queued has resolved; G-3 fixes this order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.stun import stun_counter_replacement
from systems.base import PhaseSystem
from systems.endturn import DrawSystem, VictorySystem
from systems.stasis import StasisCleanupSystem, StasisTickSystem
from systems.status import CubeCountdownSystem, EndOfTurnCleanupSystem, FreezeSystem, StatusTickSystem
from systems.turn import TurnEndSystem, TurnStartSystem
from systems.untap import StartTriggerSystem, UntapSystem

if TYPE_CHECKING:
    from game.engine import Game

SCHEDULE: tuple[type[PhaseSystem], ...] = (
    TurnStartSystem,
    StasisTickSystem,
    FreezeSystem,
    CubeCountdownSystem,
    StartTriggerSystem,
    UntapSystem,
    StatusTickSystem,
    EndOfTurnCleanupSystem,
    StasisCleanupSystem,
    DrawSystem,
    VictorySystem,
    TurnEndSystem,
)


def install(game: Game) -> None:
    """Register every system in the game's (current) world in schedule order, and the untap replacement.

    esper sorts processors by descending priority, and `add_processor` without `priority=` would set it
    to 0, so each system gets an explicit, strictly decreasing priority.
    """
    for rank, system in enumerate(SCHEDULE):
        esper.add_processor(system(game), priority=len(SCHEDULE) - rank)
    game.untap_replacements.append(stun_counter_replacement)
