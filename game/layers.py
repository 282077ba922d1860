"""The layers of the code, bottom first: each package imports only from its own layer or the layers below it.

    core    game/core: what the game is made of (components, the status table, events, dice, card and rules
            files, op specs) and the table, the one module that talks to esper
    rules   game/rules: the rule families, working on a table (stats, stasis, stun counters, statuses, combat,
            effects, triggers)
    turn    game/turn and systems/: commands (check, then run), legal actions, the systems and their schedule
    io      game/io: state in and out (the standard setup, scenario files, saves, the JSON view, export)
    game    game/engine.py: `Game`, the small object a program uses, holding its table
    apps    what uses a Game: game/bots, game/tools, the command line, the window (game/ui), the PettingZoo
            environment (game/env)

Within a layer imports may not go round in a circle. `tests/test_layers.py` builds the import graph from the
source (relative imports and `importlib.import_module` included) and holds every module to this table; imports
under `if TYPE_CHECKING:` (annotations only) are not counted.
"""

from __future__ import annotations

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("game.core", "game.core.*")),
    ("rules", ("game.rules", "game.rules.*")),
    ("turn", ("game.turn", "game.turn.*", "systems", "systems.*")),
    ("io", ("game.io", "game.io.*")),
    ("game", ("game.engine",)),
    ("apps", ("game", "game.__main__", "game.layers", "game.cli", "game.bots", "game.bots.*", "game.tools",
              "game.tools.*", "game.ui", "game.ui.*", "game.env", "game.env.*")),
)


def layer_of(module: str) -> int | None:
    """The rank (0 = core) of a module's layer, or None when the table does not place it (`x.*` takes x too)."""
    for rank, (_, modules) in enumerate(LAYERS):
        for pattern in modules:
            if module == pattern or (pattern.endswith(".*") and (module + ".").startswith(pattern[:-1])):
                return rank
    return None
