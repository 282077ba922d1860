"""Status effects SE-0..SE-11 and their timing (G-3's "next turn" Ruling, docs/formats.md table statuses).

Every dice-dependent rule is tested on both sides of its threshold with forced dice; every rejected
action is checked to change nothing.
"""

from __future__ import annotations

from typing import Any

from conftest import events, rejected_unchanged

from game.engine import Game
from game.io.scenario import _Where, build, play_actions


def on(ref: str, name: str, owner: str | None, pos: tuple[int, int], **fields: Any) -> dict[str, Any]:
    """A [[card]] table for a character on the board (owner None: a monster)."""
    card = {"ref": ref, "name": name, "zone": "board", "pos": list(pos), **fields}
    if owner is not None:
        card["owner"] = owner
    return card


def table(
    *cards: dict[str, Any], do: tuple[dict[str, Any], ...] | list[dict[str, Any]] = (), **top: Any
) -> Game:
    """Set up a two-player scenario (Ada active, turn 1, main phase) from card tables and play `do`."""
    data = {"players": ["Ada", "Bo"], **top, "card": list(cards), "do": list(do)}
    made, actions = build(data, _Where("<status test>"))
    play_actions(made, actions)
    return Game(made)


def card(game: Game, ref: str) -> dict[str, Any]:
    """One card of the JSON dump."""
    return game.view()["cards"][ref]


def rolled(game: Game) -> list[int]:
    """Every d100 result rolled so far, in order."""
    return [e["result"] for e in events(game, "DiceRolled") if e["die"] == "d100"]


def end_turns(game: Game, n: int) -> None:
    """End n turns in a row."""
    for _ in range(n):
        assert game.act({"act": "end_turn"}).ok


# ----- SE-0 -------------------------------------------------------------------------------------------------


def test_se0_reapplying_a_max_one_status_changes_nothing_but_the_cost_is_paid() -> None:
    """SE-0, SE-1: Smoke Jack's Smoke on an already Blind target: 1 stone spent, still 1 stack of Blind."""
    game = table(
        on("jack", "Smoke Jack", "Ada", (3, 0)),
        on("foe", "Footman", "Bo", (3, 2), status={"Blind": 1}),
        do=[{"act": "ability", "card": "jack", "ability": "Smoke", "target": "foe"}],
    )
    assert game.table.rejected == []
    assert card(game, "foe")["status"] == {"Blind": 1}
    assert game.view()["players"]["Ada"]["stones"] == 2
    assert card(game, "jack")["tapped"] is True


