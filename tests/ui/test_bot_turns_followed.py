"""Issue 32 items 7 and 8: bot turns paced and framed, the "since your last turn" recap as a panel after them, F
speeding them up; bot seats named by strength and explained on hover; all by posted events."""

from __future__ import annotations

import pygame

from game.engine import Game
from game.ui import log_words, words
from game.ui.app import App
from game.ui.draw import font, px
from game.ui.recap import MOVED
from game.ui.seats import FAST_PACE_MS, PACE_MS, Seats
from tests.ui.bot_clock import Clock, play_until_person
from tests.ui.helpers import click, hover, pixel, press, zone_center


def person_against_greedy(seed: int = 3) -> tuple[Game, App, Clock]:
    """Ada (a person) against Bo (the normal bot), past Ada's pass screen."""
    game = Game.new(["Ada", "Bo"], seed=seed)
    clock = Clock()
    app = App(game, seats=Seats({"Bo": "greedy"}, seed=seed))
    app.clock = clock
    app.step()
    click(app, (640, 360))
    return game, app, clock


def test_each_bot_action_waits_its_pace_and_frames_the_cards_it_touched() -> None:
    game, app, clock = person_against_greedy()
    press(app, pygame.K_e)
    assert game.table.acting_player() == "Bo" and app.ui.screen == "play"
    start = len(game.table.history)
    clock.now += PACE_MS - 1
    app.step()
    assert len(game.table.history) == start, "a bot action waits PACE_MS"
    clock.now += 1
    app.step()
    assert len(game.table.history) == start + 1
    action = game.table.history[-1]
    assert app.ui.banner.startswith("Bots (F: faster) · Bo (Bot: normal): ")
    assert app.seats.moved == [ref for ref in (action.get("card"), action.get("target")) if isinstance(ref, str)]
    framed = [rect for rect, key in app.zones if key == ("card", app.seats.moved[0])]
    assert framed, "the card the bot played is on the board"
    x, y, w, h = framed[-1]
    assert pixel(app, (x - px(2), y + h // 2)) == MOVED


def test_after_the_bots_turn_the_person_gets_the_recap_as_a_panel_and_a_click_closes_it() -> None:
    game, app, clock = person_against_greedy()
    press(app, pygame.K_e)
    assert play_until_person(app, clock) >= 2
    view = game.view("Ada")
    assert app.ui.screen == "play" and app.ui.viewer == "Ada" and view["active"] == "Ada"
    assert app.recap == log_words.turn_summary(view, "Ada")
    assert app.recap[0].startswith("Bo's turn 2: ") and not any("Ada's turn" in line for line in app.recap)
    assert ("recap",) in [key for _, key in app.zones]
    click(app, zone_center(app, ("recap",)))
    assert app.recap == [] and ("recap",) not in [key for _, key in app.zones]


def test_the_persons_first_action_closes_the_recap_and_the_frames() -> None:
    game, app, clock = person_against_greedy()
    press(app, pygame.K_e)
    play_until_person(app, clock)
    assert app.recap and app.seats.moved
    press(app, pygame.K_e)
    assert app.recap == [] and app.seats.moved == []


def test_f_speeds_the_bots_up_and_back() -> None:
    game, app, clock = person_against_greedy()
    press(app, pygame.K_e)
    press(app, pygame.K_f)
    assert app.seats.pace() == FAST_PACE_MS and app.ui.banner == "Bots fast (F: slower)"
    start = len(game.table.history)
    clock.now += FAST_PACE_MS
    app.step()
    assert len(game.table.history) == start + 1
    press(app, pygame.K_f)
    assert app.seats.pace() == PACE_MS


def test_seat_chips_name_bots_by_strength_and_explain_each_on_hover() -> None:
    app = App()
    app.step()
    seen = []
    for _ in range(4):
        chip = zone_center(app, ("seat", 1))
        hover(app, chip)
        seen.append(app.tooltip[:1] + [line for line in app.tooltip if line.startswith("Technical name")])
        rect = next(rect for rect, key in app.zones if key == ("seat", 1))
        label = words.seat_label(app.ui.setup["seats"][1])
        assert font(20).size(label)[0] <= rect[2] - px(8), f"{label!r} is cut short on its chip"
        click(app, chip)
    assert seen == [
        ["Person (plays at this computer)"],
        ["Bot: easy", "Technical name: greedy-v1 (as in `countertop play --seats` and `countertop sim --bots`)."],
        ["Bot: normal", "Technical name: greedy (as in `countertop play --seats` and `countertop sim --bots`)."],
        ["Bot: hard", "Technical name: ismcts (as in `countertop play --seats` and `countertop sim --bots`)."],
    ]
    assert app.ui.setup["seats"][1] == "person", "a fourth click comes back to a person"
