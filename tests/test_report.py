"""The balance report (issue 14): the game schedule, per-card and paired counts by hand, and the HTML page held to
report.json (every plot embedded, nothing outside the page, every number the JSON's)."""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.io.setup import standard_decks
from game.tools.batch import GameSpec, play_batch, schedule
from game.tools.cardlog import CardActivity
from game.tools.report import RunInfo, build, card_stats, coverage, pairs, win_rates
from game.tools.reportpage import FORMATS, page
from game.tools.sim import GameResult

DECKS = list(standard_decks())


def result(decks: list[str], winner: str | None, played: list[list[str]], drawn: list[list[str]],
           seed: int = 1) -> GameResult:
    """A finished game made by hand."""
    cards = CardActivity(tuple(tuple(d) for d in drawn), tuple(tuple(p) for p in played),
                         tuple(sorted({c for p in played for c in p})))
    return GameResult(seed, decks, ["greedy-v1", "random"], winner, 10, False, Counter(), None, cards)


def test_schedule_seeds_and_every_ordered_matchup() -> None:
    """Game i has seed base+i; 2 players, 2 bots: each ordered pair of the 4 decks once per bot rotation."""
    specs = schedule(0, 24, 100, DECKS, ["greedy-v1", "random"], 2, False, False)
    assert [s.seed for s in specs] == list(range(100, 124)) and [s.index for s in specs] == list(range(24))
    assert Counter(s.decks for s in specs) == Counter({(a, b): 2 for a in DECKS for b in DECKS if a != b})
    assert [s.bots for s in specs[:3]] == [("greedy-v1", "random"), ("random", "greedy-v1"), ("greedy-v1", "random")]
    assert schedule(5, 3, 100, DECKS, ["greedy-v1", "random"], 2, False, False) == specs[5:8]


def test_schedule_paired_deals_swap_the_seats() -> None:
    """--paired: games 2j and 2j+1 share seed base+j; the second has the decks and bots of the first reversed;
    24 games (12 deals, 2 bot rotations) meet every pair of the 4 decks."""
    specs = schedule(0, 24, 7, DECKS, ["greedy-v1", "random"], 2, True, False)
    for first, second in zip(specs[0::2], specs[1::2], strict=True):
        assert first.seed == second.seed == 7 + first.index // 2
        assert second.decks == first.decks[::-1] and second.bots == first.bots[::-1]
    assert {frozenset(s.decks) for s in specs} == {frozenset((a, b)) for a in DECKS for b in DECKS if a < b}


def test_card_stats_by_hand() -> None:
    """Three games of decks 0 and 1. Card X of deck 0: played by seat 1 in games 1 and 2 (won 1), not played in
    game 3 (won); drawn in games 1 and 3 (won both), not drawn in game 2 (lost): drawn minus not = 1 - 0."""
    a, b = DECKS[0], DECKS[1]
    x = sorted(standard_decks()[a].cards)[0]
    games = [result([a, b], "P1", [[x], []], [[x], []]), result([a, b], "P2", [[x], []], [[], []]),
             result([a, b], "P1", [[], []], [[x], []])]
    stats = card_stats(games)[x]
    assert stats["games_played"] == 2
    assert (stats["played"]["games"], stats["played"]["wins"]) == (2, 1)
    assert (stats["not_played"]["games"], stats["not_played"]["wins"]) == (1, 1)
    assert (stats["drawn"]["games"], stats["drawn"]["wins"], stats["not_drawn"]["games"]) == (2, 2, 1)
    assert stats["not_drawn"]["wins"] == 0 and stats["drawn_minus_not_drawn"] == 1.0


