"""Every component of the game: plain dataclasses that hold data and no logic."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Card:
    """The card an entity is: its handle in scenarios and dumps, its name and kind."""

    ref: str
    name: str
    kind: str


@dataclass
class Owner:
    """The player who owns the card (monsters, treasures and locations have none)."""

    player: str


@dataclass
class Controller:
    """The player who controls the card now."""

    player: str


@dataclass
class Zone:
    """Where the card is; `seq` orders the cards of one zone (deck: smallest is the top)."""

    name: str
    seq: int = 0


@dataclass
class BoardPos:
    """The square a character (or location card) occupies."""

    x: int
    y: int


@dataclass
class Tapped:
    """Marker: the permanent is tapped."""


@dataclass
class Stats:
    """A character's current base stats (printed values, or overrides set by a scenario), with G-2's defaults."""

    max_hp: int
    atk: int
    crt: int = 0
    mv: int = 2
    range: int = 1
    damage_type: str = "physical"


@dataclass
class Health:
    """A character's current HP."""

    hp: int


@dataclass
class Cubes:
    """Red (+1 ATK until end of turn), white (countdown) and blue (extra HP) cubes (SE-14)."""

    red: int = 0
    white: int = 0
    blue: int = 0


@dataclass
class StasisCounters:
    """Stasis counters on a card; a card with this component is in stasis (ST-1)."""

    n: int = 0


@dataclass
class StunCounters:
    """Stun counters on a permanent (SC-1); they replace untapping (SC-2)."""

    n: int = 0


@dataclass
class StatusStack:
    """Statuses on a character: name -> stacks (Freeze: tokens), and the turn each was applied."""

    stacks: dict[str, int] = field(default_factory=dict)
    applied_turn: dict[str, int] = field(default_factory=dict)
    fresh: set[str] = field(default_factory=set)


@dataclass
class Defences:
    """Evasion and negation sources attached by Fuses, in the order they were attached."""

    evasion: list[tuple[str, int]] = field(default_factory=list)
    negation: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class TurnUsage:
    """What a character has used this turn: squares moved."""

    moved: int = 0


@dataclass
class AbilitiesLost:
    """Marker: the card has lost all its abilities until end of turn (Null Field)."""


@dataclass
class CopiedPower:
    """Copycat's printed power and the card whose ongoing abilities it copied."""

    atk: int
    source_name: str


@dataclass
class OncePerTurn:
    """Names of once-per-turn abilities of this card used this turn."""

    used: set[str] = field(default_factory=set)


@dataclass
class Resolving:
    """Marker: the card is being played and its effects are resolving (it can't be chosen meanwhile)."""


@dataclass
class PlayedFromStasisMark:
    """Marker: the card is being played from stasis, so it may not re-enter stasis (ST-13)."""


@dataclass
class Player:
    """A player: seat, victory points, stones and this turn's allowances."""

    name: str
    seat: int
    vp: int = 0
    stones: int = 3
    minion_plays: int = 1
    action_plays: int = 1
    grants: list[dict[str, str]] = field(default_factory=list)
    minions_at_location: dict[str, int] = field(default_factory=dict)


@dataclass
class TurnState:
    """The one turn-state entity: turn number, active seat, phase and its progress."""

    turn: int = 1
    active: int = 0
    phase: str = "main"
    done: set[str] = field(default_factory=set)
    winner: str | list[str] | None = None
