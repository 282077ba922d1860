"""The fixed shape of the game: board size, location squares, hand limit, status names and phases (G-1, G-3)."""

from __future__ import annotations

COLS, ROWS = 7, 5
STANDARD_LOCATIONS = ((1, 2), (3, 2), (5, 2))
HAND_LIMIT = 10
STATUSES = ("Blind", "Break", "Burn", "Cripple", "Freeze", "Poison", "Shear", "Silence", "Sleep", "Stun", "Upkeep")
PHASES = ("start", "untap", "main", "end", "over")
