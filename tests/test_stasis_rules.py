"""Stasis counters, ST-1 .. ST-18: the rules one at a time, and where two of them meet."""

from __future__ import annotations

from conftest import events, rejected_unchanged, scenario, setup

from game.engine import Game
from game.rules.stasis import madness_penalty

PLAYERS = 'players = ["Ada", "Bo"]\n'


def card(ref: str, name: str, zone: str, owner: str | None = "Ada", **fields: object) -> str:
    """One [[card]] table of an inline scenario (a string starting with '{' is an inline TOML table)."""
    lines = ["[[card]]", f'ref = "{ref}"', f'name = "{name}"', f'zone = "{zone}"']
    if owner is not None:
        lines.append(f'owner = "{owner}"')
    for key, value in fields.items():
        if isinstance(value, bool):
            lines.append(f"{key} = {'true' if value else 'false'}")
        elif isinstance(value, str) and not value.startswith("{"):
            lines.append(f'{key} = "{value}"')
        else:
            lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def deck(owner: str, n: int, name: str = "Archer") -> str:
    """n deck cards d1..dn (top first) for a player."""
    return "".join(card(f"{owner[0].lower()}d{i}", name, "deck", owner) for i in range(1, n + 1))


# ----- ST-1, ST-2 ------------------------------------------------------------------------------------------


def test_st1_only_an_effect_places_counters_and_one_entry() -> None:
    """ST-1: a card enters stasis once, when counters are first placed; playing cards places none."""
    game = scenario(
        PLAYERS
        + card("foot", "Footman", "hand")
        + card("arch", "Archer", "hand")
        + """
[[do]]
act = "play"
card = "arch"
to = [1, 0]
[[do]]
act = "effect"
op = "place_stasis"
target = "foot"
n = 1
[[do]]
act = "effect"
op = "place_stasis"
target = "foot"
n = 2
affects_stasis = true
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert v["cards"]["arch"]["stasis_counters"] == 0 and v["cards"]["arch"]["zone"] == "board"
    assert v["cards"]["foot"]["stasis_counters"] == 3
    assert [e["card"] for e in events(game, "EnteredStasis")] == ["foot"]
    assert [(e["n"], e["counters"]) for e in events(game, "StasisCountersAdded")] == [(1, 1), (2, 3)]


def test_st2_help_from_the_past_counters_on_itself_no_discard() -> None:
    """ST-2: Help From the Past puts itself in stasis with 3 counters; it is not discarded."""
    game = scenario(
        PLAYERS + card("hftp", "Help From the Past", "hand") + '[[do]]\nact = "play"\ncard = "hftp"\n'
    )
    v = game.view()
    assert v["cards"]["hftp"]["zone"] == "stasis"
    assert v["cards"]["hftp"]["stasis_counters"] == 3
    assert v["players"]["Ada"]["stasis"] == ["hftp"] and v["players"]["Ada"]["discard"] == []
    assert events(game, "CardDiscarded") == []


# ----- ST-3, ST-16 -----------------------------------------------------------------------------------------


def test_st3_ruling_character_from_board_loses_board_state() -> None:
    """ST-3 Ruling: position, damage, statuses, cubes, tapped state and stun counters are all lost."""
    game = scenario(
        PLAYERS
        + card("to", "Time Out", "hand")
        + card(
            "foot",
            "Footman",
            "board",
            "Bo",
            pos=[3, 3],
            hp=1,
            tapped=True,
            stun_counters=2,
            status="{ Burn = 2, Freeze = 2, Shear = 1 }",
            cubes="{ red = 2, white = 1, blue = 1 }",
        )
        + '[[do]]\nact = "play"\ncard = "to"\ntarget = "foot"\n'
    )
    foot = game.view()["cards"]["foot"]
    assert (foot["zone"], foot["pos"], foot["tapped"], foot["stun_counters"]) == ("stasis", None, False, 0)
    assert foot["status"] == {} and foot["cubes"] == {"red": 0, "white": 0, "blue": 0}
    assert (foot["hp"], foot["max_hp"], foot["atk"], foot["mv"], foot["crt"]) == (5, 5, 2, 2, 0)
    assert (foot["owner"], foot["controller"], foot["stasis_counters"]) == ("Bo", "Bo", 2)


def test_st3_board_state_stays_lost_when_played_back() -> None:
    """ST-3 Ruling, ST-11: once back on the board from stasis it starts fresh (full HP, no statuses)."""
    game = scenario(
        PLAYERS
        + card("to", "Time Out", "hand")
        + card("foot", "Footman", "board", pos=[3, 0], hp=1, status="{ Poison = 1 }", cubes="{ blue = 1 }")
        + """
[[do]]
act = "play"
card = "to"
target = "foot"
[[do]]
act = "effect"
op = "remove_stasis"
target = "foot"
n = 2
affects_stasis = true
[[do]]
act = "play_from_stasis"
card = "foot"
to = [5, 0]
"""
    )
    v = game.view()
    assert v["rejected"] == []
    foot = v["cards"]["foot"]
    assert (foot["zone"], foot["pos"], foot["hp"], foot["status"], foot["tapped"]) == (
        "board",
        [5, 0],
        5,
        {},
        True,
    )
    assert foot["cubes"]["blue"] == 0


def test_st16_opponents_card_placed_by_ada_goes_to_bo() -> None:
    """ST-16: counters put on Bo's card (in Ada's control) send it in front of Bo, under his control."""
    game = scenario(
        PLAYERS
        + card("foot", "Footman", "board", "Bo", controller="Ada", pos=[0, 0])
        + """
