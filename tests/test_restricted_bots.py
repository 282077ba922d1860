"""Restricted-play bots: they take only legal actions, never a forbidden one unless every listed one is, and their
names go through the registry (bad ones refused in one line)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.bots.restricted import MECHANICS, MyopicBot, RestrictedBot
from game.cli import main
from game.core.cards import card_pool
from game.engine import Game

DECKS = ["backtimers_stun", "hex_and_count", "fable_guard", "clockwork_vanguard"]
OPS = {"stasis": {"place_stasis", "remove_stasis"}, "stun": {"place_stun"},
       "status": {"apply_status", "remove_status"}, "attack": set(), "abilities": set()}
ACTS = {"stasis": {"play_from_stasis"}, "attack": {"attack"}, "abilities": {"ability", "activate"}}


def ops(effects: Any) -> set[str]:
    """The ops of some effects and of their modes (the test's own reading of the card files)."""
    found = set()
    for e in effects:
        found.add(e["op"])
        for mode in e.get("modes", ()):
            found |= ops(mode["effects"])
    return found


def forbidden(mechanic: str, game: Game, action: dict[str, Any]) -> bool:
    """Whether the action uses the mechanic, read from the card files and the waiting effect."""
    act = action["act"]
    if act in ACTS.get(mechanic, set()):
        return True
    pool = card_pool()
    if act in ("play", "play_from_stasis"):
        card = pool[game.table.name(game.table.refs[action["card"]])]
        return bool(ops(card.on_play + card.from_stasis) & OPS[mechanic])
    if act in ("ability", "activate"):
        card = pool[game.table.name(game.table.refs[action["card"]])]
        return bool(ops(e for a in card.abilities if a.name == action["ability"] for e in a.effects) & OPS[mechanic])
    if act == "choose":
        item = game.table.queue[0]
        if item["op"] == "choose_mode":
            return any(ops(m["effects"]) & OPS[mechanic] for m in item["modes"] if m["label"] == action["option"])
        return item["op"] in OPS[mechanic] and action["option"] != "no"
    return False


def play_restricted(seed: int, mechanic: str, inner: str, decks: list[str], steps: int = 400) -> tuple[int, int]:
    """Play a seeded game, the restricted bot (`inner` with the mechanic put in) in seat 1: every one of its
    actions is legal and allowed (or all its options were forbidden); returns its decisions, and those in which
    some listed action was forbidden."""
    game = Game.new(["P1", "P2"], decks, seed)
    bots = {"P1": make_bot(inner.format(mechanic), seed), "P2": make_bot("greedy", seed + 1)}
    decisions = tempted = 0
    try:
        for _ in range(steps):
            if game.table.turn.phase == "over":
                break
            who = game.table.acting_player()
            seen = Observation.of(game)
            action = bots[who].choose(seen)
            if who == "P1":
                legal = game.legal_actions()
                assert action in legal
                bad = [a for a in legal if forbidden(mechanic, game, a)]
                decisions += 1
                tempted += bool(bad)
                assert not forbidden(mechanic, game, action) or len(bad) == len(legal), (mechanic, action)
            assert game.act(action).ok
    finally:
        game.close()
    return decisions, tempted


@settings(max_examples=12, derandomize=True, deadline=None, database=None)
@given(st.integers(0, 10_000), st.sampled_from(MECHANICS), st.permutations(DECKS))
def test_a_restricted_greedy_takes_only_legal_allowed_actions(seed: int, mechanic: str, decks: list[str]) -> None:
    play_restricted(seed, mechanic, "greedy-no:{}", decks[:2])


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_a_restricted_ismcts_takes_only_legal_allowed_actions(mechanic: str) -> None:
    decisions, _ = play_restricted(7, mechanic, "ismcts-no:{}:4", ["backtimers_stun", "hex_and_count"], steps=60)
    assert decisions > 0


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_each_restriction_bites_in_some_game(mechanic: str) -> None:
    """The restriction is not empty: over a few seeded games, the bot passed up a forbidden action at least once."""
    tempted = sum(play_restricted(seed, mechanic, "greedy-no:{}", decks)[1]
                  for seed, decks in enumerate([DECKS[:2], DECKS[2:], [DECKS[0], DECKS[3]], [DECKS[1], DECKS[2]]]))
    assert tempted > 0


def test_restricted_names_make_the_right_bots() -> None:
    bot = make_bot("ismcts-no:stun:8", 1)
    assert isinstance(bot, RestrictedBot) and bot.mechanic == "stun" and bot.name == "ismcts-no:stun"
    assert make_bot("greedy-no:attack", 1).name == "greedy-no:attack"
    assert isinstance(make_bot("myopic", 1), MyopicBot)


def test_myopic_is_seeded_and_legal() -> None:
    def run() -> list[dict[str, Any]]:
        game = Game.new(["P1", "P2"], DECKS[:2], 4)
        bots = {"P1": make_bot("myopic", 4), "P2": make_bot("greedy", 5)}
        taken = []
        try:
            while game.table.turn.phase != "over" and len(taken) < 80:
                action = bots[game.table.acting_player()].choose(Observation.of(game))
                assert action in game.legal_actions()
                taken.append(action)
                game.act(action)
        finally:
            game.close()
        return taken

    assert run() == run()


@pytest.mark.parametrize(("spec", "why"), [
    ("greedy-no:dice", "unknown bot 'greedy-no:dice'"), ("random-no:stun", "unknown bot 'random-no:stun'"),
    ("greedy-no:stun:8", "unknown bot 'greedy-no:stun:8'"),
    ("ismcts-no:stun:0", "bad bot 'ismcts-no:stun:0': an ismcts budget is 1 to 100000 playouts, not '0'"),
])
def test_sim_refuses_a_bad_restricted_bot_in_one_line(capsys: pytest.CaptureFixture[str], spec: str, why: str) -> None:
    assert main(["sim", "--games", "1", "--bots", spec, "greedy"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"countertop: {why}; bots: ") and err.count("\n") == 1
