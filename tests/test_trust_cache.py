"""The checked-files cache is no back door (issue 31: D07, D08, D20 i): an entry can only spare a check of the very
bytes it was made for; a tampered or junk entry, a pipe, a huge file or deep JSON in its place is ignored and the
files are checked again, quickly and without a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.core import filecache
from game.core.cards import card_pool, cards_dir, decks_dir, load_cards, pool_from_files, rules_file
from game.io.setup import load_deck, standard_decks

ROOT = Path(__file__).resolve().parent.parent
SCENE = 'players = ["Ada", "Bo"]\n[[card]]\nref = "f"\nname = "Footman"\nowner = "Ada"\nzone = "board"\npos = [0, 0]\n'


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh cache folder holding the entries of the shipped files, and card_pool/standard_decks forgetting what
    they loaded before and after."""
    monkeypatch.setenv("COUNTERTOP_CACHE", str(tmp_path / "cache"))
    card_pool.cache_clear()
    standard_decks.cache_clear()
    card_pool()
    standard_decks()
    card_pool.cache_clear()
    standard_decks.cache_clear()
    yield tmp_path / "cache"
    card_pool.cache_clear()
    standard_decks.cache_clear()


def entry(cache: Path, kind: str) -> Path:
    [found] = cache.glob(f"{kind}-*.json")
    return found


def fresh_decks() -> dict[str, Any]:
    return {p.stem: load_deck(p) for p in sorted(decks_dir().glob("*.toml"))}


def old_style_cards() -> list[dict[str, Any]]:
    """The pool as the cache used to keep it (every card's fields), which it then trusted."""
    from dataclasses import asdict

    return [asdict(card) for card in load_cards().values()]


def tampered_cards(change: str) -> list[dict[str, Any]]:
    cards = old_style_cards()
    footman = next(c for c in cards if c["name"] == "Footman")
    if change == "rm_rf":
        footman["on_play"] = [{"op": "rm_rf", "target": "you"}]
    else:
        footman["hp"] = {"negative": -5, "text": "5"}[change]
    return cards


def tampered_decks(change: str) -> list[dict[str, Any]]:
    decks = [{"key": k, "name": d.name, "themes": list(d.themes), "description": d.description, "cards": d.cards}
             for k, d in fresh_decks().items()]
    cards = decks[0]["cards"]
    if change == "empty":
        decks[0]["cards"] = {}
    else:
        cards.update({"million": {"Footman": 10**6}, "unknown": {"No Such Card": 3}, "monster": {"Wandering Golem": 5},
                      "negative": {"Footman": -3}}[change])
    return decks


@pytest.mark.parametrize("change", ["rm_rf", "negative", "text"])
def test_a_tampered_card_entry_gives_the_cards_of_the_files(cache: Path, change: str) -> None:
    """D07: an op named rm_rf, -5 HP or "5" HP in Footman's cached entry reached the game."""
    kept = entry(cache, "cards")
    kept.write_text(json.dumps(tampered_cards(change)))
    assert card_pool() == load_cards()
    assert card_pool()["Footman"].hp == 5 and card_pool()["Footman"].on_play == ()
    assert json.loads(kept.read_text()) == filecache.entry("cards", kept.stem.split("-", 1)[1])


@pytest.mark.parametrize("change", ["million", "unknown", "monster", "negative", "empty"])
def test_a_tampered_deck_entry_gives_the_decks_of_the_files(cache: Path, change: str) -> None:
    """D07: a deck of a million Footmen (a hang), an unknown card (KeyError), the monster, -3 copies, no cards."""
    entry(cache, "decks").write_text(json.dumps(tampered_decks(change)))
    assert standard_decks() == fresh_decks()


