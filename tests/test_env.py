"""The PettingZoo environment against PettingZoo's own tests (issue 33), with 2, 3 and 4 players, and its options."""

from __future__ import annotations

import re
import subprocess
import sys
import types
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, render_test, seed_test

from game.env import env, parallel_env, raw_env
from game.env.compact import COMPACT_ACTIONS
from game.env.encoding import ACTIONS, BLOCKS, OFFSETS
from game.env.observation import LAYOUTS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api(players: int) -> None:
    """`api_test` over 1000 cycles (the spaces are the same objects every call, the mask is the obs's)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(players=players, seed=players), num_cycles=1000)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seed(players: int) -> None:
    """Two environments reset with the same seed play the same game (over 40 cycles of every agent)."""
    seed_test(lambda **kw: env(players=players, **kw), num_cycles=40)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_cycles(players: int) -> None:
    """`max_cycles` truncates once every agent has taken that many steps, in the AEC and parallel APIs."""
    module = types.ModuleType("countertop_env")
    module.env = lambda **kw: env(players=players, **kw)  # type: ignore[attr-defined]
    module.parallel_env = lambda **kw: parallel_env(players=players, **kw)  # type: ignore[attr-defined]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        max_cycles_test(module)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_render(players: int) -> None:
    """`render_test`: "rgb_array" gives a height × width × 3 frame of bytes, "human" draws in a (dummy) window."""
    render_test(lambda **kw: env(players=players, seed=1, **kw))


def test_rgb_array_is_the_window_picture() -> None:
    """The frame is the window's size, and it changes as the game goes on."""
    e = raw_env(seed=2, render_mode="rgb_array", actions="flat")
    e.reset()
    first = e.render()
    assert isinstance(first, np.ndarray) and first.shape == (720, 1280, 3) and first.dtype == np.uint8
    e.step(next(iter(e.legal_actions())))
    assert not np.array_equal(first, e.render())
    e.close()


def test_render_without_a_mode_warns_and_draws_nothing() -> None:
    e = raw_env()
    e.reset()
    with pytest.warns(UserWarning, match="render_mode"):
        assert e.render() is None
    e.close()


