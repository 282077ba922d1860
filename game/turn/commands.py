"""Player commands: small values that check everything first and change the game last.

`apply_action` takes a scenario-style `[[do]]` dict. A rejected command returns the reason and leaves the
state, the log and the dice exactly as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.cards import Ability, CardDef
from game.core.components import OncePerTurn, Resolving, Stats, Tapped
from game.core.constants import COLS, ROWS
from game.core.table import OK, Outcome
from game.rules import stasis
from game.rules.combat import blind_check, move_along, standard_attack
from game.rules.effects import OPS, candidates, queue_effects
from game.rules.stats import mv_left
from game.rules.status import applied_before_this_turn, stone_cost
from systems.schedule import advance

if TYPE_CHECKING:
    from game.core.table import Table

Square = tuple[int, int]


class Rejected(Exception):
    """Raised while parsing or checking: the command is not legal, for this reason."""


@dataclass
class Command:
    """A player's command: `check` raises Rejected, `run` changes the game."""

    by: str

    def check(self, game: Table) -> None:
        """Raise Rejected when the command is not legal now."""

    def run(self, game: Table) -> None:
        """Change the game; only called after `check` passed."""


# ----- shared checks ---------------------------------------------------------------------------------------


def card_of(game: Table, ref: Any, what: str = "card") -> int:
    """The entity of a ref named in a command."""
    if not isinstance(ref, str) or ref not in game.refs:
        raise Rejected(f"There is no {what} {ref!r} in this game")
    return game.eid(ref)


def square_of(value: Any, field: str) -> Square:
    """A board square named in a command."""
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise Rejected(f"{field!r} must be a square [x, y], not {value!r}")
    x, y = value
    if not (0 <= x < COLS and 0 <= y < ROWS):
        raise Rejected(f"Square [{x}, {y}] is off the board (G-1: x 0..{COLS - 1}, y 0..{ROWS - 1})")
    return x, y


def require_main(game: Table, by: str) -> None:
    """Most commands need the active player's main phase with no choice waiting."""
    if game.turn.phase == "over":
        raise Rejected("The game is over")
    if game.pending:
        raise Rejected(f"A choice is waiting for {game.pending['player']}: {game.pending['prompt']}")
    if by != game.active().name:
        raise Rejected(f"It is {game.active().name}'s turn, not {by}'s")
    if game.turn.phase != "main":
        raise Rejected(f"That can only be done in the main phase (G-3), not the {game.turn.phase} phase")


def own_character(game: Table, eid: int, by: str) -> None:
    """A character on the board that the player controls."""
    if not game.is_character(eid) or not game.on_board(eid):
        raise Rejected(f"{game.name(eid)} is not a character on the board")
    if game.controller(eid) != by:
        raise Rejected(f"{game.name(eid)} is not yours to command")


def can_act(game: Table, eid: int) -> bool:
    """G-5, SE-9: a character acts only untapped and awake."""
    return not game.is_tapped(eid) and not game.has_status(eid, "Sleep")


def ready_to_act(game: Table, eid: int, doing: str) -> None:
    """G-5: tapped characters can't act; SE-9: a sleeping one can't either."""
    if can_act(game, eid):
        return
    if game.is_tapped(eid):
        raise Rejected(f"{game.name(eid)} is tapped: it can't {doing} (G-5)")
    if game.has_status(eid, "Sleep"):
        raise Rejected(f"{game.name(eid)} is asleep: it can't {doing} (SE-9)")


def stun_holds(game: Table, actor: int) -> bool:
    """SE-10: the character's Stun was applied before this turn, so this turn it can't target enemies."""
    return game.has_status(actor, "Stun") and applied_before_this_turn(game, actor, "Stun")


def stunned_against(game: Table, actor: int, target: int, by: str, stunned: bool | None = None) -> None:
    """SE-10: on its next turn a character with status Stun can't target enemies (`stunned` may pass in
    `stun_holds` for the actor, already asked)."""
    if (stun_holds(game, actor) if stunned is None else stunned) and game.is_enemy(by, target):
        raise Rejected(f"{game.name(actor)} has the status Stun: it can't target enemies this turn (SE-10)")


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


