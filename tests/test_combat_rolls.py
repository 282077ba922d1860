"""G-6's Standard Attack roll order (Blind, evasion, negation, critical), evasion SE-12, negation SE-13,
cubes SE-14, damage and defeat, and the cards that show them (Oliver, Aegis Knight, War Drummer, Mender,
Clockwork Bomb). A die is rolled only when its result is not already certain.
"""

from __future__ import annotations

from conftest import events, rejected_unchanged
from test_status_effects import card, end_turns, on, rolled, table

from game.engine import Game


def purposes(game: Game) -> list[str]:
    """What each d100 roll was for (the text before its threshold), in order."""
    return [
        e["purpose"].split(" on ")[0].split(":")[0] for e in events(game, "DiceRolled") if e["die"] == "d100"
    ]


# ----- G-6 roll order --------------------------------------------------------------------------------------


def every_defence(dice: list[int]) -> Game:
    """A Blind spirit attacker with CRT 10 against Oliver with 50 spirit evasion and two negation sources."""
    return table(
        on("a", "Footman", "Ada", (3, 1), status={"Blind": 1}, crt=10, damage_type="spirit"),
        on("o", "Oliver", "Bo", (3, 2), hp=9, max_hp=9),
        dice=dice,
        do=[
            {"act": "effect", "op": "grant_evasion", "target": "o", "type": "spirit", "value": 50},
            {"act": "effect", "op": "grant_negation", "target": "o", "type": "spirit", "value": 10},
            {"act": "effect", "op": "grant_negation", "target": "o", "type": "spirit", "value": 20},
            {"act": "attack", "card": "a", "target": "o"},
        ],
    )


def test_g6_rolls_blind_then_evasion_then_each_negation_then_critical() -> None:
    """G-6: with every roll failing to stop it, the dice go Blind, evasion, negation 1, negation 2, crit."""
    game = every_defence([50, 51, 11, 21, 10])
    assert rolled(game) == [50, 51, 11, 21, 10]
    assert purposes(game) == ["Blind", "evasion", "negation", "negation", "critical hit"]
    assert card(game, "o")["hp"] == 5
    assert len(events(game, "CriticalHit")) == 1


def test_g6_failed_blind_roll_ends_the_attack_before_any_other_roll() -> None:
    """G-6, SE-1: Blind fails on 51: no evasion, negation or crit roll, no damage."""
    game = every_defence([51, 1, 1, 1, 1])
    assert rolled(game) == [51]
    assert card(game, "o")["hp"] == 9
    assert game.table.dice.forced_d100 == [1, 1, 1, 1]


def test_g6_evasion_ends_the_attack_before_negation() -> None:
    """G-6, SE-12: evaded on 50 (total 50): no negation or crit roll."""
    game = every_defence([50, 50, 1])
    assert rolled(game) == [50, 50]
    assert len(events(game, "AttackEvaded")) == 1
    assert card(game, "o")["hp"] == 9


def test_g6_first_negation_success_stops_the_rolls() -> None:
    """G-6, SE-13: the first source (10) fails on 11, the second (20) succeeds on 20: no crit roll."""
    game = every_defence([50, 51, 11, 20, 1])
    assert rolled(game) == [50, 51, 11, 20]
    assert len(events(game, "AttackNegated")) == 1
    assert card(game, "o")["hp"] == 9


def test_g6_critical_hit_at_crt_exactly_and_not_above() -> None:
    """G-6: CRT 30: a roll of 30 doubles the damage, 31 doesn't."""
    for roll, hp in ((30, 1), (31, 3)):
        game = table(
            on("a", "Footman", "Ada", (3, 1), crt=30),
            on("foe", "Footman", "Bo", (3, 2)),
            dice=[roll],
            do=[{"act": "attack", "card": "a", "target": "foe"}],
        )
        assert rolled(game) == [roll]
        assert card(game, "foe")["hp"] == hp


