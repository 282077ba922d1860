"""Files written whole: a temporary file in the target's folder, flushed to the disk, then renamed over the target.

Every file the program writes goes through here (saves, exports, shrunk scenarios, kept games, reports,
screenshots, cache entries, the names typed last time), so none is ever left half written: a write that fails
(a full or read-only disk, an error while the content is made) leaves the old file or none, and removes its
temporary file. The error names the target, whichever step failed. A target that exists and is not a regular
file (a device, a pipe) is refused: renaming over it would replace the device, and a pipe can't be written whole.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

NOT_REGULAR = "a device or a pipe, not a regular file"


def make_folders(folder: Path) -> None:
    """Create a folder and every missing one above it, one level at a time (`os.makedirs` recurses once per
    level, so a path thousands of folders deep would end in RecursionError)."""
    missing = []
    while not folder.is_dir() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for level in reversed(missing):
        level.mkdir(exist_ok=True)


def destination(path: str | os.PathLike[str]) -> Path:
    """The file a write replaces, refused with OSError when it exists as a folder or as something that is not a
    regular file (through a symbolic link too: renaming over `/dev/stdout` would replace the link). A link to a
    regular file is itself replaced, never written through."""
    target = Path(os.path.abspath(path))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    except OSError as err:
        raise naming(err, path) from None
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file to write", os.fspath(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, NOT_REGULAR, os.fspath(path))
    return target


@contextmanager
def written_whole(path: str | os.PathLike[str], binary: bool = False, prefix: str | None = None,
                  suffix: str = ".tmp", private: bool = False) -> Iterator[IO[Any]]:
    """A file object to write `path`'s new content to (text in UTF-8, or bytes); the content replaces the file
    only once the block ends without an error.

    The temporary file is `prefix` (default `.NAME.`), 8 random characters and `suffix`, in the same folder;
    missing folders are made. Any OSError comes out naming `path`. The file gets the permissions `open()` would
    give it, or, `private`, only its owner's (saves: they hold every hidden hand).
    """
    target = destination(path)
    try:
        make_folders(target.parent)
        fd, temporary = tempfile.mkstemp(prefix=prefix or f".{target.name}.", suffix=suffix, dir=target.parent)
    except OSError as err:
        raise naming(err, path) from None
    try:
        with os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        if not private:
            os.chmod(temporary, new_file_mode())
        os.replace(temporary, target)
    except BaseException as err:
        with suppress(OSError):
            os.unlink(temporary)
        if isinstance(err, OSError):
            raise naming(err, path) from None
        raise
    sync_folder(target.parent)


def write_whole(path: str | os.PathLike[str], content: str | bytes, private: bool = False) -> None:
    """Write text (UTF-8) or bytes to `path` whole (see `written_whole`; `private`: readable by its owner only)."""
    with written_whole(path, binary=isinstance(content, bytes), private=private) as out:
        out.write(content)


def write_together(files: Sequence[tuple[str | os.PathLike[str], str]]) -> None:
    """Write files that belong together (a report's data and its page, tune's suggestions and their outcome): every
    target is checked before any is written, and a write that fails removes those written before it, so the set is
    written whole or not at all."""
    for path, _ in files:
        destination(path)
    done: list[str | os.PathLike[str]] = []
    try:
        for path, content in files:
            write_whole(path, content)
            done.append(path)
    except OSError:
        for path in done:
            with suppress(OSError):
                os.unlink(path)
        raise


def naming(err: OSError, path: str | os.PathLike[str]) -> OSError:
    """The same error (its kind, errno and reason), naming the target instead of a temporary file."""
    return OSError(err.errno, err.strerror or str(err), os.fspath(path))


def new_file_mode() -> int:
    """The permissions a new file gets from `open()` (0o666 less the umask); a temporary file starts at 0o600."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def sync_folder(folder: Path) -> None:
    """Flush a rename to the disk (where the system allows opening a folder); failing here loses nothing."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
