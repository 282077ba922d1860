"""The `countertop` command line (docs/formats.md, §3, §4): scenario dumps, bad input, cards, rules, sim."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.core.cards import CardError, load_cards
from game.core.constants import STATUSES
from game.core.rulebook import load_rules
from game.tools.bench import check_figure, rules_figure

ROOT = Path(__file__).resolve().parent.parent
PHASES = ("start", "untap", "main", "end", "over")
ZONES = ("deck", "hand", "board", "location", "discard", "stasis", "removed", "madness")
TOP_KEYS = {"turn", "active", "phase", "winner", "pending", "players", "cards", "rejected", "log"}
CARD_KEYS = {"name", "kind", "owner", "controller", "zone", "pos", "tapped", "stasis_counters", "stun_counters",
             "status", "hp", "max_hp", "atk", "crt", "mv", "cubes"}
STATUS_NAMES = {"Blind", "Break", "Burn", "Cripple", "Freeze", "Poison", "Shear", "Silence", "Sleep", "Stun", "Upkeep"}
"""The statuses the dump contract names: the status table holds them all, and may add more."""

TABLE = """
description = "A table with every zone, a rejected action and a pending choice."
players = ["Ada", "Bo"]
dice = [10]

[[card]]
ref = "loc"
name = "Alternate Present"
zone = "location"
pos = [1, 2]

