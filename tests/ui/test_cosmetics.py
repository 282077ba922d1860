"""Issue 32's cosmetic faults, measured on what is drawn: at 960×540 MV shows on hand cards and names and button
labels are whole (115, 171), the header fits an extra play (144_1), and floating words hide no name (151_1)."""

from __future__ import annotations

from game.ui import tokens, words
from game.ui.app import App
from game.ui.draw import set_unit
from game.ui.layout import Layout, overlaps
from game.ui.motion import float_place
from tests.ui.drawn import record
from tests.ui.fake import busy_game
from tests.ui.helpers import click


def inside_rect(outer, inner) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[0] + inner[2] <= outer[0] + outer[2] \
        and inner[1] + inner[3] <= outer[1] + outer[3]


def small_app(monkeypatch, game):
    """The game in a 960×540 window, past the pass screen, recording the text it draws (tokens drawn afresh)."""
    drawn = record(monkeypatch)
    monkeypatch.setattr(tokens, "_faces", {})
    app = App(game, (960, 540))
    app.step()
    click(app, (480, 270))
    return app, drawn


def test_at_960x540_mv_shows_on_hand_cards_and_labels_are_whole(monkeypatch):
    game = busy_game()
    game.state["cards"]["foot"]["name"] = "Sidelined Girlfriend"
    app, drawn = small_app(monkeypatch, game)
    hand = next(rect for rect, key in app.zones if key == ("card", "foot"))
    assert inside_rect((0, 0, hand[2], hand[3]), drawn.box_of("MV 2")), "MV inside the card (drawn on its face)"
    assert "Sidelined" in drawn.words and "Girlfriend" in drawn.words
    buttons = {key[1]: rect for rect, key in app.zones if key[0] == "button"}
    labels = {"end_turn": "End turn (E)", "save": "Save ^S", "rules": "Rules F1", "legend": "Legend L",
              "undo": "Undo ^Z", "redo": "Redo ^Y", "cancel": "Cancel"}
    for name, label in labels.items():
        assert inside_rect(buttons[name], drawn.box_of(label)), name
    assert not [line for line in drawn.words if line.endswith("…") and "Wandering" in line]
    assert "Wandering" in drawn.words and "Golem" in drawn.words, "a token's name in two whole lines"


def test_a_tapped_token_with_stun_counters_keeps_its_whole_name_115(monkeypatch):
    game = busy_game()
    game.state["cards"]["golem"].update(name="Microbot Alpha", tapped=True, stun_counters=2)
    app, drawn = small_app(monkeypatch, game)
    assert "Microbot" in drawn.words and "Alpha" in drawn.words
    token = [rect for rect, key in app.zones if key == ("card", "golem")][-1]
    badge = next(rect for rect, key in app.zones if key == ("stun_counters", "golem"))
    assert inside_rect(token, badge)
    name_box = drawn.box_of("Microbot")
    assert not overlaps((token[0] + name_box[0], token[1] + name_box[1], name_box[2], name_box[3]), badge)


def test_the_header_fits_when_an_extra_play_is_granted_144(monkeypatch):
    game = busy_game()
    game.state["players"]["Ada"]["grants"] = [{"kind": "minion", "same_name_in_play": True}]
    app, drawn = small_app(monkeypatch, game)
    pill = next(rect for rect, key in app.zones if key[0] == "plays")
    assert words.plays_pill(game.view("Ada"), "Ada") == "Minion 0/1 · Action 0/1 · +1 minion play · 3 stones"
    assert inside_rect(pill, drawn.box_of("3 stones"))
    assert inside_rect(pill, drawn.box_of("Minion 0/1 · Action 0/1 · +1 minion play · "))
    goal = next(rect for rect, key in app.zones if key[0] == "goal")
    assert not overlaps(pill, goal)


def test_floating_words_go_above_the_card_and_beside_a_panels_name_151():
    set_unit(1.0)
    layout = Layout()
    card = layout.square_rect(3, 2)
    x, y = float_place(card, (40, 26), False, 0, 0.0, layout.size)
    assert y + 26 <= card[1] and card[0] <= x <= card[0] + card[2], "above the card, over no name on it"
    x, y = float_place(layout.square_rect(0, 0), (40, 26), False, 1, 1.0, layout.size)
    assert y >= 0, "kept in the window"
    panel = layout.player_panel_rect(0, 2)
    header = (panel[0], panel[1], panel[2], 38)
    x, y = float_place(header, (70, 26), True, 0, 0.0, layout.size)
    assert x + 70 <= panel[0] + panel[2] - 120, "left of the VP score"
    assert inside_rect(header, (x, y, 70, 26))
