"""`attack`: a Standard Attack on an enemy character in range (G-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.components import Stats
from game.rules.combat import standard_attack
from game.turn.commands.checks import (
    Rejected,
    card_of,
    own_character,
    ready_to_act,
    rejecting,
    require_main,
    stun_holds,
    stunned_against,
)
from game.turn.commands.moment import Action, Moment

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class AttackPlan:
    """What an attack needs: the attacker and its target."""

    card: int
    target: int


@dataclass(frozen=True)
class Attack:
    """G-6: a Standard Attack on an enemy character in range."""

    label: ClassVar[str] = "Attack"
    listed: ClassVar[str] = "acting"

    by: str
    card: Any = None
    target: Any = None

    @rejecting
    def check(self, game: Table) -> AttackPlan:
        """The character of yours, ready, and an enemy character it may attack (G-5, G-6)."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ready_to_act(game, eid, "attack")
        target = card_of(game, self.target, "target")
        check_attack_target(game, eid, target, self.by)
        return AttackPlan(eid, target)

    def run(self, game: Table, plan: AttackPlan) -> None:
        """The attack rolls and deals its damage (G-6)."""
        standard_attack(game, plan.card, plan.target)

    @staticmethod
    def legal(moment: Moment, eid: int) -> list[Action]:
        """G-6: Standard Attacks on the enemy characters (oldest first) in range, of a character of the player's
        that may act (the listing asks `can_act` first) and whose Stun does not hold (SE-10: every foe is an enemy).
        The foes are enemy characters on the board, none in stasis, so range is all `check_attack_target` has left
        to ask."""
        game = moment.game
        foes = moment.foes()
        if not foes or stun_holds(game, eid):
            return []
        ref = game.ref(eid)
        here = game.pos(eid)
        assert here is not None
        x, y = here
        reach = game.component(eid, Stats).range
        return [{"act": "attack", "card": ref, "target": game.ref(t)} for t, a, b in foes
                if abs(x - a) + abs(y - b) <= reach]


def check_attack_target(game: Table, eid: int, target: int, by: str) -> None:
    """G-6: an enemy character on the board, not in stasis (ST-7), in range (G-5), unless Stun forbids (SE-10)."""
    if game.in_stasis(target):
        raise Rejected(f"{game.name(target)} is in stasis: it can't be attacked (ST-7)")
    if not game.is_character(target) or not game.on_board(target) or not game.is_enemy(by, target):
        raise Rejected(f"{game.name(target)} is not an enemy character on the board (G-6)")
    stunned_against(game, eid, target, by)
    reach = game.component(eid, Stats).range
    here, there = game.pos(eid), game.pos(target)
    assert here is not None and there is not None
    if game.distance(here, there) > reach:
        raise Rejected(f"{game.name(target)} is out of range ({game.distance(here, there)} > {reach}, G-5)")
