"""Why not: the action a click on a card most naturally means, so that the engine's own refusal (with its
rule id, e.g. "You have no minion play left this turn (G-4)") can be shown when nothing is legal for it."""

from __future__ import annotations

from typing import Any, Protocol

from game.ui.layout import COLS, ROWS

View = dict[str, Any]
Action = dict[str, Any]


class Checker(Protocol):
    """The part of the engine API that judges an action without doing it (game.engine.Game.check)."""

    def check(self, action: Action) -> Any: ...


def home_squares(view: View, name: str) -> list[tuple[int, int]]:
    """A player's home squares (G-1), by their seat in the turn order."""
    order = list(view.get("players_order") or view["players"])
    rows = [
        [(x, 0) for x in range(COLS)],
        [(x, ROWS - 1) for x in range(COLS)],
        [(0, 1), (0, 2), (0, 3)],
        [(COLS - 1, 1), (COLS - 1, 2), (COLS - 1, 3)],
    ]
    seat = order.index(name) if name in order else 0
    return rows[seat] if seat < len(rows) else []


def occupied(view: View) -> set[tuple[int, int]]:
    """Squares with a character on them."""
    return {
        (card["pos"][0], card["pos"][1])
        for card in view["cards"].values()
        if card["zone"] == "board" and card.get("pos") is not None
    }


def minion_square(view: View, name: str) -> list[int]:
    """An empty home square of the player (or their first home square when all are taken)."""
    homes = home_squares(view, name)
    taken = occupied(view)
    free = [square for square in homes if square not in taken]
    return list((free or homes or [(0, 0)])[0])


def natural_action(view: View, ref: str, viewer: str) -> Action | None:
    """What clicking this card of the viewer's asks for: play it, play it from stasis, move it, use the relic."""
    card = view["cards"][ref]
    hand = view["players"].get(viewer, {}).get("hand", [])
    minion = card.get("kind") == "minion"
    if ref in hand:
        action: Action = {"act": "play", "card": ref}
    elif card["zone"] == "stasis" and card.get("controller") == viewer:
        action = {"act": "play_from_stasis", "card": ref}
    elif card["zone"] == "board" and card.get("controller") == viewer and card.get("pos") is not None:
        x, y = card["pos"]
        taken = occupied(view)
        steps = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        free = [s for s in steps if 0 <= s[0] < COLS and 0 <= s[1] < ROWS and s not in taken]
        return {"act": "move", "card": ref, "to": list(free[0] if free else steps[0])}
    elif card["zone"] == "board" and card.get("controller") == viewer and card.get("abilities"):
        return {"act": "activate", "card": ref, "ability": card["abilities"][0]["name"], "pay": []}
    else:
        return None
    if minion:
        action["to"] = minion_square(view, viewer)
    return action


def why_not(game: Checker, view: View, ref: str, viewer: str) -> str:
    """The engine's reason a card of the viewer's can do nothing now, or "" when it isn't theirs to act with."""
    action = natural_action(view, ref, viewer)
    if action is None:
        return ""
    outcome = game.check(action)
    if not outcome.ok:
        return str(outcome.reason).rstrip(".") + "."
    return f"{view['cards'][ref]['name']} has nothing it can do right now."
