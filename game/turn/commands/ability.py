"""`ability`: a character uses an Ability or plays a Fuse (G-5, SE-12), paying its stones (SE-8, SE-11)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.cards import Ability
from game.core.table import Outcome, Square
from game.rules.combat import blind_check
from game.rules.effects import candidates, queue_effects
from game.rules.status import stone_cost
from game.turn.commands.checks import (
    Rejected,
    can_act,
    card_of,
    own_character,
    ready_to_act,
    rejecting,
    require_main,
    square_of,
    stun_holds,
    stunned_against,
)
from game.turn.commands.moment import Action, Moment
from game.turn.commands.paths import NEIGHBOURS, check_path

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class AbilityPlan:
    """What using an ability needs: the character, the ability, its target, its cost in stones and the path
    it moves its target along (None: it moves nothing)."""

    card: int
    ability: Ability
    target: int
    cost: int
    steps: tuple[Square, ...] | None


@dataclass(frozen=True)
class UseAbility:
    """G-5: use a character's Ability (taps it) or play a Fuse (does not tap, SE-12); Blind rolls only when
    it targets an enemy character (SE-1, R-3)."""

    label: ClassVar[str] = "Use an ability"
    listed: ClassVar[str] = "character"

    by: str
    card: Any = None
    ability: Any = None
    target: Any = None
    path: Any = None

    @rejecting
    def check(self, game: Table) -> AbilityPlan:
        """The character of yours, an ability it may use now and pay for, its target and its path."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ab = usable_ability(game, eid, self.ability)
        cost = ability_cost(game, eid, ab, self.by)
        target = ability_target(game, eid, ab, self.target, self.by)
        stunned_against(game, eid, target, self.by)
        steps = forced_path(game, ab, target, self.path)
        return AbilityPlan(eid, ab, target, cost, None if steps is None else tuple(steps))

    def run(self, game: Table, plan: AbilityPlan) -> None:
        """Pay, tap (not for a Fuse), roll for Blind on an enemy character, then queue the effects."""
        eid, ab, target = plan.card, plan.ability, plan.target
        if plan.cost:
            game.gain_stones(self.by, -plan.cost)
        if not ab.fuse:
            game.tap(eid)
        game.emit("AbilityUsed", card=game.ref(eid), ability=ab.name, target=game.ref(target), cost=plan.cost)
        if game.is_character(target) and game.is_enemy(self.by, target) and not blind_check(game, eid, ab.name):
            game.emit("AbilityFailed", card=game.ref(eid), ability=ab.name, reason="Blind roll failed (SE-1)")
            return
        extra = {"path": [list(s) for s in plan.steps]} if plan.steps else {}
        queue_effects(game, ab.effects, eid, self.by, chosen=game.ref(target), extra=extra)

    @staticmethod
    def legal(moment: Moment, eid: int) -> list[Action]:
        """G-5, SE-8, SE-11, SE-12: a character's abilities it may use now, on each target in range (and path)."""
        game, me = moment.game, moment.me
        abilities = game.defn(eid).abilities
        found: list[Action] = []
        if not abilities or not game.abilities_work(eid):  # most characters have none to ask about
            return found
        tapped = game.is_tapped(eid)
        named: set[str] = set()
        for ab in abilities:
            first = ab.name not in named  # the ability a command naming it gets (`ability_named`)
            named.add(ab.name)
            if ab.untap_cost or (tapped and not ab.fuse):
                continue
            if not first:
                found += [a for a in ability_instances(moment, eid, ab) if accepted(game, me, a)]
                continue
            try:
                usable_ability(game, eid, ab.name)
                ability_cost(game, eid, ab, me)
            except Rejected:
                continue
            found += ability_instances(moment, eid, ab, checked=True)
        return found


# ----- the ability, its cost, its target, its path ---------------------------------------------------------


def ability_named(game: Table, eid: int, name: Any) -> Ability:
    """An ability of a card by name."""
    for ab in game.defn(eid).abilities:
        if ab.name == name:
            return ab
    raise Rejected(f"{game.name(eid)} has no ability named {name!r}")


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


