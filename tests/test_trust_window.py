"""Issue 42 in the window: no game lost (E01, E02, a crashing handler), no hidden hand shown (E05), no file that
stops a screen (E11, E12, E14, E19, E24), no seed the box can't read (E13). Each defect runs its reproduction
(tests/repro/wave4/) and is held by posted pygame events (a test named test_eNN_... holds EN). At the end the
monkey clicks, types and drags at random on every screen, and the lists fuzzer puts hostile saves on the Load and
Watch lists; both are seeded, small here, COUNTERTOP_FUZZ=N inputs in `make fuzz`."""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cli import main  # noqa: E402
from game.core.dice import MAX_SEED  # noqa: E402
from game.engine import Game  # noqa: E402
from game.tools.replay import open_timeline  # noqa: E402
from game.ui import draw, saves  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.input import PlayInput  # noqa: E402
from game.ui.plain import MAX_TEXT, file_label, plain  # noqa: E402
from game.ui.replay_view import SECRET, SECRET_EXPORT  # noqa: E402
from game.ui.seats import Seats  # noqa: E402
from game.ui.session import autosave_path, data_home, finished_folder, saves_folder  # noqa: E402
from tests.ui.drawn import record  # noqa: E402
from tests.ui.helpers import click, open_app, press, zone_center  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WAVE4 = ROOT / "tests" / "repro" / "wave4"
FINISHED_REPLAY = ROOT / "tests" / "repro" / "wave3" / "d02_finished_game_negative_vp.json"
LONG = int(os.environ.get("COUNTERTOP_FUZZ", "0"))
REPRO_LIMIT_S = 300  # a reproduction still running then is killed with everything it started (and fails its test)


