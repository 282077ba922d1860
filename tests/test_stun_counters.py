"""Stun counters (SC-1 .. SC-10): the one untap replacement, every way of untapping, and the SC cards."""

from __future__ import annotations

from typing import Any

from conftest import events, rejected_unchanged, scenario, setup

from game.core.table import Table
from game.engine import Game
from game.rules.stun import stun_counter_replacement


def card(ref: str, name: str, owner: str, zone: str = "board", pos: list[int] | None = None,
         **extra: Any) -> str:
    """One [[card]] table of an inline scenario."""
    lines = ["[[card]]", f'ref = "{ref}"', f'name = "{name}"', f'owner = "{owner}"', f'zone = "{zone}"']
    if pos is not None:
        lines.append(f"pos = [{pos[0]}, {pos[1]}]")
    for key, value in extra.items():
        lines.append(f"{key} = {str(value).lower() if isinstance(value, bool) else value}")
    return "\n".join(lines) + "\n"


def table(*cards: str, stones: str = "", phase: str = "main") -> str:
    """An inline scenario with Ada (active) and Bo."""
    head = f'players = ["Ada", "Bo"]\nphase = "{phase}"\n'
    if stones:
        head += f"stones = {{ {stones} }}\n"
    return head + "\n".join(cards)


def state_of(game: Game, ref: str) -> tuple[bool, int]:
    """(tapped, stun counters) of a card in the dump."""
    view = game.view()["cards"][ref]
    return view["tapped"], view["stun_counters"]


HALO_TABLE = table(
    card("halo", "Halo Fountain", "Ada"),
    card("f1", "Footman", "Ada", pos=[1, 0], tapped=True, stun_counters=2),
    card("f2", "Footman", "Ada", pos=[2, 0], tapped=True),
    card("f3", "Footman", "Ada", pos=[3, 0]),
    card("b1", "Footman", "Bo", pos=[3, 4], tapped=True),
    card("d1", "Archer", "Ada", zone="deck"),
    card("d2", "Archer", "Ada", zone="deck"),
    card("d3", "Archer", "Ada", zone="deck"),
    card("d4", "Archer", "Ada", zone="deck"),
)


# ----- the replacement hook ---------------------------------------------------------------------------------


def test_sc2_replacement_registered_once() -> None:
    """SC-2: one replacement effect on untapping, registered once per game (not an `if` in each path)."""
    game = setup(table())
    assert game.table.untap_replacements == [stun_counter_replacement]


