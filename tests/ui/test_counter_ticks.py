"""Counter badges tick (issue 15, motion): when a stasis or stun counter comes off or goes on, the badge itself
swells and settles while its number rolls from the old count to the new (ST-9, SC-1, SC-2); input is never
held up, and screenshots show the settled table."""

from __future__ import annotations

import pygame
import pytest

from game.ui import app as app_module
from game.ui.icons import STASIS_COUNTER, stasis_counter_badge
from game.ui.motion import TICK_MS, Motion, Tick, draw_tick, tick_for
from game.ui.play_command import show_named
from tests.ui.helpers import click, open_app, press

BADGE = (100, 100, 24, 24)
CENTER = (112, 112)


def region(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    return [tuple(surface.get_at((x, y))) for x in range(rect[0], rect[0] + rect[2])
            for y in range(rect[1], rect[1] + rect[3])]


def blank() -> pygame.Surface:
    surface = pygame.Surface((240, 240))
    surface.fill((30, 30, 30))
    return surface


@pytest.mark.parametrize(("entry", "key", "old", "new"), [
    ({"type": "StasisCounterRemoved", "card": "c", "counters_left": 1}, ("stasis_counters", "c"), 2, 1),
    ({"type": "StasisCountersAdded", "card": "c", "n": 2, "counters": 3}, ("stasis_counters", "c"), 1, 3),
    ({"type": "UntapReplaced", "card": "m", "counters_left": 0}, ("stun_counters", "m"), 1, 0),
    ({"type": "StunCountersAdded", "card": "m", "n": 1, "counters": 2}, ("stun_counters", "m"), 1, 2),
    ({"type": "StunCounterRemoved", "card": "m", "n": 2, "counters": 1}, ("stun_counters", "m"), 3, 1),
])
def test_each_counter_event_ticks_its_badge_from_the_old_count_to_the_new(entry, key, old, new) -> None:
    tick = tick_for(entry, 5)
    assert tick is not None and (tick.key, tick.old, tick.new, tick.born) == (key, old, new, 5)


def test_other_events_tick_nothing() -> None:
    assert tick_for({"type": "DamageDealt", "card": "c", "n": 3}, 0) is None


def test_two_counters_off_one_badge_in_one_action_roll_once_from_first_to_last() -> None:
    motion = Motion()
    entries = [{"type": "StasisCounterRemoved", "card": "c", "counters_left": n} for n in (2, 1)]
    motion.note(entries, 100, zones=[(BADGE, ("stasis_counters", "c"))])
    assert [(t.key, t.old, t.new, t.born, t.where) for t in motion.ticks] == [
        (("stasis_counters", "c"), 3, 1, 100, BADGE)
    ]


def test_the_badge_swells_mid_tick_and_settles_on_the_new_number_ST9() -> None:
    settled_old, settled_new = blank(), blank()
    stasis_counter_badge(settled_old, CENTER, 2, 12)
    stasis_counter_badge(settled_new, CENTER, 1, 12)
    tick = Tick(("stasis_counters", "c"), 2, 1, 0)
    start, middle, end = blank(), blank(), blank()
    for surface, now in ((start, 0), (middle, TICK_MS // 2), (end, TICK_MS - 1)):
        stasis_counter_badge(surface, CENTER, 1, 12)
        draw_tick(surface, tick, BADGE, False, now)
    assert region(start, BADGE) == region(settled_old, BADGE), "it starts showing the old count"
    assert region(end, BADGE) == region(settled_new, BADGE), "it ends showing the new count"
    outside = (BADGE[0] - 6, BADGE[1] + 10, 5, 4)
    assert (*STASIS_COUNTER, 255) in region(middle, outside), "mid-tick the disc is bigger than the badge"
    assert (*STASIS_COUNTER, 255) not in region(end, outside)


def test_a_stun_badge_whose_last_counter_came_off_shrinks_away_where_it_was_SC2() -> None:
    tick = Tick(("stun_counters", "m"), 1, 0, 0, BADGE)
    middle, end = blank(), blank()
    draw_tick(middle, tick, BADGE, True, TICK_MS // 3)
    draw_tick(end, tick, BADGE, True, TICK_MS - 1)
    assert any(pixel != (30, 30, 30, 255) for pixel in region(middle, BADGE))
    assert all(pixel == (30, 30, 30, 255) for pixel in region(end, BADGE)), "at the end it is gone"


def stasis_game(tmp_path):
    from game.engine import Game

    path = tmp_path / "stasis.toml"
    path.write_text(
        'players = ["Ada", "Bo"]\n'
        '[[card]]\nref = "tm"\nname = "Time Out"\nowner = "Bo"\nzone = "stasis"\nstasis_counters = 2\n',
        encoding="utf-8",
    )
    return Game.from_scenario(str(path))


def test_a_stasis_counter_coming_off_ticks_its_chip_when_the_table_shows_and_never_holds_up_a_click_ST9(
    tmp_path, monkeypatch
) -> None:
    clock = [1000]
    monkeypatch.setattr(app_module, "now_ms", lambda: clock[0])
    app = open_app(stasis_game(tmp_path))
    badge = next(rect for rect, key in app.zones if key == ("stasis_counters", "tm"))
    press(app, pygame.K_e)
    assert app.ui.screen == "pass" and app.ui.viewer == "Bo"
    (tick,) = app.motion.ticks
    assert (tick.key, tick.old, tick.new, tick.born, tick.where) == (("stasis_counters", "tm"), 2, 1, None, badge)
    clock[0] = 2000
    click(app, (640, 360))
    assert tick.born == 2000 and app.motion.active(2000 + TICK_MS // 2)
    clock[0] = 2000 + TICK_MS // 2
    app.step([])
    left_of_badge = (badge[0] - 4, badge[1] + badge[3] // 2)
    assert tuple(app.window.get_at(left_of_badge))[:3] == STASIS_COUNTER, "the chip's badge swells"
    chip = next(rect for rect, key in app.zones if key == ("card", "tm"))
    click(app, (chip[0] + 4, chip[1] + 4))
    assert app.ui.banner.startswith("Time Out can't be played: Time Out still has 1 stasis"), "handled mid-tick"
    app.motion.expire(2000 + TICK_MS)
    assert app.motion.ticks == [], "the badge has settled"


def test_a_screenshot_shows_the_settled_badge(tmp_path) -> None:
    app = app_module.App(stasis_game(tmp_path), headless=True)
    show_named(app, "board")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e", scancode=0)])
    assert app.ui.screen == "pass" and app.game is not None and app.game.view()["active"] == "Bo"
    assert app.motion.ticks == [] and app.motion.floats == []
