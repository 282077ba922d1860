"""The window on the real engine: a scenario table played with real pygame mouse and keyboard events."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App, deck_names
from game.ui.play_command import save_screen
from tests.ui.helpers import click, hand_card_center, open_app, press, square_center, zone_center

NEEDED = ("Footman", "Archer", "Help From the Past", "Madness", "Alternate Present")

SCENARIO = """
players = ["Ada", "Bo"]
[[card]]
ref = "foot"
name = "Footman"
owner = "Ada"
zone = "hand"
[[card]]
ref = "mad"
name = "Madness"
owner = "Ada"
zone = "hand"
[[card]]
ref = "arch"
name = "Archer"
owner = "Ada"
zone = "board"
pos = [3, 1]
[[card]]
ref = "guard"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 3]
[[card]]
ref = "hftp"
name = "Help From the Past"
owner = "Ada"
zone = "stasis"
stasis_counters = 0
[[card]]
ref = "loc"
name = "Alternate Present"
zone = "location"
pos = [5, 2]
[[card]]
ref = "bodeck"
name = "Footman"
owner = "Bo"
zone = "deck"
[[card]]
ref = "adadeck1"
name = "Archer"
owner = "Ada"
zone = "deck"
[[card]]
ref = "adadeck2"
name = "Archer"
owner = "Ada"
zone = "deck"
"""


def engine_has_cards() -> bool:
    """Whether the card files these tests play with exist yet."""
    try:
        from game.core.cards import card_pool

        pool = card_pool()
    except Exception:
        return False
    return all(name in pool for name in NEEDED)


pytestmark = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")


@pytest.fixture
def game(tmp_path):
    from game.engine import Game

    path = tmp_path / "table.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    return Game.from_scenario(str(path))


def card(game, ref):
    return game.view()["cards"][ref]


def test_play_a_minion_move_and_attack_with_the_real_engine_G4_G5_G6(game):
    app = open_app(game)
    hand = game.view()["players"]["Ada"]["hand"]
    click(app, hand_card_center(hand.index("foot"), len(hand)))
    click(app, square_center(0, 0))
    assert card(game, "foot")["pos"] == [0, 0]
    assert card(game, "foot")["tapped"] is True
    click(app, square_center(3, 1))
    click(app, square_center(3, 2))
    assert card(game, "arch")["pos"] == [3, 2]
    click(app, square_center(3, 2))
    click(app, square_center(3, 3))
    assert card(game, "guard")["hp"] < card(game, "guard")["max_hp"]
    assert card(game, "arch")["tapped"] is True


def test_a_rejected_move_shows_the_engines_reason(game):
    app = open_app(game)
    click(app, square_center(3, 1))
    click(app, square_center(3, 4))
    assert app.ui.banner.startswith("Can't do that: ")
    assert card(game, "arch")["pos"] == [3, 1]


def test_answer_a_choice_and_play_from_stasis_ST11(game):
    app = open_app(game)
    hand = game.view()["players"]["Ada"]["hand"]
    click(app, hand_card_center(hand.index("mad"), len(hand)))
    click(app, zone_center(app, ("card", "mad")))
    assert game.view()["pending"] is not None
    click(app, zone_center(app, ("choose", 0)))
    assert game.view()["pending"] is None
    click(app, zone_center(app, ("card", "hftp")))
    click(app, zone_center(app, ("card", "hftp")))
    assert card(game, "hftp")["zone"] == "discard"


def test_end_turn_passes_the_device_G3(game):
    app = open_app(game)
    press(app, pygame.K_e)
    assert game.view()["active"] == "Bo"
    assert app.ui.screen == "pass" and app.ui.viewer == "Bo"
    click(app, (640, 360))
    assert app.ui.screen == "play"


def test_scenario_screenshot(game, tmp_path):
    out = tmp_path / "shot.png"
    save_screen(game, str(out))
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


@pytest.mark.skipif(not deck_names(), reason="no decks yet")
def test_new_game_screen_starts_a_game_with_typed_names():
    app = App()
    app.step()
    click(app, zone_center(app, ("count", 3)))
    click(app, zone_center(app, ("field", "name0")))
    for _ in range(3):
        press(app, pygame.K_BACKSPACE)
    for letter in "Zed":
        press(app, getattr(pygame, f"K_{letter.lower()}"), unicode=letter)
    click(app, zone_center(app, ("button", "start")))
    assert app.game is not None
    assert app.game.view()["players_order"] == ["Zed", "Bo", "Cy"]
    assert app.ui.screen == "pass"


def test_busy_board_scenario_draws_every_marker_kind(tmp_path):
    from game.engine import Game

    app = open_app(Game.from_scenario("tests/ui/busy_board.toml"))
    keys = {key[0] for _, key in app.zones}
    assert {"status", "stun_counters", "stasis_counters", "cubes", "evasion", "negation"} <= keys
    statuses = {key[2] for _, key in app.zones if key[0] == "status"}
    assert len(statuses) == 11
