"""Status systems: Freeze and white cubes at the start of a turn, Burn and expiries at its end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import AbilitiesLost, Cubes, StatusStack
from game.rules import status
from game.rules.combat import deal_damage
from systems.base import PhaseSystem

if TYPE_CHECKING:
    from game.core.table import Table

BURN_PER_STACK = 2


def ticking(game: Table) -> list[int]:
    """Characters on the board whose statuses tick this turn (a monster's with the first player, SE-3)."""
    active = game.active().name
    return [e for e in game.characters() if game.tick_controller(e) == active]


class FreezeSystem(PhaseSystem):
    """SE-5: at the start of its controller's turn a Freeze token comes off, except the first time.

    Reads and writes StatusStack (Freeze tokens and the `fresh` mark); with no statuses anywhere it does nothing.
    """

    phase = "start"

    def run(self, game: Table) -> None:
        if not game.any_with(StatusStack):
            return
        for eid in ticking(game):
            stack = game.get(eid, StatusStack)
            if stack is None or "Freeze" not in stack.stacks:
                continue
            if "Freeze" in stack.fresh:
                stack.fresh.discard("Freeze")
                continue
            stack.stacks["Freeze"] -= 1
            game.emit("FreezeTokenRemoved", card=game.ref(eid), tokens=stack.stacks["Freeze"])
            if stack.stacks["Freeze"] == 0:
                status.remove(game, eid, "Freeze", reason="its last token came off (SE-5)")


class CubeCountdownSystem(PhaseSystem):
    """SE-14: white cubes count down, one at the start of their controller's turn; taking the last one wakes
    the card's abilities for it through the trigger dispatcher, as an effect taking it does too (R-1). With no cubes
    anywhere it does nothing."""

    phase = "start"

    def run(self, game: Table) -> None:
        if not game.any_with(Cubes):
            return
        for eid in ticking(game):
            if game.cubes(eid).white > 0:
                status.remove_cubes(game, eid, "white", 1)


class StatusTickSystem(PhaseSystem):
    """SE-3 Burn, SE-9 Sleep and SE-10 status Stun at the end of the character's controller's turn.

    Burn deals 2 per stack with no source (no VP, Sleep stays). Sleep and Stun end at the end of the
    character's next turn (G-3's Ruling: not the turn they were applied in by their own controller).
    Damage is collected first, then dealt, so the order of characters does not matter. With no statuses anywhere
    it does nothing.
    """

    phase = "end"

    def run(self, game: Table) -> None:
        if not game.any_with(StatusStack):
            return
        chars = ticking(game)
        burns = [(e, BURN_PER_STACK * game.statuses(e).get("Burn", 0)) for e in chars]
        expiring = [(e, s) for e in chars for s in ("Sleep", "Stun") if status.applied_before_this_turn(game, e, s)]
        for eid, amount in burns:
            if amount:
                deal_damage(game, eid, amount, source=None, reason="Burn (SE-3)")
        for eid, name in expiring:
            if game.on_board(eid):
                status.remove(game, eid, name, reason="its next turn ended")


class EndOfTurnCleanupSystem(PhaseSystem):
    """SE-14 red cubes and "until end of turn" effects (Null Field) expire at the end of every turn."""

    phase = "end"

    def run(self, game: Table) -> None:
        for eid, cubes in game.scan(Cubes):
            if cubes.red:
                status.remove_cubes(game, eid, "red", cubes.red)
        for eid, _ in game.scan(AbilitiesLost):
            game.remove(eid, AbilitiesLost)
