"""The index check (`game.core.index_check.index_problems`, what `sim --check` runs at each end of turn) names
exactly the indexes a slow reference names: every index rebuilt from a full scan of the components and compared, after
random corruptions of components and of indexes in seeded games."""

from __future__ import annotations

import random
from typing import Any

import esper
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import components as c
from game.core.constants import CHARACTER_KINDS, ZONES
from game.core.index_check import by_player_agrees, in_zone_order, index_problems
from game.engine import Game

# ----- the reference: the check before it read the cards in one pass ---------------------------------------


def same_objects(kept: dict[int, Any], kind: type, game: Game) -> bool:
    """Whether an index holds the very components of this type that the world holds, under the same entities."""
    having = game.table._entities_of_type.get(kind)
    if len(kept) != (len(having) if having is not None else 0):
        return False
    return all(game.table._components_of.get(eid, {}).get(kind) is found for eid, found in kept.items())


def reference_index_problems(game: Game) -> list[str]:
    """Every index that differs from one rebuilt from a full scan of the components (scan dicts made whole)."""
    table = game.table
    problems = []
    same_zones = same_objects(table._zone_of, c.Zone, game)
    same_cards = same_objects(table._card, c.Card, game)
    for name, agrees in (("_zone_of", same_zones), ("_card", same_cards)):
        if not agrees:
            problems.append(f"index {name} differs from a full scan")
    zone_of = table._zone_of if same_zones else dict(table.scan(c.Zone))
    cards = table._card if same_cards else dict(table.scan(c.Card))
    owner = {eid: (o.player if (o := table.get(eid, c.Owner)) else None) for eid in table.refs.values()}
    ctrl = {eid: (k.player if (k := table.get(eid, c.Controller)) else None) for eid in table.refs.values()}
    if table._owner != owner or table._controller != ctrl:
        problems.append("index _owner/_controller differs from a full scan")
    stasis = {e: n.n for e, n in table.scan(c.StasisCounters)}
    owned = sum(owner.get(e) is not None for e in zone_of)
    controlled = sum(ctrl.get(e) is not None for e in zone_of)
    ready = sum(ctrl.get(e) is not None and z.name == "stasis" and not stasis.get(e) for e, z in zone_of.items())
    on_board = sum(z.name == "board" and cards[e].kind in CHARACTER_KINDS for e, z in zone_of.items())
    zones_agree = (all(in_zone_order(found, zone, zone_of) for zone, found in table._zones.items())
                   and sum(len(found) for found in table._zones.values()) == len(zone_of))
    ready_agrees = (all(in_zone_order(found, "stasis", zone_of)
                        and all(ctrl.get(eid) == who and not stasis.get(eid) for eid in found)
                        for who, found in table._ready.items())
                    and sum(len(found) for found in table._ready.values()) == ready)
    characters_agree = (in_zone_order(table._characters, "board", zone_of) and len(table._characters) == on_board
                        and all(cards[eid].kind in CHARACTER_KINDS for eid in table._characters))
    for name, agrees in (("_zones", zones_agree),
                         ("_owned", by_player_agrees(table._owned, owner, zone_of, owned)),
                         ("_controlled", by_player_agrees(table._controlled, ctrl, zone_of, controlled)),
                         ("_ready", ready_agrees), ("_characters", characters_agree)):
        if not agrees:
            problems.append(f"index {name} differs from a full scan")
    square_of = {e: (p.x, p.y) for e, p in table.scan(c.BoardPos)}
    squares = {sq: e for e, sq in square_of.items() if zone_of[e].name == "board"}
    locations = {sq: e for e, sq in square_of.items() if zone_of[e].name == "location"}
    if table._square_of != square_of or table._squares != squares or table._locations != locations:
        problems.append("index _squares/_locations differs from a full scan")
    return problems


# ----- corruptions: what a bug around the table could do -------------------------------------------------


