"""Issue 31 on the command line: exported scenarios that load (D02, D09), plain names in the report (D06, D20 j),
bounds and one-line errors (D20 a, b, e, f, g, l, m, n), look-alike player names (D20 k) and a load that never
mistakes a save being written for something else (D20 o)."""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.process
import os
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.engine import Game
from game.io.export import to_toml
from game.io.scenario import ScenarioError
from game.io.setup import name_problem
from game.tools.batch import LocalRunner, RunnerError
from game.tools.replay import open_timeline
from game.tools.reportpage import page, rate_plot
from game.tools.simrun import MAX_GAMES, worker_count

ROOT = Path(__file__).resolve().parent.parent
WAVE3 = ROOT / "tests" / "repro" / "wave3"
FINISHED = WAVE3 / "d02_finished_game_negative_vp.json"
EMOJI = WAVE3 / "d09_player_outside_bmp.json"


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run a command that must fail with exit status 2 and exactly one line on stderr, nothing on stdout."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    return err.strip()


# ----- exports that load (D02, D09) ---------------------------------------------------------------------------


ZERO, BELOW = "[vp]\nP1 = 11\nP2 = 0\n", "[vp]\nP1 = 11\nP2 = -1\n"
"""The VP table of the export of game 18's end, and the same with P2 below 0."""


def test_a_finished_game_below_0_vp_exports_a_scenario_that_loads(tmp_path: Path) -> None:
    """D02: game 18 ended with P2 at -1 VP (the Madness penalty, ST-18), and its export was refused by `scenario`.
    Since G-9's two-player head start P2 ends it at 0: the export loads and is the replay's table, and the same
    finished table with P2 at -1 loads too."""
    out = tmp_path / "end.toml"
    assert main(["replay", str(FINISHED), "--export", str(out)]) == 0
    assert tomllib.loads(out.read_text())["vp"] == {"P1": 11, "P2": 0}
    game = Game.from_scenario(str(out))
    assert game.view()["phase"] == "over" and game.view()["winner"] == "P1"
    exported, replayed = game.view(), open_timeline(str(FINISHED)).view_at(49)
    assert {k: v for k, v in exported.items() if k != "log"} == {k: v for k, v in replayed.items() if k != "log"}
    below = tmp_path / "below.toml"
    below.write_text(out.read_text().replace(ZERO, BELOW))
    assert {name: p["vp"] for name, p in Game.from_scenario(str(below)).view()["players"].items()} == {
        "P1": 11, "P2": -1}


def test_below_0_vp_is_refused_while_the_game_goes_on(tmp_path: Path) -> None:
    """A table that could not arise: VP goes below 0 only with the penalty that ends the game."""
    out = tmp_path / "end.toml"
    main(["replay", str(FINISHED), "--export", str(out)])
    going_on = tmp_path / "going_on.toml"
    going_on.write_text(out.read_text().replace('phase = "over"', 'phase = "main"').replace('winner = "P1"\n', "")
                        .replace(ZERO, BELOW))
    with pytest.raises(ScenarioError, match=r"vp\.P2: must be a whole number \(below 0 only in a finished game"):
        Game.from_scenario(str(going_on))


def test_names_outside_the_bmp_export_as_valid_toml(tmp_path: Path) -> None:
    """D09: players ["😀", "Bo"] were written as "\\ud83d\\ude00", which no TOML reader accepts."""
    out = tmp_path / "e.toml"
    assert main(["replay", str(EMOJI), "--at", "5", "--export", str(out)]) == 0
    assert 'players = ["\\U0001F600", "Bo"]' in out.read_text()
    assert Game.from_scenario(str(out)).view()["players_order"] == ["😀", "Bo"]


@pytest.mark.parametrize("text", ["𝐀da", "😀", "x\x7fy", "back\\slash\\ud83d", "é\ttab\"quote", "\\😀\\"])
def test_every_string_exports_as_toml_that_reads_back(text: str) -> None:
    written = to_toml({"players": [text, "Bo"], "stones": {text: 1}})
    assert tomllib.loads(written) == {"players": [text, "Bo"], "stones": {text: 1}}


# ----- the report: names are plain text (D06, D20 j) ----------------------------------------------------------


def test_names_matplotlib_reads_as_math_are_drawn_as_written() -> None:
    """D06: "Gold $\\oops$ Coin" or "Money $\\bad{x$ deck" crashed the report after every game was played, and
    "$x^2$" was drawn as math. The page's plots draw each label as written: the same picture as the label with
    its dollars escaped for matplotlib."""
    rates = [{"rate": 0.5, "low": 0.4, "high": 0.6}]
    plain = page_plot(["$x^2$ deck"], rates)
    assert plain == rate_plot([r"\$x^2\$ deck"], rates, "t", 0.5) != rate_plot(["$x^2$ deck"], rates, "t", 0.5)
    for name in ("Gold $\\oops$ Coin", "Money $\\bad{x$ deck"):
        page_plot([name], rates)


