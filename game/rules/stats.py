"""Derived character values: printed power, power, CRT, MV, with every modifier that applies where the card is.

Ongoing changes to power are data: a card's `[[static]]` tables (game.core.opspecs), each a stat and how it
changes with the cards in play a filter picks (ST-8). `picked` applies a filter and `static_value` evaluates a
static; effects count with the same `picked`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core.cards import CardDef
from game.core.components import CopiedPower, Stats, TurnUsage

if TYPE_CHECKING:
    from game.core.table import Table


def ongoing_sources(game: Table, eid: int) -> list[CardDef]:
    """The printed cards whose ongoing abilities this card has now (its own, and Copycat's copy)."""
    if not game.on_board(eid) or not game.abilities_work(eid):
        return []
    sources = [game.defn(eid)]
    copied = game.get(eid, CopiedPower)
    if copied is not None:
        sources.append(game.pool[copied.source_name])
    return sources


def picked(game: Table, filt: Mapping[str, Any], this: int | None, player: str | None) -> list[int]:
    """The cards in play, on the board or in stasis (ST-8), that a filter picks: of its `kind`, `named`, controlled
    by `player` (`whose = "yours"`; nobody's with no player), not `this` card (`other`), with at least `min_power`
    power (effects only: a static counting by power would depend on itself)."""
    kind, named, min_power = filt.get("kind"), filt.get("named"), filt.get("min_power")
    yours, other = filt.get("whose") == "yours", filt.get("other", False)
    return [e for e in game.zone_cards("board") + game.zone_cards("stasis")
            if (kind is None or game.kind(e) == kind) and (named is None or game.name(e) == named)
            and not (yours and (player is None or game.controller(e) != player)) and not (other and e == this)
            and (min_power is None or power(game, e) >= min_power)]


def static_value(game: Table, eid: int, static: Mapping[str, Any]) -> int:
    """What one static gives the card `eid` (ST-8): the power it adds, or the printed power it sets. Its filter
    reads `other` as this card and `whose = "yours"` as this card's controller."""
    player = game.controller(eid)
    if static["stat"] == "printed_power":
        return max((0 if _printed_power_static(game.defn(e)) else _plain_atk(game, e)
                    for e in picked(game, static["highest"], eid, player)), default=0)
    if "per" in static:
        return int(static["add"]) * len(picked(game, static["per"], eid, player))
    return int(static["add"]) if picked(game, static["if_any"], eid, player) else 0


def _printed_power_static(card: CardDef) -> Mapping[str, Any] | None:
    return next((s for s in card.static if s["stat"] == "printed_power"), None)


def printed_atk(game: Table, eid: int) -> int:
    """Printed power: Copycat's copied value, else the value the card's printed_power static sets (0 where the
    static doesn't work: off the board or without abilities), else the card's ATK."""
    sets = _printed_power_static(game.defn(eid))
    if sets is None or (game.on_board(eid) and game.has(eid, CopiedPower)):
        return _plain_atk(game, eid)
    return static_value(game, eid, sets) if game.on_board(eid) and game.abilities_work(eid) else 0


def _plain_atk(game: Table, eid: int) -> int:
    copied = game.get(eid, CopiedPower)
    if copied is not None and game.on_board(eid):
        return copied.atk
    stats = game.get(eid, Stats)
    return stats.atk if stats else (game.defn(eid).atk or 0)


def power(game: Table, eid: int, printed: int | None = None) -> int:
    """Current power (ATK): printed power (`printed`, when the caller has worked it out already), the power statics
    of its ongoing sources on the board (ST-8), and red cubes (SE-14)."""
    value = printed_atk(game, eid) if printed is None else printed
    for source in ongoing_sources(game, eid):
        for static in source.static:
            if static["stat"] == "power":
                value += static_value(game, eid, static)
    if game.on_board(eid):
        value += game.cubes(eid).red
    return max(0, value)


def crit_chance(game: Table, eid: int) -> int:
    """CRT after Shear, never below 0 (SE-7)."""
    stats = game.component(eid, Stats)
    shear = game.stacks(eid, "Shear") if game.on_board(eid) else 0
    return max(0, stats.crt - 5 * shear)


def movement(game: Table, eid: int) -> int:
    """MV this turn: 0 with two Freeze tokens, one less with one token (SE-5); Sleep leaves it as it is (R-15)."""
    stats = game.component(eid, Stats)
    tokens = game.stacks(eid, "Freeze") if game.on_board(eid) else 0
    if tokens >= 2:
        return 0
    return max(0, stats.mv - (1 if tokens == 1 else 0))


def mv_left(game: Table, eid: int, mv: int | None = None) -> int:
    """Squares the character may still move this turn (MV is a budget for the whole turn, G-5); `mv` is its MV this
    turn, when the caller has worked it out already."""
    used = game.get(eid, TurnUsage)
    return max(0, (movement(game, eid) if mv is None else mv) - (used.moved if used else 0))
