"""Generated legal actions (issue 12, G-3..G-6, ST-11, SC-6): the list equals the old guess-and-check list at
every decision of hundreds of seeded bot games, `apply` accepts an action exactly when the list holds it, and
the table's indexes always equal a full scan of the components; a uniform pick that counts the actions takes
what `random.choice` takes from the whole list with the same dice."""

from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations, product
from typing import Any

import esper
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.core import components as c
from game.core.constants import COLS, ROWS
from game.core.index_check import index_problems
from game.engine import Game
from game.io.setup import standard_decks
from game.rules.effects import candidates
from game.rules.stats import mv_left
from game.turn.commands import check_action
from game.turn.commands.ability import short_paths
from game.turn.commands.command import COMMANDS, FIELDS

# ----- the reference: today's approach before issue 12 (every candidate through the full check) -----------


def reference_legal(game: Game) -> list[dict[str, Any]]:
    """Candidate actions (a superset of the legal ones) filtered through `check_action`: slow, and obviously
    right, since it asks `apply`'s own checks about every action worth asking about."""
    return [a for a in reference_candidates(game) if check_action(game.table, a).ok]


def reference_candidates(game: Game) -> list[dict[str, Any]]:
    """Every action worth checking in this state."""
    table = game.table
    if table.turn.phase == "over":
        return []
    if table.pending:
        return [{"act": "choose", "option": o} for o in table.pending["options"]]
    if table.turn.phase != "main":
        return []
    me = table.active().name
    found: list[dict[str, Any]] = []
    for eid in table.zone_cards("hand", me, by="controller"):
        found += reference_plays(game, me, eid, "play", table.defn(eid).target)
    for eid in table.zone_cards("stasis", me, by="controller"):
        card = table.defn(eid)
        found += reference_plays(game, me, eid, "play_from_stasis", card.from_stasis_target or card.target)
    for eid in table.characters():
        if table.controller(eid) == me:
            found += reference_character_actions(game, me, eid)
    for eid in table.zone_cards("board"):
        if table.kind(eid) == "relic" and table.controller(eid) == me:
            tapped = [table.ref(e) for e in table.characters() if table.controller(e) == me and table.is_tapped(e)]
            found += [{"act": "activate", "card": table.ref(eid), "ability": ab.name, "pay": list(pay)}
                      for ab in table.defn(eid).abilities if ab.untap_cost
                      for pay in combinations(tapped, ab.untap_cost)]
    found += [a for act in sorted(set(COMMANDS) - KNOWN_ACTS) for a in unknown_kind_candidates(game, me, act)]
    found.append({"act": "end_turn"})
    return found


KNOWN_ACTS = {"play", "play_from_stasis", "move", "attack", "ability", "activate", "choose", "end_turn", "effect"}
"""The kinds the reference above enumerates by hand; any other kind of COMMANDS gets the candidates below."""


def unknown_kind_candidates(game: Game, me: str, act: str) -> list[dict[str, Any]]:
    """A kind the reference doesn't know (a new command): every combination of its fields' plausible values (a
    card: each of the player's cards and each character; a square; a target: each card), all given."""
    table = game.table
    mine = [table.ref(e) for z in ("hand", "stasis", "board") for e in table.zone_cards(z, me, by="controller")]
    domains: dict[str, list[Any]] = {
        "card": sorted(set(mine) | {table.ref(e) for e in table.characters()}),
        "to": [[x, y] for x in range(COLS) for y in range(ROWS)],
        "target": sorted(table.refs),
    }
    names = sorted(FIELDS[COMMANDS[act]])
    unknown = [name for name in names if name not in domains]
    assert unknown == [], f"the reference has no candidates for {act}'s fields {unknown}: add them to `domains`"
    return [{"act": act, **dict(zip(names, values, strict=True))}
            for values in product(*(domains[name] for name in names))]