def ability_target(game: Table, eid: int, ab: Ability, given: Any, by: str) -> int:
    """The target of a character's ability: a legal kind, not in stasis (ST-7), in range (G-5)."""
    if ab.target is None or ab.target == "self":
        if given is not None:
            raise Rejected(f"{ab.name} takes no target: it affects {game.name(eid)} itself")
        return eid
    target = card_of(game, given, "target") if given is not None else None
    if target is None:
        raise Rejected(f"{ab.name} needs a target")
    check_ability_target(game, eid, ab, target, by)
    return target


def check_ability_target(game: Table, eid: int, ab: Ability, target: int, by: str) -> None:
    """A card an ability of a character names: not in stasis (ST-7), one its filter allows, in range (G-5)."""
    assert ab.target is not None
    if game.in_stasis(target):
        raise Rejected(f"{game.name(target)} is in stasis: no ability can target it (ST-7)")
    if target not in candidates(game, ab.target, by, eid):
        what = ab.target.replace("_", " ")
        raise Rejected(f"{game.name(target)} is not a legal target for {ab.name} (it needs: {what})")
    here, there = game.pos(eid), game.pos(target)
    if there is not None and here is not None and game.distance(here, there) > ab.range:
        raise Rejected(f"{game.name(target)} is out of range for {ab.name} "
                       f"({game.distance(here, there)} > {ab.range}, G-5)")


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


# ----- the legal instances ---------------------------------------------------------------------------------


def accepted(game: Table, me: str, action: Action) -> bool:
    """Whether the whole check accepts an ability action (for an ability whose name an earlier one shares: a
    command naming it gets that earlier one)."""
    fields = {k: v for k, v in action.items() if k != "act"}
    return not isinstance(UseAbility(by=me, **fields).check(game), Outcome)


def ability_instances(moment: Moment, eid: int, ab: Ability, checked: bool = False) -> list[Action]:
    """One ability's targets in range and, for forced movement, its paths; `checked` keeps only those the
    per-target checks of `check` accept (without it: the candidates for a full check)."""
    game, me = moment.game, moment.me
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
    options = moment.candidates(ab.target, eid)
    reach = ab.range
    stunned = checked and stun_holds(game, eid)
    for t in options:
        there = game.pos(t)
        if here is not None and there is not None and abs(here[0] - there[0]) + abs(here[1] - there[1]) > reach:
            continue
        if checked and (game.in_stasis(t) or (stunned and game.is_enemy(me, t))):
            continue  # all `check_ability_target` (ST-7) and `stunned_against` (SE-10) leave to ask of a candidate
        action = {**base, "target": game.ref(t)}
        if not shift:
            found.append(action)
            continue
        paths = open_paths(game, t, max(e.get("steps", 1) for e in shift)) if checked else short_paths(game, t, 2)
        found += [{**action, "path": path} for path in paths]
    return found


def short_paths(game: Table, eid: int, most: int, blocked: Collection[Square] = ()) -> list[list[list[int]]]:
    """Paths of 1..most orthogonal steps from a character's square (forced movement), none through a `blocked`
    square (a path is not grown past one: every longer path from it goes through it too)."""
    start = game.pos(eid)
    if start is None:
        return []
    paths: list[list[list[int]]] = []
    frontier: list[list[Square]] = [[start]]
    for _ in range(most):
        grown = []
        for path in frontier:
            for nxt in NEIGHBOURS[path[-1]]:
                if nxt not in path and nxt not in blocked:
                    grown.append([*path, nxt])
        paths += [[list(s) for s in p[1:]] for p in grown]
        frontier = grown
    return paths


def open_paths(game: Table, eid: int, most: int) -> list[list[list[int]]]:
    """The paths of `short_paths(game, eid, 2)`, in their order, that `forced_path` accepts for forced movement of at
    most `most` steps: no longer than that, through empty squares only (every step is orthogonal and on the board
    already)."""
    return short_paths(game, eid, min(most, 2), game.occupied().keys())
