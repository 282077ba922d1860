"""Cards that count or check what is in play (ST-8), Madness (ST-18) and the ownerless cards (ST-17)."""

from __future__ import annotations

from conftest import events, rejected_unchanged, scenario, setup
from test_stasis_rules import PLAYERS, card, deck

# ----- Microbot Alpha --------------------------------------------------------------------------------------


def test_microbot_alpha_counts_own_minions_in_stasis_only() -> None:
    """Microbot Alpha (ST-8): +1 per other minion of Ada's in play (board or stasis); not Bo's, not hand."""
    game = setup(
        PLAYERS
        + card("alpha", "Microbot Alpha", "board", pos=[3, 0])
        + card("s1", "Footman", "stasis", stasis_counters=2)
        + card("s2", "Genie", "stasis", stasis_counters=0)
        + card("h", "Footman", "hand")
        + card("d", "Footman", "discard")
        + card("bo", "Footman", "stasis", "Bo", stasis_counters=1)
        + card("hftp", "Help From the Past", "stasis", stasis_counters=1)
    )
    assert game.view()["cards"]["alpha"]["atk"] == 6


# ----- Copycat ---------------------------------------------------------------------------------------------


def test_copycat_copies_microbot_alpha_sitting_in_stasis() -> None:
    """Copycat (ST-7 exception, ST-8): it may choose Bo's Microbot Alpha in stasis; it gets printed 4 and
    the Microbot count of Ada's own minions in play (one on the board, one in stasis)."""
    game = scenario(
        PLAYERS
        + card("cc", "Copycat", "hand")
        + card("alpha", "Microbot Alpha", "stasis", "Bo", stasis_counters=2)
        + card("f", "Footman", "board", pos=[0, 0])
        + card("g", "Gobbo", "stasis", stasis_counters=1)
        + card("bf", "Footman", "board", "Bo", pos=[0, 4])
        + '[[do]]\nact = "play"\ncard = "cc"\nto = [3, 0]\ntarget = "alpha"\n'
    )
    v = game.view()
    assert v["rejected"] == []
    assert events(game, "PowerCopied") == [{"type": "PowerCopied", "card": "cc", "source": "alpha", "atk": 4}]
    assert v["cards"]["cc"]["printed_atk"] == 4
    assert v["cards"]["cc"]["atk"] == 6
    assert (v["cards"]["alpha"]["zone"], v["cards"]["alpha"]["stasis_counters"]) == ("stasis", 2)


def test_copycat_copies_the_value_at_that_moment() -> None:
    """Copycat: the copied printed power is fixed when it resolves; the source leaving changes nothing."""
    game = scenario(
        PLAYERS
        + card("cc", "Copycat", "hand")
        + card("w", "Big Bad Wolf", "stasis", "Bo", stasis_counters=1)
        + card("to", "Time Out", "hand")
        + """
[[do]]
act = "play"
card = "cc"
to = [3, 0]
[[do]]
act = "effect"
op = "remove_stasis"
target = "w"
n = 1
affects_stasis = true
"""
    )
    assert game.view()["cards"]["cc"]["atk"] == 5
    game.table.put(game.table.eid("w"), "discard")
    assert game.view()["cards"]["cc"]["atk"] == 5


def test_copycat_may_not_choose_own_minion_in_stasis() -> None:
    """Copycat (ST-7): the exception is for another player's minion; Ada's own minion in stasis is refused."""
    game = setup(
        PLAYERS
        + card("cc", "Copycat", "hand")
        + card("mine", "Big Bad Wolf", "stasis", stasis_counters=1)
        + card("bf", "Footman", "board", "Bo", pos=[0, 4])
    )
    reason = rejected_unchanged(game, {"act": "play", "card": "cc", "to": [3, 0], "target": "mine"})
    assert reason == "Big Bad Wolf is not a legal target for Copycat"


def test_copycat_copies_rival_ability_from_stasis() -> None:
    """Copycat (ST-8): copying Big Bad Wolf in stasis also copies '-2 while Red Riding Hood is in play'."""
    game = scenario(
        PLAYERS
        + card("cc", "Copycat", "hand")
        + card("w", "Big Bad Wolf", "stasis", "Bo", stasis_counters=1)
        + card("rrh", "Red Riding Hood", "stasis", stasis_counters=3)
        + '[[do]]\nact = "play"\ncard = "cc"\nto = [3, 0]\n'
    )
    assert game.view()["cards"]["cc"]["atk"] == 3


