"""Fuzzing the surfaces issue 31 hardened: exact-table scenarios, saves played on, kept-game replay files,
checked-files cache entries and player names.

Mutants end in a normal run (strict JSON, the very card pool) or in one-line problems naming the file (exit 2),
never an uncaught exception or a changed card. Seeded and small in the suite; `COUNTERTOP_FUZZ=N` (`make fuzz`)
runs N of each.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import unicodedata
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from game.cli import main
from game.core import filecache
from game.core.cards import cards_dir, load_cards, pool_from_files, rules_file
from game.engine import Game
from game.io.export import Future, scenario_data, to_toml
from game.io.serialize import SaveError
from game.io.setup import SetupError, check_player_names
from game.tools.replay import record_of
from tests.test_fuzz import (
    SAVES,
    fuzz_settings,
    lines_name_the_file,
    loads_strict,
    mutate,
    played_or_refused,
    still_whole,
)


def kept_game() -> dict[str, Any]:
    """A short seeded game's replay record (the shape `sim --keep` writes)."""
    game = Game.new(["Ada", "Bo"], seed=12)
    for _ in range(30):
        legal = game.legal_actions()
        if game.table.turn.phase == "over" or not legal:
            break
        game.act(legal[len(legal) // 3])
    record = record_of(game, ["greedy-v1", "greedy-v1"], {"winner": None, "turns": game.table.turn.turn}).to_json()
    game.close()
    return record


RECORD = kept_game()


def exported_tables() -> dict[str, dict[str, Any]]:
    """Tables exported with every exact-table key ([resume], allowances, arrivals, per-card state): a game in its
    main phase mid-play, and one waiting on a choice."""
    found = {}
    for name, seed in (("mid", 8), ("choice", 1)):
        game = Game.new(["Ada", "Bo", "Cy"] if name == "mid" else ["Ada", "Bo"], seed=seed)
        for _ in range(60):
            legal = game.legal_actions()
            if game.table.turn.phase == "over" or (name == "choice" and game.table.pending):
                break
            game.act(legal[len(legal) // 2])
        found[name] = json.loads(json.dumps(scenario_data(game.table, Future(), [], name)))
        game.close()
    return found


TABLES = exported_tables()


def play_on(game: Game, data: st.DataObject, actions: int) -> None:
    """Up to `actions` random legal actions, each accepted, and the game whole after them."""
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal or game.table.turn.phase == "over":
            break
        assert game.act(legal[data.draw(st.integers(0, len(legal) - 1))]).ok
    still_whole(game)


@fuzz_settings(quick=300)
@given(st.data())
def test_mutated_exact_tables(data: st.DataObject) -> None:
    """Edits of exported tables (the exact-table keys and [resume]): refused with lines naming the file, or a
    table that passes the table invariants and plays on for a few random legal actions."""
    name = data.draw(st.sampled_from(sorted(TABLES)))
    game = played_or_refused(mutate(TABLES[name], data.draw, json_only=True), name)
    if game is None:
        return
    play_on(game, data, 5)
    game.close()


@fuzz_settings(quick=25)
@given(st.data())
def test_mutated_saves_that_load_play_on_for_200_actions(tmp_path_factory: Any, data: st.DataObject) -> None:
    """A save that passes the checks is a game that goes on: 200 random legal actions, each accepted, the game
    whole after them, and its save loads again."""
    which = data.draw(st.sampled_from(sorted(SAVES)))
    path = tmp_path_factory.mktemp("fuzz") / f"{which}.json"
    path.write_text(json.dumps(mutate(SAVES[which], data.draw, json_only=True)))
    try:
        game = Game.load(str(path))
    except SaveError as err:
        lines_name_the_file(err, str(path))
        return
    play_on(game, data, 200)
    game.save(str(path))
    Game.load(str(path)).close()
    game.close()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@fuzz_settings(quick=150)
@given(st.data())
def test_mutated_replay_files(tmp_path_factory: Any, data: st.DataObject) -> None:
    """Edits of a kept game: its dump at a step as strict JSON (exit 0), or lines naming the file (exit 2)."""
    path = tmp_path_factory.mktemp("fuzz") / "kept.json"
    path.write_text(json.dumps(mutate(RECORD, data.draw, json_only=True)))
    step = str(data.draw(st.integers(0, 40)))
    code, out, err = run("replay", str(path), "--at", step, "--json")
    if code == 0:
        assert err == ""
        loads_strict(out)
    else:
        assert code == 2 and out == "", err
        lines = err.splitlines()
        assert lines and all(line.removeprefix("countertop: ").startswith(f"{path}: ") for line in lines), err


REFERENCE = load_cards()


@fuzz_settings(quick=60)
@given(st.data())
def test_mutated_cache_entries_never_change_a_card(tmp_path_factory: Any, data: st.DataObject) -> None:
    """Whatever sits in the cache under the pool's key (an edited entry, junk bytes, a folder), the pool built
    from it is exactly the checked pool: an entry only says that these bytes passed, never what they hold."""
    folder = tmp_path_factory.mktemp("cache")
    files = filecache.snapshot([*sorted(cards_dir().glob("*.toml")), rules_file()])
    made = filecache.key(files)
    entry = folder / f"cards-{made}.json"
    kind = data.draw(st.sampled_from(["edited", "bytes", "folder"]))
    if kind == "edited":
        entry.write_text(json.dumps(mutate(filecache.entry("cards", made), data.draw, json_only=True)))
    elif kind == "bytes":
        entry.write_bytes(data.draw(st.binary(max_size=200)))
    else:
        entry.mkdir()
    old = os.environ.get("COUNTERTOP_CACHE")
    os.environ["COUNTERTOP_CACHE"] = str(folder)
    try:
        pool = filecache.kept_or_checked("cards", files, load_cards, pool_from_files)
        again = filecache.kept_or_checked("cards", files, load_cards, pool_from_files)
    finally:
        if old is None:
            del os.environ["COUNTERTOP_CACHE"]
        else:
            os.environ["COUNTERTOP_CACHE"] = old
    assert pool == REFERENCE and again == REFERENCE


LOOKALIKES = st.sampled_from(["Ada", "Аda", "Ａda", "𝐀da", "ada", "José", unicodedata.normalize("NFD", "José"),
                              "Bo", "Βo", "Madness", " ", "\u202eBo", "李", "Ада", "x" * 40, "Cy"])


@fuzz_settings(quick=120)
@given(st.lists(LOOKALIKES | st.text(min_size=1, max_size=8), min_size=1, max_size=5))
def test_player_names_are_refused_in_one_line_or_seat_a_game_that_exports_and_loads(
        tmp_path_factory: Any, names: list[str]) -> None:
    """Any list of names: refused with one line, or a game whose exported scenario loads back with the same
    players (names outside the BMP and look-alikes included)."""
    try:
        check_player_names(names)
    except SetupError as err:
        assert len(str(err).splitlines()) == 1 and "Traceback" not in str(err)
        return
    game = Game.new(names, seed=3)
    path = tmp_path_factory.mktemp("names") / "export.toml"
    path.write_text(to_toml(scenario_data(game.table, Future(), [], "fuzzed names")), encoding="utf-8")
    code, out, said = run("scenario", str(path), "--json")
    assert code == 0, said
    assert loads_strict(out)["players"].keys() == set(names)
    game.close()
