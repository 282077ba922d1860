"""Hostile scenario files and saves (issue 16, kept in tests/repro/): each ends in a normal run with strict
JSON, or in one line per problem naming the file, and exit 2; never a traceback, a hang or a lost card.

Scenarios run as `countertop scenario FILE --json`, saves as `countertop play --load FILE` (refused before
any window opens). Most run in-process for speed; a few run as real processes to prove no traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
REPRO = Path(__file__).parent / "repro"

# file -> the fragment its one error line must hold; None: it runs (exit 0) and prints strict JSON.
SCENARIOS: dict[str, str | None] = {
    "k10_monster_in_stasis.toml": "[[card]] #0 ('g'): field 'zone': a monster belongs to nobody",
    "k10b_treasure_in_hand.toml": "[[card]] #0 ('t'): field 'zone': a treasure belongs to nobody",
    "k11b_controller_nonplayer_on_monster.toml": "field 'controller': a monster is controlled by nobody",
    "s01_op_not_string.toml": "[[do]] #0: 'op' must be a string naming an op, not ['damage']",
    "s02_move_path_int.toml": "field 'path' of op 'move' must be a list of 1..34 squares",
    "s02b_move_to_3.toml": "field 'to' of op 'move' must be a square [x, y]",
    "s02c_move_path_strs.toml": "field 'path' of op 'move' must be a list of 1..34 squares",
    "s03_answer_upto.toml": "field 'answer' is set by the game",
    "s03b_answer_mode.toml": "field 'answer' is set by the game",
    "s04_modes_not_tables.toml": "a mode must be a table",
    "s04b_mode_unknown_op.toml": "modes[0].effects[0]: unknown op 'explode'",
    "s04c_mode_no_effects.toml": "a mode needs 'effects'",
    "s04d_mode_bad_target.toml": "modes[0].effects[0]: unknown target 'everyone'",
    "s04e_mode_chosen_bogus.toml": "field 'chosen' is set by the game",
    "s05_prompt_nan.toml": "[[do]] #0: key 'prompt': nan is not a number a scenario can use",
    "s05b_prompt_datetime.toml": "[[do]] #0: key 'prompt': a date or time",
    "s06_stacks_huge.toml": "field 'stacks' of op 'apply_status' must be an integer 1..100",
    "s06b_remove_stasis_huge.toml": "field 'n' of op 'remove_stasis' must be an integer 0..100",
    "s07_upto_huge.toml": "field 'n' of op 'remove_stasis' must be an integer 0..100",
    "s08_deep_nesting.toml": "not valid TOML",
    "s08b_bigint.toml": "not valid TOML: ValueError: Exceeds the limit (4300 digits)",
    "s09_choose_bool_as_number.toml": None,
    "s10_answer_discards_other_players_card.toml": "field 'answer' is set by the game",
    "s11_10000_card_deck_draw.toml": "field 'n' of op 'draw' must be an integer 0..100, not 10000",
}

SAVES: dict[str, str] = {
    "sv01_bad_utf8.json": "is not UTF-8 text",
    "sv02_rng_negative.json": "dice.rng[1][0]: Input should be greater than or equal to 0",
    "sv03_seq_infinity.json": "Infinity is not a JSON number",
    "sv04_deep_nesting.json": "not a readable JSON save (RecursionError",
    "sv04b_deep_nesting_in_save.json": "not a readable JSON save (RecursionError",
    "sv05_bigint.json": "Exceeds the limit (4300 digits)",
    "sv06_crt_string.json": "cards[13].stats[2]: Input should be a valid integer",
    "sv07_log_null.json": "log[15]: Input should be an object",
    "sv08_queue_unknown_op.json": "queue[0]: unknown op 'explode'",
    "sv09_pending_empty_queue.json": "pending: a choice waits, but no effect is waiting for it",
    "sv10_phase_bogus_pending.json": "turn.phase: Input should be 'start', 'untap', 'main', 'end' or 'over'",
    "sv10b_phase_bogus.json": "turn.phase: Input should be 'start', 'untap', 'main', 'end' or 'over'",
    "sv11_dup_ref.json": "ref 'bo-7' is used twice: a card would be lost",
    "sv12_one_player.json": "players_order: a game has 2 to 4 players, not 1",
    "sv12b_dup_players.json": "players_order: two players are named 'Ada'",
    "sv13_active_out_of_range.json": "turn.active: seat 5 is not one of the 2 seats",
    "sv14_zone_bogus.json": "unknown zone 'nowhere'",
    "sv15_negative_stones.json": "players[0].stones: Input should be greater than or equal to 0 (found -5)",
    "sv16_hp_negative_on_board.json": "wandering-golem-14 is on the board with -7 HP",
    "sv17_pos_off_board.json": "square [40, -3] is off the 7x5 board",
    "sv18_python_object_keys.json": "cards[5].__reduce__: Extra inputs are not permitted",
    "sv19_version2.json": "version: unsupported save version 2",
    "sv19b_version_float.json": "version: unsupported save version 1.0",
    "sv19c_version_true.json": "version: unsupported save version True",
    "sv20_truncated_half.json": "not a readable JSON save",
    "sv21_empty.json": "not a readable JSON save",
}


def strict_json(text: str) -> object:
    """Parse JSON refusing NaN and infinities."""

    def refuse(name: str) -> object:
        raise ValueError(f"{name} in the output")

    return json.loads(text, parse_constant=refuse)


def test_every_repro_file_has_an_expected_outcome() -> None:
    assert sorted(p.name for p in REPRO.iterdir() if p.suffix in (".toml", ".json")) == sorted({*SCENARIOS, *SAVES})


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_hostile_scenario(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 0 with strict JSON, or exit 2 with lines `countertop: FILE: WHERE: WHAT` and nothing on stdout."""
    path = str(REPRO / name)
    code = main(["scenario", path, "--json"])
    out, err = capsys.readouterr()
    fragment = SCENARIOS[name]
    if fragment is None:
        assert (code, err) == (0, "")
        strict_json(out)
        return
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert all(line.startswith(f"countertop: {path}: ") for line in lines), err
    assert any(fragment in line for line in lines), err


