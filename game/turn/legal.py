"""Legal actions: every command the acting player may give now, generated per command kind from `apply`'s checks.

Each kind lists exactly its legal instances: the checks that hold for a whole card (allowances, counters,
tapped, asleep, lost abilities, stones) are asked once through the same functions `apply` runs, and only then
its squares and targets, each through the shared check for it (one path search per character for all its
moves, enemies only for attacks). `apply` still validates every command it is given. The list comes in a
fixed order: plays from hand, plays from stasis, each character's moves, attacks and abilities, relics, and
ending the turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.cards import Ability
from game.core.components import Stats
from game.core.constants import COLS, ROWS
from game.rules.effects import candidates
from game.rules.stats import mv_left
from game.turn.commands import (
    UNPLAYABLE,
    Rejected,
    ability_cost,
    activatable,
    allowance,
    any_allowance,
    can_act,
    check_ability_target,
    check_action,
    check_attack_target,
    check_named_target,
    chosen_target,
    forced_path,
    frozen,
    minion_squares,
    moves_of,
    no_stasis_counters,
    reachable,
    stun_holds,
    stunned_against,
    target_options,
    usable_ability,
)

if TYPE_CHECKING:
    from game.core.table import Table

Action = dict[str, Any]
Square = tuple[int, int]


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
        elif game.pending and game.turn.phase != "over":
            self.found = [{"act": "choose", "option": o} for o in game.pending["options"]]
            self.done = True
        else:
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
            self.found.append({"act": "end_turn"})
            self.done = True
        return any(a["act"] != "end_turn" for a in self.found)

    def actions(self) -> list[Action]:
        """The whole list (the same list each time it is asked; not to be changed)."""
        if not self.done:
            assert self.parts is not None
            found = self.found
            for part in self.parts:
                found += part
            found.append({"act": "end_turn"})
            self.done = True
        return self.found


def main_phase_parts(game: Table) -> Iterator[list[Action]]:
    """The main phase's actions but ending the turn, a card's (or a character's kind of) actions at a time."""
    me = game.active().name
    hand = game.zone_cards("hand", me, by="controller")
    ready = game.stasis_ready(me)
    listed = Listed(game, me)
    if any_allowance(game, me):
        for eid in hand:
            yield hand_plays(game, me, eid, listed)
    for eid in ready:
        yield stasis_plays(game, me, eid, listed)
    characters = game.characters()
    foes = [(e, game.pos(e)) for e in characters if game.is_enemy(me, e)]
    for eid in [e for e in characters if game.controller(e) == me]:
        if can_act(game, eid):
            yield moves(game, eid)
            yield attacks(game, me, eid, foes)
        yield abilities(game, me, eid, listed)
    for eid in game.zone_cards("board", me, by="controller"):
        if game.kind(eid) == "relic":
            yield activations(game, me, eid)


class Listed:
    """Each target filter's candidates for the acting player, listed once while the legal actions are listed
    (the table doesn't change meanwhile); filters that depend on the source card are asked each time."""

    BY_SOURCE: ClassVar[frozenset[str]] = frozenset({"stasis_yours_other", "adjacent_enemies"})

    def __init__(self, game: Table, me: str) -> None:
        self.game, self.me = game, me
        self.found: dict[str, list[int]] = {}
        self.squares: list[list[int]] | None = None

    def spots(self) -> list[list[int]]:
        """The empty squares a minion may be played to now (`minion_squares`), listed on first use (shared)."""
        if self.squares is None:
            self.squares = [list(s) for s in minion_squares(self.game, self.me)]
        return self.squares

    def __call__(self, name: str, source: int) -> list[int]:
        """The filter's candidates (not to be changed: the list is shared)."""
        if name in self.BY_SOURCE:
            return candidates(self.game, name, self.me, source)
        found = self.found.get(name)
        if found is None:
            found = self.found[name] = candidates(self.game, name, self.me, source)
        return found


def hand_plays(game: Table, me: str, eid: int, listed: Listed) -> list[Action]:
    """G-4: a card from hand, when its kind may be played and an allowance is left, to each square and target."""
    if game.kind(eid) in UNPLAYABLE or allowance(game, me, eid) is None:
        return []
    card = game.defn(eid)
    return plays(game, me, eid, "play", card.target, card.target_may_be_in_stasis, card.kind != "minion", listed)


def stasis_plays(game: Table, me: str, eid: int, listed: Listed) -> list[Action]:
    """ST-11: a card of the player's in stasis with no counters (the table lists those), to each square and target."""
    try:
        no_stasis_counters(game, eid)
    except Rejected:
        return []
    card = game.defn(eid)
    return plays(game, me, eid, "play_from_stasis", card.from_stasis_target or card.target,
                 card.target_may_be_in_stasis, False, listed)


def plays(game: Table, me: str, eid: int, act: str, filt: str | None, may_be_in_stasis: bool,
          required: bool, listed: Listed) -> list[Action]:
    """One card's plays: each empty square it may enter (minions, G-4) times each target its filter allows."""
    ref = game.ref(eid)
    targets = play_targets(game, filt, me, eid, may_be_in_stasis, required, listed)
    if game.kind(eid) != "minion":
        return [{"act": act, "card": ref, "target": t} if t else {"act": act, "card": ref} for t in targets]
    if not targets:
        return []
    return [{"act": act, "card": ref, "to": s, "target": t} if t else {"act": act, "card": ref, "to": s}
            for s in listed.spots() for t in targets]


def play_targets(game: Table, filt: str | None, me: str, eid: int, may_be_in_stasis: bool,
                 required: bool, listed: Listed) -> list[str | None]:
    """The targets a play may name (None: it names none), each accepted by `chosen_target` (whose check of a
    named target is `check_named_target`)."""
    if filt is None:
        return [None]
    found_by_filter = listed(filt, eid)
    options = target_options(game, filt, me, eid, found_by_filter)
    named = [e for e in found_by_filter if e != eid]
    if not named:
        try:
            chosen_target(game, filt, None, me, eid, may_be_in_stasis, required, options)
        except Rejected:
            return []
        return [None]
    found: list[str | None] = []
    for t in named:
        try:
            check_named_target(game, t, eid, may_be_in_stasis, options)
        except Rejected:
            continue
        found.append(game.ref(t))
    return found


def moves(game: Table, eid: int) -> list[Action]:
    """G-5, SE-5: every square one path search reaches within the MV left, in board order (of a character
    that may act, `can_act`: G-5, SE-9)."""
    if frozen(game, eid):
        return []
    here = game.pos(eid)
    assert here is not None
    came = reachable(game, here, mv_left(game, eid))
    ref = game.ref(eid)
    return [{"act": "move", "card": ref, "to": [x, y]} for x, y in sorted(came) if (x, y) != here]


def attacks(game: Table, me: str, eid: int, foes: list[tuple[int, Square | None]]) -> list[Action]:
    """G-6: Standard Attacks on the enemy characters (oldest first, each with its square) in range (of a
    character that may act, `can_act`)."""
    ref = game.ref(eid)
    here = game.pos(eid)
    assert here is not None
    x, y = here
    reach = game.component(eid, Stats).range
    stunned = stun_holds(game, eid)
    found = []
    for t, there in foes:
        if t == eid or there is None or abs(x - there[0]) + abs(y - there[1]) > reach:
            continue
        try:
            check_attack_target(game, eid, t, me, stunned)
        except Rejected:
            continue
        found.append({"act": "attack", "card": ref, "target": game.ref(t)})
    return found


def abilities(game: Table, me: str, eid: int, listed: Listed) -> list[Action]:
    """G-5, SE-8, SE-11, SE-12: a character's abilities it may use now, on each target in range (and path)."""
    tapped = game.is_tapped(eid)
    found: list[Action] = []
    if not game.abilities_work(eid):
        return found
    named: set[str] = set()
    for ab in game.defn(eid).abilities:
        first = ab.name not in named  # the ability a command naming it gets (`ability_named`)
        named.add(ab.name)
        if ab.untap_cost or (tapped and not ab.fuse):
            continue
        if not first:
            found += [a for a in ability_instances(game, me, eid, ab, listed) if check_action(game, a).ok]
            continue
        try:
            usable_ability(game, eid, ab.name)
            ability_cost(game, eid, ab, me)
        except Rejected:
            continue
        found += ability_instances(game, me, eid, ab, listed, checked=True)
    return found


def ability_instances(game: Table, me: str, eid: int, ab: Ability, listed: Listed,
                      checked: bool = False) -> list[Action]:
    """One ability's targets in range and, for forced movement, its paths; `checked` keeps only those the
    per-target checks of `apply` accept (without it: the candidates for a full check)."""
    base: Action = {"act": "ability", "card": game.ref(eid), "ability": ab.name}
    if ab.target is None or ab.target == "self":
        if checked:
            try:
                forced_path(game, ab, eid, None)
            except Rejected:
                return []
        return [base]
    here = game.pos(eid)
    shift = moves_of(ab)
    found: list[Action] = []
    options = listed(ab.target, eid)
    reach = ab.range
    stunned = checked and stun_holds(game, eid)
    for t in options:
        there = game.pos(t)
        if here is not None and there is not None and abs(here[0] - there[0]) + abs(here[1] - there[1]) > reach:
            continue
        if checked:
            try:
                check_ability_target(game, eid, ab, t, me, options)
                stunned_against(game, eid, t, me, stunned)
            except Rejected:
                continue
        action = {**base, "target": game.ref(t)}
        if not shift:
            found.append(action)
            continue
        for path in short_paths(game, t, 2):
            if checked:
                try:
                    forced_path(game, ab, t, path)
                except Rejected:
                    continue
            found.append({**action, "path": path})
    return found


def short_paths(game: Table, eid: int, most: int) -> list[list[list[int]]]:
    """Paths of 1..most orthogonal steps from a character's square (forced movement)."""
    start = game.pos(eid)
    if start is None:
        return []
    paths: list[list[list[int]]] = []
    frontier: list[list[tuple[int, int]]] = [[start]]
    for _ in range(most):
        grown = []
        for path in frontier:
            x, y = path[-1]
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt not in path and 0 <= nxt[0] < COLS and 0 <= nxt[1] < ROWS:
                    grown.append([*path, nxt])
        paths += [[list(s) for s in p[1:]] for p in grown]
        frontier = grown
    return paths


def activations(game: Table, me: str, eid: int) -> list[Action]:
    """SC-6, SC-7: a relic's abilities it may activate now, with every way to pay their untap costs."""
    tapped = [game.ref(e) for e in game.characters() if game.controller(e) == me and game.is_tapped(e)]
    found = []
    for ab in game.defn(eid).abilities:
        if not ab.untap_cost:
            continue
        try:
            first = activatable(game, eid, ab.name)
        except Rejected:
            continue
        if first.untap_cost != ab.untap_cost:
            continue
        found += [{"act": "activate", "card": game.ref(eid), "ability": ab.name, "pay": list(pay)}
                  for pay in combinations(tapped, ab.untap_cost)]
    return found
