"""Builds the compiled engine (`python -m game.native build`) and tells whether it is fresh (`... status`)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import warnings

from game.compiled import FOLDER, HOT, MANIFEST, ROOT, build_status, sources


def build() -> int:
    """Compile `HOT` into `FOLDER`, the manifest last; a failure says why in one line and leaves the pure engine."""
    digest = sources()  # read first: a file edited while it compiles leaves the build stale
    shutil.rmtree(FOLDER, ignore_errors=True)
    temp = ROOT / ".build" / "temp"
    shutil.rmtree(temp, ignore_errors=True)
    here = os.getcwd()
    try:
        from mypyc.build import mypycify  # here: only a build needs mypyc and setuptools (the compile extra)
        from setuptools import setup

        os.chdir(ROOT)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            modules = mypycify(list(HOT), opt_level="3", multi_file=False, target_dir=str(temp / "c"))
            setup(name="countertop-engine", ext_modules=modules, script_args=[
                "--quiet", "build_ext", "--build-lib", str(FOLDER), "--build-temp", str(temp / "o")])
    except (Exception, SystemExit) as err:  # setuptools reports a failed compile by SystemExit
        shutil.rmtree(FOLDER, ignore_errors=True)
        print(f"countertop: the engine was not compiled ({type(err).__name__}: {err}); "
              "games run on the pure-Python engine", file=sys.stderr)
        return 1
    finally:
        os.chdir(here)
        shutil.rmtree(temp, ignore_errors=True)
    MANIFEST.write_text(json.dumps({"sources": digest}, indent=1))  # the folder names the Python
    print(f"countertop: compiled {len(HOT)} engine modules into {FOLDER.relative_to(ROOT)}")
    return 0


def main(argv: list[str]) -> int:
    """`build`, or `status` (exit 0 only when the compiled engine is fresh)."""
    if argv == ["build"]:
        return build()
    if argv == ["status"]:
        state = build_status()
        print(f"compiled engine: {state}")
        return 0 if state == "fresh" else 1
    print("usage: python -m game.native build|status", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
