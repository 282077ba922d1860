"""What the window remembers between frames: selection, menus, messages, scrolling (never game state)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Action = dict[str, Any]


@dataclass
class Selection:
    """A card the player clicked, and the legal actions that start from it."""

    ref: str
    actions: list[Action]

    def squares(self) -> set[tuple[int, int]]:
        """Squares the selected card itself can go to (play, move); not where it would push a target."""
        found: set[tuple[int, int]] = set()
        for action in self.actions:
            if action.get("target") is not None:
                continue
            square = action.get("to") or (action["path"][-1] if action.get("path") else None)
            if square is not None:
                found.add((square[0], square[1]))
        return found

    def targets(self) -> dict[str, str]:
        """Cards some action of the selection targets, with the kind of action ("attack" or "ability")."""
        found: dict[str, str] = {}
        for action in self.actions:
            target = action.get("target")
            if isinstance(target, str) and found.get(target) != "attack":
                found[target] = "attack" if action["act"] == "attack" else "ability"
        return found

    def untargeted(self) -> list[Action]:
        """Actions with no square or card to click (an action card, a Fuse, a relic ability)."""
        return [
            a for a in self.actions if a.get("to") is None and not a.get("path") and a.get("target") is None
        ]


@dataclass
class Menu:
    """A small list of actions to pick from, drawn near where the player clicked."""

    actions: list[Action]
    anchor: tuple[int, int]


def keep_slots(slots: list[str | None], hand: list[str]) -> list[str | None]:
    """Hand slots that stay put: a card played leaves a gap (so the next card does not slide under the
    cursor), a new card takes the first gap or goes at the end; trailing gaps are dropped."""
    kept: list[str | None] = [ref if ref in hand else None for ref in slots]
    for ref in hand:
        if ref in kept:
            continue
        if None in kept:
            kept[kept.index(None)] = ref
        else:
            kept.append(ref)
    while kept and kept[-1] is None:
        kept.pop()
    return kept


@dataclass
class UiState:
    """The window's own memory; the game state lives only in the engine."""

    screen: str = "new_game"
    viewer: str | None = None
    selection: Selection | None = None
    menu: Menu | None = None
    banner: str = ""
    banner_is_error: bool = False
    log_scroll: int = 0
    rules_open: bool = False
    legend_open: bool = False
    final_board: bool = False
    confirm: str | None = None
    hand_slots: list[str | None] = field(default_factory=list)
    roll_history: list[tuple[str, list[dict[str, Any]]]] = field(default_factory=list)
    rules_scroll: int = 0
    mouse: tuple[int, int] = (-1, -1)
    setup: dict[str, Any] = field(default_factory=dict)
    focus: str | None = None
    inspected: str | None = None

    def clear_selection(self) -> None:
        """Forget the selected card and any open menu."""
        self.selection = None
        self.menu = None
        self.inspected = None
