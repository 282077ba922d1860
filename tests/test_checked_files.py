"""The checked-files cache: the shipped cards and decks as checked last time, the same as checking them again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core import filecache
from game.core.cards import card_pool, decks_dir, load_cards
from game.io.setup import Deck, load_deck, standard_decks


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh cache folder, and card_pool/standard_decks forgetting what they loaded before and after."""
    monkeypatch.setenv("COUNTERTOP_CACHE", str(tmp_path / "cache"))
    card_pool.cache_clear()
    standard_decks.cache_clear()
    yield tmp_path / "cache"
    card_pool.cache_clear()
    standard_decks.cache_clear()


def fresh_decks() -> dict[str, Deck]:
    """The shipped decks checked now, without the cache."""
    return {p.stem: load_deck(p) for p in sorted(decks_dir().glob("*.toml"))}


def test_the_pool_and_decks_read_back_from_the_cache_equal_a_fresh_check(cache: Path) -> None:
    first = card_pool()
    assert sorted(p.name.split("-")[0] for p in cache.glob("*.json")) == ["cards"]
    card_pool.cache_clear()
    again = card_pool()
    assert again == load_cards() == first
    assert list(again) == list(load_cards())
    assert again is not first
    decks = standard_decks()
    standard_decks.cache_clear()
    assert standard_decks() == decks == fresh_decks()
    assert sorted(p.name.split("-")[0] for p in cache.glob("*.json")) == ["cards", "decks"]


def test_a_second_start_reads_the_cache_and_never_imports_the_schemas(cache: Path) -> None:
    script = ("import sys; from game.engine import Game; Game.new(['A', 'B'], None, 1).close(); "
              "print('pydantic' in sys.modules, 'game.core.schemas' in sys.modules)")
    env = {**os.environ, "COUNTERTOP_CACHE": str(cache)}
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
            for _ in range(2)]
    assert [r.stdout.split() for r in runs] == [["True", "True"], ["False", "False"]]


def test_a_changed_file_or_changed_checking_code_makes_a_new_key(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    card = tmp_path / "a.toml"
    card.write_text('name = "A"\n')
    before = filecache.key(filecache.snapshot([card]))
    assert filecache.key(filecache.snapshot([card])) == before
    card.write_text('name = "B"\n')
    changed = filecache.key(filecache.snapshot([card]))
    assert changed != before
    assert filecache.key(filecache.snapshot([card]), "decks") != changed
    code = tmp_path / "code"
    code.mkdir()
    for name in filecache.CHECKING_CODE:
        (code / name).parent.mkdir(exist_ok=True)
        (code / name).write_bytes((Path(filecache.__file__).parent.parent / name).read_bytes())
    monkeypatch.setattr(filecache, "__file__", str(code / "core" / "filecache.py"))
    assert filecache.key(filecache.snapshot([card])) == changed
    (code / "core" / "schemas.py").write_bytes((code / "core" / "schemas.py").read_bytes() + b"\n")
    assert filecache.key(filecache.snapshot([card])) != changed


def test_an_unreadable_or_wrong_cache_entry_is_checked_again_and_replaced(cache: Path) -> None:
    card_pool()
    [kept] = cache.glob("cards-*.json")
    good = kept.read_text()
    for broken in ("{not json", json.dumps([{"name": "Footman"}]), json.dumps({"cards": 1}), "[1, 2]"):
        kept.write_text(broken)
        card_pool.cache_clear()
        assert card_pool() == load_cards()
        assert kept.read_text() == good


def test_older_entries_of_a_kind_are_dropped_and_off_writes_nothing(cache: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    filecache.write("cards", "old")
    filecache.write("decks", "old")
    filecache.write("cards", "new")
    assert sorted(p.name for p in cache.glob("*.json")) == ["cards-new.json", "decks-old.json"]
    assert filecache.passed("cards", "new") and not filecache.passed("cards", "old")
    assert not filecache.passed("decks", "new") and filecache.passed("decks", "old")
    for off in ("off", "", "0"):
        monkeypatch.setenv("COUNTERTOP_CACHE", off)
        assert filecache.folder() is None
        filecache.write("cards", "other")
        assert not filecache.passed("cards", "new")
    assert sorted(p.name for p in cache.glob("*.json")) == ["cards-new.json", "decks-old.json"]


def test_an_unwritable_cache_folder_only_means_checking_every_time(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("COUNTERTOP_CACHE", str(blocker / "cache"))
    card_pool.cache_clear()
    try:
        assert card_pool() == load_cards()
    finally:
        card_pool.cache_clear()
    assert blocker.read_text() == "not a folder"


def test_the_default_folder_follows_xdg_then_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("COUNTERTOP_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert filecache.folder() == tmp_path / "xdg" / "countertop"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert filecache.folder() == tmp_path / "home" / ".cache" / "countertop"


# ----- scenario files: the schema skipped for the bytes that passed it last time -------------------------------


SCENARIO_SCRIPT = ("import sys; from game.cli import main; code = main(['scenario', sys.argv[1], '--json']); "
                   "print('pydantic' in sys.modules, code, file=sys.stderr)")


def run_scenario(path: Path, cache: Path) -> tuple[str, str, str]:
    """`countertop scenario PATH --json` in a fresh process: its output, its error lines, and whether it imported
    pydantic and its exit code."""
    env = {**os.environ, "COUNTERTOP_CACHE": str(cache)}
    done = subprocess.run([sys.executable, "-c", SCENARIO_SCRIPT, str(path)], capture_output=True, text=True,
                          env=env, check=True)
    *errors, last = done.stderr.splitlines()
    return done.stdout, "\n".join(errors), last


def test_a_scenario_run_again_unchanged_skips_the_schema_and_prints_the_same(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('players = ["Ada", "Bo"]\n[[card]]\nname = "Footman"\nowner = "Ada"\nzone = "board"\n'
                    'pos = [1, 1]\n[[do]]\nact = "move"\ncard = "footman-1"\nto = [1, 2]\n')
    first, second = run_scenario(path, cache), run_scenario(path, cache)
    assert (first[2], second[2]) == ("True 0", "False 0")
    assert first[:2] == second[:2] and json.loads(first[0])["turn"] == 1
    path.write_text(path.read_text().replace("[1, 2]", "[1, 3]"))
    assert run_scenario(path, cache)[2] == "True 0"


def test_a_scenario_that_breaks_the_schema_is_checked_every_time(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('players = ["Ada", "Bo"]\n[[card]]\nname = "Footman"\ncolour = "red"\n')
    runs = [run_scenario(path, cache) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][2] == "True 2"
    assert runs[0][1] == f"countertop: {path}: [[card]] #0 ('Footman'): field 'colour': unknown field"
    assert not list(cache.glob("scenario-*.json"))