[[do]]
act = "effect"
op = "place_stasis"
target = "foot"
n = 1
"""
    )
    v = game.view()
    assert v["players"]["Bo"]["stasis"] == ["foot"] and v["players"]["Ada"]["stasis"] == []
    assert v["cards"]["foot"]["controller"] == "Bo"
    assert events(game, "EnteredStasis")[0]["owner"] == "Bo"


# ----- ST-4, ST-5, ST-6 ------------------------------------------------------------------------------------


def test_st4_entering_stasis_is_an_event_each_time() -> None:
    """ST-4: every entry is an EnteredStasis event; Letter's 'when this card enters stasis' fires on it."""
    game = scenario(
        PLAYERS
        + card("letter", "Letter From Another Time", "hand")
        + deck("Ada", 2)
        + """
[[do]]
act = "effect"
op = "place_stasis"
target = "letter"
n = 4
"""
    )
    v = game.view()
    assert v["cards"]["letter"]["stasis_counters"] == 4
    assert v["players"]["Ada"]["hand"] == ["ad1"] and v["players"]["Ada"]["deck"] == ["ad2"]
    assert events(game, "EnteredStasis") == [
        {"type": "EnteredStasis", "card": "letter", "owner": "Ada", "counters": 4, "came_from": "hand"}
    ]


def test_st5_stasis_is_no_zone_of_hand_deck_discard_or_board() -> None:
    """ST-5: a card in stasis is in play, but in no hand, deck, discard pile, square or location."""
    game = setup(PLAYERS + card("gob", "Gobbo", "stasis", stasis_counters=1))
    eid = game.table.eid("gob")
    assert game.table.in_play(eid) and game.table.in_stasis(eid) and not game.table.on_board(eid)
    assert game.table.pos(eid) is None and eid not in game.table.characters()
    lists = game.view()["players"]["Ada"]
    assert (lists["hand"], lists["deck"], lists["discard"], lists["stasis"]) == ([], [], [], ["gob"])


def test_st6_letter_enters_stasis_ability_does_not_work_from_hand_play() -> None:
    """ST-6: Letter's stasis abilities work in stasis; its from-stasis damage doesn't on a hand play."""
    game = scenario(
        PLAYERS
        + card("letter", "Letter From Another Time", "hand")
        + deck("Ada", 1)
        + card("foot", "Footman", "board", "Bo", pos=[3, 4])
        + '[[do]]\nact = "play"\ncard = "letter"\n'
    )
    assert events(game, "DamageDealt") == []
    assert game.view()["cards"]["foot"]["hp"] == 5
    assert [e["card"] for e in events(game, "CardDrawn")] == ["ad1"]


