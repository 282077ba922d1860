"""Card and deck files (issues 10 item 4, 16 item 10): schemas, cross-checks, every problem at once, exit 2."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core import cards
from game.core.problems import Problem
from game.core.schemas import SCHEMAS, json_schema
from game.engine import Game
from game.io.scenario_schema import ScenarioFile

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "assets" / "cards"
REPRO = Path(__file__).resolve().parent / "repro" / "cards"


def card_folder(tmp_path: Path, **files: str) -> Path:
    """A copy of the shipped cards with some files replaced or added (name -> TOML text)."""
    folder = tmp_path / "cards"
    shutil.copytree(SHIPPED, folder)
    for name, text in files.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


def check(folder: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, list[str], str]:
    """`cards --check --dir FOLDER`: exit status, stderr lines with the folder written FOLDER, stdout."""
    status = main(["cards", "--check", "--dir", str(folder), *more])
    out, err = capsys.readouterr()
    return status, err.replace(str(folder), "FOLDER").splitlines(), out


BROKEN_KNIGHT = """\
name = "Broken Knight"
kind = "minion"
hp = 5
atk = "lots"
text = "x"
on_paly = []
"""
BROKEN_HORN = """\
name = "Broken Horn"
kind = "action"
text = "x"
on_play = [{ op = "draw", target = "you", n = 1000 }]
"""


def test_three_mistakes_in_two_files_give_three_lines_and_exit_2(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 10: a broken card folder with three mistakes in two files lists exactly those three, exit 2."""
    folder = card_folder(tmp_path, broken_knight=BROKEN_KNIGHT, broken_horn=BROKEN_HORN)
    status, lines, out = check(folder, capsys)
    assert (status, out) == (2, "")
    assert lines == [
        "FOLDER/broken_horn.toml: on_play[0]: field 'n' of op 'draw' must be an integer 0..100, not 1000",
        "FOLDER/broken_knight.toml: atk: must be an integer, not 'lots'",
        "FOLDER/broken_knight.toml: top level: unknown key 'on_paly' (did you mean 'on_play'?)",
    ]


def test_a_schema_problem_hides_no_effect_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 45: a file the schema refuses (HP not a number) still has its effects checked: every problem at once,
    the effect under a place the schema reported (`from_stasis` not a list) once."""
    folder = card_folder(tmp_path, bad="""\
name = "Bad"
kind = "minion"
hp = "x"
atk = 1
text = "x"
on_play = [{ op = "drawz", target = "you", n = 1 }]
from_stasis = 3

