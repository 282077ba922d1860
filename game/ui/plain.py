"""The one sanitizer of text the font draws: text from files (player names, file names, errors) made plain."""

from __future__ import annotations

import os
import unicodedata

MAX_TEXT = 400
REPLACEMENT = "\ufffd"
SPACES = {"\t", "\n", "\r", "\v", "\f"}


def plain(text: str, limit: int = MAX_TEXT) -> str:
    """The text as the font may draw it: lone surrogates, NUL, control, format (bidi) and unassigned characters
    become U+FFFD, whitespace controls a space, and it is cut to `limit` characters with an ellipsis (nothing is
    drawn wider than a window anyway)."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or unicodedata.category(char) == "Zs"
                   else " " if char in SPACES else REPLACEMENT for char in text)


def file_label(path: os.PathLike[str] | str) -> str:
    """A file's name as a player reads it in one line: bytes that are not UTF-8 as \\xNN, a line break as \\n and
    any other character the font can't draw escaped the same way."""
    name = os.path.basename(os.fspath(path))
    try:
        decoded = os.fsencode(name).decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that did not come from the file system
        decoded = name
    shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in decoded)
    return plain(shown)