def test_an_entry_that_verifies_still_gives_only_what_the_files_hold(cache: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry holds no cards: a well-formed entry (written by anyone) spares the check, and the pool is still
    built from the card files' own bytes, which `cards --check` reads."""
    assert json.loads(entry(cache, "cards").read_text()).keys() == {"format", "kind", "key"}
    files = filecache.snapshot([*sorted(cards_dir().glob("*.toml")), rules_file()])
    assert pool_from_files(files) == load_cards() and list(pool_from_files(files)) == list(load_cards())
    checked: list[str] = []
    monkeypatch.setattr("game.core.cards.load_cards", lambda: checked.append("checked") or load_cards())
    assert card_pool() == load_cards() and checked == []


def test_a_start_with_a_tampered_entry_plays_the_printed_cards(cache: Path, tmp_path: Path) -> None:
    """D07 end to end: with Footman at -5 HP in the entry, `scenario` put a -5 HP Footman on the board."""
    entry(cache, "cards").write_text(json.dumps(tampered_cards("negative")))
    scene = tmp_path / "d07.toml"
    scene.write_text(SCENE)
    done = start(cache, "scenario", str(scene), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["cards"]["f"]["hp"] == 5


def start(cache: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COUNTERTOP_CACHE": str(cache), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          timeout=timeout)


def junk(kept: Path, kind: str) -> None:
    """Put one kind of junk where an entry is kept."""
    kept.unlink()
    if kind == "deep":
        kept.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "deep-small":
        kept.write_text("[" * 3000 + "]" * 3000)
    elif kind == "fifo":
        os.mkfifo(kept)
    elif kind == "huge":
        with open(kept, "wb") as out:
            out.truncate(3 * 2**30)
    elif kind == "zero":
        kept.symlink_to("/dev/zero")
    elif kind == "folder":
        kept.mkdir()


@pytest.mark.parametrize("kind", ["deep", "deep-small", "fifo", "huge", "zero", "folder"])
def test_junk_in_the_cache_is_only_a_slower_start(cache: Path, tmp_path: Path, kind: str) -> None:
    """D08: deep JSON (RecursionError), a named pipe (blocked every start), a 3 GB file or /dev/zero (read whole:
    MemoryError). Now each is ignored, the files are checked, and the junk is replaced by a good entry (a folder,
    which can't be, is left)."""
    kept = entry(cache, "cards")
    junk(kept, kind)
    scene = tmp_path / "scene.toml"
    scene.write_text(SCENE)
    began = time.monotonic()
    done = start(cache, "scenario", str(scene), "--json", timeout=30)
    assert done.returncode == 0 and done.stderr == "" and json.loads(done.stdout)["cards"]["f"]["hp"] == 5
    assert time.monotonic() - began < 30
    if kind != "folder":
        assert kept.is_file() and not kept.is_symlink()
        assert json.loads(kept.read_text()) == filecache.entry("cards", kept.stem.split("-", 1)[1])


def test_stale_temporary_entries_are_removed_and_fresh_ones_kept(cache: Path) -> None:
    """D20 i: a killed write leaves `.cards-KEY.PID.tmp`; the next write removes those older than a minute."""
    stale, fresh, other = cache / ".cards-abc.123.tmp", cache / ".cards-abc.456.tmp", cache / "notes.tmp"
    for path in (stale, fresh, other):
        path.write_text("")
    os.utime(stale, (0, 0))
    filecache.write("cards", "new")
    assert not stale.exists() and fresh.exists() and other.exists()


def test_files_that_change_while_checked_leave_no_entry(cache: Path, tmp_path: Path) -> None:
    """An entry is written only for the bytes that were checked: a file edited during the check leaves none."""
    card = tmp_path / "a.toml"
    card.write_text("one")
    files = filecache.snapshot([card])

    def check() -> str:
        card.write_text("two")
        return "checked"

    assert filecache.kept_or_checked("probe", files, check, lambda _: "built") == "checked"
    assert list(cache.glob("probe-*.json")) == []
    files = filecache.snapshot([card])
    assert filecache.kept_or_checked("probe", files, lambda: "checked", lambda _: "built") == "checked"
    assert filecache.kept_or_checked("probe", files, lambda: "checked", lambda _: "built") == "built"