def test_win_rates_and_pairs_by_hand() -> None:
    """Two pairs: in the first the same side wins both, in the second seat 1 wins both. Deck a: 3 of 4 games."""
    a, b = DECKS[0], DECKS[1]
    games = [result([a, b], "P1", [[], []], [[], []]), result([b, a], "P2", [[], []], [[], []]),
             result([a, b], "P1", [[], []], [[], []]), result([b, a], "P1", [[], []], [[], []])]
    rates = win_rates(games, 2)
    assert (rates["by_deck"][a]["games"], rates["by_deck"][a]["wins"]) == (4, 3)
    assert rates["by_seat"]["2 players"]["seat 1"]["wins"] == 3
    assert (rates["matrix"][a][b]["wins"], rates["matrix"][b][a]["wins"]) == (3, 1)
    paired = pairs(games, 2)
    assert paired["pairs"] == 2 and paired["same_side_won_both"] == 1
    assert paired["same_seat_won_both"] == {"seat 1": 1, "seat 2": 0} and paired["other"] == 0


def test_never_fired_lists_cards_and_their_rule_ids() -> None:
    """Only Footman fired: every other card is listed, and only rule ids that Footman alone shows are left out."""
    games = [result([DECKS[0], DECKS[1]], "P1", [["Footman"], []], [[], []])]
    cov = coverage(games)
    assert "Footman" not in cov["cards_never_fired"] and "Archer" in cov["cards_never_fired"]
    assert "G-6" not in cov["rules_never_fired"]
    assert cov["rules_never_fired"] == sorted(cov["rules_never_fired"], key=lambda r: (r.split("-")[0],
                                                                                      int(r.split("-")[1])))


class Page(HTMLParser):
    """The parts of the page the tests look at: tags' attributes, and the numbers tagged with their JSON path."""

    def __init__(self) -> None:
        super().__init__()
        self.attrs: list[tuple[str, dict[str, str | None]]] = []
        self.numbers: list[tuple[str, str, str]] = []
        self.open: tuple[str, str] | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.attrs.append((tag, found))
        if "data-path" in found:
            self.open = (str(found["data-path"]), str(found["data-fmt"]))
            self.text = ""

    def handle_data(self, data: str) -> None:
        if self.open:
            self.text += data

    def handle_endtag(self, tag: str) -> None:
        if self.open and tag == "span":
            self.numbers.append((*self.open, self.text))
            self.open = None


def lookup(report: dict[str, Any], path: str) -> Any:
    value: Any = report
    for key in path.split("/"):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


@pytest.fixture(scope="module")
def small_report() -> dict[str, Any]:
    """The report of 8 paired greedy-vs-random games, played in this process."""
    specs = schedule(0, 8, 40, DECKS, ["greedy-v1", "random"], 2, True, False)
    run = RunInfo("countertop sim --games 8 --seed 40 --paired", 40, 2, tuple(DECKS), ("greedy-v1", "random"), True,
                  False)
    return build(play_batch(specs), run)


