"""`countertop value` and its skill trace on tiny seeded budgets: the exact structure, the same for 1 and 2 workers,
the paired deals, and bad options refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.bots.registry import SPECS
from game.cli import main
from game.tools.value import levels_off, plan, restricted, trace_verdict


def value_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """A value run's JSON report."""
    assert main(["value", "--json", "--seed", "4", *args]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_value_reports_each_row_the_same_for_one_and_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "3", "--against", "attack", "stun", "--decks", "fable_guard", "hex_and_count")
    one = value_json(capsys, *args, "--workers", "1")
    assert value_json(capsys, *args, "--workers", "2") == one
    assert one["mode"] == "value" and one["bot"] == "greedy" and one["games"] == 4 and one["pairs"] == 2
    assert list(one["rows"]) == ["attack", "stun"]
    assert [r["against"] for r in one["rows"].values()] == ["greedy-no:attack", "greedy-no:stun"]
    for r in one["rows"].values():
        assert r["full"] == "greedy" and r["games"] == 4 and 0 <= r["wins"] <= 4
        assert r["low"] <= r["rate"] == round(r["wins"] / 4, 4) <= r["high"]
    assert one["command"] == (".venv/bin/countertop value --games 3 --seed 4 --bot greedy --against attack stun "
                              "--decks fable_guard hex_and_count")


def test_the_skill_trace_doubles_each_budget(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--skill-trace", "--budgets", "1", "2", "--games", "2", "--decks", "backtimers_stun", "hex_and_count")
    one = value_json(capsys, *args, "--workers", "1")
    assert value_json(capsys, *args, "--workers", "2") == one
    assert one["mode"] == "skill-trace" and one["bot"] is None
    assert {k: (r["full"], r["against"], r["games"]) for k, r in one["rows"].items()} == {
        "2 vs 1": ("ismcts:2", "ismcts:1", 2), "4 vs 2": ("ismcts:4", "ismcts:2", 2)}
    assert one["levels_off"] == levels_off(one["rows"])
    assert one["verdict"] == trace_verdict(one["levels_off"], list(one["rows"]))


def test_every_row_plays_the_same_paired_deals() -> None:
    specs = plan({"attack": ("greedy", "greedy-no:attack"), "myopic": ("greedy", "myopic")}, 4, 7, ["a", "b"])
    assert [s.index for s in specs] == list(range(8))
    first, second = specs[:4], specs[4:]
    assert [(s.seed, s.decks) for s in first] == [(s.seed, s.decks) for s in second] == [
        (7, ("a", "b")), (7, ("b", "a")), (8, ("a", "b")), (8, ("b", "a"))]
    assert [s.bots for s in first] == [("greedy", "greedy-no:attack"), ("greedy-no:attack", "greedy"),
                                       ("greedy-no:attack", "greedy"), ("greedy", "greedy-no:attack")]


def test_a_restricted_bot_keeps_the_full_bots_budget() -> None:
    assert restricted("ismcts:16", "stasis") == "ismcts-no:stasis:16"
    assert restricted("greedy", "status") == "greedy-no:status"
    assert restricted("ismcts", "myopic") == "myopic"


def test_levels_off_at_the_first_doubling_that_reaches_half() -> None:
    rows = {"16 vs 8": {"low": 0.55}, "32 vs 16": {"low": 0.48}, "64 vs 32": {"low": 0.6}}
    assert levels_off(rows) == "32 vs 16"
    assert levels_off({"16 vs 8": {"low": 0.55}}) is None


def test_value_writes_its_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--games", "2", "--against", "attack", "--workers", "1", "--report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    report = json.loads((tmp_path / "report.json").read_text())
    page = (tmp_path / "report.html").read_text()
    assert "Mechanic value" in out and f"report: {tmp_path / 'report.html'}" in out
    assert 'data-path="rows/attack/rate"' in page and "data:image/png;base64," in page
    assert report["rows"]["attack"]["games"] == 2


@pytest.mark.parametrize(("args", "why"), [
    (["--bot", "random"], "--bot must be greedy or ismcts[:BUDGET] (the full bot; or a reference, greedy-v1 or "
                         "ismcts-v1[:BUDGET]), not 'random'"),
    (["--against", "dice"], "--against: unknown mechanic 'dice'; mechanics: stasis, stun, status, attack, "
                            "abilities, myopic"),
    (["--skill-trace", "--budgets", "0"], "--budgets: each budget is 1 to 50000 playouts (got 0)"),
    (["--bot", "ismcts:0"], f"bad bot 'ismcts:0': an ismcts budget is 1 to 100000 playouts, not '0'; bots: {SPECS}"),
    (["--games", "0"], "--games must be 1 to 100,000 (got 0)"),
    (["--decks", "nope"], None),
])
def test_value_refuses_bad_options_in_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                               why: str | None) -> None:
    assert main(["value", "--games", "2", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and captured.err.startswith("countertop: ")
    if why is not None:
        assert captured.err == f"countertop: {why}\n"


def test_the_trace_levels_off_only_after_a_doubling_that_won_measurably_more() -> None:
    labels = ["16 vs 8", "32 vs 16", "64 vs 32"]
    assert trace_verdict("32 vs 16", labels) == ("levels off at 32 vs 16: doubling the budget there no longer wins "
                                                 "measurably more")
    assert trace_verdict("16 vs 8", labels).startswith("no doubling won measurably more than half its games, from "
                                                       "16 vs 8 on")
    assert trace_verdict(None, labels) == "still rising: every doubling won measurably more than half its games"
