"""`effect`: apply one effect op directly, as scenarios and tests do (docs/formats.md); never a legal action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.opspecs import STASIS_OPS
from game.rules.effects import OPS
from game.turn.commands.checks import Rejected, card_of, rejecting, square_of
from game.turn.commands.paths import check_path

if TYPE_CHECKING:
    from game.core.table import Table

KEYS = ("op", "target", "source", "affects_stasis")
"""The keys of an effect step that are the command's own: every other key is a field of the op."""



@dataclass(frozen=True)
class EffectPlan:
    """What applying the op needs: its target as a queue item names it (`player:NAME` or `ref:REF`)."""

    target: str


@dataclass(frozen=True)
class Effect:
    """Apply one effect op as if an ability resolved it (docs/formats.md); ST-7 and ST-12 guard cards in stasis."""

    label: ClassVar[str] = "Apply an effect"
    listed: ClassVar[str] = "never"

    by: str
    op: Any = None
    target: Any = None
    source: Any = None
    affects_stasis: Any = False
    fields: dict[str, Any] | None = None

    @rejecting
    def check(self, game: Table) -> EffectPlan:
        """A known op with valid fields, and a target it may reach (ST-7, ST-12; a move's path: R-6; only a Madness
        card goes back to the Madness pile, G-1)."""
        if game.turn.phase == "over":
            raise Rejected("The game is over")
        if game.pending:
            raise Rejected(f"A choice is waiting for {game.pending['player']}: {game.pending['prompt']}")
        if not isinstance(self.op, str) or self.op not in OPS:
            raise Rejected(f"Unknown effect op {self.op!r}")
        spec = OPS[self.op]
        problem = spec.check_fields({"op": self.op, **(self.fields or {})})
        if problem:
            raise Rejected(problem)
        if self.source is not None:
            card_of(game, self.source, "source")
        if spec.target == "player":
            if self.target not in game.players_order:
                raise Rejected(f"{self.op} targets a player: {self.target!r} is not one")
            return EffectPlan(f"player:{self.target}")
        eid = card_of(game, self.target, "target")
        if game.in_stasis(eid):
            if not self.affects_stasis:
                raise Rejected(f"{game.name(eid)} is in stasis: this effect can't affect it (ST-7)")
            if self.op not in STASIS_OPS:
                raise Rejected(f"{game.name(eid)} is in stasis: effects may only add or remove its stasis "
                               "counters, or copy it (ST-12)")
        elif spec.board_only and not game.on_board(eid):
            raise Rejected(f"{game.name(eid)} is not on the board: {self.op} can't affect it")
        elif spec.target == "character" and not game.is_character(eid):
            raise Rejected(f"{game.name(eid)} is not a character: {self.op} affects characters only")
        if self.op == "return_to_madness" and game.kind(eid) != "madness":
            raise Rejected(f"return_to_madness: {game.name(eid)} is not a Madness card")
        if self.op == "move":
            check_forced_path(game, eid, self.fields or {})
        return EffectPlan(f"ref:{self.target}")

    def run(self, game: Table, plan: EffectPlan) -> None:
        """The op goes to the front of the queue, to resolve as the game advances."""
        item = {"op": self.op, **(self.fields or {}), "target": plan.target, "source": self.source,
                "player": self.by, "affects_stasis": bool(self.affects_stasis)}
        game.queue.insert(0, item)


def check_forced_path(game: Table, eid: int, fields: dict[str, Any]) -> None:
    """R-6 (G-5, SE-6): a `move` whose path meets an occupied square is rejected whole, as Shove's is."""
    raw = fields.get("path") or ([fields["to"]] if fields.get("to") else [])
    if not isinstance(raw, list):
        raise Rejected(f"'path' must be a list of squares, not {raw!r}")
    start = game.pos(eid)
    if start is not None:
        check_path(game, start, [square_of(s, "path") for s in raw])
