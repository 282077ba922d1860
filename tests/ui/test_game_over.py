"""Game over (G-7, ST-18): the VP of every player by source, and a look at the final board."""

from __future__ import annotations

from game.ui import words
from game.ui.app import App
from tests.ui.fake import FakeGame
from tests.ui.helpers import click, hover, zone_center


def finished() -> FakeGame:
    game = FakeGame()
    state = game.state
    state.update(winner="Ada", phase="over")
    state["players"]["Ada"].update(vp=10, madness_penalty=1)
    state["players"]["Bo"].update(vp=4, madness_penalty=0)
    state["log"] = [
        {"type": "VictoryPoints", "player": "Ada", "change": 2, "vp": 2, "reason": "holding locations"},
        {"type": "VictoryPoints", "player": "Ada", "change": 1, "vp": 3, "reason": "defeated Footman"},
        {"type": "VictoryPoints", "player": "Ada", "change": 2, "vp": 5, "reason": "defeated Wandering Golem"},
        {"type": "VictoryPoints", "player": "Ada", "change": 6, "vp": 11, "reason": "holding locations"},
        {"type": "VictoryPoints", "player": "Ada", "change": -1, "vp": 10, "reason": "Madness penalty (ST-18)"},
        {"type": "VictoryPoints", "player": "Bo", "change": 4, "vp": 4, "reason": "holding locations"},
    ]
    return game


def test_the_vp_breakdown_counts_locations_defeats_monsters_and_madness_G7_ST18():
    view = finished().view()
    assert words.vp_breakdown(view, "Ada") == {"locations": 8, "defeats": 1, "monsters": 2, "madness": -1,
                                                "start": 0, "other": 0}
    assert words.breakdown_words(view, "Ada") == "locations 8 · defeats 1 · monsters 2 · Madness −1"


def test_the_vp_breakdown_names_a_head_start_G9():
    """Player 2 of two starts with 1 VP (G-9): the breakdown names it, apart from other effects."""
    game = finished()
    game.state["log"].insert(0, {"type": "VictoryPoints", "player": "Bo", "change": 1, "vp": 1,
                                 "reason": "starting VP (G-9)"})
    game.state["players"]["Bo"].update(vp=5)
    view = game.view()
    assert words.vp_breakdown(view, "Bo") == {"locations": 4, "defeats": 0, "monsters": 0, "madness": 0,
                                              "start": 1, "other": 0}
    assert words.breakdown_words(view, "Bo") == "locations 4 · defeats 0 · monsters 0 · head start +1 (G-9)"
    tip = words.score_tooltip(view, ("score", "Bo"))
    assert "from monsters 0 (0 monsters at 2 VP), head start 1 (G-9), other 0." in tip[1]
    assert any(line.startswith("Rule G-9") for line in tip) and not any(
        line.startswith("Rule G-9") for line in words.score_tooltip(view, ("score", "Ada")))


def test_players_can_look_at_the_final_board_and_come_back():
    app = App(finished())
    app.step()
    assert app.ui.screen == "over"
    click(app, zone_center(app, ("button", "final_board")))
    assert app.ui.final_board
    keys = {key for _, key in app.zones}
    assert ("card", "monk") in keys and ("button", "scores") in keys and ("button", "end_turn") not in keys
    hover(app, zone_center(app, ("card", "golem")))
    assert app.tooltip[0] == "Wandering Golem"
    click(app, zone_center(app, ("button", "scores")))
    assert not app.ui.final_board and ("score", "Ada") in {key for _, key in app.zones}