NEIGHBOURS: dict[Square, tuple[Square, ...]] = {
    (x, y): tuple((a, b) for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                  if 0 <= a < COLS and 0 <= b < ROWS)
    for x in range(COLS) for y in range(ROWS)
}
"""The squares one orthogonal step from each square of the board, right, left, down, up (G-1)."""


def reachable(game: Table, start: Square, budget: int) -> dict[Square, Square | None]:
    """Every square within a budget of orthogonal steps through empty squares, and the square it is first
    reached from (G-5): one breadth-first search, steps tried right, left, down, up; the start maps to None.

    The search reads only the occupied squares within `budget` steps of the start, so it is kept until one of
    those is taken or left (not to be changed: the dict is shared).
    """
    memo = game.occupancy_memo()
    key = ("reachable", start, budget)
    found: dict[Square, Square | None] | None = memo.get(key)
    if found is None:
        found = memo[key] = search_reach(game.occupied(), start, budget)
    return found


def search_reach(taken: Mapping[Square, int], start: Square, budget: int) -> dict[Square, Square | None]:
    """The breadth-first search of `reachable` around the occupied squares `taken`.

    Its squares are held as the tuple objects `NEIGHBOURS` keeps (typed Any), which the compiled engine would
    otherwise unpack into two numbers and pack into a new tuple at every lookup: half the search's instructions."""
    steps: dict[Any, tuple[Any, ...]] = NEIGHBOURS
    came: dict[Any, Any] = {start: None}
    layer: list[Any] = [start]
    for _ in range(budget):
        grown: list[Any] = []
        for here in layer:
            for nxt in steps.get(here, ()):
                if nxt not in came and nxt not in taken:
                    came[nxt] = here
                    grown.append(nxt)
        if not grown:
            break
        layer = grown
    return came


def free_path(game: Table, start: Square, goal: Square, budget: int) -> list[Square] | None:
    """The shortest path of orthogonal steps through empty squares, within a budget (G-5)."""
    came = reachable(game, start, budget)
    if goal not in came:
        return None
    path: list[Square] = []
    step: Square | None = goal
    while step is not None and step != start:
        path.append(step)
        step = came[step]
    return path[::-1]


def check_path(game: Table, start: Square, path: list[Square]) -> None:
    """A path of orthogonal steps through empty squares."""
    here = start
    for square in path:
        if game.distance(here, square) != 1:
            raise Rejected(f"[{square[0]}, {square[1]}] is not one orthogonal step from [{here[0]}, {here[1]}]")
        if game.at(square) is not None:
            raise Rejected(f"[{square[0]}, {square[1]}] is occupied: movement goes through empty squares (G-5)")
        here = square


# ----- playing cards ---------------------------------------------------------------------------------------


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


def allowance(game: Table, by: str, eid: int) -> int | str | None:
    """The grant (its index) or the normal allowance ('minion'/'action') a play would use, or None.

    Ruling: every card that is not a minion (actions, Madness, relics) uses the action allowance (G-4, R-5).
    """
    player = game.player(by)
    if player.grants:
        ranked = [(r, i) for i, g in enumerate(player.grants) if (r := grant_rank(game, g, eid)) is not None]
        if ranked:
            return min(ranked)[1]
    if game.kind(eid) == "minion":
        return "minion" if player.minion_plays > 0 else None
    return "action" if player.action_plays > 0 else None


def any_allowance(game: Table, by: str) -> bool:
    """Whether `allowance` could give any card one now: a grant, or a minion or action play left (G-4)."""
    player = game.player(by)
    return bool(player.grants) or player.minion_plays > 0 or player.action_plays > 0


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


def minion_squares(game: Table, by: str) -> list[Square]:
    """G-4: the empty squares a minion may be played to: the player's home row, then the location squares."""
    taken = game.occupied()
    return [s for s in (*game.home_squares(by), *game.location_squares()) if s not in taken]


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


UNPLAYABLE = ("monster", "treasure", "location")
"""Kinds of card that are never played from hand."""