# ----- Mimic -----------------------------------------------------------------------------------------------


def test_mimic_takes_highest_printed_power_including_stasis() -> None:
    """Mimic (ST-8): Bo's Big Bad Wolf in stasis (printed 5) beats Ada's Microbot Alpha (printed 4)."""
    game = setup(
        PLAYERS
        + card("mimic", "Mimic", "board", pos=[3, 0])
        + card("alpha", "Microbot Alpha", "board", pos=[4, 0])
        + card("w", "Big Bad Wolf", "stasis", "Bo", stasis_counters=2)
    )
    v = game.view()
    assert (v["cards"]["mimic"]["printed_atk"], v["cards"]["mimic"]["atk"]) == (5, 5)
    assert v["cards"]["alpha"]["atk"] == 5


def test_mimic_off_board_or_without_abilities_is_zero() -> None:
    """Mimic: in stasis its printed power is 0; another Mimic counts as 0; without abilities it is 0."""
    game = setup(
        PLAYERS
        + card("m1", "Mimic", "stasis", stasis_counters=1)
        + card("m2", "Mimic", "board", pos=[1, 0])
        + card("f", "Footman", "board", "Bo", pos=[1, 4])
    )
    v = game.view()
    assert (v["cards"]["m1"]["atk"], v["cards"]["m2"]["atk"]) == (0, 2)
    assert game.act({"act": "effect", "op": "lose_abilities", "target": "m2"}).ok
    assert game.view()["cards"]["m2"]["atk"] == 0


def test_mimic_with_no_other_minion_is_zero() -> None:
    """Mimic: 0 when there is no other minion in play (a monster is not a minion)."""
    game = setup(
        PLAYERS
        + card("m", "Mimic", "board", pos=[1, 0])
        + card("golem", "Wandering Golem", "board", None, pos=[3, 2])
    )
    assert game.view()["cards"]["m"]["atk"] == 0


# ----- Who Loves Ya, Baby? ---------------------------------------------------------------------------------


def test_who_loves_ya_counts_strong_minions_in_stasis() -> None:
    """Who Loves Ya, Baby? (ST-8): Ada's Microbot Alpha in stasis (4) and Footman with 2 red cubes (4) count;
    Red Riding Hood (3-2 with the Wolf in play), Genie (3) and Bo's Wolf don't: 2 cards."""
    game = scenario(
        PLAYERS
        + card("wly", "Who Loves Ya, Baby?", "hand")
        + card("alpha", "Microbot Alpha", "stasis", stasis_counters=1)
        + card("f", "Footman", "board", pos=[0, 0], cubes="{ red = 2 }")
        + card("rrh", "Red Riding Hood", "board", pos=[1, 0])
        + card("genie", "Genie", "board", pos=[2, 0])
        + card("w", "Big Bad Wolf", "board", "Bo", pos=[0, 4])
        + deck("Ada", 3)
        + '[[do]]\nact = "play"\ncard = "wly"\n'
    )
    v = game.view()
    assert v["players"]["Ada"]["hand"] == ["ad1", "ad2"]
    assert v["players"]["Ada"]["deck"] == ["ad3"]
    assert v["cards"]["rrh"]["atk"] == 1


# ----- Spreading the Word ----------------------------------------------------------------------------------


