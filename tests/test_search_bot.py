"""The search bot (ismcts): it finds the winning line where the greedy bot doesn't; budgets and `--bots` parsing."""

from __future__ import annotations

import json

import pytest

from game.bots import GreedyBot
from game.cli import main
from game.determinize import Observation
from game.engine import Game
from game.roster import make_bot
from game.search import IsmctsBot
from tests.conftest import scenario

LOCATIONS = "".join(f"""
[[card]]
ref = "loc{x}"
name = "Alternate Present"
zone = "location"
pos = [{x}, 2]
""" for x in (1, 3, 5))

EVASIVE = """
players = ["Ada", "Bo"]
vp = { Ada = 9, Bo = 0 }
""" + LOCATIONS + """
[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [1, 1]

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [0, 1]
hp = 1

[[do]]
act = "effect"
op = "grant_evasion"
target = "b"
type = "physical"
value = 90
"""

ORDER = """
players = ["Ada", "Bo"]
vp = { Ada = 8, Bo = 0 }
""" + LOCATIONS + """
[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [2, 1]

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [2, 2]
hp = 1
"""


def first_choice(game: Game, bot: object) -> dict[str, object]:
    seen = Observation.of(game)
    return bot.choose(seen)  # type: ignore[attr-defined, no-any-return]


def test_lethal_through_an_evasion_roll_the_search_takes_the_sure_win() -> None:
    """Ada needs 1 VP: killing b scores it only if b's 90% evasion fails; standing on a location scores it surely."""
    game = scenario(EVASIVE)
    assert game.view()["cards"]["b"]["evasion"]["physical"] == 90
    assert first_choice(game, GreedyBot(1)) == {"act": "attack", "card": "f", "target": "b"}
    assert first_choice(game, IsmctsBot(1, playouts=40)) == {"act": "move", "card": "f", "to": [1, 2]}
    game.close()


def test_move_before_attacking_the_search_finds_kill_and_location_together() -> None:
    """Ada at 8 VP: greedy kills b first (9 VP) and, tapped, can't reach the location; moving first wins."""
    game = scenario(ORDER)
    assert first_choice(game, GreedyBot(1)) == {"act": "attack", "card": "f", "target": "b"}
    bot = IsmctsBot(2, playouts=40)
    first = first_choice(game, bot)
    assert first in ({"act": "move", "card": "f", "to": [1, 2]}, {"act": "move", "card": "f", "to": [3, 2]})
    assert game.act(first).ok
    assert first_choice(game, bot) == {"act": "attack", "card": "f", "target": "b"}
    game.close()


def test_a_playout_budget_is_reproducible_and_one_legal_action_needs_no_search() -> None:
    game = Game.new(["P1", "P2"], None, 4)
    seen = Observation.of(game)
    assert make_bot("ismcts:6", 3).choose(seen) == make_bot("ismcts:6", 3).choose(seen)
    assert make_bot("ismcts:6", 3).choose(seen) in seen.actions
    only = Observation("P1", seen.view, [{"act": "end_turn"}])
    assert IsmctsBot(0, playouts=5).choose(only) == {"act": "end_turn"}
    game.close()


@pytest.mark.parametrize("spec,playouts,ms", [("ismcts", 32, 450.0), ("ismcts:200", 200, None),
                                              ("ismcts:300ms", None, 300.0)])
def test_bot_specs_name_a_budget(spec: str, playouts: int | None, ms: float | None) -> None:
    bot = make_bot(spec, 0)
    assert isinstance(bot, IsmctsBot) and (bot.playouts, bot.ms) == (playouts, ms)


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:many", "greedy:5", "minimax", "ismcts:-3ms"])
def test_bad_bot_specs_are_refused(spec: str) -> None:
    with pytest.raises((KeyError, ValueError)):
        make_bot(spec, 0)


def sim_summary(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["sim", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_sim_seats_a_search_bot_against_greedy_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    first = sim_summary(capsys, "--games", "2", "--seed", "3", "--bots", "ismcts:3", "greedy", "--check")
    assert first["games"] == 2 and first["hit_turn_limit"] == []
    wins = first["wins_by_bot"]
    assert isinstance(wins, dict) and set(wins) <= {"ismcts:3", "greedy"} and sum(wins.values()) >= 2
    assert sim_summary(capsys, "--games", "2", "--seed", "3", "--bots", "ismcts:3", "greedy", "--check") == first


@pytest.mark.parametrize("players,bots", [(3, ["ismcts:2", "greedy", "random"]),
                                          (4, ["random", "ismcts:2", "greedy", "greedy"])])
def test_sim_mixes_any_bots_for_three_and_four_players(capsys: pytest.CaptureFixture[str], players: int,
                                                        bots: list[str]) -> None:
    summary = sim_summary(capsys, "--games", "1", "--seed", "9", "--players", str(players), "--bots", *bots)
    assert summary["games"] == 1 and summary["hit_turn_limit"] == []
    wins = summary["wins_by_bot"]
    assert isinstance(wins, dict) and set(wins) <= set(bots) and sum(wins.values()) >= 1


@pytest.mark.parametrize("spec", ["ismcts:0", "genius", "greedy:9"])
def test_sim_refuses_a_bad_bot_in_one_line(capsys: pytest.CaptureFixture[str], spec: str) -> None:
    assert main(["sim", "--games", "1", "--bots", spec, "greedy"]) == 2
    err = capsys.readouterr().err
    assert err == (f"countertop: unknown bot {spec!r}; bots: random, greedy, ismcts, ismcts:PLAYOUTS, "
                   "ismcts:MSms\n")
