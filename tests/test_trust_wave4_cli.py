"""Issue 42 on the command line: the reproductions of tests/repro/wave4 that `sim`, `tune`, `value`, `replay` and
variant files answer (E03, E04, E06, E07, E10, E15, E16, E17, E20, E21, E23); E18 is tests/test_rule_loops.py."""

from __future__ import annotations

import errno
import json
import os
import random
import shlex
import stat
from pathlib import Path

import pytest

from game.bots.registry import SPECS, make_bot
from game.cli import main
from game.core import atomic
from game.core.dice import MAX_SEED
from game.engine import Game
from game.io.scenario import ScenarioError
from game.io.serialize import SaveError, check_save
from game.io.setup import SetupError, new_game
from game.rules.effects import queue_effects
from game.tools.variant import load_variant

WAVE4 = Path(__file__).resolve().parent / "repro" / "wave4"
TUNE = ["tune", "--deck", "clockwork_vanguard", "--cards", "Footman", "--games", "2", "--workers", "1", "--bots",
        "greedy-v1", "greedy-v1"]


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run a command that must fail with exit status 2, one line on stderr and nothing on stdout; the line."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    return err.strip()


def variant_line(capsys: pytest.CaptureFixture[str], name: str) -> str:
    """`sim --variant` of a reproduction, refused in one line: the line."""
    return one_line(capsys, ["sim", "--games", "2", "--workers", "1", "--variant", str(WAVE4 / name)])


# ----- variant files (E07, E16, E20) --------------------------------------------------------------------------


def test_a_variant_cant_change_the_kind_of_a_card_setup_places_e07(capsys: pytest.CaptureFixture[str]) -> None:
    """E07: a Wandering Golem made an action was set up on the monster square, a table that could not arise."""
    assert variant_line(capsys, "E07_variant_setup_card_kind.toml") == (
        f"countertop: {WAVE4}/E07_variant_setup_card_kind.toml: cards.'Wandering Golem'.kind: setup places this "
        "card as a monster; a variant can't change its kind")


@pytest.mark.parametrize("card, change, kind", [
    ("Lost Relic", 'kind = "monster"\nhp = 3\natk = 1\nmv = 1\nrange = 1', "treasure"),
    ("Madness", 'kind = "minion"\nhp = 3\natk = 1\nmv = 1\nrange = 1', "madness"),
    ("Alternate Present", 'kind = "minion"\nhp = 3\natk = 1\nmv = 1\nrange = 1', "location"),
])
def test_every_setup_card_keeps_its_kind_e07(tmp_path: Path, capsys: pytest.CaptureFixture[str], card: str,
                                             change: str, kind: str) -> None:
    path = tmp_path / "kind.toml"
    path.write_text(f'[cards."{card}"]\n{change}\n')
    line = one_line(capsys, ["sim", "--games", "2", "--variant", str(path)])
    assert line == (f"countertop: {path}: cards.'{card}'.kind: setup places this card as a {kind}; a variant can't "
                    "change its kind")


def test_a_character_made_another_kind_keeps_no_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the variant fuzzer: Aegis Knight made an action kept its hp and atk, and a game of it could not be
    saved ("stats and hp go with characters, and only with them"). A card that is not a character has none."""
    path = tmp_path / "v.toml"
    path.write_text('[cards."Aegis Knight"]\nkind = "action"\n')
    assert main(["sim", "--games", "1", "--variant", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"countertop: {path}: cards.'Aegis Knight'.{stat}: 'action' is not a kind of character: the card has no "
        f"{stat!r}" for stat in ("hp", "atk")]


def test_only_a_madness_card_returns_to_the_madness_pile(tmp_path: Path) -> None:
    """Found by the variant fuzzer: an Aegis Knight that returns itself to the Madness pile when it untaps left a
    player's card owned by nobody, a table no save could hold. The op moves Madness cards only (G-1)."""
    path = tmp_path / "v.toml"
    path.write_text('[cards."Aegis Knight"]\ntrigger = [{ on = "becomes_untapped", effects = [{ op = '
                    '"return_to_madness", target = "this" }] }]\n')
    variant = load_variant(str(path))
    game = Game(new_game(["Ada", "Bo"], ["clockwork_vanguard"] * 2, 0, variant.contents))
    pick = random.Random(0)
    for _ in range(200):
        if game.view()["phase"] == "over":
            break
        assert game.act(pick.choice(game.legal_actions())).ok
    assert any(e["type"] == "Triggered" for e in game.table.log)
    check_save(json.loads(json.dumps(game.to_state())), "<state>")
    assert all(game.view()["cards"][ref]["owner"] in ("Ada", "Bo") for ref in game.table.refs if ref.startswith("p"))
    game.close()