def test_g6_certain_results_roll_no_dice() -> None:
    """G-6: CRT 0 never rolls or crits; CRT 100 always crits without a roll; no defences, no rolls."""
    zero = table(
        on("a", "Footman", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2)),
        dice=[1],
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert rolled(zero) == []
    assert zero.view()["cards"]["foe"]["hp"] == 3
    full = table(
        on("a", "Footman", "Ada", (3, 1), crt=100),
        on("foe", "Footman", "Bo", (3, 2)),
        dice=[100],
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert rolled(full) == []
    assert full.view()["cards"]["foe"]["hp"] == 1


def test_g6_attack_needs_an_enemy_in_range_and_an_untapped_attacker() -> None:
    """G-6, G-5: out of range, an ally, or a tapped attacker: rejected, nothing changes."""
    game = table(
        on("a", "Footman", "Ada", (3, 1)),
        on("ally", "Footman", "Ada", (3, 0)),
        on("far", "Footman", "Bo", (3, 3)),
        on("t", "Footman", "Ada", (2, 3), tapped=True),
    )
    rejected_unchanged(game, {"act": "attack", "card": "a", "target": "far"}, "out of range")
    rejected_unchanged(game, {"act": "attack", "card": "a", "target": "ally"}, "enemy")
    rejected_unchanged(game, {"act": "attack", "card": "t", "target": "far"}, "tapped")


def test_g6_defeat_by_attack_gives_the_attackers_controller_vp() -> None:
    """G-6: an attack taking the last HP defeats the target (to its owner's discard) and scores 1 VP;
    a monster scores 2."""
    game = table(
        on("a", "Footman", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), hp=2),
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert card(game, "foe")["zone"] == "discard"
    assert game.view()["players"]["Ada"]["vp"] == 1
    golem = table(
        on("a", "Footman", "Ada", (3, 1), atk=8),
        on("g", "Wandering Golem", None, (3, 2)),
        do=[{"act": "attack", "card": "a", "target": "g"}],
    )
    assert golem.view()["cards"]["g"]["zone"] == "removed"
    assert golem.view()["players"]["Ada"]["vp"] == 2


# ----- SE-12 evasion, Oliver -------------------------------------------------------------------------------


def oliver_with_fuses(dice: list[int], damage_type: str = "spirit") -> Game:
    return table(
        on("o", "Oliver", "Ada", (3, 2)),
        on("foe", "Footman", "Bo", (3, 3), damage_type=damage_type),
        dice=dice,
        do=[
            {"act": "ability", "card": "o", "ability": "Spirit Ward"},
            {"act": "ability", "card": "o", "ability": "Far Sight"},
            {"act": "end_turn"},
            {"act": "attack", "card": "foe", "target": "o"},
        ],
    )


def test_se12_oliver_fuses_add_up_and_evade_on_50() -> None:
    """SE-12, Oliver: Spirit Ward (20) + Far Sight (30) = 50: one roll, 50 evades."""
    game = oliver_with_fuses([50])
    assert game.table.rejected == []
    assert game.view()["players"]["Ada"]["stones"] == 1
    assert card(game, "o")["evasion"] == {"physical": 0, "spirit": 50}
    assert card(game, "o")["tapped"] is False
    assert rolled(game) == [50]
    assert card(game, "o")["hp"] == 6


def test_se12_oliver_is_hit_on_51() -> None:
    """SE-12: a roll of 51 against 50 evasion hits."""
    game = oliver_with_fuses([51])
    assert rolled(game) == [51]
    assert card(game, "o")["hp"] == 4


def test_se12_spirit_evasion_does_not_help_against_physical_attacks() -> None:
    """SE-12: Oliver's spirit evasion is not rolled against a physical attack."""
    game = oliver_with_fuses([1], damage_type="physical")
    assert rolled(game) == []
    assert card(game, "o")["hp"] == 4


def two_types(dice: list[int]) -> Game:
    """Two evasion Fuses of different damage types: 20 physical and 30 spirit."""
    return table(
        on("o", "Oliver", "Bo", (3, 2)),
        on("a", "Footman", "Ada", (3, 1)),
        dice=dice,
        do=[
            {"act": "effect", "op": "grant_evasion", "target": "o", "type": "physical", "value": 20},
            {"act": "effect", "op": "grant_evasion", "target": "o", "type": "spirit", "value": 30},
            {"act": "attack", "card": "a", "target": "o"},
        ],
    )


def test_se12_two_evasion_fuses_of_different_types_do_not_add_up() -> None:
    """SE-12: against a physical attack only the 20 physical counts: evaded on 20, hit on 21."""
    evaded = two_types([20])
    assert evaded.view()["last_rolls"][0]["purpose"] == "evasion: evaded on 1-20"
    assert evaded.view()["cards"]["o"]["hp"] == 6
    hit = two_types([21])
    assert hit.view()["cards"]["o"]["hp"] == 4


def test_se12_evasion_of_100_needs_no_roll() -> None:
    """SE-12, G-6: a total of 100 or more always evades, without a roll."""
    game = table(
        on("o", "Oliver", "Bo", (3, 2)),
        on("a", "Footman", "Ada", (3, 1)),
        dice=[100],
        do=[
            {"act": "effect", "op": "grant_evasion", "target": "o", "type": "physical", "value": 60},
            {"act": "effect", "op": "grant_evasion", "target": "o", "type": "physical", "value": 40},
            {"act": "attack", "card": "a", "target": "o"},
        ],
    )
    assert rolled(game) == []
    assert card(game, "o")["hp"] == 6


def test_se12_fuse_may_be_played_while_tapped_and_does_not_tap() -> None:
    """G-5, SE-12: Oliver, tapped, plays Spirit Ward: 1 stone, still tapped, 20 spirit evasion."""
    game = table(
        on("o", "Oliver", "Ada", (3, 2), tapped=True),
        do=[{"act": "ability", "card": "o", "ability": "Spirit Ward"}],
    )
    assert game.table.rejected == []
    assert card(game, "o")["evasion"]["spirit"] == 20
    assert game.view()["players"]["Ada"]["stones"] == 2


# ----- SE-13 negation, Aegis Knight ------------------------------------------------------------------------


def knight_with_two_aegis(dice: list[int]) -> Game:
    return table(
        on("k", "Aegis Knight", "Ada", (3, 2)),
        on("foe", "Footman", "Bo", (3, 3), crt=50),
        dice=dice,
        do=[
            {"act": "ability", "card": "k", "ability": "Aegis"},
            {"act": "ability", "card": "k", "ability": "Aegis"},
            {"act": "end_turn"},
            {"act": "attack", "card": "foe", "target": "k"},
        ],
    )


def test_se13_aegis_sources_roll_separately_second_one_negates_on_25() -> None:
    """SE-13, Aegis Knight: two plays are two 25 sources (not 50): 26 fails, 25 negates, no crit roll."""
    game = knight_with_two_aegis([26, 25, 1])
    assert game.view()["players"]["Ada"]["stones"] == 1
    assert rolled(game) == [26, 25]
    assert len(events(game, "AttackNegated")) == 1
    assert card(game, "k")["hp"] == 7


def test_se13_both_aegis_rolls_fail_on_26_then_the_crit_roll() -> None:
    """SE-13: 26 and 26 fail both sources (they would have passed a summed 50); then crit rolls 51: a hit."""
    game = knight_with_two_aegis([26, 26, 51])
    assert rolled(game) == [26, 26, 51]
    assert card(game, "k")["hp"] == 5


def test_se13_first_success_stops_further_negation_rolls() -> None:
    """SE-13: the first source negates on 25: only one roll."""
    game = knight_with_two_aegis([25, 1, 1])
    assert rolled(game) == [25]
    assert game.table.dice.forced_d100 == [1, 1]


def test_se13_negation_sources_roll_in_attach_order() -> None:
    """SE-13: sources 10 then 40: a roll of 11 fails the first, 40 passes the second."""
    game = table(
        on("k", "Aegis Knight", "Bo", (3, 2)),
        on("a", "Footman", "Ada", (3, 1)),
        dice=[11, 40],
        do=[
            {"act": "effect", "op": "grant_negation", "target": "k", "type": "physical", "value": 10},
            {"act": "effect", "op": "grant_negation", "target": "k", "type": "physical", "value": 40},
            {"act": "attack", "card": "a", "target": "k"},
        ],
    )
    assert [r["purpose"] for r in game.view()["last_rolls"]] == [
        "negation: negated on 1-10",
        "negation: negated on 1-40",
    ]
    assert card(game, "k")["hp"] == 7


def test_se13_negation_of_the_other_damage_type_is_not_rolled() -> None:
    """SE-13: physical negation does nothing against a spirit attack."""
    game = table(
        on("k", "Aegis Knight", "Bo", (3, 2)),
        on("a", "Footman", "Ada", (3, 1), damage_type="spirit"),
        dice=[1],
        do=[
            {"act": "effect", "op": "grant_negation", "target": "k", "type": "physical", "value": 25},
            {"act": "attack", "card": "a", "target": "k"},
        ],
    )
    assert rolled(game) == []
    assert card(game, "k")["hp"] == 5


# ----- SE-14 cubes -----------------------------------------------------------------------------------------


def test_se14_war_drummer_red_cubes_add_atk_until_end_of_turn() -> None:
    """SE-14, War Drummer: Rally Beat (SC 1, range 2) gives an ally 2 red cubes: 4 damage this turn; the
    cubes are gone at the end of the turn."""
    game = table(
        on("d", "War Drummer", "Ada", (3, 0)),
        on("f", "Footman", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), hp=9, max_hp=9),
        do=[{"act": "ability", "card": "d", "ability": "Rally Beat", "target": "f"}],
    )
    assert card(game, "f")["atk"] == 4
    assert card(game, "f")["cubes"] == {"red": 2, "white": 0, "blue": 0}
    assert game.view()["players"]["Ada"]["stones"] == 2
    assert game.act({"act": "attack", "card": "f", "target": "foe"}).ok
    assert card(game, "foe")["hp"] == 5
    end_turns(game, 1)
    assert card(game, "f")["cubes"]["red"] == 0
    assert card(game, "f")["atk"] == 2


