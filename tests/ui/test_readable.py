"""A table strangers can read: the goal and scores, what is left to play, and why a click was refused."""

from __future__ import annotations

import pytest

from game.ui import words
from tests.ui.helpers import click, hover, open_app, square_center, zone_center
from tests.ui.test_play_engine import engine_has_cards

pytestmark = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")

TABLE = """
players = ["Ada", "Bo"]
[[card]]
ref = "foot"
name = "Footman"
owner = "Ada"
zone = "hand"
[[card]]
ref = "foot2"
name = "Footman"
owner = "Ada"
zone = "hand"
[[card]]
ref = "ff"
name = "Fast Forward"
owner = "Ada"
zone = "hand"
[[card]]
ref = "sleeper"
name = "Archer"
owner = "Ada"
zone = "board"
pos = [1, 1]
status = { Sleep = 1 }
[[card]]
ref = "guard"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 3]
[[card]]
ref = "loc"
name = "Alternate Present"
zone = "location"
pos = [5, 2]
"""


@pytest.fixture
def game(tmp_path):
    from game.engine import Game

    path = tmp_path / "table.toml"
    path.write_text(TABLE, encoding="utf-8")
    return Game.from_scenario(str(path))


def play_minion(app, ref, square):
    click(app, zone_center(app, ("card", ref)))
    click(app, square_center(*square))


def test_every_player_panel_shows_vp_out_of_ten_and_the_goal_is_on_screen_G7(game):
    app = open_app(game)
    assert words.vp_line(0) == "VP 0 / 10"
    assert {key for _, key in app.zones if key[0] == "player"} == {("player", "Ada"), ("player", "Bo")}
    hover(app, zone_center(app, ("goal",)))
    assert app.tooltip[0].startswith("How to win: the first player with 10 VP")
    hover(app, zone_center(app, ("player", "Bo")))
    assert app.tooltip[0] == "Bo: VP 0 / 10, 3 speaking stones"
    assert any("+2 VP for a monster" in line for line in app.tooltip)
    assert any("Madness" in line for line in app.tooltip)


def test_an_empty_location_square_says_what_it_scores_G7(game):
    app = open_app(game)
    hover(app, square_center(5, 2))
    assert app.tooltip[0] == "Alternate Present"
    assert "+1 VP at the end of your turn while one of your characters stands here." in app.tooltip


def test_the_plays_left_counter_counts_down_after_a_minion_play_G4(game):
    app = open_app(game)
    assert words.plays_left(game.view(), "Ada") == "Minion 1/1 · Action 1/1 · 3 stones"
    assert ("plays", "Ada") in {key for _, key in app.zones}
    play_minion(app, "foot", (0, 0))
    assert game.view()["cards"]["foot"]["zone"] == "board"
    assert words.plays_left(game.view(), "Ada") == "Minion 0/1 · Action 1/1 · 3 stones"
    hover(app, zone_center(app, ("plays", "Ada")))
    assert app.tooltip[0] == "Ada may still play: Minion 0/1 · Action 1/1 · 3 stones"


def test_a_second_minion_is_refused_with_the_engines_reason_and_rule_G4(game):
    app = open_app(game)
    play_minion(app, "foot", (0, 0))
    click(app, zone_center(app, ("card", "foot2")))
    assert app.ui.selection is None
    assert app.ui.banner == "Footman can't be played: You have no minion play left this turn (G-4)."
    assert app.ui.banner_is_error


def test_hovering_a_greyed_card_in_hand_says_why_it_cant_be_played(game):
    app = open_app(game)
    play_minion(app, "foot", (0, 0))
    hover(app, zone_center(app, ("card", "foot2")))
    assert app.tooltip[1] == "Can't play it now: You have no minion play left this turn (G-4)."
    hover(app, zone_center(app, ("card", "ff")))
    assert app.tooltip[1] == "Can't play it now: Fast Forward has no legal target."


def test_a_sleeping_character_is_refused_with_SE9(game):
    app = open_app(game)
    click(app, zone_center(app, ("card", "sleeper")))
    assert app.ui.banner == "Archer can't act: Archer is asleep: it can't move (SE-9)."


def test_the_selected_character_shows_its_mv_left_G5(game):
    app = open_app(game)
    game.act({"act": "end_turn"})
    game.act({"act": "end_turn"})
    app.after_action()
    click(app, (640, 360))
    assert not game.view()["cards"]["sleeper"]["tapped"]
    archer = game.view()["cards"]["sleeper"]
    game.act({"act": "effect", "op": "remove_status", "target": "sleeper", "status": "Sleep"})
    app.cached = None
    app.step()
    click(app, zone_center(app, ("card", "sleeper")))
    assert app.ui.selection is not None
    assert app.renderer.hint(game.view(), app.ui).startswith(f"Archer: MV {archer['mv']}/{archer['mv']} left")
