"""`sim --check` (issue 12): the components are checked after every command, the indexes against a full scan and
the save/restore round trip at each end of turn, and checking changes nothing about a game."""

from __future__ import annotations

import esper

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.core import components as c
from game.engine import Game
from game.tools.sim import checkpoint_problem, component_problem, play_game
from game.turn.commands.paths import reachable, search_reach


def fresh() -> Game:
    """A standard game just after setup."""
    return Game.new(["P1", "P2"], seed=4)


def test_a_fresh_game_passes_every_check() -> None:
    """Setup leaves no broken invariant, index or round trip."""
    game = fresh()
    assert component_problem(game, len(game.table.refs)) is None
    assert checkpoint_problem(game, len(game.table.refs), full=True) is None
    assert checkpoint_problem(game, len(game.table.refs), full=False) is None


def test_component_checks_name_the_card_and_the_problem() -> None:
    """SE-0 stack limits, ST-1 counters only in stasis, SC-1 counters never negative, G-1 one character a square."""
    game = fresh()
    golem = game.table.characters()[0]
    ref = game.table.ref(golem)
    esper.add_component(golem, c.StatusStack({"Burn": 3}, {"Burn": 1}, set()))
    assert component_problem(game, len(game.table.refs)) == f"{ref} has 3 stacks of Burn"
    esper.remove_component(golem, c.StatusStack)
    esper.add_component(golem, c.StunCounters(-1))
    assert component_problem(game, len(game.table.refs)) == f"{ref} has negative counters"
    esper.remove_component(golem, c.StunCounters)
    card = game.table.zone_cards("hand", "P1")[0]
    esper.add_component(card, c.StasisCounters(2))
    assert component_problem(game, len(game.table.refs)) == f"{game.table.ref(card)} has stasis counters outside stasis"
    esper.remove_component(card, c.StasisCounters)
    assert component_problem(game, len(game.table.refs) + 1) == (
        f"cards were lost: {len(game.table.refs) + 1} before, {len(game.table.refs)} now")
    esper.component_for_entity(golem, c.BoardPos).x = 0
    assert component_problem(game, len(game.table.refs)) == f"the square index has lost {ref} at [0, 2]"


def test_the_checkpoint_compares_every_index_with_a_full_scan() -> None:
    """A zone changed behind the table's back is caught at the next end-of-turn check."""
    game = fresh()
    card = game.table.zone_cards("hand", "P1")[0]
    esper.component_for_entity(card, c.Zone).name = "discard"
    problem = checkpoint_problem(game, len(game.table.refs), full=False)
    assert problem is not None and "index _zones differs from a full scan" in problem


def test_checking_changes_nothing_about_a_game() -> None:
    """The same seeded games end the same way with and without --check."""
    for seed, bots in ((11, ["random", "random"]), (12, ["greedy-v1", "random"])):
        decks = ["backtimers_stun", "hex_and_count"]
        assert play_game(seed, decks, bots, True) == play_game(seed, decks, bots, False)


def test_a_kept_path_search_is_dropped_when_a_square_within_its_reach_is_taken_or_left_g5() -> None:
    """G-5: the path search a character's moves come from is kept while no square within its reach is taken or
    left, and a search kept past such a change is caught at the next end-of-turn check."""
    game = fresh()
    golem = game.table.characters()[0]
    start = game.table.pos(golem)
    assert start == (3, 2)
    came = reachable(game.table, start, 2)
    assert (3, 4) in came and reachable(game.table, start, 2) is came
    minions = [e for e in game.table.zone_cards("hand", "P1") if game.table.kind(e) == "minion"]
    far = minions[1]
    game.table.place_at(far, (6, 0))
    game.table.put(far, "board")
    assert reachable(game.table, start, 2) is came
    minion = minions[0]
    game.table.place_at(minion, (3, 3))
    game.table.put(minion, "board")
    assert game.table.occupancy_memo() == {}
    assert (3, 3) not in reachable(game.table, start, 2) and (3, 4) not in reachable(game.table, start, 2)
    game.table.put(minion, "discard")
    assert game.table.occupancy_memo() == {}
    assert (3, 4) in reachable(game.table, start, 2)
    game.table.occupancy_memo()[("reachable", start, 2)] = {start: None}
    assert checkpoint_problem(game, len(game.table.refs), full=False) == "the path search kept from [3, 2] is stale"


def test_kept_path_searches_equal_fresh_ones_at_every_decision_g5() -> None:
    """In seeded random and greedy games, every kept search equals a fresh one before each decision (and each
    game compares some: the check is not vacuous, whatever the decks hold)."""
    compared: dict[int, int] = {}
    for seed, bots in ((21, ["random", "random"]), (22, ["greedy-v1", "greedy-v1"])):
        game = Game.new(["P1", "P2"], ["fable_guard", "clockwork_vanguard"], seed)
        players = {"P1": make_bot(bots[0], seed), "P2": make_bot(bots[1], seed + 1)}
        compared[seed] = 0
        while game.table.turn.phase != "over" and game.table.turn.turn <= 40:
            action = players[game.table.acting_player()].choose(Observation.of(game))
            for (_, start, budget), kept in game.table.occupancy_memo().items():
                assert kept == search_reach(game.table.occupied(), start, budget)
                compared[seed] += 1
            assert game.act(action).ok
        game.close()
    assert all(compared.values()), f"kept searches compared by seed: {compared}; pick a seed whose game moves"