def test_st6_zany_prof_on_board_works_in_stasis_does_not() -> None:
    """ST-6, ST-7: on the board Zany Prof takes a second counter off another card; in stasis it doesn't."""
    on_board = scenario(
        PLAYERS
        + 'phase = "start"\n'
        + card("zany", "Zany Prof", "board", pos=[3, 0])
        + card("hftp", "Help From the Past", "stasis", stasis_counters=3)
    )
    assert on_board.view()["cards"]["hftp"]["stasis_counters"] == 1
    in_stasis = scenario(
        PLAYERS
        + 'phase = "start"\n'
        + card("zany", "Zany Prof", "stasis", stasis_counters=2)
        + card("hftp", "Help From the Past", "stasis", stasis_counters=3)
    )
    v = in_stasis.view()
    assert (v["cards"]["hftp"]["stasis_counters"], v["cards"]["zany"]["stasis_counters"]) == (2, 1)
    assert events(in_stasis, "Triggered") == []


def test_st6_microbot_alpha_in_stasis_gives_no_bonus() -> None:
    """ST-6: Microbot Alpha's ongoing +1s are off in stasis (its power there is its printed 4)."""
    game = setup(
        PLAYERS
        + card("alpha", "Microbot Alpha", "stasis", stasis_counters=1)
        + card("f1", "Footman", "board", pos=[1, 0])
        + card("f2", "Footman", "board", pos=[2, 0])
    )
    assert game.view()["cards"]["alpha"]["atk"] == 4


# ----- ST-7 ------------------------------------------------------------------------------------------------


def test_st7_rejected_targeting_changes_nothing() -> None:
    """ST-7: attacks, abilities, targeted cards and effect ops can't reach a card in stasis."""
    game = setup(
        PLAYERS
        + card("arch", "Archer", "board", pos=[3, 0])
        + card("jack", "Smoke Jack", "board", pos=[4, 0])
        + card("to", "Time Out", "hand")
        + card("foot", "Footman", "stasis", "Bo", stasis_counters=2)
    )
    assert "ST-7" in rejected_unchanged(game, {"act": "attack", "card": "arch", "target": "foot"})
    assert "ST-7" in rejected_unchanged(
        game, {"act": "ability", "card": "jack", "ability": "Smoke", "target": "foot"}
    )
    assert "ST-7" in rejected_unchanged(game, {"act": "play", "card": "to", "target": "foot"})
    for op, extra in (("remove_stasis", {"n": 1}), ("place_stasis", {"n": 1}), ("tap", {}), ("destroy", {})):
        reason = rejected_unchanged(game, {"act": "effect", "op": op, "target": "foot", **extra})
        assert reason == "Footman is in stasis: this effect can't affect it (ST-7)"


def test_st7_choices_never_offer_cards_in_stasis() -> None:
    """ST-7: Sidelined Girlfriend's 'card in your hand' choice doesn't offer a card in stasis."""
    game = scenario(
        PLAYERS
        + card("girl", "Sidelined Girlfriend", "hand")
        + card("gob", "Gobbo", "hand")
        + card("hftp", "Help From the Past", "stasis", stasis_counters=1)
        + '[[do]]\nact = "play"\ncard = "girl"\nto = [0, 0]\n'
    )
    assert game.view()["pending"]["options"] == ["gob", "no"]


def test_st7_time_out_with_no_character_on_board_is_rejected() -> None:
    """ST-7: with the only minion in stasis, Time Out has no legal target, and nothing changes."""
    game = setup(
        PLAYERS + card("to", "Time Out", "hand") + card("foot", "Footman", "stasis", "Bo", stasis_counters=1)
    )
    assert rejected_unchanged(game, {"act": "play", "card": "to"}) == "Time Out has no legal target"


# ----- ST-9, ST-10 -----------------------------------------------------------------------------------------


def test_st9_tick_happens_after_stones_reset_and_before_start_abilities() -> None:
    """ST-9, G-3: the tick comes after stones are set to 3, before 'at the start of your turn' abilities."""
    game = scenario(
        PLAYERS
        + 'phase = "start"\nstones = { Ada = 0 }\n'
        + card("zany", "Zany Prof", "board", pos=[3, 0])
        + card("girl", "Sidelined Girlfriend", "stasis", stasis_counters=3)
    )
    v = game.view()
    assert v["cards"]["girl"]["stasis_counters"] == 1
    assert v["players"]["Ada"]["stones"] == 5
    kinds = [e["type"] for e in game.table.log if e["type"] in ("TurnStarted", "StasisCounterRemoved", "Triggered")]
    assert kinds == [
        "TurnStarted",
        "StasisCounterRemoved",
        "Triggered",
        "Triggered",
        "StasisCounterRemoved",
        "Triggered",
    ]
    assert [e["card"] for e in events(game, "Triggered")] == ["girl", "zany", "girl"]