[[ability]]
name = "A"
text = "a"
effects = [{ op = "damage", target = "target", n = 500 }]
""")
    status, lines, _ = check(folder, capsys)
    assert status == 2 and lines == [
        "FOLDER/bad.toml: hp: must be an integer, not 'x'",
        "FOLDER/bad.toml: from_stasis: must be a list, not 3",
        "FOLDER/bad.toml: on_play[0]: unknown op 'drawz' (did you mean 'draw'?)",
        "FOLDER/bad.toml: ability[0].effects[0]: field 'n' of op 'damage' must be an integer 0..100, not 500",
    ]


def test_cards_check_runs_as_a_program_with_no_traceback(tmp_path: Path) -> None:
    """docs/formats.md: the installed command prints the same lines on stderr and exits 2."""
    folder = card_folder(tmp_path, broken_knight=BROKEN_KNIGHT)
    done = subprocess.run([sys.executable, "-m", "game", "cards", "--check", "--dir", str(folder)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"{folder}/broken_knight.toml: atk: must be an integer, not 'lots'",
        f"{folder}/broken_knight.toml: top level: unknown key 'on_paly' (did you mean 'on_play'?)",
    ]


def test_listing_a_broken_folder_lists_its_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`cards --dir` lists that folder's cards; with a broken file it prints the problems instead, exit 2."""
    folder = card_folder(tmp_path, broken_horn=BROKEN_HORN)
    assert main(["cards", "--dir", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "broken_horn.toml: on_play[0]" in err
    assert main(["cards", "--dir", str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err == f"countertop: {tmp_path / 'nowhere'}: no such folder\n"


REPRO_CASES = {
    "c01_footman_bad_utf8": ("footman", ["FOLDER/footman.toml: is not UTF-8 text (byte 63)"]),
    "c02_op_list": ("footman", ["FOLDER/footman.toml: on_play[0]: 'op' must be a string naming an op, not ['draw']"]),
    "c04_typo_field": ("rally_horn", [
        "FOLDER/rally_horn.toml: top level: unknown key 'on_paly' (did you mean 'on_play'?)"]),
    "c05_move_to_int": ("rally_horn", [
        "FOLDER/rally_horn.toml: on_play[0]: field 'to' can't be in a card: it comes from the card or the command "
        "that uses it"]),
    "c06_madness_bad_mode": ("madness", ["FOLDER/madness.toml: on_play[0].modes[0].effects[0]: unknown op 'explode'"]),
    "c07_player_op_on_card": ("null_field", [
        "FOLDER/null_field.toml: on_play[0]: op 'gain_stones' affects a player: its target is you or others, "
        "not 'target'"]),
    "c08_card_op_on_player": ("rally_horn", [
        "FOLDER/rally_horn.toml: on_play[0]: op 'tap' affects a card: its target is this, target, choose:FILTER "
        "or each:FILTER, not 'you'"]),
    "c09_negative_cost": ("aegis_knight", ["FOLDER/aegis_knight.toml: ability[0].cost: must be at least 0, not -50"]),
    "c10_trigger_no_on": ("vigil_sentry", [
        "FOLDER/vigil_sentry.toml: mv: must be at least 0, not -3",
        "FOLDER/vigil_sentry.toml: range: must be at least 1, not -100",
        "FOLDER/vigil_sentry.toml: trigger[0]: 'on' is missing"]),
    "c11_answer_in_card": ("fast_forward", [
        "FOLDER/fast_forward.toml: on_play[0]: field 'answer' is set by the game while the effect resolves; "
        "a file can't set it"]),
    "c12_chosen_in_trigger": ("vigil_sentry", [
        "FOLDER/vigil_sentry.toml: trigger[0].effects[0]: field 'chosen' is set by the game while the effect "
        "resolves; a file can't set it",
        "FOLDER/vigil_sentry.toml: trigger[0].effects[0]: target 'target' is the target of a play or an ability; "
        "a trigger has none (use this, you, others, choose:FILTER or each:FILTER)"]),
    "c13_archer_renamed_zany_prof": ("archer", [
        "FOLDER/archer.toml: name: card 'Zany Prof' is already defined by FOLDER/zany_prof.toml; each card has one "
        "file, named zany_prof.toml"]),
}


@pytest.mark.parametrize("repro", sorted(REPRO_CASES))
def test_hostile_card_file_is_refused_with_its_lines(repro: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 10 (c01-c13): each hostile card file gives exactly its expected lines and exit 2."""
    replaces, expected = REPRO_CASES[repro]
    folder = card_folder(tmp_path)
    shutil.copy(REPRO / f"{repro}.toml", folder / f"{replaces}.toml")
    assert check(folder, capsys) == (2, expected, "")


@pytest.mark.parametrize("repro", ["c03_deep", "c03b_bigint"])
def test_unparseable_card_file_is_one_line(repro: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 9 (c03, c03b): deep nesting or a 4,301-digit integer is one line naming the file, exit 2."""
    folder = card_folder(tmp_path)
    shutil.copy(REPRO / f"{repro}.toml", folder / "footman.toml")
    status, lines, out = check(folder, capsys)
    assert (status, out, len(lines)) == (2, "", 1)
    assert lines[0].startswith("FOLDER/footman.toml: ") and "Traceback" not in lines[0]


def test_every_repro_file_has_a_case() -> None:
    """Every hostile card file in tests/repro/cards is a regression case here."""
    files = {p.stem for p in REPRO.glob("c*.toml")}
    assert files == set(REPRO_CASES) | {"c03_deep", "c03b_bigint"}


@pytest.mark.parametrize("name", sorted(p.stem for p in REPRO.glob("s_*.toml")))
def test_repro_scenarios_play_the_shipped_cards(name: str) -> None:
    """The s_* scenarios of the hostile card files play the shipped cards normally (the shipped Madness has no
    mode 'a', so that one choice is rejected with the real options)."""
    rejected = [r["reason"] for r in Game.from_scenario(str(REPRO / f"{name}.toml")).view()["rejected"]]
    assert rejected == (["'a' is not one of the options: draw 2 cards, return this card to the Madness pile"]
                        if name == "s_madness" else [])


def test_a_hostile_card_file_never_reaches_the_pool(tmp_path: Path) -> None:
    """A refused card file is not in the pool, and load_cards raises with every line."""
    folder = card_folder(tmp_path)
    shutil.copy(REPRO / "c11_answer_in_card.toml", folder / "fast_forward.toml")
    pool, problems = cards.check_cards(folder)
    assert "Fast Forward" not in pool and len(pool) == len(list(SHIPPED.glob("*.toml"))) - 1
    assert [p.where for p in problems] == ["on_play[0]"]
    with pytest.raises(cards.CardError) as err:
        cards.load_cards(folder)
    assert err.value.problems == problems


# ----- second stage: cross-checks ---------------------------------------------------------------------------


def test_cross_checks_rule_ids_card_names_stats_and_ability_names(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Rule ids in `shows`, names of other cards, a character's stats, the command's target and ability names are
    cross-checked."""
    folder = card_folder(tmp_path, odd="""\
name = "Odd"
kind = "minion"
text = "x"
shows = ["ST-99", "SE-1"]
on_play = [{ op = "draw", target = "you", n = 1, if_in_play = "Geni" }, { op = "tap", target = "target" }]

[[static]]
stat = "power"
add = -2
if_any = { named = "Red Ridng Hood" }

[[static]]
stat = "power"
add = 1

[[ability]]
name = "Zap"
text = "x"

[[ability]]
name = "Zap"
text = "y"
""")
    status, lines, _ = check(folder, capsys)
    assert status == 2
    assert lines == [
        "FOLDER/odd.toml: hp: a minion is a character and needs 'hp'",
        "FOLDER/odd.toml: atk: a minion is a character and needs 'atk'",
        "FOLDER/odd.toml: on_play[1]: target 'target' needs the card's 'target': what playing it targets",
        "FOLDER/odd.toml: shows[0]: unknown rule id 'ST-99' (did you mean 'ST-9'?)",
        "FOLDER/odd.toml: static[1]: a power static needs one of 'per' and 'if_any' (a filter), not neither: a change "
        "that is always on belongs in 'atk'",
        "FOLDER/odd.toml: ability[1].name: two abilities are named 'Zap'",
        "FOLDER/odd.toml: static[0].if_any.named: no card is named 'Red Ridng Hood' (did you mean 'Red Riding Hood'?)",
        "FOLDER/odd.toml: on_play[0].if_in_play: no card is named 'Geni' (did you mean 'Genie'?)",
    ]


def test_schema_choices_have_did_you_mean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Kinds, trigger events, target filters and damage types are checked with the nearest valid name."""
    folder = card_folder(tmp_path, odd="""\
name = "Odd"
kind = "minon"
text = "x"
target = "enemy_charcter"
damage_type = "spirt"

[[trigger]]
on = "start_of_trun"
in_stasis = 1
""")
    status, lines, _ = check(folder, capsys)
    assert status == 2
    assert lines == [
        "FOLDER/odd.toml: kind: a card kind must be one of minion, action, relic, madness, monster, treasure, "
        "location, not 'minon' (did you mean 'minion'?)",
        "FOLDER/odd.toml: damage_type: a damage type must be one of physical, spirit, not 'spirt' "
        "(did you mean 'spirit'?)",
        "FOLDER/odd.toml: target: a target filter must be one of character_on_board, enemy_character, "
        "ally_character, permanent, hand_yours, stasis_yours, stasis_yours_other, minion_in_play_other, "
        "adjacent_enemies, your_characters, not 'enemy_charcter' (did you mean 'enemy_character'?)",
        "FOLDER/odd.toml: trigger[0].on: a trigger event must be one of stasis_counter_removed, enters_stasis, "
        "becomes_untapped, start_of_turn, minion_played_here, last_white_cube_removed, not 'start_of_trun' "
        "(did you mean 'start_of_turn'?)",
        "FOLDER/odd.toml: trigger[0].in_stasis: must be true or false, not 1",
    ]


def test_unknown_keys_in_nested_tables_suggest_the_nearest(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown key of an [[ability]] or [[trigger]] table names the nearest key of that table."""
    folder = card_folder(tmp_path, odd="""\
name = "Odd"
kind = "relic"
text = "x"

[[ability]]
name = "Zap"
text = "x"
once_per_trun = true

[[trigger]]
on = "start_of_turn"
efects = []
""")
    assert check(folder, capsys)[1] == [
        "FOLDER/odd.toml: trigger[0]: unknown key 'efects' (did you mean 'effects'?)",
        "FOLDER/odd.toml: ability[0]: unknown key 'once_per_trun' (did you mean 'once_per_turn'?)",
    ]


def test_two_files_one_name_blames_the_later_when_neither_is_named_after_it(tmp_path: Path) -> None:
    """Issue 16 item 10 (c13): with no file named after the card, the second file is blamed, naming the first."""
    folder = tmp_path / "cards"
    folder.mkdir()
    footman = (SHIPPED / "footman.toml").read_text()
    (folder / "a.toml").write_text(footman)
    (folder / "b.toml").write_text(footman)
    pool, problems = cards.check_cards(folder)
    assert problems == [Problem(str(folder / "b.toml"), "name", f"card 'Footman' is already defined by "
                                                                f"{folder / 'a.toml'}; each card has one file, "
                                                                "named footman.toml")]
    (folder / "footman.toml").write_text(footman)
    assert sorted(p.file for p in cards.check_cards(folder)[1]) == [str(folder / "a.toml"), str(folder / "b.toml")]


# ----- decks ------------------------------------------------------------------------------------------------


def test_deck_files_are_checked_against_the_pool(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Deck files: schema (unknown keys, copies 1..20, `true` is not 1), card names, kinds and size."""
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "bad.toml").write_text("""\
name = "Bad"
theme = ["x"]

[cards]
"Footman" = true
""")
    (decks / "worse.toml").write_text("""\
name = "Worse"

[cards]
"Fotman" = 10
"Wandering Golem" = 1
"Archer" = 2
""")
    status, lines, _ = check(SHIPPED, capsys, "--decks", str(decks))
    assert status == 2
    assert [line.replace(str(decks), "DECKS") for line in lines] == [
        "DECKS/bad.toml: cards.Footman: must be an integer, not True",
        "DECKS/bad.toml: top level: unknown key 'theme' (did you mean 'themes'?)",
        "DECKS/worse.toml: cards.'Fotman': unknown card 'Fotman' (did you mean 'Footman'?)",
        "DECKS/worse.toml: cards.'Wandering Golem': 'Wandering Golem' is a monster; a deck holds minion, action, "
        "relic cards",
        "DECKS/worse.toml: cards: a standard deck has 20 cards, this one has 13",
    ]


def test_a_broken_card_is_not_blamed_on_the_files_that_name_it(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A broken Genie or Footman file is one line: Wish (if_in_play Genie) and the decks holding Footman pass."""
    footman = (SHIPPED / "footman.toml").read_text().replace("atk = 2", 'atk = "lots"')
    genie = (SHIPPED / "genie.toml").read_text().replace("hp = 5", "hp = -5")
    folder = card_folder(tmp_path, footman=footman, genie=genie)
    status, lines, _ = check(folder, capsys, "--decks", str(ROOT / "assets" / "decks"))
    assert (status, lines) == (2, ["FOLDER/footman.toml: atk: must be an integer, not 'lots'",
                                   "FOLDER/genie.toml: hp: must be at least 1, not -5"])


def test_cards_check_reads_the_shipped_cards_and_decks(capsys: pytest.CaptureFixture[str]) -> None:
    """`cards --check` with no folder checks every shipped card and deck file."""
    assert main(["cards", "--check"]) == 0
    n_cards, n_decks = len(list(SHIPPED.glob("*.toml"))), len(list((ROOT / "assets" / "decks").glob("*.toml")))
    assert capsys.readouterr().out == f"{n_cards} card files and {n_decks} deck files are valid\n"


# ----- the data layer ---------------------------------------------------------------------------------------


# ----- JSON Schemas for editors -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [*sorted(SCHEMAS), "scenario"])
def test_committed_schema_files_match_countertop_schema(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/schemas/KIND.schema.json is exactly what `countertop schema KIND` prints (regenerate if not)."""
    assert main(["schema", kind]) == 0
    printed = capsys.readouterr().out
    assert json.loads(printed) == json_schema(kind, ScenarioFile if kind == "scenario" else None)
    assert (ROOT / "docs" / "schemas" / f"{kind}.schema.json").read_text(encoding="utf-8") == printed


def test_taplo_config_points_at_the_committed_schemas() -> None:
    """.taplo.toml maps card files and deck files to their schema files, and those files exist."""
    import tomllib

    config = tomllib.loads((ROOT / ".taplo.toml").read_text(encoding="utf-8"))
    rules = {tuple(r["include"]): r["schema"]["path"] for r in config["rule"]}
    assert rules[("assets/cards/*.toml",)] == "./docs/schemas/cards.schema.json"
    assert rules[("assets/decks/*.toml",)] == "./docs/schemas/deck.schema.json"
    assert rules[("tests/scenarios/*.toml", "assets/scenarios/*.toml", "docs/screens/*.toml")] == (
        "./docs/schemas/scenario.schema.json")
    for path in rules.values():
        assert (ROOT / path).is_file()


def test_card_schema_describes_every_op_and_its_bounds() -> None:
    """The effect schema lists every op with its fields; counts carry their bounds; internal fields are absent."""
    effect = json_schema("cards")["$defs"]["Effect"]
    cases = {case["if"]["properties"]["op"]["const"]: case["then"] for case in effect["allOf"]}
    assert set(cases) == set(effect["properties"]["op"]["enum"]) == set(cards.opspecs.OP_NAMES)
    draw = cases["draw"]["properties"]
    assert draw["n"]["minimum"] == 0 and draw["n"]["maximum"] == 100
    assert "answer" not in draw and "chosen" not in draw and "source" not in draw
    assert cases["draw"]["required"] == ["n", "op"] and cases["draw"]["additionalProperties"] is False


def test_unknown_schema_kind_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`countertop schema` names the kinds it knows."""
    assert main(["schema", "bogus"]) == 2
    assert capsys.readouterr().err == "countertop: no schema for 'bogus'; kinds: cards, deck, scenario\n"
