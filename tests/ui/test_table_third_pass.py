"""Issue 43's confusions and cosmetic faults at the table, checked on what is drawn after posted events: the recap of
the others' turns (what each achieved, then its steps; none on turn 1 or for one's own moves), the log without
repeats, bot banners, tapped characters, the final board."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine import Game
from game.ui import words
from game.ui.app import App
from game.ui.seats import Seats
from tests.ui.bot_clock import Clock, play_until_person
from tests.ui.drawn import record
from tests.ui.fake import FakeGame
from tests.ui.helpers import click, hover, open_app, press, square_center, zone_center

LETTER_TABLE = """
description = "Letter From Another Time at 0 counters in stasis (ST-11) and a second one in hand (ST-4)"
players = ["Ada", "Bo"]
[[card]]
ref = "let"
name = "Letter From Another Time"
owner = "Ada"
zone = "stasis"
stasis_counters = 0
[[card]]
ref = "let2"
name = "Letter From Another Time"
owner = "Ada"
zone = "hand"
[[card]]
ref = "foe"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 3]
[[card]]
ref = "d1"
name = "Footman"
owner = "Ada"
zone = "deck"
[[card]]
ref = "d2"
name = "Footman"
owner = "Ada"
zone = "deck"
"""


def scenario(tmp_path: Path, table: str) -> Game:
    """A game set up from a scenario table written to a file."""
    path = tmp_path / "table.toml"
    path.write_text(table, encoding="utf-8")
    return Game.from_scenario(str(path))


def test_no_since_your_last_turn_on_turn_1_19(monkeypatch) -> None:
    drawn = record(monkeypatch)
    app = App(Game.new(["Ada", "Bo"], seed=5))
    app.step()
    assert app.ui.screen == "pass"
    assert "Pass the device to Ada" in drawn.words and "Since your last turn" not in drawn.words


def test_after_a_load_mid_turn_the_recap_leaves_out_the_players_own_moves_19(monkeypatch) -> None:
    game = FakeGame()
    app = open_app(game)
    press(app, pygame.K_e)
    click(app, (640, 360))
    click(app, zone_center(app, ("card", "arch")))
    click(app, square_center(2, 4))
    press(app, pygame.K_e)
    click(app, (640, 360))
    click(app, zone_center(app, ("card", "monk")))
    click(app, square_center(3, 0))
    assert game.acted[-1] == {"act": "move", "card": "monk", "to": [3, 0]}
    drawn = record(monkeypatch)
    loaded = App(FakeGame.from_state(game.to_state()))
    loaded.step()
    assert loaded.ui.screen == "pass" and "Since your last turn" in drawn.words
    assert "Bo's turn 2: no VP · no defeats · played Archer (Bo)" in drawn.words
    assert not [line for line in drawn.words if "Thunder Monk" in line], "Ada's own move is not news to her"


def test_a_bots_turn_is_told_by_what_it_achieved_before_its_steps_13(monkeypatch) -> None:
    game = Game.new(["Ada", "Bo"], seed=3)
    clock = Clock()
    app = App(game, seats=Seats({"Bo": "greedy"}, seed=3))
    app.clock = clock
    app.step()
    click(app, (640, 360))
    press(app, pygame.K_e)
    play_until_person(app, clock)
    view = game.view("Ada")
    bo_turn = [e for e in view["log"] if e.get("type") == "TurnStarted"][-2]
    played = [words.card_name(view, e["card"]) for e in view["log"][view["log"].index(bo_turn):]
              if e.get("type") == "CardPlayed" and e.get("player") == "Bo"]
    assert played, "the seed has the bot play a card"
    drawn = record(monkeypatch)
    hover(app, (5, 5))
    headline = app.recap[0]
    assert headline.startswith("Bo's turn 2: ") and headline.endswith(" · played " + ", ".join(played))
    assert " VP" in headline and "defeat" in headline
    shown = " ".join(drawn.words)
    assert headline in shown and shown.index(headline) < shown.index("Bo played "), "what it achieved, then steps"


def test_a_card_played_from_stasis_is_logged_once_and_counters_not_twice_20(tmp_path, monkeypatch) -> None:
    game = scenario(tmp_path, LETTER_TABLE)
    app = open_app(game)
    click(app, zone_center(app, ("card", "let")))
    click(app, square_center(3, 3))
    click(app, zone_center(app, ("card", "let2")))
    click(app, zone_center(app, ("card", "let2")))
    assert [a["act"] for a in game.table.history] == ["play_from_stasis", "play"]
    drawn = record(monkeypatch)
    app.renderer.log_cache.width = 0
    hover(app, (5, 5))
    log = " ".join(" ".join(drawn.words).split())
    assert log.count("Ada played Letter From Another Time (Ada)") == 2, "once from stasis, once from hand"
    assert "from stasis (ST-11)" in log
    assert "entered stasis with 2 counters" in log and "2 stasis counters placed" not in log


def test_f_says_the_bots_pace_and_the_bots_last_words_go_on_the_persons_turn_7_21(monkeypatch) -> None:
    game = Game.new(["Ada", "Bo"], seed=3)
    clock = Clock()
    app = App(game, seats=Seats({"Bo": "greedy"}, seed=3))
    app.clock = clock
    app.step()
    click(app, (640, 360))
    press(app, pygame.K_e)
    drawn = record(monkeypatch)
    press(app, pygame.K_f)
    assert "Bots fast (F: slower)" in drawn.words
    clock.now += app.seats.pace()
    drawn.clear()
    app.step()
    assert any(line.startswith("Bots fast (F: slower) · Bo (Bot: normal): ") for line in drawn.words)
    play_until_person(app, clock)
    drawn.clear()
    hover(app, (6, 6))
    assert app.ui.banner == "" and not [line for line in drawn.words if "(Bot: normal)" in line]


def test_a_tapped_character_says_it_cant_move_not_its_mv_24(monkeypatch) -> None:
    game = FakeGame()
    game.state["cards"]["monk"].update(tapped=True, abilities=[{"name": "Aegis", "cost": 1, "text": "Shield."}])
    original = game.legal_actions
    game.legal_actions = lambda: [*original(), {"act": "ability", "card": "monk", "ability": "Aegis"}]
    app = open_app(game)
    drawn = record(monkeypatch)
    click(app, zone_center(app, ("card", "monk")))
    hint = next(line for line in drawn.words if line.startswith("Thunder Monk: "))
    assert "MV" not in hint and "tapped, it can't move (G-5)" in hint


def test_the_final_board_looks_over_22(monkeypatch) -> None:
    from tests.ui.test_game_over import finished

    game = finished()
    game.state["log"] += [{"type": "PhaseChanged", "player": "Ada", "phase": "over"}]
    app = App(game)
    app.step()
    drawn = record(monkeypatch)
    click(app, zone_center(app, ("button", "final_board")))
    assert "The game is over." in drawn.words and "Ada: Over phase." not in drawn.words
    assert not [line for line in drawn.words if "(playing)" in line]
    assert "VP 10" in drawn.words and not [line for line in drawn.words if "/ 10" in line]
    assert "Save ^S" not in drawn.words and "End turn (E)" not in drawn.words

