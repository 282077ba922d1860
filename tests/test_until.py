"""Answers that stop when they are known (issue 44), beyond `sim --variant`: `value` and its skill trace stop each
row when sequential tests settle it, and `tune --until` races its candidates, then measures its shortlist again on
deals the race never played."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.tools import tune
from game.tools.batch import GameSpec, LocalRunner, play_batch
from game.tools.race import AT_CAP, FARTHER, OFF_TARGET, ROUND, Entrant, race
from game.tools.sequential import SAME
from game.tools.sim import GameResult
from game.tools.value import BETTER, decided_trace, levels_off, play_until

BROKEN = str(Path(__file__).parent / "variants" / "broken_archer.toml")


def as_bot(specs: list[GameSpec], name: str) -> list[GameResult]:
    """The games played with `name` in every seat, each result labelled with the bots its spec asked for: a weaker
    bot that is the full bot under another name (a null restriction)."""
    played = play_batch([replace(s, bots=(name,) * len(s.bots)) for s in specs])
    return [replace(r, bots=list(s.bots)) for r, s in zip(played, specs, strict=True)]


def test_a_null_restriction_settles_as_no_measurable_change() -> None:
    """greedy-v1 against itself under another name, on the paired deals of seed 0 at a 10-point precision: the row
    plays rounds of 20 games and stops with "no measurable change" below its cap of 400 (at 340 under the shipped
    rules; a rules or card change moves where, and only a stop at the cap would mean the test is broken)."""
    rows = {"null": ("greedy-v1", "greedy-v1 again")}
    played, found = play_until(rows, 400, 0, ["fable_guard", "hex_and_count"], 0.10,
                               lambda specs: as_bot(specs, "greedy-v1"))
    games = found["null"].games
    assert found["null"].found == SAME and games == len(played["null"]) < 400 and games % 20 == 0, games
    assert [r.seed for r in played["null"][:4]] == [0, 0, 1, 1]


def test_value_until_stops_a_clear_row_early(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """greedy-v1 without attacking loses clearly: settled "better" (for the full bot) after two rounds of 20
    games, below the cap of 60; the report, the page and the command say so."""
    argv = ["value", "--bot", "greedy-v1", "--against", "attack", "--games", "60", "--seed", "3", "--workers", "1",
            "--until", "decided"]
    assert main([*argv, "--json", "--report", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    row = report["rows"]["attack"]
    assert row["games"] == 40 and row["until"] == {"found": BETTER, "games": 40}
    assert report["until"] == {"step": 0.03, "alpha": 0.05, "beta": 0.05, "round": ROUND, "settled": True,
                               "games": 40}
    assert report["command"].endswith("--against attack --until decided")
    assert json.loads((tmp_path / "report.json").read_text(encoding="utf-8")) == report
    assert "<td>better (40)</td>" in (tmp_path / "report.html").read_text(encoding="utf-8")
    assert main(argv) == 0
    assert "sequential verdicts: without attack: better in 40 games\n" in capsys.readouterr().out


def test_the_decided_trace_levels_off_where_a_doubling_is_not_settled_better() -> None:
    """With --until, a doubling levels the trace off unless it was settled "better", whatever its interval."""
    rows: dict[str, dict[str, Any]] = {
        "16 vs 8": {"low": 0.4, "games": 40, "until": {"found": BETTER, "games": 40}},
        "32 vs 16": {"low": 0.6, "games": 200, "until": {"found": SAME, "games": 200}},
        "64 vs 32": {"low": 0.6, "games": 400, "until": None}}
    assert levels_off(rows) == "32 vs 16"
    assert decided_trace("32 vs 16", rows).startswith("levels off at 32 vs 16: doubling the budget there was "
                                                      "settled as no measurable change")
    assert decided_trace("64 vs 32", rows).startswith("undecided from 64 vs 32 on: that doubling was not settled "
                                                      "within 400 games")
    assert decided_trace(None, rows).startswith("still rising")


@pytest.mark.parametrize(("argv", "message"), [
    (["value", "--games", "2", "--until", "0.03"], "--until must be decided or a smallest move such as 2pts"),
    (["tune", "--deck", "fable_guard", "--until", "soon"], "--until must be decided or a smallest move such as 2pts"),
])
def test_bad_until_is_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and message in err, err


def scripted(wins: dict[str, set[int]]) -> Any:
    """A stand-in for the runner: the deck (seat 1) wins game i with the cards `contents` when i % 8 is in
    wins[contents], else seat 2 does."""
    def play(specs: list[GameSpec]) -> list[GameResult]:
        return [GameResult(s.seed, list(s.decks), list(s.bots), "P1" if s.index % 8 in wins[s.contents] else "P2",
                           10, False) for s in specs]  # type: ignore[index]
    return play


def test_the_race_drops_a_clearly_worse_candidate_and_keeps_the_close_one() -> None:
    """Target 50%. "best" wins half its games (i % 8 in 0, 2, 4, 6); "worse" wins the same games but one in four of
    them (37.5%): on the same games it is measurably farther from the target after 100 games, sooner than its own
    miss (-12.5 points) is measurable, and is dropped behind "best"; "none" never wins and is off the target after
    the first round. "best" plays on to the cap of 200."""
    specs = [GameSpec(i, i // 2, ("deck", "other"), ("b", "b"), False, "base") for i in range(200)]  # type: ignore
    play = scripted({"base": {0}, "best": {0, 2, 4, 6}, "worse": {2, 4, 6}, "none": set()})
    field_ = [Entrant(name, name) for name in ("best", "worse", "none")]
    done = race(field_, specs, play(specs), play, "deck", 0.5, 0.03)
    best, worse, none = field_
    assert (best.state, len(best.results)) == (AT_CAP, 200)
    assert (worse.state, worse.behind, len(worse.results)) == (FARTHER, "best", 100)
    assert (none.state, len(none.results)) == (OFF_TARGET, ROUND)
    assert done.rounds == 10 and done.games() == 200 + 200 + 100 + 20


def test_tune_until_measures_its_shortlist_again_on_deals_the_race_never_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Clockwork Vanguard with 0-power Archers, racing the Archer changes on at most 40 games (deals 2 to 21):
    the shortlist and the starting cards are played again on 40 games of deals 22 to 41, and what tune prints and
    writes are those figures, each with its figures in the race beside them."""
    seeds: list[set[int]] = []

    class Recording(LocalRunner):
        def run(self, specs: Any, done: Any, keep: Any = None) -> list[GameResult]:
            seeds.append({s.seed for s in specs})
            return super().run(specs, done, keep)

    monkeypatch.setattr(tune, "runner", lambda workers, ray: Recording(1))
    assert main(["tune", "--deck", "clockwork_vanguard", "--cards", "Archer", "--games", "40", "--seed", "2",
                 "--bots", "greedy-v1", "greedy-v1", "--workers", "1", "--variant", BROKEN, "--until", "decided",
                 "--top", "2", "--json", "--out", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    *search, again = seeds
    assert set().union(*search) == set(range(2, 22)) and again == set(range(22, 42))
    until = out["until"]
    assert until["measured_again"] == {"games": 40, "seeds": [22, 41]} and until["rounds"] == 2
    assert len(until["race"]) == out["tried"] == 6 and sum(until["states"].values()) == 6
    rows = out["suggestions"] or out["closest"]
    assert 1 <= len(rows) <= 2 and all(r["search"]["change"] == r["change"] for r in rows)
    assert json.loads((tmp_path / "tune.json").read_text(encoding="utf-8")) == out