@pytest.fixture(autouse=True)
def countertop_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder, and a fresh pygame event queue."""
    monkeypatch.setenv("COUNTERTOP_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    if pygame.display.get_init():
        pygame.event.clear()


def run_repro(name: str, tmp_path: Path, close_after: str = "") -> str:
    """Run a reproduction as written, from a project root whose .venv/bin runs this interpreter on this code; its
    output (stdout, then stderr). With close_after, the window is closed (SIGTERM, which SDL turns into a close)
    once a line holding it is printed: the reproduction's own main loop runs until then."""
    root = tmp_path / "root"
    (root / ".venv" / "bin").mkdir(parents=True)
    for part in ("game", "systems", "assets", "tests"):
        (root / part).symlink_to(ROOT / part)
    for tool, args in (("python", ""), ("countertop", " -m game")):
        shim = root / ".venv" / "bin" / tool
        shim.write_text(f'#!/bin/sh\nPYTHONPATH="{root}" exec "{sys.executable}"{args} "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    env = {key: value for key, value in os.environ.items() if key != "COUNTERTOP_HOME"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with subprocess.Popen(["sh", str(WAVE4 / name)], cwd=root, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, start_new_session=True) as process:
        watchdog = threading.Timer(REPRO_LIMIT_S, os.killpg, (process.pid, signal.SIGKILL))
        watchdog.start()
        try:
            head = ""
            if close_after:
                assert process.stdout is not None
                while close_after not in head and (line := process.stdout.readline()):
                    head += line
                os.killpg(process.pid, signal.SIGTERM)
            out, err = process.communicate()
        finally:
            watchdog.cancel()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
    return head + out + err


def new_game_app() -> App:
    """The window on its new-game screen, one frame drawn."""
    app = App()
    app.step()
    return app


def quit_window(app: App) -> None:
    """Close the window as a player does."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()


def played(names: list[str], seed: int, commands: int) -> Game:
    """A game some commands in (always the last legal action)."""
    game = Game.new(names, seed=seed)
    for _ in range(commands):
        game.act(game.legal_actions()[-1])
    return game


def autosaved(names: list[str], seed: int, commands: int) -> dict[str, Any]:
    """Leave a game in autosave.json, as closing the window does; its state."""
    game = played(names, seed, commands)
    app = App(game)
    app.step()
    quit_window(app)
    return json.loads(autosave_path().read_text(encoding="utf-8"))


def write_save(name: str, data: Any, folder: Path | None = None) -> Path:
    """A save file with this content in saves/ (or folder)."""
    where = folder or saves_folder()
    where.mkdir(parents=True, exist_ok=True)
    path = where / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def kept_aside() -> list[Path]:
    """The copies of an autosave moved among the saves."""
    return sorted(saves_folder().glob("autosave-*.json")) if saves_folder().is_dir() else []


# ----- E01: the autosave is never overwritten by another game ---------------------------------------------------


def test_e01_reproduction_keeps_ada_and_bo_aside(tmp_path: Path) -> None:
    out = run_repro("E01_window_watch_continue_overwrites_autosave.sh", tmp_path)
    assert "autosave before: ['Ada', 'Bo'] turn 8 12 commands" in out
    assert "autosave after:  ['Cy', 'Di'] turn 1 0 commands" in out
    assert "copies of Ada and Bo's game kept in saves/: ['autosave-" in out and "Traceback" not in out


def test_e01_continue_here_in_a_watched_game_moves_the_autosave_aside_first() -> None:
    kept = autosaved(["Ada", "Bo"], 4, 12)
    Game.new(["Cy", "Di"], seed=9).save(str(write_save("game-old.json", "{}", finished_folder())))
    app = new_game_app()
    click(app, zone_center(app, ("button", "watch")))
    row = next(i for i, info in enumerate(app.listing.games) if info.path.name == "game-old.json")
    click(app, zone_center(app, ("game", row)))
    press(app, pygame.K_c)
    assert app.ui.screen == "pass" and app.game.view()["players_order"] == ["Cy", "Di"]
    (aside,) = kept_aside()
    assert json.loads(aside.read_text(encoding="utf-8")) == kept and not autosave_path().exists()
    quit_window(app)
    assert json.loads(autosave_path().read_text(encoding="utf-8"))["players_order"] == ["Cy", "Di"]
    assert kept_aside() == [aside]


def test_e01_a_game_from_the_command_line_keeps_the_autosave_aside_when_it_closes() -> None:
    kept = autosaved(["Ada", "Bo"], 4, 12)
    app = App(Game.new(["Eve", "Fay"], seed=1))
    app.step()
    assert json.loads(autosave_path().read_text(encoding="utf-8")) == kept  # nothing moved by opening
    quit_window(app)
    (aside,) = kept_aside()
    assert json.loads(aside.read_text(encoding="utf-8")) == kept
    assert json.loads(autosave_path().read_text(encoding="utf-8"))["players_order"] == ["Eve", "Fay"]


def test_e01_the_autosave_loaded_by_its_own_path_is_written_over_with_no_copy() -> None:
    autosaved(["Ada", "Bo"], 4, 12)
    game = Game.load(str(autosave_path()))
    app = App(game, source=autosave_path())
    app.step()
    quit_window(app)
    assert kept_aside() == [] and Game.load(str(autosave_path())).to_state()["history"] == game.to_state()["history"]


def test_e01_a_screenshot_moves_no_autosave(tmp_path: Path) -> None:
    kept = autosaved(["Ada", "Bo"], 4, 12)
    other = tmp_path / "other.json"
    Game.new(["Eve", "Fay"], seed=1).save(str(other))
    assert main(["play", "--load", str(other), "--screenshot", str(tmp_path / "s.png")]) == 0
    assert json.loads(autosave_path().read_text(encoding="utf-8")) == kept and kept_aside() == []


# ----- E02 and the crash guard: a click never loses the game ----------------------------------------------------


def test_e02_reproduction_keeps_the_game(tmp_path: Path) -> None:
    out = run_repro("E02_window_goal_chip_click.sh", tmp_path, close_after="commands played in the window:")
    assert "game in progress kept in autosave.json: True" in out
    assert "IndexError" not in out and "Traceback" not in out


@pytest.mark.parametrize("key", [("goal",), ("plays", "Ada"), ("player", "Bo")])
def test_e02_a_click_on_the_top_bar_or_a_panel_changes_nothing(key: tuple[str, ...]) -> None:
    game = Game.new(["Ada", "Bo"], seed=1)
    app = open_app(game)
    before = game.to_state()
    click(app, zone_center(app, key))
    assert app.ui.screen == "play" and app.ui.selection is None and app.ui.banner == ""
    assert game.to_state() == before


def test_a_crash_in_a_handler_saves_the_game_first_and_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played(["Ada", "Bo"], 3, 5)
    app = open_app(game)

    def broken(self: PlayInput, zones: Any, point: Any) -> None:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(PlayInput, "click", broken)
    click(app, (640, 360))
    assert app.running and app.ui.screen == "play" and app.ui.banner_is_error
    assert app.ui.banner == f"Something went wrong (RuntimeError: boom). The game is saved in {autosave_path()}."
    assert Game.load(str(autosave_path())).to_state() == game.to_state()
    assert "RuntimeError: boom" in capsys.readouterr().err


def test_a_crash_while_watching_comes_back_to_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    finished = open_timeline(str(FINISHED_REPLAY)).game_at(49)
    finished.save(str(write_save("game-1.json", "{}", finished_folder())))
    app = new_game_app()
    click(app, zone_center(app, ("button", "watch")))
    click(app, zone_center(app, ("game", 0)))
    assert app.replay is not None
    monkeypatch.setattr(type(app.replay), "toggle_viewer", lambda self: 1 / 0)
    press(app, pygame.K_v)
    assert app.replay is None and app.running and app.ui.screen == "new_game"
    assert app.ui.banner == "Something went wrong (ZeroDivisionError: division by zero)."


# ----- E05 and item 3: hidden stays hidden ---------------------------------------------------------------------


def test_e05_reproduction_draws_no_hidden_card(tmp_path: Path) -> None:
    out = run_repro("E05_window_watch_shows_hidden_hands.sh", tmp_path)
    assert "Bo's hidden hand (cards Ada can't see): ['Archer', 'Footman', 'Mender', 'Stun Lance']" in out
    assert "of those, drawn by the Watch view at the last step: []" in out


def test_e05_an_unfinished_game_is_watched_as_the_pass_screen_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(["Ada", "Bo"], decks=["fable_guard", "clockwork_vanguard"], seed=4)
    game.act({"act": "end_turn"})
    full = game.view()
    hands = {full["cards"][ref]["name"] for name in ("Ada", "Bo") for ref in full["players"][name]["hand"]}
    public = {card["name"] for card in game.public_view()["cards"].values()}
    secret = hands - public
    app = App(game)
    app.step()
    quit_window(app)
    drawn = record(monkeypatch)
    watcher = new_game_app()
    click(watcher, zone_center(watcher, ("button", "watch")))
    click(watcher, zone_center(watcher, ("game", 0)))
    replay = watcher.replay
    assert replay is not None and replay.secret
    for key in (pygame.K_END, pygame.K_HOME, pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_v, pygame.K_v):
        press(watcher, key)
        assert replay.view == replay.game.public_view() and replay.ui.viewer is None
    assert secret and not secret & set(drawn.words)
    assert replay.viewer is None and replay.banner == SECRET
    assert any(line.startswith("This game is still being played: ") for line in drawn.words[-40:])
    press(watcher, pygame.K_x)
    assert replay.banner == SECRET_EXPORT and not (data_home() / "scenarios").exists()


def test_e05_a_finished_game_still_shows_every_hand() -> None:
    finished = open_timeline(str(FINISHED_REPLAY)).game_at(49)
    finished.save(str(write_save("game-1.json", "{}", finished_folder())))
    app = new_game_app()
    click(app, zone_center(app, ("button", "watch")))
    click(app, zone_center(app, ("game", 0)))
    assert app.replay is not None and not app.replay.secret
    press(app, pygame.K_v)
    assert app.replay.viewer == "P1" and app.replay.view == app.replay.game.view("P1")


def test_every_file_the_window_writes_with_hidden_cards_is_private() -> None:
    autosaved(["Ada", "Bo"], 4, 3)
    app = open_app(played(["Cy", "Di"], 2, 3))
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    App(open_timeline(str(FINISHED_REPLAY)).game_at(49)).keep_finished()
    quit_window(app)
    written = [path for path in data_home().rglob("*.json")]
    assert {path.parent.name for path in written} >= {"home", "saves", "finished"}
    assert {path.name: oct(path.stat().st_mode & 0o777) for path in written} == {
        path.name: "0o600" for path in written}


# ----- E11, E12, E19, E24: files that stop a screen ---------------------------------------------------------


def test_e11_reproduction_draws_the_new_game_screen(tmp_path: Path) -> None:
    out = run_repro("E11_window_save_infinity.sh", tmp_path)
    assert "Infinity VP: exit 0 ;" in out and "winner [1]: exit 0 ;" in out and "Traceback" not in out


@pytest.mark.parametrize("text", [
    '{"players": [{"name": "Ada", "vp": Infinity}], "players_order": ["Ada"], "turn": {"turn": 1}}',
    '{"players": [{"name": "Ada", "vp": 1}], "players_order": ["Ada"], "turn": {"turn": -Infinity}}',
    '{"players": [{"name": "Ada", "vp": 1}], "players_order": ["Ada"], "turn": {"turn": 1, "winner": [1]}}',
    '{"players": [{"name": "Ada", "vp": 1.5}], "players_order": ["Ada"], "turn": {"turn": 1}}',
    '{"players": [{"name": "Ada", "vp": true}], "players_order": ["Ada"], "turn": {"turn": 1}}',
    '{"players": [{"name": 3, "vp": 1}], "players_order": [3], "turn": {"turn": 1}}',
    '{"players": [{"name": "Ada", "vp": 1}], "players_order": ["Ada"], "turn": {"turn": 1, "winner": {}}}',
    '{"players": [{"name": "Ada", "vp": 1}], "players_order": ["Ada"], "turn": []}',
])
def test_e11_a_save_with_impossible_numbers_is_listed_as_unreadable(text: str) -> None:
    path = write_save("inf.json", text)
    assert saves.save_info(path).summary() == "can't be read: not a Countertop save (no players, turn or VP)"
    write_save("inf.json", text, finished_folder())
    app = new_game_app()
    assert app.last_game() is None and ("button", "continue") not in [key for _, key in app.zones]
    click(app, zone_center(app, ("button", "watch")))
    assert [info.problem for info in app.listing.games] == ["not a Countertop save (no players, turn or VP)"] * 2


def test_e12_reproduction_survives_every_name(tmp_path: Path) -> None:
    out = run_repro("E12_window_surrogate_names.sh", tmp_path)
    assert "surrogate player name: exit 0 ;" in out and "NUL in a player name: exit 0 ;" in out
    assert "Load list drawn" in out and "Traceback" not in out


def test_the_one_sanitizer() -> None:
    assert plain("\ud800") == "\ufffd" and plain("Ada\x00") == "Ada\ufffd"
    assert plain("a\u202eb\u200bc") == "a\ufffdb\ufffdc" and plain("a\tb\nc") == "a b c"
    assert plain("Zoë 😀 − 5\u00a0VP") == "Zoë 😀 − 5\u00a0VP"
    long = plain("x" * 30_000)
    assert len(long) == MAX_TEXT and long.endswith("x…")
    assert file_label("a\nb.json") == "a\\nb.json" and file_label("/x/\udcff\udcfe.json") == "\\xff\\xfe.json"
    assert file_label("\ud800.json") == "\\ud800.json" and file_label("é.json") == "é.json"


@pytest.mark.parametrize("name", ["\ud800", "Ada\x00", "A\u202eda", "Ada\nBo"])
def test_e12_names_from_a_save_are_drawn_with_the_bad_characters_replaced(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_save("s.json", {"players": [{"name": name, "vp": 1}, {"name": "Bo", "vp": 0}],
                          "players_order": [name, "Bo"], "turn": {"turn": 2}})
    drawn = record(monkeypatch)
    app = new_game_app()
    shown = plain(name)
    assert any(line.startswith(f"{shown} 1 VP · Bo 0 VP · turn 2, saved ") for line in drawn.words)
    click(app, zone_center(app, ("button", "load")))
    assert app.listing is not None and f"{shown} 1 VP · Bo 0 VP · turn 2" in drawn.words


def test_e12_a_file_name_that_is_not_utf8_is_listed_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    saves_folder().mkdir(parents=True)
    Game.new(["Ada", "Bo"], seed=3).save(os.fsdecode(os.fsencode(saves_folder()) + b"/\xff\xfe.json"))
    drawn = record(monkeypatch)
    app = new_game_app()
    click(app, zone_center(app, ("button", "load")))
    assert "\\xff\\xfe.json" in drawn.words


def test_e19_reproduction_draws_in_time(tmp_path: Path) -> None:
    out = run_repro("E19_window_long_player_name.sh", tmp_path)
    assert out.startswith("exit 0 after ")


def test_e19_a_30000_character_name_costs_a_few_measures(monkeypatch: pytest.MonkeyPatch) -> None:
    name = "x" * 30_000
    write_save("long.json", {"players": [{"name": name, "vp": 1}, {"name": "Bo", "vp": 2}],
                             "players_order": [name, "Bo"], "turn": {"turn": 3}})
    measured: list[int] = []
    original = draw.Font.size

    def size(self: draw.Font, words: str) -> tuple[int, int]:
        measured.append(len(words))
        return original(self, words)

    monkeypatch.setattr(draw.Font, "size", size)
    app = new_game_app()
    click(app, zone_center(app, ("button", "load")))
    assert app.listing is not None and len(measured) < 400 and sum(measured) < 60_000


def test_fit_line_and_wrap_cut_as_before() -> None:
    draw.set_unit(1.0)
    face = draw.font(18)
    line = draw.fit_line("word " * 200, 18, 300)
    assert line.endswith("…") and face.size(line)[0] <= 300
    assert face.size(line[:-1] + "w…")[0] > 300 or line[:-1].endswith(" ")
    assert draw.fit_line("short", 18, 300) == "short" and draw.fit_line("abc", 18, 1) == "…"
    lines = draw.wrap("a " + "y" * 5000 + " b\nc", 18, 200)
    assert lines[0] == "a" and all(face.size(line)[0] <= 200 for line in lines)
    assert "".join(line.removesuffix("-") for line in lines[1:]) == "y" * (draw.MAX_WRAPPED - 3) + "…"
    assert draw.wrap("one two\nthree", 18, 2000) == ["one two", "three"]


def test_e24_reproduction_names_the_file_in_one_line(tmp_path: Path) -> None:
    out = run_repro("E24_window_banner_newline_name.sh", tmp_path)
    banner = next(line for line in out.splitlines() if line.startswith("banner: "))
    assert banner.startswith("banner: \"Can't load a\\\\nb.json: ") and "<home>" not in banner


def test_e24_a_save_named_with_a_line_break_is_named_escaped_with_its_problem() -> None:
    write_save("a\nb.json", '{"players": [{"name": "Ada", "vp": 1}], "players_order": ["Ada"], "turn": {"turn": 1}}')
    app = new_game_app()
    click(app, zone_center(app, ("button", "load")))
    click(app, zone_center(app, ("game", 0)))
    assert app.game is None and app.ui.banner_is_error and "\n" not in app.ui.banner
    assert app.ui.banner.startswith("Can't load a\\nb.json: ") and str(data_home()) not in app.ui.banner


# ----- E13: the seed box ---------------------------------------------------------------------------------------


def test_e13_reproduction_starts_the_game(tmp_path: Path) -> None:
    out = run_repro("E13_window_seed_box_superscript.sh", tmp_path)
    assert "seed box: ''" in out and "started; screen pass" in out


def test_e13_the_seed_box_takes_ascii_digits_only() -> None:
    app = new_game_app()
    click(app, zone_center(app, ("field", "seed")))
    for _ in range(16):
        press(app, pygame.K_BACKSPACE)
    for char in ("²", "٣", "１", "7", "x", "4"):
        press(app, pygame.K_2, unicode=char)
    assert app.ui.setup["seed"] == "74"
    press(app, pygame.K_RETURN)
    assert app.ui.screen == "pass" and app.game.view()["seed"] == 74


# ----- E14: a tampered GameStarted ----------------------------------------------------------------------------


def test_e14_reproduction_refuses_in_one_line(tmp_path: Path) -> None:
    out = run_repro("E14_replay_save_gamestarted.sh", tmp_path)
    assert "Traceback" not in out
    for field, what in (("seed", f"must be a whole number from 0 to {MAX_SEED}, not 'abc'"),
                        ("players", "must list 2 to 4 different player names"),
                        ("decks", "must name one deck per player")):
        line = next(line for line in out.splitlines() if line.startswith(f"GameStarted {field} tampered: "))
        assert line.startswith(f"GameStarted {field} tampered: exit 2 ; ")
        assert line.endswith(f"/{field}.json: log[11]: GameStarted {field} {what}")
    assert ("watch: banner \"Can't watch seed.json: log[11]: GameStarted seed must be a whole number from 0 to "
            f"{MAX_SEED}, not 'abc'\"") in out


def tampered(field: str, value: Any) -> Path:
    """A save whose GameStarted event has this field changed."""
    game = Game.new(["Ada", "Bo"], seed=5)
    game.act(game.legal_actions()[0])
    data = game.to_state()
    next(e for e in data["log"] if e["type"] == "GameStarted")[field] = value
    return write_save(f"{field}.json", data)


@pytest.mark.parametrize(("field", "value", "what"), [
    ("seed", "abc", "seed must be a whole number from 0 to 9223372036854775807, not 'abc'"),
    ("seed", -1, "seed must be a whole number from 0 to 9223372036854775807, not -1"),
    ("players", 7, "players must list 2 to 4 different player names"),
    ("decks", None, "decks must name one deck per player"),
    ("decks", [1, "fable_guard"], "decks[0] unknown deck '1'"),
])
def test_e14_replay_of_a_save_with_a_tampered_gamestarted(
    field: str, value: Any, what: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tampered(field, value)
    assert main(["replay", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{path}: log[11]: GameStarted {what}")


def test_e14_watching_it_says_why_in_one_line() -> None:
    tampered("seed", "abc")
    app = new_game_app()
    click(app, zone_center(app, ("button", "watch")))
    click(app, zone_center(app, ("game", 0)))
    assert app.replay is None and app.listing is not None and app.ui.banner_is_error
    assert app.ui.banner == ("Can't watch seed.json: log[11]: GameStarted seed must be a whole number from 0 to "
                              f"{MAX_SEED}, not 'abc'")


# ----- the monkey: random clicks, keys and drags on every screen ---------------------------------------------

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F1, pygame.K_e,
        pygame.K_l, pygame.K_v, pygame.K_c, pygame.K_x, pygame.K_f, pygame.K_s, pygame.K_z, pygame.K_y,
        pygame.K_PLUS, pygame.K_MINUS, pygame.K_a, pygame.K_1]
TYPED = ["a", "Z", "1", "²", "\x00", "é", "😀", "", " "]


def monkey_event(rng: random.Random, app: App) -> list[pygame.event.Event]:
    """One random thing a person does: a click (mostly on something drawn), a key, a drag, the wheel, a hover, a
    resize."""
    zones = app.replay.zones if app.replay is not None else app.zones
    width, height = (app.replay.window if app.replay is not None else app.window).get_size()
    roll = rng.random()
    if roll < 0.55:
        if zones and rng.random() < 0.8:  # a kind of thing drawn first, so a lone chip is as likely as a square
            kind = rng.choice(sorted({key[0] for _, key in zones}))
            x, y, w, h = rng.choice([rect for rect, key in zones if key[0] == kind])
            pos = (x + rng.randrange(max(w, 1)), y + rng.randrange(max(h, 1)))
        else:
            pos = (rng.randrange(width), rng.randrange(height))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3])),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    if roll < 0.85:
        key, char = rng.choice(KEYS), rng.choice(TYPED)
        mod = pygame.KMOD_LCTRL if rng.random() < 0.15 else 0
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)]
    if roll < 0.95:
        start = (rng.randrange(width), rng.randrange(height))
        end = (rng.randrange(width), rng.randrange(height))
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
    if roll < 0.97:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]))]
    if roll < 0.99:
        pos = (rng.randrange(width), rng.randrange(height))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    size = rng.choice([(960, 540), (1280, 720), (1600, 900), (700, 400)])
    return [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]


def monkey_home() -> dict[str, Any]:
    """A data folder with something on every list: an unfinished autosave (and a copy among the saves), a finished
    game, a damaged save, a save with hostile names; the autosave's content."""
    kept = autosaved(["Ada", "Bo"], 4, 12)
    write_save("unfinished.json", kept)
    open_timeline(str(FINISHED_REPLAY)).game_at(49).save(str(write_save("game-1.json", "{}", finished_folder())))
    write_save("broken.json", '{"players": [{"name": "\\ud800", "vp": Infinity}]}')
    write_save("a\nb.json", {"players": [{"name": "Ada\u0000", "vp": 1}], "players_order": ["Ada\u0000"],
                             "turn": {"turn": 1}})
    return kept


def enter(screen: str) -> App:
    """A window showing this screen (the data folder of `monkey_home`)."""
    if screen in ("pass", "play", "legend", "rules"):
        app = App(played(["Cy", "Di"], 7, 6))
        app.step()
        if screen != "pass":
            click(app, (640, 360))
        if screen in ("legend", "rules"):
            press(app, pygame.K_l if screen == "legend" else pygame.K_F1)
        return app
    if screen in ("over", "final_board"):
        app = App(open_timeline(str(FINISHED_REPLAY)).game_at(49))
        app.step()
        if screen == "final_board":
            click(app, zone_center(app, ("button", "final_board")))
        return app
    if screen == "bot_seat":
        app = App(played(["Cy", "Di"], 7, 6), seats=Seats({"Di": "greedy"}, seed=7, fast=True))
        ticks = itertools.count(0, 1000)  # a second a frame: the bot acts at every step it may
        app.clock = lambda: next(ticks)
        app.step()
        return app
    app = new_game_app()
    if screen == "replace_question":
        click(app, zone_center(app, ("button", "start")))
    elif screen in ("load_list", "watch_list"):
        click(app, zone_center(app, ("button", screen.removesuffix("_list"))))
    elif screen.startswith("watch_"):
        app.watch(saves_folder() / "unfinished.json" if screen == "watch_unfinished" else
                  finished_folder() / "game-1.json")
        app.step()
    return app


SCREENS = ["new_game", "replace_question", "load_list", "watch_list", "pass", "play", "bot_seat", "legend", "rules",
           "over", "final_board", "watch_finished", "watch_unfinished"]
SEGMENT = 30


@pytest.mark.parametrize("screen", SCREENS)
def test_the_monkey_finds_no_crash_and_loses_no_game(screen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random clicks (mostly on something drawn), keys, drags and the wheel, seeded, from each screen again every
    SEGMENT events: no handler crashes, and Ada and Bo's autosaved game is still in some file unless Start's
    question was answered "replace"."""
    kept = monkey_home()
    crashes: list[str] = []
    monkeypatch.setattr(App, "keep_after_crash", lambda self, err: crashes.append(f"{type(err).__name__}: {err}"))
    replaced: list[bool] = []
    start_game = App.new_game

    def new_game(self: App, replace: bool = False) -> None:
        replaced.append(replace and autosave_path().exists())
        start_game(self, replace)

    monkeypatch.setattr(App, "new_game", new_game)
    rng = random.Random(f"monkey-{screen}")
    app = enter(screen)
    for count in range(LONG // len(SCREENS) or 3 * SEGMENT):
        if count and count % SEGMENT == 0:
            app = enter(screen)
        for event in monkey_event(rng, app):
            pygame.event.post(event)
        assert app.step(), f"the window closed after {count} events"
        assert not crashes, f"{screen}, event {count}: {crashes}"
    files = [json.loads(path.read_text(encoding="utf-8")) for path in data_home().rglob("*.json")
             if path.name not in (saves.NAMES_FILE, "unfinished.json") and path.parent.name != "scenarios"]
    assert any(replaced) or any(isinstance(data, dict) and data.get("players_order") == ["Ada", "Bo"]
                                and data.get("dice", {}).get("seed") == kept["dice"]["seed"] for data in files)


def test_a_replay_named_with_bytes_that_are_not_utf8_opens_its_window() -> None:
    from game.ui.replay_app import ReplayApp

    app = ReplayApp(open_timeline(str(FINISHED_REPLAY)), 3, name="games/\udcff\x00.json")
    app.step()
    assert pygame.display.get_caption()[0] == "Countertop replay: games/\ufffd\ufffd.json"


def test_a_frame_that_cannot_be_drawn_keeps_the_game_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played(["Ada", "Bo"], 3, 5)
    app = open_app(game)
    monkeypatch.setattr(App, "draw_screen", lambda self, surface: [][0])
    app.step([])
    assert app.ui.banner == f"Something went wrong (IndexError: list index out of range). The game is saved in " \
                            f"{autosave_path()}."
    autosave_path().unlink()
    app.step([])
    app.step([])
    assert app.running and not autosave_path().exists()
    assert capsys.readouterr().err.count("IndexError: list index out of range") == 1


def test_a_crash_on_the_new_game_screen_writes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_game_app()
    monkeypatch.setattr(App, "open_list", lambda self, kind: {}["nothing"])
    click(app, zone_center(app, ("button", "load")))
    assert app.ui.screen == "new_game" and app.ui.banner == "Something went wrong (KeyError: 'nothing')."
    assert not data_home().exists()


def test_a_crash_behind_the_pass_screen_is_said_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played(["Ada", "Bo"], 3, 5)
    app = App(game)
    app.step()
    drawn = record(monkeypatch)
    monkeypatch.setattr(App, "reveal", lambda self: None.screen)
    press(app, pygame.K_SPACE)
    assert app.ui.screen == "pass" and Game.load(str(autosave_path())).to_state() == game.to_state()
    assert any(line.startswith("Something went wrong (AttributeError: ") for line in drawn.words)


def test_e01_an_autosave_that_cannot_be_moved_is_left_and_the_new_game_kept_in_a_save_of_its_own(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = autosaved(["Ada", "Bo"], 4, 12)
    moving = Path.replace

    def replace(self: Path, target: Any) -> Path:
        if self == autosave_path():
            raise PermissionError(13, "Permission denied")
        return moving(self, target)

    monkeypatch.setattr(Path, "replace", replace)
    app = App(Game.new(["Eve", "Fay"], seed=1))
    app.step()
    quit_window(app)
    assert json.loads(autosave_path().read_text(encoding="utf-8")) == kept and kept_aside() == []
    (own,) = saves_folder().glob("countertop-*.json")
    assert Game.load(str(own)).view()["players_order"] == ["Eve", "Fay"]


def test_e01_a_game_that_ends_removes_only_its_own_autosave() -> None:
    kept = autosaved(["Ada", "Bo"], 4, 12)
    timeline = open_timeline(str(FINISHED_REPLAY))
    app = App(timeline.game_at(48))
    app.step()
    app.game.act(timeline.record.history[48])
    app.after_action()
    assert app.ui.screen == "over" and json.loads(autosave_path().read_text(encoding="utf-8")) == kept
    again = App(Game.load(str(autosave_path())), source=autosave_path())
    again.step()
    again.forget_kept()
    assert not autosave_path().exists()


# ----- the lists fuzzer: hostile saves on the Continue, Load and Watch lists ---------------------------------

HOSTILE_VALUES: list[Any] = [float("inf"), float("-inf"), float("nan"), 2**70, -1, 0, True, None, "", "\ud800",
                             "Ada\x00", "a\nb", "\u202eevil", "x" * 30_000, [], [1], {}, {"name": 3}, 1.5, "abc"]
HOSTILE_NAMES = ["a\nb.json", "\udcff\udcfe.json", "-x.json", "x" * 200 + ".json", " .json", "\t.json", "é.json",
                 "autosave-1.json", "countertop-1.json", "😀.json"]


def mutant(rng: random.Random, base: dict[str, Any]) -> Any:
    """A copy of a save with one to three values somewhere in it replaced by hostile ones."""
    data = json.loads(json.dumps(base))
    for _ in range(rng.randint(1, 3)):
        parent: Any = data
        key: Any = None
        node: Any = data
        while isinstance(node, (dict, list)) and node and (key is None or rng.random() < 0.7):
            parent = node
            key = rng.choice(sorted(node)) if isinstance(node, dict) else rng.randrange(len(node))
            node = node[key]
        if key is None:
            return copy.deepcopy(rng.choice(HOSTILE_VALUES))
        parent[key] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
    return data


def lists_base() -> dict[str, Any]:
    """A save as the window writes it: a game some turns in, with the window's "ui" key."""
    app = open_app(played(["Ada", "Bo"], 6, 10))
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    (path,) = saves_folder().iterdir()
    data = json.loads(path.read_text(encoding="utf-8"))
    path.unlink()
    return data


def test_the_lists_fuzzer_opens_or_names_every_hostile_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches of mutated saves (hostile values, hostile file names) in saves/ and finished/: the new-game screen
    draws, and every row of the Load and Watch lists opens its game or says why in one line naming the file."""
    crashes: list[str] = []
    monkeypatch.setattr(App, "keep_after_crash", lambda self, err: crashes.append(f"{type(err).__name__}: {err}"))
    base = lists_base()
    rng = random.Random("lists")
    total = LONG or 40
    for batch in range(0, total, 8):
        for folder in (saves_folder(), finished_folder()):
            if folder.is_dir():
                for old in folder.iterdir():
                    old.unlink()
        names = rng.sample(HOSTILE_NAMES, 4) + [f"m{n}.json" for n in range(4)]
        for name in names[: min(8, total - batch)]:
            folder = finished_folder() if rng.random() < 0.3 else saves_folder()
            text = json.dumps(mutant(rng, base))
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(text.encode("utf-8", "surrogatepass"))
        for kind in ("load", "watch"):
            app = new_game_app()
            click(app, zone_center(app, ("button", kind)))
            for row, info in enumerate(list(app.listing.games)):
                app = new_game_app()
                click(app, zone_center(app, ("button", kind)))
                app.pick(row)
                app.step([])
                opened = app.game is not None or app.replay is not None
                assert opened or (app.ui.banner_is_error and "\n" not in app.ui.banner
                                  and file_label(info.path) in app.ui.banner), (kind, info.path, app.ui.banner)
                assert not crashes, f"batch {batch}, {kind} {file_label(info.path)}: {crashes}"