def test_se14_war_drummer_targets_allies_only() -> None:
    """SE-14: Rally Beat can't give red cubes to an enemy."""
    game = table(on("d", "War Drummer", "Ada", (3, 0)), on("foe", "Footman", "Bo", (3, 1)))
    rejected_unchanged(
        game, {"act": "ability", "card": "d", "ability": "Rally Beat", "target": "foe"}, "not a legal target"
    )


def test_se14_red_cubes_double_on_a_critical_hit_with_cripple() -> None:
    """SE-14, SE-4, G-6: ATK 2 + 2 red + 1 Cripple = 5, doubled by a crit (CRT 100) = 10."""
    game = table(
        on("a", "Footman", "Ada", (3, 1), crt=100, cubes={"red": 2}),
        on("foe", "Aegis Knight", "Bo", (3, 2), hp=10, max_hp=10, status={"Cripple": 1}),
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert events(game, "DamageDealt")[0]["n"] == 10
    assert card(game, "foe")["zone"] == "discard"


def test_se14_mender_overheal_makes_blue_cubes_that_soak_damage_first() -> None:
    """SE-14, Mender: Overheal 2 on an ally at 4/5: 5 HP and 1 blue cube; a 2-damage hit takes the cube,
    then 1 HP."""
    game = table(
        on("m", "Mender", "Ada", (3, 0)),
        on("f", "Footman", "Ada", (3, 1), hp=4),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[
            {"act": "ability", "card": "m", "ability": "Overheal", "target": "f"},
            {"act": "end_turn"},
            {"act": "attack", "card": "foe", "target": "f"},
        ],
    )
    assert [(e["n"], e["hp"]) for e in events(game, "Healed")] == [(1, 5)]
    assert [e["total"] for e in events(game, "CubesAdded")] == [1]
    assert card(game, "f")["cubes"]["blue"] == 0
    assert card(game, "f")["hp"] == 4
    assert events(game, "DamageDealt")[0]["to_hp"] == 1


def test_se14_overheal_at_full_hp_is_all_blue() -> None:
    """SE-14: Overheal on a full-HP ally gives 2 blue cubes; HP stays at max."""
    game = table(
        on("m", "Mender", "Ada", (3, 0)),
        do=[{"act": "ability", "card": "m", "ability": "Overheal", "target": "m"}],
    )
    assert card(game, "m")["hp"] == 5
    assert card(game, "m")["cubes"]["blue"] == 2


def test_se14_clockwork_bomb_counts_down_white_cubes_and_explodes() -> None:
    """SE-14, Clockwork Bomb: on play 3 white cubes; one comes off at each start of Ada's turn; the last one
    deals 4 to each adjacent enemy (not allies), then the bomb is destroyed; a defeat scores for Ada."""
    game = table(
        {"ref": "bomb", "name": "Clockwork Bomb", "owner": "Ada", "zone": "hand"},
        on("near", "Footman", "Bo", (3, 1), hp=5),
        on("weak", "Footman", "Bo", (2, 0), hp=4),
        on("ally", "Footman", "Ada", (4, 0)),
        on("far", "Footman", "Bo", (3, 3)),
        do=[{"act": "play", "card": "bomb", "to": [3, 0]}],
    )
    assert card(game, "bomb")["cubes"]["white"] == 3
    end_turns(game, 2)
    assert card(game, "bomb")["cubes"]["white"] == 2
    end_turns(game, 2)
    assert card(game, "bomb")["cubes"]["white"] == 1
    assert card(game, "near")["hp"] == 5
    end_turns(game, 2)
    assert card(game, "near")["hp"] == 1
    assert card(game, "weak")["zone"] == "discard"
    assert card(game, "ally")["hp"] == 5
    assert card(game, "far")["hp"] == 5
    assert card(game, "bomb")["zone"] == "discard"
    assert game.view()["players"]["Ada"]["vp"] == 1
    assert [e["card"] for e in events(game, "Destroyed")] == ["bomb"]


def test_se14_clockwork_bomb_white_cubes_only_tick_on_its_controllers_turn() -> None:
    """SE-14: a Bo-controlled bomb with 1 white cube keeps it through Ada's turn start."""
    game = table(
        on("bomb", "Clockwork Bomb", "Bo", (3, 4), cubes={"white": 1}),
        on("foe", "Footman", "Ada", (3, 3)),
        phase="start",
    )
    assert card(game, "bomb")["cubes"]["white"] == 1
    end_turns(game, 1)
    assert card(game, "bomb")["zone"] == "discard"
    assert card(game, "foe")["hp"] == 1
