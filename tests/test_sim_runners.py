"""Issue 14: the same games give the same report in one process, in two worker processes and as Ray tasks.

One module starts Ray (a local Ray for one small run, a few seconds); the CI installs the cluster extra, so
this runs there and does not skip.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

GAMES = ["sim", "--games", "6", "--seed", "21", "--paired", "--json"]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """report.json of the same 6 paired games run three ways, each with a variant's games too (issue 30), and the
    --json summaries."""
    out: dict[str, str] = {}
    variant = str(Path(__file__).parent / "variants" / "strong_fable_guard.toml")
    for how, extra in (("one", ["--workers", "1"]), ("two", ["--workers", "2"]), ("ray", ["--ray"])):
        folder = tmp_path_factory.mktemp(how)
        assert main([*GAMES, *extra, "--report", str(folder), "--variant", variant]) == 0
        out[how] = (folder / "report.json").read_text(encoding="utf-8")
    return out


def test_workers_and_ray_give_the_same_report(reports: dict[str, str]) -> None:
    """Byte for byte the same report.json, the variant's comparison included, for one process, --workers 2 and a
    local Ray."""
    assert reports["one"] == reports["two"] == reports["ray"]
    report = json.loads(reports["one"])
    assert report["games"] == 6 and report["paired"]["pairs"] == 3 and report["seeds"] == [21, 23]
    assert report["compare"]["variants"][0]["name"] == "Fable Guard giants"


def test_unreachable_ray_address_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """A Ray address where nothing listens: one line naming it, exit 2."""
    assert main(["sim", "--games", "2", "--ray", "127.0.0.1:1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "cannot reach a Ray cluster at 127.0.0.1:1" in err


def test_json_summary_is_one_document(reports: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints only the summary, the same for any runner (checked here against a fresh one-process run)."""
    capsys.readouterr()
    assert main([*GAMES, "--workers", "1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and summary["paired"] == json.loads(reports["ray"])["paired"]


def test_one_process_loads_no_pool_and_no_package_metadata() -> None:
    """A one-process run that writes no report loads neither the process pool, the package metadata, the
    statistics module nor the package resource readers (together about a sixth of a second of every start).
    The first run checks the card files if their checked results are not kept yet (that loads the schemas,
    which load some of these); the second starts as every later run does."""
    lazy = ["concurrent.futures.process", "importlib.metadata", "platform", "statistics", "importlib.readers"]
    code = ("import sys; from game.cli import main; code = main(['sim', '--games', '2', '--workers', '1', '--json']);"
            f" print(code, sorted(set({lazy!r}) & set(sys.modules)), file=sys.stderr)")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "0 []"
    assert json.loads(done.stdout)["games"] == 2


def test_the_summary_is_the_same_with_and_without_a_report(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Without --report the run works out only the numbers its summary shows: the same numbers."""
    assert main([*GAMES, "--workers", "1"]) == 0
    alone = capsys.readouterr().out
    assert main([*GAMES, "--workers", "1", "--report", str(tmp_path)]) == 0
    assert capsys.readouterr().out == alone


def test_games_are_played_with_the_collector_settled() -> None:
    """A process that plays games first freezes what it has loaded out of the collector's sight and makes its
    youngest collections rarer; the games played are the same ones (the collector frees, it decides nothing)."""
    code = ("import gc; from game.tools.batch import COLLECT_AFTER, play_batch, schedule;"
            " before = gc.get_threshold()[0], gc.get_freeze_count();"
            " results = play_batch(schedule(0, 2, 5, ['fable_guard', 'hex_and_count'], ['greedy-v1'], 2, False, True));"
            " print(before[0], before[1] == 0, gc.get_threshold()[0] == COLLECT_AFTER, gc.get_freeze_count() > 0,"
            " [(r.winner, r.turns) for r in results])")
    settled = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert settled[:4] == ["700", "True", "True", "True"]
    plain = ("from game.tools.sim import play_game; bots = ['greedy-v1', 'greedy-v1'];"
             " print([(r.winner, r.turns) for r in (play_game(5, ['fable_guard', 'hex_and_count'], bots, True),"
             " play_game(6, ['hex_and_count', 'fable_guard'], bots, True))])")
    alone = subprocess.run([sys.executable, "-c", plain], capture_output=True, text=True, check=True).stdout.split()
    assert " ".join(settled[4:]) == " ".join(alone)
