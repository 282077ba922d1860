"""Monsters and the smaller rulings of this project: what the rules leave open, decided and pinned here."""

from __future__ import annotations

from pathlib import Path

from conftest import scenario

from game.engine import Game

SCENARIOS = Path(__file__).parent / "scenarios"

GOLEM_TAPPED = """
players = ["Ada", "Bo"]
[[card]]
ref = "golem"
name = "Wandering Golem"
zone = "board"
pos = [3, 2]
tapped = true
stun_counters = 1
"""


def test_monster_untaps_with_the_first_player_sc2_se3() -> None:
    """SC-2 / SE-3, R-11: a tapped monster tries to untap in the first player's untap phase, not the others'."""
    game = scenario(GOLEM_TAPPED + '[[do]]\nact = "end_turn"\n[[do]]\nact = "end_turn"\n')
    golem = game.view()["cards"]["golem"]
    assert golem["tapped"] is True and golem["stun_counters"] == 0
    replaced = [e for e in game.table.log if e["type"] == "UntapReplaced"]
    assert [(e["card"], e["counters_left"]) for e in replaced] == [("golem", 0)]
    game.act({"act": "end_turn"})
    game.act({"act": "end_turn"})
    assert game.view()["cards"]["golem"]["tapped"] is False


def test_monster_is_everyones_enemy_g5() -> None:
    """G-5: a monster is an enemy of every player; defeating it gives 2 VP (G-6)."""
    game = scenario("""
players = ["Ada", "Bo"]
[[card]]
ref = "golem"
name = "Wandering Golem"
zone = "board"
pos = [3, 2]
hp = 2
[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [3, 1]
[[do]]
act = "attack"
card = "f"
target = "golem"
""")
    view = game.view()
    assert view["cards"]["golem"]["zone"] == "removed"
    assert view["players"]["Ada"]["vp"] == 2


def test_relic_play_uses_the_action_allowance_g4_r5() -> None:
    """G-4, R-5: a relic is played with the action allowance, leaving the minion allowance, and lands on the
    board with no square (G-2)."""
    game = scenario("""
players = ["Ada", "Bo"]
[[card]]
ref = "halo"
name = "Halo Fountain"
owner = "Ada"
zone = "hand"
[[card]]
ref = "null"
name = "Null Field"
owner = "Ada"
zone = "hand"
[[card]]
ref = "f"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 4]
[[do]]
act = "play"
card = "halo"
[[do]]
act = "play"
card = "null"
target = "f"
""")
    view = game.view()
    assert view["cards"]["halo"]["zone"] == "board" and view["cards"]["halo"]["pos"] is None
    assert view["players"]["Ada"]["action_plays"] == 0
    assert view["players"]["Ada"]["minion_plays"] == 1
    assert view["rejected"] == [{"step": 1, "act": "play", "reason": "You have no action play left this turn (G-4)"}]


def test_defeated_character_keeps_no_board_state_in_the_save_r16() -> None:
    """R-16, G-6: beyond the dump, the saved state of a defeated character holds nothing of the board: only its
    identity, zone, printed stats and HP at its maximum."""
    game = Game.from_scenario(str(SCENARIOS / "r16_defeated_character_leaves_board_state.toml"))
    [foe] = [card for card in game.to_state()["cards"] if card["ref"] == "foe"]
    assert foe == {"ref": "foe", "name": "Footman", "zone": "discard", "seq": 3, "owner": "Bo", "controller": "Bo",
                   "stats": [5, 2, 0, 2, 1, "physical"], "hp": 5}