def page_plot(labels: list[str], rates: list[dict[str, Any]]) -> str:
    """A rate plot drawn as `page` draws its plots."""
    from matplotlib import rc_context

    with rc_context({"text.parse_math": False, "text.usetex": False}):
        return rate_plot(labels, rates, "t", 0.5)


@pytest.fixture(scope="module")
def small_report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("report")
    assert main(["sim", "--games", "4", "--seed", "2", "--workers", "1", "--json", "--report", str(folder)]) == 0
    return dict(json.loads((folder / "report.json").read_text()))


def test_the_page_of_a_report_with_hostile_names(small_report: dict[str, Any]) -> None:
    """D06 and D20 j: math markup in deck and card names, and bidirectional controls, which reordered the text
    around them in report.html: they reach the page only as [U+202E]."""
    report = json.loads(json.dumps(small_report))
    key = next(iter(report["decks"]))
    report["decks"][key] = "Money $\\bad{x$ \u202edeck\u2066"
    card = next(n for n, c in report["cards"].items() if c["drawn_minus_not_drawn"] is not None)
    report["cards"]["Gold $\\oops$ Coin \u202e"] = report["cards"].pop(card)
    html = page(report)
    assert not re.search("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]", html)
    assert "Money $\\bad{x$ [U+202E]deck[U+2066]" in html and "Gold $\\oops$ Coin [U+202E]" in html


def test_the_d06_run_writes_its_report(tmp_path: Path) -> None:
    """D06 end to end, as filed: a copy of the assets holding a deck named "Money $\\bad{x$ deck" and a card
    "Gold $\\oops$ Coin"; `sim --report` wrote report.json, then a traceback instead of report.html."""
    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets)
    hostile = WAVE3 / "d06_math_markup"
    shutil.copy(hostile / "gold_coin.toml", assets / "cards" / "gold_coin.toml")
    shutil.copy(hostile / "coin_deck.toml", assets / "decks" / "coin_deck.toml")
    shutil.copy(hostile / "math_deck.toml", assets / "decks" / "math_deck.toml")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "COUNTERTOP_CACHE": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "game", "sim", "--games", "6", "--decks", "coin_deck", "math_deck",
                           "--bots", "greedy-v1", "greedy-v1", "--workers", "1", "--report", str(tmp_path / "out")],
                          capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "out" / "report.html").read_text()
    assert "Money $\\bad{x$ deck" in html and "Coin Deck" in html


# ----- bounds and one-line errors (D20) -----------------------------------------------------------------------


def test_games_have_a_cap(capsys: pytest.CaptureFixture[str]) -> None:
    """D20 a: --games 10**12 built the whole schedule for 36 s, then MemoryError."""
    assert one_line(capsys, ["sim", "--games", str(10**12), "--workers", "1"]) == (
        f"countertop: --games is at most {MAX_GAMES:,} (got 1,000,000,000,000)")


def test_workers_are_capped_by_the_games_and_the_cores() -> None:
    """D20 b: --workers 1000 for 2 games started 1000 processes."""
    cores = len(os.sched_getaffinity(0))
    assert worker_count(1000, 2) == min(2, cores)
    assert worker_count(1000, 10**5) == cores
    assert worker_count(None, 1) == 1 and worker_count(1, 50) == 1


@pytest.mark.parametrize("sdl", [False, True], ids=["plain", "after-pygame-init"])
def test_a_pool_the_system_cant_start_is_one_line_and_leaves_no_worker(monkeypatch: pytest.MonkeyPatch,
                                                                       request: pytest.FixtureRequest,
                                                                       sdl: bool) -> None:
    """D20 b: under a process limit, "output: can't be written (Resource temporarily unavailable)", then a hang
    with the workers already started waiting for work. After `pygame.display.init()` (SDL's SIGTERM handler, which
    forked workers keep) terminating them left them running, and this test hung until its timeout."""
    if sdl:
        import pygame

        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()  # what the window does first: SDL's signal handlers come with it
        request.addfinalizer(pygame.display.quit)
    real = multiprocessing.process.BaseProcess.start
    started: list[int] = []

    def start(process: multiprocessing.process.BaseProcess) -> None:
        started.append(1)
        if len(started) > 2:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        real(process)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", start)
    with pytest.raises(RunnerError, match=r"^--workers 5: the system can't start that many worker processes "
                                          r"\(Resource temporarily unavailable\); ask for fewer$"), LocalRunner(5):
        pass
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("bot", ["ismcts:1000000000", "ismcts:1e9ms", "ismcts:0ms", "ismcts:nanms"])
def test_huge_or_empty_search_budgets_are_refused(capsys: pytest.CaptureFixture[str], bot: str) -> None:
    """D20 l: ismcts:1000000000 and ismcts:1e9ms ran with no end in sight."""
    line = one_line(capsys, ["sim", "--games", "1", "--bots", bot, "greedy-v1"])
    assert line.startswith(f"countertop: bad bot {bot!r}: an ismcts ") and "budget" in line


