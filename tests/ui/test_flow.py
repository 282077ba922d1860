"""Flow of play: hand gaps that close once the pointer leaves, one way to play a card, menus beside the unit, the
choice dialog beside its source, a roll history, plain log sentences, the last-turn summary and enemy card details."""

from __future__ import annotations

import pygame
import pytest

from game.ui import labels, log_words, words
from game.ui.layout import overlaps
from tests.ui.fake import FakeGame, character
from tests.ui.helpers import click, hover, open_app, press, square_center, zone_center
from tests.ui.test_play_engine import engine_has_cards


def card_rect(app, ref):
    return [rect for rect, key in app.zones if key == ("card", ref)][-1]


def test_a_played_cards_gap_stays_while_the_pointer_is_on_the_hand_then_closes_G4():
    game = FakeGame()
    game.state["players"]["Ada"]["hand"] = ["omen", "foot"]
    app = open_app(game)
    omen_before, foot_before = card_rect(app, "omen"), card_rect(app, "foot")
    click(app, zone_center(app, ("card", "omen")))
    click(app, zone_center(app, ("card", "omen")))
    assert game.acted == [{"act": "play", "card": "omen"}]
    assert app.ui.hand_slots == [None, "foot"]
    assert card_rect(app, "foot")[0] == foot_before[0], "the next card stays put while the pointer is on the hand"
    assert ("card", "foot") not in [key for rect, key in app.zones if rect == omen_before]
    hover(app, (640, 300))
    assert app.ui.hand_slots == ["foot"]
    assert card_rect(app, "foot")[0] == omen_before[0], "once the pointer leaves, the next card moves up"


def test_after_the_turn_the_gaps_close():
    game = FakeGame()
    app = open_app(game)
    click(app, zone_center(app, ("card", "foot")))
    click(app, square_center(0, 0))
    press(app, pygame.K_e)
    assert app.ui.screen == "pass" and app.ui.hand_slots == []


def test_the_action_menu_opens_beside_the_unit_and_never_over_its_targets():
    game = FakeGame()
    game.state["cards"]["monk"]["abilities"] = [{"name": "Far Sight", "cost": 1}]
    app = open_app(game)
    click(app, zone_center(app, ("card", "monk")))
    click(app, zone_center(app, ("card", "guard")))
    assert app.ui.menu is None, "one action on the guard: done at once"
    game2 = FakeGame()
    game2.state["cards"]["monk"]["mv_left"] = 0
    app = open_app(game2)
    click(app, zone_center(app, ("card", "monk")))
    selection = app.ui.selection
    assert selection is not None
    from game.ui.action_menu import ActionMenu
    from game.ui.state import Menu

    app.push(ActionMenu(app.top, Menu(selection.actions[:3], zone_center(app, ("card", "monk")))))
    app.step()
    menu = [rect for rect, key in app.zones if key[0] == "menu"]
    highlighted = [app.renderer.layout.square_rect(*square) for square in selection.squares()]
    highlighted += [app.renderer.layout.square_rect(*game2.state["cards"][ref]["pos"]) for ref in selection.targets()]
    monk_square = app.renderer.layout.square_rect(3, 1)
    assert menu and not any(overlaps(entry, monk_square) for entry in menu)
    assert not any(overlaps(entry, square) for entry in menu for square in highlighted)


def test_ability_labels_show_their_stone_cost():
    view = FakeGame().view()
    view["cards"]["monk"]["abilities"] = [{"name": "Far Sight", "cost": 1}]
    label = labels.action_label(view, {"act": "ability", "card": "monk", "ability": "Far Sight"})
    assert label == "Far Sight · 1 stone"


def test_the_dice_panel_keeps_a_short_roll_history_G8():
    game = FakeGame()
    game.state["cards"]["guard"]["pos"] = [3, 2]
    app = open_app(game)
    click(app, zone_center(app, ("card", "monk")))
    click(app, zone_center(app, ("card", "guard")))
    assert game.acted[-1] == {"act": "attack", "card": "monk", "target": "guard"}
    click(app, zone_center(app, ("card", "foot")))
    click(app, square_center(0, 0))
    assert app.ui.roll_history == [
        ("Standard Attack on Footman (Bo)", [{"kind": "d100", "result": 42, "purpose": "critical hit"}])
    ], "the play after the attack rolled nothing, and the attack's roll stays"


def test_log_sentences_show_no_internals():
    view = FakeGame().view()
    grant = {"type": "ExtraPlayGranted", "player": "Ada", "grant": {"kind": "minion"}}
    assert log_words.log_sentence(view, grant) == "Ada gets an extra minion play."
    trigger = {"type": "Triggered", "card": "monk", "on": "start_of_turn"}
    assert log_words.log_sentence(view, trigger) == "Thunder Monk (Ada)'s ability triggers at the start of the turn."
    moved = {"type": "CardMoved", "card": "monk", "zone": "removed", "reason": "a monster"}
    assert log_words.log_sentence(view, moved) == "Thunder Monk (Ada) was removed from the game (a monster)."
    odd = {"type": "SomethingNew", "card": "monk", "extra": {"x": 1}}
    assert log_words.log_sentence(view, odd) == "Something new: Thunder Monk (Ada)."