def test_st9_no_event_for_a_card_already_at_zero() -> None:
    """ST-9, ST-10: a card at 0 counters loses nothing at the start of the turn (no event)."""
    game = scenario(
        PLAYERS
        + 'phase = "start"\nstones = { Ada = 0 }\n'
        + card("girl", "Sidelined Girlfriend", "stasis", stasis_counters=0)
    )
    assert events(game, "StasisCounterRemoved") == []
    assert game.view()["players"]["Ada"]["stones"] == 3


def test_st10_remove_up_to_never_below_zero() -> None:
    """ST-10: removing 3 from a card with 1 removes 1; the card keeps 0, never less."""
    game = scenario(
        PLAYERS
        + card("hftp", "Help From the Past", "stasis", stasis_counters=1)
        + """
[[do]]
act = "effect"
op = "remove_stasis"
target = "hftp"
n = 3
affects_stasis = true
"""
    )
    assert game.view()["cards"]["hftp"]["stasis_counters"] == 0
    assert [e["counters_left"] for e in events(game, "StasisCounterRemoved")] == [0]


# ----- ST-11 .. ST-14 --------------------------------------------------------------------------------------


def test_st11_play_from_stasis_after_allowances_are_used() -> None:
    """ST-11, G-4: a card played from stasis is an extra card, even with no minion or action play left."""
    game = setup(
        PLAYERS
        + 'coins = ["tails"]\n'
        + card("hftp", "Help From the Past", "stasis", stasis_counters=0)
        + card("gob", "Gobbo", "stasis", stasis_counters=0)
        + deck("Ada", 3)
    )
    player = game.table.player("Ada")
    player.minion_plays = 0
    player.action_plays = 0
    assert game.act({"act": "play_from_stasis", "card": "hftp"}).ok
    assert game.act({"act": "play_from_stasis", "card": "gob", "to": [4, 0]}).ok
    v = game.view()
    assert v["players"]["Ada"]["hand"] == ["ad1", "ad2"]
    assert v["players"]["Ada"]["stasis"] == [] and v["players"]["Ada"]["discard"] == ["hftp"]
    assert v["cards"]["gob"]["zone"] == "board"
    assert (v["players"]["Ada"]["minion_plays"], v["players"]["Ada"]["action_plays"]) == (0, 0)
    assert v["players"]["Ada"]["grants"] == [{"kind": "minion"}]


def test_st11_only_in_the_main_phase_of_your_turn() -> None:
    """ST-11: Bo can't play his card from stasis on Ada's turn; nothing changes."""
    game = setup(PLAYERS + card("hftp", "Help From the Past", "stasis", "Bo", stasis_counters=0))
    reason = rejected_unchanged(game, {"act": "play_from_stasis", "card": "hftp", "by": "Bo"})
    assert reason == "It is Ada's turn, not Bo's"


def test_st11_minion_from_stasis_needs_a_free_home_square() -> None:
    """ST-11, G-4: a minion from stasis goes to an empty home-row or location square like any minion."""
    game = setup(
        PLAYERS
        + card("gob", "Gobbo", "stasis", stasis_counters=0)
        + card("f", "Footman", "board", pos=[2, 0])
    )
    assert "occupied" in rejected_unchanged(
        game, {"act": "play_from_stasis", "card": "gob", "to": [2, 0]}
    )
    assert "home row" in rejected_unchanged(
        game, {"act": "play_from_stasis", "card": "gob", "to": [2, 3]}
    )
    assert "needs a square" in rejected_unchanged(game, {"act": "play_from_stasis", "card": "gob"})


