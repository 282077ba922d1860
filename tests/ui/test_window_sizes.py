"""The window is laid out for its size (issue 15, item 23): at 960×540, 1280×720 and 1920×1080 no text is
under its minimum, the key regions never overlap, bigger windows get bigger squares and text, four players
still see every card in stasis, and a VIDEORESIZE lays everything out again."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui import draw, tokens
from game.ui.app import App
from game.ui.layout import Layout, inside, overlaps
from game.ui.play_command import show_named
from tests.ui.fake import FakeGame, busy_game, other_card
from tests.ui.helpers import click, pixel

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def design_unit_afterwards():
    """Tests elsewhere draw faces and icons straight, at the unit a window left behind: leave it at 1."""
    yield
    draw.set_unit(1.0)
SMALLEST_TEXT = {(960, 540): 11, (1280, 720): 13, (1920, 1080): 20}


def fresh_caches() -> None:
    """Forget every font, rendered line and card face, so the next frame makes each one it uses."""
    draw._fonts.clear()
    draw._rendered.clear()
    tokens._faces.clear()


def open_at(game: FakeGame, size: tuple[int, int]) -> App:
    """A window of this size on a game, past the first "pass to" screen."""
    app = App(game, size)
    app.step()
    click(app, (size[0] // 2, size[1] // 2))
    assert app.ui.screen == "play"
    return app


def pixel_sizes() -> set[int]:
    """The pixel sizes of every font made since fresh_caches."""
    assert draw._fonts
    assert all(face.get_height() >= size for (size, _), face in draw._fonts.items())
    return {size for size, _ in draw._fonts}


def rect_within(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return (outer[0] <= inner[0] and outer[1] <= inner[1] and inner[0] + inner[2] <= outer[0] + outer[2]
            and inner[1] + inner[3] <= outer[1] + outer[3])


def four_players_with_stasis(per_player: int) -> FakeGame:
    """The busy board with Cy and Di seated too, and per_player cards in everyone's stasis."""
    game = busy_game()
    state = game.state
    for name in ("Cy", "Di"):
        state["players"][name] = {"vp": 0, "stones": 3, "hand": [], "deck": [], "discard": [], "stasis": []}
    state["players_order"] = ["Ada", "Bo", "Cy", "Di"]
    for name in state["players_order"]:
        for index in range(per_player):
            ref = f"{name}_st{index}"
            state["cards"][ref] = other_card("Time Out", "action", name, "stasis", stasis_counters=index % 3)
            state["players"][name]["stasis"].append(ref)
    return game


@pytest.mark.parametrize("size", SIZES)
def test_play_screen_text_is_never_under_the_minimum_for_the_window_size(size: tuple[int, int]) -> None:
    fresh_caches()
    open_at(busy_game(), size)
    assert min(pixel_sizes()) == SMALLEST_TEXT[size]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", ["new_game", "pass", "over", "rules", "legend"])
def test_every_other_screen_keeps_the_minimum_too(size: tuple[int, int], screen: str) -> None:
    game = busy_game()
    if screen == "over":
        game.state.update(winner="Ada", phase="over")
    app = App(game, size)
    show_named(app, screen)
    fresh_caches()
    app.draw()
    assert min(pixel_sizes()) >= SMALLEST_TEXT[size]
    assert all(rect_within(rect, (0, 0, *size)) for rect, _ in app.zones), screen


@pytest.mark.parametrize("size", SIZES)
def test_key_regions_fit_the_window_and_never_overlap(size: tuple[int, int]) -> None:
    layout = Layout.for_window(*size)
    regions = {
        "top bar": layout.top_bar, "board": layout.board_rect(), "message strip": layout.message_strip,
        "hand": layout.hand, "players": layout.players, "log": layout.log, "dice": layout.dice,
        "buttons": layout.buttons,
    }
    for name, rect in regions.items():
        assert rect_within(rect, (0, 0, *size)), name
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not overlaps(ra, rb), (a, b)
    buttons = list(layout.button_rects().values())
    assert all(rect_within(rect, layout.buttons) for rect in buttons)
    assert not any(overlaps(a, b) for a, b in itertools.combinations(buttons, 2))


