"""Fuzzing the PettingZoo environment from outside: hostile options, seeds and actions mixed with legal play.

Each example makes an environment with drawn options (refused in one line, or made), resets it with a drawn seed
(a refused seed leaves it exactly as it was), then plays drawn steps: mostly an index the mask allows, sometimes
one it does not (the documented penalty and forfeit), a numpy scalar or 0-d array, or a non-integer (one
ValueError line, nothing changed). Before every step the mask is exactly the legal actions of the moment, and a
deep copy (one step in four) steps like the original. Seeded and small in the suite; `COUNTERTOP_FUZZ=N`
(`make fuzz`) runs N.
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from game.env import raw_env
from tests.test_fuzz import fuzz_settings
from tests.test_trust_env import snapshot

OPTION_VALUES = st.one_of(st.integers(-3, 6), st.sampled_from([2, 3, 4, np.int64(3), True, 2.0, "2", None, [2]]))
SEEDS = st.one_of(st.integers(0, 2**63 - 1), st.sampled_from([-1, 2**63, 1.5, True, "7", [1], np.int64(9),
                                                              np.uint64(2**63), np.array(4)]))
WEIRD_ACTIONS = st.sampled_from([-1, 10**9, 1.5, "0", None, True, [0], np.float64(1), np.array([1, 2])])


def one_line(err: Exception) -> bool:
    """A refusal a caller can print as one line."""
    return bool(str(err)) and "\n" not in str(err)


def mask_is_the_legal_actions(e: Any) -> None:
    """The acting agent's mask allows exactly the listed actions of this moment."""
    mask = e.observe(e.agent_selection)["action_mask"]
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(e.legal_actions())


@fuzz_settings(25)
@given(players=OPTION_VALUES, seed=SEEDS, data=st.data())
def test_the_environment_takes_hostile_options_seeds_and_actions(players: Any, seed: Any, data: Any) -> None:
    try:
        e = raw_env(players=players, seed=3)
    except (ValueError, TypeError) as err:
        assert one_line(err), err
        return
    e.reset()
    before = snapshot(e)
    try:
        e.reset(seed=seed)
    except ValueError as err:
        assert one_line(err) and snapshot(e) == before, err
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(data.draw(st.integers(1, 15))):
            if any(e.terminations.values()) or any(e.truncations.values()):
                break
            mask_is_the_legal_actions(e)
            legal = sorted(e.legal_actions())
            kind = data.draw(st.sampled_from(["legal"] * 6 + ["numpy", "illegal", "weird"]))
            if kind == "weird":
                state = snapshot(e)
                action = data.draw(WEIRD_ACTIONS)
                try:
                    e.step(action)
                except ValueError as err:
                    assert one_line(err) and snapshot(e) == state, err
                continue
            if kind == "illegal":
                action = next(i for i in range(e.size) if i not in e.legal_actions())
            else:
                action = data.draw(st.sampled_from(legal))
                if kind == "numpy":
                    action = data.draw(st.sampled_from([np.int64(action), np.array(action), np.int32(action)]))
            if not data.draw(st.integers(0, 3)):  # one step in four, checked against a deep copy
                twin = copy.deepcopy(e)
                twin.step(action)
                e.step(action)
                assert snapshot(twin) == snapshot(e)
                twin.close()
            else:
                e.step(action)
    e.close()