@pytest.mark.parametrize("argv", [["sim", "--games", "1e3"], ["sim", "--seed", "abc"], ["sim", "--decks"],
                                  ["play", "--size", "-960x540"], ["replay"], ["nonsense"]])
def test_argparse_mistakes_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """D20 g: three or four lines of usage came before the one line that says what is wrong."""
    with pytest.raises(SystemExit) as ended:
        main(argv)
    out, err = capsys.readouterr()
    assert ended.value.code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("countertop") and err.endswith(" (--help for more)\n") and "usage" not in err


def test_replay_refuses_at_with_turn_and_an_empty_export(capsys: pytest.CaptureFixture[str]) -> None:
    """D20 m: --turn silently won over --at; D20 e: --export "" was ignored and the window opened."""
    assert one_line(capsys, ["replay", str(FINISHED), "--at", "1", "--turn", "2", "--json"]) == (
        "countertop: --at STEP and --turn N both choose the step: give one of them")
    assert one_line(capsys, ["replay", str(FINISHED), "--export", ""]) == (
        "countertop: --export needs the name of the scenario file to write")


def test_a_replay_with_a_reserved_player_name_is_blamed_on_its_players(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """D20 f: the line said "decks" for a player named "Madness"."""
    record = json.loads(FINISHED.read_text())
    record["players"] = ["Madness", "P2"]
    path = tmp_path / "madness.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--json"]) == 2
    assert capsys.readouterr().err == (f"{path}: players: player name 'Madness' is reserved (the game uses "
                                       f"'Madness' itself); choose another\n")


def test_seats_are_checked_before_anything_is_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """D20 n: `play --seats robot --scenario S --screenshot o.png` exited 0; the seat was checked only with a
    window."""
    scene = tmp_path / "s.toml"
    scene.write_text('players = ["Ada", "Bo"]\n')
    shot = tmp_path / "o.png"
    for seats, bad in ((["robot", "greedy-v1"], "unknown seat 'robot'"), (["person", "ismcts:1e9ms"], "bad seat "
                                                                                               "'ismcts:1e9ms'")):
        line = one_line(capsys, ["play", "--seats", *seats, "--scenario", str(scene), "--screenshot", str(shot)])
        assert line.startswith(f"countertop: --seats: {bad}")
        assert not shot.exists()


# ----- look-alike player names (D20 k) -------------------------------------------------------------------------


@pytest.mark.parametrize(("names", "why"), [
    (["José", unicodedata.normalize("NFD", "José")], "look the same"),
    (["Ａda", "Ada"], "look the same"),
    (["𝐀da", "Ada"], "look the same"),
    (["Аса", "Aca"], "look the same"),
    (["ВОВ", "Bob"], "look the same"),
    (["Ada", "Аda"], "mixes Latin and Cyrillic letters"),
    (["Ωmega", "Bo"], "mixes Latin and Greek letters"),
    (["ｍａｄｎｅｓｓ", "Bo"], "is reserved"),
    (["Ada", "ada"], "differ only in case"),
])
def test_look_alike_player_names_are_refused(names: list[str], why: str) -> None:
    """D20 k: names equal once normalised, or mixing look-alike scripts, were two players shown the same."""
    problem = name_problem(names)
    assert problem is not None and why in problem


@pytest.mark.parametrize("names", [["Ada", "Ада"], ["Zoë", "Zoe"], ["李", "Bo"], ["Ἀλέξανδρος", "Bo"], ["P1", "P2"]])
def test_different_names_in_any_one_alphabet_are_fine(names: list[str]) -> None:
    assert name_problem(names) is None


def test_look_alike_names_are_one_line_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert one_line(capsys, ["play", "--players", "Ada", "Аda"]) == (
        "countertop: --players: player name 'Аda' mixes Latin and Cyrillic letters, which look alike; write it in "
        "one alphabet")


# ----- a load while a save is being written (D20 o) ------------------------------------------------------------


def test_a_load_while_saves_come_and_go_is_a_save_or_no_such_file(tmp_path: Path) -> None:
    """D20 o: 1 load in 1,281 said "is not a save file" for a file being created (is_file, then exists). Now what
    was opened is what is checked: a load gives the whole save, or "no such save file"."""
    game = Game.new(["Ada", "Bo"], None, 3)
    path = tmp_path / "game.json"
    stop = threading.Event()

    def churn() -> None:
        while not stop.is_set():
            game.save(str(path))
            path.unlink()

    writer = threading.Thread(target=churn)
    writer.start()
    outcomes: set[str] = set()
    try:
        for _ in range(300):
            try:
                outcomes.add("loaded" if Game.load(str(path)).to_state() == game.to_state() else "differs")
            except ValueError as err:
                outcomes.add(str(err))
    finally:
        stop.set()
        writer.join()
    assert outcomes <= {"loaded", f"{path}: no such save file"}, outcomes