def test_toml_dates_are_named_in_one_line_e16(capsys: pytest.CaptureFixture[str]) -> None:
    """E16: a date as a deck's copies, or a time as the variant's name, crashed with a TypeError from json."""
    assert variant_line(capsys, "E16_variant_toml_date.toml") == (
        f"countertop: {WAVE4}/E16_variant_toml_date.toml: decks.clockwork_vanguard.cards.'Footman': copies must be a "
        "whole number from 0 to 20, not 1979-05-27")
    assert variant_line(capsys, "E16b_variant_toml_date_name.toml") == (
        f"countertop: {WAVE4}/E16b_variant_toml_date_name.toml: name: must be a non-empty string, not 07:32:00")


def test_a_key_with_a_line_break_is_refused_in_one_line_e20(capsys: pytest.CaptureFixture[str]) -> None:
    """E20: "a\\nb" split the refusal over two lines, and "hp\\n" was taken as hp (the key pattern ended with $)."""
    assert variant_line(capsys, "E20_variant_key_newline.toml") == (
        f"countertop: {WAVE4}/E20_variant_key_newline.toml: cards.'Footman'.'a\\nb': a key is a field name, or a path "
        "such as ability[0].cost")
    assert variant_line(capsys, "E20b_variant_key_trailing_newline.toml") == (
        f"countertop: {WAVE4}/E20b_variant_key_trailing_newline.toml: cards.'Footman'.'hp\\n': a key is a field "
        "name, or a path such as ability[0].cost")


# ----- the engine under a variant (E15) -----------------------------------------------------------------------


def test_a_may_before_a_mode_asks_the_mode_after_yes_e15(capsys: pytest.CaptureFixture[str]) -> None:
    """E15: `choose_mode` with `may` took the may's "yes" as the mode's label (ValueError: 'yes' is not in list)."""
    variant = load_variant(str(WAVE4 / "E15_variant_choose_mode_may.toml"))
    game = Game.empty(["Ada", "Bo"])
    stones = game.view()["players"]["Ada"]["stones"]
    queue_effects(game.table, variant.contents.pool["Oliver"].on_play, None, "Ada")
    game.advance()
    assert (game.table.pending or {})["options"] == ["yes", "no"]
    assert game.act({"act": "choose", "option": "yes"}).ok
    assert (game.table.pending or {})["options"] == ["one stone", "two stones"]
    assert game.act({"act": "choose", "option": "two stones"}).ok
    assert game.table.pending is None and game.view()["players"]["Ada"]["stones"] == stones + 2
    argv = ["sim", "--games", "4", "--bots", "greedy-v1", "greedy-v1", "--decks", "clockwork_vanguard", "fable_guard",
            "--workers", "1", "--json", "--variant", str(WAVE4 / "E15_variant_choose_mode_may.toml")]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["compare"]["variants"][0]["games"] == 4


# ----- tune (E03, E10, E17, E23) ------------------------------------------------------------------------------


