"""Each game lives in its own esper world (docs/architecture.md "Worlds", G-8): games in one process never mix."""

from __future__ import annotations

import gc

import esper
from conftest import events, setup
from test_stun_counters import card, state_of, table

from game.core import components as c
from game.core.index_check import index_problems


def test_two_games_interleaved() -> None:
    """G-8: two games played in turns in one process each see only their own entities, systems and log."""
    first = setup(table(
        card("tl", "Tidal Lock", "Ada", zone="hand"),
        card("x1", "Footman", "Bo", pos=[3, 4]),
    ))
    second = setup(table(
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("y1", "Footman", "Ada", pos=[1, 0], tapped=True),
        card("y2", "Footman", "Bo", pos=[3, 4], tapped=True),
    ))
    assert first.table.world != second.table.world
    assert first.act({"act": "play", "card": "tl", "target": "x1"}).ok
    assert second.act({"act": "play", "card": "horn"}).ok
    assert first.act({"act": "end_turn"}).ok
    assert second.act({"act": "end_turn"}).ok

    one, two = first.view(), second.view()
    assert set(one["cards"]) == {"tl", "x1"}
    assert set(two["cards"]) == {"horn", "y1", "y2"}
    assert state_of(first, "x1") == (True, 1)
    assert state_of(second, "y1") == (False, 0)
    assert state_of(second, "y2") == (False, 0)
    assert [e["card"] for e in events(first, "UntapReplaced")] == ["x1"]
    assert events(first, "Untapped") == []
    untapped = [(e["card"], e["cause"]) for e in events(second, "Untapped")]
    assert untapped == [("y1", "effect"), ("y2", "untap phase")]
    assert (one["turn"], one["active"], two["turn"], two["active"]) == (2, "Bo", 2, "Bo")

    first.table.enter()
    assert sorted(comp.ref for _, comp in esper.get_component(c.Card)) == ["tl", "x1"]
    assert len(esper.get_component(c.Player)) == 2
    second.table.enter()
    assert sorted(comp.ref for _, comp in esper.get_component(c.Card)) == ["horn", "y1", "y2"]
    assert len(esper.get_component(c.Player)) == 2


def test_closing_one_game_leaves_the_other() -> None:
    """G-8: deleting (or dropping) a game's world does not touch another game."""
    first = setup(table(card("x1", "Footman", "Bo", pos=[3, 4], tapped=True, stun_counters=1)))
    second = setup(table(card("y1", "Footman", "Bo", pos=[3, 4], tapped=True, stun_counters=2)))
    name = first.table.world
    first.close()
    assert name not in esper.list_worlds()
    assert second.act({"act": "end_turn"}).ok
    assert state_of(second, "y1") == (True, 1)
    dropped = setup(table()).table.world
    gc.collect()
    assert dropped not in esper.list_worlds()
    assert second.table.world in esper.list_worlds()


def test_a_table_reads_its_own_worlds_components() -> None:
    """G-8: a table reads its components from its own world's tables, whichever world is current: the same
    answers esper gives inside that world, and every change made through esper seen at once."""
    first = setup(table(card("x1", "Footman", "Bo", pos=[3, 4], tapped=True, stun_counters=2)))
    second = setup(table(card("y1", "Footman", "Ada", pos=[1, 0])))
    x1, y1 = first.table.eid("x1"), second.table.eid("y1")
    second.table.enter()
    assert first.table.has(x1, c.Tapped) and first.table.component(x1, c.StunCounters).n == 2
    assert [first.table.ref(e) for e, _ in first.table.scan(c.Tapped)] == ["x1"]
    assert second.table.get(y1, c.Tapped) is None and second.table.scan(c.Tapped) == []
    assert first.table.get(x1, c.BoardPos) == c.BoardPos(3, 4) and second.table.get(y1, c.BoardPos) == c.BoardPos(1, 0)
    first.table.enter()
    for kind in (c.Card, c.Zone, c.Stats, c.Health, c.Tapped, c.StunCounters, c.BoardPos):
        assert first.table.scan(kind) == esper.get_component(kind)
        assert first.table.get(x1, kind) is esper.try_component(x1, kind)
    esper.remove_component(x1, c.Tapped)  # the type's last entity: esper drops its set, then makes a new one
    assert not first.table.has(x1, c.Tapped) and first.table.scan(c.Tapped) == []
    esper.add_component(x1, c.Tapped())
    assert first.table.has(x1, c.Tapped) and [e for e, _ in first.table.scan(c.Tapped)] == [x1]
    assert first.table.get(10_000, c.Card) is None


def test_the_index_check_holds_the_very_components() -> None:
    """An index that holds an equal copy of a card's zone, not the component itself, differs from the scan
    (a later move of the card would change one and not the other); so does a card whose zone is gone."""
    game = setup(table(card("x1", "Footman", "Bo", pos=[3, 4]), card("h1", "Footman", "Ada", zone="hand")))
    x1, h1 = game.table.eid("x1"), game.table.eid("h1")
    kept = game.table._zone_of[x1]
    esper.add_component(x1, c.Zone(kept.name, kept.seq))
    assert index_problems(game.table) == ["index _zone_of differs from a full scan"]
    esper.add_component(x1, kept)
    assert index_problems(game.table) == []
    esper.remove_component(h1, c.Zone)
    assert "index _zone_of differs from a full scan" in index_problems(game.table)
