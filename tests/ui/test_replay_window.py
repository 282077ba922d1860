"""The replay window (issue 17) with posted pygame events: step, jump, play, switch views, export, continue."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.engine import Game
from game.tools.replay import Timeline, record_of, write_replay
from game.tools.sim import GameResult, play_game
from game.ui.app import App
from game.ui.draw import BUTTON_HOT
from game.ui.replay_app import ReplayApp
from tests.ui.helpers import click, pixel, press, zone_center


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    found: list[Timeline] = []

    def keep(game: Game, result: GameResult, problem: str | None) -> None:
        found.append(Timeline(record_of(game, result.bots, {}), "game-5.json"))

    play_game(5, ["fable_guard", "hex_and_count"], ["greedy-v1", "random"], False, keep)
    return found[0]


def marker_x(app: ReplayApp) -> int:
    x, _, w, _ = app.layout.message_strip
    return x + round(app.at / max(app.timeline.steps, 1) * (w - 1))


def test_arrows_step_one_command_and_the_board_follows(timeline: Timeline) -> None:
    app = ReplayApp(timeline, 0)
    app.step()
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.at == 2 and app.view == timeline.view_at(2)
    press(app, pygame.K_LEFT)
    assert app.at == 1 and app.view == timeline.view_at(1)
    assert pixel(app, (marker_x(app), app.layout.message_strip[1] + app.layout.message_strip[3] - 4)) == BUTTON_HOT
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert app.at == 0


def test_page_keys_move_a_turn_and_home_end_to_the_ends(timeline: Timeline) -> None:
    app = ReplayApp(timeline, 0)
    press(app, pygame.K_PAGEDOWN)
    first = app.at
    assert first == timeline.turn_starts[1] and app.view["turn"] == timeline.turn_of(0) + 1
    press(app, pygame.K_PAGEDOWN)
    assert app.at == timeline.turn_starts[2]
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_PAGEUP)
    assert app.at == timeline.turn_starts[2]
    press(app, pygame.K_END)
    assert app.at == timeline.steps and app.view == timeline.view_at(timeline.steps)
    press(app, pygame.K_HOME)
    assert app.at == 0


def test_a_click_on_the_slider_jumps_and_equals_stepping(timeline: Timeline) -> None:
    app = ReplayApp(timeline, 0)
    app.step()
    x, y, w, h = app.layout.message_strip
    click(app, (x + (w - 1) // 2, y + h // 2))
    want = round(((w - 1) // 2) / (w - 1) * timeline.steps)
    assert app.at == want and app.view == timeline.view_at(want)
    walked = ReplayApp(timeline, 0)
    for _ in range(want):
        press(walked, pygame.K_RIGHT)
    assert walked.view == app.view
    assert app.view["log"] == timeline.view_at(want)["log"] and app.ui.log_scroll == 0


def test_play_moves_on_at_the_chosen_speed(timeline: Timeline) -> None:
    app = ReplayApp(timeline, 0)
    press(app, pygame.K_SPACE)
    assert app.playing
    app.advance_time(1.0)
    assert app.at == 1
    press(app, pygame.K_EQUALS)
    press(app, pygame.K_EQUALS)
    app.advance_time(0.5)
    assert app.at == 3
    click(app, zone_center(app, ("replay", "play")))
    app.advance_time(5.0)
    assert not app.playing and app.at == 3


def test_the_view_switch_shows_all_then_each_player(timeline: Timeline) -> None:
    app = ReplayApp(timeline, 4)
    app.step()
    assert app.viewer is None and app.ui.viewer == app.view["active"]
    press(app, pygame.K_v)
    assert app.viewer == "P1" and app.ui.viewer == "P1" and "only their hand" in app.banner
    click(app, zone_center(app, ("replay", "view")))
    assert app.viewer == "P2" and app.ui.viewer == "P2"
    press(app, pygame.K_v)
    assert app.viewer is None


def test_export_writes_a_scenario_of_the_step(timeline: Timeline, countertop_home: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    app = ReplayApp(timeline, 0, name="game-5.json")
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_RIGHT)
    step = app.at
    press(app, pygame.K_x)
    path = countertop_home / "scenarios" / f"game-5-step-{step}.toml"
    assert app.exported == [str(path)] and path.exists() and str(path) in app.banner
    assert main(["scenario", str(path), "--json"]) == 0
    ran = json.loads(capsys.readouterr().out)
    for key in ("turn", "active", "phase", "winner", "players", "cards"):
        assert ran[key] == app.view[key], key


def test_continue_from_here_starts_a_hot_seat_game_at_the_step(timeline: Timeline) -> None:
    app = ReplayApp(timeline, 0)
    press(app, pygame.K_PAGEDOWN)
    step = app.at
    click(app, zone_center(app, ("replay", "continue")))
    assert isinstance(app.app, App) and app.app.ui.screen == "pass"
    at_step = timeline.game_at(step)
    assert app.app.game is not None and app.app.game.to_state() == at_step.to_state()
    at_step.close()
    click(app, (640, 360))
    assert app.app.ui.screen == "play"
    turn = app.app.game.view()["turn"]
    press(app, pygame.K_e)
    assert app.app.game.view()["turn"] == turn + 1


def test_countertop_replay_opens_the_window_at_the_step(timeline: Timeline, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game-5.json"
    write_replay(timeline.record, str(path))
    opened: list[int] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self: opened.append(self.at))
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other UI tests go on with the cached fonts
    assert main(["replay", str(path), "--turn", "3"]) == 0
    assert opened == [timeline.turn_starts[2]]


def test_dragging_the_slider_follows_the_mouse_until_the_button_is_released(timeline: Timeline) -> None:
    app = ReplayApp(timeline, 0)
    app.step()
    x, y, w, h = app.layout.message_strip
    middle = y + h // 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + 10, middle), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + w - 1, middle + 40), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    app.step()
    assert app.at == timeline.steps, "dragged to the right end (the mouse may leave the strip)"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x - 50, middle), rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x - 50, middle), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + w // 2, middle), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert app.at == 0 and app.view == timeline.view_at(0)
