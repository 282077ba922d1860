"""Legal actions: every command the acting player may give now, each kind asked for its legal instances.

Each kind's generator (`legal`, beside its `check` in game/turn/commands/) lists exactly the instances its
check accepts; this module asks each kind about the cards its `listed` names, and lists lazily. The list comes
in a fixed order: plays from hand, plays from stasis, each character's moves, attacks and abilities, relics, and
ending the turn (or, while a choice waits, its options); for one card, its kinds come in the order of COMMANDS.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, cast

from game.turn.commands.checks import can_act
from game.turn.commands.choose import Choose
from game.turn.commands.command import COMMANDS
from game.turn.commands.end_turn import EndTurn
from game.turn.commands.moment import Action, Moment, Part, Planned
from game.turn.commands.play import any_allowance

if TYPE_CHECKING:
    from game.core.table import Table
    from game.turn.commands.command import Command


class PerCard(Protocol):
    """A kind the listing asks about one card at a time."""

    @staticmethod
    def legal(moment: Moment, eid: int) -> Part:
        """The kind's legal instances for one card of the acting player's."""
        ...


def asked(*listed: str) -> tuple[PerCard, ...]:
    """The kinds whose `listed` is one of these, in the order of COMMANDS."""
    return tuple(cast(PerCard, kind) for kind in COMMANDS.values() if kind.listed in listed)


HAND, STASIS, RELIC = asked("hand"), asked("stasis"), asked("relic")
ACTING, IDLE = asked("acting", "character"), asked("character")
"""A character's kinds when it may act (G-5, SE-9), and when it may not."""


def legal_actions(game: Table) -> list[Action]:
    """Every action the acting player may take now (G-3, G-4, G-5, G-6), in a fixed order."""
    return Listing(game).actions()


def other_than_ending(game: Table) -> bool | None:
    """Whether the acting player may do anything but end the turn, listing only up to the first such action;
    None when ending the turn is not one of the legal actions (a choice waits, or it is not the main phase)."""
    return Listing(game).other_than_ending()


class Listing:
    """The legal actions of one moment of a game, listed only as far as asked: whether there is anything but
    ending the turn needs the main phase's parts up to the first one that is not empty; a pick counts every part
    and builds only the action it takes; the whole list builds them all.

    It reads the live game, so it holds only while the game does not change (its user makes sure of that). An
    action it built comes with its plan (`planned`) while the game has not moved since (no event, no command, no
    card moved between zones): `Game.act` runs that plan without parsing and checking the action again.
    """

    def __init__(self, game: Table) -> None:
        self.game = game
        self.main = game.turn.phase == "main" and not game.pending
        """Whether ending the turn is one of the actions (it comes last, after every part)."""
        self.parts: list[Part] = []
        self.unlisted: Iterator[Part] = main_phase_parts(game) if self.main else iter([Choose.legal(game)])
        self.whole: list[Action] | None = None
        self.spans: list[Planned] = []
        self.starts: list[int] = []
        """The parts that plan their actions, and where each begins in the whole list."""
        self.picked: tuple[Action, Planned, int] | None = None
        """The last action a pick built from a part that plans its actions, the part, and its index there."""
        self.stamp = moved(game)

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
                if isinstance(part, Planned):
                    self.spans.append(part)
                    self.starts.append(len(whole))
                whole += part
            if self.main:
                whole += EndTurn.legal()
            self.whole = whole
        return self.whole

    def pick(self, draw: Callable[[int], int]) -> Action | None:
        """The `draw(n)`-th of the n actions but ending the turn, in listing order (`random.Random.randrange`
        draws as `choice` would from the whole list without its ending), built alone; None when n is 0."""
        parts = self.every_part()
        sizes = [len(part) for part in parts]
        count = sum(sizes)
        if count == 0:
            return None
        i = draw(count)
        for part, size in zip(parts, sizes, strict=True):
            if i < size:
                action = part[i]
                if isinstance(part, Planned):
                    self.picked = action, part, i
                return action
            i -= size
        raise IndexError("a draw beyond the count")

    def planned(self, action: Action) -> tuple[Command[Any], Any] | None:
        """The command and plan of an action this listing built (this very object, unchanged since), while the
        game has not moved; None for any other action (it takes the whole parse and check)."""
        if moved(self.game) != self.stamp:
            return None
        found = self.made(action)
        if found is None:
            return None
        part, i = found
        if part[i] != action:
            return None
        return part.planned(i, self.game.active().name)

    def made(self, action: Action) -> tuple[Planned, int] | None:
        """The part that built this very action object, and its index there (None: not built here by a part
        that plans its actions)."""
        if self.picked is not None and self.picked[0] is action:
            return self.picked[1], self.picked[2]
        if self.whole is None or action not in self.whole:
            return None
        at = self.whole.index(action)  # the actions listed are all different
        if self.whole[at] is not action:
            return None
        span = bisect_right(self.starts, at) - 1
        if span < 0 or at - self.starts[span] >= len(self.spans[span]):
            return None
        return self.spans[span], at - self.starts[span]


def moved(game: Table) -> tuple[int, int, int]:
    """What changes whenever the game moves on: its event log, its command history, its arrival numbers."""
    return len(game.log), len(game.history), game.seq


def main_phase_parts(game: Table) -> Iterator[Part]:
    """The main phase's actions but ending the turn, one card's actions of one kind at a time: each card in
    hand, each card of the player's in stasis ready to play, each of the player's characters, each relic.
    Hand plays are not asked for when no allowance is left (G-4), nor moves and attacks of a character that may not
    act (G-5, SE-9): a random bot's pick often needs only the first part that is not empty."""
    me = game.active().name
    moment = Moment(game, me)
    if any_allowance(game, me):
        for eid in game.zone_cards("hand", me, by="controller"):
            for kind in HAND:
                yield kind.legal(moment, eid)
    for eid in game.stasis_ready(me):
        for kind in STASIS:
            yield kind.legal(moment, eid)
    board = game.zone_cards("board", me, by="controller")  # in arrival order: the characters oldest first
    for eid in board:
        if game.is_character(eid):
            for kind in ACTING if can_act(game, eid) else IDLE:  # asked once for every kind (G-5, SE-9)
                yield kind.legal(moment, eid)
    for eid in board:
        if game.kind(eid) == "relic":
            for kind in RELIC:
                yield kind.legal(moment, eid)
