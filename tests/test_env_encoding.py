"""The environment's encodings (issue 33): the mask is exactly the legal actions, observations hide what the rules
hide, clones and determinizations, the bots as policies."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.env import Countertop, raw_env
from game.env.encoding import ACTIONS, OFFSETS, EncodingError, Slots, flat, unflat
from game.env.observation import layout_of, section, state_size
from game.env.policies import MaskedRandom, evaluate, main, policy
from tests.test_player_views import twin


def canonical(action: dict[str, Any]) -> dict[str, Any]:
    """An action with its payers as a set (a relic's cost names characters, in any order)."""
    return {**action, "pay": sorted(action["pay"])} if "pay" in action else action


def bot_game(players: int, game_seed: int, steps: int) -> Countertop:
    """An environment after `steps` actions of random and greedy bots (seat by seat), played through the env."""
    e = raw_env(players=players, seed=game_seed, actions="flat")
    e.reset()
    bots = {a: make_bot("random" if i % 2 else "greedy-v1", game_seed + i) for i, a in enumerate(e.agents)}
    for _ in range(steps):
        agent = e.agent_selection
        if e.done(agent):
            break
        e.step(e.action_index(bots[agent].choose(Observation.of(e.live()))))
    return e


@pytest.mark.parametrize(("players", "game_seed"), [(2, 11), (3, 12), (4, 13)])
def test_the_mask_is_exactly_the_legal_actions_at_every_step(players: int, game_seed: int) -> None:
    """Over whole seeded games, the mask's set bits decode one to one to `Game.legal_actions()`."""
    e = raw_env(players=players, seed=game_seed, actions="flat")
    e.reset()
    bots = {a: make_bot("random" if i % 2 else "greedy-v1", game_seed + i) for i, a in enumerate(e.agents)}
    kinds: set[str] = set()
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = e.live().legal_actions()
        bits = np.flatnonzero(obs["action_mask"]).tolist()
        assert len(bits) == len(legal)
        assert sorted(map(str, map(canonical, map(e.decode, bits)))) == sorted(map(str, map(canonical, legal)))
        assert [e.action_index(a) for a in legal] == list(e.legal_actions())
        kinds |= {unflat(i)[0] for i in bits}
        e.step(e.action_index(bots[agent].choose(Observation.of(e.live()))))
    assert {"end_turn", "move", "attack", "play"} <= kinds
    e.close()


def test_every_command_shape_round_trips() -> None:
    """Seeded random play reaches every block but perhaps one (a targeted minion played from stasis: Copycat's,
    rare, and the next test's); each listed action decodes back to itself."""
    seen: set[str] = set()
    for game_seed in range(4):
        for players in (2, 4):
            e = raw_env(players=players, seed=game_seed, actions="flat")
            e.reset()
            rng = random.Random(game_seed)
            for agent in e.agent_iter():
                if e.done(agent):
                    e.step(None)
                    continue
                for index, action in e.legal_actions().items():
                    assert canonical(e.decode(index)) == canonical(action)
                    seen.add(unflat(index)[0])
                e.step(rng.choice(list(e.legal_actions())))
            e.close()
    assert set(OFFSETS) - {"play_from_stasis_aimed"} <= seen <= set(OFFSETS)


def test_a_targeted_minion_from_stasis_round_trips() -> None:
    """The block random play does not reach: own card, entry square and target, encoded and decoded."""
    e = raw_env(players=4, seed=1, actions="flat")
    e.reset()
    codec = e.codec()
    action = {"act": "play_from_stasis", "card": "p1-13", "to": [3, 2], "target": "p3-4"}
    index = codec.encode(action)
    assert unflat(index) == ("play_from_stasis_aimed", (12, 8, 2 * 20 + 3))
    assert codec.decode(index) == action
    e.close()


def test_an_index_is_its_block_and_slots() -> None:
    assert flat("end_turn", 0) == 0 and unflat(0) == ("end_turn", (0,))
    assert unflat(flat("attack", 3, 17)) == ("attack", (3, 17))
    assert unflat(ACTIONS - 1)[0] == "activate"
    with pytest.raises(EncodingError, match="outside"):
        unflat(ACTIONS)
    with pytest.raises(EncodingError, match="slot 35 outside 0..34"):
        flat("move", 35, 0)


def test_an_index_naming_no_card_decodes_to_a_clear_error() -> None:
    e = raw_env(actions="flat")
    e.reset()
    with pytest.raises(EncodingError, match="card slot 99 holds no card"):
        e.decode(flat("play", 99, 0))
    with pytest.raises(EncodingError, match=r"no character on square \[0, 1\]"):
        e.decode(flat("move", 7, 0))
    e.close()


def test_spaces_are_the_same_objects_and_hold_what_they_describe() -> None:
    e = raw_env(players=3)
    e.reset()
    for agent in e.possible_agents:
        assert e.observation_space(agent) is e.observation_space(agent)
        assert e.action_space(agent) is e.action_space(agent)
        assert e.observation_space(agent).contains(e.observe(agent))
    assert e.state().shape == (state_size(3),) and e.state_space.contains(e.state())
    e.close()


def visible_cards(vector: np.ndarray) -> int:
    return int(section(vector, "cards")[:, layout_of(vector).column["cards"]["visible"]].sum())


def test_the_state_shows_every_card_and_an_observation_only_what_its_player_may_know() -> None:
    e = raw_env(seed=8)
    e.reset()
    table = e.live().table
    assert visible_cards(e.state()) == len(table.refs) == 55
    hidden = sum(1 for p in table.players_order for _ in table.zone_cards("deck", p)) + len(
        table.zone_cards("madness")) + len(table.zone_cards("hand", "P2"))
    assert visible_cards(e.observe("player_0")["observation"]) == 55 - hidden
    e.close()


def test_a_clone_steps_like_the_original_and_leaves_it_alone() -> None:
    e = bot_game(3, 21, 60)
    copy = e.clone()
    before = e.state()
    assert copy.agent_selection == e.agent_selection and np.array_equal(copy.state(), before)
    rng = np.random.default_rng(0)
    for _ in range(40):
        if e.done(e.agent_selection):
            break
        action = int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])))
        e.step(action)
        copy.step(action)
        for agent in e.agents:
            a, b = e.observe(agent), copy.observe(agent)
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
        assert e.rewards == copy.rewards and e.agent_selection == copy.agent_selection
    other = copy.clone()
    mid = copy.state()
    copy.step(next(iter(copy.legal_actions())))
    assert np.array_equal(other.state(), mid) and not np.array_equal(copy.state(), mid)
    for env in (e, copy, other):
        env.close()