def test_html_embeds_every_plot_and_nothing_outside(small_report: dict[str, Any]) -> None:
    """Six plots, each a base64 PNG in the page; no tag loads or links anything else; no scheme but data:."""
    html = page(small_report)
    parsed = Page()
    parsed.feed(html)
    images = [a for tag, a in parsed.attrs if tag == "img"]
    assert len(images) == 6 and all(str(a["src"]).startswith("data:image/png;base64,") for a in images)
    assert all(tag not in ("script", "link", "iframe", "object", "embed") for tag, _ in parsed.attrs)
    assert all(not a.get(k) or k == "src" for _, a in parsed.attrs for k in ("src", "href"))
    assert re.search(r"https?:|//[a-z]|url\(", re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", html)) is None


def test_html_numbers_equal_report_json(small_report: dict[str, Any]) -> None:
    """Every number on the page is the JSON's number at its data-path; every deck, seat and card is on the page."""
    parsed = Page()
    parsed.feed(page(small_report))
    for path, fmt, text in parsed.numbers:
        assert text == FORMATS[fmt](lookup(small_report, path)), path
    paths = {p for p, _, _ in parsed.numbers}
    for deck in small_report["win_rates"]["by_deck"]:
        assert {f"win_rates/by_deck/{deck}/{k}" for k in ("games", "wins", "rate", "low", "high")} <= paths
    assert "win_rates/by_seat/2 players/seat 1/rate" in paths and "paired/pairs" in paths
    assert {f"cards/{name}/drawn_minus_not_drawn" for name in small_report["cards"]} <= paths
    assert {f"ratings/decks/{d}/rating" for d in small_report["ratings"]["decks"]} <= paths


def test_three_player_report_rates_with_openskill() -> None:
    """Three players: the ratings are openskill Plackett-Luce ones, one per deck seen."""
    specs = [GameSpec(i, 60 + i, tuple(DECKS[i:i + 3]), ("random",) * 3, False) for i in range(2)]
    report = build(play_batch(specs), RunInfo("x", 60, 3, tuple(DECKS), ("random",), False, False))
    assert report["ratings"]["method"].startswith("openskill")
    assert set(report["ratings"]["decks"]) == set(DECKS)
    assert sum(r["games"] for r in report["win_rates"]["by_seat"]["3 players"].values()) == 6


@pytest.mark.parametrize(("argv", "message"), [
    (["sim", "--games", "2", "--workers", "0"], "--workers must be at least 1"),
    (["sim", "--games", "2", "--until", "2"], "--until must be a half-width between 0 and 0.5"),
    (["sim", "--games", "2", "--until", "0"], "--until must be a half-width between 0 and 0.5"),
])
def test_bad_scale_options_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad --workers or --until: exit 2, one line, nothing on stdout."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and message in err


def test_ray_missing_says_how_to_install(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without Ray importable, --ray says in one line how to install it and exits 2."""
    monkeypatch.setitem(__import__("sys").modules, "ray", None)
    assert main(["sim", "--games", "2", "--ray"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and ".venv/bin/pip install -e '.[cluster]'" in err


def test_report_folder_gets_both_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--report DIR writes report.json (the numbers) and report.html; --json stays one JSON document."""
    assert main(["sim", "--games", "2", "--seed", "3", "--workers", "1", "--json", "--report", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["games"] == summary["games"] == 2 and report["seeds"] == [3, 4]
    assert report["command"] == ".venv/bin/countertop sim --games 2 --seed 3 --players 2 --bots greedy random"
    assert summary["win_rates"]["by_deck"] == report["win_rates"]["by_deck"]
    assert (tmp_path / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_until_plays_rounds_until_every_deck_is_narrow(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--until 0.3 plays rounds of --games 4 and stops at the first round after which every deck's interval is
    within ±0.3, not before (checked on the report's own games, the rounds before the last)."""
    assert main(["sim", "--games", "4", "--seed", "9", "--workers", "1", "--until", "0.3", "--json",
                 "--report", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    games = summary["games"]
    assert games % 4 == 0 and games > 4
    assert summary["until"]["reached"] is True and summary["until"]["widest"] <= 0.3
    specs = schedule(0, games - 4, 9, DECKS, ["greedy-v1", "random"], 2, False, False)
    before = win_rates(play_batch(specs), 2)["by_deck"]
    assert max((r["high"] - r["low"]) / 2 for r in before.values()) > 0.3
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["until"] == {"halfwidth": 0.3, "reached": True} and report["games"] == games


def test_mismatched_bots_are_flagged() -> None:
    """A bot whose interval lies above 90% (100 of 100: low 96.3%) gets the warning and the fix; 50 of 100 not."""
    from game.tools.report import mismatch, rate

    warning = mismatch({"greedy": rate(100, 100), "random": rate(0, 100)})
    assert warning is not None and warning["fix"] == "--bots greedy greedy" and "100.0%" in warning["text"]
    assert mismatch({"greedy": rate(50, 100), "random": rate(50, 100)}) is None
    assert mismatch({"greedy": rate(10, 10)}) is None
