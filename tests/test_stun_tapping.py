"""Tapping (G-4, G-5): minions enter tapped, tapped characters can't act, and an untap lets them act again."""

from __future__ import annotations

from conftest import events, rejected_unchanged, scenario, setup
from test_stun_counters import card, state_of, table


def test_g4_minion_enters_tapped_and_untaps_next_untap_phase() -> None:
    """G-4: a played minion enters tapped: it can't move, attack or use an Ability until it untaps."""
    game = setup(table(
        card("lance", "Stun Lance", "Ada", zone="hand"),
        card("b1", "Footman", "Bo", pos=[3, 1]),
    ))
    assert game.act({"act": "play", "card": "lance", "to": [3, 0]}).ok
    assert state_of(game, "lance") == (True, 0)
    assert events(game, "Tapped") == []
    for action in ({"act": "move", "card": "lance", "to": [4, 0]},
                   {"act": "attack", "card": "lance", "target": "b1"},
                   {"act": "ability", "card": "lance", "ability": "Jolt", "target": "b1"}):
        assert "tapped" in rejected_unchanged(game, action)
    assert game.act({"act": "end_turn"}).ok
    assert state_of(game, "lance") == (True, 0)
    assert game.act({"act": "end_turn"}).ok
    view = game.view()
    assert (view["turn"], view["active"], view["phase"]) == (3, "Ada", "main")
    assert state_of(game, "lance") == (False, 0)
    assert events(game, "Untapped") == [{"type": "Untapped", "card": "lance", "cause": "untap phase"}]
    assert game.act({"act": "ability", "card": "lance", "ability": "Jolt", "target": "b1"}).ok


def test_g4_vigil_sentry_entering_tapped_triggers_on_its_first_untap() -> None:
    """G-4, SC-5: Vigil Sentry enters tapped (no trigger), then untaps in its next untap phase: +1 stone."""
    game = setup(table(card("vs", "Vigil Sentry", "Ada", zone="hand")))
    assert game.act({"act": "play", "card": "vs", "to": [3, 0]}).ok
    assert events(game, "Triggered") == []
    game.act({"act": "end_turn"})
    game.act({"act": "end_turn"})
    assert state_of(game, "vs") == (False, 0)
    assert game.view()["players"]["Ada"]["stones"] == 4
    assert events(game, "Triggered") == [{"type": "Triggered", "card": "vs", "on": "becomes_untapped"}]


def test_g4_stun_counter_on_a_fresh_minion_delays_its_untap() -> None:
    """G-4, SC-2: a minion that entered tapped and was Jolted stays tapped through its next untap phase."""
    game = setup(table(
        card("lance", "Stun Lance", "Bo", pos=[3, 3]),
        card("f1", "Footman", "Ada", zone="hand"),
    ))
    assert game.act({"act": "play", "card": "f1", "to": [3, 0]}).ok
    game.act({"act": "end_turn"})
    assert game.act({"act": "ability", "card": "lance", "ability": "Jolt", "target": "f1"}).ok
    game.act({"act": "end_turn"})
    assert state_of(game, "f1") == (True, 0)
    assert events(game, "UntapReplaced") == [{"type": "UntapReplaced", "card": "f1", "counters_left": 0}]


def test_g5_rally_horn_lets_a_character_attack_again() -> None:
    """G-5, SC-3: after attacking (tapped), Rally Horn untaps the character and it may attack again."""
    game = setup(table(
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("a1", "Footman", "Ada", pos=[3, 1]),
        card("b1", "Footman", "Bo", pos=[3, 2]),
    ))
    assert game.act({"act": "attack", "card": "a1", "target": "b1"}).ok
    rejected_unchanged(game, {"act": "attack", "card": "a1", "target": "b1"})
    assert game.act({"act": "play", "card": "horn"}).ok
    assert state_of(game, "a1") == (False, 0)
    assert game.act({"act": "attack", "card": "a1", "target": "b1"}).ok
    assert game.view()["cards"]["b1"]["hp"] == 1
    assert [(e["card"], e["n"]) for e in events(game, "DamageDealt")] == [("b1", 2), ("b1", 2)]
    assert state_of(game, "a1") == (True, 0)


def test_g5_rally_horn_ability_again_but_mv_is_one_budget() -> None:
    """G-5: an untapped-again character may use its Ability again; its MV stays one budget for the turn."""
    game = setup(table(
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("lance", "Stun Lance", "Ada", pos=[3, 0]),
        card("b1", "Footman", "Bo", pos=[4, 2]),
    ))
    assert game.act({"act": "move", "card": "lance", "to": [4, 0]}).ok
    assert game.act({"act": "ability", "card": "lance", "ability": "Jolt", "target": "b1"}).ok
    assert game.act({"act": "play", "card": "horn"}).ok
    assert game.act({"act": "move", "card": "lance", "to": [5, 0]}).ok
    assert "MV" in rejected_unchanged(game, {"act": "move", "card": "lance", "to": [6, 0]})
    assert game.act({"act": "ability", "card": "lance", "ability": "Jolt", "target": "b1"}).ok
    assert game.view()["cards"]["b1"]["stun_counters"] == 2
    assert game.view()["players"]["Ada"]["stones"] == 1


def test_g5_stunned_character_rally_horn_does_not_free_it() -> None:
    """G-5, SC-3: Rally Horn on an attacked-and-stunned character removes a counter; it still can't act."""
    game = setup(table(
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("a1", "Footman", "Ada", pos=[3, 1], stun_counters=1),
        card("b1", "Footman", "Bo", pos=[3, 2]),
    ))
    assert game.act({"act": "attack", "card": "a1", "target": "b1"}).ok
    assert game.act({"act": "play", "card": "horn"}).ok
    assert state_of(game, "a1") == (True, 0)
    assert "tapped" in rejected_unchanged(game, {"act": "attack", "card": "a1", "target": "b1"})


def test_g5_tapped_character_can_still_play_fuse() -> None:
    """G-5: playing a Fuse does not need an untapped character and does not tap it."""
    game = scenario(table(
        card("ok", "Oliver", "Ada", pos=[3, 0], tapped=True, stun_counters=1),
    ) + '[[do]]\nact = "ability"\ncard = "ok"\nability = "Spirit Ward"\n')
    assert game.view()["rejected"] == []
    assert state_of(game, "ok") == (True, 1)
    assert game.view()["players"]["Ada"]["stones"] == 2


def test_sc3_tap_op_and_untap_op_round_trip() -> None:
    """SC-3: the `tap` op taps (once), the `untap` op untaps; a stun counter placed between them stops it."""
    game = setup(table(card("b1", "Footman", "Bo", pos=[3, 4])))
    assert game.act({"act": "effect", "op": "tap", "target": "b1"}).ok
    assert game.act({"act": "effect", "op": "tap", "target": "b1"}).ok
    assert len(events(game, "Tapped")) == 1
    assert game.act({"act": "effect", "op": "place_stun", "target": "b1", "n": 1}).ok
    assert game.act({"act": "effect", "op": "untap", "target": "b1"}).ok
    assert state_of(game, "b1") == (True, 0)
    assert game.act({"act": "effect", "op": "untap", "target": "b1"}).ok
    assert state_of(game, "b1") == (False, 0)