def playable_kind(game: Table, eid: int) -> None:
    """Monsters, treasures and locations are never played from hand."""
    kind = game.kind(eid)
    if kind in UNPLAYABLE:
        raise Rejected(f"{game.name(eid)} is a {kind}: it can't be played")


def play_allowance(game: Table, by: str, eid: int) -> int | str:
    """The allowance a play from hand uses, or Rejected when none is left (G-4)."""
    which = allowance(game, by, eid)
    if which is None:
        what = "minion" if game.kind(eid) == "minion" else "action"
        raise Rejected(f"You have no {what} play left this turn (G-4)")
    return which


@dataclass
class Play(Command):
    """Play a card from hand (G-4)."""

    card: Any = None
    to: Any = None
    target: Any = None

    def check(self, game: Table) -> None:
        require_main(game, self.by)
        eid = card_of(game, self.card)
        if game.zone(eid) != "hand" or game.controller(eid) != self.by:
            raise Rejected(f"{game.name(eid)} is not in your hand")
        kind = game.kind(eid)
        playable_kind(game, eid)
        self.square = check_minion_square(game, self.by, self.to) if kind == "minion" else None
        if kind != "minion" and self.to is not None:
            raise Rejected(f"{game.name(eid)} is not a minion: it goes to no square")
        self.which = play_allowance(game, self.by, eid)
        card = game.defn(eid)
        self.chosen = chosen_target(game, card.target, self.target, self.by, eid, card.target_may_be_in_stasis,
                                    required=kind != "minion")

    def run(self, game: Table) -> None:
        eid = game.eid(self.card)
        assert self.which is not None
        use_allowance(game, self.by, self.which)
        enter_play(game, self.by, eid, self.square, game.defn(eid).on_play, self.chosen)


def no_stasis_counters(game: Table, eid: int) -> None:
    """ST-11, ST-12: only a card in stasis with no counters may be played."""
    if game.stasis_counters(eid) > 0:
        raise Rejected(f"{game.name(eid)} still has {game.stasis_counters(eid)} stasis counters: "
                       "only a card with none may be played (ST-11, ST-12)")


@dataclass
class PlayFromStasis(Command):
    """ST-11: play a card of yours from stasis at 0 counters, as an extra card."""

    card: Any = None
    to: Any = None
    target: Any = None

    def check(self, game: Table) -> None:
        require_main(game, self.by)
        eid = card_of(game, self.card)
        if not game.in_stasis(eid) or game.controller(eid) != self.by:
            raise Rejected(f"{game.name(eid)} is not one of your cards in stasis (ST-11)")
        no_stasis_counters(game, eid)
        kind = game.kind(eid)
        self.square = check_minion_square(game, self.by, self.to) if kind == "minion" else None
        if kind != "minion" and self.to is not None:
            raise Rejected(f"{game.name(eid)} is not a minion: it goes to no square")
        card: CardDef = game.defn(eid)
        filt = card.from_stasis_target or card.target
        self.chosen = chosen_target(game, filt, self.target, self.by, eid, card.target_may_be_in_stasis,
                                    required=False)

    def run(self, game: Table) -> None:
        eid = game.eid(self.card)
        stasis.leave_for_play(game, eid)
        card = game.defn(eid)
        if card.kind not in ("minion", "relic"):
            game.put(eid, "hand")
        enter_play(game, self.by, eid, self.square, card.on_play + card.from_stasis, self.chosen)


# ----- characters act --------------------------------------------------------------------------------------


def frozen(game: Table, eid: int) -> bool:
    """SE-5: with two Freeze tokens a character can't move this turn."""
    return game.stacks(eid, "Freeze") >= 2


def not_frozen(game: Table, eid: int) -> None:
    """SE-5: two Freeze tokens: the character can't move this turn."""
    if frozen(game, eid):
        raise Rejected(f"Frozen: {game.name(eid)} can't move this turn (SE-5)")