def test_the_pass_screen_summarises_the_other_players_turn():
    game = FakeGame()
    app = open_app(game)
    press(app, pygame.K_e)
    click(app, (640, 360))
    click(app, zone_center(app, ("card", "arch")))
    click(app, square_center(2, 4))
    press(app, pygame.K_e)
    assert app.ui.screen == "pass" and app.ui.viewer == "Ada"
    summary = log_words.turn_summary(game.view(), "Ada")
    assert summary == [
        "Bo's turn 2: no VP · no defeats · played Archer (Bo)", "  Bo played Archer (Bo) to square 2,4."
    ]


def test_clicking_an_enemy_card_shows_its_details():
    game = FakeGame()
    game.state["cards"]["spy"] = character("Spy", "Bo", [5, 4])
    app = open_app(game)
    click(app, zone_center(app, ("card", "spy")))
    assert app.ui.inspected == "spy" and app.ui.banner == ""
    assert app.inspect_lines[0] == "Spy (Bo)"
    hover(app, (5, 5))
    assert app.inspect_lines[0] == "Spy (Bo)", "the details stay while the mouse moves on"
    press(app, pygame.K_ESCAPE)
    assert app.ui.inspected is None


def test_damage_floats_up_from_the_card_and_fades_without_blocking_input():
    from game.ui.motion import LIFE_MS

    game = FakeGame()
    app = open_app(game)
    click(app, zone_center(app, ("card", "monk")))
    click(app, zone_center(app, ("card", "guard")))
    assert [(f.key, f.words) for f in app.motion.floats] == [(("card", "guard"), "−3")]
    born = app.motion.floats[0].born
    assert app.motion.active(born + LIFE_MS - 1) and not app.motion.active(born + LIFE_MS)
    click(app, zone_center(app, ("card", "foot")))
    assert app.ui.selection is not None and app.ui.selection.ref == "foot", "input is handled while it floats"


def test_an_ability_the_card_text_names_is_not_listed_twice_in_its_tooltip():
    view = FakeGame().view()
    view["cards"]["monk"].update(
        text="Thunderclap (SC 1, range 1): apply Stun to an enemy character.",
        abilities=[{"name": "Thunderclap", "cost": 1, "range": 1, "text": "Apply Stun to an enemy within range 1."}],
    )
    lines = words.card_tooltip(view, "monk")
    assert sum("Thunderclap" in line for line in lines) == 1


def test_tooltips_show_the_rule_title_and_keep_the_paragraph_for_shift():
    lines = ["Status Burn on X", "Rule SE-3 Burn", "Burn stacks up to twice ...", "Status Burn on X"]
    assert words.short_tooltip(lines, False) == [
        "Status Burn on X", "Rule SE-3 Burn", "Hold Shift for the full rule; F1 lists every rule."
    ]
    assert words.short_tooltip(lines, True) == ["Status Burn on X", "Rule SE-3 Burn", "Burn stacks up to twice ..."]


STUNNED = """
players = ["Ada", "Bo"]
[[card]]
ref = "monk"
name = "Thunder Monk"
owner = "Ada"
zone = "board"
pos = [3, 1]
tapped = true
stun_counters = 1
[[do]]
act = "end_turn"
"""


@pytest.mark.skipif(not engine_has_cards(), reason="the engine's card files are not there yet")
def test_an_untap_replaced_by_a_stun_counter_floats_up_when_the_table_is_shown_SC2(tmp_path):
    from game.engine import Game

    path = tmp_path / "stunned.toml"
    path.write_text(STUNNED, encoding="utf-8")
    game = Game.from_scenario(str(path))
    app = open_app(game)
    assert app.ui.viewer == "Bo"
    press(app, pygame.K_e)
    assert app.ui.screen == "pass" and app.ui.viewer == "Ada"
    waiting = [f for f in app.motion.floats if f.key == ("card", "monk")]
    assert [f.words for f in waiting] == ["stun −1, stays tapped"] and waiting[0].born is None
    click(app, (640, 360))
    assert app.ui.screen == "play" and waiting[0].born is not None


def test_a_played_minion_glides_from_its_hand_slot_to_its_square_G4():
    from game.ui.motion import GLIDE_MS, glide_rect

    game = FakeGame()
    app = open_app(game)
    slot = card_rect(app, "foot")
    click(app, zone_center(app, ("card", "foot")))
    click(app, square_center(0, 0))
    (glide,) = app.motion.glides
    assert glide.name == "Footman" and glide.end == app.renderer.layout.square_rect(0, 0)
    assert glide.start[0] == slot[0]
    assert glide_rect(glide, glide.born) == glide.start and glide_rect(glide, glide.born + GLIDE_MS) is None
