"""Issue 32 items 4, 5, 6 and 9 and the words of refusals: locations show their effect on the board, a card in
stasis ready to play gets the playable frame, the hint names a menu only when one is open, costs read "1 stone"
with the stone icon, and a card in hand "can't be played"."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ui import words
from game.ui.icons import STONE
from game.ui.layout import inside
from game.ui.renderer import MOVE_HIGHLIGHT
from tests.ui.drawn import record
from tests.ui.fake import FakeGame, busy_game
from tests.ui.helpers import click, hover, open_app, pixel, zone_center
from tests.ui.test_play_engine import engine_has_cards

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
needs_cards = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")


@needs_cards
def test_a_location_square_shows_its_own_effect_in_short_G7(monkeypatch):
    from game.engine import Game

    drawn = record(monkeypatch)
    app = open_app(Game.from_scenario(str(SCREENS / "refusal.toml")))
    square = app.renderer.layout.square_rect(5, 2)
    on_square = [line for line, rect in drawn.boxes if inside(square, (rect[0] + rect[2] // 2, rect[1] + 2))]
    assert on_square == ["Alternate", "Present", "+1 VP at end", "of your turn", "1st minion", "here: 2 stasis",
                         "on a hand card"]
    card = app.game.view()["cards"]["loc"]
    assert words.location_short(card) == "+1 VP at end of your turn · 1st minion here: 2 stasis on a hand card"


def chip_frame_pixel(app, ref):
    x, y, w, h = next(rect for rect, key in app.zones if key == ("card", ref))
    return pixel(app, (x - 1, y + h // 2))


def test_a_card_in_stasis_at_0_counters_gets_the_playable_frame_ST11():
    game = busy_game()
    app = open_app(game)
    assert {"act": "play_from_stasis", "card": "hftp"} in game.legal_actions()
    assert chip_frame_pixel(app, "hftp") == MOVE_HIGHLIGHT
    assert chip_frame_pixel(app, "letter") != MOVE_HIGHLIGHT, "2 counters: still counting"
    hand = next(rect for rect, key in app.zones if key == ("card", "foot"))
    assert pixel(app, (hand[0] + 1, hand[1] + hand[3] // 2)) == MOVE_HIGHLIGHT, "the same frame as in hand"


def test_the_hint_names_the_menu_only_when_there_is_one():
    game = FakeGame()
    app = open_app(game)
    click(app, zone_center(app, ("card", "omen")))
    assert app.ui.menu is None
    assert app.renderer.hint(app.game.view("Ada"), app.ui) == "Omen · click Omen again to play it. Esc cancels."
    game.state["cards"]["omen"]["abilities"] = []
    app.ui.clear_selection()
    click(app, zone_center(app, ("card", "monk")))
    hint = app.renderer.hint(app.game.view("Ada"), app.ui)
    assert "menu" not in hint and "click a highlighted square or target" in hint


def test_costs_read_in_stones_with_the_stone_icon_of_the_top_bar(monkeypatch):
    game = FakeGame()
    game.state["cards"]["foot"]["text"] = "Envenom (SC 1, range 1): apply Poison. Rally (SC 2): untap."
    drawn = record(monkeypatch)
    app = open_app(game)
    assert words.card_text(game.state["cards"]["foot"]) == (
        "Envenom (1 stone, range 1): apply Poison. Rally (2 stones): untap."
    )
    assert not any("SC 1" in line or "SC 2" in line for line in drawn.words)
    assert any("1 stone" in line for line in drawn.words)
    plays = next(rect for rect, key in app.zones if key[0] == "plays")
    top_bar = [pixel(app, (x, plays[1] + plays[3] // 2)) for x in range(plays[0], plays[0] + plays[2])]
    assert STONE in top_bar, "the stone icon sits before the stones left"
    hover(app, zone_center(app, ("card", "foot")))
    assert any("1 stone, range 1" in line for line in drawn.words), "the enlarged card too"


@needs_cards
def test_a_card_in_hand_that_cant_be_played_says_so_G4():
    from game.engine import Game

    app = open_app(Game.from_scenario(str(SCREENS / "refusal.toml")))
    click(app, zone_center(app, ("card", "prof")))
    assert app.ui.banner == "Zany Prof can't be played: You have no minion play left this turn (G-4)."
