"""The error `sim --check` raises for a broken invariant of a game being played."""

from __future__ import annotations


class InvariantError(AssertionError):
    """A broken invariant of a game being played (`sim --check`), with the seed and the command history that
    reproduce it."""
