"""A table's lifetime token: the plain object its rule systems hold weakly to find their table."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Lifetime(Generic[T]):
    """Held by one table and holding it back; the systems in the table's world hold it weakly, and the world
    is dropped when it goes (`Table.close` lets go of the table at once).

    It knows nothing of the table but that it holds one, so that a closed table (`Table.close` sets `table`
    to None) is gone for its systems at once, whatever else still refers to it.
    """

    __slots__ = ("table", "__weakref__")

    def __init__(self, table: T) -> None:
        self.table: T | None = table