def test_tune_refuses_an_out_it_cant_write_before_playing_e03(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """E03: a file or a device as --out lost the whole search ("File exists", nothing printed)."""
    afile = tmp_path / "afile"
    afile.write_text("not a folder\n")
    assert one_line(capsys, [*TUNE, "--out", str(afile)]) == f"countertop: --out {afile}: is a file, not a folder"
    assert one_line(capsys, [*TUNE, "--out", "/dev/full"]) == "countertop: --out /dev/full: is not a folder"
    assert one_line(capsys, [*TUNE, "--out", str(afile / "sub")]) == (
        f"countertop: --out {afile / 'sub'}: {afile} is a file, not a folder")


def test_tune_prints_its_outcome_before_the_files_and_writes_all_or_none_e03(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """E03 on a full disk: the outcome is printed first, then the files fail as one (no suggestion left without
    its tune.json)."""
    real = atomic.write_whole

    def full_at_tune_json(path: str | os.PathLike[str], content: str | bytes, private: bool = False) -> None:
        if Path(path).name == "tune.json":
            raise OSError(errno.ENOSPC, "No space left on device", os.fspath(path))
        real(path, content, private)

    monkeypatch.setattr(atomic, "write_whole", full_at_tune_json)
    out_dir = tmp_path / "out"
    assert main([*TUNE, "--out", str(out_dir)]) == 2
    out, err = capsys.readouterr()
    assert out.startswith("clockwork_vanguard with shipped cards: win rate") and len(out.splitlines()) >= 5
    assert err == f"countertop: {out_dir}/tune.json: can't be written (No space left on device)\n"
    assert list(out_dir.iterdir()) == []


def test_tune_writes_suggestions_that_read_back_e10(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """E10: a start variant with a list of effect tables was written as JSON; `sim` refused the file."""
    out_dir = tmp_path / "e10-out"
    assert main([*TUNE, "--variant", str(WAVE4 / "E10_tune_out_writes_json_as_toml.toml"), "--out", str(out_dir)]) == 0
    capsys.readouterr()
    written = sorted(out_dir.glob("0*.toml"))
    assert written
    for path in written:
        made = load_variant(str(path))
        assert made.cards["Time Out"] == {"on_play": [{"op": "draw", "target": "you", "n": 2}]}
        assert main(["sim", "--games", "1", "--workers", "1", "--json", "--variant", str(path)]) == 0
        assert json.loads(capsys.readouterr().out)["compare"]["variants"][0]["name"] == made.name


def test_tune_with_a_deck_of_one_card_e17(capsys: pytest.CaptureFixture[str]) -> None:
    """E17: 20 Footmen and nothing else: no copy change can be tried, and `tune` ended in max() of nothing."""
    argv = ["tune", "--deck", "clockwork_vanguard", "--games", "2", "--workers", "1", "--bots", "greedy-v1",
            "greedy-v1",
            "--json", "--variant",
            str(WAVE4 / "E17_tune_one_card_deck.toml")]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["start"] == "Footmen only" and out["tried"] == 4  # hp and atk, each by 1 and 2: no copy changes


def test_reports_name_the_path_given_and_are_written_whole_e23(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """E23: `value --report` named the absolute path; `sim --report` left report.json without its page."""
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("x\n")
    (tmp_path / "rep" / "report.html").mkdir(parents=True)
    assert main(["value", "--games", "2", "--against", "myopic", "--workers", "1", "--report", "afile/sub"]) == 2
    assert capsys.readouterr().err == "countertop: afile/sub/report.json: can't be written (Not a directory)\n"
    assert main(["sim", "--games", "1", "--workers", "1", "--report", "rep"]) == 2
    assert capsys.readouterr().err == ("countertop: rep/report.html: can't be written (is a folder, not a file to "
                                       "write)\n")
    assert sorted(p.name for p in Path("rep").iterdir()) == ["report.html"]
    assert one_line(capsys, [*TUNE, "--out", "afile"]) == "countertop: --out afile: is a file, not a folder"


# ----- files that hold hidden cards (E06) ---------------------------------------------------------------------


def test_an_exported_scenario_is_as_private_as_its_save_e06(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """E06: the scenario exported from a save holds every hand and the deck order, but was written 0644."""
    save, table = tmp_path / "save.json", tmp_path / "table.toml"
    old = os.umask(0o022)
    try:
        Game.new(["Ada", "Bo"], seed=3).save(str(save))
        assert main(["replay", str(save), "--export", str(table)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(save.stat().st_mode) == stat.S_IMODE(table.stat().st_mode) == 0o600
    assert table.read_text().count('zone = "deck"') == 30
    assert capsys.readouterr().err == f"wrote {table}: the table at step 0 of 0 (turn 1)\n"


# ----- seeds: one bound where given and where kept (E04) ------------------------------------------------------


def test_a_seed_out_of_bounds_is_refused_where_it_is_given_e04(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """E04: `sim --seed -3 --keep DIR` wrote games `replay` refused; a game of seed 2**64 made a save that did not
    load. Every seed is a whole number from 0 to MAX_SEED, refused in one line where it is given."""
    kept = tmp_path / "kept"
    bound = f"must be a whole number from 0 to {MAX_SEED}"
    assert one_line(capsys, ["sim", "--games", "1", "--seed", "-3", "--keep", str(kept)]) == (
        f"countertop: --seed {bound}, not -3")
    assert not kept.exists()
    assert one_line(capsys, ["sim", "--games", "2", "--seed", str(MAX_SEED)]) == (
        f"countertop: --seed {MAX_SEED} is too large for 2 games: their seeds would go past {MAX_SEED}")
    for command in (TUNE, ["value", "--games", "2", "--against", "myopic"]):
        assert one_line(capsys, [*command, "--seed", str(2**64)]) == f"countertop: --seed {bound}, not {2**64}"
    assert one_line(capsys, ["play", "--players", "Ada", "Bo", "--seed", str(2**64)]) == (
        f"countertop: --seed {bound}, not {2**64}")
    with pytest.raises(SetupError, match=f"^seed {bound}, not {2**64}$"):
        Game.new(["Ada", "Bo"], seed=2**64)


def test_the_largest_seed_makes_games_that_are_kept_and_read_back_e04(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The bound where seeds are kept is the same: a kept game of seed MAX_SEED replays, a save of it loads, a
    scenario may name it, and one seed more is refused by each."""
    kept = tmp_path / "kept"
    assert main(["sim", "--games", "1", "--seed", str(MAX_SEED), "--workers", "1", "--json", "--keep", str(kept)]) == 0
    capsys.readouterr()
    [replay] = kept.glob("*.json")
    assert main(["replay", str(replay), "--json"]) == 0 and json.loads(capsys.readouterr().out)["phase"] == "over"
    save = tmp_path / "save.json"
    Game.new(["Ada", "Bo"], seed=MAX_SEED).save(str(save))
    assert Game.load(str(save)).view()["seed"] == MAX_SEED
    state = json.loads(save.read_text())
    state["dice"]["seed"] = MAX_SEED + 1
    save.write_text(json.dumps(state))
    with pytest.raises(SaveError, match=r"dice\.seed: Input should be less than or equal to 9223372036854775807"):
        Game.load(str(save))
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'seed = {MAX_SEED}\nplayers = ["Ada", "Bo"]\n')
    assert Game.from_scenario(str(scenario)).view()["seed"] == MAX_SEED
    scenario.write_text('seed = -1\nplayers = ["Ada", "Bo"]\n')
    with pytest.raises(ScenarioError, match=f"s.toml: seed: must be a whole number from 0 to {MAX_SEED}, not -1$"):
        Game.from_scenario(str(scenario))


# ----- bot budgets (E21) --------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["ismcts:", "ismcts: 1", "ismcts:1_0", "ismcts:+5", "ismcts:٣", "ismcts:１",
                                 "ismcts-no:stasis:٣", "ismcts-no:stasis:", "ismcts:1e3ms", "ismcts:nanms"])
def test_a_budget_is_ascii_digits_e21(bot: str, capsys: pytest.CaptureFixture[str]) -> None:
    """E21: budgets were read with int() and float(): a space, an underscore, an empty budget, another script's
    digits passed, and the report's command then split the name."""
    budget = bot.rsplit(":", 1)[1]
    assert one_line(capsys, ["sim", "--games", "1", "--bots", "greedy-v1", bot]) == (
        f"countertop: bad bot {bot!r}: an ismcts budget is a number of playouts (1 to 100000) or of milliseconds "
        f"such as 300ms, in the digits 0 to 9, not {budget!r}; bots: {SPECS}")


def test_good_budgets_still_play_and_the_command_quotes_each_bot_e21(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    for bot in ("ismcts", "ismcts:64", "ismcts:300ms", "ismcts:0.5ms", "ismcts-no:stasis:8", "greedy-no:stun"):
        make_bot(bot, 0)
    report = tmp_path / "rep"
    assert main(["sim", "--games", "1", "--bots", "greedy-v1", "ismcts:2", "--workers", "1", "--json", "--report",
                 str(report)]) == 0
    command = json.loads((report / "report.json").read_text())["command"]
    assert shlex.split(command)[shlex.split(command).index("--bots") + 1:][:2] == ["greedy-v1", "ismcts:2"]


def test_seats_name_the_budgets_own_problem_e21(capsys: pytest.CaptureFixture[str]) -> None:
    """E21: `--seats` said "unknown seat" for a bad budget, naming neither its problem nor the restricted bots."""
    argv = ["play", "--seats", "ismcts-no:stasis:0", "person", "--screenshot", "x.png", "--screen", "new_game"]
    assert one_line(capsys, argv) == ("countertop: --seats: bad seat 'ismcts-no:stasis:0': an ismcts budget is 1 to "
                                      "100000 playouts, not '0'")
    argv[2] = "clever"
    assert one_line(capsys, argv) == f"countertop: --seats: unknown seat 'clever'; seats: person, {SPECS}"


def test_a_replay_file_holds_bot_names_under_the_same_rule_e21(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Bot names are kept in replay files: the same check as where they are given."""
    kept = tmp_path / "kept"
    assert main(["sim", "--games", "1", "--workers", "1", "--json", "--keep", str(kept)]) == 0
    capsys.readouterr()
    [path] = kept.glob("*.json")
    data = json.loads(path.read_text())
    data["bots"] = ["greedy-v1", "ismcts: 1"]
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--json"]) == 2
    assert capsys.readouterr().err == (
        f"{path}: bots[1]: bad bot 'ismcts: 1': an ismcts budget is a number of playouts (1 to 100000) or of "
        f"milliseconds such as 300ms, in the digits 0 to 9, not ' 1'; bots: {SPECS}\n")
