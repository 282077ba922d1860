"""Files already checked: a note that these exact bytes passed this exact checking code, kept in a cache folder.

Checking the shipped cards and decks takes the file schemas (pydantic), about a quarter of a second at every
start. When a check passes, a small entry is kept under a key made from the bytes of every file it read and of
the code that checks them. A start that finds the entry of its key builds the cards and decks from the very
bytes the key was made of (read once), without the schemas. The entry holds no cards or decks, only its kind,
its key and the format, and is used only when it holds exactly those: whoever can write the cache folder can
make a start check the files again, never give it a card or a deck the files don't hold (issue 31, D07).

The folder is `$COUNTERTOP_CACHE`, else `$XDG_CACHE_HOME/countertop`, else `~/.cache/countertop`;
`COUNTERTOP_CACHE=off` turns the cache off. A cache that can't be read or written, or holds anything else (junk,
deep JSON, a pipe, a huge file, a folder), is only a slower start: the entry is read bounded and without
blocking (`game.core.problems.read_bounded`), ignored, and the files are checked again.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

from game.core.atomic import write_whole
from game.core.problems import FileProblems, read_bounded

T = TypeVar("T")

FORMAT = b"countertop-checked-2"
CHECKING_CODE = ("core/cards.py", "core/schemas.py", "core/opspecs.py", "core/rulebook.py", "core/constants.py",
                 "core/statuses.py", "core/problems.py", "io/setup.py", "core/filecache.py",
                "core/numbers.py")
"""The modules whose code decides what a check gives (their bytes are part of every key)."""
STALE_SECONDS = 60
"""A temporary entry older than this was left by a write that was killed: the next write removes it."""

Files = dict[Path, bytes]


def folder() -> Path | None:
    """Where checked results are kept (None: the cache is off)."""
    chosen = os.environ.get("COUNTERTOP_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "countertop"


def snapshot(paths: Iterable[Path]) -> Files:
    """The bytes of each file, read once: a key is made of them, and a kept check rebuilds its result from them."""
    return {path: path.read_bytes() for path in paths}


def key(files: Files, *parts: str) -> str:
    """The key of a check of these files (names and bytes, in order) by today's checking code, plus `parts`."""
    digest = hashlib.sha256(FORMAT)
    here = Path(__file__).parent.parent
    for name in CHECKING_CODE:
        digest.update(name.encode() + b"\0" + (here / name).read_bytes() + b"\0")
    for path, content in files.items():
        digest.update(path.name.encode() + b"\0" + content + b"\0")
    for part in parts:
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:32]


def kept_or_checked(kind: str, files: Files, check: Callable[[], T], build: Callable[[Files], T], *parts: str) -> T:
    """`build(files)` when a check of these bytes passed before (its entry is kept and verifies), else `check()`'s
    result, noted for next time when the files did not change while it ran.

    `build` makes from the files' bytes what `check` gives for them; it may assume they passed. Should it fail
    all the same (an entry written by someone else, for files that don't pass), the files are checked.
    """
    made = key(files, *parts)
    if passed(kind, made):
        try:
            return build(files)
        except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
            pass
    result = check()
    try:
        unchanged = key(snapshot(files), *parts) == made
    except OSError:
        unchanged = False
    if unchanged:
        write(kind, made)
    return result


def entry(kind: str, made: str) -> dict[str, str]:
    """What the entry of a passed check holds: its format, kind and key, and nothing else."""
    return {"format": FORMAT.decode(), "kind": kind, "key": made}


def passed(kind: str, made: str) -> bool:
    """Whether a check of this kind and key passed before: its entry is a regular file of at most 10 MB, read
    without blocking, that holds exactly `entry(kind, made)` (anything else counts as none)."""
    place = folder()
    if place is None:
        return False
    try:
        kept = json.loads(read_bounded(str(place / f"{kind}-{made}.json"), "cache entry"))
    except (FileProblems, ValueError, RecursionError):
        return False
    return bool(kept == entry(kind, made))


def write(kind: str, made: str) -> None:
    """Note a passed check (whole or not at all), dropping the entries of older keys of its kind, anything but a
    regular file in its place, and temporary entries that killed writes left behind."""
    place = folder()
    if place is None:
        return
    target = place / f"{kind}-{made}.json"
    try:
        place.mkdir(parents=True, exist_ok=True)
        with suppress(FileNotFoundError):
            if not stat.S_ISREG(target.lstat().st_mode):
                target.unlink()
        write_whole(target, json.dumps(entry(kind, made)))
        for old in place.glob(f"{kind}-*.json"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        pass
    remove_stale(place, kind)


def remove_stale(place: Path, kind: str) -> None:
    """Remove the temporary entries of a kind (`.KIND-*.tmp`) older than STALE_SECONDS."""
    cutoff = time.time() - STALE_SECONDS
    for left in place.glob(f".{kind}-*.tmp"):
        with suppress(OSError):
            if left.lstat().st_mtime < cutoff:
                left.unlink()
