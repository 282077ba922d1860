"""`countertop compare A/report.json B/report.json` (issue 44): what moved between two sim reports, with Newcombe
intervals for rates and Welch's for the mean length, and the measurable moves flagged."""

from __future__ import annotations

import copy
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.tools.balance import wilson
from game.tools.reportdiff import newcombe
from game.tools.reportpage import FORMATS


def entry(wins: int, games: int) -> dict[str, Any]:
    """A report's rate entry, as `sim --report` writes it (Wilson interval, 4 digits)."""
    found = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": round(found.value, 4), "low": round(found.low, 4),
            "high": round(found.high, 4)}


def report(deck_wins: int, histogram: dict[str, int], footman: str) -> dict[str, Any]:
    """A small report.json: one deck's rate over 100 seats, the seats, one bot, one card and the lengths."""
    return {"command": "countertop sim ...", "games": 100, "files": {"cards/footman.toml": footman},
            "win_rates": {"by_deck": {"fable_guard": entry(deck_wins, 100)},
                          "by_seat": {"2 players": {"seat 1": entry(61, 100), "seat 2": entry(39, 100)}},
                          "by_bot": {"greedy-v1": entry(100, 200)}},
            "cards": {"Footman": {"played": entry(20, 40), "drawn": entry(30, 60)}},
            "length": {"histogram": histogram}}


def compare(tmp_path: Path, capsys: pytest.CaptureFixture[str], a: Any, b: Any) -> dict[str, Any]:
    """Write two reports and run `countertop compare --json` on them."""
    paths = []
    for name, data in (("a", a), ("b", b)):
        (tmp_path / name).mkdir(exist_ok=True)
        paths.append(tmp_path / name / "report.json")
        paths[-1].write_text(json.dumps(data), encoding="utf-8")
    assert main(["compare", str(paths[0]), str(paths[1]), "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_newcombe_interval_by_hand() -> None:
    """40/100 then 60/100: delta 0.2; Wilson gives A 0.3094-0.4980 and B 0.5020-0.6906, so the interval is
    0.2 - sqrt(0.0980^2 + 0.0980^2) = 0.0614 to 0.2 + sqrt(0.0906^2 + 0.0906^2) = 0.3281."""
    assert newcombe(entry(40, 100), entry(60, 100)) == {"a": 0.4, "b": 0.6, "delta": 0.2, "ci": [0.0614, 0.3281],
                                                        "games": [100, 100], "moved": True}
    assert newcombe(entry(50, 100), entry(55, 100))["moved"] is False  # type: ignore[index]


def test_a_changed_card_file_and_a_deck_that_moved_are_flagged(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The deck went from 40% to 60% and the games got a turn longer (Welch: means 11 and 12, variance 100/99 each,
    half-width 1.96 * sqrt(2 * 1.0101 / 100) = 0.279); Footman's file changed; nothing else moved."""
    diff = compare(tmp_path, capsys, report(40, {"10": 50, "12": 50}, "aa"), report(60, {"11": 50, "13": 50}, "bb"))
    assert diff["files"] == {"changed": ["cards/footman.toml"], "added": [], "removed": []}
    assert diff["decks"]["fable_guard"]["ci"] == [0.0614, 0.3281]
    assert diff["length"] == {"a": 11.0, "b": 12.0, "delta": 1.0, "ci": [0.721, 1.279], "games": [100, 100],
                              "moved": True}
    assert diff["flagged"] == ["decks fable_guard", "length"] and diff["comparisons"] == 7
    assert diff["seats"]["2 players, seat 1"]["delta"] == 0 and diff["cards"]["played"]["Footman"]["moved"] is False


def test_two_reports_of_the_same_run_show_no_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same seeded sim written twice: every difference is 0, no file changed, nothing flagged; the terminal
    summary says so."""
    for name in ("a", "b"):
        assert main(["sim", "--games", "4", "--seed", "3", "--workers", "1", "--report", str(tmp_path / name)]) == 0
    capsys.readouterr()
    a, b = (str(tmp_path / name / "report.json") for name in ("a", "b"))
    assert main(["compare", a, b, "--json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert diff["flagged"] == [] and diff["files"] == {"changed": [], "added": [], "removed": []}
    assert all(d["delta"] == 0 for part in ("decks", "seats", "bots") for d in diff[part].values())
    assert main(["compare", a, b]) == 0
    assert f"0 of {diff['comparisons']} comparisons moved measurably" in capsys.readouterr().out


@pytest.mark.parametrize(("text", "message"), [
    (None, "no such report"),
    ("not json", "not a readable JSON report"),
    ("[1, 2]", "not a sim report: a report.json holds one JSON object"),
    ('{"games": 3}', "win_rates: missing: not a report.json written by `countertop sim --report`"),
])
def test_a_bad_report_is_one_line_naming_the_file(text: str | None, message: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A missing, unreadable or foreign report: exit 2, one line naming the file."""
    good = tmp_path / "good.json"
    good.write_text(json.dumps(report(40, {"10": 1}, "aa")), encoding="utf-8")
    bad = tmp_path / "bad.json"
    if text is not None:
        bad.write_text(text, encoding="utf-8")
    assert main(["compare", str(good), str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith(f"countertop: {bad}") and message in err, err


def test_report_without_games_in_a_part_is_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A deck only one report rates, or a rate with no games, is not compared."""
    a = report(40, {"10": 1}, "aa")
    b = copy.deepcopy(a)
    b["win_rates"]["by_deck"] = {"hex_and_count": entry(3, 10)}
    b["cards"]["Footman"]["played"] = {"games": 0, "wins": 0, "rate": None, "low": 0.0, "high": 1.0}
    diff = compare(tmp_path, capsys, a, b)
    assert diff["decks"] == {} and "Footman" not in diff["cards"]["played"]


def test_the_page_shows_the_comparison_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--page OUT.html` writes one page whose every number is the comparison's, at the place it names; a page
    that can't be written is one line, exit 2, before anything is read."""
    for name, data in (("a", report(40, {"10": 50, "12": 50}, "aa")), ("b", report(60, {"11": 50, "13": 50}, "bb"))):
        (tmp_path / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    a, b, out = (str(tmp_path / f) for f in ("a.json", "b.json", "diff.html"))
    assert main(["compare", a, b, "--json", "--page", out]) == 0
    diff = json.loads(capsys.readouterr().out)
    page = Path(out).read_text(encoding="utf-8")
    assert "Files changed from A to B: cards/footman.toml." in page and "2 of " in page
    shown = re.findall(r'<span data-path="([^"]+)" data-fmt="(\w+)">([^<]*)</span>', page)
    assert len(shown) > 30
    for path, fmt, text in shown:
        value: Any = diff
        for key in html.unescape(path).split("/"):
            value = value[int(key)] if isinstance(value, list) else value[key]
        assert html.unescape(text) == FORMATS[fmt](value), path
    assert main(["compare", a, b, "--page", str(tmp_path / "no" / "diff.html")]) == 2
    out_text, err = capsys.readouterr()
    assert out_text == "" and len(err.splitlines()) == 1 and "no such folder" in err
