"""Problems in input files: each one line `FILE: WHERE: WHAT`, collected so a run reports every one at once."""

from __future__ import annotations

import difflib
import os
import stat
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_DEPTH = 32


@dataclass(frozen=True)
class Problem:
    """One mistake in one file: where in it, and what is wrong."""

    file: str
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.what}" if self.where else f"{self.file}: {self.what}"


class FileProblems(ValueError):
    """Every problem found in the input files of one run; `str()` is one line per problem."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the list of problems, whatever a subclass's constructor takes (for worker processes)."""
        return (_rebuilt, (type(self), self.problems))


def _rebuilt(kind: type[FileProblems], problems: list[Problem]) -> FileProblems:
    """A FileProblems (or subclass) carrying these problems, made without its subclass's constructor."""
    err = kind.__new__(kind)
    FileProblems.__init__(err, problems)
    return err


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """A ' (did you mean 'x'?)' suffix naming the nearest known word, or '' when none is close."""
    close = difflib.get_close_matches(str(word), sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and tables nest in parsed data, counting no further than `limit` + 1."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if level > limit:
            break
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        stack.extend((child, level + 1) for child in children)
    return deepest


def read_bounded(path: str, what: str) -> str:
    """A file's UTF-8 text, refused with one line when missing, unreadable, not a regular file, too big or not UTF-8.

    The file is opened first and what was opened is checked (no race with a file being created or replaced), and
    opened without blocking, so a named pipe in its place is refused at once instead of waiting for a writer.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (FileNotFoundError, NotADirectoryError):
        raise FileProblems([Problem(path, "", f"no such {what}")]) from None
    except OSError as err:
        raise FileProblems([Problem(path, "", f"can't be read ({err.strerror or err})")]) from None
    try:
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise FileProblems([Problem(path, "", f"is not a {what}")])
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise FileProblems([Problem(path, "", f"can't be read ({err.strerror or err})")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise FileProblems([Problem(path, "", f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileProblems([Problem(path, "", f"is not UTF-8 text (byte {err.start})")]) from None


def load_toml(path: str, what: str) -> dict[str, Any]:
    """Parse a bounded TOML file; every failure (syntax, depth, huge integers) is one clean problem."""
    text = read_bounded(path, what)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise FileProblems([Problem(path, "", f"not valid TOML: {err}")]) from None
    except (ValueError, RecursionError, MemoryError) as err:
        raise FileProblems([Problem(path, "", f"not valid TOML: {type(err).__name__}: {str(err)[:120]}")]) from None
    if depth(data) > MAX_DEPTH:
        raise FileProblems([Problem(path, "", f"nests tables or arrays more than {MAX_DEPTH} deep")])
    return data