def test_the_renderer_is_imported_only_to_render() -> None:
    """Playing without a render mode loads neither pygame nor the window's code."""
    code = ("import sys; from game.env import raw_env; e = raw_env(); e.reset(); e.step(0); "
            "print(sorted(m for m in sys.modules if m.startswith(('pygame', 'game.ui', 'game.env.render'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 5}, "players must be 2, 3 or 4, not 5"),
    ({"players": "2"}, "players must be 2, 3 or 4, not '2'"),
    ({"decks": ["a"]}, "decks must name one deck (or None) per player: 2 names, not ['a']"),
    ({"seed": -1}, "seed must be a whole number from 0 to 2**63 - 1, not -1"),
    ({"max_turns": 0}, "max_turns must be a whole number 1 or more, not 0"),
    ({"max_cycles": 0}, "max_cycles must be a whole number 1 or more (or None), not 0"),
    ({"render_mode": "ansi"}, "render_mode must be one of human, rgb_array (or None), not 'ansi'"),
    ({"reward": "score"}, "reward must be one of win, vp, margin, not 'score'"),
])
def test_a_bad_option_is_refused_in_one_line(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        raw_env(**options)
    assert str(caught.value) == message


def test_an_unknown_deck_is_refused_in_one_line() -> None:
    e = raw_env(decks=["no-such-deck", None])
    with pytest.raises(ValueError) as caught:
        e.reset()
    assert "no-such-deck" in str(caught.value) and "\n" not in str(caught.value)


def test_agents_are_the_seats_and_the_first_player_acts_first() -> None:
    e = raw_env(players=3, seed=4)
    e.reset()
    assert e.agents == ["player_0", "player_1", "player_2"]
    assert e.agent_selection == "player_0" and e.live().table.players_order == ["P1", "P2", "P3"]
    assert e.action_space("player_1").n == COMPACT_ACTIONS == 985
    e.close()


def test_an_illegal_index_costs_the_penalty_and_ends_the_turn() -> None:
    """PettingZoo's convention: -1 for the agent; the game goes on, the agent's turn ended for it."""
    e = raw_env(seed=5)
    e.reset()
    illegal = next(i for i in range(ACTIONS) if i not in e.legal_actions())
    with pytest.warns(UserWarning, match="mask does not allow"):
        e.step(illegal)
    assert e.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert e.infos["player_0"] == {"illegal_action": illegal, "played_instead": [{"act": "end_turn"}]}
    assert e.agent_selection == "player_1" and not any(e.terminations.values())
    e.close()


def test_anything_but_an_index_is_refused_in_one_line() -> None:
    e = raw_env()
    e.reset()
    for bad in (None, "3", 2.5, True):
        with pytest.raises(ValueError, match=f"an action is an index 0..{COMPACT_ACTIONS - 1}, not "):
            e.step(bad)
    e.step(np.int64(0))
    assert e.agent_selection == "player_1"
    e.close()


def test_the_wrapped_env_refuses_an_index_outside_the_space() -> None:
    e = env(seed=5)
    e.reset()
    with pytest.raises(AssertionError, match="action is not in action space"):
        e.step(ACTIONS)
    e.close()


def play_out(reward: str, seed: int, max_turns: int = 120) -> tuple[dict[str, float], dict[str, float], Any]:
    """A seeded masked-random game: each agent's summed rewards, its VP gained, and the winner."""
    e = raw_env(seed=seed, reward=reward, max_turns=max_turns, actions="flat")
    e.reset()
    rng = np.random.default_rng(seed)
    start = {a: float(e.live().table.player(e.name_of[a]).vp) for a in e.agents}
    total = dict.fromkeys(e.agents, 0.0)
    for agent in e.agent_iter():
        obs, r, terminated, truncated, _ = e.last()
        total[agent] += r
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    table = e.live().table
    gained = {a: table.player(e.name_of[a]).vp - start[a] for a in total}
    winner = table.turn.winner
    e.close()
    return total, gained, winner


def test_win_reward_is_plus_one_for_the_winner_and_minus_one_for_the_others() -> None:
    total, _, winner = play_out("win", 3)
    assert winner == "P1" and total == {"player_0": 1.0, "player_1": -1.0}


def test_vp_reward_sums_to_the_sign_of_the_win() -> None:
    """VP gained each step; at the end the winner's sum is its VP gained plus one, a loser's -1."""
    total, gained, winner = play_out("vp", 3)
    assert winner == "P1" and gained == {"player_0": 10.0, "player_1": 4.0}
    assert total == {"player_0": 11.0, "player_1": -1.0}


def test_margin_reward_sums_to_the_lead_gained_with_the_sign_of_the_win() -> None:
    """The lead over the other player gained each step; at the end the winner's sum is its lead gained plus one,
    a loser's -1."""
    total, gained, winner = play_out("margin", 3)
    assert winner == "P1" and gained == {"player_0": 10.0, "player_1": 4.0}
    assert total == {"player_0": 7.0, "player_1": -1.0}


def test_margin_reward_of_a_step_is_the_lead_over_the_others_mean() -> None:
    """With three players, a step that gives one agent 2 VP and another 1 gives them 1.5 and 0, the third -1.5."""
    e = raw_env(players=3, reward="margin")
    e.reset()
    before = {"player_0": 0.0, "player_1": 0.0, "player_2": 0.0}
    after = {"player_0": 2.0, "player_1": 1.0, "player_2": 0.0}
    assert [e.gained(a, before, after) for a in e.agents] == [1.5, 0.0, -1.5]
    e.close()


def test_truncation_at_max_turns_gives_nothing_in_sum() -> None:
    total, gained, winner = play_out("vp", 3, max_turns=4)
    assert winner is None and gained == {"player_0": 0.0, "player_1": 1.0}
    assert total == {"player_0": 0.0, "player_1": 0.0}
    total, _, _ = play_out("margin", 3, max_turns=4)
    assert total == {"player_0": 0.0, "player_1": 0.0}
    total, _, _ = play_out("win", 3, max_turns=4)
    assert total == {"player_0": 0.0, "player_1": 0.0}


def test_the_docs_give_every_block_and_section_where_the_code_has_it() -> None:
    """docs/rl.md's tables of the encodings hold the code's offsets and sizes."""
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    for block, shape in BLOCKS:
        assert f"| `{block}` | {OFFSETS[block]} |" in text
        assert all(f"({size})" in text for size in shape)
    lines = text.splitlines()
    for players, layout in LAYOUTS.items():
        for name, fields, rows in layout.sections:
            cells = next(line for line in lines if line.startswith(f"| **{name}** |")).split("|")
            assert f"index {layout.start[name]}, {rows} row{'s' if rows > 1 else ''} of {len(fields)}" in \
                cells[players], (name, players)
        assert f"{layout.size} `float32`" in text and f"{layout.size:,}" in text
    assert f"N = {ACTIONS}" in text


@pytest.mark.parametrize("block", [0, 1, 2])
def test_the_docs_python_runs_as_printed(block: int) -> None:
    """Each Python example of docs/rl.md runs as it is printed."""
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", text, re.S)[block]
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    if block == 1:
        assert out.stdout.startswith("winner: P")
    if block == 2:
        assert out.stdout.startswith("masked-random against greedy: ")
