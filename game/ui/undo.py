"""Undo within a turn: the whole game before each action the active player may still take back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

View = dict[str, Any]
Action = dict[str, Any]

NOTHING_YET = "Nothing to undo: you have done nothing this turn that can be taken back."
TURN_ENDED = "Can't undo: the turn has ended."
NOT_MAIN_PHASE = "Can't undo: only actions of your main phase can be taken back."
NOTHING_TO_REDO = "Nothing to redo: Ctrl+Y does again what Ctrl+Z took back, until you do something else."


@dataclass(frozen=True)
class Step:
    """One accepted action and the whole game (`to_state`) just before it."""

    state: dict[str, Any]
    action: Action


def revealed(before: View, after: View) -> str:
    """What an action showed that taking it back would let its player see again, in words, or "".

    Rolling dice or drawing cards can't be undone: the player could roll again or forget the cards seen.
    """
    found = []
    if after.get("last_rolls"):
        found.append("dice were rolled")
    drawn = sum(1 for entry in after["log"][len(before["log"]) :] if entry.get("type") == "CardDrawn")
    if drawn:
        found.append("a card was drawn" if drawn == 1 else f"{drawn} cards were drawn")
    return " and ".join(found)


def in_own_main_phase(view: View) -> bool:
    """Whether the active player is acting in their main phase (not answering a choice for someone else)."""
    pending = view.get("pending")
    return view["phase"] == "main" and (pending is None or pending["player"] == view["active"])


@dataclass
class UndoHistory:
    """The active player's actions this turn that can still be taken back, oldest first.

    Hot-seat fairness: it is forgotten when the device passes to another player, when the turn ends and
    when an action rolled dice or drew cards; `refusal` then says why nothing (more) can be undone.
    Steps taken back wait in `undone` (newest last) for a redo until another action is taken.
    """

    steps: list[Step] = field(default_factory=list)
    refusal: str = NOTHING_YET
    undone: list[Step] = field(default_factory=list)

    def record(self, step: Step, before: View, after: View) -> None:
        """An accepted action: keep its step, or forget everything when it can't be taken back.

        The same action from the same state as the newest step taken back is its redo; any other action
        ends every redo.
        """
        if self.undone and self.undone[-1] == step:
            self.undone.pop()
        else:
            self.undone.clear()
        shown = revealed(before, after)
        if shown:
            self.forget(f"Can't undo: {shown}: undo stops at draws and dice.")
        elif step.action["act"] == "end_turn":
            self.forget(TURN_ENDED)
        elif not in_own_main_phase(before):
            self.forget(NOT_MAIN_PHASE)
        else:
            self.steps.append(step)

    def forget(self, refusal: str) -> None:
        """Drop every step; trying to undo now shows `refusal`."""
        self.steps.clear()
        self.undone.clear()
        self.refusal = refusal

    def take_back(self) -> Step | None:
        """The newest step, removed from the history, or None when there is nothing to undo."""
        if not self.steps:
            return None
        self.undone.append(self.steps.pop())
        return self.undone[-1]

    def to_redo(self) -> Step | None:
        """The newest step taken back (Ctrl+Y performs its action again), or None."""
        return self.undone[-1] if self.undone else None

    def possible(self) -> bool:
        """Whether there is an action to take back (the Undo button is lit)."""
        return bool(self.steps)


def button_tip(history: UndoHistory, name: str) -> list[str]:
    """What hovering Undo or Redo says: what it would take back or do again, or why it can't."""
    if name == "undo":
        return ["Undo (Ctrl+Z): take back your last action this turn."] if history.possible() else [history.refusal]
    if name == "redo":
        return ["Redo (Ctrl+Y): do again what Undo took back."] if history.to_redo() else [NOTHING_TO_REDO]
    return []
