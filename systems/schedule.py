"""The order of the rule systems: written once, here, and registered with explicit priorities.

    start:  TurnStartSystem → StasisTickSystem → FreezeSystem → CubeCountdownSystem → StartTriggerSystem
    untap:  UntapSystem
    main:   (players act through commands; every system returns at once)
    end:    StatusTickSystem → EndOfTurnCleanupSystem → StasisCleanupSystem → DrawSystem → VictorySystem
            → TurnEndSystem (then the next player's start)

Each system acts only in its phase, once, after whatever it queued has resolved; G-3 fixes this order.
A rule system left out of SCHEDULE would never run: importing this module fails, naming it, instead.
"""

from __future__ import annotations

from game.core.cards import CardDef
from game.core.numbers import Numbers
from game.core.table import Table
from game.rules.effects import resolve_queue
from game.rules.stun import stun_counter_replacement
from game.rules.triggers import WAKING_EVENTS, dispatch
from systems.base import PhaseSystem
from systems.endturn import DrawSystem, VictorySystem
from systems.stasis import StasisCleanupSystem, StasisTickSystem
from systems.status import CubeCountdownSystem, EndOfTurnCleanupSystem, FreezeSystem, StatusTickSystem
from systems.turn import TurnEndSystem, TurnStartSystem
from systems.untap import StartTriggerSystem, UntapSystem

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


class ScheduleError(Exception):
    """A rule system that SCHEDULE does not list."""


def unscheduled(base: type[PhaseSystem] = PhaseSystem) -> list[str]:
    """The rule systems (every subclass of PhaseSystem defined so far) that SCHEDULE leaves out, as module.Class."""
    found = [f"{system.__module__}.{system.__qualname__}" for system in base.__subclasses__() if system not in SCHEDULE]
    return found + [name for system in base.__subclasses__() for name in unscheduled(system)]


if missing := unscheduled():
    raise ScheduleError(f"{', '.join(missing)} not in SCHEDULE of systems/schedule.py, so never run: add each where "
                        f"its phase runs (docs/contributing.md, 'Add a status')")


def new_table(players: list[str], seed: int = 0, pool: dict[str, CardDef] | None = None,
              numbers: Numbers | None = None) -> Table:
    """A table for these players with every rule system installed: what a game is played on."""
    table = Table(players, seed, pool, numbers)
    install(table)
    return table


def install(game: Table) -> None:
    """Register every system in the table's (current) world in schedule order, and the rules' hooks.

    The hooks are the untap replacement of stun counters (SC-2) and the trigger dispatcher, which watches the
    events of the log that may wake a trigger (ST-6).

    esper sorts processors by descending priority (and `add_processor` without one would set it to 0), so each
    system gets an explicit, strictly decreasing priority.
    """
    for rank, system in enumerate(SCHEDULE):
        made = system(game)
        game.add_system(made, len(SCHEDULE) - rank)
        game.phase_steps.setdefault(made.phase, []).append(made.step)
    game.untap_replacements.append(stun_counter_replacement)
    game.watch(WAKING_EVENTS, dispatch)


def advance(game: Table) -> None:
    """Run the systems and the effect queue until a player must act (main phase or a choice).

    Each pass runs only the systems of the phase the turn is in, in schedule order: the others would
    return at once (a system that ends its phase lets the next pass run the next phase's systems). A pass
    stops at the first system that queues an effect, asks a choice or ends the phase, as the systems after it
    would return at once too.
    """
    steps = game.phase_steps
    turn = game.turn
    while not game.pending and turn.phase != "over":
        if game.queue:
            resolve_queue(game)
            continue
        if turn.phase == "main":
            break
        phase = turn.phase
        for step in steps[phase]:
            step(game)
            if game.queue or game.pending or turn.phase != phase:
                break
