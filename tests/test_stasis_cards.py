"""The Backtimers cards of RULES.md Part C, each on its own and in combination (ST-2 .. ST-16)."""

from __future__ import annotations

from conftest import events, rejected_unchanged, scenario, setup
from test_stasis_rules import PLAYERS, card, deck

# ----- Help From the Past ----------------------------------------------------------------------------------


def test_help_from_the_past_full_cycle_st2_st9_st11() -> None:
    """Help From the Past (ST-2, ST-9, ST-11): 3 counters, three of Ada's starts, then draw 2 + a minion."""
    game = scenario(
        PLAYERS
        + card("hftp", "Help From the Past", "hand")
        + deck("Ada", 12)
        + deck("Bo", 12)
        + """
[[do]]
act = "play"
card = "hftp"
[[do]]
act = "end_turn"
[[do]]
act = "end_turn"
[[do]]
act = "end_turn"
[[do]]
act = "end_turn"
[[do]]
act = "end_turn"
[[do]]
act = "end_turn"
"""
    )
    v = game.view()
    assert (v["turn"], v["active"]) == (7, "Ada")
    assert (v["cards"]["hftp"]["zone"], v["cards"]["hftp"]["stasis_counters"]) == ("stasis", 0)
    assert [e["counters_left"] for e in events(game, "StasisCounterRemoved")] == [2, 1, 0]
    assert game.act({"act": "play_from_stasis", "card": "hftp"}).ok
    v = game.view()
    assert v["players"]["Ada"]["hand"] == ["ad1", "ad2", "ad3", "ad4", "ad5", "ad6", "ad7", "ad8"]
    assert v["players"]["Ada"]["grants"] == [{"kind": "minion"}]
    assert v["players"]["Ada"]["discard"] == ["hftp"]


def test_help_from_the_past_extra_minion_play_is_usable() -> None:
    """Help From the Past (ST-11, G-4): after it, two minions may be played this turn, not three."""
    game = scenario(
        PLAYERS
        + card("hftp", "Help From the Past", "stasis", stasis_counters=0)
        + card("f1", "Footman", "hand")
        + card("f2", "Footman", "hand")
        + card("f3", "Footman", "hand")
        + deck("Ada", 2)
        + """
[[do]]
act = "play_from_stasis"
card = "hftp"
[[do]]
act = "play"
card = "f1"
to = [0, 0]
[[do]]
act = "play"
card = "f2"
to = [1, 0]
"""
    )
    assert game.view()["rejected"] == []
    reason = rejected_unchanged(game, {"act": "play", "card": "f3", "to": [2, 0]})
    assert reason == "You have no minion play left this turn (G-4)"


# ----- Letter From Another Time ----------------------------------------------------------------------------


def test_letter_from_stasis_needs_a_target_when_several() -> None:
    """Letter From Another Time (ST-11): with two characters on the board the damage target must be named."""
    game = setup(
        PLAYERS
        + card("letter", "Letter From Another Time", "stasis", stasis_counters=0)
        + card("f", "Footman", "board", "Bo", pos=[1, 4])
        + card("a", "Archer", "board", "Bo", pos=[2, 4])
    )
    reason = rejected_unchanged(game, {"act": "play_from_stasis", "card": "letter"})
    assert reason == "Letter From Another Time needs a target: one of f, a"


def test_letter_from_stasis_damages_without_killing() -> None:
    """Letter From Another Time (ST-11, ST-13, ST-4): 3 damage to the named character, no draw, discarded."""
    game = scenario(
        PLAYERS
        + card("letter", "Letter From Another Time", "stasis", stasis_counters=0)
        + card("f", "Footman", "board", "Bo", pos=[1, 4])
        + card("a", "Archer", "board", "Bo", pos=[2, 4])
        + deck("Ada", 1)
        + '[[do]]\nact = "play_from_stasis"\ncard = "letter"\ntarget = "a"\n'
    )
    v = game.view()
    assert (v["cards"]["a"]["hp"], v["cards"]["f"]["hp"]) == (1, 5)
    assert v["players"]["Ada"]["hand"] == [] and v["players"]["Ada"]["vp"] == 0
    assert v["cards"]["letter"]["zone"] == "discard"


