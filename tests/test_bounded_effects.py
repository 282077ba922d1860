"""Bounded effect counts (issue 16 item 8): every count has a bound (game.core.opspecs) and is applied in one step."""

from __future__ import annotations

from typing import Any

from conftest import events, rejected_unchanged, setup

from game.engine import Game

TABLE = """
players = ["Ada", "Bo"]

[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [0, 0]

[[card]]
ref = "h"
name = "Help From the Past"
owner = "Ada"
zone = "stasis"
stasis_counters = 300
"""


def resolve(game: Game, **item: Any) -> None:
    """Put one effect item at the front of the queue, as a saved or API-built game could, and resolve it."""
    game.table.queue.insert(0, {"source": None, "player": "Ada", **item})
    game.advance()


def test_se0_huge_stacks_are_applied_at_once_up_to_the_bound() -> None:
    """SE-0, SE-7: 10**12 Shear stacks apply 100 (the documented bound) in one event, at once."""
    game = setup(TABLE)
    resolve(game, op="apply_status", target="ref:f", status="Shear", stacks=10**12)
    assert game.view()["cards"]["f"]["status"] == {"Shear": 100}
    assert [(e["status"], e["stacks"]) for e in events(game, "StatusApplied")] == [("Shear", 100)]


def test_se3_stacks_stop_at_the_status_cap_in_one_event() -> None:
    """SE-0, SE-3: five stacks of Burn in one effect reach Burn's cap of 2, with one StatusApplied."""
    game = setup(TABLE)
    assert game.act({"act": "effect", "op": "apply_status", "target": "f", "status": "Burn", "stacks": 5}).ok
    assert game.view()["cards"]["f"]["status"] == {"Burn": 2}
    assert [(e["status"], e["stacks"]) for e in events(game, "StatusApplied")] == [("Burn", 2)]


def test_st10_huge_removal_removes_at_most_the_bound() -> None:
    """ST-10: remove_stasis n=10**12 removes 100 counters (the bound), one event per counter as triggers need."""
    game = setup(TABLE)
    resolve(game, op="remove_stasis", target="ref:h", n=10**12, affects_stasis=True)
    assert game.view()["cards"]["h"]["stasis_counters"] == 200
    assert len(events(game, "StasisCounterRemoved")) == 100


def test_st10_up_to_with_a_huge_count_offers_at_most_101_options() -> None:
    """ST-10: 'up to' 10**12 counters asks how many among 0..100, not 10**12 + 1 options."""
    game = setup(TABLE)
    resolve(game, op="remove_stasis", target="ref:h", n=10**12, up_to=True, affects_stasis=True)
    assert game.table.pending is not None and game.table.pending["options"] == list(range(101))
    assert game.act({"act": "choose", "option": 100}).ok
    assert game.view()["cards"]["h"]["stasis_counters"] == 200


def test_scenario_effect_with_a_count_out_of_bounds_is_rejected_unchanged() -> None:
    """Issue 16 items 7 and 8 (s06, s06b, s07): a scenario effect's count beyond its bound changes nothing."""
    game = setup(TABLE)
    reason = rejected_unchanged(game, {"act": "effect", "op": "apply_status", "target": "f", "status": "Burn",
                                       "stacks": 10**12})
    assert reason == "field 'stacks' of op 'apply_status' must be an integer 1..100, not 1000000000000"
    reason = rejected_unchanged(game, {"act": "effect", "op": "remove_stasis", "target": "h", "n": 10**12,
                                       "up_to": True, "affects_stasis": True})
    assert reason == "field 'n' of op 'remove_stasis' must be an integer 0..100, not 1000000000000"