def reference_plays(game: Game, me: str, eid: int, act: str, target: str | None) -> list[dict[str, Any]]:
    """Plays of one card: each square (for minions) times each target."""
    table = game.table
    squares: list[list[int] | None] = [None]
    if table.kind(eid) == "minion":
        spots = table.home_squares(me) + list(table.location_squares())
        squares = [list(s) for s in spots if table.at(s) is None]
    targets: list[str | None] = [None]
    if target is not None:
        named: list[str | None] = [table.ref(e) for e in candidates(game.table, target, me, eid) if e != eid]
        targets = named or [None]
    return [{"act": act, "card": table.ref(eid), **({"to": s} if s else {}), **({"target": t} if t else {})}
            for s in squares for t in targets]


def reference_character_actions(game: Game, me: str, eid: int) -> list[dict[str, Any]]:
    """Moves to every square within MV, attacks on every character in range, abilities on every target."""
    table = game.table
    ref = table.ref(eid)
    here = table.pos(eid)
    assert here is not None
    budget = 0 if table.is_tapped(eid) else mv_left(game.table, eid)
    found: list[dict[str, Any]] = [{"act": "move", "card": ref, "to": [x, y]} for x in range(COLS)
                                   for y in range(ROWS) if 0 < table.distance(here, (x, y)) <= budget]
    reach = esper.component_for_entity(eid, c.Stats).range
    if not table.is_tapped(eid):
        found += [{"act": "attack", "card": ref, "target": table.ref(t)} for t in table.characters()
                  if t != eid and table.distance(here, table.pos(t) or here) <= reach]
    for ab in table.defn(eid).abilities:
        if ab.untap_cost or (table.is_tapped(eid) and not ab.fuse):
            continue
        if ab.target in (None, "self"):
            found.append({"act": "ability", "card": ref, "ability": ab.name})
            continue
        assert ab.target is not None
        for t in candidates(game.table, ab.target, me, eid):
            there = table.pos(t)
            if there is not None and table.distance(here, there) > ab.range:
                continue
            action = {"act": "ability", "card": ref, "ability": ab.name, "target": table.ref(t)}
            if any(e["op"] == "move" for e in ab.effects):
                found += [{**action, "path": p} for p in short_paths(game.table, t, 2)]
            else:
                found.append(action)
    return found


def as_set(actions: list[dict[str, Any]]) -> set[str]:
    """Actions as a set of canonical JSON strings."""
    return {json.dumps(a, sort_keys=True) for a in actions}


# ----- at every decision of seeded bot games, the generated list is the reference list -------------------


