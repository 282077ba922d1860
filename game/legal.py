"""Legal actions: every command the acting player may give now, each one checked by `apply`'s own checks."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

import esper

from game.commands import check_action
from game.components import Stats
from game.constants import COLS, ROWS
from game.effects import candidates
from game.stats import mv_left

if TYPE_CHECKING:
    from game.table import Table


def legal_actions(game: Table) -> list[dict[str, Any]]:
    """Candidate actions filtered by `check_action`, so the list and `apply` always agree."""
    return [a for a in candidate_actions(game) if check_action(game, a).ok]


def candidate_actions(game: Table) -> list[dict[str, Any]]:
    """Every action worth checking in this state (a superset of the legal ones)."""
    if game.turn.phase == "over":
        return []
    if game.pending:
        return [{"act": "choose", "option": o} for o in game.pending["options"]]
    if game.turn.phase != "main":
        return []
    me = game.active().name
    found: list[dict[str, Any]] = []
    for eid in game.zone_cards("hand", me, by="controller"):
        found += plays(game, me, eid, "play", game.defn(eid).target)
    for eid in game.zone_cards("stasis", me, by="controller"):
        card = game.defn(eid)
        found += plays(game, me, eid, "play_from_stasis", card.from_stasis_target or card.target)
    for eid in game.characters():
        if game.controller(eid) == me:
            found += character_actions(game, me, eid)
    for eid in game.zone_cards("board"):
        if game.kind(eid) == "relic" and game.controller(eid) == me:
            found += relic_actions(game, me, eid)
    found.append({"act": "end_turn"})
    return found


def plays(game: Table, me: str, eid: int, act: str, target: str | None) -> list[dict[str, Any]]:
    """Plays of one card: each square (for minions) times each target."""
    ref = game.ref(eid)
    squares: list[list[int] | None] = [None]
    if game.kind(eid) == "minion":
        spots = game.home_squares(me) + list(game.location_squares())
        squares = [list(s) for s in spots if game.at(s) is None]
    targets: list[str | None] = [None]
    if target is not None:
        found: list[str | None] = [game.ref(e) for e in candidates(game, target, me, eid) if e != eid]
        targets = found or [None]
    return [
        {"act": act, "card": ref, **({"to": s} if s else {}), **({"target": t} if t else {})}
        for s in squares for t in targets
    ]


def character_actions(game: Table, me: str, eid: int) -> list[dict[str, Any]]:
    """Moves within MV, attacks within range, and abilities of one character."""
    ref = game.ref(eid)
    here = game.pos(eid)
    assert here is not None
    budget = 0 if game.is_tapped(eid) else mv_left(game, eid)
    found: list[dict[str, Any]] = [
        {"act": "move", "card": ref, "to": [x, y]} for x in range(COLS) for y in range(ROWS)
        if 0 < game.distance(here, (x, y)) <= budget
    ]
    reach = esper.component_for_entity(eid, Stats).range
    if not game.is_tapped(eid):
        found += [{"act": "attack", "card": ref, "target": game.ref(t)} for t in game.characters()
                  if t != eid and game.distance(here, game.pos(t) or here) <= reach]
    for ab in game.defn(eid).abilities:
        if ab.untap_cost or (game.is_tapped(eid) and not ab.fuse):
            continue
        if ab.target in (None, "self"):
            found.append({"act": "ability", "card": ref, "ability": ab.name})
            continue
        for t in candidates(game, ab.target, me, eid):
            there = game.pos(t)
            if there is not None and game.distance(here, there) > ab.range:
                continue
            action = {"act": "ability", "card": ref, "ability": ab.name, "target": game.ref(t)}
            if any(e["op"] == "move" for e in ab.effects):
                found += [{**action, "path": p} for p in short_paths(game, t, 2)]
            else:
                found.append(action)
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


def relic_actions(game: Table, me: str, eid: int) -> list[dict[str, Any]]:
    """A relic's abilities with every way to pay their untap costs."""
    tapped = [game.ref(e) for e in game.characters() if game.controller(e) == me and game.is_tapped(e)]
    return [
        {"act": "activate", "card": game.ref(eid), "ability": ab.name, "pay": list(pay)}
        for ab in game.defn(eid).abilities if ab.untap_cost
        for pay in combinations(tapped, ab.untap_cost)
    ]
