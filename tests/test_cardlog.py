"""Per-game card records read from the log (issue 14): opening hands count as drawn, a play counts as played and
fired; nothing else is played."""

from __future__ import annotations

from game.engine import Game
from game.tools.cardlog import card_activity


def test_opening_hands_are_drawn_and_a_play_is_played() -> None:
    """After setup each seat has drawn exactly its hand's names; after P1 plays one card, only that one is played
    (and fired), by seat 1."""
    game = Game.new(["P1", "P2"], None, 3)
    try:
        view = game.view()
        hands = [tuple(sorted({view["cards"][r]["name"] for r in view["players"][p]["hand"]})) for p in ("P1", "P2")]
        first = card_activity(game.table)
        assert first.drawn == tuple(hands) and first.played == ((), ())
        action = next(a for a in game.legal_actions() if a["act"] == "play")
        name = view["cards"][action["card"]]["name"]
        assert game.act(action).ok
        after = card_activity(game.table)
        assert after.played == ((name,), ()) and name in after.fired
    finally:
        game.close()