def test_letter_from_stasis_with_no_character_just_resolves() -> None:
    """Letter From Another Time (ST-11): with nobody to damage it is still played and discarded."""
    game = scenario(
        PLAYERS
        + card("letter", "Letter From Another Time", "stasis", stasis_counters=0)
        + '[[do]]\nact = "play_from_stasis"\ncard = "letter"\n'
    )
    v = game.view()
    assert v["rejected"] == [] and v["cards"]["letter"]["zone"] == "discard"
    assert events(game, "DamageDealt") == []


# ----- Sidelined Girlfriend --------------------------------------------------------------------------------


def test_sidelined_girlfriend_may_decline() -> None:
    """Sidelined Girlfriend (ST-15): 'you may': answering no leaves the hand as it was."""
    game = scenario(
        PLAYERS
        + card("girl", "Sidelined Girlfriend", "hand")
        + card("g", "Gobbo", "hand")
        + """
[[do]]
act = "play"
card = "girl"
to = [3, 0]
[[do]]
act = "choose"
option = "no"
"""
    )
    v = game.view()
    assert (
        v["pending"] is None and v["players"]["Ada"]["hand"] == ["g"] and v["players"]["Ada"]["stasis"] == []
    )
    assert events(game, "EnteredStasis") == []


def test_sidelined_girlfriend_with_empty_hand_asks_nothing() -> None:
    """Sidelined Girlfriend: with no card in hand there is nothing to choose."""
    game = scenario(
        PLAYERS
        + card("girl", "Sidelined Girlfriend", "hand")
        + '[[do]]\nact = "play"\ncard = "girl"\n'
        + "to = [3, 0]\n"
    )
    assert game.view()["pending"] is None and events(game, "ChoicePending") == []


def test_sidelined_girlfriend_gains_a_stone_per_counter_fast_forward() -> None:
    """Sidelined Girlfriend + Fast Forward (ST-6, ST-10, G-3): 2 counters removed, 2 triggers, 2 stones."""
    game = scenario(
        PLAYERS
        + "stones = { Ada = 1 }\n"
        + card("girl", "Sidelined Girlfriend", "stasis", stasis_counters=3)
        + card("ff", "Fast Forward", "hand")
        + """
[[do]]
act = "play"
card = "ff"
[[do]]
act = "choose"
option = 2
"""
    )
    v = game.view()
    assert v["cards"]["girl"]["stasis_counters"] == 1
    assert v["players"]["Ada"]["stones"] == 3
    assert [e["change"] for e in events(game, "StonesChanged")] == [1, 1]


def test_sidelined_girlfriend_on_the_board_gains_nothing() -> None:
    """Sidelined Girlfriend (ST-6): 'after a counter is removed' works only for the card in stasis."""
    game = scenario(
        PLAYERS
        + 'phase = "start"\nstones = { Ada = 0 }\n'
        + card("girl", "Sidelined Girlfriend", "board", pos=[0, 0])
        + card("hftp", "Help From the Past", "stasis", stasis_counters=2)
    )
    assert game.view()["players"]["Ada"]["stones"] == 3
    assert events(game, "Triggered") == []


