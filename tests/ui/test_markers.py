"""Every counter and status of a busy board is drawn where it belongs and explained on hover."""

from __future__ import annotations

import pygame

from game.core.statuses import BY_NAME
from game.ui.icons import CUBE_COLORS, STASIS_COUNTER, STUN_COUNTER
from game.ui.play_command import save_screen
from tests.ui.fake import busy_game
from tests.ui.helpers import hover, open_app, pixel, zone_center

TOOLTIP = (250, 248, 225)


def test_stun_counters_and_status_stun_look_different_SC1_SE10():
    app = open_app(busy_game())
    badge = zone_center(app, ("stun_counters", "monk"))
    x, y, w, h = next(rect for rect, key in app.zones if key == ("status", "monk", "Stun"))
    assert pixel(app, (badge[0] - 5, badge[1])) == STUN_COUNTER
    assert pixel(app, (x + 2, y + h // 2)) == BY_NAME["Stun"].color, "a round purple tile"
    assert BY_NAME["Stun"].color != STUN_COUNTER


def test_hovering_the_stun_counter_badge_explains_SC2():
    app = open_app(busy_game())
    badge = zone_center(app, ("stun_counters", "monk"))
    hover(app, badge)
    assert app.tooltip[0] == "Thunder Monk (Ada) has 2 stun counters (not the status Stun)"
    assert app.tooltip[1].startswith("Rule SC-2")
    assert pixel(app, (badge[0] + 20, badge[1] + 20)) == TOOLTIP


def test_hovering_the_status_stun_icon_explains_SE10():
    app = open_app(busy_game())
    hover(app, zone_center(app, ("status", "monk", "Stun")))
    assert "Status Stun" in app.tooltip[0] and "not stun counters" in app.tooltip[0]
    assert app.tooltip[1].startswith("Rule SE-10")


def test_all_eleven_statuses_are_drawn_with_their_rules_SE0():
    app = open_app(busy_game())
    for status in BY_NAME:
        hover(app, zone_center(app, ("status", "guard", status)))
        assert app.tooltip[0].startswith(f"Status {status} on Footman (Bo)")
    hover(app, zone_center(app, ("status", "guard", "Freeze")))
    assert "1 token" in app.tooltip[0] and app.tooltip[1].startswith("Rule SE-5")


def test_cubes_evasion_and_negation_are_drawn_SE12_SE13_SE14():
    app = open_app(busy_game())
    red_x, red_y = zone_center(app, ("cubes", "guard", "red"))
    rect = [r for r, key in app.zones if key == ("cubes", "guard", "red")][-1]
    assert pixel(app, (rect[0] + 2, red_y)) == CUBE_COLORS["red"]
    hover(app, zone_center(app, ("cubes", "guard", "blue")))
    assert "2 blue cube" in app.tooltip[0] and app.tooltip[-2].startswith("Rule SE-14")
    hover(app, zone_center(app, ("evasion", "guard", "spirit")))
    assert "50 spirit evasion" in app.tooltip[0]
    hover(app, zone_center(app, ("negation", "guard", "physical")))
    assert "2 physical negation sources (25, 25)" in app.tooltip[0] and app.tooltip[1].startswith("Rule SE-13")


def test_cards_in_stasis_show_their_counters_ST9():
    app = open_app(busy_game())
    center = zone_center(app, ("stasis_counters", "letter"))
    assert pixel(app, (center[0] - 8, center[1])) == STASIS_COUNTER
    hover(app, center)
    assert app.tooltip[0] == "Letter From Another Time (Ada) is in stasis with 2 stasis counters"
    assert app.tooltip[1].startswith("Rule ST-9")


def test_a_tapped_character_is_drawn_sideways_G5():
    app = open_app(busy_game())
    body = [rect for rect, key in app.zones if key == ("card", "monk")][-1]
    upright = [rect for rect, key in app.zones if key == ("card", "guard")][-1]
    assert body[2] > body[3], "tapped: wider than tall"
    assert upright[2] < upright[3], "untapped: taller than wide"


def test_hovering_a_card_in_hand_shows_its_text_and_rule():
    app = open_app(busy_game())
    hover(app, zone_center(app, ("card", "omen")))
    assert app.tooltip[0] == "Omen (Ada)"
    assert "Choose: draw a card, or gain 1 VP." in app.tooltip
    assert app.tooltip[-2].startswith("Rule G-4")


def test_screenshot_writes_a_1280x720_png(tmp_path):
    out = tmp_path / "busy.png"
    save_screen(busy_game(), str(out))
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_every_marker_sits_inside_its_card_SE12_SE13():
    app = open_app(busy_game())
    body = [rect for rect, key in app.zones if key == ("card", "guard")][-1]
    for rect, key in app.zones:
        if key[0] in ("status", "cubes", "evasion", "negation") and key[1] == "guard":
            x, y, w, h = rect
            assert body[0] <= x and x + w <= body[0] + body[2] and body[1] <= y and y + h <= body[1] + body[3], key


def test_evasion_and_negation_have_different_shapes_and_colours_SE12_SE13():
    from game.ui.icons import EVASION, NEGATION

    app = open_app(busy_game())
    evasion = [rect for rect, key in app.zones if key == ("evasion", "oliver", "spirit")][-1]
    assert EVASION != NEGATION
    colours = {pixel(app, (evasion[0] + dx, evasion[1] + dy)) for dx in range(evasion[2]) for dy in range(evasion[3])}
    assert EVASION in colours and NEGATION not in colours


def test_hp_is_a_heart_with_hp_over_max_hp_not_a_red_box_like_atk():
    from game.ui.icons import HEART
    from game.ui.tokens import token

    card = busy_game().view()["cards"]["golem"]
    face, _ = token(card, "golem", (140, 140, 140))
    w, h = face.get_size()
    bottom = {tuple(face.get_at((x, y)))[:3] for x in range(w // 2, w) for y in range(h - 20, h - 3)}
    assert HEART in bottom


def test_four_players_see_every_card_in_stasis():
    from tests.ui.fake import other_card

    game = busy_game()
    state = game.state
    for name in ("Cy", "Di"):
        state["players"][name] = {"vp": 0, "stones": 3, "hand": [], "deck": [], "discard": [], "stasis": []}
    state["players_order"] = ["Ada", "Bo", "Cy", "Di"]
    for name in state["players_order"]:
        for index in range(9):
            ref = f"{name}_st{index}"
            state["cards"][ref] = other_card("Time Out", "action", name, "stasis", stasis_counters=index % 3)
            state["players"][name]["stasis"].append(ref)
    app = open_app(game)
    layout = app.renderer.layout
    for seat, name in enumerate(state["players_order"]):
        panel = layout.player_panel_rect(seat, 4)
        for ref in state["players"][name]["stasis"]:
            rect = [r for r, key in app.zones if key == ("card", ref)][-1]
            assert panel[1] <= rect[1] and rect[1] + rect[3] <= panel[1] + panel[3], ref
            assert pixel(app, (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)) != (36, 40, 48)
