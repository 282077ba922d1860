"""The compact action interface (issue 41, item 1): Discrete(985), whose mask, followed from the first index of a
moment, reaches each legal command exactly once; follow-up steps that leave the game as it was; bots, copies and
illegal indices in the middle of a command."""

from __future__ import annotations

import copy
import json
import pickle
import re
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.env import raw_env
from game.env.compact import CARD, CHOOSE, COMPACT_ACTIONS, TARGET, VERBS, Menu, path_of
from game.env.countertop import Countertop
from game.env.observation import SELECTION, section
from game.env.policies import policy

ROOT = Path(__file__).resolve().parent.parent


def key(action: dict[str, Any]) -> str:
    """A command as text, its payers in any order."""
    return json.dumps({**action, "pay": sorted(action["pay"])} if "pay" in action else action, sort_keys=True)


def reached(menu: Menu) -> list[dict[str, Any]]:
    """Every command the menu's mask leads to from what was given, following each allowed index in turn."""
    found: list[dict[str, Any]] = []
    start = menu.given
    for index in menu.allowed():
        menu.given = start
        played = menu.give(index)
        found.extend([played] if played is not None else reached(menu))
    menu.given = start
    return found


def bots_for(e: Countertop, seed: int) -> dict[str, Any]:
    return {a: make_bot("random" if i % 2 else "greedy-v1", seed + i) for i, a in enumerate(e.possible_agents)}


def at_a_long_head(seed: int) -> tuple[Countertop, int]:
    """Seed `seed`'s game, played by greedy until a head leads to several commands (a move to one of several
    squares, say), and that head."""
    e = raw_env(seed=seed)
    e.reset()
    greedy = policy("greedy-v1")
    while True:
        found = [i for i, commands in e.legal_actions().items() if len(commands) > 1 and i < TARGET]
        if found:
            return e, found[0]
        e.step(greedy(e, e.agent_selection))


@pytest.mark.parametrize(("players", "game_seed"), [(2, 11), (3, 12), (4, 13), (2, 14)])
def test_the_mask_reaches_each_legal_command_exactly_once_at_every_step(players: int, game_seed: int) -> None:
    """Over whole seeded bot games, each step's mask is the menu's allowed indices, and the tree of allowed indices
    from the moment's first step has exactly `Game.legal_actions()` as its leaves."""
    e = raw_env(players=players, seed=game_seed)
    e.reset()
    bots = bots_for(e, game_seed)
    verbs: set[str] = set()
    follow_ups = 0
    chosen: dict[str, Any] = {}
    while not e.done(e.agent_selection):
        menu = e.menu
        assert menu is not None
        assert np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist() == sorted(menu.allowed())
        if not menu.given:
            leaves = reached(menu)
            assert sorted(map(key, leaves)) == sorted(map(key, e.live().legal_actions()))
            assert len(set(map(key, leaves))) == len(leaves)
            chosen = bots[e.agent_selection].choose(Observation.of(e.live()))
        else:
            follow_ups += 1
        index = e.action_index(chosen)
        if index >= CARD and index < TARGET:
            verbs.add(VERBS[(index - CARD) % len(VERBS)])
        e.step(index)
    assert follow_ups > 0 and {"move", "attack", "play"} <= verbs
    e.close()


def test_a_command_given_in_steps_plays_as_the_command_itself() -> None:
    """Greedy played through the compact indices and through `Game.act` give the same game, step for step."""
    e = raw_env(seed=21, max_turns=40)
    e.reset()
    twin = raw_env(seed=21, max_turns=40, actions="flat")
    twin.reset()
    greedy = make_bot("greedy-v1", 0)
    while not e.done(e.agent_selection):
        chosen = greedy.choose(Observation.of(twin.live()))
        twin.step(twin.action_index(chosen))
        steps = 0
        while True:
            before = e.live().to_state()
            e.step(e.action_index(chosen))
            steps += 1
            if e.done(e.agent_selection) or not e.following():
                break
            assert e.live().to_state() == before and e.rewards == dict.fromkeys(e.agents, 0.0)
        assert steps <= 4
        assert e.live().to_state() == twin.live().to_state()