def test_sidelined_girlfriend_played_from_stasis_resolves_on_play() -> None:
    """Sidelined Girlfriend (ST-11): played from stasis, her on-play still offers a card from hand."""
    game = scenario(
        PLAYERS
        + card("girl", "Sidelined Girlfriend", "stasis", stasis_counters=0)
        + card("g", "Gobbo", "hand")
        + """
[[do]]
act = "play_from_stasis"
card = "girl"
to = [3, 0]
[[do]]
act = "choose"
option = "g"
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert v["cards"]["girl"]["zone"] == "board" and v["cards"]["girl"]["tapped"] is True
    assert (v["cards"]["g"]["zone"], v["cards"]["g"]["stasis_counters"]) == ("stasis", 2)
    assert v["players"]["Ada"]["stasis"] == ["g"]


# ----- Zany Prof -------------------------------------------------------------------------------------------


def test_zany_prof_asks_which_card_when_several() -> None:
    """Zany Prof (ST-7): it may affect Ada's cards in stasis, never Bo's; with two, Ada chooses."""
    game = scenario(
        PLAYERS
        + card("zany", "Zany Prof", "board", pos=[3, 0])
        + card("h", "Help From the Past", "stasis", stasis_counters=3)
        + card("l", "Letter From Another Time", "stasis", stasis_counters=3)
        + card("bo", "Gobbo", "stasis", "Bo", stasis_counters=3)
        + card("b1", "Archer", "deck", "Bo")
        + deck("Ada", 4)
        + """
[[do]]
act = "end_turn"
[[do]]
act = "end_turn"
"""
    )
    v = game.view()
    assert v["pending"]["options"] == ["h", "l"] and v["pending"]["player"] == "Ada"
    assert v["phase"] == "start"
    assert game.act({"act": "choose", "option": "l"}).ok
    v = game.view()
    assert v["phase"] == "main"
    assert [v["cards"][r]["stasis_counters"] for r in ("h", "l", "bo")] == [2, 1, 2]


def test_zany_prof_with_nothing_in_stasis_does_nothing() -> None:
    """Zany Prof: with no other card of Ada's in stasis the ability finds nothing."""
    game = scenario(PLAYERS + 'phase = "start"\n' + card("zany", "Zany Prof", "board", pos=[3, 0]))
    assert game.view()["phase"] == "main" and events(game, "StasisCounterRemoved") == []


# ----- Time Out --------------------------------------------------------------------------------------------


def test_time_out_on_own_minion_at_a_location() -> None:
    """Time Out (ST-3, ST-5): Ada's minion on a location square leaves the board and the location."""
    game = scenario(
        PLAYERS
        + card("to", "Time Out", "hand")
        + card("ap", "Alternate Present", "location", None, pos=[3, 2])
        + card("f", "Footman", "board", pos=[3, 2])
        + '[[do]]\nact = "play"\ncard = "to"\ntarget = "f"\n'
    )
    v = game.view()
    assert (v["cards"]["f"]["zone"], v["cards"]["f"]["pos"], v["cards"]["f"]["stasis_counters"]) == (
        "stasis",
        None,
        2,
    )
    assert game.table.at((3, 2)) is None


def test_time_out_on_copycat_forgets_the_copy() -> None:
    """Time Out (ST-3 Ruling): Copycat's copied power is board state; in stasis it is printed 1 again."""
    game = scenario(
        PLAYERS
        + card("cc", "Copycat", "hand")
        + card("w", "Big Bad Wolf", "board", "Bo", pos=[3, 4])
        + card("to", "Time Out", "hand")
        + """
[[do]]
act = "play"
card = "cc"
to = [3, 0]
target = "w"
[[do]]
act = "play"
card = "to"
target = "cc"
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert events(game, "PowerCopied")[0]["atk"] == 5
    assert (v["cards"]["cc"]["zone"], v["cards"]["cc"]["atk"]) == ("stasis", 1)


# ----- Fast Forward ----------------------------------------------------------------------------------------


def test_fast_forward_up_to_one_when_one_left() -> None:
    """Fast Forward (ST-10): 'up to 2' on a card with 1 counter offers 0 or 1."""
    game = scenario(
        PLAYERS
        + card("ff", "Fast Forward", "hand")
        + card("h", "Help From the Past", "stasis", stasis_counters=1)
        + '[[do]]\nact = "play"\ncard = "ff"\n'
    )
    assert game.view()["pending"]["options"] == [0, 1]
    assert game.act({"act": "choose", "option": 0}).ok
    assert game.view()["cards"]["h"]["stasis_counters"] == 1
    assert game.view()["cards"]["ff"]["zone"] == "discard"


def test_fast_forward_only_your_own_cards_in_stasis() -> None:
    """Fast Forward (ST-7): it can't target Bo's card in stasis, nor a card on the board."""
    game = setup(
        PLAYERS
        + card("ff", "Fast Forward", "hand")
        + card("h", "Help From the Past", "stasis", "Bo", stasis_counters=2)
        + card("f", "Footman", "board", pos=[0, 0])
    )
    assert (
        rejected_unchanged(game, {"act": "play", "card": "ff", "target": "h"})
        == "Help From the Past is not a legal target for Fast Forward"
    )
    assert rejected_unchanged(game, {"act": "play", "card": "ff"}) == "Fast Forward has no legal target"


def test_fast_forward_then_play_from_stasis_same_turn() -> None:
    """Fast Forward (ST-10, ST-11): down to 0, the card may be played at once."""
    game = scenario(
        PLAYERS
        + 'coins = ["tails"]\n'
        + card("ff", "Fast Forward", "hand")
        + card("g", "Gobbo", "stasis", stasis_counters=2)
        + """
[[do]]
act = "play"
card = "ff"
[[do]]
act = "choose"
option = 2
[[do]]
act = "play_from_stasis"
card = "g"
to = [0, 0]
"""
    )
    v = game.view()
    assert v["rejected"] == [] and v["cards"]["g"]["zone"] == "board"


# ----- Alternate Present -----------------------------------------------------------------------------------


def test_alternate_present_only_the_first_minion_each_turn() -> None:
    """Alternate Present (ST-15): Ada's first minion there this turn triggers it; her second doesn't."""
    game = scenario(
        PLAYERS
        + card("ap", "Alternate Present", "location", None, pos=[3, 2])
        + card("f", "Footman", "hand")
        + card("arch", "Archer", "hand")
        + card("g", "Gobbo", "hand")
        + card("hftp", "Help From the Past", "stasis", stasis_counters=0)
        + deck("Ada", 2)
        + """
[[do]]
act = "play"
card = "f"
to = [3, 2]
[[do]]
act = "choose"
option = "no"
[[do]]
act = "effect"
op = "move"
target = "f"
to = [2, 2]
[[do]]
act = "play_from_stasis"
card = "hftp"
[[do]]
act = "play"
card = "arch"
to = [3, 2]
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert v["pending"] is None
    assert v["cards"]["arch"]["pos"] == [3, 2] and v["cards"]["g"]["zone"] == "hand"
    assert len(events(game, "ChoicePending")) == 1


def test_alternate_present_serves_any_player_from_their_own_hand() -> None:
    """Alternate Present (ST-15, ST-3): Bo's minion there lets Bo put a card of his own hand in stasis."""
    game = scenario(
        'players = ["Bo", "Ada"]\n'
        + card("ap", "Alternate Present", "location", None, pos=[3, 2])
        + card("f", "Footman", "hand", "Bo")
        + card("h", "Help From the Past", "hand", "Bo")
        + card("mine", "Gobbo", "hand", "Ada")
        + """
[[do]]
act = "play"
card = "f"
to = [3, 2]
"""
    )
    v = game.view()
    assert v["pending"] == {"player": "Bo", "prompt": v["pending"]["prompt"], "options": ["h", "no"]}
    assert game.act({"act": "choose", "option": "h"}).ok
    v = game.view()
    assert (v["cards"]["h"]["zone"], v["cards"]["h"]["stasis_counters"], v["cards"]["h"]["controller"]) == (
        "stasis",
        2,
        "Bo",
    )
    assert v["players"]["Bo"]["action_plays"] == 1 and events(game, "StasisIgnored") == []