@dataclass
class Move(Command):
    """G-5: move a character up to its MV left this turn, through empty squares."""

    card: Any = None
    to: Any = None
    path: Any = None

    def check(self, game: Table) -> None:
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ready_to_act(game, eid, "move")
        not_frozen(game, eid)
        budget = mv_left(game, eid)
        why = " (Freeze: MV -1, SE-5)" if game.statuses(eid).get("Freeze") == 1 else ""
        start = game.pos(eid)
        assert start is not None
        if self.path is not None:
            if not isinstance(self.path, list) or not self.path:
                raise Rejected("'path' must be a list of squares")
            steps = [square_of(s, "path") for s in self.path]
            check_path(game, start, steps)
            if self.to is not None and square_of(self.to, "to") != steps[-1]:
                raise Rejected("'to' and 'path' disagree: the path must end on the 'to' square")
        elif self.to is not None:
            goal = square_of(self.to, "to")
            found = free_path(game, start, goal, budget)
            if found is None or not found:
                raise Rejected(f"{game.name(eid)} can't reach [{goal[0]}, {goal[1]}] "
                               f"with {budget} MV left{why} (G-5)")
            steps = found
        else:
            raise Rejected("A move needs 'to' or 'path'")
        if len(steps) > budget:
            raise Rejected(f"{game.name(eid)} has only {budget} MV left this turn{why} (G-5)")
        self.steps = steps

    def run(self, game: Table) -> None:
        move_along(game, game.eid(self.card), self.steps, forced=False)


def check_attack_target(game: Table, eid: int, target: int, by: str, stunned: bool | None = None) -> None:
    """G-6: an enemy character on the board, not in stasis (ST-7), in range (G-5), unless Stun forbids (SE-10).

    `stunned` may pass in `stun_holds` for the attacker, already asked.
    """
    if game.in_stasis(target):
        raise Rejected(f"{game.name(target)} is in stasis: it can't be attacked (ST-7)")
    if not game.is_character(target) or not game.on_board(target) or not game.is_enemy(by, target):
        raise Rejected(f"{game.name(target)} is not an enemy character on the board (G-6)")
    stunned_against(game, eid, target, by, stunned)
    reach = game.component(eid, Stats).range
    here, there = game.pos(eid), game.pos(target)
    assert here is not None and there is not None
    if game.distance(here, there) > reach:
        raise Rejected(f"{game.name(target)} is out of range ({game.distance(here, there)} > {reach}, G-5)")


@dataclass
class Attack(Command):
    """G-6: a Standard Attack on an enemy character in range."""

    card: Any = None
    target: Any = None

    def check(self, game: Table) -> None:
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ready_to_act(game, eid, "attack")
        check_attack_target(game, eid, card_of(game, self.target, "target"), self.by)

    def run(self, game: Table) -> None:
        standard_attack(game, game.eid(self.card), game.eid(self.target))


def ability_named(game: Table, eid: int, name: Any) -> Ability:
    """An ability of a card by name."""
    for ab in game.defn(eid).abilities:
        if ab.name == name:
            return ab
    raise Rejected(f"{game.name(eid)} has no ability named {name!r}")


def ability_target(game: Table, eid: int, ab: Ability, given: Any, by: str, options: list[int] | None = None) -> int:
    """The target of a character's ability: a legal kind, not in stasis (ST-7), in range (G-5).

    `options` may pass in the `candidates` of the ability's target filter already listed.
    """
    if ab.target is None or ab.target == "self":
        if given is not None:
            raise Rejected(f"{ab.name} takes no target: it affects {game.name(eid)} itself")
        return eid
    target = card_of(game, given, "target") if given is not None else None
    if target is None:
        raise Rejected(f"{ab.name} needs a target")
    check_ability_target(game, eid, ab, target, by, options)
    return target


def check_ability_target(game: Table, eid: int, ab: Ability, target: int, by: str,
                         options: list[int] | None = None) -> None:
    """A card an ability of a character names: not in stasis (ST-7), one its filter allows, in range (G-5)."""
    assert ab.target is not None
    if game.in_stasis(target):
        raise Rejected(f"{game.name(target)} is in stasis: no ability can target it (ST-7)")
    if target not in (candidates(game, ab.target, by, eid) if options is None else options):
        what = ab.target.replace("_", " ")
        raise Rejected(f"{game.name(target)} is not a legal target for {ab.name} (it needs: {what})")
    here, there = game.pos(eid), game.pos(target)
    if there is not None and here is not None and game.distance(here, there) > ab.range:
        raise Rejected(f"{game.name(target)} is out of range for {ab.name} "
                       f"({game.distance(here, there)} > {ab.range}, G-5)")


