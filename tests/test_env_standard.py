"""What RL code expects of an environment (issue 41): `copy.deepcopy` and `pickle` at every point giving a copy
that steps identically, the winner and final VP in `infos`, numpy actions, and `evaluate()` against any policy."""

from __future__ import annotations

import copy
import pickle
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from game.env import env, parallel_env, raw_env

FOLLOW = 8
"""The steps a copy and its original take together after the copy is made."""


def seen(e: Any) -> tuple[Any, ...]:
    """Everything the AEC interface shows at this point, and the global state."""
    agent = e.agent_selection
    obs = {a: e.observe(a) for a in e.possible_agents}
    return (agent, dict(e.rewards), dict(e._cumulative_rewards), dict(e.terminations), dict(e.truncations),
            repr(e.infos), list(e.agents), {a: (o["observation"].tobytes(), o["action_mask"].tobytes())
                                             for a, o in obs.items()}, e.state().tobytes())


def masked_step(e: Any, rng: np.random.Generator) -> None:
    agent = e.agent_selection
    _, _, terminated, truncated, _ = e.last()
    e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))


def copies_step_alike(points: int, seed: int) -> int:
    """At `points` seeded random points of masked-random games (2 to 4 players, the game's end included), a deep
    copy and a pickled copy of the wrapped env step as the original for FOLLOW steps; gives the points checked."""
    rng = np.random.default_rng(seed)
    checked = 0
    game = 0
    while checked < points:
        players = 2 + game % 3
        e = env(players=players, seed=seed + game, max_turns=30)
        e.reset()
        game += 1
        while e.agents and checked < points:
            if rng.random() < 0.1:
                copies = [copy.deepcopy(e), pickle.loads(pickle.dumps(e))]
                for other in copies:
                    assert seen(other) == seen(e)
                    assert other.unwrapped.live().to_state() == e.unwrapped.live().to_state()
                    assert other.unwrapped.game is not e.unwrapped.game
                after = np.random.default_rng(checked).bit_generator.state
                for walker in (e, *copies):
                    walk = np.random.default_rng(0)
                    walk.bit_generator.state = after
                    for _ in range(FOLLOW):
                        if not walker.agents:
                            break
                        masked_step(walker, walk)
                assert seen(copies[0]) == seen(e) and seen(copies[1]) == seen(e)
                checked += 1
            if e.agents:
                masked_step(e, rng)
        e.close()
    return checked


def test_deepcopy_and_pickle_step_like_the_original_at_random_points() -> None:
    """60 seeded points here (300 measured for the issue: `copies_step_alike(300, 7)`), with 2, 3 and 4 players."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert copies_step_alike(60, 7) == 60


def test_copies_before_reset_and_after_the_end() -> None:
    """An environment not yet reset copies to one that is not either; a finished one to a finished one."""
    fresh = raw_env(players=3, seed=5)
    copies = (copy.deepcopy(fresh), pickle.loads(pickle.dumps(fresh)))
    fresh.reset()
    for other in copies:
        assert other.game is None and other.players == 3 and other.next_seed == 5
        other.reset()
        assert seen(other) == seen(fresh)
    e = raw_env(seed=3)
    e.reset()
    rng = np.random.default_rng(3)
    while e.agents and not e.done(e.agent_selection):
        masked_step(e, rng)
    done = pickle.loads(pickle.dumps(e))
    assert done.terminations == {"player_0": True, "player_1": True} and done.legal_actions() == {}
    assert seen(done) == seen(e)


def test_a_copy_keeps_the_action_spaces_random_state_and_render_mode() -> None:
    e = raw_env(seed=2, render_mode="rgb_array")
    e.reset()
    e.action_space("player_0").sample()
    other = copy.deepcopy(e)
    assert other.render_mode == "rgb_array" and other.picture is None
    assert [other.action_space(a).sample() for a in e.agents] == [e.action_space(a).sample() for a in e.agents]


def test_the_parallel_env_copies_too() -> None:
    p = parallel_env(players=2, seed=4)
    observations, _ = p.reset()
    other = pickle.loads(pickle.dumps(p))
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
               for a, o in observations.items()}
    one, two = p.step(actions), other.step(actions)
    assert repr(one) == repr(two)


@pytest.mark.parametrize("players", [2, 4])
def test_a_copy_is_independent(players: int) -> None:
    """Stepping a copy leaves the original as it was."""
    e = raw_env(players=players, seed=1)
    e.reset()
    before = seen(e)
    other = copy.deepcopy(e)
    rng = np.random.default_rng(1)
    for _ in range(20):
        masked_step(other, rng)
    assert seen(e) == before


def test_the_end_gives_every_agent_the_winners_and_the_final_vp() -> None:
    """Seed 3's masked-random game (tests/test_env.py's play_out): P1 wins on 10 VP gained; P2 ends on 5, one of them
    its head start (G-9)."""
    e = raw_env(seed=3, actions="flat")
    e.reset()
    rng = np.random.default_rng(3)
    ends: dict[str, dict[str, Any]] = {}
    for agent in e.agent_iter():
        _, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            ends[agent] = info
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
    vp = {"player_0": 10, "player_1": 5}
    assert ends == {"player_0": {"winners": ["player_0"], "won": True, "final_vp": vp},
                    "player_1": {"winners": ["player_0"], "won": False, "final_vp": vp}}


def test_a_truncated_game_names_no_winner() -> None:
    e = raw_env(seed=3, max_turns=4, actions="flat")
    e.reset()
    rng = np.random.default_rng(3)
    while not e.done(e.agent_selection):
        masked_step(e, rng)
    assert e.truncations == {"player_0": True, "player_1": True}
    assert [e.infos[a]["winners"] for a in e.agents] == [[], []]
    assert [e.infos[a]["won"] for a in e.agents] == [False, False]
    assert e.infos["player_0"]["final_vp"] == {a: e.live().table.player(e.name_of[a]).vp for a in e.agents}


@pytest.mark.parametrize("make", [env, raw_env])
def test_numpy_scalars_and_0d_arrays_are_actions(make: Any) -> None:
    """What a model's `predict` returns (a 0-d array) plays as the index it holds, in env() and raw_env()."""
    plays = []
    for form in (int, np.int64, np.int32, np.uint32, np.array, lambda k: np.array(k, dtype=np.int32)):
        e = make(seed=1)
        e.reset()
        last = max(e.unwrapped.legal_actions())
        assert last > 0
        e.step(form(last))
        plays.append(e.unwrapped.live().to_state()["log"])
        e.close()
    assert all(p == plays[0] for p in plays) and plays[0][-1]["type"] != "TurnEnded"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parallel_api(players: int) -> None:
    """PettingZoo's `parallel_api_test` over 300 cycles, with compact actions (the default)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(players=players, seed=players), num_cycles=300)
