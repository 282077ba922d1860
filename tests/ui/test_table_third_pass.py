"""Issue 43's confusions and cosmetic faults at the table, checked on what is drawn after posted events: the recap of
the others' turns (what each achieved, then its steps; none on turn 1 or for one's own moves), the log without
repeats, bot banners, tapped characters, the final board."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine import Game
from game.ui import labels, log_words, words
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
    played = [labels.card_name(view, e["card"]) for e in view["log"][view["log"].index(bo_turn):]
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
    game.state["log"] += [{"type": "PhaseChanged", "player": "Ada", "phase": "over"},
                          {"type": "GameOver", "winner": "Ada"}]
    app = App(game)
    app.step()
    drawn = record(monkeypatch)
    click(app, zone_center(app, ("button", "final_board")))
    assert drawn.words.count("Game over. Winner: Ada.") == 1 and "Ada: Over phase." not in drawn.words
    assert not [line for line in drawn.words if "(playing)" in line]
    assert "VP 10" in drawn.words and not [line for line in drawn.words if "/ 10" in line]
    assert "Save ^S" not in drawn.words and "End turn (E)" not in drawn.words



ARCHER_IN_STASIS = """
description = "Archer in stasis with 1 counter can't be played (ST-11, ST-12)"
players = ["Ada", "Bo"]
[[card]]
ref = "arch"
name = "Archer"
owner = "Ada"
zone = "stasis"
stasis_counters = 1
"""


def test_one_stasis_counter_is_singular_18(tmp_path, monkeypatch) -> None:
    app = open_app(scenario(tmp_path, ARCHER_IN_STASIS))
    drawn = record(monkeypatch)
    click(app, zone_center(app, ("card", "arch")))
    assert app.ui.banner == ("Archer can't be played: Archer still has 1 stasis counter: only a card with none may "
                             "be played (ST-11, ST-12).")
    assert any(line.startswith("Archer can't be played: Archer still has 1 stasis counter:") for line in drawn.words)


def test_a_choice_of_cards_in_stasis_says_how_many_counters_each_has_left_3(monkeypatch) -> None:
    from tests.ui.fake import busy_game

    game = busy_game()
    game.state["pending"] = {"player": "Ada", "prompt": "Zany Prof: remove a stasis counter from which card?",
                             "options": ["hftp", "letter"]}
    drawn = record(monkeypatch)
    open_app(game)
    assert "Help From the Past (Ada) · 0 counters left" in drawn.words
    assert "Letter From Another Time (Ada) · 2 counters left" in drawn.words


def test_each_deck_chip_names_the_seats_standard_deck_1(monkeypatch) -> None:
    drawn = record(monkeypatch)
    app = App()
    app.step()
    assert "Deck: Backtimers & Stun (standard)" in drawn.words
    assert "Deck: Clockwork Vanguard (standard)" in drawn.words
    chip = next(rect for rect, key in app.zones if key == ("deck", 1))
    box = drawn.box_of("Deck: Clockwork Vanguard (standard)")
    assert chip[0] <= box[0] and box[0] + box[2] <= chip[0] + chip[2], "the name is whole on its chip"
    click(app, zone_center(app, ("deck", 0)))
    drawn.clear()
    hover(app, (3, 3))
    assert "Deck: Backtimers & Stun" in drawn.words, "a chosen deck is named without (standard)"


def test_the_game_over_table_says_vp_in_every_column_11(monkeypatch) -> None:
    from tests.ui.test_game_over import finished

    drawn = record(monkeypatch)
    app = App(finished())
    app.step()
    for value in ("8 VP", "1 VP", "2 VP", "0 VP", "10 VP", "4 VP"):
        assert value in drawn.words
    assert not [line for line in drawn.words if line.endswith("/ 10")]
    hover(app, zone_center(app, ("score", "Ada")))
    assert ("VP from locations 8, from defeats 1 (1 character at 1 VP), from monsters 2 (1 monster at 2 VP), "
            "other 0.") in app.tooltip


def test_the_legend_shows_what_each_frame_colour_means_10(monkeypatch) -> None:
    from game.ui.legend import frame_colours
    from tests.ui.helpers import pixel

    app = open_app(FakeGame())
    drawn = record(monkeypatch)
    press(app, pygame.K_l)
    assert [meaning for _, meaning in frame_colours()] == [
        "move, playable", "attack target", "ability/card target", "choice, bots' moves", "selected"]
    for color, meaning in frame_colours():
        x, y, _, h = drawn.box_of(meaning)
        assert pixel(app, (x - 18 + 1, y + 2 + 7)) == color, meaning
    assert any(line.endswith("the turn's end discards it (ST-14)") for line in drawn.words), "the stasis row, item 2"


def test_the_rules_overlay_cuts_no_button_or_hint_17(monkeypatch) -> None:
    from game.ui.draw import set_unit

    drawn = record(monkeypatch)
    app = App(FakeGame(), (960, 540))
    app.step()
    click(app, (480, 270))
    press(app, pygame.K_F1)
    assert "Rulings on points the rules" in drawn.words and "leave open" in drawn.words
    assert "Esc clears the search, then closes" in drawn.words
    overlay = drawn.words[len(drawn.words) - drawn.words[::-1].index("Rules") :]
    assert not [line for line in overlay if line.endswith("…") and line != "Type to search the rules…"]
    set_unit(1.0)


def test_searching_puts_the_rule_named_so_first_23() -> None:
    from game.ui.rules_overlay import NAMED

    app = open_app(FakeGame())
    press(app, pygame.K_F1)
    for letter in "burn":
        press(app, ord(letter), unicode=letter)
    assert app.rules.lines[0] == (NAMED, "section") and app.rules.lines[1][0].startswith("SE-3 Burn")


def test_four_player_panels_show_stasis_cards_and_their_discs_whole_15() -> None:
    from game.ui.layout import Layout

    for size in ((1280, 720), (960, 540)):
        layout = Layout.for_window(*size)
        panel = layout.player_panel_rect(0, 4)
        rects, _ = layout.chip_rects(panel, 3)
        assert all(r[1] + r[3] <= panel[1] + panel[3] for r in rects), size
    game = FakeGame()
    game.state["players_order"] = ["Ada", "Bo", "Cy", "Di"]
    for name in ("Cy", "Di"):
        game.state["players"][name] = {"vp": 0, "stones": 3, "hand": [], "deck": [], "discard": [], "stasis": []}
    app = open_app(game)
    panel = app.layout.player_panel_rect(0, 4)
    disc = next(rect for rect, key in app.zones if key == ("stasis_counters", "hftp"))
    assert disc[1] + disc[3] <= panel[1] + panel[3], "the counter disc is inside Ada's panel"


def test_an_occupied_locations_label_is_whole_above_the_token_14(monkeypatch) -> None:
    from game.ui.renderer import LOCATION
    from tests.ui.helpers import pixel

    game = FakeGame()
    game.state["cards"]["golem"]["pos"] = [5, 2]
    drawn = record(monkeypatch)
    app = open_app(game)
    label = next(line for line in drawn.words if line.startswith("+1 VP · "))
    x, y, w, h = drawn.box_of(label)
    cell = app.layout.square_rect(5, 2)
    assert cell[1] < y and y + h <= cell[1] + cell[3] // 2
    assert pixel(app, (x + w + 1, y + h - 2)) == LOCATION, "the label's strip is not cut by the token's top"


def test_the_replay_bar_says_how_to_step_and_no_tick_crosses_its_words_6_16(monkeypatch) -> None:
    from game.tools.replay import Timeline, record_of
    from game.tools.sim import GameResult, play_game
    from game.ui.draw import PANEL_EDGE, font
    from game.ui.replay_app import ReplayApp
    from tests.ui.helpers import pixel

    found: list[Timeline] = []

    def keep(game: Game, result: GameResult, problem: str | None) -> None:
        found.append(Timeline(record_of(game, result.bots, {}), "game-5.json"))

    play_game(5, ["fable_guard", "hex_and_count"], ["greedy-v1", "random"], False, keep)
    app = ReplayApp(found[0], 0)
    drawn = record(monkeypatch)
    press(app, pygame.K_RIGHT)
    bar = next(line for line in drawn.words if line.startswith("step 1/"))
    assert "(←/→ one action)" in bar and "(PgUp/PgDn)" in bar
    x, y, w, h = app.layout.message_strip
    words_end = x + app.layout.px(8) + font(16).size(bar)[0]
    ticks = [x + round(start / app.timeline.steps * (w - 1)) for start in app.timeline.turn_starts]
    under_words = [tx for tx in ticks if x + app.layout.px(8) < tx < words_end]
    assert under_words, "some turn starts fall under the words"
    assert all(pixel(app, (tx, y + h // 2)) != PANEL_EDGE for tx in under_words)


def test_a_card_played_from_stasis_leaves_its_gap_while_the_pointer_is_on_the_panel_12() -> None:
    from tests.ui.fake import busy_game

    app = open_app(busy_game())

    def chip(ref: str) -> tuple[int, int, int, int]:
        return next(rect for rect, key in reversed(app.zones) if key == ("card", ref))

    hftp, letter = chip("hftp"), chip("letter")
    click(app, zone_center(app, ("card", "hftp")))
    click(app, zone_center(app, ("card", "hftp")))
    assert app.game.acted == [{"act": "play_from_stasis", "card": "hftp"}]
    assert chip("letter") == letter and ("card", "letter") not in [key for rect, key in app.zones if rect == hftp]
    hover(app, (640, 300))
    assert chip("letter") == hftp, "once the pointer leaves the panel, the row closes up"


def test_a_card_in_stasis_at_0_warns_on_itself_and_on_end_turn_2(monkeypatch) -> None:
    from tests.ui.fake import busy_game

    drawn = record(monkeypatch)
    app = open_app(busy_game())
    assert "last turn" in drawn.words and "stasis" in drawn.words, "Help From the Past at 0, Letter at 2"
    end = next(rect for rect, key in app.zones if key == ("button", "end_turn"))
    x, y, w, h = drawn.box_of("discards Help From the Past")
    assert end[0] <= x and x + w <= end[0] + end[2] and end[1] <= y and y + h <= end[1] + end[3]
    hover(app, zone_center(app, ("card", "hftp")))
    assert words.LAST_TURN in app.tooltip
    hover(app, zone_center(app, ("button", "end_turn")))
    assert app.tooltip == ["Ending the turn now discards Help From the Past: at 0 stasis counters, play it first "
                           "(ST-11) or lose it (ST-14)."]
    click(app, zone_center(app, ("card", "hftp")))
    click(app, zone_center(app, ("card", "hftp")))
    drawn.clear()
    hover(app, (640, 300))
    assert "End turn (E)" in drawn.words and not [line for line in drawn.words if line.startswith("discards")]


def test_click_again_names_the_ability_it_uses_and_who_pays_9(monkeypatch) -> None:
    from tests.ui.fake import busy_game

    game = busy_game()
    game.state["cards"]["monk"].update(abilities=[{"name": "Aegis", "cost": 1, "text": "Shield."}])
    use = [{"act": "ability", "card": "monk", "ability": "Aegis"},
           {"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["monk"]}]
    original = game.legal_actions
    game.legal_actions = lambda: [*original(), *use]
    app = open_app(game)
    drawn = record(monkeypatch)
    click(app, zone_center(app, ("card", "monk")))
    assert ("Thunder Monk: tapped, it can't move (G-5) · click Thunder Monk again to use Aegis · 1 stone. "
            "Esc cancels.") in drawn.words
    press(app, pygame.K_ESCAPE)
    game.state["cards"]["halo"]["abilities"] = [{"name": "Refresh", "untap_cost": 1},
                                                {"name": "Renew", "untap_cost": 2}]
    click(app, zone_center(app, ("card", "halo")))
    assert ("Halo Fountain · click Halo Fountain again to use Refresh: untap Thunder Monk (Ada) · Renew needs 2 tapped "
            "(SC-6). Esc cancels.") in drawn.words


TIME_OUT_TABLE = """
description = "Time Out with a monster and an enemy minion on the board (ST-3, ST-17)"
players = ["Ada", "Bo"]
[[card]]
ref = "to"
name = "Time Out"
owner = "Ada"
zone = "hand"
[[card]]
ref = "golem"
name = "Wandering Golem"
zone = "board"
pos = [3, 2]
[[card]]
ref = "foe"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [5, 3]
"""


def test_time_out_lights_no_monster_it_cant_affect_4(tmp_path) -> None:
    from game.ui.renderer import ABILITY_HIGHLIGHT
    from tests.ui.helpers import pixel

    game = scenario(tmp_path, TIME_OUT_TABLE)
    assert {a.get("target") for a in game.legal_actions() if a.get("card") == "to"} == {"golem", "foe"}
    app = open_app(game)
    click(app, zone_center(app, ("card", "to")))
    for ref, square, lit in (("foe", (5, 3), True), ("golem", (3, 2), False)):
        x, y, w, h = app.layout.square_rect(*square)
        assert (pixel(app, (x + 1, y + h // 2)) == ABILITY_HIGHLIGHT) is lit, ref


MICROBOT_TABLE = """
description = "Microbot Alpha counts Ember Witch in stasis as in play (ST-8)"
players = ["Ada", "Bo"]
[[card]]
ref = "bot"
name = "Microbot Alpha"
owner = "Ada"
zone = "board"
pos = [2, 0]
[[card]]
ref = "witch"
name = "Ember Witch"
owner = "Ada"
zone = "stasis"
stasis_counters = 2
"""


def test_microbot_alphas_tooltip_names_what_it_counts_5(tmp_path, monkeypatch) -> None:
    game = scenario(tmp_path, MICROBOT_TABLE)
    assert game.view()["cards"]["bot"]["atk"] == 5
    app = open_app(game)
    drawn = record(monkeypatch)
    hover(app, zone_center(app, ("card", "bot")))
    line = "Counts 1: Ember Witch (Ada, in stasis) (ST-8: cards in stasis count as in play)."
    assert app.tooltip[3] == line and app.tooltip[2].startswith("+1 power for each of your other minions")
    assert any(shown.startswith("Counts 1: Ember Witch") for shown in drawn.words)


WINNING_TABLE = """
description = "Ada at 9 VP holds a location: she reaches 10, Bo ends the round and she wins (G-7, G-9)"
players = ["Ada", "Bo"]
vp = { Ada = 9, Bo = 2 }
[[card]]
ref = "loc"
name = "Alternate Present"
zone = "location"
pos = [3, 2]
[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [3, 2]
"""


def test_continue_offers_no_earlier_save_of_a_game_that_has_ended_8(tmp_path, monkeypatch) -> None:
    from game.ui.session import saves_folder

    app = open_app(scenario(tmp_path, WINNING_TABLE))
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    kept = next(saves_folder().glob("countertop-*.json"))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    app = App()
    app.step()
    click(app, zone_center(app, ("button", "load")))
    assert app.listing is not None
    index = next(i for i, info in enumerate(app.listing.games) if info.path == kept)
    click(app, zone_center(app, ("game", index)))
    click(app, (640, 360))
    press(app, pygame.K_e)
    click(app, (640, 360))  # G-9: Bo's turn ends the round
    press(app, pygame.K_e)
    assert app.ui.screen == "over" and app.game.view()["winner"] == "Ada"
    assert len(list(saves_folder().glob("*.json"))) == 2, "the Ctrl+S save and the autosave set aside"
    drawn = record(monkeypatch)
    click(app, zone_center(app, ("button", "new_game")))
    assert "No unfinished game to continue yet." in drawn.words and "Continue the last game" not in drawn.words


def test_a_long_turn_headline_wraps_on_the_pass_screen_instead_of_being_cut_13(monkeypatch) -> None:
    game = FakeGame()
    game.state["log"] = [
        {"type": "TurnStarted", "player": "Ada", "turn": 1}, {"type": "TurnStarted", "player": "Bo", "turn": 2},
        *({"type": "PlayedFromStasis", "player": "Bo", "card": ref} for ref in ("guard", "golem", "monk")),
        {"type": "Defeated", "card": "monk"}, {"type": "Defeated", "card": "golem"},
        {"type": "VictoryPoints", "player": "Bo", "change": 3, "vp": 7, "reason": "defeated"},
        {"type": "TurnStarted", "player": "Ada", "turn": 3},
    ]
    drawn = record(monkeypatch)
    app = App(game, (960, 540))
    app.step()
    headline = log_words.turn_summary(game.view(), "Ada")[0]
    assert headline.startswith("Bo's turn 2: +3 VP (now 7) · defeated Thunder Monk (Ada), Wandering Golem")
    shown = drawn.words[drawn.words.index("Since your last turn") + 1 :]
    assert " ".join(shown).startswith(headline), "the headline whole, over two lines"
    assert not [line for line in shown if line.endswith("…")]


def test_a_move_of_two_steps_reads_as_one_move_in_the_log_and_the_recap_13(monkeypatch) -> None:
    game = FakeGame()
    game.state["log"] = [
        {"type": "TurnStarted", "player": "Ada", "turn": 1}, {"type": "TurnStarted", "player": "Bo", "turn": 2},
        {"type": "Moved", "card": "guard", "to": [4, 2], "forced": False},
        {"type": "Moved", "card": "guard", "to": [5, 2], "forced": False},
        {"type": "TurnStarted", "player": "Ada", "turn": 3},
    ]
    assert log_words.turn_summary(game.view(), "Ada")[1:] == ["  Footman (Bo) moved to square 5,2 (via 4,2)."]
    app = open_app(game)
    drawn = record(monkeypatch)
    app.renderer.frame, app.renderer.log_cache.width = None, 0
    hover(app, (5, 5))
    log = " ".join(" ".join(drawn.words).split())
    assert log.count("Footman (Bo) moved to square 5,2 (via 4,2).") == 1 and "moved to square 4,2." not in log