def test_a_follow_up_shows_in_the_acting_agents_selection_only() -> None:
    """A move asks its square after its head: the mover's selection row names the card and verb; the other agent's
    observation is as it was."""
    e, head = at_a_long_head(3)
    me = e.agent_selection
    other = next(a for a in e.agents if a != me)
    theirs, mine = e.observe(other)["observation"], e.observe(me)["observation"]
    commands = e.legal_actions()[head]
    e.step(head)
    assert e.following() and e.agent_selection == me
    now = e.observe(me)["observation"]
    row = section(now, "selection")[0].copy()
    assert not section(mine, "selection").any()
    section(now, "selection")[:] = 0
    assert np.array_equal(now, mine)
    slot, verb = divmod(head - CARD, len(VERBS))
    assert row[SELECTION.index("follow_up")] == 1 and row[SELECTION.index(f"verb_{VERBS[verb]}")] == 1
    assert row[SELECTION.index("selected_card")] == np.float32((slot + 1) / 100)
    assert np.array_equal(e.observe(other)["observation"], theirs)
    targets = e.legal_actions()
    assert all(TARGET <= i < COMPACT_ACTIONS for i in targets)
    assert sorted(map(key, sum(targets.values(), []))) == sorted(map(key, commands))
    e.close()


def test_an_illegal_index_in_the_middle_of_a_command_forfeits_the_turn() -> None:
    e, head = at_a_long_head(3)
    me = e.agent_selection
    e.step(head)
    with pytest.warns(UserWarning, match="mask does not allow"):
        e.step(CHOOSE)
    assert e.infos[me] == {"illegal_action": CHOOSE, "played_instead": [{"act": "end_turn"}]}
    assert e.agent_selection != me and not e.following()
    e.close()


def test_copies_in_the_middle_of_a_command_go_on_from_there() -> None:
    e, head = at_a_long_head(3)
    me = e.agent_selection
    e.step(head)
    target = min(e.legal_actions())
    copies = [copy.deepcopy(e), pickle.loads(pickle.dumps(e)), e.clone()]
    e.step(target)
    for other in copies:
        assert other.following() and other.agent_selection == me
        other.step(target)
        assert other.live().to_state() == e.live().to_state() and other.agent_selection == e.agent_selection
    e.close()


def test_bots_play_whole_games_through_compact_actions() -> None:
    """A bot policy keeps its command while it is given in steps, over a seeded game with 3 players."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = raw_env(players=3, seed=5, max_turns=30)
        e.reset()
        players = {a: policy("greedy-v1" if i else "random", i) for i, a in enumerate(e.possible_agents)}
        for agent in e.agent_iter():
            _, _, terminated, truncated, info = e.last()
            e.step(None if terminated or truncated else players[agent](e, agent))
        assert "final_vp" in info


def test_the_docs_give_the_compact_index_ranges() -> None:
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert f"| 0 | end the turn |\n| {CHOOSE} .. {CARD - 1} |" in text
    assert f"| {CARD} .. {TARGET - 1} | a card and its verb: index {CARD} + {len(VERBS)}·s + v" in text
    assert f"| {TARGET} .. {COMPACT_ACTIONS - 1} | target slot t (index {TARGET} + t)" in text
    assert f"`Discrete({COMPACT_ACTIONS})`" in text
    assert re.search(r"in the order move, attack, play, play_from_stasis, ability_0, ability_1, activate_0, "
                     r"activate_1", text) and VERBS == ("move", "attack", "play", "play_from_stasis", "ability_0",
                                                        "ability_1", "activate_0", "activate_1")


def test_random_play_reaches_every_long_form_and_each_command_once() -> None:
    """Seeded random play: at each moment the mask's tree has exactly the legal commands as leaves; the long forms
    (a relic's payers, a shove's path, a targeted play) come up and are given in steps."""
    acts: set[str] = set()
    for game_seed in range(5):
        for players in (2, 4):
            e = raw_env(players=players, seed=game_seed)
            e.reset()
            rng = np.random.default_rng(game_seed)
            while not e.done(e.agent_selection):
                menu = e.menu
                assert menu is not None and not menu.given
                legal = e.live().legal_actions()
                leaves = reached(menu)
                assert sorted(map(key, leaves)) == sorted(map(key, legal)) and len(leaves) == len(legal)
                chosen = legal[int(rng.integers(len(legal)))]
                steps = 0
                while True:
                    e.step(e.action_index(chosen))
                    steps += 1
                    if e.done(e.agent_selection) or not e.following():
                        break
                if steps > 1:
                    acts.add(chosen["act"] + ("_path" if "path" in chosen else "_pay" if "pay" in chosen else ""))
            e.close()
    assert {"move", "attack", "play", "ability_path", "activate_pay"} <= acts


def test_a_targeted_minion_from_stasis_is_its_head_then_its_target_then_its_square() -> None:
    """The form random play does not reach (Copycat from stasis): head, target card, entry square."""
    e = raw_env(players=4, seed=1)
    e.reset()
    action = {"act": "play_from_stasis", "card": "p1-13", "to": [3, 2], "target": "p3-4"}
    path = path_of(e.codec(), action)
    assert path == (CARD + 8 * 12 + VERBS.index("play_from_stasis"), TARGET + 1 + 2 * 20 + 3,
                    TARGET + 1 + 100 + 3 + 7 * 2)
    e.close()