def test_sc3_every_untap_path_goes_through_the_hook() -> None:
    """SC-3: the untap phase, the `untap` op, Rally Horn and Halo Fountain's cost all consult the hook."""
    game = setup(table(
        card("halo", "Halo Fountain", "Ada"),
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("a1", "Footman", "Ada", pos=[1, 0], tapped=True),
        card("a2", "Footman", "Ada", pos=[2, 0], tapped=True),
        card("a3", "Footman", "Ada", pos=[3, 0], tapped=True),
        card("b1", "Footman", "Bo", pos=[3, 4], tapped=True),
    ))
    seen: list[str] = []

    def spy(g: Table, eid: int) -> bool:
        seen.append(g.ref(eid))
        return False

    game.table.untap_replacements.append(spy)
    assert game.act({"act": "effect", "op": "untap", "target": "a1"}).ok
    assert seen == ["a1"]
    assert game.act({"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["a2"]}).ok
    assert seen == ["a1", "a2"]
    assert game.act({"act": "play", "card": "horn"}).ok
    assert seen == ["a1", "a2", "a3"]
    assert game.act({"act": "end_turn"}).ok
    assert seen == ["a1", "a2", "a3", "b1"]
    assert [e["cause"] for e in events(game, "Untapped")] == ["effect", "cost", "effect", "untap phase"]


def test_sc2_untap_replaced_event_counts_down() -> None:
    """SC-2, SC-4: each replaced untap logs UntapReplaced with the counters left; the last one clears them."""
    game = scenario(table(
        card("f1", "Footman", "Ada", pos=[3, 0], tapped=True, stun_counters=3),
    ) + "\n".join(['[[do]]\nact = "effect"\nop = "untap"\ntarget = "f1"\n'] * 4))
    assert [e["counters_left"] for e in events(game, "UntapReplaced")] == [2, 1, 0]
    assert [e["card"] for e in events(game, "Untapped")] == ["f1"]
    assert state_of(game, "f1") == (False, 0)
    assert game.view()["rejected"] == []


# ----- SC-1: any permanent, tapped or untapped --------------------------------------------------------------


def test_sc1_jolt_reaches_a_relic_out_of_range_but_not_a_far_character() -> None:
    """SC-1, G-5: Jolt reaches a relic (no square, always in reach); a character 4 away is out of range."""
    game = setup(table(
        card("lance", "Stun Lance", "Ada", pos=[0, 0]),
        card("halo", "Halo Fountain", "Bo"),
        card("b1", "Footman", "Bo", pos=[0, 4]),
    ))
    reason = rejected_unchanged(game, {"act": "ability", "card": "lance", "ability": "Jolt", "target": "b1"})
    assert "out of range" in reason
    assert game.act({"act": "ability", "card": "lance", "ability": "Jolt", "target": "halo"}).ok
    view = game.view()
    assert view["cards"]["halo"]["stun_counters"] == 1
    assert view["cards"]["halo"]["pos"] is None
    assert view["cards"]["lance"]["tapped"] is True
    assert view["players"]["Ada"]["stones"] == 2


def test_sc1_stunned_relic_stays_tapped_through_untap_phase() -> None:
    """SC-1, SC-2: a tapped relic with a stun counter loses the counter instead of untapping."""
    game = scenario(table(
        card("halo", "Halo Fountain", "Ada", tapped=True, stun_counters=1),
        phase="start",
    ))
    assert state_of(game, "halo") == (True, 0)
    assert events(game, "UntapReplaced") == [{"type": "UntapReplaced", "card": "halo", "counters_left": 0}]
    game.act({"act": "end_turn"})
    game.act({"act": "end_turn"})
    assert state_of(game, "halo") == (False, 0)
    assert events(game, "Untapped")[-1] == {"type": "Untapped", "card": "halo", "cause": "untap phase"}


def test_sc1_tidal_lock_on_a_tapped_character_adds_two_counters() -> None:
    """SC-1: Tidal Lock on an already tapped character still puts 2 stun counters on it."""
    game = scenario(table(
        card("tl", "Tidal Lock", "Ada", zone="hand"),
        card("b1", "Footman", "Bo", pos=[3, 4], tapped=True, stun_counters=1),
    ) + '[[do]]\nact = "play"\ncard = "tl"\ntarget = "b1"\n')
    assert state_of(game, "b1") == (True, 3)
    assert events(game, "Tapped") == []
    assert events(game, "StunCountersAdded") == [
        {"type": "StunCountersAdded", "card": "b1", "n": 2, "counters": 3}]


# ----- SC-3, SC-4: effects ----------------------------------------------------------------------------------


def test_sc3_untap_op_removes_one_counter() -> None:
    """SC-3, SC-4: the `untap` op on a stunned tapped character removes one counter; it stays tapped."""
    game = scenario(table(
        card("b1", "Footman", "Bo", pos=[3, 4], tapped=True, stun_counters=2),
    ) + '[[do]]\nact = "effect"\nop = "untap"\ntarget = "b1"\n')
    assert state_of(game, "b1") == (True, 1)
    assert events(game, "UntapReplaced") == [{"type": "UntapReplaced", "card": "b1", "counters_left": 1}]
    assert events(game, "Untapped") == []


def test_sc4_rally_horn_takes_one_counter_per_character() -> None:
    """SC-3, SC-4: Rally Horn tries once per character, so each stunned one loses exactly one counter."""
    game = scenario(table(
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("a1", "Footman", "Ada", pos=[1, 0], tapped=True, stun_counters=3),
        card("a2", "Footman", "Ada", pos=[2, 0], tapped=True, stun_counters=1),
    ) + '[[do]]\nact = "play"\ncard = "horn"\n')
    assert state_of(game, "a1") == (True, 2)
    assert state_of(game, "a2") == (True, 0)
    assert [(e["card"], e["counters_left"]) for e in events(game, "UntapReplaced")] == [("a1", 2), ("a2", 0)]
    assert events(game, "Untapped") == []


def test_sc10_untap_op_on_untapped_character_keeps_counters() -> None:
    """SC-10: an untap effect on an untapped permanent with counters does nothing: it keeps them."""
    game = scenario(table(
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("a1", "Footman", "Ada", pos=[1, 0], stun_counters=2),
    ) + '[[do]]\nact = "play"\ncard = "horn"\n')
    assert state_of(game, "a1") == (False, 2)
    assert events(game, "UntapReplaced") == []
    assert events(game, "StunCounterRemoved") == []


# ----- SC-5: Vigil Sentry -----------------------------------------------------------------------------------


def test_sc5_vigil_sentry_no_stone_when_replaced() -> None:
    """SC-5: in the untap phase a replaced untap gives Vigil Sentry no trigger and no stone."""
    game = scenario(table(
        card("vs", "Vigil Sentry", "Ada", pos=[3, 0], tapped=True, stun_counters=1),
        phase="start",
    ))
    assert state_of(game, "vs") == (True, 0)
    assert game.view()["players"]["Ada"]["stones"] == 3
    assert events(game, "Triggered") == []
    assert events(game, "StonesChanged") == []


def test_sc5_vigil_sentry_rally_horn() -> None:
    """SC-5, SC-3: Rally Horn really untapping Vigil Sentry gains a stone; a stunned Sentry gains none."""
    game = scenario(table(
        card("horn", "Rally Horn", "Ada", zone="hand"),
        card("vs1", "Vigil Sentry", "Ada", pos=[1, 0], tapped=True),
        card("vs2", "Vigil Sentry", "Ada", pos=[2, 0], tapped=True, stun_counters=1),
        card("vs3", "Vigil Sentry", "Ada", pos=[4, 0]),
        stones="Ada = 0",
    ) + '[[do]]\nact = "play"\ncard = "horn"\n')
    assert state_of(game, "vs1") == (False, 0)
    assert state_of(game, "vs2") == (True, 0)
    assert state_of(game, "vs3") == (False, 0)
    assert [e["card"] for e in events(game, "Triggered")] == ["vs1"]
    assert game.view()["players"]["Ada"]["stones"] == 1


def test_sc5_vigil_sentry_paying_a_cost_untaps_and_triggers() -> None:
    """SC-5, SC-6: untapping Vigil Sentry to pay Refresh is a real untap: Refresh's stone and the Sentry's."""
    game = scenario(table(
        card("halo", "Halo Fountain", "Ada"),
        card("vs", "Vigil Sentry", "Ada", pos=[1, 0], tapped=True),
        stones="Ada = 0",
    ) + '[[do]]\nact = "activate"\ncard = "halo"\nability = "Refresh"\npay = ["vs"]\n')
    assert state_of(game, "vs") == (False, 0)
    assert game.view()["players"]["Ada"]["stones"] == 2
    assert [e["card"] for e in events(game, "Triggered")] == ["vs"]


# ----- SC-6, SC-7 and once per turn: Halo Fountain ----------------------------------------------------------


def test_sc6_refresh_paid_with_stunned_character() -> None:
    """SC-6: a stunned tapped character pays Refresh by losing one counter, stays tapped; 1 stone gained."""
    game = setup(HALO_TABLE)
    assert game.act({"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f1"]}).ok
    assert state_of(game, "f1") == (True, 1)
    assert game.view()["players"]["Ada"]["stones"] == 4
    assert events(game, "UntapReplaced") == [{"type": "UntapReplaced", "card": "f1", "counters_left": 1}]
    assert events(game, "Untapped") == []


def test_sc6_renew_with_a_stunned_and_a_plain_character() -> None:
    """SC-6: Renew paid by a stunned character (loses a counter, stays tapped) and a plain one; draw 1."""
    game = setup(HALO_TABLE)
    assert game.act({"act": "activate", "card": "halo", "ability": "Renew", "pay": ["f1", "f2"]}).ok
    view = game.view()
    assert state_of(game, "f1") == (True, 1)
    assert state_of(game, "f2") == (False, 0)
    assert view["players"]["Ada"]["hand"] == ["d1"]
    assert view["players"]["Ada"]["deck"] == ["d2", "d3", "d4"]
    assert view["players"]["Ada"]["stones"] == 3


def test_sc7_same_permanent_twice_rejected_changes_nothing() -> None:
    """SC-7: a cost that untaps two permanents can't use the same one twice; the rejection changes nothing."""
    game = setup(HALO_TABLE)
    twice = {"act": "activate", "card": "halo", "ability": "Renew", "pay": ["f1", "f1"]}
    reason = rejected_unchanged(game, twice)
    assert "SC-7" in reason
    assert state_of(game, "f1") == (True, 2)
    assert game.act({"act": "activate", "card": "halo", "ability": "Renew", "pay": ["f1", "f2"]}).ok


def test_sc7_stunned_permanent_twice_through_two_abilities_is_fine() -> None:
    """SC-7 is about one cost: Refresh and then Renew may each use the same stunned character once."""
    game = setup(HALO_TABLE)
    assert game.act({"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f1"]}).ok
    assert game.act({"act": "activate", "card": "halo", "ability": "Renew", "pay": ["f1", "f2"]}).ok
    assert state_of(game, "f1") == (True, 0)
    assert state_of(game, "f2") == (False, 0)
    assert game.view()["players"]["Ada"]["stones"] == 4
    assert game.view()["players"]["Ada"]["hand"] == ["d1"]


