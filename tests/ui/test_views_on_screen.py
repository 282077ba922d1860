"""The window draws from views (issue 13): the player at the device's on the play screen, the neutral one on
the pass screen, each player's in the replay; no hidden card reaches the screen, not its name, not its ref."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import Game
from game.ui import draw, log_panel, motion, tokens
from game.ui.app import App
from game.ui.replay_app import ReplayApp
from tests.ui.driver import reveal
from tests.ui.helpers import hover, press, zone_center
from tests.ui.test_replay_window import timeline  # noqa: F401  (the fixture)

TABLE = """
players = ["Ada", "Bo"]
[[card]]
ref = "ada-secret-fastforward"
name = "Fast Forward"
owner = "Ada"
zone = "hand"
[[card]]
ref = "ada-deck-mender"
name = "Mender"
owner = "Ada"
zone = "deck"
[[card]]
ref = "bo-secret-witch"
name = "Ember Witch"
owner = "Bo"
zone = "hand"
[[card]]
ref = "bo-secret-timeout"
name = "Time Out"
owner = "Bo"
zone = "hand"
[[card]]
ref = "bo-deck-lance"
name = "Stun Lance"
owner = "Bo"
zone = "deck"
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

ADA_HAND = {"ada-secret-fastforward": "Fast Forward"}
BO_HAND = {"bo-secret-witch": "Ember Witch", "bo-secret-timeout": "Time Out"}
DECKS = {"ada-deck-mender": "Mender", "bo-deck-lance": "Stun Lance"}
SPLIT = {"Ember Witch": ("Ember", "Witch"), "Time Out": ("Time",), "Stun Lance": ("Lance",), "Mender": ("Mender",),
         "Fast Forward": ("Fast", "Forward")}
"""Words of a name a text block may wrap onto lines of their own (none of them is written anywhere else)."""


@pytest.fixture
def game(tmp_path: Path) -> Game:
    path = tmp_path / "table.toml"
    path.write_text(TABLE, encoding="utf-8")
    return Game.from_scenario(str(path))


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text the window renders while the test runs."""
    lines: list[str] = []
    real = draw.rendered

    def keep(words: str, size: int, color: Any, bold: bool = False) -> pygame.Surface:
        lines.append(words)
        return real(words, size, color, bold)

    for module in (draw, log_panel, tokens, motion):
        monkeypatch.setattr(module, "rendered", keep)
    return lines


def strings_in(value: Any) -> set[str]:
    """Every string in a view: keys and values, however deep."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings_in(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in strings_in(v)}
    return set()


def leaks(hidden: dict[str, str], view: dict[str, Any], lines: list[str]) -> list[str]:
    """The hidden refs and names found in a view or in the rendered text (names whole or wrapped)."""
    words = strings_in(view)
    found = [w for w in hidden if w in words] + [n for n in hidden.values() if n in words]
    pieces = [*hidden, *hidden.values(), *(w for n in hidden.values() for w in SPLIT[n])]
    return found + [w for w in pieces for line in lines if w in line]


def written(names: set[str], lines: list[str]) -> bool:
    """Whether every one of these card names was rendered, on one line or wrapped word by word."""
    return all(name in lines or set(name.split()) <= set(lines) for name in names)


def test_hot_seat_screens_show_only_what_the_player_at_the_device_may_know(game: Game, drawn_text: list[str]) -> None:
    app = App(game)
    app.step()
    assert (app.ui.screen, app.ui.viewer) == ("pass", "Ada")
    view, legal = app.snapshot()
    assert view == game.public_view() and view["viewer"] is None and legal == []
    assert leaks({**ADA_HAND, **BO_HAND, **DECKS}, view, drawn_text) == []

    reveal(app)
    hover(app, zone_center(app, ("player", "Bo")))
    view, _ = app.snapshot()
    assert view == game.view("Ada")
    assert view["players"]["Bo"]["hand_size"] == 2 and view["players"]["Bo"]["deck_size"] == 1
    assert leaks({**BO_HAND, **DECKS}, view, drawn_text) == []
    assert written({"Fast Forward"}, drawn_text), "Ada's own hand is drawn"
    assert any("Deck 1 cards, discard 0, hand 2" in line for line in drawn_text), "Bo's counts are in his tooltip"
    assert {key[1] for _, key in app.zones if key[0] == "card"} >= set(ADA_HAND)

    drawn_text.clear()
    press(app, pygame.K_e)
    assert (app.ui.screen, app.ui.viewer) == ("pass", "Bo")
    view, _ = app.snapshot()
    assert view == game.public_view()
    assert "ada-deck-mender" in game.view()["players"]["Ada"]["hand"], "Ada drew her deck's card"
    assert leaks({**ADA_HAND, **BO_HAND, **DECKS}, view, drawn_text) == []

    reveal(app)
    app.step([])
    view, _ = app.snapshot()
    assert view == game.view("Bo") and set(view["players"]["Bo"]["hand"]) == set(BO_HAND)
    assert view["players"]["Ada"]["hand_size"] == 2
    assert leaks({**ADA_HAND, **DECKS}, view, drawn_text) == []
    assert written({"Ember Witch", "Time Out"}, drawn_text), "Bo's own hand is drawn"
    assert any(e["type"] == "CardDrawn" and e["player"] == "Ada" and e["card"] == "a card" for e in view["log"])

    drawn_text.clear()
    press(app, pygame.K_e)
    reveal(app)
    app.step([])
    view, _ = app.snapshot()
    assert app.ui.viewer == "Ada" and view == game.view("Ada")
    assert "bo-deck-lance" in game.view()["players"]["Bo"]["hand"], "Bo drew his deck's card"
    assert written({"Mender"}, drawn_text), "the card Ada drew is drawn in her hand"
    assert leaks({**BO_HAND, "bo-deck-lance": "Stun Lance"}, view, drawn_text) == []
    assert any(e["type"] == "CardDrawn" and e["player"] == "Bo" and e["card"] == "a card" for e in view["log"])


def test_a_click_on_a_card_hidden_from_the_viewer_does_nothing(game: Game) -> None:
    app = App(game)
    app.step()
    reveal(app)
    assert app.play is not None
    app.play.click_thing(("card", "bo-secret-witch"), (0, 0))
    assert app.ui.selection is None and app.ui.banner == ""


def test_the_replay_per_player_view_is_the_engine_view_of_that_player(
    timeline: Any, drawn_text: list[str]  # noqa: F811  (the fixture)
) -> None:
    app = ReplayApp(timeline, 6)
    app.step()
    assert app.game is not None and app.viewer is None and app.view == app.game.view()
    full = app.game.view()
    for viewer in ("P1", "P2"):
        other = "P2" if viewer == "P1" else "P1"
        drawn_text.clear()
        press(app, pygame.K_v)
        assert app.viewer == viewer and app.view == app.game.view(viewer)
        hidden = set(full["players"][other]["hand"]) | {r for p in full["players"].values() for r in p["deck"]}
        assert hidden, "the other hand and the decks hold cards at this step"
        assert not hidden & set(app.view["cards"]) and not hidden & strings_in(app.view)
        assert not hidden & {key[1] for _, key in app.zones if key[0] == "card"}
        assert not [line for line in drawn_text for ref in hidden if ref in line]
        assert app.view["players"][other]["hand_size"] == len(full["players"][other]["hand"])
        press(app, pygame.K_RIGHT)
        assert app.view == app.game.view(viewer), "stepping keeps the player's view"
        press(app, pygame.K_LEFT)
    press(app, pygame.K_v)
    assert app.viewer is None and app.view == app.game.view()
