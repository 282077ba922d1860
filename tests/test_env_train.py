"""The training script's parts (issue 41, item 5): one seat of a game as a Gymnasium environment with the opponent
playing inside, the opponents taking the training games in turn, and the command's refusals; a short training run
where sb3-contrib is installed."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

from game.env.policies import BotPolicy, MaskedRandom
from game.env.train import OPPONENTS, Against, main, opponent_for


def test_one_seat_is_a_gymnasium_env_with_the_opponent_inside() -> None:
    """Game k is seed k, the agent in seat k mod 2; the opponent's steps happen inside; the rewards sum to the
    agent's \"vp\" reward (its VP gained in play, not a head start of G-9, plus 1 when it wins, -1 when it loses)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = Against(("masked-random",), seed=7, reward="vp")
        for game in range(2):
            obs, _ = e.reset()
            head_start = e.aec.vps()[e.me]
            assert e.me == f"player_{game % 2}" and e.aec.agent_selection == e.me
            assert e.observation_space.contains(obs)
            rng = np.random.default_rng(game)
            total, done, info = 0.0, False, {}
            while not done:
                mask = e.action_masks()
                assert mask.any() and e.aec.agent_selection == e.me
                obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
                total += reward
                done = terminated or truncated
            assert e.aec.live().table.dice.seed == 7 + game
            won = info["won"]
            gained = info["final_vp"][e.me] - head_start
            assert total == pytest.approx(gained + 1 if won else -1 if info["winners"] else 0)


def test_training_rewards_the_lead_gained_by_default() -> None:
    """The default reward, "margin": the rewards of a game sum to the agent's VP gained less the opponent's, plus
    1 (at least 1) when it wins, and to -1 when it loses."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = Against(("masked-random",), seed=11)
        assert e.aec.reward == "margin"
        e.reset()
        start = e.aec.vps()
        rng = np.random.default_rng(4)
        total, done, info = 0.0, False, {}
        while not done:
            obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
            total += reward
            done = terminated or truncated
    (other,) = (a for a in start if a != e.me)
    lead = info["final_vp"][e.me] - start[e.me] - (info["final_vp"][other] - start[other])
    assert info["winners"]
    assert total == pytest.approx(max(lead + 1, 1) if info["won"] else -1)


def test_each_opponent_in_turn_plays_a_pair_of_games_one_in_each_seat() -> None:
    assert [opponent_for(OPPONENTS, k) for k in range(8)] == [
        "masked-random", "masked-random", "greedy-v1", "greedy-v1", "greedy-v1", "greedy-v1", "masked-random",
        "masked-random"]
    assert [opponent_for(("greedy",), k) for k in range(3)] == ["greedy"] * 3
    assert [opponent_for(("a", "b", "c"), k) for k in range(8)] == ["a", "a", "b", "b", "c", "c", "a", "a"]


def test_the_training_games_go_to_the_opponents_in_turn() -> None:
    """Game k is against `opponent_for(opponents, k)`, a policy of that name in the other seat."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = Against(("masked-random", "greedy-v1"), seed=3)
        seen = []
        for _ in range(5):
            e.reset()
            (other,) = e.others.values()
            seen.append((e.opponent, e.me, type(other).__name__, getattr(other, "name", None)))
    assert seen == [("masked-random", "player_0", MaskedRandom.__name__, None),
                    ("masked-random", "player_1", MaskedRandom.__name__, None),
                    ("greedy-v1", "player_0", BotPolicy.__name__, "greedy-v1"),
                    ("greedy-v1", "player_1", BotPolicy.__name__, "greedy-v1"),
                    ("masked-random", "player_0", MaskedRandom.__name__, None)]


def test_the_command_refuses_an_unknown_opponent_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--opponents", "masked-random", "grumpy"])
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("python -m game.env.train: error: no opponent 'grumpy': name masked-random or one of")
    assert len([line for line in err if "error" in line]) == 1


def test_the_command_refuses_bad_counts_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--minutes", "0"], ["--games", "0"], ["--seed", "-1"]):
        with pytest.raises(SystemExit):
            main(argv)
        err = capsys.readouterr().err
        assert "--minutes must be above 0, --seed 0 or more, and the counts 1 or more" in err


def test_a_short_training_writes_its_model_curve_and_result(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main(["--minutes", "0.05", "--opponents", "masked-random", "greedy-v1", "--check-every", "512",
                     "--check-games", "2", "--games", "2", "--out", str(tmp_path)]) == 0
    assert {p.name for p in tmp_path.iterdir()} == {"model.zip", "curve.csv", "curve.png", "result.txt"}
    header = (tmp_path / "curve.csv").read_text().splitlines()[0]
    assert header == "steps,games,cpu_minutes,masked-random_win_rate,greedy-v1_win_rate,greedy_win_rate"
    lines = (tmp_path / "result.txt").read_text().splitlines()
    assert [line.split(":")[0] for line in lines] == ["trained agent against masked-random",
                                                      "trained agent against greedy-v1",
                                                      "trained agent against greedy"]


def test_without_sb3_contrib_the_command_says_what_to_install(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("sb3-contrib is installed here")
    with pytest.raises(SystemExit):
        main(["--minutes", "1"])
    assert "training needs sb3-contrib and PyTorch: pip install -e '.[train]'" in capsys.readouterr().err