def test_halo_fountain_once_per_turn() -> None:
    """SC-6: Refresh and Renew are each once per turn; the limit resets on the controller's next turn."""
    game = setup(HALO_TABLE)
    assert game.act({"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f2"]}).ok
    assert game.act({"act": "effect", "op": "tap", "target": "f2"}).ok
    refresh = {"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f2"]}
    reason = rejected_unchanged(game, refresh)
    assert "once per turn" in reason
    assert game.act({"act": "activate", "card": "halo", "ability": "Renew", "pay": ["f1", "f2"]}).ok
    assert game.act({"act": "effect", "op": "tap", "target": "f2"}).ok
    rejected_unchanged(game, {"act": "activate", "card": "halo", "ability": "Renew", "pay": ["f1", "f2"]})
    assert game.act({"act": "end_turn"}).ok
    assert game.act({"act": "end_turn"}).ok
    view = game.view()
    assert (view["turn"], view["active"]) == (3, "Ada")
    assert state_of(game, "f1") == (True, 0)
    assert state_of(game, "f2") == (False, 0)
    assert game.act({"act": "effect", "op": "tap", "target": "f2"}).ok
    assert game.act({"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f2"]}).ok
    assert game.view()["players"]["Ada"]["stones"] == 4


def test_halo_fountain_bad_payments_rejected_unchanged() -> None:
    """SC-6: the cost untaps tapped characters you control: other payers are rejected and change nothing."""
    game = setup(HALO_TABLE + card("hand1", "Footman", "Ada", zone="hand")
                 + card("bh", "Halo Fountain", "Bo"))
    bad = [
        {"pay": ["f3"]},                 # untapped
        {"pay": ["b1"]},                 # the opponent's
        {"pay": ["hand1"]},              # not on the board
        {"pay": ["halo"]},               # not a character
        {"pay": ["f1", "f2"]},           # Refresh untaps one
        {"pay": []},
        {"pay": ["nobody"]},
        {"card": "bh"},                  # the opponent's relic
        {"card": "f1"},                  # not a relic
        {"ability": "Jolt"},             # no such ability
    ]
    for change in bad:
        action = {"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f2"], **change}
        rejected_unchanged(game, action)
    refresh = {"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f2"]}
    rejected_unchanged(game, {**refresh, "by": "Bo"})
    rejected_unchanged(game, {"act": "ability", "card": "halo", "ability": "Refresh"})