def test_choose_true_is_not_option_1(capsys: pytest.CaptureFixture[str]) -> None:
    """s09: `option = true` is a well-formed but illegal answer: rejected (listed in the dump), not taken as 1."""
    assert main(["scenario", str(REPRO / "s09_choose_bool_as_number.toml"), "--json"]) == 0
    dump = strict_json(capsys.readouterr().out)
    assert isinstance(dump, dict)
    assert dump["rejected"] == [{"step": 1, "act": "choose", "reason": "True is not one of the options: 0, 1, 2"}]
    assert dump["cards"]["h"]["stasis_counters"] == 3


@pytest.mark.parametrize("name", sorted(SAVES))
def test_hostile_save(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad save is refused with ONE line naming the file and its first problem, exit 2, before any window."""
    path = str(REPRO / name)
    assert main(["play", "--load", path]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"countertop: {path}: "), err
    assert SAVES[name] in err, err


@pytest.mark.parametrize("name", ["s08_deep_nesting.toml", "s11_10000_card_deck_draw.toml", "sv04_deep_nesting.json",
                                  "sv05_bigint.json", "s09_choose_bool_as_number.toml"])
def test_hostile_files_in_a_real_process(name: str) -> None:
    """The same through `python -m game`: no traceback on stderr, the expected exit status."""
    path = str(REPRO / name)
    command = ["play", "--load", path] if name.endswith(".json") else ["scenario", path, "--json"]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", *command], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=env)
    assert "Traceback" not in done.stderr
    if SCENARIOS.get(name, "") is None:
        assert done.returncode == 0 and done.stderr == ""
        strict_json(done.stdout)
    else:
        assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) >= 1