def test_st12_rejections_change_nothing() -> None:
    """ST-12: no play with counters, none from hand, no effect but adding/removing counters."""
    game = setup(
        PLAYERS
        + card("gob", "Gobbo", "stasis", stasis_counters=1)
        + card("hftp", "Help From the Past", "stasis", stasis_counters=0)
    )
    assert "ST-12" in rejected_unchanged(game, {"act": "play_from_stasis", "card": "gob", "to": [1, 0]})
    assert (
        rejected_unchanged(game, {"act": "play", "card": "hftp"})
        == "Help From the Past is not in your hand"
    )
    for op, extra in (
        ("destroy", {}),
        ("tap", {}),
        ("untap", {}),
        ("move", {"to": [1, 1]}),
        ("damage", {"n": 1}),
        ("apply_status", {"status": "Burn"}),
        ("place_stun", {"n": 1}),
        ("lose_abilities", {}),
        ("add_cubes", {"color": "red", "n": 1}),
    ):
        reason = rejected_unchanged(
            game, {"act": "effect", "op": op, "target": "gob", "affects_stasis": True, **extra}
        )
        assert (
            reason
            == "Gobbo is in stasis: effects may only add or remove its stasis counters, or copy it (ST-12)"
        ), op


def test_st12_counters_may_be_added_or_removed_with_affects_stasis() -> None:
    """ST-12: with affects_stasis the two counter ops are accepted (and leave the card in stasis)."""
    game = scenario(
        PLAYERS
        + card("gob", "Gobbo", "stasis", stasis_counters=1)
        + """
[[do]]
act = "effect"
op = "place_stasis"
target = "gob"
n = 2
affects_stasis = true
[[do]]
act = "effect"
op = "remove_stasis"
target = "gob"
n = 3
affects_stasis = true
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert (v["cards"]["gob"]["zone"], v["cards"]["gob"]["stasis_counters"]) == ("stasis", 0)


def test_st13_help_from_the_past_twice_round_trip() -> None:
    """ST-13: played from stasis it stays out (discarded); later played from hand, it enters stasis again."""
    game = scenario(
        PLAYERS
        + card("hftp", "Help From the Past", "stasis", stasis_counters=0)
        + deck("Ada", 2)
        + """
[[do]]
act = "play_from_stasis"
card = "hftp"
"""
    )
    v = game.view()
    assert v["cards"]["hftp"]["zone"] == "discard"
    assert [e["reason"] for e in events(game, "StasisIgnored")] == [
        "it just left stasis and can't re-enter it (ST-13)"
    ]
    eid = game.table.eid("hftp")
    game.table.put(eid, "hand")
    assert game.act({"act": "play", "card": "hftp"}).ok
    assert game.view()["cards"]["hftp"]["zone"] == "stasis"
    assert game.view()["cards"]["hftp"]["stasis_counters"] == 3


def test_st14_tick_to_zero_then_discard_at_end() -> None:
    """ST-9, ST-14: a card that ticks to 0 may be played that turn; if not, it is discarded at the end."""
    game = scenario(
        PLAYERS
        + 'phase = "start"\n'
        + card("hftp", "Help From the Past", "stasis", stasis_counters=1)
        + deck("Ada", 3)
        + '[[do]]\nact = "end_turn"\n'
    )
    v = game.view()
    assert v["cards"]["hftp"]["zone"] == "discard"
    assert v["players"]["Ada"]["hand"] == ["ad1", "ad2"]
    removed = [i for i, e in enumerate(game.table.log) if e["type"] == "StasisCounterRemoved"]
    left = [i for i, e in enumerate(game.table.log) if e["type"] == "LeftStasis"]
    assert len(removed) == 1 and len(left) == 1 and removed[0] < left[0]


def test_st14_discard_comes_before_the_draw() -> None:
    """ST-14, G-3: zero-counter cards are discarded before the end-of-turn draw (an empty deck takes them)."""
    game = scenario(
        PLAYERS
        + card("hftp", "Help From the Past", "stasis", stasis_counters=0)
        + '[[do]]\nact = "end_turn"\n'
    )
    types = [e["type"] for e in game.table.log]
    assert types.index("LeftStasis") < types.index("DeckShuffled")
    assert game.view()["players"]["Ada"]["hand"] == ["hftp"]


# ----- ST-15, ST-17, ST-18 ---------------------------------------------------------------------------------


def test_st15_effect_on_card_in_hand_is_not_playing_it() -> None:
    """ST-15: counters on Help From the Past in hand: no CardPlayed, no allowance used, 2 counters (not 3)."""
    game = scenario(
        PLAYERS
        + card("hftp", "Help From the Past", "hand")
        + """
[[do]]
act = "effect"
op = "place_stasis"
target = "hftp"
n = 2
"""
    )
    v = game.view()
    assert v["cards"]["hftp"]["stasis_counters"] == 2
    assert events(game, "CardPlayed") == []
    assert v["players"]["Ada"]["action_plays"] == 1


def test_st17_monster_in_stasis_effect_ignored_state_unchanged() -> None:
    """ST-17: counters on a monster or a treasure change nothing but the log."""
    game = setup(
        PLAYERS
        + card("golem", "Wandering Golem", "board", None, pos=[3, 2], hp=5)
        + card("relic", "Lost Relic", "board", None)
    )
    before = game.to_state()
    for ref in ("golem", "relic"):
        assert game.act({"act": "effect", "op": "place_stasis", "target": ref, "n": 3}).ok
    view = game.view()["cards"]
    assert (view["golem"]["zone"], view["golem"]["pos"], view["golem"]["hp"]) == ("board", [3, 2], 5)
    assert (view["relic"]["zone"], view["relic"]["stasis_counters"]) == ("board", 0)
    after = game.to_state()
    assert [c for c in after["cards"]] == [c for c in before["cards"]]
    assert [e["card"] for e in events(game, "StasisIgnored")] == ["golem", "relic"]


def test_st18_penalty_counts_every_zone_and_stasis() -> None:
    """ST-18: -1 VP per 2 Madness cards in hand, deck, discard pile and stasis together."""
    game = setup(
        PLAYERS
        + card("m1", "Madness", "hand")
        + card("m2", "Madness", "deck")
        + card("m3", "Madness", "discard")
        + card("m4", "Madness", "stasis", stasis_counters=2)
        + card("m5", "Madness", "stasis", "Bo", stasis_counters=1)
        + card("pile", "Madness", "madness", None)
    )
    assert madness_penalty(game.table, "Ada") == 2
    assert madness_penalty(game.table, "Bo") == 0


def test_st18_game_end_penalty_from_stasis_decides_the_winner() -> None:
    """ST-18, G-7: at 10 VP the game ends with the round (G-9, after Bo's turn); Ada's 2 Madness (1 in stasis) cost
    her 1 VP, and Bo wins the tie at 9 (G-9: the later seat)."""
    game = scenario(
        PLAYERS
        + "vp = { Ada = 9, Bo = 9 }\n"
        + card("ap", "Alternate Present", "location", None, pos=[3, 2])
        + card("f", "Footman", "board", pos=[3, 2])
        + card("m1", "Madness", "discard")
        + card("m2", "Madness", "stasis", stasis_counters=1)
        + card("b1", "Footman", "board", "Bo", pos=[1, 4])
        + card("b2", "Footman", "board", "Bo", pos=[2, 4])
        + deck("Ada", 2)
        + '[[do]]\nact = "end_turn"\n' * 2
    )
    v = game.view()
    assert (v["phase"], v["winner"]) == ("over", "Bo")
    assert (v["players"]["Ada"]["vp"], v["players"]["Bo"]["vp"]) == (9, 9)
    assert events(game, "GameOver")[0]["vp"] == {"Ada": 9, "Bo": 9}


def test_st18_without_the_stasis_card_ada_wins() -> None:
    """ST-18 control: the same table with Ada's second Madness returned to the pile: Ada keeps 10 and wins."""
    game = scenario(
        PLAYERS
        + "vp = { Ada = 9, Bo = 9 }\n"
        + card("ap", "Alternate Present", "location", None, pos=[3, 2])
        + card("f", "Footman", "board", pos=[3, 2])
        + card("m1", "Madness", "discard")
        + card("m2", "Madness", "madness", None)
        + card("b1", "Footman", "board", "Bo", pos=[1, 4])
        + card("b2", "Footman", "board", "Bo", pos=[2, 4])
        + deck("Ada", 2)
        + '[[do]]\nact = "end_turn"\n' * 2
    )
    v = game.view()
    assert (v["winner"], v["players"]["Ada"]["vp"]) == ("Ada", 10)


# ----- combinations ----------------------------------------------------------------------------------------


def test_st12_copy_effect_may_read_a_card_in_stasis() -> None:
    """ST-12, ST-7: an effect that can affect cards in stasis may copy one (Copycat's copy of Bo's Wolf)."""
    game = scenario(
        PLAYERS
        + card("cc", "Copycat", "board", pos=[3, 0])
        + card("w", "Big Bad Wolf", "stasis", "Bo", stasis_counters=2)
        + """
[[do]]
act = "effect"
op = "copy_power"
target = "w"
source = "cc"
affects_stasis = true
"""
    )
    v = game.view()
    assert v["rejected"] == []
    assert v["cards"]["cc"]["atk"] == 5
    assert (v["cards"]["w"]["zone"], v["cards"]["w"]["stasis_counters"]) == ("stasis", 2)


def test_st11_st13_save_and_load_in_the_middle_of_a_play_from_stasis() -> None:
    """ST-11, ST-13: a game saved while Sidelined Girlfriend (played from stasis) waits on her choice loads
    with the same state and finishes the same way."""
    game = scenario(
        PLAYERS
        + card("girl", "Sidelined Girlfriend", "stasis", stasis_counters=0)
        + card("zero", "Gobbo", "stasis", stasis_counters=0)
        + card("g", "Gobbo", "hand")
        + """
[[do]]
act = "play_from_stasis"
card = "girl"
to = [3, 0]
"""
    )
    copy = Game.from_state(game.to_state())
    assert copy.to_state() == game.to_state()
    for g in (game, copy):
        assert g.act({"act": "choose", "option": "g"}).ok
        v = g.view()
        assert v["cards"]["g"]["stasis_counters"] == 2
        assert v["cards"]["zero"]["stasis_counters"] == 0 and v["cards"]["zero"]["zone"] == "stasis"
        assert v["players"]["Ada"]["stasis"] == ["zero", "g"]


def test_st11_st12_legal_actions_offer_only_zero_counter_cards() -> None:
    """ST-11, ST-12: legal actions list Ada's 0-counter card in stasis, never one with counters."""
    game = setup(
        PLAYERS
        + card("hftp", "Help From the Past", "stasis", stasis_counters=0)
        + card("wait", "Help From the Past", "stasis", stasis_counters=1)
        + card("bo", "Help From the Past", "stasis", "Bo", stasis_counters=0)
    )
    from_stasis = [a for a in game.legal_actions() if a["act"] == "play_from_stasis"]
    assert from_stasis == [{"act": "play_from_stasis", "card": "hftp"}]


def test_st15_girlfriend_on_alternate_present_on_play_first() -> None:
    """ST-15, G-3: Sidelined Girlfriend played on Alternate Present: her on-play, then the location's."""
    game = scenario(
        PLAYERS
        + card("ap", "Alternate Present", "location", None, pos=[3, 2])
        + card("girl", "Sidelined Girlfriend", "hand")
        + card("h", "Help From the Past", "hand")
        + card("l", "Letter From Another Time", "hand")
        + deck("Ada", 1)
        + """
[[do]]
act = "play"
card = "girl"
to = [3, 2]
[[do]]
act = "choose"
option = "h"
[[do]]
act = "choose"
option = "l"
"""
    )
    v = game.view()
    assert v["rejected"] == []
    prompts = [e["prompt"] for e in events(game, "ChoicePending")]
    assert prompts[0].startswith("Sidelined Girlfriend") and prompts[1].startswith("Alternate Present")
    assert [e["options"] for e in events(game, "ChoicePending")] == [["h", "l", "no"], ["l", "no"]]
    assert v["players"]["Ada"]["stasis"] == ["h", "l"]
    assert (v["cards"]["h"]["stasis_counters"], v["cards"]["l"]["stasis_counters"]) == (2, 2)
    assert v["players"]["Ada"]["hand"] == ["ad1"]


def test_st1_placing_zero_counters_is_placing_none() -> None:
    """ST-1: an effect placing 0 stasis counters puts nothing in stasis and logs no entry."""
    game = scenario(PLAYERS + card("foot", "Footman", "hand") + card("h", "Help From the Past", "stasis",
                                                                       stasis_counters=1) + """
[[do]]
act = "effect"
op = "place_stasis"
target = "foot"
n = 0
[[do]]
act = "effect"
op = "place_stasis"
target = "h"
n = 0
affects_stasis = true
""")
    v = game.view()
    assert v["rejected"] == []
    assert (v["cards"]["foot"]["zone"], v["cards"]["foot"]["stasis_counters"]) == ("hand", 0)
    assert v["cards"]["h"]["stasis_counters"] == 1
    assert events(game, "EnteredStasis") == [] and events(game, "StasisCountersAdded") == []