def test_sc9_relic_without_abilities_keeps_counters_and_cannot_activate() -> None:
    """SC-9: a relic that lost all abilities keeps its stun counters; its abilities can't be activated."""
    game = setup(table(
        card("halo", "Halo Fountain", "Ada", stun_counters=2),
        card("f1", "Footman", "Ada", pos=[1, 0], tapped=True),
    ))
    assert game.act({"act": "effect", "op": "lose_abilities", "target": "halo"}).ok
    assert state_of(game, "halo") == (False, 2)
    rejected_unchanged(game, {"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f1"]})


# ----- SC-8, SC-9, SC-10 ------------------------------------------------------------------------------------


def test_sc8_counter_without_source_then_normal_untap() -> None:
    """SC-8: counters from a Stun Lance that has left play still work; with none left the untap is normal."""
    game = scenario(table(
        card("lance", "Stun Lance", "Ada", pos=[3, 0]),
        card("b1", "Footman", "Bo", pos=[3, 3], tapped=True),
    ) + '[[do]]\nact = "ability"\ncard = "lance"\nability = "Jolt"\ntarget = "b1"\n'
        + '[[do]]\nact = "effect"\nop = "destroy"\ntarget = "lance"\n'
        + '[[do]]\nact = "effect"\nop = "untap"\ntarget = "b1"\n')
    assert game.view()["cards"]["lance"]["zone"] == "discard"
    assert state_of(game, "b1") == (True, 0)
    assert game.act({"act": "effect", "op": "untap", "target": "b1"}).ok
    assert state_of(game, "b1") == (False, 0)
    assert events(game, "Untapped") == [{"type": "Untapped", "card": "b1", "cause": "effect"}]