def corrupt(game: Game, rng: random.Random) -> str:
    """Change one component or one index entry behind the table's back; says what it did."""
    eid = rng.choice(list(game.table.refs.values()))
    ref = game.table.ref(eid)
    zone = game.table.get(eid, c.Zone)
    kind = rng.randrange(12)
    if kind == 0 and zone is not None:
        zone.name = rng.choice([z for z in ZONES if z != zone.name])
        return f"{ref} zone -> {zone.name}"
    if kind == 1 and zone is not None:
        zone.seq = rng.randrange(game.table.seq + 2)
        return f"{ref} seq -> {zone.seq}"
    if kind == 2 and zone is not None:
        esper.add_component(eid, c.Zone(zone.name, zone.seq))
        return f"{ref} zone copied"
    if kind in (3, 4):
        holder: type[c.Owner] | type[c.Controller] = c.Owner if kind == 3 else c.Controller
        held = game.table.get(eid, holder)
        player = rng.choice(game.table.players_order)
        if held is None:
            esper.add_component(eid, holder(player))
        elif rng.random() < 0.5:
            esper.remove_component(eid, holder)
        else:
            held.player = player
        return f"{ref} {holder.__name__}"
    if kind == 5:
        pos = game.table.get(eid, c.BoardPos)
        if pos is None:
            esper.add_component(eid, c.BoardPos(rng.randrange(7), rng.randrange(5)))
        else:
            pos.x = rng.randrange(7)
        return f"{ref} square"
    if kind == 6:
        counters = game.table.get(eid, c.StasisCounters)
        if counters is None:
            esper.add_component(eid, c.StasisCounters(rng.randrange(2)))
        else:
            counters.n = 1 - min(counters.n, 1)
        return f"{ref} stasis counters"
    if kind == 7:
        esper.add_component(eid, c.Card(ref, game.table.name(eid), rng.choice(["minion", "action", "monster"])))
        return f"{ref} card kind"
    table = game.table
    grouped: list[dict[Any, dict[int, None]]] = [table._zones, table._owned, table._controlled, table._ready]
    index = rng.choice(grouped)
    entries = [found for found in index.values() if found]
    if kind in (8, 9) and entries:
        found = rng.choice(entries)
        victim = rng.choice(list(found))
        del found[victim]
        if kind == 9:
            found[victim] = None
        return "index entry dropped" if kind == 8 else "index entry moved last"
    if kind == 10 and entries:
        rng.choice(entries)[eid] = None
        return f"{ref} added to an index entry"
    per_card: list[dict[int, Any]] = [game.table._owner, game.table._controller, game.table._square_of]
    table = rng.choice(per_card)
    if eid in table:
        del table[eid]
    return f"{ref} dropped from a per-card index"


def played(seed: int, commands: int) -> Game:
    """A seeded random game after some commands."""
    rng = random.Random(seed)
    game = Game.new(["Ada", "Bo"], seed=seed)
    for _ in range(commands):
        if game.table.turn.phase == "over":
            break
        assert game.act(rng.choice(game.legal_actions())).ok
    return game


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 40), commands=st.integers(0, 120), changes=st.integers(1, 3),
       corruption=st.integers(0, 2**32))
def test_the_index_check_names_what_a_full_rebuild_names(seed: int, commands: int, changes: int,
                                                        corruption: int) -> None:
    """After one to three random corruptions of components or indexes, the check names exactly the indexes that
    differ from a full rebuild (and none when a corruption happens to change nothing)."""
    game = played(seed, commands)
    assert index_problems(game.table) == reference_index_problems(game) == []
    rng = random.Random(corruption)
    done = [corrupt(game, rng) for _ in range(changes)]
    assert index_problems(game.table) == reference_index_problems(game), done
    game.close()


def test_the_index_check_agrees_at_every_end_of_turn_of_seeded_games() -> None:
    """In seeded random games the check and the rebuild both find nothing at each end of turn."""
    turns = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = Game.new(["Ada", "Bo"], seed=seed)
        while game.table.turn.phase != "over" and game.table.turn.turn <= 60:
            turn = game.table.turn.turn
            assert game.act(rng.choice(game.legal_actions())).ok
            if game.table.turn.turn != turn:
                turns += 1
                assert index_problems(game.table) == reference_index_problems(game) == []
        game.close()
    assert turns > 60


def test_a_corrupted_index_is_caught() -> None:
    """The corruptions are real: most of them make the check name an index (it is not vacuously empty)."""
    caught = 0
    for trial in range(60):
        game = played(trial, 40)
        corrupt(game, random.Random(trial))
        caught += bool(index_problems(game.table))
        game.close()
    assert caught >= 40
