"""Choosing on the board: the actions a click matches become one action, a narrower selection or a menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.cards import card_pool
from game.ui.state import Action, Selection, action_square

WHERE = ("to", "path", "target")


def kind_of(action: Action) -> tuple[tuple[str, str], ...]:
    """An action without where it goes and what it acts on: actions of one kind differ only on the board."""
    return tuple(sorted((key, repr(value)) for key, value in action.items() if key not in WHERE))


def by_kind(actions: list[Action]) -> list[list[Action]]:
    """Actions grouped by kind, in the order each kind first comes."""
    groups: dict[tuple[tuple[str, str], ...], list[Action]] = {}
    for action in actions:
        groups.setdefault(kind_of(action), []).append(action)
    return list(groups.values())


def narrowed(ref: str, group: list[Action], clickable: Callable[[Any], bool]) -> Selection | None:
    """The selection that lets the board pick among actions of one kind (their squares or targets light up),
    or None when some target is not drawn anywhere a click can reach (a menu must name them then)."""
    targets = {repr(a.get("target")): a.get("target") for a in group}
    if len(targets) > 1 and not all(clickable(target) for target in targets.values()):
        return None
    target = next(iter(targets.values())) if len(targets) == 1 else None
    squares = {action_square(a) for a in group}
    end = next(iter(squares)) if len(group) > 1 and len(targets) == 1 and len(squares) == 1 else None
    return Selection(ref, group, target if isinstance(target, str) else None, end)


def needs_square(action: Action, chosen: tuple[int, int] | None) -> bool:
    """Whether picking this action still needs its square shown on the board (it goes somewhere not clicked)."""
    square = action_square(action)
    return square is not None and square != chosen


def futile(view: dict[str, Any], action: Action) -> bool:
    """Whether playing a card on this target does nothing: its only effect places stasis counters, and the target
    has no owner (a monster or a treasure, ST-17). Such a target stays legal but is not lit as one."""
    target = view["cards"].get(action.get("target")) if isinstance(action.get("target"), str) else None
    card = view["cards"].get(action.get("card"), {})
    if target is None or target.get("owner") is not None or action["act"] not in ("play", "play_from_stasis"):
        return False
    found = card_pool().get(str(card.get("name")))
    effects = (found.on_play if action["act"] == "play" else found.from_stasis) if found else ()
    return bool(effects) and all(e.get("op") == "place_stasis" and e.get("target") == "target" for e in effects)


def lit_targets(view: dict[str, Any], selection: Selection | None) -> dict[str, str]:
    """The selection's targets to frame, without those its card can't affect (`futile`, ST-17)."""
    if selection is None:
        return {}
    useful = {a.get("target") for a in selection.actions if not futile(view, a)}
    return {ref: kind for ref, kind in selection.targets().items() if ref in useful}