[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [3, 1]
stun_counters = 1
tapped = true
status = { Burn = 2, Stun = 1 }
cubes = { blue = 2 }

[[card]]
ref = "b"
name = "Archer"
owner = "Bo"
zone = "board"
pos = [3, 3]

[[card]]
ref = "golem"
name = "Wandering Golem"
zone = "board"
pos = [6, 2]

[[card]]
ref = "halo"
name = "Halo Fountain"
owner = "Ada"
zone = "board"

[[card]]
ref = "hftp"
name = "Help From the Past"
owner = "Ada"
zone = "stasis"
stasis_counters = 3

[[card]]
ref = "g"
name = "Sidelined Girlfriend"
owner = "Ada"
zone = "hand"

[[card]]
ref = "w"
name = "Wish"
owner = "Ada"
zone = "hand"

[[card]]
ref = "top"
name = "Archer"
owner = "Ada"
zone = "deck"

[[card]]
ref = "old"
name = "Footman"
owner = "Bo"
zone = "discard"

[[card]]
ref = "mad"
name = "Madness"
zone = "madness"

[[do]]
act = "move"
card = "f"
to = [3, 2]

[[do]]
act = "play"
card = "g"
to = [0, 0]
"""


def write(tmp_path: Path, text: str, name: str = "table.toml") -> str:
    """Write a scenario file and return its path."""
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def run_json(capsys: pytest.CaptureFixture[str], path: str) -> dict[str, Any]:
    """`countertop scenario FILE --json`, parsed."""
    assert main(["scenario", path, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)


def test_scenario_json_keys_and_types(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: the dump has the contract keys with the right types (turn, active, phase, winner, pending,
    players, cards, rejected, log)."""
    dump = run_json(capsys, write(tmp_path, TABLE))
    assert set(dump) >= TOP_KEYS
    assert (dump["turn"], dump["active"], dump["phase"], dump["winner"]) == (1, "Ada", "main", None)
    assert isinstance(dump["turn"], int) and dump["phase"] in PHASES
    pending = dump["pending"]
    assert set(pending) == {"player", "prompt", "options"} and pending["player"] == "Ada"
    assert isinstance(pending["prompt"], str) and pending["options"] == ["w", "no"]
    assert set(dump["players"]) == {"Ada", "Bo"}
    for p in dump["players"].values():
        assert {"vp", "stones", "hand", "deck", "discard", "stasis"} <= set(p)
        assert isinstance(p["vp"], int) and isinstance(p["stones"], int)
        for key in ("hand", "deck", "discard", "stasis"):
            assert all(isinstance(r, str) and r in dump["cards"] for r in p[key])
    assert dump["players"]["Ada"]["stasis"] == ["hftp"] and dump["players"]["Ada"]["deck"] == ["top"]
    assert dump["players"]["Bo"]["discard"] == ["old"] and dump["players"]["Ada"]["hand"] == ["w"]
    assert dump["rejected"] == [{"step": 0, "act": "move", "reason": "Footman is tapped: it can't move (G-5)"}]
    assert all(isinstance(e, dict) and isinstance(e["type"], str) for e in dump["log"])


def test_scenario_json_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: every card by ref with its zone, counters as integers, statuses by name, stats only for
    characters (printed values off the board), cubes always present."""
    cards = run_json(capsys, write(tmp_path, TABLE))["cards"]
    assert set(cards) == {"loc", "f", "b", "golem", "halo", "hftp", "g", "w", "top", "old", "mad"}
    for ref, cd in cards.items():
        assert set(cd) >= CARD_KEYS, ref
        assert cd["zone"] in ZONES
        assert type(cd["stasis_counters"]) is int and type(cd["stun_counters"]) is int
        assert set(cd["cubes"]) == {"red", "white", "blue"}
        assert set(cd["status"]) <= set(STATUSES)
        if cd["kind"] in ("minion", "monster"):
            assert all(type(cd[k]) is int for k in ("hp", "max_hp", "atk", "crt", "mv")), ref
        else:
            assert all(cd[k] is None for k in ("hp", "max_hp", "atk", "crt", "mv")), ref
    zones = {ref: cd["zone"] for ref, cd in cards.items()}
    assert zones == {"loc": "location", "f": "board", "b": "board", "golem": "board", "halo": "board",
                     "hftp": "stasis", "g": "board", "w": "hand", "top": "deck", "old": "discard",
                     "mad": "madness"}
    f = cards["f"]
    assert (f["pos"], f["tapped"], f["stun_counters"], f["status"], f["cubes"]["blue"]) == \
        ([3, 1], True, 1, {"Burn": 2, "Stun": 1}, 2)
    assert (f["hp"], f["max_hp"], f["atk"], f["crt"], f["mv"]) == (5, 5, 2, 0, 2)
    assert (cards["halo"]["pos"], cards["halo"]["kind"]) == (None, "relic")
    assert (cards["golem"]["owner"], cards["golem"]["controller"], cards["golem"]["kind"]) == (None, None, "monster")
    assert (cards["hftp"]["stasis_counters"], cards["hftp"]["owner"]) == (3, "Ada")
    assert (cards["top"]["hp"], cards["top"]["max_hp"], cards["top"]["pos"]) == (4, 4, None)
    assert (cards["mad"]["owner"], cards["mad"]["kind"]) == (None, "madness")


def test_scenario_json_game_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md, G-7: a finished game dumps phase "over" and the winner's name (after Bo's turn, G-9)."""
    text = """
players = ["Ada", "Bo"]
vp = { Ada = 10 }

[[do]]
act = "end_turn"

[[do]]
act = "end_turn"
"""
    dump = run_json(capsys, write(tmp_path, text))
    assert (dump["phase"], dump["winner"], dump["pending"]) == ("over", "Ada", None)


def test_scenario_json_tie_goes_to_the_later_seat_g9(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md, G-9: a tie of VP goes to the later seat (a shared win, a list of names, needs a variant
    with tie_break 0: tests/test_game_rules.py)."""
    text = 'players = ["Ada", "Bo"]\nvp = { Ada = 10, Bo = 10 }\n' + '[[do]]\nact = "end_turn"\n' * 2
    assert run_json(capsys, write(tmp_path, text))["winner"] == "Bo"


def test_scenario_checks_its_expect_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: `scenario` checks the file's [expect] table after the run: met, exit 0 and nothing on
    stderr; each unmet expectation one line on stderr, exit 1 (the state is printed either way)."""
    base = ('players = ["Ada", "Bo"]\nvp = { Ada = 10 }\n' + '[[do]]\nact = "end_turn"\n' * 2
            + '[expect]\nwinner = "Ada"\n')
    met = write(tmp_path, base)
    assert main(["scenario", met]) == 0 and capsys.readouterr().err == ""
    missed = tmp_path / "missed.toml"
    missed.write_text(base + '"players.Bo.vp" = 3\nlog_lacks = ["GameOver"]\n', encoding="utf-8")
    assert main(["scenario", str(missed), "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["winner"] == "Ada"
    assert err.splitlines()[0] == f"{missed}: expect: players.Bo.vp: 0, expected 3"
    assert len(err.splitlines()) == 2 and err.splitlines()[1].startswith(f"{missed}: expect: log_lacks: event {{")


def test_scenario_summary_is_readable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: without --json, a short readable summary: turn, players, stasis, board, rejections."""
    assert main(["scenario", write(tmp_path, TABLE)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert not out.lstrip().startswith("{")
    lines = out.splitlines()
    assert lines[0] == "Turn 1: Ada to act, main phase"
    assert any(line.startswith("Waiting for Ada:") for line in lines)
    assert any(line.startswith("Ada: 0 VP, 3 stones") for line in lines)
    assert "  in stasis: Help From the Past [hftp] (3 stasis counters)" in lines
    assert any("[3, 1] Footman [f] of Ada" in line and "1 stun counters" in line and "Burn" in line
               for line in lines)
    assert "Rejected step 0 (move): Footman is tapped: it can't move (G-5)" in lines


def test_shipped_scenario_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/architecture.md: every example scenario in assets/scenarios runs with exit 0 and prints JSON."""
    examples = sorted((ROOT / "assets" / "scenarios").glob("*.toml"))
    assert len(examples) >= 4
    for path in examples:
        assert main(["scenario", str(path), "--json"]) == 0, path.name
        assert set(json.loads(capsys.readouterr().out)) >= TOP_KEYS


# ----- bad input -------------------------------------------------------------------------------------------


def card_text(**fields: str) -> str:
    """A scenario with one Footman card table carrying the given raw TOML fields."""
    body = {"ref": '"f"', "name": '"Footman"', "owner": '"Ada"', "zone": '"board"', "pos": "[1, 0]", **fields}
    return 'players = ["Ada", "Bo"]\n[[card]]\n' + "".join(f"{k} = {v}\n" for k, v in body.items() if v)


BAD_FILES = {
    "invalid_toml": ('players = ["Ada", "Bo"\n', "not valid TOML"),
    "unknown_card": (card_text(name='"Dragon"'), "field 'name': unknown card 'Dragon'"),
    "pos_off_board": (card_text(pos="[7, 0]"), "field 'pos': must be a square [x, y] on the 7x5 board"),
    "hp_above_max": (card_text(hp="6"), "field 'hp': 6 is above max_hp 5"),
    "unknown_status": (card_text(status="{ Dizzy = 1 }"), "field 'status': unknown status 'Dizzy'"),
    "unknown_zone": (card_text(zone='"limbo"', pos=""), "field 'zone': 'limbo' is not one of"),
    "duplicate_ref": (card_text() + '[[card]]\nref = "f"\nname = "Archer"\nowner = "Ada"\nzone = "hand"\n',
                      "field 'ref': ref 'f' is used twice"),
    "stasis_counters_in_hand": (card_text(zone='"hand"', pos="", stasis_counters="2"),
                                "field 'stasis_counters': only a card in zone 'stasis' has stasis counters"),
    "no_players": ('[[card]]\nname = "Footman"\n', "players: must list 2 to 4 different player names"),
    "unknown_key": ('players = ["Ada", "Bo"]\ncolour = "red"\n', "unknown key 'colour'"),
    "dice_out_of_range": ('players = ["Ada", "Bo"]\ndice = [0]\n', "dice: must be a list of d100 results"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_scenario_exit_2_one_line(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: bad input gives exit 2 and ONE line on stderr naming the file, the place and the problem."""
    text, message = BAD_FILES[case]
    path = write(tmp_path, text, f"{case}.toml")
    assert main(["scenario", path, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert path in err and message in err, err
    assert "Traceback" not in err


def test_missing_scenario_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: a missing file: exit 2, one line naming it."""
    path = str(tmp_path / "nope.toml")
    assert main(["scenario", path]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"countertop: {path}: no such scenario file\n")


def test_bad_input_through_a_real_process(tmp_path: Path) -> None:
    """docs/formats.md: `python -m game scenario` on a bad file: exit 2, one stderr line, no traceback."""
    path = write(tmp_path, card_text(pos="[3, 9]"), "bad.toml")
    done = subprocess.run([sys.executable, "-m", "game", "scenario", path, "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert "field 'pos'" in done.stderr and path in done.stderr


def test_json_through_a_real_process(tmp_path: Path) -> None:
    """docs/formats.md/§4: `python -m game scenario FILE --json` prints one JSON object on stdout, exit 0."""
    done = subprocess.run([sys.executable, "-m", "game", "scenario", write(tmp_path, TABLE), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    dump = json.loads(done.stdout)
    assert set(dump) >= TOP_KEYS and dump["active"] == "Ada"


# ----- cards, rules, sim, bench ----------------------------------------------------------------------------


def test_cards_lists_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: `cards` lists every card: one line each, with its kind and text (then the decks)."""
    assert main(["cards"]) == 0
    out = capsys.readouterr().out.split("\n\ndecks")[0] + "\n"
    pool = load_cards()
    assert len(out.splitlines()) == len(pool)
    assert any(line.split() == ["minion", "Footman", "2/5:", "No", "abilities."] for line in out.splitlines())
    for name in ("Help From the Past", "Tidal Lock", "Wandering Golem", "Halo Fountain", "Alternate Present"):
        assert f" {name}" in out


def test_cards_check_ok(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: `cards --check` validates every shipped card file: exit 0."""
    assert main(["cards", "--check"]) == 0
    n_decks = len(list((ROOT / "assets" / "decks").glob("*.toml")))
    assert capsys.readouterr().out == f"{len(load_cards())} card files and {n_decks} deck files are valid\n"


BAD_CARD = 'name = "Broken Knight"\nkind = "minion"\nhp = 5\natk = "lots"\ntext = "x"\n'


def test_load_cards_names_file_and_field(tmp_path: Path) -> None:
    """docs/formats.md (issue 2): a bad card file raises CardError naming the file (one card each) and the field."""
    (tmp_path / "ok.toml").write_text((ROOT / "assets" / "cards" / "footman.toml").read_text())
    (tmp_path / "broken.toml").write_text(BAD_CARD)
    with pytest.raises(CardError) as err:
        load_cards(tmp_path)
    assert str(err.value) == f"{tmp_path / 'broken.toml'}: atk: must be an integer, not 'lots'"


def test_load_cards_duplicate_and_bad_toml(tmp_path: Path) -> None:
    """A card defined twice blames the second file and names the first; a file that isn't TOML is named."""
    footman = (ROOT / "assets" / "cards" / "footman.toml").read_text()
    (tmp_path / "a.toml").write_text(footman)
    (tmp_path / "b.toml").write_text(footman)
    with pytest.raises(CardError) as err:
        load_cards(tmp_path)
    assert str(err.value) == (f"{tmp_path / 'b.toml'}: name: card 'Footman' is already defined by "
                              f"{tmp_path / 'a.toml'}; each card has one file, named footman.toml")
    (tmp_path / "b.toml").write_text("name = ")
    with pytest.raises(CardError, match=r"b\.toml: not valid TOML"):
        load_cards(tmp_path)


def test_cards_check_bad_folder_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: `cards --check` on a folder with a bad card: exit 2, one line on stderr."""
    (tmp_path / "broken.toml").write_text(BAD_CARD)
    assert main(["cards", "--check", "--dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "broken.toml" in err and "Traceback" not in err


def test_rules_all_and_one(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: `rules` prints every rule id and ruling; `rules ST-3` prints that one and the rulings on it
    (R-8, R-16); case doesn't matter."""
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    ids = list(load_rules())
    families = [rule_id.split("-")[0] for rule_id in ids]
    assert families == sorted(families, key=["G", "ST", "SE", "SC", "R"].index), "the rules come family by family"
    starts = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]
    assert starts == ids
    assert main(["rules", "ST-3"]) == 0
    one = capsys.readouterr().out
    assert one.startswith("ST-3  ") and "owner" in one
    headings = [line for line in one.splitlines() if line and not line.startswith(" ")]
    assert headings == [one.splitlines()[0], "R-8  Fuse defences stay on the board  (on ST-3)",
                        "R-16  A defeated character leaves its board state behind  (on G-6, ST-3)"]
    assert main(["rules", "st-3"]) == 0
    assert capsys.readouterr().out == one


def test_rules_markdown_is_the_whole_reference(capsys: pytest.CaptureFixture[str]) -> None:
    """`rules --markdown` prints the reference as Markdown, one section per rule id; with an id it is bad input."""
    from game.core.rulebook import rules_markdown

    assert main(["rules", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out == rules_markdown()
    assert out.count("\n### ") == len(load_rules())
    assert main(["rules", "R-6", "--markdown"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "countertop: rules --markdown prints the whole reference; give no rule id\n"


def test_rules_unknown_id_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: `rules XX-9`: exit 2 with one line on stderr."""
    assert main(["rules", "XX-9"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "XX-9" in err


def test_sim_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: `sim --games 3 --seed 1 --json` prints a summary dict: 3 games, each with a winner."""
    assert main(["sim", "--games", "3", "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3
    assert {"wins_by_deck", "wins_by_seat", "wins_by_bot", "mean_turns", "longest_turns", "mechanics",
            "hit_turn_limit"} <= set(summary)
    assert sum(summary["wins_by_seat"].values()) >= 3 and summary["hit_turn_limit"] == []
    assert isinstance(summary["mean_turns"], float | int) and summary["longest_turns"] >= summary["mean_turns"]


def test_a_checked_sim_says_its_checks_passed(capsys: pytest.CaptureFixture[str]) -> None:
    """`sim --check` ends its text summary with the verdict (what `make sim` prints); unchecked runs say nothing."""
    assert main(["sim", "--games", "2", "--seed", "1", "--workers", "1", "--check"]) == 0
    out = capsys.readouterr().out
    assert "checks passed: every invariant held in all 2 games" in out.splitlines()[-1]
    assert main(["sim", "--games", "2", "--seed", "1", "--workers", "1"]) == 0
    assert "checks passed" not in capsys.readouterr().out


def test_cards_lists_the_deck_ids(capsys: pytest.CaptureFixture[str]) -> None:
    """`countertop cards` ends with each shipped deck's id (what --decks takes) and name."""
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    tail = out[out.index("decks (the id is what --decks takes):"):].splitlines()[1:]
    assert [line.split()[0] for line in tail] == ["backtimers_stun", "clockwork_vanguard", "fable_guard",
                                                  "hex_and_count"]
    assert "Backtimers & Stun" in tail[0] and "20 cards" in tail[0]


def test_sim_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    """G-8: the same sim seed gives the same summary."""
    main(["sim", "--games", "2", "--seed", "5", "--json"])
    first = capsys.readouterr().out
    main(["sim", "--games", "2", "--seed", "5", "--json"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(("argv", "message"), [
    (["sim", "--games", "1", "--bots", "genius"], "unknown bot 'genius'"),
    (["sim", "--games", "1", "--decks", "nodeck"], "unknown deck 'nodeck'"),
    (["sim", "--games", "0"], "--games must be at least 1"),
])
def test_sim_bad_input_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: bad sim options: exit 2, one line."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err


def test_bench_rules_figure_small() -> None:
    """The rules figure at a small N returns a dict with a positive ratio (timings not asserted)."""
    figure = rules_figure(50)
    assert isinstance(figure, dict)
    ratios = [v for k, v in figure.items() if "ratio" in k]
    assert ratios and all(isinstance(r, float | int) and r > 0 for r in ratios)


def test_bench_check_figure_small() -> None:
    """The check figure plays the same seeded games unchecked and checked and gives their cost ratio
    (timings not asserted)."""
    figure = check_figure(2)
    assert figure["figure"] == "checked games (random bots)"
    assert figure["seconds"] > 0 and figure["baseline_seconds"] > 0
    assert figure["ratio"] == figure["seconds"] / figure["baseline_seconds"]


def test_an_option_mistake_is_one_line_even_with_a_line_break_in_an_argument(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the CLI fuzzer at 5,000 lines: an unrecognised argument holding a line break made argparse's message
    two lines, the second naming neither the program nor a file."""
    with pytest.raises(SystemExit) as ended:
        main(["tune", "--deck", "clockwork_vanguard", "a\nb"])
    assert ended.value.code == 2
    assert capsys.readouterr().err == "countertop: unrecognized arguments: a\\nb (--help for more)\n"
