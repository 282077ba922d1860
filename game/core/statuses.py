"""The status table: one record per status (SE-0), what the rules and the window know of each."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Status:
    """One status as data: its cap for the rules (SE-0), its rules for the reference, its tile and words for
    the window. What it does to a character is code in game/rules and systems, citing its rule."""

    name: str
    max_stacks: int
    """How many stacks it can have at once (SE-0); Shear's has no limit in the rules (SE-7), only a bound."""
    rules: tuple[str, ...]
    """The ids in assets/rules.toml of what it does: its own rule first (tooltips and the legend cite it),
    then the rulings on that rule that speak of it."""
    short: str
    """What it does in a few words, for the legend."""
    color: RGB
    """The colour of its round tile."""
    glyph: str
    """The name of the picture on its tile (game/ui/icons.py draws each picture)."""
    counted: bool = False
    """Its tile shows its count even at 1 (a count that changes what it does); others show it from 2."""

    @property
    def rule(self) -> str:
        """Its own rule (SE-N)."""
        return self.rules[0]


TABLE = (
    Status("Blind", 1, ("SE-1", "R-2", "R-3"), "attacks and abilities on enemies fail on a d100 roll of 51+",
           (70, 70, 78), "crossed_eye"),
    Status("Break", 1, ("SE-2",), "Standard Attacks against it get +25 CRT", (214, 120, 30), "crack"),
    Status("Burn", 2, ("SE-3", "R-11"), "loses 2 HP per stack when its controller's turn ends (up to 2 stacks)",
           (200, 50, 25), "flame", counted=True),
    Status("Cripple", 1, ("SE-4", "R-9"), "Standard Attacks against it get +1 ATK", (125, 85, 50), "struck_leg"),
    Status("Freeze", 2, ("SE-5", "R-10"), "2 tokens: can't move; 1 token: MV -1; a token comes off each turn",
           (60, 150, 230), "snowflake", counted=True),
    Status("Poison", 1, ("SE-6", "R-6"), "loses 1 HP for every square it moves", (60, 150, 50), "drop"),
    Status("Shear", 10_000, ("SE-7",), "CRT -5 per stack", (120, 130, 150), "scissors", counted=True),
    Status("Silence", 1, ("SE-8",), "can't spend speaking stones", (235, 235, 235), "struck_bubble"),
    Status("Sleep", 1, ("SE-9", "R-4", "R-15"), "can't move, attack, use Abilities or evade; ends when it is damaged",
           (25, 35, 110), "zzz"),
    Status("Stun", 1, ("SE-10", "R-2"), "on its next turn it can't target enemies (the status, not stun counters)",
           (150, 40, 190), "star"),
    Status("Upkeep", 1, ("SE-11",), "its abilities cost 1 more stone", (190, 160, 40), "coin"),
)
"""Every status, in the order of the status list (the dump's order, the order of a token's tiles)."""

BY_NAME = {status.name: status for status in TABLE}
"""The table by status name."""
