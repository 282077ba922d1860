"""Legal actions: every command the acting player may give now, each kind asked for its legal instances.

Each kind's generator (`legal`, beside its `check` in game/turn/commands/) lists exactly the instances its
check accepts; this module only decides which cards to ask about and in what order, and lists lazily. The
list comes in a fixed order: plays from hand, plays from stasis, each character's moves, attacks and
abilities, relics, and ending the turn (or, while a choice waits, its options).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from game.turn.commands.ability import UseAbility
from game.turn.commands.activate import Activate
from game.turn.commands.attack import Attack
from game.turn.commands.choose import Choose
from game.turn.commands.end_turn import EndTurn
from game.turn.commands.moment import Action, Moment, Part
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
    ending the turn needs the main phase's parts up to the first one that is not empty; a pick counts every part
    and builds only the action it takes; the whole list builds them all.

    It reads the live game, so it holds only while the game does not change (its user makes sure of that).
    """

    def __init__(self, game: Table) -> None:
        self.main = game.turn.phase == "main" and not game.pending
        """Whether ending the turn is one of the actions (it comes last, after every part)."""
        self.parts: list[Part] = []
        self.unlisted: Iterator[Part] = main_phase_parts(game) if self.main else iter([Choose.legal(game)])
        self.whole: list[Action] | None = None

    def other_than_ending(self) -> bool | None:
        """`other_than_ending` of the moment."""
        if not self.main:
            return None
        if any(self.parts):
            return True
        for part in self.unlisted:
            self.parts.append(part)
            if part:
                return True
        return False

    def every_part(self) -> list[Part]:
        """Every part of the moment (ending the turn aside), listed on first use."""
        self.parts += self.unlisted
        return self.parts

    def actions(self) -> list[Action]:
        """The whole list (the same list each time it is asked; not to be changed)."""
        if self.whole is None:
            whole: list[Action] = []
            for part in self.every_part():
                whole += part
            if self.main:
                whole += EndTurn.legal()
            self.whole = whole
        return self.whole

    def pick(self, draw: Callable[[int], int]) -> Action | None:
        """The `draw(n)`-th of the n actions but ending the turn, in listing order (`random.Random.randrange`
        draws as `choice` would from the whole list without its ending), built alone; None when n is 0."""
        parts = self.every_part()
        count = sum(len(part) for part in parts)
        if count == 0:
            return None
        i = draw(count)
        for part in parts:
            if i < len(part):
                return part[i]
            i -= len(part)
        raise IndexError("a draw beyond the count")


def main_phase_parts(game: Table) -> Iterator[Part]:
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
