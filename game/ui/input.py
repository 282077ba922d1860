"""Turns pygame events into selections and engine actions; the game changes only through game.act()."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.ui import labels
from game.ui.draw import Zone
from game.ui.layout import inside
from game.ui.picking import by_kind, narrowed, needs_square
from game.ui.reasons import why_not
from game.ui.state import Menu, Selection, UiState, picked_square, via_squares
from game.ui.undo import Step, UndoHistory

Action = dict[str, Any]
ROLL_HISTORY = 6
ON_THE_TABLE = ("square", "card", "status", "stun_counters", "stasis_counters", "cubes", "evasion", "negation")


class GameLike(Protocol):
    """The engine API the window uses (game.engine.Game)."""

    def view(self, player: str | None = None) -> dict[str, Any]: ...
    def public_view(self) -> dict[str, Any]: ...
    def legal_actions(self) -> list[Action]: ...
    def act(self, action: Action) -> Any: ...
    def check(self, action: Action) -> Any: ...
    def save(self, path: Any) -> None: ...
    def to_state(self) -> dict[str, Any]: ...
    @classmethod
    def from_state(cls, data: dict[str, Any]) -> GameLike: ...
    def close(self) -> None: ...


def zone_at(zones: list[Zone], point: tuple[int, int]) -> tuple[Any, ...] | None:
    """The key of the topmost zone under a point."""
    for rect, key in reversed(zones):
        if inside(rect, point):
            return key
    return None


def who_must_act(view: dict[str, Any]) -> str:
    """The player who must use the device now: the one a pending choice waits for, else the active player."""
    pending = view.get("pending")
    return str(pending["player"]) if pending else str(view["active"])


class PlayInput:
    """Handles clicks and keys on the play screen for one game, and remembers what can be undone."""

    def __init__(self, game: GameLike, ui: UiState) -> None:
        self.game = game
        self.ui = ui
        self.undo = UndoHistory()

    def perform(self, action: Action) -> bool:
        """Send one action to the engine; show its rejection reason, or clear the selection on success.

        The game is snapshotted first, so that an accepted action can be taken back (Ctrl+Z).
        """
        before, state = self.game.view(), self.game.to_state()
        outcome = self.game.act(action)
        self.ui.clear_selection()
        if not outcome.ok:
            self.ui.banner, self.ui.banner_is_error = f"Can't do that: {outcome.reason}", True
            return False
        after = self.game.view()
        self.undo.record(Step(state, action), before, after)
        if after.get("last_rolls"):
            self.ui.roll_history.insert(0, (labels.action_label(before, action), list(after["last_rolls"])))
            del self.ui.roll_history[ROLL_HISTORY:]
        self.ui.banner, self.ui.banner_is_error = "", False
        return True

    def key(self, event: pygame.event.Event) -> str | None:
        """A key on the play screen; returns a request for the app ("save", "rules", "undo") or None."""
        if event.key == pygame.K_ESCAPE:
            self.ui.clear_selection()
            self.ui.banner = ""
        elif event.key == pygame.K_e and not self.choice_waiting():
            self.perform({"act": "end_turn"})
        elif event.key == pygame.K_F1:
            return "rules"
        elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            return "save"
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            return "undo"
        elif event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL:
            return "redo"
        return None

    def choice_waiting(self) -> bool:
        """Whether a pending choice must be answered before anything else."""
        return self.game.view().get("pending") is not None

    def click(self, zones: list[Zone], point: tuple[int, int]) -> str | Menu | None:
        """A left click on the play screen (it closes the action menu unless it is a button's); returns a request
        for the app (a menu to open) or None."""
        key = zone_at(zones, point)
        if key is None:
            self.ui.clear_selection()
            return None
        if key[0] == "button":
            return self.click_button(key[1])
        self.ui.close_menu()
        if self.choice_waiting():
            if self.answer_by_clicking(key):
                return None
            self.ui.banner, self.ui.banner_is_error = (
                "Answer the choice first (the dialog above the board).",
                True,
            )
            return None
        if key[0] == "log":
            return None
        if key[0] not in ON_THE_TABLE:  # the goal chip, the plays pill, a player's panel: explained by hovering
            self.ui.clear_selection()
            return None
        return self.click_thing(key, point)

    def click_button(self, name: str) -> str | None:
        """The buttons under the log (save, rules and undo go back to the app as requests)."""
        if name == "end_turn":
            if self.choice_waiting():
                self.ui.banner, self.ui.banner_is_error = "Answer the choice first.", True
            else:
                self.perform({"act": "end_turn"})
        elif name == "cancel":
            self.ui.clear_selection()
        else:
            return name
        return None

    def answer_by_clicking(self, key: tuple[Any, ...]) -> bool:
        """Answer the pending choice by clicking a card or square it names (framed on the screen)."""
        if key[0] == "card":
            option: Any = key[1]
        elif key[0] == "square":
            option = [key[1], key[2]]
        else:
            return False
        answers = [a for a in self.game.legal_actions() if a["act"] == "choose" and a["option"] == option]
        if not answers:
            return False
        self.perform(answers[0])
        return True

    def seen(self) -> dict[str, Any]:
        """The view of the player at the device (the neutral view when nobody is): what a click can be about."""
        return self.game.view(self.ui.viewer) if self.ui.viewer else self.game.public_view()

    def click_thing(self, key: tuple[Any, ...], point: tuple[int, int]) -> Menu | None:
        """A click on a square, a card or a marker on a card (a card the player at the device can't see: nothing);
        returns the menu to open, if any."""
        view = self.seen()
        ref: str | None = key[1] if key[0] != "square" else None
        if ref is not None and ref not in view["cards"]:
            self.ui.clear_selection()
            return None
        square = (key[1], key[2]) if key[0] == "square" else None
        if ref is not None and view["cards"][ref].get("pos") is not None:
            square = (view["cards"][ref]["pos"][0], view["cards"][ref]["pos"][1])
        selection = self.ui.selection
        if selection is not None:
            matches = self.matches(selection, ref, square)
            if matches:
                return self.pick(view, selection.ref, matches, point, square)
            if ref == selection.ref:
                single = selection.untargeted()
                if len(single) == 1 and not selection.squares() and not selection.targets():
                    self.perform(single[0])
                else:
                    self.ui.clear_selection()
                return None
            if (selection.squares() or selection.targets()) and self.try_unlisted(
                view, selection.ref, ref, square
            ):
                return None
        if ref is not None:
            return self.select(view, ref, point)
        self.ui.clear_selection()
        return None

    @staticmethod
    def matches(selection: Selection, ref: str | None, square: tuple[int, int] | None) -> list[Action]:
        """The selection's actions a click on this card or square picks (with a path end chosen: the paths
        through a via square, or the first path for the end itself)."""
        if selection.end is not None:
            through = [a for a in selection.actions if square is not None and square in via_squares(a)]
            return through or (selection.actions[:1] if square == selection.end else [])
        return [
            a
            for a in selection.actions
            if (ref is not None and a.get("target") == ref)
            or (square is not None and picked_square(a, selection.target) == square)
        ]

    def pick(
        self, view: dict[str, Any], ref: str, matches: list[Action], point: tuple[int, int],
        square: tuple[int, int] | None,
    ) -> Menu | None:
        """The actions a click matched: one is done; several of one kind light up on the board, to click one;
        several kinds get a menu (returned), a line per kind (never a line per square)."""
        if len(matches) == 1:
            self.perform(matches[0])
            return None
        kinds = by_kind(matches)
        if len(kinds) == 1 and self.narrow(view, ref, kinds[0]):
            return None
        lines = kinds if len(kinds) > 1 else [[action] for action in matches]
        return Menu(
            [line[0] for line in lines],
            point,
            {i: line for i, line in enumerate(lines) if len(line) > 1 or needs_square(line[0], square)},
        )

    def narrow(self, view: dict[str, Any], ref: str, group: list[Action]) -> bool:
        """Select only these actions, so the board lights up where they differ; False when it can't show them."""
        viewer = self.ui.viewer
        hand = view["players"].get(viewer, {}).get("hand", []) if viewer else []

        def clickable(target: Any) -> bool:
            card = view["cards"].get(target) if isinstance(target, str) else None
            return card is not None and (card["zone"] in ("board", "stasis", "location") or target in hand)

        selection = narrowed(ref, group, clickable)
        if selection is None:
            return False
        self.ui.selection = selection
        self.ui.close_menu()
        self.ui.banner, self.ui.banner_is_error = "", False
        return True

    def try_unlisted(
        self, view: dict[str, Any], selected: str, ref: str | None, square: tuple[int, int] | None
    ) -> bool:
        """A click on something the selection can't reach: ask the engine, so the player sees why not."""
        card = view["cards"][selected]
        target = view["cards"].get(ref) if ref else None
        mine = self.ui.viewer
        if target is not None and target.get("controller") == mine:
            return False
        if card["zone"] == "hand":
            action: Action = {"act": "play", "card": selected}
        elif card["zone"] == "stasis":
            action = {"act": "play_from_stasis", "card": selected}
        elif card["zone"] == "board" and card.get("pos") is not None:
            action = {"act": "attack" if target is not None else "move", "card": selected}
        else:
            return False
        if target is not None and target["zone"] != "location":
            action["target"] = ref
        elif square is not None:
            action["to"] = list(square)
        else:
            return False
        self.perform(action)
        return True

    def select(self, view: dict[str, Any], ref: str, point: tuple[int, int]) -> Menu | None:
        """Select a card and show what it can do: highlights for targets, a menu for the rest (returned).

        Every card plays the same way: a first click selects it, a second click says where or what; a card
        with one untargeted action (most action cards) is played by clicking it again.
        """
        actions = [a for a in self.game.legal_actions() if a.get("card") == ref and a["act"] != "choose"]
        card = view["cards"][ref]
        if not actions:
            self.ui.clear_selection()
            reason = why_not(self.game, view, ref, self.ui.viewer or "")
            if reason:
                cannot = "can't be played" if card["zone"] in ("hand", "stasis") else "can't act"
                self.ui.banner, self.ui.banner_is_error = f"{card['name']} {cannot}: {reason}", True
            else:
                self.ui.inspected, self.ui.banner = ref, ""
            return None
        self.ui.selection = Selection(ref, actions)
        self.ui.banner, self.ui.banner_is_error = "", False
        untargeted = self.ui.selection.untargeted()
        alone = len(untargeted) == 1 and not self.ui.selection.squares() and not self.ui.selection.targets()
        return Menu(untargeted, point) if untargeted and not alone else None

    def scroll_log(self, lines: int) -> None:
        """Scroll the log panel by a number of lines (positive: back in time)."""
        self.ui.log_scroll = max(0, self.ui.log_scroll + lines)
