"""Issue 32 item 3: hovering a greyed Undo says why it can't undo, and Redo is a visible button beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Game
from game.ui.draw import BUTTON_OFF
from game.ui.undo import NOTHING_TO_REDO, NOTHING_YET
from tests.ui.helpers import click, hover, open_app, pixel, zone_center
from tests.ui.test_play_engine import engine_has_cards
from tests.ui.test_undo import play_footman, table_game

pytestmark = pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return table_game(tmp_path)


def button_rect(app, name):
    return next(rect for rect, key in app.zones if key == ("button", name))


def test_hovering_a_greyed_undo_after_a_draw_says_undo_stops_at_draws(game: Game) -> None:
    app = open_app(game)
    hover(app, zone_center(app, ("button", "undo")))
    assert app.tooltip == [NOTHING_YET]
    click(app, zone_center(app, ("card", "hftp")))
    click(app, zone_center(app, ("card", "hftp")))
    hover(app, zone_center(app, ("button", "undo")))
    assert app.tooltip == ["Can't undo: 2 cards were drawn: undo stops at draws and dice."]
    x, y, w, h = button_rect(app, "undo")
    assert pixel(app, (x + 3, y + h // 2)) == BUTTON_OFF


def test_redo_is_a_button_beside_undo_lit_after_an_undo_and_clicking_it_redoes(game: Game) -> None:
    app = open_app(game)
    undo, redo = button_rect(app, "undo"), button_rect(app, "redo")
    assert redo[1] == undo[1] and redo[0] == undo[0] + undo[2] + app.renderer.layout.px(4), "side by side"
    hover(app, zone_center(app, ("button", "redo")))
    assert app.tooltip == [NOTHING_TO_REDO]
    assert pixel(app, (redo[0] + 3, redo[1] + redo[3] // 2)) == BUTTON_OFF
    play_footman(app, (0, 0))
    played = game.to_state()
    click(app, zone_center(app, ("button", "undo")))
    assert "foot" in app.game.view()["players"]["Ada"]["hand"]
    hover(app, zone_center(app, ("button", "redo")))
    assert app.tooltip == ["Redo (Ctrl+Y): do again what Undo took back."]
    assert pixel(app, (redo[0] + 3, redo[1] + redo[3] // 2)) != BUTTON_OFF
    click(app, zone_center(app, ("button", "redo")))
    assert app.game.to_state() == played
    assert app.ui.banner.startswith("Redid: Play Footman (Ada)")
