"""Every effect resolution is bounded (issue 42, E18): a trigger that wakes itself is a rule loop, stopped after
RESOLUTION_LIMIT items; the game ends with no winner, the result "a rule loop was stopped" and a log line naming the
cards, whichever surface plays it (the engine, `sim` and its variants, a save of the stopped game)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.engine import Game
from game.io.setup import new_game
from game.io.view import summary
from game.rules.effects import RESOLUTION_LIMIT, RULE_LOOP
from game.tools.sim import GameResult, play_game
from game.tools.variant import Variant, load_variant

WAVE4 = Path(__file__).resolve().parent / "repro" / "wave4"
UNTAP_LOOP = WAVE4 / "E18_variant_untap_loop.toml"
STASIS_LOOP = WAVE4 / "E18b_variant_stasis_loop.toml"


def stopped_game(variant: Variant, seed: int, decks: list[str], bots: list[str]) -> tuple[GameResult, list[Any]]:
    """A sim game of the variant (invariants checked after every command), its result and its log's end."""
    seen: list[Any] = []

    def keep(game: Game, result: GameResult, problem: str | None) -> None:
        assert problem is None
        seen.extend(e for e in game.table.log[-3:] if e["type"] in ("RuleLoopStopped", "GameOver"))
        restored = Game.from_state(json.loads(json.dumps(game.to_state())))
        assert restored.view()["phase"] == "over" and restored.view()["winner"] is None
        restored.close()

    return play_game(seed, decks, bots, True, keep, variant.contents), seen


def test_an_untap_that_untaps_again_is_stopped_as_a_rule_loop() -> None:
    """E18: Footman taps and untaps itself whenever it untaps; the untap phase's resolution never ended."""
    result, (stopped, over) = stopped_game(load_variant(str(UNTAP_LOOP)), 0, ["clockwork_vanguard"] * 2,
                                           ["greedy-v1", "greedy-v1"])
    assert (result.limit, result.hit_limit, result.winner) == ("rule loop", True, None)
    assert stopped["type"] == "RuleLoopStopped" and stopped["cards"] == ["Footman"]
    assert stopped["resolved"] == RESOLUTION_LIMIT
    assert over["type"] == "GameOver" and over["winner"] is None and over["reason"] == RULE_LOOP == \
        "a rule loop was stopped"


def test_a_stasis_counter_that_places_one_again_is_stopped() -> None:
    """E18b: each counter removed from Mimic in stasis places one and removes one again."""
    result, (stopped, _) = stopped_game(load_variant(str(STASIS_LOOP)), 591, ["hex_and_count", "backtimers_stun"],
                                        ["greedy-v1", "random"])
    assert result.limit == "rule loop" and stopped["cards"] == ["Mimic"]


def test_the_stopped_game_takes_no_more_commands() -> None:
    """The game is over: the table is still valid (no item left waiting), and every command is refused."""
    variant = load_variant(str(UNTAP_LOOP))
    game = Game(new_game(["Ada", "Bo"], ["clockwork_vanguard"] * 2, 0, variant.contents))
    while game.view()["phase"] != "over":
        assert game.act(game.legal_actions()[0]).ok
    assert game.table.queue == [] and game.table.pending is None
    assert not game.act({"act": "end_turn"}).ok and game.legal_actions() == []
    assert summary(game.table).splitlines()[0].endswith("over phase; a rule loop was stopped")
    game.close()


def test_sim_counts_the_stopped_games_as_hitting_a_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """E18 on the command line: `sim --variant` ends (it ran until killed), and says which games were stopped."""
    argv = ["sim", "--games", "2", "--bots", "greedy-v1", "greedy-v1", "--decks", "clockwork_vanguard",
            "--workers", "1",
            "--variant", str(UNTAP_LOOP)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "variant games that hit a limit: rule loop: 2 (seeds 0, 1)" in out
    assert main([*argv, "--json"]) == 0
    section = json.loads(capsys.readouterr().out)["compare"]["variants"][0]
    assert section["limits"] == {"base": {}, "variant": {"rule loop": [0, 1]}}
