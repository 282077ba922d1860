"""The end of a turn after statuses: the draw, the hand limit, and scoring and victory (G-3, G-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import stasis
from systems.base import PhaseSystem

if TYPE_CHECKING:
    from game.core.table import Table


class DrawSystem(PhaseSystem):
    """G-3: the active player draws the end-of-turn cards (2; a seat's own first-round value in the first round),
    then discards down to the hand limit (their choice)."""

    phase = "end"

    def run(self, game: Table) -> None:
        name = game.active().name
        game.draw(name, game.active_number("end_of_turn_draw"))
        game.queue.append({"op": "discard_to_limit", "target": "you", "player": name, "source": None})


class VictorySystem(PhaseSystem):
    """G-7: score held locations (location_vp each), and end the game once anyone has victory_vp (10) VP, with
    ST-18's Madness penalty."""

    phase = "end"

    def run(self, game: Table) -> None:
        active = game.active().name
        held = [sq for sq in game.location_squares() if (e := game.at(sq)) is not None
                and game.controller(e) == active]
        if held and game.numbers.location_vp:
            game.gain_vp(active, game.numbers.location_vp * len(held), reason="holding locations")
        if any(p.vp >= game.numbers.victory_vp for p in game.players()) and round_over(game):
            finish(game)


def round_over(game: Table) -> bool:
    """G-9: whether the game may end after this turn: always, or with `round_end` only after the last seat's turn
    (every seat has then had as many turns)."""
    return not game.numbers.round_end or game.turn.active == len(game.players_order) - 1


def finish(game: Table) -> None:
    """Apply the Madness penalty and name the winner (ties: most characters, then a shared win)."""
    for p in game.players():
        penalty = stasis.madness_penalty(game, p.name)
        if penalty:
            game.gain_vp(p.name, -penalty, reason="Madness penalty (ST-18)")
    best = max(p.vp for p in game.players())
    leaders = [p.name for p in game.players() if p.vp == best]
    if len(leaders) > 1 and game.numbers.tie_break:
        leaders = leaders[-1:]
    if len(leaders) > 1:
        counts = {n: sum(1 for e in game.characters() if game.controller(e) == n) for n in leaders}
        most = max(counts.values())
        leaders = [n for n in leaders if counts[n] == most]
    game.turn.winner = leaders[0] if len(leaders) == 1 else leaders
    game.set_phase("over")
    game.emit("GameOver", winner=game.turn.winner, vp={p.name: p.vp for p in game.players()})