def usable_ability(game: Table, eid: int, name: Any) -> Ability:
    """A character's ability that may be used now: abilities not lost, not a relic's, ready unless a Fuse."""
    if not game.abilities_work(eid):
        raise Rejected(f"{game.name(eid)} has lost all its abilities this turn")
    ab = ability_named(game, eid, name)
    if ab.untap_cost:
        raise Rejected(f"{ab.name} is activated with 'activate', not 'ability'")
    if not ab.fuse and not can_act(game, eid):
        ready_to_act(game, eid, f"use {ab.name}")
    return ab


def ability_cost(game: Table, eid: int, ab: Ability, by: str) -> int:
    """The stones an ability costs now (SE-11), which the player must have and may spend (SE-8)."""
    cost = stone_cost(game, eid, ab.cost)
    if cost > 0 and game.has_status(eid, "Silence"):
        raise Rejected(f"{game.name(eid)} is Silenced: it can't spend speaking stones (SE-8)")
    stones = game.player(by).stones
    if stones < cost:
        upkeep = " (Upkeep: +1, SE-11)" if game.has_status(eid, "Upkeep") else ""
        raise Rejected(f"{ab.name} costs {cost} stones{upkeep}; you have {stones}")
    return cost


def moves_of(ab: Ability) -> list[dict[str, Any]]:
    """An ability's forced-movement effects."""
    return [e for e in ab.effects if e["op"] == "move"]


def forced_path(game: Table, ab: Ability, target: int, path: Any) -> list[Square] | None:
    """The path an ability moves its target along: empty squares, at most its steps (None: it moves nothing)."""
    moves = moves_of(ab)
    if not moves:
        if path is not None:
            raise Rejected(f"{ab.name} moves nothing: it takes no 'path'")
        return None
    if not isinstance(path, list) or not path:
        raise Rejected(f"{ab.name} needs a 'path' of squares to move the target along")
    steps = [square_of(s, "path") for s in path]
    most = max(e.get("steps", 1) for e in moves)
    if len(steps) > most:
        raise Rejected(f"{ab.name} moves a character at most {most} squares")
    start = game.pos(target)
    assert start is not None
    check_path(game, start, steps)
    return steps


@dataclass
class UseAbility(Command):
    """G-5: use a character's Ability (taps it) or play a Fuse (does not tap, SE-12); Blind rolls only when
    it targets an enemy character (SE-1, R-3)."""

    card: Any = None
    ability: Any = None
    target: Any = None
    path: Any = None

    def check(self, game: Table) -> None:
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ab = usable_ability(game, eid, self.ability)
        self.cost = ability_cost(game, eid, ab, self.by)
        target = ability_target(game, eid, ab, self.target, self.by)
        stunned_against(game, eid, target, self.by)
        self.steps = forced_path(game, ab, target, self.path)

    def run(self, game: Table) -> None:
        eid = game.eid(self.card)
        ab = ability_named(game, eid, self.ability)
        target = ability_target(game, eid, ab, self.target, self.by)
        if self.cost:
            game.gain_stones(self.by, -self.cost)
        if not ab.fuse:
            game.tap(eid)
        game.emit("AbilityUsed", card=game.ref(eid), ability=ab.name, target=game.ref(target), cost=self.cost)
        if game.is_character(target) and game.is_enemy(self.by, target) and not blind_check(game, eid, ab.name):
            game.emit("AbilityFailed", card=game.ref(eid), ability=ab.name, reason="Blind roll failed (SE-1)")
            return
        extra = {"path": [list(s) for s in self.steps]} if self.steps else {}
        queue_effects(game, ab.effects, eid, self.by, chosen=game.ref(target), extra=extra)