def test_sc9_null_field_on_stunned_character() -> None:
    """SC-9: Null Field removes abilities, not stun counters; the untap is still replaced afterwards."""
    game = scenario(table(
        card("nf", "Null Field", "Ada", zone="hand"),
        card("a1", "Stun Lance", "Ada", pos=[3, 0], tapped=True, stun_counters=1),
    ) + '[[do]]\nact = "play"\ncard = "nf"\ntarget = "a1"\n')
    assert state_of(game, "a1") == (True, 1)
    assert game.act({"act": "effect", "op": "untap", "target": "a1"}).ok
    assert state_of(game, "a1") == (True, 0)
    assert events(game, "UntapReplaced") == [{"type": "UntapReplaced", "card": "a1", "counters_left": 0}]


def test_sc10_untapped_permanents_keep_counters_in_untap_phase() -> None:
    """SC-10: untapped character and relic with counters keep them through their controller's untap phase."""
    game = scenario(table(
        card("halo", "Halo Fountain", "Ada", stun_counters=1),
        card("a1", "Footman", "Ada", pos=[3, 0], stun_counters=2),
        phase="start",
    ))
    assert state_of(game, "halo") == (False, 1)
    assert state_of(game, "a1") == (False, 2)
    assert events(game, "UntapReplaced") == []
    assert game.view()["phase"] == "main"


def test_sc10_tapped_later_then_counters_bite() -> None:
    """SC-10, SC-2: a counter kept while untapped bites once the permanent is tapped (after attacking)."""
    game = setup(table(
        card("a1", "Footman", "Ada", pos=[3, 1], stun_counters=1),
        card("b1", "Footman", "Bo", pos=[3, 2], hp=5),
    ))
    assert game.act({"act": "attack", "card": "a1", "target": "b1"}).ok
    assert game.view()["cards"]["b1"]["hp"] == 3
    game.act({"act": "end_turn"})
    game.act({"act": "end_turn"})
    assert state_of(game, "a1") == (True, 0)
    game.act({"act": "end_turn"})
    game.act({"act": "end_turn"})
    assert state_of(game, "a1") == (False, 0)