@pytest.mark.parametrize("size", SIZES)
def test_what_is_drawn_stays_in_its_region(size: tuple[int, int]) -> None:
    game = busy_game()
    app = open_at(game, size)
    layout = app.layout
    cards = game.state["cards"]
    hand = game.state["players"]["Ada"]["hand"]
    for rect, key in app.zones:
        if key[0] != "card":
            continue
        card = cards[key[1]]
        if card["zone"] in ("board", "location") and card.get("pos") is not None:
            assert rect_within(rect, layout.board_rect()), key
        elif key[1] in hand:
            lifted = (layout.hand[0], layout.hand[1] - layout.px(8), layout.hand[2], layout.hand[3] + layout.px(8))
            assert rect_within(rect, lifted), key
        else:
            assert rect_within(rect, layout.players), key
    log = [rect for rect, key in app.zones if key == ("log",)]
    assert log == [layout.log]


def test_bigger_windows_get_bigger_squares_and_text() -> None:
    cells, texts = [], []
    for size in SIZES:
        fresh_caches()
        app = open_at(busy_game(), size)
        cells.append(app.layout.cell)
        texts.append(max(pixel_sizes()))
    assert cells == [72, 96, 144]
    assert texts[0] < texts[1] < texts[2]


@pytest.mark.parametrize("size", SIZES)
def test_four_players_see_every_card_in_stasis_at_every_size(size: tuple[int, int]) -> None:
    game = four_players_with_stasis(9)
    app = open_at(game, size)
    state = game.state
    for seat, name in enumerate(state["players_order"]):
        panel = app.layout.player_panel_rect(seat, 4)
        shown = []
        for ref in state["players"][name]["stasis"]:
            rect = [r for r, key in app.zones if key == ("card", ref)][-1]
            assert rect_within(rect, panel), ref
            assert pixel(app, (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)) != (36, 40, 48)
            shown.append(rect)
        assert not any(overlaps(a, b) for a, b in itertools.combinations(shown, 2)), name


def test_a_videoresize_lays_the_window_out_again_at_the_new_size() -> None:
    game = busy_game()
    app = open_at(game, (1280, 720))
    fresh_caches()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=540, size=(960, 540)))
    app.step()
    assert app.window.get_size() == (960, 540) and app.layout == Layout.for_window(960, 540)
    assert min(pixel_sizes()) == 11
    monk = game.state["cards"]["monk"]["pos"]
    drawn = [rect for rect, key in app.zones if key == ("card", "monk")]
    assert drawn and all(rect_within(rect, app.layout.square_rect(*monk)) for rect in drawn)
    x, y, w, h = app.layout.square_rect(*monk)
    assert inside(app.layout.board_rect(), (x + w // 2, y + h // 2))


def test_a_window_wider_than_16_9_gives_the_log_the_extra_width() -> None:
    wide = Layout.for_window(1600, 720)
    assert wide.unit == 1 and wide.cell == 96
    assert wide.log[2] == Layout().log[2] + 320 and wide.log[0] + wide.log[2] <= 1600


def test_play_size_draws_the_screenshot_at_that_size(tmp_path) -> None:
    from game.cli import main

    out = tmp_path / "new.png"
    assert main(["play", "--screen", "new_game", "--size", "1920x1080", "--screenshot", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


@pytest.mark.parametrize("value", ["800x600", "wide", "1280x"])
def test_play_size_below_960x540_or_malformed_is_refused_in_one_line(value: str, tmp_path, capsys) -> None:
    from game.cli import main

    out = tmp_path / "new.png"
    assert main(["play", "--screen", "new_game", "--size", value, "--screenshot", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"countertop: --size: {value!r} is not WIDTHxHEIGHT of at least 960x540 (e.g. 1280x720)"]
    assert not out.exists()
