"""Playing cards: `play` from hand (G-4) and `play_from_stasis` (ST-11), their allowances, squares and targets."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.components import Player, Resolving, Tapped
from game.core.table import Square
from game.rules import stasis
from game.rules.effects import candidates, queue_effects
from game.turn.commands.checks import Rejected, card_of, rejecting, require_main, square_of
from game.turn.commands.moment import Action, Moment, Part, Planned

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class PlayPlan:
    """What a play from hand needs: the card, its square (a minion's), the allowance it spends, its target."""

    card: int
    square: Square | None
    allowance: int | str
    target: str | None


@dataclass(frozen=True)
class Play:
    """Play a card from hand (G-4)."""

    label: ClassVar[str] = "Play"
    listed: ClassVar[str] = "hand"

    by: str
    card: Any = None
    to: Any = None
    target: Any = None

    @rejecting
    def check(self, game: Table) -> PlayPlan:
        """The card in hand, its kind, square, allowance and target (G-4)."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        if game.zone(eid) != "hand" or game.controller(eid) != self.by:
            raise Rejected(f"{game.name(eid)} is not in your hand")
        kind = game.kind(eid)
        playable_kind(game, eid)
        square = check_minion_square(game, self.by, self.to) if kind == "minion" else None
        if kind != "minion" and self.to is not None:
            raise Rejected(f"{game.name(eid)} is not a minion: it goes to no square")
        which = play_allowance(game, self.by, eid)
        card = game.defn(eid)
        chosen = chosen_target(game, card.target, self.target, self.by, eid, card.target_may_be_in_stasis,
                               required=kind != "minion")
        return PlayPlan(eid, square, which, chosen)

    def run(self, game: Table, plan: PlayPlan) -> None:
        """Spend the allowance, then the card enters play."""
        use_allowance(game, self.by, plan.allowance)
        enter_play(game, self.by, plan.card, plan.square, game.defn(plan.card).on_play, plan.target)

    @staticmethod
    def legal(moment: Moment, eid: int) -> Part:
        """G-4: a card from hand, when its kind may be played and an allowance is left, to each square and target."""
        game = moment.game
        kind = game.kind(eid)
        if kind in UNPLAYABLE:
            return []
        which = allowance(game, moment.player, eid)
        if which is None:
            return []
        card = game.defn(eid)
        return plays(moment, eid, "play", card.target, card.target_may_be_in_stasis, kind != "minion", which)


@dataclass(frozen=True)
class StasisPlayPlan:
    """What a play from stasis needs: the card, its square (a minion's) and its target."""

    card: int
    square: Square | None
    target: str | None


@dataclass(frozen=True)
class PlayFromStasis:
    """ST-11: play a card of yours from stasis at 0 counters, as an extra card."""

    label: ClassVar[str] = "Play from stasis"
    listed: ClassVar[str] = "stasis"

    by: str
    card: Any = None
    to: Any = None
    target: Any = None

    @rejecting
    def check(self, game: Table) -> StasisPlayPlan:
        """The card of yours in stasis, with no counters, its square and target (ST-11)."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        if not game.in_stasis(eid) or game.controller(eid) != self.by:
            raise Rejected(f"{game.name(eid)} is not one of your cards in stasis (ST-11)")
        no_stasis_counters(game, eid)
        kind = game.kind(eid)
        square = check_minion_square(game, self.by, self.to) if kind == "minion" else None
        if kind != "minion" and self.to is not None:
            raise Rejected(f"{game.name(eid)} is not a minion: it goes to no square")
        card = game.defn(eid)
        filt = card.from_stasis_target or card.target
        chosen = chosen_target(game, filt, self.target, self.by, eid, card.target_may_be_in_stasis, required=False)
        return StasisPlayPlan(eid, square, chosen)

    def run(self, game: Table, plan: StasisPlayPlan) -> None:
        """The card leaves stasis (to hand first, when it is neither a minion nor a relic), then enters play."""
        stasis.leave_for_play(game, plan.card)
        card = game.defn(plan.card)
        if card.kind not in ("minion", "relic"):
            game.put(plan.card, "hand")
        enter_play(game, self.by, plan.card, plan.square, card.on_play + card.from_stasis, plan.target)

    @staticmethod
    def legal(moment: Moment, eid: int) -> Part:
        """ST-11: a card of the player's in stasis with no counters (the table lists those), to each square and
        target."""
        game = moment.game
        try:
            no_stasis_counters(game, eid)
        except Rejected:
            return []
        card = game.defn(eid)
        return plays(moment, eid, "play_from_stasis", card.from_stasis_target or card.target,
                     card.target_may_be_in_stasis, False, None)


# ----- the card: its kind, its allowance, its square -------------------------------------------------------


UNPLAYABLE = ("monster", "treasure", "location")
"""Kinds of card that are never played from hand."""


def playable_kind(game: Table, eid: int) -> None:
    """Monsters, treasures and locations are never played from hand."""
    kind = game.kind(eid)
    if kind in UNPLAYABLE:
        raise Rejected(f"{game.name(eid)} is a {kind}: it can't be played")


def no_stasis_counters(game: Table, eid: int) -> None:
    """ST-11, ST-12: only a card in stasis with no counters may be played."""
    counters = game.stasis_counters(eid)
    if counters > 0:
        raise Rejected(f"{game.name(eid)} still has {counters} stasis counter{'' if counters == 1 else 's'}: "
                       "only a card with none may be played (ST-11, ST-12)")


def grant_rank(game: Table, grant: dict[str, str], eid: int) -> int | None:
    """How specific a grant is for this card (lower is more specific), or None if it doesn't fit (G-4)."""
    kind = "minion" if game.kind(eid) == "minion" else "action"
    if grant["kind"] != kind:
        return None
    if "ref" in grant:
        return 0 if grant["ref"] == game.ref(eid) else None
    if "name" in grant:
        return 1 if grant["name"] == game.name(eid) else None
    if grant.get("same_name_in_play"):
        others = [e for e in game.zone_cards("board") + game.zone_cards("stasis")
                  if e != eid and game.kind(e) == "minion" and game.name(e) == game.name(eid)]
        return 2 if others else None
    return 3


def allowance(game: Table, player: Player, eid: int) -> int | str | None:
    """The grant (its index) or the normal allowance ('minion'/'action') a play of the player's would use, or None.

    Ruling: every card that is not a minion (actions, Madness, relics) uses the action allowance (G-4, R-5).
    """
    if player.grants:
        ranked = [(r, i) for i, g in enumerate(player.grants) if (r := grant_rank(game, g, eid)) is not None]
        if ranked:
            return min(ranked)[1]
    return normal_allowance(player, game.kind(eid) == "minion")


def normal_allowance(player: Player, minion: bool) -> str | None:
    """The normal allowance ('minion'/'action') a card of the player's uses when no grant fits it, or None when none
    is left (G-4, R-5)."""
    if minion:
        return "minion" if player.minion_plays > 0 else None
    return "action" if player.action_plays > 0 else None


def any_allowance(game: Table, by: str) -> bool:
    """Whether `allowance` could give any card one now: a grant, or a minion or action play left (G-4)."""
    player = game.player(by)
    return bool(player.grants) or player.minion_plays > 0 or player.action_plays > 0


def play_allowance(game: Table, by: str, eid: int) -> int | str:
    """The allowance a play from hand uses, or Rejected when none is left (G-4)."""
    which = allowance(game, game.player(by), eid)
    if which is None:
        what = "minion" if game.kind(eid) == "minion" else "action"
        raise Rejected(f"You have no {what} play left this turn (G-4)")
    return which


def use_allowance(game: Table, by: str, which: int | str) -> None:
    """Spend the grant or normal allowance chosen by `allowance`."""
    player = game.player(by)
    if which == "minion":
        player.minion_plays -= 1
    elif which == "action":
        player.action_plays -= 1
    else:
        assert isinstance(which, int)
        player.grants.pop(which)


def check_minion_square(game: Table, by: str, to: Any) -> Square:
    """G-4: an empty square of the player's home row, or an empty location square."""
    if to is None:
        raise Rejected("A minion needs a square to be played to ('to')")
    square = square_of(to, "to")
    if game.at(square) is not None:
        raise Rejected(f"[{square[0]}, {square[1]}] is occupied (G-1: one character a square)")
    if square not in game.home_squares(by) and square not in game.location_squares():
        raise Rejected(f"[{square[0]}, {square[1]}] is not on your home row or a location square (G-4)")
    return square


# ----- the target ------------------------------------------------------------------------------------------


LEAVING = ("hand_yours", "stasis_yours")
"""Filters of the zone a card is played from: the card being played leaves it, so it is not a target."""


def target_options(game: Table, filt: str, by: str, source: int, found: list[int] | None = None) -> list[int]:
    """The cards a play's target filter allows (the card itself not, when it is leaving that zone); `found` may
    pass in the filter's `candidates` already listed."""
    if found is None:
        found = candidates(game, filt, by, source)
    return [e for e in found if e != source or filt not in LEAVING]


def chosen_target(game: Table, filt: str | None, given: Any, by: str, source: int,
                  may_be_in_stasis: bool, required: bool, options: list[int] | None = None) -> str | None:
    """Validate a command's target against a card's target filter (ST-7 guards cards in stasis).

    `options` may pass in `target_options` already computed for this filter, player and source.
    """
    if filt is None:
        if given is not None:
            raise Rejected(f"{game.name(source)} takes no target")
        return None
    if options is None:
        options = target_options(game, filt, by, source)
    if given is None:
        if len(options) == 1:
            return game.ref(options[0])
        if not options:
            if required:
                raise Rejected(f"{game.name(source)} has no legal target")
            return None
        raise Rejected(f"{game.name(source)} needs a target: one of {', '.join(game.ref(e) for e in options)}")
    eid = card_of(game, given, "target")
    check_named_target(game, eid, source, may_be_in_stasis, options)
    return game.ref(eid)


def check_named_target(game: Table, eid: int, source: int, may_be_in_stasis: bool, options: list[int]) -> None:
    """A target a play names: not in stasis unless the card may target there (ST-7), and one its filter allows."""
    if not may_be_in_stasis and game.in_stasis(eid):
        raise Rejected(f"{game.name(eid)} is in stasis: no ability can target it (ST-7)")
    if eid not in options:
        raise Rejected(f"{game.name(eid)} is not a legal target for {game.name(source)}")


# ----- entering play ---------------------------------------------------------------------------------------


def enter_play(game: Table, by: str, eid: int, square: Square | None, effects: tuple[dict[str, Any], ...],
               target: str | None) -> None:
    """Put a played card where it goes, then queue its effects, location triggers and the finish."""
    card = game.defn(eid)
    game.emit("CardPlayed", card=game.ref(eid), player=by, kind=card.kind,
              to=list(square) if square else None, target=target)
    game.set_controller(eid, by)
    if card.kind == "minion":
        assert square is not None
        game.put(eid, "board")
        game.place_at(eid, square)
        game.add(eid, Tapped())
    elif card.kind == "relic":
        game.put(eid, "board")
    else:
        game.add(eid, Resolving())
    queue_effects(game, effects, eid, by, chosen=target)
    location = game.location_squares().get(square) if square else None
    if location is not None:
        played_here(game, by, location)
    game.queue.append({"op": "finish_play", "target": "this", "source": game.ref(eid), "player": by})


def played_here(game: Table, by: str, location: int) -> None:
    """A location's "after a minion is played here" abilities, after the minion's own on-play (G-3)."""
    player = game.player(by)
    key = game.ref(location)
    first = player.minions_at_location.get(key, 0) == 0
    player.minions_at_location[key] = player.minions_at_location.get(key, 0) + 1
    for trig in game.defn(location).triggers:
        if trig.on == "minion_played_here" and (first or not trig.first_per_turn):
            queue_effects(game, trig.effects, location, by)


# ----- the legal instances ---------------------------------------------------------------------------------


def plays(moment: Moment, eid: int, act: str, filt: str | None, may_be_in_stasis: bool, required: bool,
          which: int | str | None) -> Plays:
    """One card's plays: each empty square it may enter (minions, G-4) times each target its filter allows (no filter:
    none); `which` is the allowance a play from hand uses (None from stasis)."""
    game = moment.game
    targets, implied = NO_TARGET if filt is None else play_targets(moment, filt, eid, may_be_in_stasis, required)
    spots = moment.spots() if game.kind(eid) == "minion" and targets else None
    return Plays(act, game.ref(eid), eid, spots, targets, implied, which)


NO_TARGET: tuple[list[str | None], None] = ([None], None)
"""The targets of a card without a target filter: it names none, and none is implied (shared: not to be changed)."""


def play_targets(moment: Moment, filt: str, eid: int, may_be_in_stasis: bool,
                 required: bool) -> tuple[list[str | None], str | None]:
    """The targets a play may name under a target filter (None: it names none), each accepted by `chosen_target`
    (whose check of a named target is `check_named_target`), and the target `chosen_target` gives a play that
    names none."""
    game, me = moment.game, moment.me
    found_by_filter = moment.candidates(filt, eid)
    if all(t == eid for t in found_by_filter):  # none to name: the play names none, and `chosen_target` implies one
        options = target_options(game, filt, me, eid, found_by_filter)
        try:
            return [None], chosen_target(game, filt, None, me, eid, may_be_in_stasis, required, options)
        except Rejected:
            return [], None
    # The filter's options (`target_options`) leave out at most the card itself, so every other candidate is one
    # of them: all `check_named_target` has left to ask is ST-7 (not in stasis, unless the card may target there).
    return [game.ref(t) for t in found_by_filter if t != eid and (may_be_in_stasis or not game.in_stasis(t))], None


class Plays(Planned):
    """One card's plays (G-4, ST-11): each square it may enter (a minion's; `None`: it goes to none) times each
    target (`None`: it names none, and `implied` is the one its check takes then), square by square; `which` is
    the allowance a play from hand uses."""

    __slots__ = ("act", "eid", "implied", "ref", "spots", "targets", "which")

    def __init__(self, act: str, ref: str, eid: int, spots: list[list[int]] | None, targets: list[str | None],
                 implied: str | None, which: int | str | None) -> None:
        self.act, self.ref, self.eid, self.spots, self.targets = act, ref, eid, spots, targets
        self.implied, self.which = implied, which

    def __len__(self) -> int:
        return len(self.targets) * (1 if self.spots is None else len(self.spots))

    def __getitem__(self, i: int) -> Action:
        square, target = divmod(i, len(self.targets))
        return self.play(None if self.spots is None else self.spots[square], self.targets[target])

    def __iter__(self) -> Iterator[Action]:
        act, ref, targets = self.act, self.ref, self.targets
        if self.spots is None:
            return iter([{"act": act, "card": ref, "target": t} if t else {"act": act, "card": ref} for t in targets])
        return iter([{"act": act, "card": ref, "to": s, "target": t} if t else {"act": act, "card": ref, "to": s}
                     for s in self.spots for t in targets])

    def play(self, square: list[int] | None, target: str | None) -> Action:
        """The play to a square (or none) and a target (or none)."""
        action: Action = {"act": self.act, "card": self.ref}
        if square is not None:
            action["to"] = square
        if target is not None:
            action["target"] = target
        return action

    def planned(self, i: int, by: str) -> tuple[Play | PlayFromStasis, PlayPlan | StasisPlayPlan]:
        """The i-th play and the plan its check would return: the square, the target (the implied one when it names
        none) and, from hand, the allowance."""
        square, target = divmod(i, len(self.targets))
        spot = None if self.spots is None else self.spots[square]
        named = self.targets[target]
        to = None if spot is None else (spot[0], spot[1])
        chosen = self.implied if named is None else named
        if self.which is None:  # from stasis (ST-11): no allowance
            return PlayFromStasis(by, self.ref, spot, named), StasisPlayPlan(self.eid, to, chosen)
        return Play(by, self.ref, spot, named), PlayPlan(self.eid, to, self.which, chosen)
