"""The window's files: saves that also keep the undo history and the bot seats (under the save's optional "ui"
key), the list of saves the new-game screen offers, and the player names typed last time."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.atomic import written_whole
from game.core.problems import FileProblems, read_bounded
from game.io.serialize import TEMP_PREFIX, TEMP_SUFFIX
from game.ui.undo import NOTHING_YET, Step, UndoHistory
from game.ui.words import seat_label

NAMES_FILE = "last_names.json"
MAX_NAMES = 4
MAX_NAME_LENGTH = 16


def write_json(path: Path, data: Any) -> None:
    """Write JSON whole (`game.core.atomic`: a temporary file in the same folder, then a rename)."""
    with written_whole(path, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, private=True) as out:
        json.dump(data, out)


def ui_part(undo: UndoHistory, bots: dict[str, str] | None = None) -> dict[str, Any]:
    """The window's part of a save: {"undo": {"steps": [{"state": ..., "action": ...}], "refusal": "..."},
    "bots": {player: bot spec}} (bots only when a bot plays a seat)."""
    part: dict[str, Any] = {
        "undo": {
            "steps": [{"state": step.state, "action": step.action} for step in undo.steps],
            "refusal": undo.refusal,
        }
    }
    if bots:
        part["bots"] = dict(bots)
    return part


def save_with_undo(state: dict[str, Any], undo: UndoHistory, path: Path, bots: dict[str, str] | None = None) -> None:
    """A save file: the game's to_state() plus the window's "ui" key holding the undo history and the bot seats."""
    write_json(path, {**state, "ui": ui_part(undo, bots)})


def bots_from(path: Path, players: list[str]) -> dict[str, str]:
    """The bot seats kept in a save (player -> bot spec), or none when it has none or a malformed list; a seat
    naming no player of the game or an unknown bot is left to a person."""
    from game.bots.registry import make_bot

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    part = data.get("ui") if isinstance(data, dict) else None
    bots = part.get("bots") if isinstance(part, dict) else None
    if not isinstance(bots, dict):
        return {}
    kept = {}
    for name, spec in bots.items():
        if name in players and isinstance(spec, str):
            try:
                make_bot(spec, 0)
            except (KeyError, ValueError):
                continue
            kept[name] = spec
    return kept


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


@dataclass
class SaveInfo:
    """One save as the Load and Watch lists show it: when it was written, who plays, the turn and each VP (or
    why it can't be read: then it is listed but can't be opened)."""

    path: Path
    when: float
    players: list[str] = field(default_factory=list)
    turn: int = 0
    vp: dict[str, int] = field(default_factory=dict)
    winner: str = ""
    problem: str = ""
    bots: dict[str, str] = field(default_factory=dict)

    def date(self) -> str:
        """When it was written, e.g. "2026-12-02 10:41"."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.when))

    def summary(self) -> str:
        """Players, turn and VP in one line, e.g. "Ada 3 VP · Bo 2 VP · turn 6"; or why it can't be read."""
        if self.problem:
            return f"can't be read: {self.problem}"
        named = {name: f"{name} ({seat_label(self.bots[name])})" if name in self.bots else name for name in self.vp}
        scores = " · ".join(f"{named.get(name, name)} {self.vp.get(name, 0)} VP" for name in self.players)
        end = f"won by {self.winner}" if self.winner else f"turn {self.turn}"
        return f"{scores} · {end}"


def save_info(path: Path) -> SaveInfo:
    """Read the players, turn and VP of a save (or a kept replay's result) without loading the game."""
    try:
        when = path.stat().st_mtime
    except OSError:
        when = 0.0
    info = SaveInfo(path, when)
    try:
        data = json.loads(read_bounded(str(path), "save"))
    except FileProblems as err:
        info.problem = err.problems[0].what if err.problems else str(err)
        return info
    except (ValueError, RecursionError) as err:
        info.problem = f"not JSON ({type(err).__name__})"
        return info
    try:
        players = {name_of(p["name"]): whole(p["vp"]) for p in data["players"]}
        info.players, info.vp = [name_of(n) for n in data["players_order"]], players
        info.turn = whole(data["turn"]["turn"])
        info.winner = winner_of(data["turn"].get("winner"))
    except (KeyError, TypeError, ValueError, AttributeError):
        info.problem = "not a Countertop save (no players, turn or VP)"
        return info
    part = data.get("ui")
    bots = part.get("bots") if isinstance(part, dict) else None
    if isinstance(bots, dict):
        info.bots = {name: spec for name, spec in bots.items() if name in players and isinstance(spec, str)}
    return info


def whole(value: Any) -> int:
    """A count read from a save: a whole number (not a bool, a float, Infinity or a string), else ValueError."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"not a whole number: {value!r}")
    return value


def name_of(value: Any) -> str:
    """A player's name read from a save: a string (drawn through the sanitizer), else ValueError."""
    if not isinstance(value, str):
        raise ValueError(f"not a name: {value!r}")
    return value


def winner_of(value: Any) -> str:
    """Who won, as the list says it: one name, names joined with "and" (a tie), or "" (not over)."""
    if value is None:
        return ""
    return " and ".join(name_of(name) for name in value) if isinstance(value, list) else name_of(value)


def list_saves(paths: list[Path]) -> list[SaveInfo]:
    """The saves among these files (JSON files that exist), newest first."""
    found = [save_info(path) for path in paths if path.suffix == ".json" and path.is_file()]
    return sorted(found, key=lambda info: info.when, reverse=True)


def save_files(folder: Path) -> list[Path]:
    """The save files in a folder (not the names file nor a temporary file), in no order."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    return [p for p in entries if p.name != NAMES_FILE and not p.name.startswith(TEMP_PREFIX)]


def game_log(path: Path) -> list[Any]:
    """The event log kept in a save or a finished game ([] for a file that can't be read as one)."""
    try:
        data = json.loads(read_bounded(str(path), "save"))
    except (FileProblems, ValueError, RecursionError):
        return []
    log = data.get("log") if isinstance(data, dict) else None
    return log if isinstance(log, list) else []


def played_to_the_end(path: Path, finished: list[list[Any]]) -> bool:
    """Whether a save is an earlier point of a game that has since ended: its log begins one of the finished
    games' logs (a save kept with Ctrl+S, or the autosave set aside, before that game was played on and won)."""
    log = game_log(path)
    return bool(log) and any(len(done) > len(log) and done[: len(log)] == log for done in finished)