def test_se0_reapplied_stun_keeps_its_original_timing() -> None:
    """SE-0, SE-10: re-applying Stun during its own (next) turn changes nothing: it still can't target
    enemies this turn, and Stun still ends when this turn ends."""
    game = table(
        on("me", "Footman", "Ada", (3, 1), status={"Stun": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[{"act": "effect", "op": "apply_status", "target": "me", "status": "Stun"}],
    )
    assert game.table.rejected == []
    rejected_unchanged(game, {"act": "attack", "card": "me", "target": "foe"}, "Stun", "SE-10")
    end_turns(game, 1)
    assert card(game, "me")["status"] == {}


def test_se0_reapplied_sleep_keeps_its_original_timing() -> None:
    """SE-0, SE-9: Sleep re-applied during the sleeper's next turn still ends at the end of that turn."""
    game = table(
        on("me", "Footman", "Ada", (3, 1), status={"Sleep": 1}),
        do=[{"act": "effect", "op": "apply_status", "target": "me", "status": "Sleep"}, {"act": "end_turn"}],
    )
    assert card(game, "me")["status"] == {}
    assert [(e["card"], e["status"]) for e in events(game, "StatusRemoved")] == [("me", "Sleep")]


def test_se0_removing_a_status_removes_all_its_stacks() -> None:
    """SE-0, SE-3, SE-7: removing Shear takes all 3 stacks; Burn's 2 stacks stay."""
    game = table(
        on("x", "Footman", "Bo", (3, 3), status={"Shear": 3, "Burn": 2}),
        do=[{"act": "effect", "op": "remove_status", "target": "x", "status": "Shear"}],
    )
    assert card(game, "x")["status"] == {"Burn": 2}
    assert [(e["card"], e["status"]) for e in events(game, "StatusRemoved")] == [("x", "Shear")]


def test_se0_cleanser_purge_asks_which_status_and_removes_all_stacks() -> None:
    """SE-0, Cleanser: Purge on a character with two statuses asks which; that one goes, all stacks."""
    game = table(
        on("cl", "Cleanser", "Ada", (3, 0)),
        on("ally", "Footman", "Ada", (3, 1), status={"Burn": 2, "Poison": 1}),
        do=[{"act": "ability", "card": "cl", "ability": "Purge", "target": "ally"}],
    )
    assert game.view()["pending"]["options"] == ["Burn", "Poison"]
    assert game.act({"act": "choose", "option": "Burn"}).ok
    assert card(game, "ally")["status"] == {"Poison": 1}
    assert game.view()["players"]["Ada"]["stones"] == 2
    assert card(game, "cl")["tapped"] is True


def test_se0_cleanser_purge_with_one_status_needs_no_choice_and_reaches_enemies() -> None:
    """SE-0, Cleanser: Purge works on any character (an enemy's Shear here); one status: no choice."""
    game = table(
        on("cl", "Cleanser", "Ada", (3, 0)),
        on("foe", "Footman", "Bo", (3, 2), status={"Shear": 4}),
        do=[{"act": "ability", "card": "cl", "ability": "Purge", "target": "foe"}],
    )
    assert game.view()["pending"] is None
    assert card(game, "foe")["status"] == {}
    assert rolled(game) == []


# ----- SE-1 Blind ------------------------------------------------------------------------------------------


def blind_attacker(dice: list[int]) -> Game:
    return table(
        on("a", "Footman", "Ada", (3, 1), status={"Blind": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
        dice=dice,
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )


def test_se1_blind_attack_proceeds_on_50() -> None:
    """SE-1, G-6: a Blind attacker rolling 50 hits (2 damage)."""
    game = blind_attacker([50])
    assert rolled(game) == [50]
    assert card(game, "foe")["hp"] == 3
    assert events(game, "AttackFailed") == []


def test_se1_blind_attack_fails_on_51_but_still_taps() -> None:
    """SE-1 Ruling, G-6: a roll of 51 fails the attack: no more rolls, no damage, the attacker is tapped."""
    game = blind_attacker([51])
    assert rolled(game) == [51]
    assert card(game, "foe")["hp"] == 5
    assert card(game, "a")["tapped"] is True
    assert len(events(game, "AttackFailed")) == 1
    assert events(game, "DamageDealt") == []


def blind_witch(dice: list[int], stones: int = 3) -> Game:
    return table(
        on("w", "Ember Witch", "Ada", (3, 0), status={"Blind": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
        dice=dice,
        stones={"Ada": stones},
        do=[{"act": "ability", "card": "w", "ability": "Ignite", "target": "foe"}],
    )


def test_se1_blind_ability_on_an_enemy_proceeds_on_50() -> None:
    """SE-1: Ember Witch, Blind, rolls 50 for Ignite: Burn applied, 1 stone spent."""
    game = blind_witch([50])
    assert card(game, "foe")["status"] == {"Burn": 1}
    assert game.view()["players"]["Ada"]["stones"] == 2


def test_se1_blind_ability_failure_still_spends_stones_and_taps() -> None:
    """SE-1 Ruling: Ignite fails on 51, yet the stone is spent and the Witch is tapped."""
    game = blind_witch([51])
    assert card(game, "foe")["status"] == {}
    assert game.view()["players"]["Ada"]["stones"] == 2
    assert card(game, "w")["tapped"] is True
    assert [e["reason"] for e in events(game, "AbilityFailed")] == ["Blind roll failed (SE-1)"]


def test_se1_blind_does_not_roll_for_an_ally_target_or_a_fuse() -> None:
    """SE-1: only abilities that target an enemy roll; Rally Beat on itself and a Fuse do not."""
    game = table(
        on("d", "War Drummer", "Ada", (3, 0), status={"Blind": 1}),
        on("k", "Aegis Knight", "Ada", (4, 0), status={"Blind": 1}),
        dice=[99],
        do=[
            {"act": "ability", "card": "d", "ability": "Rally Beat", "target": "d"},
            {"act": "ability", "card": "k", "ability": "Aegis"},
        ],
    )
    assert game.table.rejected == []
    assert rolled(game) == []
    assert card(game, "d")["cubes"]["red"] == 2
    assert card(game, "k")["negation"] == [{"type": "physical", "value": 25}]


def test_se1_smoke_jack_applies_blind() -> None:
    """SE-1, Smoke Jack: Smoke (SC 1, range 2) applies Blind; range 3 is refused."""
    game = table(
        on("jack", "Smoke Jack", "Ada", (3, 0)),
        on("foe", "Footman", "Bo", (3, 2)),
        on("far", "Footman", "Bo", (3, 3)),
        do=[{"act": "ability", "card": "jack", "ability": "Smoke", "target": "foe"}],
    )
    assert card(game, "foe")["status"] == {"Blind": 1}
    assert game.view()["players"]["Ada"]["stones"] == 2
    game = table(on("jack", "Smoke Jack", "Ada", (3, 0)), on("far", "Footman", "Bo", (3, 3)))
    rejected_unchanged(game, {"act": "ability", "card": "jack", "ability": "Smoke", "target": "far"}, "range")


# ----- SE-2 Break, SE-4 Cripple, SE-7 Shear (Sunderer) -----------------------------------------------------


def test_sunderer_sunder_applies_break_and_cripple_and_shear_stacks() -> None:
    """SE-2, SE-4, SE-7, Sunderer: Sunder costs 1 and applies Break and Cripple; Shear costs 0."""
    game = table(
        on("s", "Sunderer", "Ada", (3, 1)),
        on("s2", "Sunderer", "Ada", (2, 2)),
        on("foe", "Footman", "Bo", (3, 2), crt=10),
        do=[
            {"act": "ability", "card": "s", "ability": "Sunder", "target": "foe"},
            {"act": "ability", "card": "s2", "ability": "Shear", "target": "foe"},
        ],
    )
    assert game.table.rejected == []
    assert card(game, "foe")["status"] == {"Break": 1, "Cripple": 1, "Shear": 1}
    assert card(game, "foe")["crt"] == 5
    assert game.view()["players"]["Ada"]["stones"] == 2


def break_attack(dice: list[int], crt: int, shear: int = 0) -> Game:
    status = {"Shear": shear} if shear else {}
    return table(
        on("a", "Footman", "Ada", (3, 1), crt=crt, status=status),
        on("foe", "Footman", "Bo", (3, 2), hp=5, max_hp=9, status={"Break": 1}),
        dice=dice,
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )


def test_se2_break_gives_25_crt_crit_on_25() -> None:
    """SE-2, G-6: CRT 0 against Break is 25: a roll of 25 is a critical hit (2 ATK doubled to 4)."""
    game = break_attack([25], crt=0)
    assert rolled(game) == [25]
    assert card(game, "foe")["hp"] == 1
    assert len(events(game, "CriticalHit")) == 1


def test_se2_break_no_crit_on_26() -> None:
    """SE-2: a roll of 26 against CRT 25 is an ordinary hit."""
    game = break_attack([26], crt=0)
    assert card(game, "foe")["hp"] == 3
    assert events(game, "CriticalHit") == []


def test_se2_se7_break_plus_shear_on_the_attacker() -> None:
    """SE-2, SE-7, G-6: CRT 20 with 2 Shear is 10, +25 for Break = 35: crit on 35, not on 36."""
    crit = break_attack([35], crt=20, shear=2)
    assert crit.view()["last_rolls"][0]["purpose"] == "critical hit on 1-35"
    assert crit.view()["cards"]["foe"]["hp"] == 1
    plain = break_attack([36], crt=20, shear=2)
    assert plain.view()["cards"]["foe"]["hp"] == 3


def test_se2_se7_shear_floors_crt_at_zero_before_break_adds() -> None:
    """SE-7, G-6: CRT 10 with 5 Shear is 0 (not -15); Break then makes it 25."""
    game = break_attack([25], crt=10, shear=5)
    assert game.view()["last_rolls"][0]["purpose"] == "critical hit on 1-25"
    assert card(game, "a")["crt"] == 0
    assert card(game, "foe")["hp"] == 1


def test_se2_break_only_helps_attacks_against_it() -> None:
    """SE-2: Break on the attacker does not raise its own CRT (CRT 0: no roll, no crit)."""
    game = table(
        on("a", "Footman", "Ada", (3, 1), status={"Break": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
        dice=[1],
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert rolled(game) == []
    assert card(game, "foe")["hp"] == 3


def test_se4_cripple_adds_one_atk_to_attacks_against_it() -> None:
    """SE-4, G-6: 2 ATK + 1 for Cripple = 3 damage; with a crit (CRT 100, no roll) (2 + 1) x 2 = 6."""
    game = table(
        on("a", "Footman", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), status={"Cripple": 1}),
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert card(game, "foe")["hp"] == 2
    assert card(game, "foe")["atk"] == 2
    crit = table(
        on("a", "Footman", "Ada", (3, 1), crt=100),
        on("foe", "Footman", "Bo", (3, 2), hp=7, max_hp=7, status={"Cripple": 1}),
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert rolled(crit) == []
    assert crit.view()["cards"]["foe"]["hp"] == 1


def test_se7_shear_stacks_without_limit_and_crt_never_below_zero() -> None:
    """SE-7: three Shear applications stack to 3; CRT 10 shows 0, not -5; at CRT 0 no crit roll is made."""
    game = table(
        on("s", "Sunderer", "Ada", (3, 1)),
        on("a", "Footman", "Bo", (3, 2), crt=10),
        do=[
            {"act": "effect", "op": "apply_status", "target": "a", "status": "Shear", "stacks": 2},
            {"act": "ability", "card": "s", "ability": "Shear", "target": "a"},
        ],
    )
    assert card(game, "a")["status"] == {"Shear": 3}
    assert card(game, "a")["crt"] == 0
    assert game.view()["players"]["Ada"]["stones"] == 3


# ----- SE-3 Burn -------------------------------------------------------------------------------------------


def test_se3_ember_witch_ignite_stacks_burn_to_two() -> None:
    """SE-3, Ember Witch: Ignite (SC 1, range 3) applies Burn; a third application stays at 2 stacks."""
    game = table(
        on("w", "Ember Witch", "Ada", (3, 0)),
        on("foe", "Footman", "Bo", (3, 3), status={"Burn": 1}),
        do=[
            {"act": "ability", "card": "w", "ability": "Ignite", "target": "foe"},
            {"act": "effect", "op": "apply_status", "target": "foe", "status": "Burn"},
        ],
    )
    assert card(game, "foe")["status"] == {"Burn": 2}
    assert game.view()["players"]["Ada"]["stones"] == 2


def test_se3_burn_ticks_at_the_end_of_its_controllers_turn_only() -> None:
    """SE-3: Bo's Burn 2 does nothing at the end of Ada's turn, then deals 4 at the end of Bo's."""
    game = table(on("foe", "Footman", "Bo", (3, 3), hp=9, max_hp=9, status={"Burn": 2}))
    end_turns(game, 1)
    assert card(game, "foe")["hp"] == 9
    end_turns(game, 1)
    assert card(game, "foe")["hp"] == 5
    assert [(e["n"], e["reason"], e["source"]) for e in events(game, "DamageDealt")] == [
        (4, "Burn (SE-3)", None)
    ]
    assert card(game, "foe")["status"] == {"Burn": 2}


def test_se3_burn_killing_a_character_gives_nobody_vp() -> None:
    """SE-3, G-6: Burn defeats a 2-HP character at the end of its turn: discarded, no VP for anyone."""
    game = table(
        on("w", "Ember Witch", "Ada", (3, 0)),
        on("me", "Footman", "Ada", (3, 1), hp=2, status={"Burn": 1}),
        {"ref": "d1", "name": "Archer", "owner": "Ada", "zone": "deck"},
        {"ref": "d2", "name": "Archer", "owner": "Ada", "zone": "deck"},
    )
    end_turns(game, 1)
    assert card(game, "me")["zone"] == "discard"
    assert game.view()["players"]["Ada"]["discard"] == ["me"]
    assert {p["vp"] for p in game.view()["players"].values()} == {0}
    assert events(game, "VictoryPoints") == []
    assert events(game, "Defeated")[0]["by"] is None


def test_se3_burn_on_a_monster_ticks_with_the_first_player() -> None:
    """SE-3: a monster's Burn ticks at the end of the first player's turn, not the second's."""
    game = table(on("golem", "Wandering Golem", None, (3, 2), status={"Burn": 1}))
    end_turns(game, 1)
    assert card(game, "golem")["hp"] == 6
    end_turns(game, 1)
    assert card(game, "golem")["hp"] == 6
    end_turns(game, 1)
    assert card(game, "golem")["hp"] == 4


# ----- SE-5 Freeze -----------------------------------------------------------------------------------------


def test_se5_frost_warden_freeze_timeline_and_reset_at_one_token() -> None:
    """SE-5, Frost Warden: the next turn no move, the one after MV -1, then gone; re-applied at 1 token it
    resets to 2 and the count starts over."""
    game = table(
        on("fw", "Frost Warden", "Ada", (3, 0)),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[{"act": "ability", "card": "fw", "ability": "Frostbind", "target": "foe"}],
    )
    assert game.view()["players"]["Ada"]["stones"] == 1
    assert card(game, "foe")["status"] == {"Freeze": 2}
    assert card(game, "foe")["mv"] == 0
    end_turns(game, 1)
    assert (game.view()["turn"], card(game, "foe")["status"], card(game, "foe")["mv"]) == (
        2,
        {"Freeze": 2},
        0,
    )
    rejected_unchanged(game, {"act": "move", "card": "foe", "to": [3, 3]}, "Frozen", "SE-5")
    end_turns(game, 2)
    assert (game.view()["turn"], card(game, "foe")["status"], card(game, "foe")["mv"]) == (
        4,
        {"Freeze": 1},
        1,
    )
    rejected_unchanged(game, {"act": "move", "card": "foe", "to": [3, 4]}, "SE-5")
    end_turns(game, 1)
    assert game.act({"act": "ability", "card": "fw", "ability": "Frostbind", "target": "foe"}).ok
    assert card(game, "foe")["status"] == {"Freeze": 2}
    end_turns(game, 1)
    assert (game.view()["turn"], card(game, "foe")["status"]) == (6, {"Freeze": 2})
    end_turns(game, 2)
    assert (game.view()["turn"], card(game, "foe")["status"]) == (8, {"Freeze": 1})
    assert game.act({"act": "move", "card": "foe", "to": [3, 3]}).ok
    end_turns(game, 2)
    assert card(game, "foe")["status"] == {}
    assert card(game, "foe")["mv"] == 2
    assert [e["tokens"] for e in events(game, "FreezeTokenRemoved")] == [1, 1, 0]


def test_se5_freeze_set_in_the_table_on_the_active_player_counts_this_turn() -> None:
    """SE-5, docs/formats.md, G-3: Freeze 2 on the active player's character: this turn is its "next turn" (no
    move), the next one MV -1, and then it is gone."""
    game = table(on("me", "Footman", "Ada", (0, 0), status={"Freeze": 2}))
    rejected_unchanged(game, {"act": "move", "card": "me", "to": [0, 1]}, "Frozen")
    end_turns(game, 2)
    assert (game.view()["turn"], card(game, "me")["status"], card(game, "me")["mv"]) == (3, {"Freeze": 1}, 1)
    end_turns(game, 2)
    assert card(game, "me")["status"] == {}


def test_se5_freeze_set_in_the_table_on_a_waiting_player() -> None:
    """SE-5, docs/formats.md: Bo's Freeze 2 from the table: Bo's next turn no move, the one after MV -1."""
    game = table(on("foe", "Footman", "Bo", (0, 4), status={"Freeze": 2}))
    end_turns(game, 1)
    assert card(game, "foe")["status"] == {"Freeze": 2}
    end_turns(game, 2)
    assert card(game, "foe")["status"] == {"Freeze": 1}


def test_se5_freeze_applied_in_own_turn_stops_movement_at_once() -> None:
    """SE-5 Ruling: with 2 tokens it can't move from the moment it is applied, even mid-turn."""
    game = table(
        on("me", "Footman", "Ada", (0, 0)),
        do=[
            {"act": "move", "card": "me", "to": [0, 1]},
            {"act": "effect", "op": "apply_status", "target": "me", "status": "Freeze"},
        ],
    )
    rejected_unchanged(game, {"act": "move", "card": "me", "to": [0, 2]}, "Frozen")


def test_se5_forced_movement_ignores_freeze() -> None:
    """SE-5, G-5: Shove moves a frozen character."""
    game = table(
        on("va", "Venom Adept", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), status={"Freeze": 2}),
        do=[{"act": "ability", "card": "va", "ability": "Shove", "target": "foe", "path": [[3, 3], [4, 3]]}],
    )
    assert card(game, "foe")["pos"] == [4, 3]


# ----- SE-6 Poison, Venom Adept ----------------------------------------------------------------------------


def test_se6_envenom_then_poison_costs_one_hp_per_square_moved() -> None:
    """SE-6, Venom Adept: Envenom applies Poison; on Bo's turn moving 2 squares costs 2 HP."""
    game = table(
        on("va", "Venom Adept", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[
            {"act": "ability", "card": "va", "ability": "Envenom", "target": "foe"},
            {"act": "end_turn"},
            {"act": "move", "card": "foe", "path": [[4, 2], [5, 2]]},
        ],
    )
    assert game.table.rejected == []
    assert card(game, "foe")["status"] == {"Poison": 1}
    assert card(game, "foe")["hp"] == 3
    assert [e["reason"] for e in events(game, "DamageDealt")] == ["Poison (SE-6)", "Poison (SE-6)"]


def test_se6_se9_shoved_sleeping_poisoned_character_takes_damage_and_stays_asleep() -> None:
    """SE-6, SE-9, G-5, Venom Adept: Shove along a 2-square path moves a sleeping, poisoned character:
    2 Poison damage, and Sleep stays (status damage does not wake it)."""
    game = table(
        on("va", "Venom Adept", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), status={"Sleep": 1, "Poison": 1}),
        do=[{"act": "ability", "card": "va", "ability": "Shove", "target": "foe", "path": [[4, 2], [4, 3]]}],
    )
    assert game.table.rejected == []
    assert card(game, "foe")["pos"] == [4, 3]
    assert card(game, "foe")["hp"] == 3
    assert card(game, "foe")["status"] == {"Poison": 1, "Sleep": 1}
    assert [e["to"] for e in events(game, "Moved")] == [[4, 2], [4, 3]]
    assert game.view()["players"]["Ada"]["stones"] == 2


def test_se6_shove_path_is_checked() -> None:
    """G-5, Venom Adept: Shove moves at most 2 squares, through empty ones, and needs a path."""
    game = table(
        on("va", "Venom Adept", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2)),
        on("block", "Footman", "Bo", (4, 2)),
    )
    rejected_unchanged(
        game,
        {
            "act": "ability",
            "card": "va",
            "ability": "Shove",
            "target": "foe",
            "path": [[3, 3], [3, 4], [2, 4]],
        },
        "at most 2",
    )
    rejected_unchanged(
        game,
        {"act": "ability", "card": "va", "ability": "Shove", "target": "foe", "path": [[4, 2]]},
        "occupied",
    )
    rejected_unchanged(game, {"act": "ability", "card": "va", "ability": "Shove", "target": "foe"}, "path")


def test_se6_poison_kills_midway_and_the_move_stops() -> None:
    """SE-6, G-6: a 1-HP poisoned character shoved 2 squares dies after the first; no VP (status damage)."""
    game = table(
        on("va", "Venom Adept", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), hp=1, status={"Poison": 1}),
        do=[{"act": "ability", "card": "va", "ability": "Shove", "target": "foe", "path": [[3, 3], [3, 4]]}],
    )
    assert card(game, "foe")["zone"] == "discard"
    assert len(events(game, "Moved")) == 1
    assert game.view()["players"]["Ada"]["vp"] == 0


# ----- SE-8 Silence ----------------------------------------------------------------------------------------


def test_se8_hush_bard_silences_and_silence_blocks_stone_costs() -> None:
    """SE-8, Hush Bard: Hush applies Silence; Bo's silenced Ember Witch can't pay Ignite (SC 1)."""
    game = table(
        on("hb", "Hush Bard", "Ada", (3, 0)),
        on("w", "Ember Witch", "Bo", (3, 3)),
        on("mine", "Footman", "Ada", (3, 1)),
        do=[{"act": "ability", "card": "hb", "ability": "Hush", "target": "w"}, {"act": "end_turn"}],
    )
    assert card(game, "w")["status"] == {"Silence": 1}
    rejected_unchanged(
        game, {"act": "ability", "card": "w", "ability": "Ignite", "target": "mine"}, "Silence", "SE-8"
    )


def test_se8_silence_allows_a_zero_cost_ability_and_attacks() -> None:
    """SE-8, SE-7: a silenced Sunderer may still use Shear (SC 0) and a silenced Footman may attack."""
    game = table(
        on("s", "Sunderer", "Ada", (3, 1), status={"Silence": 1}),
        on("f", "Footman", "Ada", (4, 2), status={"Silence": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[
            {"act": "ability", "card": "s", "ability": "Shear", "target": "foe"},
            {"act": "attack", "card": "f", "target": "foe"},
        ],
    )
    assert game.table.rejected == []
    assert card(game, "foe")["status"] == {"Shear": 1}
    assert card(game, "foe")["hp"] == 3
    assert game.view()["players"]["Ada"]["stones"] == 3
    rejected_unchanged(game, {"act": "ability", "card": "s", "ability": "Sunder", "target": "foe"})


def test_se8_silence_blocks_fuses_that_cost_stones() -> None:
    """SE-8, SE-12: a silenced Oliver can't play Spirit Ward (SC 1)."""
    game = table(on("o", "Oliver", "Ada", (3, 1), status={"Silence": 1}))
    rejected_unchanged(game, {"act": "ability", "card": "o", "ability": "Spirit Ward"}, "SE-8")


# ----- SE-9 Sleep ------------------------------------------------------------------------------------------


def test_se9_dream_weaver_lull_and_sleep_lasts_through_the_targets_next_turn() -> None:
    """SE-9, Dream Weaver, G-3: Lull (SC 2) on turn 1; Bo's sleeper can't move, attack or use abilities
    on turn 2; Sleep ends when turn 2 ends."""
    game = table(
        on("dw", "Dream Weaver", "Ada", (3, 1)),
        on("foe", "Smoke Jack", "Bo", (3, 3)),
        do=[{"act": "ability", "card": "dw", "ability": "Lull", "target": "foe"}, {"act": "end_turn"}],
    )
    assert game.view()["players"]["Ada"]["stones"] == 1
    assert card(game, "foe")["status"] == {"Sleep": 1}
    rejected_unchanged(game, {"act": "move", "card": "foe", "to": [3, 4]}, "asleep", "SE-9")
    rejected_unchanged(game, {"act": "ability", "card": "foe", "ability": "Smoke", "target": "dw"}, "asleep")
    game2 = table(on("foe", "Footman", "Bo", (3, 2), status={"Sleep": 1}), on("me", "Footman", "Ada", (3, 1)))
    end_turns(game2, 1)
    rejected_unchanged(game2, {"act": "attack", "card": "foe", "target": "me"}, "asleep")
    end_turns(game, 1)
    assert card(game, "foe")["status"] == {}
    assert events(game, "StatusRemoved")[-1]["reason"] == "its next turn ended"


def test_se9_sleep_applied_in_own_turn_lasts_until_the_end_of_the_next_one() -> None:
    """SE-9, G-3 Ruling: Sleep applied during its controller's own turn survives that turn's end."""
    game = table(
        on("me", "Footman", "Ada", (3, 1)),
        do=[{"act": "effect", "op": "apply_status", "target": "me", "status": "Sleep"}],
    )
    end_turns(game, 2)
    assert card(game, "me")["status"] == {"Sleep": 1}
    end_turns(game, 1)
    assert card(game, "me")["status"] == {}


def test_se9_sleep_in_the_table_on_the_active_player_ends_this_turn() -> None:
    """SE-9, docs/formats.md: a table Sleep on the active player's character ends at the end of this turn;
    on the other player's character, at the end of their turn."""
    game = table(
        on("me", "Footman", "Ada", (3, 1), status={"Sleep": 1}),
        on("foe", "Footman", "Bo", (3, 3), status={"Sleep": 1}),
    )
    end_turns(game, 1)
    assert card(game, "me")["status"] == {}
    assert card(game, "foe")["status"] == {"Sleep": 1}
    end_turns(game, 1)
    assert card(game, "foe")["status"] == {}


def test_se9_sleep_removed_by_damage_from_a_character_not_by_burn() -> None:
    """SE-9, SE-3: a Standard Attack wakes the sleeper; Burn damage does not."""
    game = table(
        on("a", "Footman", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), status={"Sleep": 1}),
        do=[{"act": "attack", "card": "a", "target": "foe"}],
    )
    assert card(game, "foe")["status"] == {}
    assert events(game, "StatusRemoved")[0]["reason"] == "damaged by a character (SE-9)"
    burn = table(
        on("me", "Footman", "Ada", (3, 1), hp=5, status={"Sleep": 1, "Burn": 1}),
        do=[{"act": "effect", "op": "damage", "target": "me", "n": 1}],
    )
    assert burn.view()["cards"]["me"]["status"] == {"Burn": 1, "Sleep": 1}
    assert burn.view()["cards"]["me"]["hp"] == 4


def test_se9_sleeping_character_may_still_play_a_fuse() -> None:
    """SE-9, SE-13: a sleeping Aegis Knight plays Aegis (a Fuse); its negation still rolls while asleep."""
    game = table(
        on("k", "Aegis Knight", "Ada", (3, 2), status={"Sleep": 1}),
        on("foe", "Footman", "Bo", (3, 3)),
        dice=[25],
        do=[
            {"act": "ability", "card": "k", "ability": "Aegis"},
            {"act": "end_turn"},
            {"act": "attack", "card": "foe", "target": "k"},
        ],
    )
    assert game.table.rejected == []
    assert rolled(game) == [25]
    assert len(events(game, "AttackNegated")) == 1
    assert card(game, "k")["hp"] == 7


def test_se9_se12_sleeping_character_cannot_evade() -> None:
    """SE-9, SE-12: Oliver asleep with 50 spirit evasion: no evasion roll, the spirit attack hits."""
    game = table(
        on("o", "Oliver", "Bo", (3, 2), status={"Sleep": 1}),
        on("a", "Footman", "Ada", (3, 1), damage_type="spirit"),
        dice=[1],
        do=[
            {"act": "effect", "op": "grant_evasion", "target": "o", "type": "spirit", "value": 50},
            {"act": "attack", "card": "a", "target": "o"},
        ],
    )
    assert rolled(game) == []
    assert card(game, "o")["hp"] == 4
    assert card(game, "o")["status"] == {}


# ----- SE-10 status Stun -----------------------------------------------------------------------------------


def test_se10_thunderclap_stun_blocks_enemy_targets_on_the_next_turn_only() -> None:
    """SE-10, Thunder Monk: Stun applied on turn 1; on Bo's turn 2 the stunned Footman can't attack an enemy;
    Stun ends with turn 2 and on turn 4 it attacks. Stun counters stay 0 throughout."""
    game = table(
        on("tm", "Thunder Monk", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[{"act": "ability", "card": "tm", "ability": "Thunderclap", "target": "foe"}, {"act": "end_turn"}],
    )
    foe = card(game, "foe")
    assert (foe["status"], foe["stun_counters"], foe["tapped"]) == ({"Stun": 1}, 0, False)
    rejected_unchanged(game, {"act": "attack", "card": "foe", "target": "tm"}, "status Stun", "SE-10")
    end_turns(game, 1)
    assert card(game, "foe")["status"] == {}
    end_turns(game, 1)
    assert game.act({"act": "attack", "card": "foe", "target": "tm"}).ok
    assert card(game, "tm")["hp"] == 4
    assert events(game, "StunCountersAdded") == []


def test_se10_stunned_character_may_target_allies_and_itself() -> None:
    """SE-10: a stunned War Drummer beats for itself; a stunned Cleanser purges an ally but not an enemy."""
    game = table(
        on("d", "War Drummer", "Ada", (3, 0), status={"Stun": 1}),
        on("cl", "Cleanser", "Ada", (4, 1), status={"Stun": 1}),
        on("ally", "Footman", "Ada", (4, 0), status={"Burn": 1}),
        on("foe", "Footman", "Bo", (4, 2), status={"Burn": 1}),
        do=[{"act": "ability", "card": "d", "ability": "Rally Beat", "target": "d"}],
    )
    assert card(game, "d")["cubes"]["red"] == 2
    rejected_unchanged(game, {"act": "ability", "card": "cl", "ability": "Purge", "target": "foe"}, "SE-10")
    assert game.act({"act": "ability", "card": "cl", "ability": "Purge", "target": "ally"}).ok
    assert card(game, "ally")["status"] == {}


def test_se10_stun_applied_in_own_turn_does_not_block_that_turn() -> None:
    """SE-10, G-3 Ruling: Stun applied during its controller's turn blocks the next turn, not this one."""
    game = table(
        on("me", "Footman", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2), hp=9, max_hp=9),
        do=[
            {"act": "effect", "op": "apply_status", "target": "me", "status": "Stun"},
            {"act": "attack", "card": "me", "target": "foe"},
            {"act": "end_turn"},
            {"act": "end_turn"},
        ],
    )
    assert game.table.rejected == []
    assert card(game, "foe")["hp"] == 7
    rejected_unchanged(game, {"act": "attack", "card": "me", "target": "foe"}, "SE-10")
    end_turns(game, 1)
    assert card(game, "me")["status"] == {}


def test_se10_status_stun_and_stun_counters_are_separate() -> None:
    """SE-10, SC-2, SC-10: status Stun doesn't stop untapping; stun counters don't stop targeting enemies."""
    game = table(
        on("stunned", "Footman", "Bo", (3, 3), tapped=True, status={"Stun": 1}),
        on("countered", "Footman", "Bo", (2, 2), stun_counters=1),
        on("me", "Footman", "Ada", (3, 2), hp=9, max_hp=9),
    )
    end_turns(game, 1)
    stunned, countered = card(game, "stunned"), card(game, "countered")
    assert (stunned["tapped"], stunned["status"], stunned["stun_counters"]) == (False, {"Stun": 1}, 0)
    assert (countered["tapped"], countered["status"], countered["stun_counters"]) == (False, {}, 1)
    assert game.act({"act": "attack", "card": "countered", "target": "me"}).ok
    rejected_unchanged(game, {"act": "attack", "card": "stunned", "target": "me"}, "status Stun")


def test_se10_reactive_fuses_still_work_while_stunned() -> None:
    """SE-10, SE-13: a stunned Aegis Knight's negation Fuse still rolls when it is attacked."""
    game = table(
        on("k", "Aegis Knight", "Bo", (3, 2), status={"Stun": 1}),
        on("a", "Footman", "Ada", (3, 1)),
        dice=[26],
        do=[
            {"act": "effect", "op": "grant_negation", "target": "k", "type": "physical", "value": 25},
            {"act": "attack", "card": "a", "target": "k"},
        ],
    )
    assert rolled(game) == [26]
    assert card(game, "k")["hp"] == 5


# ----- SE-11 Upkeep ----------------------------------------------------------------------------------------


def test_se11_toll_keeper_levy_raises_ability_costs_by_one() -> None:
    """SE-11, Toll Keeper: Levy applies Upkeep; Bo's Ember Witch's Ignite then costs 2."""
    game = table(
        on("tk", "Toll Keeper", "Ada", (3, 0)),
        on("w", "Ember Witch", "Bo", (3, 3)),
        on("mine", "Footman", "Ada", (3, 1)),
        do=[
            {"act": "ability", "card": "tk", "ability": "Levy", "target": "w"},
            {"act": "end_turn"},
            {"act": "ability", "card": "w", "ability": "Ignite", "target": "mine"},
        ],
    )
    assert game.table.rejected == []
    assert card(game, "w")["status"] == {"Upkeep": 1}
    assert game.view()["players"]["Bo"]["stones"] == 1
    assert [e["cost"] for e in events(game, "AbilityUsed")] == [1, 2]


def test_se11_upkeep_rejects_when_stones_fall_short() -> None:
    """SE-11: with 1 stone, an upkept Ignite (2) is refused and nothing changes."""
    game = table(
        on("w", "Ember Witch", "Ada", (3, 0), status={"Upkeep": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
        stones={"Ada": 1},
    )
    rejected_unchanged(
        game, {"act": "ability", "card": "w", "ability": "Ignite", "target": "foe"}, "Upkeep", "SE-11"
    )


def test_se11_upkeep_leaves_fuses_in_play_alone_but_new_fuses_cost_more() -> None:
    """SE-11, SE-13: an Aegis Fuse played before Upkeep keeps working; the next Aegis costs 2."""
    game = table(
        on("k", "Aegis Knight", "Ada", (3, 1)),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[
            {"act": "ability", "card": "k", "ability": "Aegis"},
            {"act": "effect", "op": "apply_status", "target": "k", "status": "Upkeep"},
            {"act": "ability", "card": "k", "ability": "Aegis"},
        ],
    )
    assert game.view()["players"]["Ada"]["stones"] == 0
    assert card(game, "k")["negation"] == [
        {"type": "physical", "value": 25},
        {"type": "physical", "value": 25},
    ]


def test_se11_se8_upkeep_makes_shear_cost_one_so_silence_blocks_it() -> None:
    """SE-11, SE-8, SE-7: Sunderer's Shear (SC 0) costs 1 with Upkeep: allowed, but not when also Silenced."""
    game = table(
        on("s", "Sunderer", "Ada", (3, 1), status={"Upkeep": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
        do=[{"act": "ability", "card": "s", "ability": "Shear", "target": "foe"}],
    )
    assert game.view()["players"]["Ada"]["stones"] == 2
    silenced = table(
        on("s", "Sunderer", "Ada", (3, 1), status={"Upkeep": 1, "Silence": 1}),
        on("foe", "Footman", "Bo", (3, 2)),
    )
    rejected_unchanged(silenced, {"act": "ability", "card": "s", "ability": "Shear", "target": "foe"}, "SE-8")


def test_se9_damage_by_a_characters_ability_wakes_but_sourceless_damage_does_not() -> None:
    """SE-9, G-6: damage whose source is a character removes Sleep; damage with no source leaves it."""
    game = table(
        on("w", "Ember Witch", "Ada", (3, 0)),
        on("foe", "Footman", "Bo", (3, 2), status={"Sleep": 1}),
        on("foe2", "Footman", "Bo", (4, 2), status={"Sleep": 1}),
        do=[
            {"act": "effect", "op": "damage", "target": "foe", "n": 1, "source": "w"},
            {"act": "effect", "op": "damage", "target": "foe2", "n": 1},
        ],
    )
    assert (card(game, "foe")["hp"], card(game, "foe")["status"]) == (4, {})
    assert (card(game, "foe2")["hp"], card(game, "foe2")["status"]) == (4, {"Sleep": 1})


def test_se10_stun_with_three_players_waits_for_its_controllers_turn() -> None:
    """SE-10, G-3: Cy's stunned character stays Stunned through Ada's and Bo's turns, is blocked on Cy's
    turn 3, and the status ends when turn 3 ends."""
    game = table(
        on("m", "Footman", "Cy", (0, 2), status={"Stun": 1}),
        on("foe", "Footman", "Ada", (0, 1)),
        players=["Ada", "Bo", "Cy"],
    )
    end_turns(game, 2)
    assert (game.view()["active"], card(game, "m")["status"]) == ("Cy", {"Stun": 1})
    rejected_unchanged(game, {"act": "attack", "card": "m", "target": "foe"}, "SE-10")
    end_turns(game, 1)
    assert card(game, "m")["status"] == {}


def test_se0_statuses_and_fuses_survive_a_save_and_restore() -> None:
    """SE-0, SE-5, SE-12, SE-13: status stacks, Freeze's first-start mark, the turn Sleep/Stun were applied
    and Fuse sources round-trip through `to_state`, and the restored game ticks the same way."""
    game = table(
        on("fw", "Frost Warden", "Ada", (3, 0)),
        on("foe", "Oliver", "Bo", (3, 2), hp=9, max_hp=9, status={"Sleep": 1, "Burn": 2}),
        do=[
            {"act": "ability", "card": "fw", "ability": "Frostbind", "target": "foe"},
            {"act": "effect", "op": "grant_negation", "target": "foe", "type": "physical", "value": 25},
            {"act": "effect", "op": "grant_evasion", "target": "foe", "type": "spirit", "value": 20},
        ],
    )
    copy = Game.from_state(game.to_state())
    assert copy.to_state() == game.to_state()
    for g in (game, copy):
        end_turns(g, 4)
    assert card(copy, "foe") == card(game, "foe")
    assert (card(copy, "foe")["status"], card(copy, "foe")["hp"]) == ({"Burn": 2, "Freeze": 1}, 1)
    assert card(copy, "foe")["negation"] == [{"type": "physical", "value": 25}]


def test_se5_table_freeze_of_one_token_is_its_next_turns_mv_minus_one() -> None:
    """SE-5, docs/formats.md: a table Freeze of 1 token on Bo's character gives MV -1 on Bo's next turn (its first
    start after the table keeps the token), and it is gone the turn after; on the active player's character
    the current turn is the MV -1 turn."""
    game = table(
        on("foe", "Footman", "Bo", (0, 4), status={"Freeze": 1}),
        on("me", "Footman", "Ada", (6, 0), status={"Freeze": 1}),
    )
    assert card(game, "me")["mv"] == 1
    end_turns(game, 1)
    assert (card(game, "foe")["status"], card(game, "foe")["mv"]) == ({"Freeze": 1}, 1)
    assert card(game, "me")["status"] == {"Freeze": 1}
    end_turns(game, 1)
    assert card(game, "me")["status"] == {}
    end_turns(game, 1)
    assert (card(game, "foe")["status"], card(game, "foe")["mv"]) == ({}, 2)
