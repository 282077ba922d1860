"""The shortcuts the legal generators take agree with the checks they stand for (issue 29, G-5, SE-10): the
forced-movement paths listed are exactly the short paths `forced_path` accepts, on boards of seeded games."""

from __future__ import annotations

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.core.cards import Ability
from game.engine import Game
from game.turn.commands.ability import forced_path, open_paths, short_paths
from game.turn.commands.checks import Rejected


def accepted_paths(game: Game, eid: int, most: int) -> list[list[list[int]]]:
    """The short paths (up to two steps) that the check of forced movement of `most` steps accepts."""
    shove = Ability("Shove", "", ({"op": "move", "steps": most},), target="enemy_character")
    found = []
    for path in short_paths(game.table, eid, 2):
        try:
            forced_path(game.table, shove, eid, path)
        except Rejected:
            continue
        found.append(path)
    return found


def test_open_paths_are_the_short_paths_the_check_accepts() -> None:
    """On every board of three seeded random games, for every character and forced movement of 0 to 3 steps, the
    listed paths are the accepted short paths, in the same order; some are left out for occupied squares."""
    compared = pruned = 0
    for seed in range(3):
        game = Game.new(["P1", "P2"], ["backtimers_stun", "hex_and_count"], seed)
        bots = {"P1": make_bot("random", seed), "P2": make_bot("random", seed + 1)}
        while game.table.turn.phase != "over" and game.table.turn.turn <= 40:
            for eid in game.table.characters():
                for most in range(4):
                    listed = open_paths(game.table, eid, most)
                    assert listed == accepted_paths(game, eid, most)
                    compared += 1
                    pruned += most >= 2 and len(listed) < len(short_paths(game.table, eid, 2))
            assert game.act(bots[game.table.acting_player()].choose(Observation.of(game))).ok
        game.close()
    assert compared > 1000 and pruned > 100
