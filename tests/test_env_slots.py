"""Card slots of Madness cards (issue 41): the game makes a Madness card for every draw from an empty pile (G-1),
without end, so Madness cards take slots for one moment and one viewer (`Slots.seen_by`), and games of four
Hex & Count decks (two Forbidden Whispers each) play to their end where 14 of 60 masked-random ones stopped with
"the encoding holds at most 100 cards with 4 players"."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.env import raw_env
from game.env.countertop import Countertop
from game.env.encoding import CARDS, DECK_SIZE, SHARED_SLOT, EncodingError, Slots
from game.io.view import visible_cards
from tests.test_player_views import twin

HEX = ["hex_and_count"] * 4
OVERFLOWED = (0, 10, 11, 12, 16, 18, 19, 23, 28, 30, 32, 36, 41, 45, 49, 55, 57, 58)
"""The seeds of the masked-random 4-player Hex & Count games (0..59) that have more than 15 Madness cards at once,
more than the shared slots held before (the seeds of today's rules: G-9's four-player start changed the games)."""


def masked_random(seed: int, steps: int | None = None) -> Countertop:
    """A 4-player Hex & Count game of masked-random compact actions (seeded), after `steps` (None: to its end)."""
    e = raw_env(players=4, decks=HEX, seed=seed)
    e.reset()
    rng = np.random.default_rng(seed)
    for done, _agent in enumerate(e.agent_iter()):
        if done == steps:
            break
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e


def madness_count(e: Countertop) -> int:
    table = e.live().table
    return sum(1 for eid in table.cards() if table.kind(eid) == "madness")


@pytest.mark.parametrize("seed", OVERFLOWED)
def test_g1_four_hex_and_count_decks_play_to_the_end(seed: int) -> None:
    """Issue 41's reproduction: each game that overflowed plays to its end (or the turn limit), every agent's
    observation and the state encoded at every step."""
    e = raw_env(players=4, decks=HEX, seed=seed)
    e.reset()
    rng = np.random.default_rng(seed)
    most = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        for other in e.possible_agents:
            e.observe(other)
        e.state()
        most = max(most, madness_count(e))
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    table = e.live().table
    assert table.turn.phase == "over" or table.turn.turn > e.max_turns
    assert most > 15  # more Madness cards than the 20 shared slots held beside the locations, monster and treasure
    e.close()


def test_g1_madness_slots_hold_nothing_a_viewer_may_not_know() -> None:
    """Past the shared slots (19 Madness cards in seed 12), each agent's observation and mask are those of a game
    that differs only in the cards it can't see (the twin test's), and of its determinizations."""
    e = masked_random(12, 200)
    assert madness_count(e) > 15 and not e.done(e.agent_selection)
    rng = random.Random(12)
    for agent in e.possible_agents:
        other, _ = twin(e.live(), e.name_of[agent], rng)
        copy = e.copy_with(other, Slots(other.table))
        redealt = e.determinize(agent, 3)
        for env in (copy, redealt):
            assert np.array_equal(e.observe(agent)["observation"], env.observe(agent)["observation"])
            assert np.array_equal(e.observe(agent)["action_mask"], env.observe(agent)["action_mask"])
            env.close()
    e.close()


def test_g1_a_madness_card_takes_its_refs_slot_else_a_free_one_else_an_unseen_cards() -> None:
    """A 2-player table with 30 Madness cards in P1's hand: the first ones made sit in the slots their refs name
    (80 + n - 1), the later ones in the shared slots no card holds, then in the slots of the cards P1 can't see;
    P2 sees none of them. The state (P1 acting) keeps P1's slots but the unseen cards', and puts the rest from slot
    100 up."""
    e = raw_env(players=2, seed=1)
    e.reset()
    table = e.live().table
    made = [table.create_card(table.make_ref("Madness"), "Madness", "P1", "hand") for _ in range(30)]
    mine = e.slotted().seen_by(table, "P1")
    slots = [mine.of[table.ref(eid)] for eid in made]
    seen = {mine.of[table.ref(eid)] for eid in visible_cards(table, "P1")}
    assert len(seen) == len(visible_cards(table, "P1")) and all(s < SHARED_SLOT + 20 for s in slots)
    assert slots[:5] == [95, 96, 97, 98, 99] and mine.ref_at[95] == "madness-16"
    assert slots[5:15] == list(range(83, 93))  # the pile's Madness cards' slots: P1 can't see them
    assert all(s < 2 * DECK_SIZE for s in slots[15:]) and slots[15:] == sorted(slots[15:])
    assert not set(made) & set(visible_cards(table, "P2"))
    state = e.slotted().seen_by(table, "P1", everything=True)
    assert [state.of[table.ref(eid)] for eid in made[:15]] == slots[:15]
    pile = [state.of[table.ref(eid)] for eid in table.zone_cards("madness")]
    assert sorted(pile + [state.of[table.ref(eid)] for eid in made[15:]]) == list(range(CARDS, CARDS + 25))
    for agent in e.possible_agents:
        e.observe(agent)
    e.state()
    e.close()


def test_g1_more_madness_cards_than_the_encoding_holds_is_one_clear_line() -> None:
    """The bound a game of many Forbidden Whispers could reach: 100 Madness cards in a discard pile (public) are
    more than a 2-player observation or the state has rows for, refused in one line naming G-1."""
    e = raw_env(players=2, seed=1)
    e.reset()
    table = e.live().table
    for _ in range(100):
        table.create_card(table.make_ref("Madness"), "Madness", "P1", "discard")
    for encoded in (lambda: e.observe("player_1"), e.state):
        with pytest.raises(EncodingError, match=r"^1[01]0 Madness cards (seen|in the game): more than the "
                                                r"(observation|state) holds with 2 players \(G-1: a draw from an "
                                                r"empty Madness pile makes one\)$"):
            encoded()
    e.close()
