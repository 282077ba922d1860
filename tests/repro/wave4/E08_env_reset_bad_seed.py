"""E08: `reset(seed=...)` with a seed `random` refuses (a numpy integer, a list) or one `next_seed += 1` can't add to
(a string) raises a TypeError out of the middle of reset(): the old game is already closed and the new one not
set up, and the bad seed is kept as the next seed. The environment is then broken for good: step() on the stale
legal actions raises KeyError / RuntimeError ("a listed legal action was refused"), and every later reset()
(without a seed) raises the same TypeError again. numpy integers are what RL code usually hands around.

Run from the project root: .venv/bin/python tests/repro/wave4/E08_env_reset_bad_seed.py
Expected: a one-line ValueError naming the seed (as the constructor gives), the environment left as it was; or
numpy integers taken as the integers they are.
"""
import warnings

import numpy as np

from game.env import raw_env

warnings.simplefilter("ignore")
for bad in (np.int64(5), "abc", [1]):
    e = raw_env(seed=0)
    e.reset()
    e.step(next(iter(e.legal_actions())))
    for what, call in ((f"reset(seed={bad!r})", lambda e=e, bad=bad: e.reset(seed=bad)),
                       ("then step()", lambda e=e: e.step(next(iter(e.legal_actions())))),
                       ("then reset()", lambda e=e: e.reset())):
        try:
            call()
            print(f"{what}: ok")
        except Exception as err:  # noqa: BLE001
            print(f"{what}: {type(err).__name__}: {str(err).splitlines()[0][:120]}")
    print()