def activatable(game: Table, eid: int, name: Any) -> Ability:
    """A relic's ability that may be activated now: abilities not lost, once-per-turn not yet used."""
    if not game.abilities_work(eid):
        raise Rejected(f"{game.name(eid)} has lost all its abilities this turn")
    ab = ability_named(game, eid, name)
    used = game.get(eid, OncePerTurn)
    if ab.once_per_turn and used is not None and ab.name in used.used:
        raise Rejected(f"{ab.name} can be used once per turn, and was used this turn")
    return ab


@dataclass
class Activate(Command):
    """A relic's ability whose cost untaps characters you control (SC-6, SC-7)."""

    card: Any = None
    ability: Any = None
    pay: Any = None

    def check(self, game: Table) -> None:
        require_main(game, self.by)
        eid = card_of(game, self.card)
        if game.kind(eid) != "relic" or not game.on_board(eid) or game.controller(eid) != self.by:
            raise Rejected(f"{game.name(eid)} is not a relic you control in play")
        ab = activatable(game, eid, self.ability)
        pay = self.pay if isinstance(self.pay, list) else []
        if len(pay) != ab.untap_cost:
            raise Rejected(f"{ab.name} costs untapping {ab.untap_cost} tapped character(s) you control: "
                           f"name exactly {ab.untap_cost} in 'pay'")
        if len(set(map(str, pay))) != len(pay):
            raise Rejected(f"{ab.name}: the same permanent can't pay the cost twice (SC-7)")
        for ref in pay:
            payer = card_of(game, ref, "permanent")
            if not game.is_character(payer) or not game.on_board(payer) or game.controller(payer) != self.by:
                raise Rejected(f"{game.name(payer)} is not a character you control on the board")
            if not game.is_tapped(payer):
                raise Rejected(f"{game.name(payer)} is not tapped: the cost untaps a tapped character")

    def run(self, game: Table) -> None:
        eid = game.eid(self.card)
        ab = ability_named(game, eid, self.ability)
        for ref in self.pay:
            game.untap(game.eid(ref), cause="cost")
        if ab.once_per_turn:
            game.ensure(eid, OncePerTurn).used.add(ab.name)
        game.emit("AbilityUsed", card=game.ref(eid), ability=ab.name, paid=list(self.pay), cost=0)
        queue_effects(game, ab.effects, eid, self.by)


# ----- choices, turns, raw effects -------------------------------------------------------------------------


@dataclass
class Choose(Command):
    """Answer the pending choice (DESIGN §3)."""

    option: Any = None

    def check(self, game: Table) -> None:
        if not game.pending:
            raise Rejected("There is no choice to answer")
        if self.by != game.pending["player"]:
            raise Rejected(f"The choice is {game.pending['player']}'s to make")
        if not any(type(o) is type(self.option) and o == self.option for o in game.pending["options"]):
            options = ", ".join(map(str, game.pending["options"]))
            raise Rejected(f"{self.option!r} is not one of the options: {options}")

    def run(self, game: Table) -> None:
        game.queue[0]["answer"] = self.option
        game.emit("ChoiceMade", player=self.by, option=self.option)
        game.pending = None


@dataclass
class EndTurn(Command):
    """End the main phase: the end phase, then the next player's start, untap and main (G-3)."""

    def check(self, game: Table) -> None:
        require_main(game, self.by)

    def run(self, game: Table) -> None:
        game.set_phase("end")


STASIS_OPS = ("place_stasis", "remove_stasis", "copy_power")
"""ST-12: the only ops that may reach a card in stasis (and only with affects_stasis): counters, and copying."""


