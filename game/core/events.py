"""Game events: every change of state is one typed, JSON-ready entry in the game log."""

from __future__ import annotations

from typing import Any

EVENT_TYPES: frozenset[str] = frozenset(
    {
        "GameStarted",
        "TurnStarted",
        "PhaseChanged",
        "CardPlayed",
        "CardDrawn",
        "DeckShuffled",
        "CardDiscarded",
        "CardMoved",
        "Moved",
        "Tapped",
        "Untapped",
        "UntapReplaced",
        "EnteredStasis",
        "StasisCountersAdded",
        "StasisCounterRemoved",
        "StasisIgnored",
        "PlayedFromStasis",
        "LeftStasis",
        "StunCountersAdded",
        "StunCounterRemoved",
        "StatusApplied",
        "StatusRemoved",
        "FreezeTokenRemoved",
        "CubesAdded",
        "CubesRemoved",
        "DiceRolled",
        "AttackDeclared",
        "AttackFailed",
        "AttackEvaded",
        "AttackNegated",
        "CriticalHit",
        "DamageDealt",
        "Healed",
        "Defeated",
        "Destroyed",
        "VictoryPoints",
        "StonesChanged",
        "AbilityUsed",
        "AbilityFailed",
        "FuseAttached",
        "AbilitiesLost",
        "PowerCopied",
        "ExtraPlayGranted",
        "ChoicePending",
        "ChoiceMade",
        "Triggered",
        "GameOver",
    }
)


def event(event_type: str, /, **fields: Any) -> dict[str, Any]:
    """A log entry of a known event type; an unknown type is a programming error."""
    if event_type not in EVENT_TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    return {"type": event_type, **fields}
