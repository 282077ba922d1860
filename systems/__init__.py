"""The rule systems: one esper Processor per rule family, run in the order of systems/schedule.py (compiled
with the rest of the engine when a fresh build is there: `game.compiled`)."""

from game import compiled

compiled.activate("systems", __path__)
