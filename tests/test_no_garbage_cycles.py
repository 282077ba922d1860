"""A game's normal life leaves nothing for the garbage collector (issue 29): every object a seeded game makes is
freed by reference counting alone, so the collector, which walks every live object, has nothing to find."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from game.tools.sim import play_game


@pytest.fixture
def saving_garbage() -> Iterator[list[object]]:
    """The collector off and told to keep what it would free (`gc.DEBUG_SAVEALL`); settings restored after."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy-v1", "greedy-v1"], ["ismcts:4", "greedy-v1"]])
@pytest.mark.parametrize("check", [False, True])
def test_seeded_games_leave_no_reference_cycles(saving_garbage: list[object], bots: list[str], check: bool) -> None:
    """Random, greedy and search bots, checked (`sim --check`) or not: the collector finds nothing after a game."""
    gc.collect()
    saving_garbage.clear()
    for seed in (3, 4):
        play_game(seed, ["backtimers_stun", "hex_and_count"], bots, check)
        found = gc.collect()
        kinds = sorted({type(o).__name__ for o in saving_garbage})
        assert (found, kinds) == (0, []), f"seed {seed}: {found} objects in cycles, of kinds {kinds}"


def test_the_check_sees_a_cycle(saving_garbage: list[object]) -> None:
    """The test itself: a list that holds itself is found."""
    gc.collect()
    saving_garbage.clear()
    loop: list[object] = []
    loop.append(loop)
    del loop
    assert gc.collect() == 1 and len(saving_garbage) == 1