# ----- stun counters are not the status Stun ----------------------------------------------------------------


def test_stun_counters_are_not_status_stun() -> None:
    """SC-1 vs SE-10: Thunderclap's status Stun adds no stun counter; Tidal Lock's counters add no status."""
    game = scenario(table(
        card("monk", "Thunder Monk", "Ada", pos=[3, 3]),
        card("tl", "Tidal Lock", "Ada", zone="hand"),
        card("b1", "Footman", "Bo", pos=[3, 4]),
        card("b2", "Footman", "Bo", pos=[5, 4]),
    ) + '[[do]]\nact = "ability"\ncard = "monk"\nability = "Thunderclap"\ntarget = "b1"\n'
        + '[[do]]\nact = "play"\ncard = "tl"\ntarget = "b2"\n')
    cards = game.view()["cards"]
    assert game.view()["rejected"] == []
    assert (cards["b1"]["status"], state_of(game, "b1")) == ({"Stun": 1}, (False, 0))
    assert (cards["b2"]["status"], state_of(game, "b2")) == ({}, (True, 2))


def test_stun_counters_survive_save_and_load() -> None:
    """SC-2: a restored game keeps its stun counters and its one replacement effect."""
    game = setup(table(card("b1", "Footman", "Bo", pos=[3, 4], tapped=True, stun_counters=2)))
    copy = Game.from_state(game.to_state())
    assert copy.table.untap_replacements == [stun_counter_replacement]
    assert copy.act({"act": "end_turn"}).ok
    assert state_of(copy, "b1") == (True, 1)
    assert state_of(game, "b1") == (True, 2)


def test_sc1_negative_stun_counts_rejected_unchanged() -> None:
    """SC-1, SC-2: `place_stun` / `remove_stun` with a negative count are rejected and change nothing."""
    game = setup(table(card("b1", "Footman", "Bo", pos=[3, 4], tapped=True, stun_counters=1)))
    for op in ("place_stun", "remove_stun"):
        reason = rejected_unchanged(game, {"act": "effect", "op": op, "target": "b1", "n": -3})
        assert reason == f"field 'n' of op {op!r} must be an integer 0..100, not -3"
    assert state_of(game, "b1") == (True, 1)


def test_remove_stun_is_not_an_untap() -> None:
    """SC-5, SC-8: `remove_stun` removes counters without untap or trigger; then it untaps for real."""
    game = setup(table(
        card("vs", "Vigil Sentry", "Ada", pos=[3, 0], tapped=True, stun_counters=2),
        stones="Ada = 0",
    ))
    assert game.act({"act": "effect", "op": "remove_stun", "target": "vs", "n": 5}).ok
    assert state_of(game, "vs") == (True, 0)
    assert events(game, "StunCounterRemoved") == [
        {"type": "StunCounterRemoved", "card": "vs", "n": 2, "counters": 0, "cause": "effect"}]
    assert events(game, "Triggered") == []
    assert game.act({"act": "effect", "op": "untap", "target": "vs"}).ok
    assert state_of(game, "vs") == (False, 0)
    assert game.view()["players"]["Ada"]["stones"] == 1


def test_stun_counters_do_not_follow_a_character_into_stasis() -> None:
    """SC-1, ST-3 (Ruling): stun counters are board-only state; a character sent to stasis loses them."""
    game = scenario(table(
        card("to", "Time Out", "Ada", zone="hand"),
        card("a1", "Footman", "Ada", pos=[3, 0], tapped=True, stun_counters=2),
    ) + '[[do]]\nact = "play"\ncard = "to"\ntarget = "a1"\n')
    view = game.view()["cards"]["a1"]
    assert (view["zone"], view["stasis_counters"]) == ("stasis", 2)
    assert (view["stun_counters"], view["tapped"]) == (0, False)
