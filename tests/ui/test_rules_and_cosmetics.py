"""Issue 32's cosmetics by posted events: the rules overlay (sections by family, a search box, the rule under the
cursor first, fast scrolling), counts worded with the right plural, and floats gone once the pass screen shows."""

from __future__ import annotations

import pygame

from game.core.rulebook import FAMILIES
from game.engine import Game
from game.ui import log_words, words
from game.ui.motion import DAMAGE, Float
from game.ui.rules_overlay import UNDER_CURSOR, WHEEL_LINES, matches
from tests.ui.helpers import click, hover, open_app, press, zone_center


def wheel(app, y: int) -> None:
    """Turn the mouse wheel (y > 0: up) and draw."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    app.step()


def type_text(app, letters: str) -> None:
    """Type letters one key at a time (each with its own key: F and L mean something on the table)."""
    for letter in letters:
        press(app, ord(letter), unicode=letter)


def test_f1_puts_the_rules_under_the_cursor_first_then_one_section_per_family() -> None:
    app = open_app(Game.new(["Ada", "Bo"], seed=4))
    hover(app, zone_center(app, ("goal",)))
    assert any("(G-7)" in line for line in app.tooltip)
    press(app, pygame.K_F1)
    assert app.ui.rules_open
    assert app.rules.first == ["G-7", "G-9", "G-6", "ST-18"]  # the goal's tooltip names G-9 (the round ends the game)
    assert list(app.rules.sections) == [UNDER_CURSOR, *FAMILIES.values()]
    assert app.rules.lines[0] == (UNDER_CURSOR, "section") and app.rules.lines[1][0].startswith("G-7 ")
    tabs = [key[1] for _, key in app.zones if key[0] == "rules_section"]
    assert tabs == list(app.rules.sections)
    click(app, zone_center(app, ("rules_section", FAMILIES["SC"])))
    assert app.ui.rules_scroll == app.rules.sections[FAMILIES["SC"]]
    assert app.rules.lines[app.ui.rules_scroll] == (FAMILIES["SC"], "section")


def test_typing_searches_the_rules_and_esc_clears_the_search_then_closes() -> None:
    app = open_app(Game.new(["Ada", "Bo"], seed=4))
    press(app, pygame.K_F1)
    type_text(app, "freeze")
    titles = [line for line, kind in app.rules.lines if kind == "title"]
    found = words_ids(titles)
    assert found and all(matches(rid, "freeze") for rid in found)
    assert "SE-5" in found and "G-1" not in found
    assert app.ui.rules_open and app.ui.legend_open is False
    press(app, pygame.K_BACKSPACE)
    assert app.rules.query == "freez"
    press(app, pygame.K_ESCAPE)
    assert app.ui.rules_open and app.rules.query == ""
    press(app, pygame.K_ESCAPE)
    assert not app.ui.rules_open


def test_f_and_l_type_into_the_search_box_while_a_bot_plays() -> None:
    from game.ui.seats import Seats

    game = Game.new(["Ada", "Bo"], seed=4)
    app = open_app(game)
    app.seats = Seats({"Bo": "greedy"}, seed=4)
    press(app, pygame.K_e)
    assert app.seats.to_act(game) == "Bo"
    press(app, pygame.K_F1)
    type_text(app, "fl")
    assert app.rules.query == "fl" and not app.seats.fast and not app.ui.legend_open


def test_a_search_that_finds_nothing_says_so() -> None:
    app = open_app(Game.new(["Ada", "Bo"], seed=4))
    press(app, pygame.K_F1)
    type_text(app, "zzzq")
    assert app.rules.lines == [] and app.rules_max_scroll == 0


def test_the_wheel_and_page_keys_scroll_the_rules_fast() -> None:
    app = open_app(Game.new(["Ada", "Bo"], seed=4))
    press(app, pygame.K_F1)
    wheel(app, -1)
    assert app.ui.rules_scroll == WHEEL_LINES
    press(app, pygame.K_PAGEDOWN)
    assert app.ui.rules_scroll == WHEEL_LINES + app.rules_page and app.rules_page > 20
    press(app, pygame.K_END)
    assert app.ui.rules_scroll == app.rules_max_scroll > 0
    press(app, pygame.K_HOME)
    assert app.ui.rules_scroll == 0


def words_ids(titles: list[str]) -> list[str]:
    """The rule ids at the start of the overlay's title lines."""
    return [line.split()[0] for line in titles if "-" in line.split()[0]]


def test_counts_are_worded_with_the_right_plural() -> None:
    view = {"players": {"Ada": {"vp": 10, "madness_penalty": 0}}, "cards": {
        "m1": {"name": "Madness", "kind": "madness", "owner": "Ada", "zone": "hand"}}}
    assert words.score_tooltip(view, ("score", "Ada"))[0] == "Ada: 10 VP at the end, 1 Madness card held"
    assert log_words.log_sentence(view, {"type": "Drew", "player": "Ada", "n": 1}) == "Ada drew 1 card."
    assert log_words.log_sentence(view, {"type": "Drew", "player": "Ada", "n": 2}) == "Ada drew 2 cards."
    assert log_words.log_sentence(view, {"type": "StonesChanged", "player": "Ada", "change": -1, "stones": 2}) == (
        "Ada: -1 stone, now 2.")
    assert log_words.log_sentence(view, {"type": "EnteredStasis", "card": "m1", "counters": 1}).endswith(
        "entered stasis with 1 counter.")


def test_a_players_panel_says_how_many_madness_cards_they_hold() -> None:
    app = open_app(Game.new(["Ada", "Bo"], seed=4))
    hover(app, zone_center(app, ("player", "Bo")))
    assert "Holds 0 Madness cards (−1 VP per 2 at the end of the game)." in app.tooltip


def test_floats_of_the_last_turn_are_gone_when_the_pass_screen_shows() -> None:
    from game.ui.app import now_ms

    game = Game.new(["Ada", "Bo"], seed=4)
    app = open_app(game)
    ref = game.view("Ada")["players"]["Ada"]["hand"][0]
    app.motion.floats.append(Float(("card", ref), "−3", DAMAGE, now_ms()))
    press(app, pygame.K_e)
    assert app.ui.screen == "pass"
    assert all(item.born is None for item in app.motion.floats), "a float of Ada's turn outlived the pass screen"
    click(app, (640, 360))
    assert all(item.words != "−3" for item in app.motion.floats)
