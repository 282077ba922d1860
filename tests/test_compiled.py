"""The compiled engine (issue 12): used only while its build matches the source, and playing the very same games."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import compiled

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def manifest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A build folder of the test's own, its status asked afresh."""
    folder = tmp_path / "engine"
    folder.mkdir()
    monkeypatch.setattr(compiled, "FOLDER", folder)
    monkeypatch.setattr(compiled, "MANIFEST", folder / "manifest.json")
    monkeypatch.setattr(compiled, "_known", None)
    monkeypatch.delenv("COUNTERTOP_ENGINE", raising=False)
    return folder / "manifest.json"


def test_every_engine_source_is_watched_and_the_window_is_not() -> None:
    watched = compiled.sources()
    assert set(compiled.HOT) <= set(watched)
    assert "game/commands.py" in watched and "systems/schedule.py" in watched
    assert not any(name.startswith("game/ui/") for name in watched)
    assert all(len(digest) == 64 for digest in watched.values())


def test_a_build_is_used_only_while_its_manifest_matches_every_source(manifest: Path) -> None:
    assert compiled.build_status() == "absent"
    manifest.write_text("not json")
    assert compiled.build_status() == "absent"
    sources = compiled.sources()
    manifest.write_text(json.dumps({"python": sys.implementation.cache_tag, "sources": sources}))
    assert compiled.build_status() == "fresh"
    edited = dict(sources, **{"game/legal.py": "0" * 64})
    manifest.write_text(json.dumps({"sources": edited}))
    assert compiled.build_status() == "stale"
    added = dict(sources, **{"game/new_rule.py": "0" * 64})
    manifest.write_text(json.dumps({"sources": added}))
    assert compiled.build_status() == "stale"


def test_a_fresh_build_goes_ahead_of_the_source_and_pure_keeps_it_out(manifest: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    manifest.write_text(json.dumps({"sources": compiled.sources()}))
    path = ["/src/game"]
    compiled.activate("game", path)
    assert path == [str(compiled.FOLDER / "game"), "/src/game"]
    assert str(compiled.FOLDER) in sys.path
    sys.path.remove(str(compiled.FOLDER))
    monkeypatch.setattr(compiled, "_known", None)
    monkeypatch.setenv("COUNTERTOP_ENGINE", "pure")
    path = ["/src/game"]
    compiled.activate("game", path)
    assert path == ["/src/game"] and compiled.status() == "pure"


def test_asking_for_the_compiled_engine_without_a_fresh_build_is_one_clear_error(
        manifest: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manifest.write_text(json.dumps({"sources": {}}))
    monkeypatch.setenv("COUNTERTOP_ENGINE", "compiled")
    path = ["/src/game"]
    with pytest.raises(ImportError, match=r"^the compiled engine is stale: build it with `.venv/bin/python -m game"):
        compiled.activate("game", path)
    assert path == ["/src/game"]


def test_the_engine_in_use_is_named() -> None:
    expected = "compiled (mypyc)" if compiled.status() == "fresh" else "pure Python ("
    assert compiled.engine().startswith(expected)


# ----- the same games on both engines ----------------------------------------------------------------------

needs_build = pytest.mark.skipif(compiled.build_status() != "fresh",
                                 reason="the compiled engine is not built (make builds it)")

SCRIPT = """
import json, sys
from pathlib import Path
from game import compiled, legal
from game.cli import main
from game.scenario import run_scenario_file
from game.engine import Game
print(json.dumps({"engine": compiled.engine(), "legal": legal.__file__}))
for args in (["--games", "12", "--bots", "greedy", "greedy", "--seed", "3"],
             ["--games", "8", "--bots", "random", "greedy", "--players", "3", "--check", "--seed", "5"],
             ["--games", "2", "--bots", "ismcts:8", "greedy", "--seed", "1"]):
    main(["sim", "--json", "--workers", "1", *args])
for path in sorted(Path("tests/scenarios").glob("*.toml")) + sorted(Path("assets/scenarios").glob("*.toml")):
    try:
        game = run_scenario_file(str(path), Game)
    except Exception as err:
        print(path, type(err).__name__, err)
        continue
    print(path, json.dumps(game.view()), json.dumps(game.log))
"""


def run_on(engine: str) -> list[str]:
    """The script's output lines on one engine (a process of its own: an engine is chosen at import)."""
    env = dict(os.environ, COUNTERTOP_ENGINE=engine)
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600, check=True)
    return done.stdout.splitlines()


@needs_build
def test_the_compiled_engine_plays_every_game_and_scenario_exactly_as_the_pure_one() -> None:
    pure, fast = run_on("pure"), run_on("compiled")
    assert json.loads(pure[0])["engine"].startswith("pure Python")
    assert json.loads(fast[0])["engine"] == "compiled (mypyc)" and not json.loads(fast[0])["legal"].endswith(".py")
    assert len(pure) > 20 and pure[1:] == fast[1:]