def test_a_determinization_keeps_the_agents_observation_and_redeals_the_rest() -> None:
    e = bot_game(2, 23, 50)
    agent = e.agent_selection
    one, again, other = e.determinize(agent, 1), e.determinize(agent, 1), e.determinize(agent, 2)
    mine = e.observe(agent)
    for d in (one, other):
        seen = d.observe(agent)
        assert np.array_equal(seen["observation"], mine["observation"])
        assert np.array_equal(seen["action_mask"], mine["action_mask"])
    assert np.array_equal(one.state(), again.state()) and not np.array_equal(one.state(), other.state())
    one.step(next(iter(one.legal_actions())))
    assert np.array_equal(e.observe(agent)["observation"], mine["observation"])
    with pytest.raises(KeyError):
        e.determinize("player_9", 1)
    for env in (e, one, again, other):
        env.close()


@seed(3333)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(players=st.integers(2, 4), game_seed=st.integers(0, 10**6), steps=st.integers(0, 160),
       swap=st.integers(0, 10**6))
def test_two_games_that_differ_only_in_hidden_cards_give_equal_observations(players: int, game_seed: int,
                                                                            steps: int, swap: int) -> None:
    """As the bots' views are tested: each player's hidden cards renamed and redealt, the observation and the
    mask of that player unchanged."""
    e = bot_game(players, game_seed, steps)
    rng = random.Random(swap)
    for agent in e.possible_agents:
        other, _ = twin(e.live(), e.name_of[agent], rng)
        copy = e.copy_with(other, Slots(other.table))
        a, b = e.observe(agent), copy.observe(agent)
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        copy.close()
    e.close()


def test_the_bots_play_as_policies() -> None:
    """`policy("greedy-v1")` picks a legal index from the agent's view; an unknown bot is refused in one line."""
    e = raw_env(seed=6)
    e.reset()
    greedy = policy("greedy-v1")
    index = greedy(e, e.agent_selection)
    assert index in e.legal_actions()
    with pytest.raises(ValueError, match="no bot 'smart': name one of random, greedy, ismcts"):
        policy("smart")
    e.close()


def test_evaluating_an_agent_against_greedy_gives_its_wins_and_interval() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = evaluate(MaskedRandom(0), "greedy-v1", games=4, seed=0)
    assert (result.wins, result.games) == (0, 4)
    assert result.rate.value == 0 and result.rate.low == 0 and 0.45 < result.rate.high < 0.5
    assert result.line("masked-random", "greedy-v1") == (
        "masked-random against greedy-v1: 0 wins in 4 games, 0.0% (95% interval 0.0% to 49.0%)")


def test_the_evaluation_command_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in ((["--games", "0"], "--games must be 1 or more"),
                          (["--opponent", "smart"], "no opponent 'smart': name masked-random or")):
        with pytest.raises(SystemExit):
            main(argv)
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


def test_evaluate_takes_any_policy_or_masked_random_as_the_opponent() -> None:
    """A callable (here the agent against itself) or the name `masked-random`, beside the bots' names."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        itself = evaluate(MaskedRandom(0), MaskedRandom(1), games=4, seed=0, max_turns=30)
        named = evaluate(policy("greedy-v1"), "masked-random", games=4, seed=0)
    assert (itself.games, named.games) == (4, 4) and 0 <= itself.wins <= 4
    assert named.wins == 4
    with pytest.raises(ValueError, match="no opponent 'smart': name masked-random or one of random, greedy"):
        evaluate(MaskedRandom(0), "smart", games=1)


def test_masked_random_picks_as_from_the_mask() -> None:
    """The legal indices in order are the mask's set bits, so the pick is the one `np.flatnonzero` would give."""
    e = bot_game(3, 5, 30)
    agent = e.agent_selection
    one, two = MaskedRandom(4), np.random.default_rng(4)
    for _ in range(5):
        assert one(e, agent) == int(two.choice(np.flatnonzero(e.observe(agent)["action_mask"])))
    e.close()
