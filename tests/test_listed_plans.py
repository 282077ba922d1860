"""An action a listing built runs on the plan the listing worked out (issue 29, G-3..G-6, ST-11): that plan and
command are exactly what parsing and checking the action give, at every decision of seeded bot games; an action
from a listing of an earlier moment, or one changed after it was listed, takes the whole check again."""

from __future__ import annotations

import random
from typing import Any

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.engine import Game
from game.io.setup import standard_decks
from game.turn.commands.command import planned


def decks_for(i: int) -> list[str]:
    """Deck pairs rotating through the standard decks."""
    keys = list(standard_decks())
    return [keys[i % len(keys)], keys[(i + 1 + i // len(keys)) % len(keys)]]


def same_plans(game: Game) -> int:
    """Every action of the whole list that its listing plans has the command and plan the check gives; a pick's
    action too. Returns how many were planned."""
    listing = game.listing()
    count = 0
    for action in listing.actions():
        found = listing.planned(action)
        if found is not None:
            assert found == planned(game.table, action), f"{action}: {found}"
            count += 1
    picked = game.listing().pick(random.Random(len(game.table.history)).randrange)
    if picked is not None and (found := game.listed.planned(picked) if game.listed else None) is not None:
        assert found == planned(game.table, picked), f"{picked}: {found}"
        count += 1
    return count


def test_listed_plans_equal_the_checked_plans() -> None:
    """At every decision of 24 seeded games (random and greedy bots, every deck pair), each planned action's
    command and plan equal the parsed and checked ones; moves and plays from hand and from stasis are planned."""
    counts = 0
    kinds: set[str] = set()
    for seed in range(24):
        game = Game.new(["P1", "P2"], decks_for(seed), seed)
        bots = {"P1": make_bot("random" if seed % 2 else "greedy-v1", seed), "P2": make_bot("random", seed + 1)}
        while game.table.turn.phase != "over" and game.table.turn.turn <= 60:
            counts += same_plans(game)
            action = bots[game.table.acting_player()].choose(Observation.of(game))
            if game.listed is not None and game.listed.planned(action) is not None:
                kinds.add(action["act"])
            assert game.act(action).ok
        game.close()
    assert counts > 1000
    assert kinds == {"move", "play", "play_from_stasis"}


def acted_both_ways(seed: int, bot: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The same seeded game played twice: acting with the listed actions themselves (their plans run), and with
    copies of them (parsed and checked); the two event logs."""
    logs = []
    for copying in (False, True):
        game = Game.new(["P1", "P2"], decks_for(seed), seed)
        bots = {"P1": make_bot(bot, seed * 31), "P2": make_bot(bot, seed * 31 + 1)}
        while game.table.turn.phase != "over" and game.table.turn.turn <= 60:
            action = bots[game.table.acting_player()].choose(Observation.of(game))
            assert game.act(dict(action) if copying else action).ok
        logs.append(game.table.log)
        game.close()
    return logs[0], logs[1]


def test_a_game_is_the_same_whichever_way_its_actions_go() -> None:
    """Seeded random and greedy games log the same events, event for event, whether their listed actions run
    on the listing's plans or go through the check."""
    for seed, bot in [(1, "random"), (2, "random"), (3, "greedy-v1"), (4, "greedy-v1")]:
        planned_log, checked_log = acted_both_ways(seed, bot)
        assert planned_log == checked_log and len(planned_log) > 100


def first_move(game: Game) -> dict[str, Any]:
    """The first move of the whole list of a fresh listing, once a minion of Ada's has been played, each choice
    answered with its first option, and her next turn has come."""
    assert game.act(dict(next(a for a in game.legal_actions() if a["act"] == "play" and "to" in a))).ok
    for _ in range(20):
        legal = game.legal_actions()
        moves = [a for a in legal if a["act"] == "move"]
        if moves and game.table.active().name == "Ada":
            return moves[0]
        assert game.act(dict(next(a for a in legal if a["act"] in ("choose", "end_turn")))).ok
    raise AssertionError("no move came")


def test_a_listed_action_from_an_earlier_moment_is_checked_again() -> None:
    """A play listed before the card was played is refused the second time (the card is no longer in hand), and
    a move listed before the table changed behind the game (a card put elsewhere) takes the whole check."""
    game = Game.new(["Ada", "Bo"], seed=1)
    listing = game.listing()
    play = next(a for a in listing.actions() if a["act"] == "play")
    assert listing.planned(play) is not None
    assert game.act(play).ok
    assert listing.planned(play) is None
    again = game.act(play)
    assert not again.ok and "not in your hand" in again.reason
    game.close()

    game = Game.new(["Ada", "Bo"], seed=1)
    move = first_move(game)
    mover = game.table.eid(move["card"])
    game.table.put(mover, "discard")
    assert game.listed is not None and game.listed.planned(move) is None
    refused = game.act(move)
    assert not refused.ok and "is not a character on the board" in refused.reason
    game.close()


def test_a_listed_action_changed_after_listing_is_checked_again() -> None:
    """A listed move whose square is changed to one the character can't reach is refused, naming its MV."""
    game = Game.new(["Ada", "Bo"], seed=1)
    move = first_move(game)
    move["to"] = [0, 0] if move["to"] != [0, 0] else [6, 4]
    assert game.listed is not None and game.listed.planned(move) is None
    before = len(game.table.log)
    refused = game.act(move)
    assert not refused.ok and "can't reach" in refused.reason and len(game.table.log) == before
    game.close()
