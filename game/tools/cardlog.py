"""What each seat's cards did in one finished game, read from its log: cards drawn, played, and texts that fired."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.table import Table

# A card's text "fired" when the card was played, played from stasis, used an ability, or triggered.
FIRING_EVENTS = ("CardPlayed", "PlayedFromStasis", "AbilityUsed", "Triggered")


@dataclass(frozen=True)
class CardActivity:
    """Per seat (in turn order) the card names drawn and played, and every card name whose text fired."""

    drawn: tuple[tuple[str, ...], ...]
    played: tuple[tuple[str, ...], ...]
    fired: tuple[str, ...]


def card_activity(game: Table) -> CardActivity:
    """Read a game's log: each seat's drawn (opening hand included) and played card names, sorted, unique."""
    seats = {name: i for i, name in enumerate(game.players_order)}
    drawn: list[set[str]] = [set() for _ in seats]
    played: list[set[str]] = [set() for _ in seats]
    fired: set[str] = set()
    names = {ref: game.defn(eid).name for ref, eid in game.refs.items() if game.exists(eid)}
    for entry in game.log:
        kind = entry["type"]
        ref = entry.get("card")
        card = names.get(ref) if isinstance(ref, str) else None
        if card is None:
            continue
        if kind == "CardDrawn" and entry.get("player") in seats:
            drawn[seats[entry["player"]]].add(card)
        elif kind in FIRING_EVENTS:
            fired.add(card)
            if kind == "CardPlayed" and entry.get("player") in seats:
                played[seats[entry["player"]]].add(card)
    return CardActivity(tuple(tuple(sorted(s)) for s in drawn), tuple(tuple(sorted(s)) for s in played),
                        tuple(sorted(fired)))
