"""The layers of the code, bottom first: each module imports only from its own layer or the layers below it.

    data    what the game is made of: components, events, dice, card and rules files, constants
    table   one esper world per game: entities, queries, zone moves, the event log and its hooks
    rules   the rule families, working on a Table (stasis, stun counters, statuses, combat, effects)
    turn    commands (validate then mutate), legal actions, the systems and their schedule
    edges   state in and out: a standard setup, scenario files, saves, the JSON view
    game    `Game`, the one object a program uses (new, from_scenario, load, act, legal_actions, view, save)
    apps    what uses a Game: bots, simulations, benchmarks, the command line, the window

Within a layer imports may not go round in a circle. `tests/test_layers.py` builds the import graph
from the source and holds every module to this table; imports under `if TYPE_CHECKING:` (annotations
only) are not counted.
"""

from __future__ import annotations

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("data", ("game.components", "game.constants", "game.events", "game.dice", "game.cards", "game.rules",
              "game.problems", "game.opspecs", "game.schemas", "game.checked", "game.layers", "game.compiled",
              "game.lifetime", "game.broken")),
    ("table", ("game.table",)),
    ("rules", ("game.stats", "game.stasis", "game.stun", "game.status", "game.combat", "game.effects",
               "game.triggers")),
    ("turn", ("game.commands", "game.legal", "systems.*")),
    ("edges", ("game.setup", "game.scenario", "game.scenario_schema", "game.scenario_exact", "game.serialize",
               "game.save_schema", "game.invariants", "game.view", "game.export")),
    ("game", ("game.engine",)),
    ("apps", ("game", "game.__main__", "game.determinize", "game.bots", "game.search", "game.roster", "game.cardlog",
              "game.sim", "game.balance", "game.batch", "game.report", "game.reportpage", "game.simconsole",
              "game.simrun", "game.bench", "game.cli", "game.replay", "game.shrink", "game.keep", "game.native",
              "game.ui.*")),
)


def layer_of(module: str) -> int | None:
    """The rank (0 = data) of a module's layer, or None when the table does not place it (`x.*` takes x too)."""
    for rank, (_, modules) in enumerate(LAYERS):
        for pattern in modules:
            if module == pattern or (pattern.endswith(".*") and (module + ".").startswith(pattern[:-1])):
                return rank
    return None
