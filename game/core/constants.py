"""The fixed shape of the game: board, locations, statuses, phases, cube colours (G-1, G-3, SE-14); the numbers the
rules count with are data (`game.core.numbers`)."""

from __future__ import annotations

from game.core.statuses import TABLE

COLS, ROWS = 7, 5
STANDARD_LOCATIONS = ((1, 2), (3, 2), (5, 2))
STATUSES = tuple(status.name for status in TABLE)
"""The status names, in the table's order (game/core/statuses.py)."""
PHASES = ("start", "untap", "main", "end", "over")
CUBE_COLORS = ("red", "white", "blue")
ZONES = ("deck", "hand", "board", "discard", "stasis", "location", "madness", "removed")
PLAYER_ZONES = ("deck", "hand", "discard", "stasis")
"""The zones every player has one of (the others are shared)."""
KINDS = ("minion", "action", "relic", "madness", "monster", "treasure", "location")
CHARACTER_KINDS = ("minion", "monster")
DECK_KINDS = ("minion", "action", "relic")
DECK_SIZE = 20
