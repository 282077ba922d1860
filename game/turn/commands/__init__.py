"""Player commands, one module per kind (`play` and `play_from_stasis` share one): each kind's fields, its
`check` that changes nothing and returns the plan (or the rejection), its `run` of that plan, and the generator
of its legal instances, side by side. `command` ties them together: the protocol, the table of kinds by act,
and `apply_action` / `check_action`, the one path every action takes."""

from game.turn.commands.command import ACTION_KEYS, COMMANDS, apply_action, check_action, run_planned
from game.turn.commands.paths import search_reach

__all__ = ["ACTION_KEYS", "COMMANDS", "apply_action", "check_action", "run_planned", "search_reach"]
