"""The window's files: saves that also keep the undo history (under the save's optional "ui" key), and the
player names typed last time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core.atomic import written_whole
from game.core.problems import read_bounded
from game.io.serialize import TEMP_PREFIX, TEMP_SUFFIX
from game.ui.undo import NOTHING_YET, Step, UndoHistory

NAMES_FILE = "last_names.json"
MAX_NAMES = 4
MAX_NAME_LENGTH = 16


def write_json(path: Path, data: Any) -> None:
    """Write JSON whole (`game.core.atomic`: a temporary file in the same folder, then a rename)."""
    with written_whole(path, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, private=True) as out:
        json.dump(data, out)


def ui_part(undo: UndoHistory) -> dict[str, Any]:
    """The window's part of a save: {"undo": {"steps": [{"state": ..., "action": ...}], "refusal": "..."}}."""
    return {
        "undo": {
            "steps": [{"state": step.state, "action": step.action} for step in undo.steps],
            "refusal": undo.refusal,
        }
    }


def save_with_undo(state: dict[str, Any], undo: UndoHistory, path: Path) -> None:
    """A save file: the game's to_state() plus the window's "ui" key holding the undo history."""
    write_json(path, {**state, "ui": ui_part(undo)})


def undo_from(path: Path) -> UndoHistory:
    """The undo history kept in a save, or an empty one when the save has none or a malformed one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return UndoHistory()
    part = data.get("ui") if isinstance(data, dict) else None
    undo = part.get("undo") if isinstance(part, dict) else None
    if not isinstance(undo, dict) or not isinstance(undo.get("steps"), list):
        return UndoHistory()
    steps = []
    for item in undo["steps"]:
        well_formed = isinstance(item, dict) and isinstance(item.get("state"), dict)
        if not well_formed or not isinstance(item.get("action"), dict):
            return UndoHistory()
        steps.append(Step(item["state"], item["action"]))
    refusal = undo.get("refusal")
    return UndoHistory(steps, refusal if isinstance(refusal, str) else NOTHING_YET)


def recall_names(folder: Path) -> list[str] | None:
    """The player names typed last time (saves/last_names.json), or None when there are none to trust."""
    try:
        names = json.loads(read_bounded(str(folder / NAMES_FILE), "names file"))
    except (ValueError, RecursionError):  # FileProblems too: missing, unreadable, a pipe, too big
        return None
    if not isinstance(names, list) or not names or len(names) > MAX_NAMES:
        return None
    if not all(isinstance(name, str) and 0 < len(name) <= MAX_NAME_LENGTH and name.isprintable() for name in names):
        return None
    return names


def remember_names(folder: Path, names: list[str]) -> None:
    """Keep the names of a game that started, for the next new-game screen."""
    write_json(folder / NAMES_FILE, names)
