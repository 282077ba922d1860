"""Issue 42 on the PettingZoo environment: a bad seed leaves the environment as it was (E08), a determinization
plays to its end (E09), and one rule for seeds and actions wherever they are given (E22)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.env import env, raw_env
from game.env.countertop import SEED_LIMIT
from game.env.encoding import DECK_SIZE
from game.env.policies import policy

ROOT = Path(__file__).resolve().parent.parent
WAVE4 = ROOT / "tests" / "repro" / "wave4"
SEED_LINE = "seed must be a whole number from 0 to 2**63 - 1, not "


def run_repro(name: str) -> list[str]:
    """The lines a reproduction prints, run from the project root as its docstring says."""
    out = subprocess.run([sys.executable, str(WAVE4 / name)], capture_output=True, text=True, cwd=ROOT,
                         timeout=600, check=True)
    return out.stdout.splitlines()


def snapshot(e: Any) -> tuple[Any, ...]:
    """Everything a caller sees of an environment: the game's state, the agent to act, its mask, the next seed."""
    raw = e.unwrapped
    return (raw.live().to_state(), raw.agent_selection, raw.observe(raw.agent_selection)["action_mask"].tobytes(),
            raw.next_seed, sorted(raw.legal_actions()))


def test_e08_reproduction_a_bad_seed_leaves_the_environment_as_it_was() -> None:
    """E08: numpy integers are seeds; a string or a list is refused in one line and every later call works."""
    assert run_repro("E08_env_reset_bad_seed.py") == [
        "reset(seed=np.int64(5)): ok", "then step(): ok", "then reset(): ok", "",
        f"reset(seed='abc'): ValueError: {SEED_LINE}'abc'", "then step(): ok", "then reset(): ok", "",
        f"reset(seed=[1]): ValueError: {SEED_LINE}[1]", "then step(): ok", "then reset(): ok", ""]


@pytest.mark.parametrize("bad", ["abc", [1], b"1", -1, 2**63, 1.5, 5.0, True, np.bool_(True), np.float64(2),
                                 np.array([3]), np.uint64(2**63)])
def test_e08_a_refused_seed_changes_nothing(bad: Any) -> None:
    e = raw_env(seed=3)
    e.reset()
    e.step(next(iter(e.legal_actions())))
    before = snapshot(e)
    with pytest.raises(ValueError) as caught:
        e.reset(seed=bad)
    assert str(caught.value) == f"{SEED_LINE}{bad!r}"
    assert snapshot(e) == before
    e.step(next(iter(e.legal_actions())))
    e.reset()
    assert e.live().table.dice.seed == 4
    e.close()


def test_e08_an_unknown_deck_at_reset_leaves_the_last_game_in_place() -> None:
    e = raw_env(seed=3)
    e.reset()
    before = snapshot(e)
    e.decks = ["no-such-deck", None]
    with pytest.raises(ValueError, match="no-such-deck"):
        e.reset(seed=9)
    assert snapshot(e) == before
    e.close()


@pytest.mark.parametrize("seed", [np.int64(5), np.uint8(5), np.int32(5), np.array(5)])
def test_e08_numpy_integers_are_the_seeds_they_name(seed: Any) -> None:
    e, plain = raw_env(), raw_env()
    e.reset(seed=seed)
    plain.reset(seed=5)
    assert snapshot(e) == snapshot(plain) and type(e.next_seed) is int and e.next_seed == 6
    e.close()
    plain.close()


def test_e08_the_largest_seed_is_played_and_the_next_is_0() -> None:
    """Seeds run to 2**63 - 1, the bound saves and replay files hold; a clone of that game loads (E04's env side)."""
    e = raw_env(seed=SEED_LIMIT)
    e.reset()
    assert e.live().table.dice.seed == SEED_LIMIT and e.next_seed == 0
    assert e.clone().live().table.dice.seed == SEED_LIMIT
    e.reset()
    assert e.live().table.dice.seed == 0
    e.close()


def test_e09_reproduction_a_determinization_plays_to_its_end() -> None:
    assert run_repro("E09_env_determinize_then_step.py") == ["the determinization played to its end"]


def test_e09_redealt_deck_cards_take_their_owners_slots() -> None:
    """Each redealt card sits in its owner's 20 slots, as the card it stands for did, so the own-card blocks hold it."""
    e = raw_env(seed=0)
    e.reset()
    d = e.determinize("player_0", 0)
    table = d.live().table
    redealt = [ref for ref in table.refs if ref.startswith("hidden-")]
    assert len(redealt) == 45
    for ref in redealt:
        owner = table.owner(table.refs[ref])
        if owner is not None:
            seat = d.slots.seat[owner]
            assert seat * DECK_SIZE <= d.slots.of[ref] < (seat + 1) * DECK_SIZE
    e.close()


def test_e09_every_determinization_of_a_game_plays_to_its_end() -> None:
    """Determinizations at several points, for every agent, played on by greedy to the turn limit or the end."""
    greedy = policy("greedy-v1")
    e = raw_env(players=3, seed=4, max_turns=30)
    e.reset()
    for k in range(3):
        for agent in e.possible_agents:
            d = e.determinize(agent, k)
            while not d.done(d.agent_selection):
                d.step(greedy(d, d.agent_selection))
            assert d.live().table.turn.phase == "over" or d.live().table.turn.turn > 30
        for _ in range(25):
            e.step(greedy(e, e.agent_selection))
    e.close()


def test_e22_reproduction_one_rule_for_seeds_and_actions() -> None:
    assert run_repro("E22_env_seed_and_action_contract.py") == [
        f"raw_env(seed=-1): ValueError: {SEED_LINE}-1",
        f"raw_env().reset(seed=-1): ValueError: {SEED_LINE}-1",
        "raw_env(players=np.int64(3)): accepted",
        "env().step(True): AssertionError: action is not in action space",
        "env().step(array(0)): accepted",
        "env().step(1.5): AssertionError: action is not in action space"]


@pytest.mark.parametrize("bad", [True, False, 1.5, "0", None, np.bool_(False), np.array(0.0), np.array([0])])
def test_e22_the_wrapped_env_refuses_anything_but_an_index_with_an_assertion(bad: Any) -> None:
    e = env(seed=0)
    e.reset()
    before = snapshot(e)
    with pytest.raises(AssertionError, match="action is not in action space"):
        e.step(bad)
    assert snapshot(e) == before
    e.close()


@pytest.mark.parametrize("option", ["players", "seed", "max_turns", "max_cycles"])
def test_e22_numpy_integers_are_taken_as_options(option: str) -> None:
    e = raw_env(**{option: np.int64(3)})
    assert type(getattr(e, option)) is int and getattr(e, option) == 3
