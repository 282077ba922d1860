"""Countertop as a PettingZoo environment (docs/rl.md): `env`, `raw_env` and `parallel_env` of countertop.py, its
card slots and flat action indices (encoding.py), its compact actions (compact.py), its observation
(observation.py), the bots as policies and the evaluation of an agent (policies.py), its pictures (render.py,
imported only to render) and a training script (train.py)."""

from game.env.countertop import Countertop, CountertopParallel, env, parallel_env, raw_env

__all__ = ["Countertop", "CountertopParallel", "env", "parallel_env", "raw_env"]