@dataclass
class Effect(Command):
    """Apply one effect op as if an ability resolved it (DESIGN §3); ST-7 and ST-12 guard cards in stasis."""

    op: Any = None
    target: Any = None
    source: Any = None
    affects_stasis: Any = False
    fields: dict[str, Any] | None = None

    def check(self, game: Table) -> None:
        if game.turn.phase == "over":
            raise Rejected("The game is over")
        if game.pending:
            raise Rejected(f"A choice is waiting for {game.pending['player']}: {game.pending['prompt']}")
        if not isinstance(self.op, str) or self.op not in OPS:
            raise Rejected(f"Unknown effect op {self.op!r}")
        spec = OPS[self.op]
        problem = spec.check_fields({"op": self.op, **(self.fields or {})})
        if problem:
            raise Rejected(problem)
        if self.source is not None:
            card_of(game, self.source, "source")
        if spec.target == "player":
            if self.target not in game.players_order:
                raise Rejected(f"{self.op} targets a player: {self.target!r} is not one")
            self.spec = f"player:{self.target}"
            return
        eid = card_of(game, self.target, "target")
        if game.in_stasis(eid):
            if not self.affects_stasis:
                raise Rejected(f"{game.name(eid)} is in stasis: this effect can't affect it (ST-7)")
            if self.op not in STASIS_OPS:
                raise Rejected(f"{game.name(eid)} is in stasis: effects may only add or remove its stasis "
                               "counters, or copy it (ST-12)")
        elif spec.board_only and not game.on_board(eid):
            raise Rejected(f"{game.name(eid)} is not on the board: {self.op} can't affect it")
        elif spec.target == "character" and not game.is_character(eid):
            raise Rejected(f"{game.name(eid)} is not a character: {self.op} affects characters only")
        self.spec = f"ref:{self.target}"
        if self.op == "move":
            self.check_forced_path(game, eid)

    def check_forced_path(self, game: Table, eid: int) -> None:
        """R-6 (G-5, SE-6): a `move` whose path meets an occupied square is rejected whole, as Shove's is."""
        fields = self.fields or {}
        raw = fields.get("path") or ([fields["to"]] if fields.get("to") else [])
        if not isinstance(raw, list):
            raise Rejected(f"'path' must be a list of squares, not {raw!r}")
        start = game.pos(eid)
        if start is not None:
            check_path(game, start, [square_of(s, "path") for s in raw])

    def run(self, game: Table) -> None:
        item = {"op": self.op, **(self.fields or {}), "target": self.spec, "source": self.source,
                "player": self.by, "affects_stasis": bool(self.affects_stasis)}
        game.queue.insert(0, item)


COMMANDS: dict[str, type[Command]] = {
    "play": Play, "play_from_stasis": PlayFromStasis, "move": Move, "attack": Attack, "ability": UseAbility,
    "activate": Activate, "choose": Choose, "end_turn": EndTurn, "effect": Effect,
}
ACTION_KEYS = {"act", "by"}
FIELDS = {cls: frozenset(cls.__dataclass_fields__) - {"by"} for cls in COMMANDS.values()}
"""The fields an action may give each command."""


def parse(game: Table, action: dict[str, Any]) -> Command:
    """Turn a `[[do]]` dict into a command, rejecting unknown acts and fields."""
    if not isinstance(action, dict):
        raise Rejected(f"An action must be a table, not {action!r}")
    act = action.get("act")
    if not isinstance(act, str) or act not in COMMANDS:
        raise Rejected(f"Unknown act {act!r}; acts are: {', '.join(COMMANDS)}")
    cls = COMMANDS[act]
    by = action.get("by") or (game.pending["player"] if act == "choose" and game.pending else game.active().name)
    if not isinstance(by, str) or by not in game.players_order:
        raise Rejected(f"There is no player {by!r}")
    fields = {k: v for k, v in action.items() if k not in ACTION_KEYS}
    if cls is Effect:
        known = {"op", "target", "source", "affects_stasis"}
        return Effect(by=by, **{k: v for k, v in fields.items() if k in known},
                      fields={k: v for k, v in fields.items() if k not in known})
    if not FIELDS[cls].issuperset(fields):
        raise Rejected(f"{act} has no field {sorted(set(fields) - FIELDS[cls])[0]!r}")
    return cls(by=by, **fields)


def check_action(game: Table, action: dict[str, Any]) -> Outcome:
    """Whether an action is legal now; changes nothing."""
    try:
        parse(game, action).check(game)
    except Rejected as why:
        return Outcome(False, str(why))
    return OK


def apply_action(game: Table, action: dict[str, Any]) -> Outcome:
    """Check an action, then run it and let the game advance; a rejection changes nothing."""
    try:
        command = parse(game, action)
        command.check(game)
    except Rejected as why:
        return Outcome(False, str(why))
    game.last_rolls = []
    game.history.append(dict(action))
    command.run(game)
    advance(game)
    return OK
