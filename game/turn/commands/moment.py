"""What the generators of legal instances share while one moment of a game is listed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from game.core.table import Square
from game.rules.effects import candidates
from game.turn.commands.checks import minion_squares

if TYPE_CHECKING:
    from game.core.table import Table

Action = dict[str, Any]
"""An action as a `[[do]]` table gives it: `act` and the command's fields (`by` left out: the acting player)."""


class Part(Protocol):
    """One card's legal instances of one kind, counted (`len`) before any is built: a uniform pick builds only the
    one it takes (`part[i]`), the whole list builds them all in order (`iter`). A list of actions is one; `Moves`
    and `Plays` build theirs when asked."""

    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> Action: ...
    def __iter__(self) -> Iterator[Action]: ...


class Moves:
    """A character's moves (G-5), one per square it may reach, in board order."""

    __slots__ = ("ref", "squares")

    def __init__(self, ref: str, squares: list[Square]) -> None:
        self.ref, self.squares = ref, squares

    def __len__(self) -> int:
        return len(self.squares)

    def __getitem__(self, i: int) -> Action:
        x, y = self.squares[i]
        return {"act": "move", "card": self.ref, "to": [x, y]}

    def __iter__(self) -> Iterator[Action]:
        ref = self.ref
        return iter([{"act": "move", "card": ref, "to": [x, y]} for x, y in self.squares])


class Plays:
    """One card's plays (G-4, ST-11): each square it may enter (a minion's; `None`: it goes to none) times each
    target (`None`: it names none), square by square."""

    __slots__ = ("act", "ref", "spots", "targets")

    def __init__(self, act: str, ref: str, spots: list[list[int]] | None, targets: list[str | None]) -> None:
        self.act, self.ref, self.spots, self.targets = act, ref, spots, targets

    def __len__(self) -> int:
        return len(self.targets) * (1 if self.spots is None else len(self.spots))

    def __getitem__(self, i: int) -> Action:
        square, target = divmod(i, len(self.targets))
        return self.play(None if self.spots is None else self.spots[square], self.targets[target])

    def __iter__(self) -> Iterator[Action]:
        act, ref, targets = self.act, self.ref, self.targets
        if self.spots is None:
            return iter([{"act": act, "card": ref, "target": t} if t else {"act": act, "card": ref} for t in targets])
        return iter([{"act": act, "card": ref, "to": s, "target": t} if t else {"act": act, "card": ref, "to": s}
                     for s in self.spots for t in targets])

    def play(self, square: list[int] | None, target: str | None) -> Action:
        """The play to a square (or none) and a target (or none)."""
        action: Action = {"act": self.act, "card": self.ref}
        if square is not None:
            action["to"] = square
        if target is not None:
            action["target"] = target
        return action


class Moment:
    """The table and its acting player while the legal actions are listed (the table doesn't change meanwhile),
    and what several generators ask, worked out once: each target filter's candidates (filters that depend on the
    source card are asked each time), the squares a minion may enter, and the enemy characters."""

    BY_SOURCE: ClassVar[frozenset[str]] = frozenset({"stasis_yours_other", "adjacent_enemies"})

    def __init__(self, game: Table, me: str) -> None:
        self.game, self.me = game, me
        self.found: dict[str, list[int]] = {}
        self.squares: list[list[int]] | None = None
        self.enemies: list[tuple[int, Square | None]] | None = None

    def candidates(self, name: str, source: int) -> list[int]:
        """The filter's candidates (not to be changed: the list is shared)."""
        if name in self.BY_SOURCE:
            return candidates(self.game, name, self.me, source)
        found = self.found.get(name)
        if found is None:
            found = self.found[name] = candidates(self.game, name, self.me, source)
        return found

    def spots(self) -> list[list[int]]:
        """The empty squares a minion may be played to now (`minion_squares`), listed on first use (shared)."""
        if self.squares is None:
            self.squares = [list(s) for s in minion_squares(self.game, self.me)]
        return self.squares

    def foes(self) -> list[tuple[int, Square | None]]:
        """The enemy characters, oldest first, each with its square, listed on first use (shared)."""
        if self.enemies is None:
            self.enemies = [(e, self.game.pos(e)) for e in self.game.characters() if self.game.is_enemy(self.me, e)]
        return self.enemies
