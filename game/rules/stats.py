"""Derived character values: printed power, power, CRT, MV, with every modifier that applies where the card is."""

from __future__ import annotations

from typing import TYPE_CHECKING

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


def minions_in_play(game: Table) -> list[int]:
    """Minions on the board or in stasis (ST-8)."""
    return [e for e in game.zone_cards("board") + game.zone_cards("stasis") if game.kind(e) == "minion"]


def printed_atk(game: Table, eid: int) -> int:
    """Printed power: the card's ATK, Copycat's copied value, or Mimic's borrowed one."""
    copied = game.get(eid, CopiedPower)
    if copied is not None and game.on_board(eid):
        return copied.atk
    stats = game.get(eid, Stats)
    base = stats.atk if stats else (game.defn(eid).atk or 0)
    if "mimic" in game.defn(eid).static:
        if not (game.on_board(eid) and game.abilities_work(eid)):
            return 0
        others = [e for e in minions_in_play(game) if e != eid]
        return max((0 if "mimic" in game.defn(e).static else _plain_atk(game, e) for e in others), default=0)
    return base


def _plain_atk(game: Table, eid: int) -> int:
    copied = game.get(eid, CopiedPower)
    if copied is not None and game.on_board(eid):
        return copied.atk
    stats = game.get(eid, Stats)
    return stats.atk if stats else (game.defn(eid).atk or 0)


def power(game: Table, eid: int) -> int:
    """Current power (ATK): printed power, ongoing modifiers on the board, and red cubes (SE-14)."""
    value = printed_atk(game, eid)
    for source in ongoing_sources(game, eid):
        if "microbot" in source.static:
            ctrl = game.controller(eid)
            value += sum(1 for e in minions_in_play(game) if e != eid and game.controller(e) == ctrl)
        rival = source.rival if "weakened_by_rival" in source.static else None
        if rival is not None and any(game.name(e) == rival for e in minions_in_play(game)):
            value -= 2
    if game.on_board(eid):
        value += game.cubes(eid).red
    return max(0, value)


def crit_chance(game: Table, eid: int) -> int:
    """CRT after Shear, never below 0 (SE-7)."""
    stats = game.component(eid, Stats)
    shear = game.statuses(eid).get("Shear", 0) if game.on_board(eid) else 0
    return max(0, stats.crt - 5 * shear)


def movement(game: Table, eid: int) -> int:
    """MV this turn: 0 with two Freeze tokens, one less with one token (SE-5)."""
    stats = game.component(eid, Stats)
    tokens = game.stacks(eid, "Freeze") if game.on_board(eid) else 0
    if tokens >= 2:
        return 0
    return max(0, stats.mv - (1 if tokens == 1 else 0))


def mv_left(game: Table, eid: int) -> int:
    """Squares the character may still move this turn (MV is a budget for the whole turn, G-5)."""
    used = game.get(eid, TurnUsage)
    return max(0, movement(game, eid) - (used.moved if used else 0))
