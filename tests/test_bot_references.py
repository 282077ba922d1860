"""The frozen references: `greedy-v1` and `ismcts-v1` play exactly as `greedy` and `ismcts` did in the release
before the evaluation bots (their seeded `sim --json`, kept in tests/bots_reference/, with the old names)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main

KEPT = Path(__file__).parent / "bots_reference"


@pytest.mark.parametrize("file,argv,renames", [
    ("ismcts16_greedy_seed11.json", ["--games", "4", "--seed", "11", "--bots", "ismcts-v1:16", "greedy-v1"],
     {"ismcts-v1:16": "ismcts:16", "greedy-v1": "greedy"}),
    ("greedy_greedy_seed5.json", ["--games", "20", "--seed", "5", "--bots", "greedy-v1", "greedy-v1"],
     {"greedy-v1": "greedy"}),
])
def test_the_references_play_as_the_last_release_did(capsys: pytest.CaptureFixture[str], file: str,
                                                      argv: list[str], renames: dict[str, str]) -> None:
    """Should this fail, a change reached code the references run (game/bots/simple.py, game/bots/search.py, or
    the engine under them): a rules change may move them, a bot change must not. Regenerate the kept file only
    for a rules change, and say so in the commit."""
    assert main(["sim", *argv, "--paired", "--workers", "1", "--json"]) == 0
    text = capsys.readouterr().out
    for new, old in renames.items():
        text = text.replace(new, old)
    kept = json.loads((KEPT / file).read_text())
    assert kept_part(json.loads(text), kept) == kept


def kept_part(now: object, kept: object) -> object:
    """What a dump says of the kept keys only: `sim --json` gains keys over time (extended, never changed), and the
    games the references played are what must not move."""
    if isinstance(now, dict) and isinstance(kept, dict):
        return {k: kept_part(now[k], v) for k, v in kept.items() if k in now}
    return now
