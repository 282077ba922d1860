"""The compiled engine's loader: the rules' hot modules, built with mypyc into `.build/`, used only while fresh.

`python -m game.native build` compiles `HOT` (the make targets do it whenever a source changed) and writes a
manifest of every engine source's digest last. On import, `game` and `systems` put the compiled modules ahead
of their own folders only when that manifest matches the source as it is now: an edited, added or removed
file, another Python, or `COUNTERTOP_ENGINE=pure` leave the pure-Python engine, which plays the same games.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / ".build" / f"engine-{sys.implementation.cache_tag}"
MANIFEST = FOLDER / "manifest.json"
PACKAGES = ("game", "systems")
HOT = (
    "game/components.py", "game/table.py", "game/commands.py", "game/engine.py", "game/legal.py", "game/stats.py",
    "game/effects.py", "game/combat.py", "game/status.py", "game/stun.py", "game/stasis.py", "game/triggers.py",
    "game/bots.py", "game/view.py", "game/determinize.py", "game/setup.py", "game/serialize.py", "game/invariants.py",
    "game/sim.py", "game/events.py", "systems/base.py", "systems/schedule.py", "systems/turn.py", "systems/untap.py",
    "systems/status.py", "systems/stasis.py", "systems/endturn.py",
)
"""The modules compiled: where games and their checks spend their time. The rest stay Python: files, reports, the
command line, the window."""

_known: str | None = None


def sources() -> dict[str, str]:
    """Each engine source file (every module of `game` and `systems` but the window's) with its sha256."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            found[f"{package}/{path.name}"] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def status() -> str:
    """'fresh' (the compiled modules match the source), 'absent', 'stale', or 'pure' (`COUNTERTOP_ENGINE=pure`)."""
    global _known
    if _known is None:
        _known = "pure" if os.environ.get("COUNTERTOP_ENGINE") == "pure" else build_status()
    return _known


def build_status() -> str:
    """'fresh', 'absent' or 'stale': the build against the source as it is now, whichever engine is asked for."""
    try:
        kept = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return "absent"
    return "fresh" if isinstance(kept, dict) and kept.get("sources") == sources() else "stale"


def activate(package: str, path: list[str]) -> None:
    """Put a package's compiled modules ahead of its source when they are fresh; `COUNTERTOP_ENGINE=compiled`
    makes anything else an error (the compiled test pass)."""
    state = status()
    if state != "fresh":
        if os.environ.get("COUNTERTOP_ENGINE") == "compiled":
            raise ImportError(f"the compiled engine is {state}: build it with `.venv/bin/python -m game.native build`")
        return
    if str(FOLDER) not in sys.path:
        sys.path.append(str(FOLDER))  # the shared library of the compiled modules is a top-level module
    path.insert(0, str(FOLDER / package))


def engine() -> str:
    """Which engine this process runs, in words (for `countertop bench` and the tests)."""
    found = importlib.util.find_spec("game.legal")
    if found is not None and found.origin is not None and not found.origin.endswith(".py"):
        return "compiled (mypyc)"
    why = {"pure": "COUNTERTOP_ENGINE=pure", "absent": "not built", "stale": "the build is older than the source"}
    return f"pure Python ({why.get(status(), status())})"
