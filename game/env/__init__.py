"""Countertop as a PettingZoo environment (docs/rl.md): `env`, `raw_env` and `parallel_env` of countertop.py, its
fixed encodings (encoding.py), the bots as policies and the evaluation of an agent (policies.py), and its
pictures (render.py, imported only to render)."""

from game.env.countertop import Countertop, CountertopParallel, env, parallel_env, raw_env

__all__ = ["Countertop", "CountertopParallel", "env", "parallel_env", "raw_env"]
