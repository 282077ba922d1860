"""Files already checked: what checking the same bytes with the same code gave last time, kept in a cache folder.

Checking the shipped cards and decks takes the file schemas (pydantic), about a quarter of a second at
every start. A check's result is kept as JSON under a key made from the bytes of every file it read and of
the code that checks them, so any change to a card file, a deck file, the rules text or the checks makes a
new key and a new check. The folder is `$COUNTERTOP_CACHE`, else `$XDG_CACHE_HOME/countertop`, else
`~/.cache/countertop`; `COUNTERTOP_CACHE=off` turns the cache off. A cache that can't be read or written
is only a slower start: every error is ignored and the files are checked again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

FORMAT = b"countertop-checked-1"
CHECKING_CODE = ("core/cards.py", "core/schemas.py", "core/opspecs.py", "core/rulebook.py", "core/constants.py",
                 "core/statuses.py", "core/problems.py", "io/setup.py", "core/filecache.py")
"""The modules whose code decides what a check gives (their bytes are part of every key)."""


def folder() -> Path | None:
    """Where checked results are kept (None: the cache is off)."""
    chosen = os.environ.get("COUNTERTOP_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "countertop"


def key(paths: Iterable[Path], *parts: str) -> str:
    """The key of a check of these files (names and bytes, in order) by today's checking code, plus `parts`."""
    digest = hashlib.sha256(FORMAT)
    here = Path(__file__).parent.parent
    for name in CHECKING_CODE:
        digest.update(name.encode() + b"\0" + (here / name).read_bytes() + b"\0")
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for part in parts:
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:32]


def kept_or_checked(kind: str, made: str, check: Callable[[], T], encode: Callable[[T], Any],
                    decode: Callable[[Any], T]) -> T:
    """What the check of this kind and key gave last time (decoded), else `check()`'s result, kept for next time.

    A kept entry that doesn't decode (another shape, a wrong field) counts as none: the check runs again.
    """
    kept = read(kind, made)
    if kept is not None:
        try:
            return decode(kept)
        except (KeyError, TypeError, ValueError):
            pass
    result = check()
    write(kind, made, encode(result))
    return result


def read(kind: str, made: str) -> Any | None:
    """The result kept for a check of this kind and key, or None (none kept, cache off or unreadable)."""
    place = folder()
    if place is None:
        return None
    try:
        return json.loads((place / f"{kind}-{made}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write(kind: str, made: str, result: Any) -> None:
    """Keep a check's result (whole or not at all), dropping the results kept for older keys of its kind."""
    place = folder()
    if place is None:
        return
    target = place / f"{kind}-{made}.json"
    try:
        place.mkdir(parents=True, exist_ok=True)
        partial = place / f".{kind}-{made}.{os.getpid()}.tmp"
        partial.write_text(json.dumps(result), encoding="utf-8")
        os.replace(partial, target)
        for old in place.glob(f"{kind}-*.json"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        return
