"""Turn bookkeeping (G-3): the start of a turn, and passing the turn on at its end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import OncePerTurn, TurnUsage
from systems.base import PhaseSystem

if TYPE_CHECKING:
    from game.core.table import Table


class TurnStartSystem(PhaseSystem):
    """G-3 start: the active player's stones become the game's stones per turn and the per-turn allowances reset
    (one minion, one action in the shipped numbers; a seat's own first-round values in the first round).

    Writes Player (stones, allowances), TurnUsage and OncePerTurn of every card.
    """

    phase = "start"

    def run(self, game: Table) -> None:
        player = game.active()
        player.stones = game.active_number("stones_per_turn")
        player.minion_plays = game.active_number("minion_plays")
        player.action_plays = game.active_number("action_plays")
        player.grants = []
        player.minions_at_location = {}
        for eid, _ in game.scan(TurnUsage):
            game.remove(eid, TurnUsage)
        for _, used in game.scan(OncePerTurn):
            used.used.clear()
        game.emit("TurnStarted", turn=game.turn.turn, player=player.name, stones=player.stones)


class TurnEndSystem(PhaseSystem):
    """G-3: after the end phase, the next player's turn begins (the turn number moves on)."""

    phase = "end"
    next_phase = "start"

    def run(self, game: Table) -> None:
        turn = game.turn
        turn.turn += 1
        turn.active = (turn.active + 1) % len(game.players_order)
