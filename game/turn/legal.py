"""Legal actions: every command the acting player may give now, each kind asked for its legal instances.

Each kind's generator (`legal`, beside its `check` in game/turn/commands/) lists exactly the instances its
check accepts; this module only decides which cards to ask about and in what order, and lists lazily. The
list comes in a fixed order: plays from hand, plays from stasis, each character's moves, attacks and
abilities, relics, and ending the turn (or, while a choice waits, its options).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.turn.commands.ability import UseAbility
from game.turn.commands.activate import Activate
from game.turn.commands.attack import Attack
from game.turn.commands.choose import Choose
from game.turn.commands.end_turn import EndTurn
from game.turn.commands.moment import Action, Moment
from game.turn.commands.move import Move
from game.turn.commands.play import Play, PlayFromStasis, any_allowance

if TYPE_CHECKING:
    from game.core.table import Table


def legal_actions(game: Table) -> list[Action]:
    """Every action the acting player may take now (G-3..G-6), in a fixed order."""
    return Listing(game).actions()


def other_than_ending(game: Table) -> bool | None:
    """Whether the acting player may do anything but end the turn, listing only up to the first such action;
    None when ending the turn is not one of the legal actions (a choice waits, or it is not the main phase)."""
    return Listing(game).other_than_ending()


class Listing:
    """The legal actions of one moment of a game, listed only as far as asked: whether there is anything but
    ending the turn needs the main phase's actions up to the first one, and the whole list goes on from there.

    It reads the live game, so it holds only while the game does not change (its user makes sure of that).
    """

    def __init__(self, game: Table) -> None:
        self.game = game
        self.found: list[Action] = []
        self.parts: Iterator[list[Action]] | None = None
        self.done = False
        if game.turn.phase == "main" and not game.pending:
            self.parts = main_phase_parts(game)
        else:
            self.found = Choose.legal(game)
            self.done = True

    def other_than_ending(self) -> bool | None:
        """`other_than_ending` of the moment."""
        if self.parts is None:
            return None
        if not self.found and not self.done:
            for part in self.parts:
                if part:
                    self.found += part
                    return True
            self.found += EndTurn.legal()
            self.done = True
        return any(a["act"] != "end_turn" for a in self.found)

    def actions(self) -> list[Action]:
        """The whole list (the same list each time it is asked; not to be changed)."""
        if not self.done:
            assert self.parts is not None
            found = self.found
            for part in self.parts:
                found += part
            found += EndTurn.legal()
            self.done = True
        return self.found


def main_phase_parts(game: Table) -> Iterator[list[Action]]:
    """The main phase's actions but ending the turn, one card's actions of one kind at a time: each card in
    hand, each card of the player's in stasis ready to play, each of the player's characters, each relic.
    Hand plays are not asked for when no allowance is left (G-4): a random bot's pick often needs only the first
    part that is not empty."""
    me = game.active().name
    moment = Moment(game, me)
    if any_allowance(game, me):
        for eid in game.zone_cards("hand", me, by="controller"):
            yield Play.legal(moment, eid)
    for eid in game.stasis_ready(me):
        yield PlayFromStasis.legal(moment, eid)
    for eid in [e for e in game.characters() if game.controller(e) == me]:
        yield Move.legal(moment, eid)
        yield Attack.legal(moment, eid)
        yield UseAbility.legal(moment, eid)
    for eid in game.zone_cards("board", me, by="controller"):
        if game.kind(eid) == "relic":
            yield Activate.legal(moment, eid)