def decks_for(i: int) -> list[str]:
    """Deck pairs rotating through the standard decks."""
    keys = list(standard_decks())
    return [keys[i % len(keys)], keys[(i + 1 + i // len(keys)) % len(keys)]]


def compare_game(seed: int, bots: list[str]) -> int:
    """Play one seeded game, comparing the lists at every decision (and what `other_than_ending`, which lists
    only up to the first action but ending the turn, says of them, and the whole list a listing gives after
    that question); returns the decisions compared."""
    game = Game.new(["P1", "P2"], decks_for(seed), seed)
    players = {n: make_bot(b, seed * 31 + i) for i, (n, b) in enumerate(zip(["P1", "P2"], bots, strict=True))}
    decisions = 0
    try:
        while game.table.turn.phase != "over" and game.table.turn.turn <= 120 and decisions < 4000:
            legal = game.legal_actions()
            expected = reference_legal(game)
            assert as_set(legal) == as_set(expected), (
                f"seed {seed} decision {decisions}: extra {as_set(legal) - as_set(expected)}, "
                f"missing {as_set(expected) - as_set(legal)}; history {json.dumps(game.table.history)}")
            assert len(legal) == len(as_set(legal)), f"seed {seed}: an action is listed twice"
            ending = {"act": "end_turn"} in legal
            assert game.other_than_ending() == (any(a["act"] != "end_turn" for a in legal) if ending else None)
            resumed = game.listing()
            assert resumed.other_than_ending() == game.other_than_ending() and resumed.actions() == legal
            others = [a for a in legal if a["act"] != "end_turn"]
            draw = seed * 10_000 + decisions
            picked = game.listing().pick(random.Random(draw).randrange)
            assert picked == (random.Random(draw).choice(others) if others else None), f"seed {seed}: a pick"
            assert game.act(players[game.table.acting_player()].choose(Observation.of(game))).ok
            decisions += 1
    finally:
        game.close()
    return decisions


RANDOM_GAMES = 160
GREEDY_GAMES = 80


def compare_games(seeds: list[int], bots: list[list[str]]) -> list[int]:
    """Compare many games in two worker processes (this machine has two cores)."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        return list(pool.map(compare_game, seeds, bots, chunksize=8))


def test_generated_list_equals_the_checked_candidates_in_random_games() -> None:
    """160 seeded random-vs-random games: at every decision the generated list equals the reference."""
    decisions = compare_games([7000 + i for i in range(RANDOM_GAMES)], [["random", "random"]] * RANDOM_GAMES)
    assert min(decisions) > 10 and sum(decisions) > RANDOM_GAMES * 50


def test_generated_list_equals_the_checked_candidates_in_greedy_games() -> None:
    """80 seeded greedy-vs-greedy and greedy-vs-random games: at every decision the lists are equal."""
    bots = [["greedy-v1", "greedy-v1" if i % 2 else "random"] for i in range(GREEDY_GAMES)]
    decisions = compare_games([8000 + i for i in range(GREEDY_GAMES)], bots)
    assert min(decisions) > 10 and sum(decisions) > GREEDY_GAMES * 20


# ----- apply accepts an action exactly when the list contains it ------------------------------------------


STATES: dict[tuple[int, int, str], Game] = {}


def state_for(seed: int, steps: int, bot: str) -> Game:
    """A cached mid-game state: a standard game played `steps` bot decisions in."""
    key = (seed, steps, bot)
    if key not in STATES:
        game = Game.new(["Ada", "Bo"], decks_for(seed), seed)
        players = {"Ada": make_bot(bot, seed), "Bo": make_bot(bot, seed + 1)}
        for _ in range(steps):
            legal = game.legal_actions()
            if not legal:
                break
            assert game.act(players[game.table.acting_player()].choose(Observation.of(game))).ok
        STATES[key] = game
    return STATES[key]


def any_action(draw: Any, game: Game) -> dict[str, Any]:
    """A random action: often one from the list, otherwise one built from this state's refs, squares, abilities."""
    table = game.table
    legal = game.legal_actions()
    if legal and draw(st.booleans()):
        return dict(draw(st.sampled_from(legal)))
    refs = sorted(table.refs)
    me = table.acting_player()
    near = sorted({table.ref(e) for e in table.characters()}
                  | {table.ref(e) for z in ("hand", "stasis", "board")
                     for e in table.zone_cards(z, me, by="controller")})
    ref = st.sampled_from(near) | st.sampled_from(refs)
    abilities = sorted({a.name for e in table.cards() for a in table.defn(e).abilities}) or ["none"]
    act = draw(st.sampled_from([act for act in COMMANDS if act != "effect"]))
    action: dict[str, Any] = {"act": act}
    if act != "end_turn" and act != "choose":
        action["card"] = draw(ref)
    if act in ("play", "play_from_stasis", "move") and draw(st.booleans()):
        action["to"] = draw(st.sampled_from([[x, y] for x in range(COLS) for y in range(ROWS)]))
    if act in ("play", "play_from_stasis", "attack", "ability") and draw(st.booleans()):
        action["target"] = draw(ref)
    if act in ("ability", "activate"):
        action["ability"] = draw(st.sampled_from(abilities))
    if act == "activate":
        action["pay"] = draw(st.lists(ref, max_size=2, unique=True))
    if act == "choose":
        options = list(table.pending["options"]) if table.pending else []
        action["option"] = draw(st.sampled_from([*options, "yes", "no", 0, 1, *refs[:3]]))
    return action


def listed_form(game: Game, action: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The form the list gives an action `apply` treats as the same: a play naming no target where exactly one
    target is legal names it (docs/formats.md); a relic's untap cost names its payers in table order."""
    if action["act"] in ("play", "play_from_stasis") and "target" not in action:
        same = [a for a in legal if {k: v for k, v in a.items() if k != "target"} == action and "target" in a]
        return same[0] if len(same) == 1 else action
    if action["act"] == "activate" and isinstance(action.get("pay"), list):
        for a in legal:
            if a["act"] == "activate" and {**a, "pay": None} == {**action, "pay": None} \
                    and sorted(a["pay"]) == sorted(action["pay"]):
                return a
    return action


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.sampled_from([1, 2, 3, 5, 8, 13]), steps=st.sampled_from([0, 15, 40, 80, 140]),
       bot=st.sampled_from(["random", "greedy-v1"]))
def test_apply_accepts_exactly_the_listed_actions(data: Any, seed: int, steps: int, bot: str) -> None:
    """G-3..G-6: for random states and random actions, `apply`'s check accepts an action exactly when the
    generated list contains it (in its listed form)."""
    game = state_for(seed, steps, bot)
    legal = game.legal_actions()
    action = listed_form(game, data.draw(st.composite(lambda draw: any_action(draw, game))()), legal)
    outcome = game.check(action)
    assert outcome.ok == (action in legal), f"seed {seed} steps {steps}: {action}: {outcome}"


# ----- the indexes equal a full scan ----------------------------------------------------------------------


def test_indexes_equal_a_full_scan_after_every_command() -> None:
    """Cards by zone, owner and controller, squares, locations, characters and ready stasis cards: after every
    command of seeded random games, and in a restored copy, each index equals a scan of the components."""
    commands = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(["Ada", "Bo"], decks_for(seed), seed)
        assert index_problems(game.table) == []
        while game.table.turn.phase != "over" and game.table.turn.turn <= 60:
            assert game.act(rng.choice(game.legal_actions())).ok
            commands += 1
            assert index_problems(game.table) == [], f"seed {seed} after {game.table.history[-1]}"
            if commands % 25 == 0:
                again = Game.from_state(game.to_state())
                assert index_problems(again.table) == []
                assert again.legal_actions() == game.legal_actions()
                again.close()
                game.table.enter()
        game.close()
    assert commands > 300


def test_a_change_around_the_table_shows_in_the_index_check() -> None:
    """A square or zone changed on the components directly (not through the table) is caught by the check."""
    game = Game.new(["Ada", "Bo"], seed=1)
    golem = game.table.characters()[0]
    assert game.table.pos(golem) == (3, 2)
    esper.component_for_entity(golem, c.BoardPos).x = 0
    assert index_problems(game.table) == ["index _squares/_locations differs from a full scan"]
    game.table.place_at(golem, (0, 2))
    assert index_problems(game.table) == []
    assert game.table.at((0, 2)) == golem and game.table.at((3, 2)) is None
    card = game.table.zone_cards("hand", "Ada")[0]
    esper.component_for_entity(card, c.Zone).name = "discard"
    assert "index _zones differs from a full scan" in index_problems(game.table)
    assert "index _owned differs from a full scan" in index_problems(game.table)
    game.close()


def test_the_index_check_sees_arrival_order_and_a_dropped_entry() -> None:
    """Two deck cards whose arrival numbers are swapped on their components, and a hand card dropped from one
    index only, are each caught by the check, naming just the indexes that differ."""
    game = Game.new(["Ada", "Bo"], seed=1)
    first, second = game.table.zone_cards("deck", "Ada")[:2]
    zone_a, zone_b = esper.component_for_entity(first, c.Zone), esper.component_for_entity(second, c.Zone)
    zone_a.seq, zone_b.seq = zone_b.seq, zone_a.seq
    assert index_problems(game.table) == ["index _zones differs from a full scan",
                                           "index _owned differs from a full scan",
                                           "index _controlled differs from a full scan"]
    zone_a.seq, zone_b.seq = zone_b.seq, zone_a.seq
    assert index_problems(game.table) == []
    card = game.table.zone_cards("hand", "Ada")[0]
    del game.table._controlled[("hand", "Ada")][card]
    assert index_problems(game.table) == ["index _controlled differs from a full scan"]
    game.close()
