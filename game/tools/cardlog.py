"""What each seat's cards did in one finished game, read from its log: cards drawn, played, and texts that fired
(every way a card's text takes effect: played, played from stasis, an ability used, a trigger, a location's ability
when a minion is played there, a monster defeated, an ownerless card ignoring stasis counters, Madness's penalty
at the game's end)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.table import Table

FIRING_EVENTS = ("CardPlayed", "PlayedFromStasis", "AbilityUsed", "Triggered")
"""Events whose card's text fired: it was played, played from stasis, used an ability, or triggered."""


@dataclass(frozen=True)
class CardActivity:
    """Per seat (in turn order) the card names drawn and played, every card name whose text fired, and per seat how
    many cards it drew (opening hand included)."""

    drawn: tuple[tuple[str, ...], ...]
    played: tuple[tuple[str, ...], ...]
    fired: tuple[str, ...]
    draws: tuple[int, ...] = ()


def card_activity(game: Table) -> CardActivity:
    """Read a game's log: each seat's drawn (opening hand included) and played card names, sorted, unique."""
    seats = {name: i for i, name in enumerate(game.players_order)}
    drawn: list[set[str]] = [set() for _ in seats]
    played: list[set[str]] = [set() for _ in seats]
    fired: set[str] = set()
    draws = [0 for _ in seats]
    names = {ref: game.defn(eid).name for ref, eid in game.refs.items() if game.exists(eid)}
    for entry in game.log:
        kind = entry["type"]
        ref = entry.get("card")
        card = names.get(ref) if isinstance(ref, str) else None
        if kind == "VictoryPoints" and entry.get("change", 0) < 0:
            fired.update(madness_names(game))
        if card is None:
            continue
        if kind == "CardDrawn" and entry.get("player") in seats:
            drawn[seats[entry["player"]]].add(card)
            draws[seats[entry["player"]]] += 1
        elif kind in FIRING_EVENTS:
            fired.add(card)
            if kind == "CardPlayed" and entry.get("player") in seats:
                played[seats[entry["player"]]].add(card)
            if kind == "CardPlayed":
                fired.update(played_here(game, entry))
        elif isinstance(ref, str) and own_text_fired(game, entry, game.refs[ref]):
            fired.add(card)
    return CardActivity(tuple(tuple(sorted(s)) for s in drawn), tuple(tuple(sorted(s)) for s in played),
                        tuple(sorted(fired)), tuple(draws))


def played_here(game: Table, entry: dict[str, Any]) -> list[str]:
    """The location whose "after a minion is played here" ability a minion's play set off (G-3), if any: the
    location's ability asks or acts without an event of its own."""
    square = entry.get("to")
    if entry.get("kind") != "minion" or not isinstance(square, list) or len(square) != 2:
        return []
    location = game.location_squares().get((square[0], square[1]))
    if location is None or not any(t.on == "minion_played_here" for t in game.defn(location).triggers):
        return []
    return [game.defn(location).name]


def own_text_fired(game: Table, entry: dict[str, Any], eid: int) -> bool:
    """A monster defeated (its text gives the VP) or an ownerless card ignoring stasis counters (ST-17)."""
    return (entry["type"] == "Defeated" and game.kind(eid) == "monster"
            or entry["type"] == "StasisIgnored" and game.owner(eid) is None)


def madness_names(game: Table) -> set[str]:
    """The Madness cards' names: their text takes effect when a player loses VP, which only the game-end Madness
    penalty takes away (ST-18)."""
    return {game.defn(eid).name for eid in game.refs.values() if game.exists(eid) and game.kind(eid) == "madness"}
