"""Fuzzing the file paths (issue 16): mutants of the repository's own scenario files and of a few saves must
end in a normal run with strict JSON, or in problems reported as `FILE: WHERE: WHAT` lines (exit 2); never an
uncaught exception, never more than a few seconds each (the hypothesis deadline), never a lost card.

Seeded (`derandomize=True`) and bounded to about a minute; `COUNTERTOP_FUZZ=N` (or `make fuzz`) runs N
mutants of each kind instead, for a longer run before a release.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import io
import json
import os
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.core.problems import FileProblems
from game.engine import Game
from game.io.scenario import ScenarioError, _Where, build, play_actions
from game.io.serialize import SaveError, check_save

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted((ROOT / "tests" / "scenarios").glob("*.toml")) + sorted(
    (ROOT / "assets" / "scenarios").glob("*.toml"))
LONG = int(os.environ.get("COUNTERTOP_FUZZ", "0"))
DEADLINE = datetime.timedelta(seconds=5)


def fuzz_settings(quick: int) -> Any:
    """`quick` examples in the normal suite, COUNTERTOP_FUZZ when set; seeded and with a 5 s deadline."""
    return settings(max_examples=LONG or quick, derandomize=True, deadline=DEADLINE, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


SCENARIOS = {p.name: tomllib.loads(p.read_text()) for p in SCENARIO_FILES}
SCENARIO_TEXTS = {p.name: p.read_text() for p in SCENARIO_FILES}


def sample_saves() -> dict[str, dict[str, Any]]:
    """A fresh standard game, one after a few turns, and one waiting on a choice."""
    fresh = Game.new(["Ada", "Bo"], seed=5)
    played = Game.new(["Ada", "Bo", "Cy"], seed=8)
    for _ in range(40):
        legal = played.legal_actions()
        if not legal or played.table.turn.phase == "over":
            break
        played.act(legal[len(legal) // 2])
    waiting = Game.new(["Ada", "Bo"], seed=1)
    while not waiting.table.pending and waiting.table.turn.turn < 6:
        plays = [a for a in waiting.legal_actions() if a["act"] == "play"]
        waiting.act(plays[0] if plays else {"act": "end_turn"})
    return {"fresh": fresh.to_state(), "played": played.to_state(), "waiting": waiting.to_state()}


SAVES = sample_saves()

HOSTILE: list[Any] = [
    -1, 0, 1, 7, 101, 10**12, 2**70, True, False, "", "x", "Ada", "board", "stasis", "choose:hand_yours",
    "this", 1.5, float("nan"), float("inf"), [], [0], [3, 2], [[0, 0]], {}, {"a": 1}, "é" * 300,
    datetime.datetime(1979, 5, 27), None,
]


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside nested tables and lists."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield from places(child, (*path, key))


def mutate(data: Any, draw: Any, *, json_only: bool) -> Any:
    """One to three random edits: delete, replace with a hostile value, rename a key, or duplicate an item."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        spots = [p for p in places(data) if p]
        if not spots:
            break
        path = draw(st.sampled_from(spots))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        how = draw(st.sampled_from(["delete", "replace", "replace", "rename", "duplicate"]))
        values = [v for v in HOSTILE if not json_only or not isinstance(v, datetime.datetime)]
        if how == "delete":
            del parent[key]
        elif how == "replace":
            parent[key] = copy.deepcopy(draw(st.one_of(st.sampled_from(values), st.integers(), st.text(max_size=12))))
        elif how == "rename" and isinstance(parent, dict):
            parent[key + draw(st.sampled_from(["_", "s", "x"]))] = parent.pop(key)
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
    return data


def lines_name_the_file(err: FileProblems, file: str) -> None:
    """Every problem is one line naming the file."""
    text = str(err)
    assert text and all(line.startswith(f"{file}: ") for line in text.splitlines()), text
    assert "Traceback" not in text


def strict(value: Any) -> str:
    return json.dumps(value, allow_nan=False)


def loads_strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in JSON output")

    return json.loads(text, parse_constant=refuse)


def still_whole(game: Game) -> None:
    """A game that ran: strict JSON, and its state passes the save checks (no card lost, invariants hold)."""
    strict(game.view())
    state = game.to_state()
    check_save(json.loads(strict(state)), "<state>")
    assert len(state["cards"]) == len(game.table.refs)


def played_or_refused(table: dict[str, Any], name: str) -> Game | None:
    """A scenario table set up and played (the game, whole), or None when it is refused in lines naming it."""
    try:
        made, actions = build(table, _Where(name))
    except ScenarioError as err:
        lines_name_the_file(err, name)
        return None
    play_actions(made, actions)
    game = Game(made)
    still_whole(game)
    return game


@fuzz_settings(quick=1500)
@given(st.data())
def test_mutated_scenario_tables(data: st.DataObject) -> None:
    """Edits of the parsed tables: set up and played, or refused with problem lines."""
    name = data.draw(st.sampled_from(sorted(SCENARIOS)))
    game = played_or_refused(mutate(SCENARIOS[name], data.draw, json_only=False), name)
    if game is not None:
        game.close()


@fuzz_settings(quick=600)
@given(st.data(), st.sampled_from(sorted(SCENARIO_TEXTS)))
def test_mutated_scenario_bytes(tmp_path_factory: Any, data: st.DataObject, name: str) -> None:
    """Byte edits of the files, run by the command line: exit 0 with strict JSON, or exit 2 with lines."""
    raw = bytearray(SCENARIO_TEXTS[name].encode())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw)))
        how = data.draw(st.sampled_from(["insert", "delete", "flip", "repeat"]))
        if how == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=4) | st.sampled_from(
                [b"[", b"]", b"=", b"\n", b'"', b"[[do]]\n", b"9" * 30, b"\xff", b"nan", b"-"]))
        elif how == "delete":
            del raw[at:at + data.draw(st.integers(1, 20))]
        elif how == "flip" and at < len(raw):
            raw[at] ^= 1 << data.draw(st.integers(0, 7))
        elif how == "repeat":
            raw[at:at] = raw[at:at + data.draw(st.integers(1, 200))]
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(bytes(raw))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["scenario", str(path), "--json"])
    if code == 0:
        assert err.getvalue() == ""
        loads_strict(out.getvalue())
    elif code == 1:  # it ran, and its [expect] table says what did not come out as expected, one line each
        loads_strict(out.getvalue())
        lines = err.getvalue().splitlines()
        assert lines and all(line.startswith(f"{path}: expect: ") for line in lines), err.getvalue()
    else:
        assert code == 2 and out.getvalue() == ""
        lines = err.getvalue().splitlines()
        assert lines and all(line.startswith(f"countertop: {path}: ") for line in lines), err.getvalue()


@fuzz_settings(quick=400)
@given(st.data())
def test_mutated_saves(tmp_path_factory: Any, data: st.DataObject) -> None:
    """Edits of saves: refused with one line naming the file, or loaded into a game that plays on and saves."""
    which = data.draw(st.sampled_from(sorted(SAVES)))
    state = mutate(SAVES[which], data.draw, json_only=True)
    path = tmp_path_factory.mktemp("fuzz") / f"{which}.json"
    path.write_text(json.dumps(state))
    try:
        game = Game.load(str(path))
    except SaveError as err:
        assert len(err.problems) == 1
        lines_name_the_file(err, str(path))
        return
    still_whole(game)
    for _ in range(3):
        legal = game.legal_actions()
        if not legal:
            break
        assert game.act(legal[data.draw(st.integers(0, len(legal) - 1))]).ok
    game.save(str(path))
    Game.load(str(path)).close()
    game.close()