def test_spreading_the_word_same_name_as_minion_in_stasis() -> None:
    """Spreading the Word (ST-8, G-4): a Footman in Bo's stasis makes Ada's Footman fit the grant (first);
    the Archer then takes the normal allowance, and a third minion is refused."""
    game = scenario(
        PLAYERS
        + card("stw", "Spreading the Word", "hand")
        + card("f", "Footman", "hand")
        + card("a", "Archer", "hand")
        + card("g", "Gobbo", "hand")
        + card("bf", "Footman", "stasis", "Bo", stasis_counters=2)
        + """
[[do]]
act = "play"
card = "stw"
[[do]]
act = "play"
card = "f"
to = [0, 0]
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert v["players"]["Ada"]["grants"] == [] and v["players"]["Ada"]["minion_plays"] == 1
    assert game.act({"act": "play", "card": "a", "to": [1, 0]}).ok
    reason = rejected_unchanged(game, {"act": "play", "card": "g", "to": [2, 0]})
    assert reason == "You have no minion play left this turn (G-4)"


def test_spreading_the_word_without_a_namesake_leaves_grant_unused() -> None:
    """Spreading the Word: with no other Archer in play, the Archer uses the normal play; the grant waits."""
    game = scenario(
        PLAYERS
        + card("stw", "Spreading the Word", "hand")
        + card("a", "Archer", "hand")
        + card("bf", "Footman", "stasis", "Bo", stasis_counters=2)
        + """
[[do]]
act = "play"
card = "stw"
[[do]]
act = "play"
card = "a"
to = [1, 0]
"""
    )
    p = game.view()["players"]["Ada"]
    assert (p["minion_plays"], p["grants"]) == (0, [{"kind": "minion", "same_name_in_play": "yes"}])


# ----- Red Riding Hood and Big Bad Wolf ------------------------------------------------------------


def test_red_riding_hood_and_wolf_weaken_each_other_from_stasis() -> None:
    """Red Riding Hood / Big Bad Wolf (ST-8, ST-6): each on the board is -2 while the other is in play (stasis
    too); the one in stasis shows its printed power (its own ability is off there)."""
    game = setup(
        PLAYERS
        + card("rrh", "Red Riding Hood", "board", pos=[0, 0])
        + card("w", "Big Bad Wolf", "stasis", "Bo", stasis_counters=1)
    )
    v = game.view()
    assert (v["cards"]["rrh"]["atk"], v["cards"]["w"]["atk"]) == (1, 5)
    both = setup(
        PLAYERS
        + card("rrh", "Red Riding Hood", "board", pos=[0, 0])
        + card("w", "Big Bad Wolf", "board", "Bo", pos=[0, 4])
    )
    v = both.view()
    assert (v["cards"]["rrh"]["atk"], v["cards"]["w"]["atk"]) == (1, 3)
    alone = setup(
        PLAYERS
        + card("w", "Big Bad Wolf", "board", "Bo", pos=[0, 4])
        + card("rrh", "Red Riding Hood", "discard")
    )
    assert alone.view()["cards"]["w"]["atk"] == 5


# ----- Hawkeye and Hawkeye's Arrows ------------------------------------------------------------------------


def test_hawkeyes_arrows_with_hawkeye_in_stasis() -> None:
    """Hawkeye's Arrows (ST-8): Hawkeye in stasis is in play: the drawn action (Wish) is an extra action."""
    game = scenario(
        PLAYERS
        + card("arrows", "Hawkeye's Arrows", "hand")
        + card("hawk", "Hawkeye", "stasis", stasis_counters=2)
        + card("wish", "Wish", "deck")
        + card("f", "Footman", "deck")
        + card("x", "Archer", "deck")
        + """
[[do]]
act = "play"
card = "arrows"
[[do]]
act = "play"
card = "wish"
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert v["players"]["Ada"]["hand"] == ["f", "x"]
    assert v["players"]["Ada"]["discard"] == ["arrows", "wish"]
    assert v["players"]["Ada"]["action_plays"] == 0 and v["players"]["Ada"]["grants"] == []


def test_hawkeyes_arrows_without_hawkeye_no_extra_action() -> None:
    """Hawkeye's Arrows: with Hawkeye only in the discard pile, the drawn action can't be played this turn."""
    game = scenario(
        PLAYERS
        + card("arrows", "Hawkeye's Arrows", "hand")
        + card("hawk", "Hawkeye", "discard")
        + card("wish", "Wish", "deck")
        + card("f", "Footman", "deck")
        + '[[do]]\nact = "play"\ncard = "arrows"\n'
    )
    assert game.view()["players"]["Ada"]["hand"] == ["wish", "f"]
    assert (
        rejected_unchanged(game, {"act": "play", "card": "wish"})
        == "You have no action play left this turn (G-4)"
    )


def test_hawkeye_is_a_plain_range_three_minion() -> None:
    """Hawkeye: minion 3/4 with range 3 and no ability; it attacks a Footman three squares away."""
    game = scenario(
        PLAYERS
        + card("hawk", "Hawkeye", "board", pos=[3, 1])
        + card("f", "Footman", "board", "Bo", pos=[3, 4])
        + '[[do]]\nact = "attack"\ncard = "hawk"\ntarget = "f"\n'
    )
    v = game.view()
    assert (v["cards"]["hawk"]["atk"], v["cards"]["hawk"]["max_hp"], v["cards"]["hawk"]["range"]) == (3, 4, 3)
    assert v["cards"]["f"]["hp"] == 2


# ----- Gobbo -----------------------------------------------------------------------------------------------


def test_gobbo_flips_for_every_gobbo_in_play() -> None:
    """Gobbo (ST-8, G-8): itself, Ada's Gobbo in stasis and Bo's on the board: 3 coins, 2 heads, 2 cards.
    Gobbos in hand or discard don't count."""
    game = scenario(
        PLAYERS
        + 'coins = ["heads", "tails", "heads"]\n'
        + card("g", "Gobbo", "hand")
        + card("gs", "Gobbo", "stasis", stasis_counters=1)
        + card("gb", "Gobbo", "board", "Bo", pos=[0, 4])
        + card("gh", "Gobbo", "hand")
        + card("gd", "Gobbo", "discard")
        + deck("Ada", 3)
        + '[[do]]\nact = "play"\ncard = "g"\nto = [3, 0]\n'
    )
    coins = [e["result"] for e in events(game, "DiceRolled") if e["die"] == "coin"]
    assert coins == ["heads", "tails", "heads"]
    assert game.view()["players"]["Ada"]["hand"] == ["gh", "ad1", "ad2"]


def test_gobbo_alone_tails_draws_nothing() -> None:
    """Gobbo: alone in play, one coin; tails draws nothing."""
    game = scenario(
        PLAYERS
        + 'coins = ["tails", "heads"]\n'
        + card("g", "Gobbo", "hand")
        + deck("Ada", 1)
        + '[[do]]\nact = "play"\ncard = "g"\nto = [3, 0]\n'
    )
    assert len(events(game, "DiceRolled")) == 1
    assert game.view()["players"]["Ada"]["hand"] == [] and game.table.dice.forced_coins == ["heads"]


# ----- Genie and Wish --------------------------------------------------------------------------------------


def test_wish_with_genie_in_stasis_draws_three() -> None:
    """Wish (ST-8): Bo's Genie in stasis is in play: Ada draws 3."""
    game = scenario(
        PLAYERS
        + card("wish", "Wish", "hand")
        + card("genie", "Genie", "stasis", "Bo", stasis_counters=3)
        + deck("Ada", 4)
        + '[[do]]\nact = "play"\ncard = "wish"\n'
    )
    assert game.view()["players"]["Ada"]["hand"] == ["ad1", "ad2", "ad3"]


def test_wish_without_genie_draws_one() -> None:
    """Wish: Genie in hand is not in play: Ada draws 1."""
    game = scenario(
        PLAYERS
        + card("wish", "Wish", "hand")
        + card("genie", "Genie", "hand")
        + deck("Ada", 4)
        + '[[do]]\nact = "play"\ncard = "wish"\n'
    )
    assert game.view()["players"]["Ada"]["hand"] == ["genie", "ad1"]


def test_genie_is_a_plain_minion() -> None:
    """Genie: minion 3/5 with no ability."""
    game = setup(PLAYERS + card("genie", "Genie", "board", pos=[0, 0]))
    g = game.view()["cards"]["genie"]
    assert (g["atk"], g["hp"], g["abilities"]) == (3, 5, [])


# ----- Madness and Forbidden Whisper -----------------------------------------------------------------------


def test_forbidden_whisper_gives_each_other_player_a_madness() -> None:
    """Forbidden Whisper (ST-18, G-1): Bo and Cy each take a Madness card from the pile and own it."""
    game = scenario(
        'players = ["Ada", "Bo", "Cy"]\n'
        + card("fw", "Forbidden Whisper", "hand")
        + card("p1", "Madness", "madness", None)
        + '[[do]]\nact = "play"\ncard = "fw"\n'
    )
    v = game.view()
    assert v["players"]["Bo"]["hand"] == ["p1"] and v["cards"]["p1"]["owner"] == "Bo"
    made = v["players"]["Cy"]["hand"]
    assert (
        len(made) == 1 and v["cards"][made[0]]["name"] == "Madness" and v["cards"][made[0]]["owner"] == "Cy"
    )
    assert v["players"]["Ada"]["hand"] == [] and v["cards"]["fw"]["zone"] == "discard"


def test_madness_draw_two_mode() -> None:
    """Madness: played as the action, 'draw 2 cards' draws 2 and the card goes to Ada's discard pile."""
    game = scenario(
        PLAYERS
        + card("m", "Madness", "hand")
        + deck("Ada", 3)
        + """
[[do]]
act = "play"
card = "m"
[[do]]
act = "choose"
option = "draw 2 cards"
"""
    )
    v = game.view()
    assert v["players"]["Ada"]["hand"] == ["ad1", "ad2"] and v["players"]["Ada"]["discard"] == ["m"]
    assert v["players"]["Ada"]["action_plays"] == 0


def test_madness_return_mode_lowers_the_penalty() -> None:
    """Madness (ST-18): returned to the pile it belongs to nobody and no longer counts."""
    from game.rules.stasis import madness_penalty

    game = scenario(
        PLAYERS
        + card("m", "Madness", "hand")
        + card("m2", "Madness", "stasis", stasis_counters=1)
        + """
[[do]]
act = "play"
card = "m"
[[do]]
act = "choose"
option = "return this card to the Madness pile"
"""
    )
    v = game.view()
    assert (v["cards"]["m"]["zone"], v["cards"]["m"]["owner"]) == ("madness", None)
    assert v["players"]["Ada"]["discard"] == []
    assert madness_penalty(game.table, "Ada") == 0


def test_madness_placed_in_stasis_from_hand_still_counts() -> None:
    """Madness + Alternate Present (ST-15, ST-18): in stasis from hand, it still counts for the penalty."""
    from game.rules.stasis import madness_penalty

    game = scenario(
        PLAYERS
        + card("ap", "Alternate Present", "location", None, pos=[3, 2])
        + card("f", "Footman", "hand")
        + card("m1", "Madness", "hand")
        + card("m2", "Madness", "deck")
        + """
[[do]]
act = "play"
card = "f"
to = [3, 2]
[[do]]
act = "choose"
option = "m1"
"""
    )
    v = game.view()
    assert (v["cards"]["m1"]["zone"], v["cards"]["m1"]["stasis_counters"]) == ("stasis", 2)
    assert madness_penalty(game.table, "Ada") == 1


# ----- Wandering Golem and Lost Relic ----------------------------------------------------------------------


def test_wandering_golem_defeat_gives_two_vp_and_ignores_stasis() -> None:
    """Wandering Golem (ST-17, G-6): stasis counters don't touch it; defeating it gives 2 VP, removes it."""
    game = scenario(
        PLAYERS
        + card("golem", "Wandering Golem", "board", None, pos=[3, 1], hp=2)
        + card("f", "Footman", "board", pos=[3, 0])
        + """
[[do]]
act = "effect"
op = "place_stasis"
target = "golem"
n = 2
[[do]]
act = "attack"
card = "f"
target = "golem"
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert (v["cards"]["golem"]["zone"], v["cards"]["golem"]["owner"]) == ("removed", None)
    assert v["players"]["Ada"]["vp"] == 2


def test_lost_relic_has_no_owner_and_no_stasis() -> None:
    """Lost Relic (ST-17): a treasure with no owner; counters on it do nothing wherever it lies."""
    game = scenario(
        PLAYERS
        + card("relic", "Lost Relic", "board", None)
        + """
[[do]]
act = "effect"
op = "place_stasis"
target = "relic"
n = 1
"""
    )
    r = game.view()["cards"]["relic"]
    assert (r["owner"], r["controller"], r["zone"], r["stasis_counters"]) == (None, None, "board", 0)
    assert game.view()["players"]["Ada"]["stasis"] == [] and game.view()["players"]["Bo"]["stasis"] == []
