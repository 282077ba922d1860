"""`activate`: a relic's ability whose cost untaps tapped characters you control (SC-6, SC-7)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.cards import Ability
from game.core.components import OncePerTurn
from game.rules.effects import queue_effects
from game.turn.commands.ability import ability_named
from game.turn.commands.checks import Rejected, card_of, rejecting, require_main
from game.turn.commands.moment import Action, Moment

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class ActivatePlan:
    """What activating needs: the relic, its ability, and the characters that pay (their refs as named)."""

    card: int
    ability: Ability
    payers: tuple[int, ...]
    paid: tuple[str, ...]


@dataclass(frozen=True)
class Activate:
    """A relic's ability whose cost untaps characters you control (SC-6, SC-7)."""

    label: ClassVar[str] = "Activate a relic"
    listed: ClassVar[str] = "relic"

    by: str
    card: Any = None
    ability: Any = None
    pay: Any = None

    @rejecting
    def check(self, game: Table) -> ActivatePlan:
        """Your relic in play, tapped or not (R-12), an ability it may activate now, and exactly its cost in
        tapped characters of yours, each named once (SC-6, SC-7)."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        if game.kind(eid) != "relic" or not game.on_board(eid) or game.controller(eid) != self.by:
            raise Rejected(f"{game.name(eid)} is not a relic you control in play")
        ab = activatable(game, eid, self.ability)
        pay = self.pay if isinstance(self.pay, list) else []
        if len(pay) != ab.untap_cost:
            raise Rejected(f"{ab.name} costs untapping {ab.untap_cost} tapped character(s) you control: "
                           f"name exactly {ab.untap_cost} in 'pay'")
        if len(set(map(str, pay))) != len(pay):
            raise Rejected(f"{ab.name}: the same permanent can't pay the cost twice (SC-7)")
        payers = []
        for ref in pay:
            payer = card_of(game, ref, "permanent")
            if not game.is_character(payer) or not game.on_board(payer) or game.controller(payer) != self.by:
                raise Rejected(f"{game.name(payer)} is not a character you control on the board")
            if not game.is_tapped(payer):
                raise Rejected(f"{game.name(payer)} is not tapped: the cost untaps a tapped character")
            payers.append(payer)
        return ActivatePlan(eid, ab, tuple(payers), tuple(pay))

    def run(self, game: Table, plan: ActivatePlan) -> None:
        """Untap the payers, mark a once-per-turn ability used, then queue the effects."""
        eid, ab = plan.card, plan.ability
        for payer in plan.payers:
            game.untap(payer, cause="cost")
        if ab.once_per_turn:
            game.ensure(eid, OncePerTurn).used.add(ab.name)
        game.emit("AbilityUsed", card=game.ref(eid), ability=ab.name, paid=list(plan.paid), cost=0)
        queue_effects(game, ab.effects, eid, self.by)

    @staticmethod
    def legal(moment: Moment, eid: int) -> list[Action]:
        """SC-6, SC-7: a relic's abilities it may activate now, with every way to pay their untap costs."""
        game, me = moment.game, moment.me
        tapped = [game.ref(e) for e in game.characters() if game.controller(e) == me and game.is_tapped(e)]
        found = []
        for ab in game.defn(eid).abilities:
            if not ab.untap_cost:
                continue
            try:
                first = activatable(game, eid, ab.name)
            except Rejected:
                continue
            if first.untap_cost != ab.untap_cost:
                continue
            found += [{"act": "activate", "card": game.ref(eid), "ability": ab.name, "pay": list(pay)}
                      for pay in combinations(tapped, ab.untap_cost)]
        return found


def activatable(game: Table, eid: int, name: Any) -> Ability:
    """A relic's ability that may be activated now: abilities not lost, once-per-turn not yet used."""
    if not game.abilities_work(eid):
        raise Rejected(f"{game.name(eid)} has lost all its abilities this turn")
    ab = ability_named(game, eid, name)
    used = game.get(eid, OncePerTurn)
    if ab.once_per_turn and used is not None and ab.name in used.used:
        raise Rejected(f"{ab.name} can be used once per turn, and was used this turn")
    return ab
