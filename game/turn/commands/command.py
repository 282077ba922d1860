"""What every command kind is, the table of kinds by act, and the one path an action takes: parse, check, run.

`apply_action` takes a scenario-style `[[do]]` dict. A rejected command returns the reason and leaves the
state, the log and the dice exactly as they were. `run_planned` is its last step, also taken alone by an action a
listing of this very moment built (`game.turn.legal.Listing.planned`): the listing's plan stands in for the check.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from game.core.table import OK, Outcome
from game.turn.commands.ability import UseAbility
from game.turn.commands.activate import Activate
from game.turn.commands.attack import Attack
from game.turn.commands.checks import Rejected
from game.turn.commands.choose import Choose
from game.turn.commands.effect import KEYS, Effect
from game.turn.commands.end_turn import EndTurn
from game.turn.commands.move import Move
from game.turn.commands.play import Play, PlayFromStasis
from systems.schedule import advance

if TYPE_CHECKING:
    from game.core.table import Table

P = TypeVar("P")


class Command(Protocol[P]):
    """A player's command, a frozen value of its act's fields: `check` changes nothing and returns the plan `run`
    needs (or the rejection, naming the rule), `run` changes the game from that plan, checking nothing again."""

    __dataclass_fields__: ClassVar[dict[str, Any]]
    """Every kind is a dataclass: its fields but `by` are the keys its `[[do]]` table may give."""
    label: ClassVar[str]
    """The kind in a few words ("Move", "Play from stasis"): what the window calls an action it has no words of its
    own for (followed by the action's card, target and place), never the bare act."""
    listed: ClassVar[str]
    """Which cards the legal listing asks the kind's `legal(moment, eid)` about (LISTED, below):
    "hand", "stasis", "acting" (a character that may act), "character", "relic", "apart" (asked on its own) or
    "never" (not a player's command: a scenario's `effect`)."""

    def __init__(self, by: str, **fields: Any) -> None:
        """A command of the player `by` with the fields an action gives."""
        ...

    @property
    def by(self) -> str:
        """The player giving the command."""
        ...

    def check(self, game: Table) -> P | Outcome:
        """The plan, or why the command is not legal now."""
        ...

    def run(self, game: Table, plan: P) -> None:
        """Change the game; only called with the plan `check` returned, before anything else changed."""
        ...


COMMANDS: dict[str, type[Command[Any]]] = {
    "play": Play, "play_from_stasis": PlayFromStasis, "move": Move, "attack": Attack, "ability": UseAbility,
    "activate": Activate, "choose": Choose, "end_turn": EndTurn, "effect": Effect,
}
LISTED = ("hand", "stasis", "acting", "character", "relic", "apart", "never")
"""What a kind's `listed` may say (game/turn/legal.py asks it): about each card in hand (while an allowance is left,
G-4), each card in stasis ready to play (ST-11), each character that may act (G-5, SE-9), each character, each
relic; apart (a choice's options and ending the turn, asked on their own); or never (a scenario's `effect`)."""


class DeclarationError(Exception):
    """A kind of COMMANDS without its label, or whose `listed` is none of LISTED."""


def undeclared(commands: Mapping[str, type[Any]]) -> list[str]:
    """What each kind lacks of its declaration, one item a kind: `act: no label`, or `act: listed 'what it says'`."""
    lacks = [f"{act}: no label" for act, kind in commands.items() if not getattr(kind, "label", "")]
    return lacks + [f"{act}: listed {getattr(kind, 'listed', None)!r}" for act, kind in commands.items()
                    if getattr(kind, "listed", None) not in LISTED]


if missing := undeclared(COMMANDS):
    raise DeclarationError(f"COMMANDS: {'; '.join(missing)}: a kind declares its `label` and a `listed` of "
                           f"{', '.join(LISTED)} (docs/contributing.md, 'Add a command kind')")
ACTION_KEYS = {"act", "by"}
FIELDS = {cls: frozenset(f.name for f in fields(cls)) - {"by"} for cls in COMMANDS.values()}
"""The fields an action may give each command."""


def parse(game: Table, action: dict[str, Any]) -> Command[Any]:
    """Turn a `[[do]]` dict into a command, rejecting unknown acts and fields."""
    if not isinstance(action, dict):
        raise Rejected(f"An action must be a table, not {action!r}")
    act = action.get("act")
    if not isinstance(act, str) or act not in COMMANDS:
        raise Rejected(f"Unknown act {act!r}; acts are: {', '.join(COMMANDS)}")
    cls = COMMANDS[act]
    by = action.get("by") or (game.pending["player"] if act == "choose" and game.pending else game.active().name)
    if not isinstance(by, str) or by not in game.players_order:
        raise Rejected(f"There is no player {by!r}")
    given = {k: v for k, v in action.items() if k not in ACTION_KEYS}
    if cls is Effect:
        return Effect(by=by, **{k: v for k, v in given.items() if k in KEYS},
                      fields={k: v for k, v in given.items() if k not in KEYS})
    if not FIELDS[cls].issuperset(given):
        raise Rejected(f"{act} has no field {sorted(set(given) - FIELDS[cls])[0]!r}")
    return cls(by=by, **given)


def planned(game: Table, action: dict[str, Any]) -> tuple[Command[Any], Any] | Outcome:
    """The command an action gives and the plan its check returns, or the rejection of either step."""
    try:
        command = parse(game, action)
    except Rejected as why:
        return Outcome(False, str(why))
    plan = command.check(game)
    if isinstance(plan, Outcome):
        return plan
    return command, plan


def check_action(game: Table, action: dict[str, Any]) -> Outcome:
    """Whether an action is legal now; changes nothing."""
    found = planned(game, action)
    return found if isinstance(found, Outcome) else OK


def apply_action(game: Table, action: dict[str, Any]) -> Outcome:
    """Check an action, then run its plan and let the game advance; a rejection changes nothing."""
    found = planned(game, action)
    if isinstance(found, Outcome):
        return found
    run_planned(game, action, *found)
    return OK


def run_planned(game: Table, action: dict[str, Any], command: Command[Any], plan: Any) -> None:
    """Run the plan a check gave for an action (or one a listing worked out for an action it built, G-3), log the
    action and let the game advance."""
    game.last_rolls = []
    game.history.append(dict(action))
    command.run(game, plan)
    advance(game)
