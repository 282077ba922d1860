"""Attacks, damage, healing, defeat and movement (G-5, G-6): the statuses and defences they meet (SE-1, SE-2,
SE-4, SE-6, SE-9, SE-12, SE-13, SE-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Defences, Health, Stats, TurnUsage
from game.core.constants import COLS, ROWS
from game.rules import status
from game.rules.stats import crit_chance, power

if TYPE_CHECKING:
    from game.core.table import Table

BLIND_SUCCESS = 50
BREAK_CRT = 25


def blind_check(game: Table, actor: int, purpose: str) -> bool:
    """SE-1: a Blind character rolls d100 and goes on only on 1..50. True when the action proceeds."""
    if not game.has_status(actor, "Blind"):
        return True
    result = game.roll(f"Blind: {purpose} goes ahead on 1-{BLIND_SUCCESS}", actor)
    return result <= BLIND_SUCCESS


def defences_of(game: Table, eid: int) -> Defences:
    """A character's evasion and negation sources, read without adding anything."""
    return game.get(eid, Defences) or Defences()


def evades(game: Table, target: int, damage_type: str) -> bool:
    """SE-12: all evasion against the type adds up into one roll; a sleeping character can't evade (SE-9)."""
    total = sum(v for t, v in defences_of(game, target).evasion if t == damage_type)
    if total <= 0 or game.has_status(target, "Sleep"):
        return False
    if total >= 100:
        return True
    return game.roll(f"evasion: evaded on 1-{total}", target) <= total


def negates(game: Table, target: int, damage_type: str) -> bool:
    """SE-13: one roll per negation source in attach order, stopping at the first success."""
    for t, value in defences_of(game, target).negation:
        if t != damage_type or value <= 0:
            continue
        if value >= 100 or game.roll(f"negation: negated on 1-{value}", target) <= value:
            return True
    return False


def standard_attack(game: Table, attacker: int, target: int) -> None:
    """G-6: tap, then Blind, evasion, negation and critical rolls in order, then damage; Break's +25 CRT (SE-2)
    and Cripple's +1 (SE-4, R-9) are for Standard Attacks only."""
    game.tap(attacker)
    game.emit("AttackDeclared", card=game.ref(attacker), target=game.ref(target))
    if not blind_check(game, attacker, "the attack"):
        game.emit("AttackFailed", card=game.ref(attacker), reason="Blind roll failed (SE-1)")
        return
    damage_type = game.component(attacker, Stats).damage_type
    if evades(game, target, damage_type):
        game.emit("AttackEvaded", card=game.ref(target), attacker=game.ref(attacker))
        return
    if negates(game, target, damage_type):
        game.emit("AttackNegated", card=game.ref(target), attacker=game.ref(attacker))
        return
    crt = min(100, crit_chance(game, attacker) + (BREAK_CRT if game.has_status(target, "Break") else 0))
    critical = crt >= 100 or (crt > 0 and game.roll(f"critical hit on 1-{crt}", attacker) <= crt)
    amount = power(game, attacker) + (1 if game.has_status(target, "Cripple") else 0)
    if critical:
        amount *= 2
        game.emit("CriticalHit", card=game.ref(attacker), target=game.ref(target))
    deal_damage(game, target, amount, source=attacker, reason="attack")


def deal_damage(game: Table, target: int, amount: int, source: int | None, reason: str) -> None:
    """Damage: blue cubes first, then HP; Sleep ends when a character deals it, even all to blue cubes (SE-9,
    R-4); defeat at 0 HP."""
    if not game.on_board(target) or not game.is_character(target):
        return
    blue = status.remove_cubes(game, target, "blue", amount) if amount > 0 else 0
    health = game.component(target, Health)
    to_hp = amount - blue
    health.hp -= to_hp
    game.emit("DamageDealt", card=game.ref(target), n=amount, to_hp=to_hp, hp=health.hp, reason=reason,
              source=game.ref(source) if source is not None else None)
    by_character = source is not None and game.is_character(source)
    if by_character and amount > 0 and game.has_status(target, "Sleep"):
        status.remove(game, target, "Sleep", reason="damaged by a character (SE-9)")
    if health.hp <= 0:
        defeat(game, target, source)


def defeat(game: Table, target: int, source: int | None) -> None:
    """G-6: a defeated character goes to its owner's discard (a monster is removed), leaving its board state
    behind (R-16); the source's controller scores the game's defeat_vp (monster_vp for a monster: 1 and 2 in the
    shipped numbers)."""
    victim_controller = game.controller(target)
    monster = game.kind(target) == "monster"
    game.emit("Defeated", card=game.ref(target), by=game.ref(source) if source is not None else None)
    game.discard(target, reason="defeated")
    scorer = game.controller(source) if source is not None else None
    won = game.numbers.monster_vp if monster else game.numbers.defeat_vp
    if scorer is not None and scorer != victim_controller and won:
        game.gain_vp(scorer, won, reason=f"defeated {game.name(target)}")


def heal(game: Table, target: int, amount: int, overheal: bool) -> None:
    """Heal up to max HP; with `overheal`, the excess becomes blue cubes (SE-14)."""
    if not game.on_board(target) or not game.is_character(target):
        return
    health = game.component(target, Health)
    max_hp = game.component(target, Stats).max_hp
    restored = min(amount, max(0, max_hp - health.hp))
    health.hp += restored
    game.emit("Healed", card=game.ref(target), n=restored, hp=health.hp)
    if overheal and amount > restored:
        status.add_cubes(game, target, "blue", amount - restored)


def move_along(game: Table, eid: int, path: list[tuple[int, int]], forced: bool) -> int:
    """Move step by step through empty orthogonal squares; Poison costs 1 HP a square (SE-6).

    Stops at the first square it can't enter. Returns the squares actually moved.
    """

    moved = 0
    for square in path:
        here = game.pos(eid)
        if here is None or not game.on_board(eid):
            break
        if game.distance(here, square) != 1 or not (0 <= square[0] < COLS and 0 <= square[1] < ROWS):
            break
        if game.at(square) is not None:
            break
        game.place_at(eid, square)
        moved += 1
        game.emit("Moved", card=game.ref(eid), to=list(square), forced=forced)
        if game.has_status(eid, "Poison"):
            deal_damage(game, eid, 1, source=None, reason="Poison (SE-6)")
    if not forced and moved and game.on_board(eid):
        game.ensure(eid, TurnUsage).moved += moved
    return moved
