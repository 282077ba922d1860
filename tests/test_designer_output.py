"""Designer output a stranger can read (issue 45, item 5): shared wins explained, changes named in words, every way a
card is used counted, the card column compared like with like, value's and the trace's labels, fun ranges, means
with two decimals and an interval, Elo as win rates, the variant's verdict first, 80 columns, and `make sim`."""

from __future__ import annotations

import json
import re
import shlex
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.engine import Game
from game.io.setup import standard_decks
from game.tools.balance import ELO, Interval
from game.tools.cardlog import CardActivity, card_activity
from game.tools.compare import verdict_line
from game.tools.fun import RANGES_NOTE, summarise_fun
from game.tools.funpage import fun_section, print_fun
from game.tools.match import MatchResult
from game.tools.report import RunInfo, build, card_stats, essentials, expected_win_rate, same_draws
from game.tools.reportpage import page
from game.tools.sim import GameResult, summarise
from game.tools.simconsole import print_summary
from game.tools.tune import candidates, print_tune, start_variant
from game.tools.tunebot import describe_match
from game.tools.value import print_value, row_words, wins_head
from game.tools.valuepage import value_page
from game.tools.variant import key_words

DECKS = list(standard_decks())
ROOT = Path(__file__).resolve().parent.parent
SHARED = ("A shared win counts as a win for each player who shares it, so wins can add up to more than the games: "
          "1 of the 3 games were shared (tied for the most VP and for characters on the board, G-7).")


def words(text: str) -> str:
    """A text with every run of white space (a wrapped line's end too) made one space."""
    return " ".join(text.split())


def result(decks: list[str], winner: str | list[str] | None, drawn: list[list[str]] | None = None,
           draws: tuple[int, ...] = ()) -> GameResult:
    """A finished game made by hand (nothing played)."""
    cards = CardActivity(tuple(tuple(d) for d in drawn or [[], []]), ((), ()), (), draws)
    return GameResult(1, decks, ["greedy-v1", "greedy-v1"], winner, 10, False, Counter(), None, cards)


def shared_games() -> tuple[list[GameResult], RunInfo]:
    """Three games, the first a shared win: 4 wins in 3 games."""
    a, b = DECKS[0], DECKS[1]
    games = [result([a, b], ["P1", "P2"]), result([a, b], "P1"), result([b, a], "P2")]
    return games, RunInfo("countertop sim --games 3", 1, 2, (a, b), ("greedy-v1", "greedy-v1"), False, False)


def console_summary(games: list[GameResult], run: RunInfo) -> dict[str, Any]:
    """The summary `sim` prints, from these games."""
    summary = summarise(games)
    shown = essentials(games, run)
    summary.update(win_rates={k: v for k, v in shown["win_rates"].items() if k != "matrix"},
                   ratings=shown["ratings"], paired=None, warning=shown["warning"], until=None)
    return summary


def test_shared_wins_are_explained_where_the_wins_are_counted(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 1: 4 wins in 3 games; the terminal says why under the deck table, the page in both win-rate sections."""
    monkeypatch.setenv("COLUMNS", "80")
    games, run = shared_games()
    summary = console_summary(games, run)
    assert summary["shared_wins"] == 1 and sum(summary["wins_by_deck"].values()) == 4
    print_summary(summary, {}, "1 process", 1.0)
    out = capsys.readouterr().out
    assert SHARED in words(out)
    assert words(out).index("Win rate by deck") < words(out).index(SHARED) < words(out).index("Win rate by seat")
    report = build(games, run)
    assert report["shared_wins"] == 1
    text = words(re.sub(r"<[^>]+>", "", page(report)))
    assert text.count(SHARED) == 2
    assert console_summary(games[1:], run)["shared_wins"] == 0


def test_tune_names_each_change_in_words_from_the_card_and_op_data(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 2: the field path stays the JSON's `change`; `said` and the terminal name card and field in words."""
    assert key_words("Clockwork Bomb", "on_play[0].n") == "white cubes added on play"
    assert key_words("Halo Fountain", "ability[1].cost") == "Renew's cost"
    assert key_words("Halo Fountain", "ability[1].effects[0].n") == "cards drawn by Renew"
    assert key_words("Letter From Another Time", "trigger[0].effects[0].n") == "cards drawn when enters stasis"
    assert key_words("Footman", "hp") == "HP" and key_words("Footman", "on_play[3].n") == "on_play[3].n"
    footman = start_variant(str(ROOT / "tests" / "variants" / "footman_7hp.toml"))
    assert (footman.changes(), footman.changes(words=True)) == (["Footman hp 5 -> 7"], ["Footman: HP 5 → 7"])
    found = candidates(start_variant(None), "clockwork_vanguard", False, ["Clockwork Bomb"])
    assert [(c.label, c.said) for c in found] == [
        ("Clockwork Bomb hp 3 -> 2", "Clockwork Bomb: HP 3 → 2"),
        ("Clockwork Bomb hp 3 -> 1", "Clockwork Bomb: HP 3 → 1"),
        ("Clockwork Bomb on_play[0].n 3 -> 4", "Clockwork Bomb: white cubes added on play 3 → 4"),
        ("Clockwork Bomb on_play[0].n 3 -> 2", "Clockwork Bomb: white cubes added on play 3 → 2"),
        ("Clockwork Bomb trigger[0].effects[0].n 4 -> 5",
         "Clockwork Bomb: damage dealt when last white cube removed 4 → 5"),
        ("Clockwork Bomb trigger[0].effects[0].n 4 -> 3",
         "Clockwork Bomb: damage dealt when last white cube removed 4 → 3"),
        ("Clockwork Bomb 2 -> 3 copies (Footman 3 -> 2)", "Clockwork Bomb: copies 2 → 3 (Footman 3 → 2)"),
        ("Clockwork Bomb 2 -> 1 copies (Footman 3 -> 4)", "Clockwork Bomb: copies 2 → 1 (Footman 3 → 4)"),
    ]
    row = {"change": "Clockwork Bomb on_play[0].n 3 -> 2", "said": "Clockwork Bomb: white cubes added on play 3 → 2",
           "rate": 0.5, "low": 0.4, "high": 0.6, "delta": -0.1, "ci": [-0.2, 0.0], "reaches": True}
    now = {"rate": 0.6, "low": 0.55, "high": 0.65}
    print_tune({"deck": "clockwork_vanguard", "start": "shipped cards", "now": now, "games_per_candidate": 100,
                "target": 0.5, "tried": 8, "suggestions": [row], "closest": []})
    assert ("  Clockwork Bomb: white cubes added on play 3 → 2: win rate 50.0% (40.0 – 60.0%), effect -10.0 points "
            "(95% paired interval -20.0 – +0.0)") in capsys.readouterr().out.splitlines()


def scenario_activity(name: str) -> CardActivity:
    """What the cards did in one of the tests' scenarios."""
    game = Game.from_scenario(str(ROOT / "tests" / "scenarios" / name))
    try:
        return card_activity(game.table)
    finally:
        game.close()


def test_every_way_a_card_is_used_counts_as_fired() -> None:
    """Item 3: Alternate Present's offer (a location's ability when a minion is played there), a defeated monster,
    an ownerless card ignoring stasis and the game-end Madness penalty fire; a defeated minion does not (its text
    did nothing)."""
    assert scenario_activity("st15_alternate_present_places_from_hand.toml").fired == (
        "Alternate Present", "Footman", "Letter From Another Time")
    assert "Wandering Golem" in scenario_activity("g6_defeat_vp_monster_and_blue_cubes.toml").fired
    assert "Footman" not in scenario_activity("g6_defeat_vp_monster_and_blue_cubes.toml").fired
    assert scenario_activity("st17_monsters_and_treasures_unaffected.toml").fired == (
        "Lost Relic", "Time Out", "Wandering Golem")
    assert scenario_activity("st18_madness_in_stasis_counts_at_game_end.toml").fired == ("Madness",)


def test_drawn_minus_not_drawn_compares_seats_that_drew_as_many_cards() -> None:
    """Item 4: card X of deck a; seats that drew 12 cards: drawn won 1 of 2, not drawn 0 of 1; seats that drew 14:
    drawn 1 of 1 only (no like to compare with). Raw: 2/3 - 0/1; like with like: 1/2 - 0/1 with weight 2/3."""
    a, b = DECKS[0], DECKS[1]
    x = sorted(standard_decks()[a].cards)[0]
    games = [result([a, b], "P1", [[x], []], (12, 12)), result([a, b], "P2", [[x], []], (12, 12)),
             result([a, b], "P2", [[], []], (12, 12)), result([a, b], "P1", [[x], []], (14, 12))]
    stats = card_stats(games)[x]
    assert stats["drawn_minus_not_drawn"] == round(2 / 3, 4)
    fair = stats["drawn_minus_not_drawn_same_draws"]
    assert (fair["delta"], fair["seats"]) == (0.5, 3)
    # Agresti-Caffo variance: drawn (1+1)/(2+2) over 4, not drawn (0+1)/(1+2) over 3; weight 2/3 cancels
    half = 1.959963984540054 * (0.5 * 0.5 / 4 + (1 / 3) * (2 / 3) / 3) ** 0.5
    assert (fair["low"], fair["high"]) == (round(0.5 - half, 4), round(min(1.0, 0.5 + half), 4))
    assert same_draws([]) == {"delta": None, "low": None, "high": None, "seats": 0}
    report = build(games, RunInfo("countertop sim", 1, 2, (a, b), ("greedy-v1", "greedy-v1"), False, False))
    text = words(re.sub(r"<[^>]+>", "", page(report)))
    assert "drawn − not drawn, as many cards drawn" in text and "raw drawn − not drawn (biased)" in text
    assert "The raw difference, last, is biased upward for nearly every card" in text


def value_report(mode: str) -> dict[str, Any]:
    """A value report of two rows, made by hand."""
    row = {"full": "greedy", "against": "x", "games": 4, "wins": 3, "rate": 0.75, "low": 0.3, "high": 0.95,
           "mean_turns": 11.0}
    rows = {"2 vs 1": row, "4 vs 2": row} if mode == "skill-trace" else {"stasis": row, "myopic": row}
    report = {"command": "c", "mode": mode, "bot": None if mode == "skill-trace" else "greedy", "seed": 4,
              "games": 4, "pairs": 2, "decks": {"a": "A"}, "rows": rows}
    if mode == "skill-trace":
        report.update(levels_off="2 vs 1", verdict="v")
    report["row_labels"] = {label: row_words(report, label) for label in rows}
    report["wins_column"] = wins_head(report)
    return report


def test_value_labels_its_rows_and_whose_wins(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 5: `myopic` is a row of its own, the mechanics are "without M"; the trace counts the 2N bot's wins."""
    monkeypatch.setenv("COLUMNS", "100")
    print_value(value_report("value"), "1 process", 1.0)
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].rstrip() == "Mechanic value: greedy against itself without a mechanic, or myopic"
    assert re.split(r"\s*┃\s*", lines[3].strip("┃ ")) == [
        "greedy against", "games", "greedy wins", "win rate", "95% interval", "turns"]
    assert [line.split("│")[1].strip() for line in lines[5:7]] == ["without stasis", "myopic"]
    print_value(value_report("skill-trace"), "1 process", 1.0)
    lines = capsys.readouterr().out.splitlines()
    assert re.split(r"\s*┃\s*", lines[3].strip("┃ "))[:3] == ["2N vs N playouts", "games", "2N wins"]
    assert "full bot wins" not in value_page(value_report("skill-trace"))
    assert "<th>greedy wins</th>" in value_page(value_report("value"))
    assert "<td>without stasis</td>" in value_page(value_report("value"))


def fun_games() -> list[dict[str, Any]]:
    """Three games' fun metrics, made by hand."""
    def game(winner: int, turns: int, legal: int, decisions: int) -> dict[str, Any]:
        return {"seed": 0, "decks": [DECKS[0], DECKS[1]], "winner": winner, "turns": turns,
                "first_player_won": winner == 0, "lead_changes": turns % 3, "drama": 1.0 / 3,
                "trailing_share": 0.25, "comeback": False, "decided_at": 2, "decided_early": True,
                "decisions": decisions, "open_decisions": decisions // 2, "legal_actions": legal}
    return [game(0, 10, 100, 10), game(1, 12, 150, 12), game(0, 11, 90, 9)]


def test_fun_means_have_two_decimals_an_interval_each_and_one_histogram(monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Items 6, 7, 10: the legal actions have a pooled interval (ratio estimator); the page's means show two
    decimals, the lead changes' histogram only (the game lengths' is the Game length section's), and the note on
    healthy ranges; the terminal fits 80 columns with each label whole."""
    summary = summarise_fun(fun_games())
    legal = summary["legal_actions"]
    mean = 340 / 31
    spread = sum((x - mean * n) ** 2 for x, n in ((100, 10), (150, 12), (90, 9))) / 2 * 3
    half = 1.959963984540054 * spread ** 0.5 / 31
    assert legal == {"mean": round(mean, 4), "decisions": 31, "low": round(mean - half, 4),
                     "high": round(mean + half, 4)}
    fun = {"summary": summary, "by_deck": {DECKS[0]: summary, DECKS[1]: summary}, "games": fun_games()}
    section = fun_section({"fun": fun, "decks": {k: d.name for k, d in standard_decks().items()}})
    assert section.count("<img") == 1 and 'alt="lead changes"' in section
    means = re.findall(r'data-fmt="mean">([^<]*)<', section)
    assert means and all(re.fullmatch(r"\d+\.\d\d", m) for m in means)
    assert 'data-path="fun/summary/legal_actions/low"' in section
    assert RANGES_NOTE in section.replace("&#x27;", "'")
    monkeypatch.setenv("COLUMNS", "80")
    print_fun(fun, {k: d.name for k, d in standard_decks().items()})
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert RANGES_NOTE in words(out)
    for label in ("decided before last third", "legal actions a decision", "drama: winner's VP behind"):
        assert sum(label in line for line in out.splitlines()) == 2


def test_sim_fun_fits_80_columns(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 10: a `sim --fun` summary at 80 columns: no line longer, no metric label broken."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["sim", "--games", "4", "--seed", "2", "--bots", "greedy-v1", "greedy-v1", "--fun",
                 "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert sum("comebacks from 2+ VP down" in line for line in lines) == 2


def test_elo_comes_with_the_win_rate_it_means(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 8: +100 Elo against a 0-rated deck is 64.0%; the deck ratings, ladder and tune-bot print win rates."""
    assert expected_win_rate(Interval(100 / ELO, 0.0, 200 / ELO)) == {"win_rate": 0.6401, "win_rate_low": 0.5,
                                                                       "win_rate_high": 0.7597}
    games, run = shared_games()
    rated = essentials(games, run)["ratings"]["decks"]
    assert all({"win_rate", "win_rate_low", "win_rate_high"} <= set(r) for r in rated.values())
    assert describe_match(MatchResult("a", "b", (1.0, 0.5, 0.5, 1.0), "H1")) == (
        "new against old: wins 75.0% (46.7% to 100.0%) = +191 Elo (-23 to +798), 8 games: better (SPRT accepted "
        "the gain)")
    assert main(["ladder", "--bots", "random", "greedy-v1", "--deals", "2", "--workers", "1",
                 "--decks", "fable_guard", "hex_and_count"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "     random vs greedy-v1  wins   0.0% (0.0% to 0.0%) =  -798 Elo (-798 to -798)"


def test_the_variants_verdict_comes_first(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 9: the verdict in one sentence for the decks a variant changes; the summary's second line, the page's
    headline, and the variant's section before the win rates."""
    moved = {"name": "v", "asked": ["a", "seat 1"], "decks": {"a": {"delta": 0.05, "ci": [0.01, 0.09]}},
             "seats": {"seat 1": {"delta": -0.01, "ci": [-0.03, 0.01]}}}
    assert verdict_line(moved, {"a": "Deck A"}) == (
        "Variant v: Deck A win rate +5.0 points (95% paired interval +1.0 – +9.0): a measurable move; seat 1 win "
        "rate -1.0 points (95% paired interval -3.0 – +1.0): no measurable move.")
    moved["until"] = {"verdicts": {"a": {"found": "moved up", "games": 40}, "seat 1": None}}
    assert verdict_line(moved, {"a": "Deck A"}) == (
        "Variant v: Deck A win rate +5.0 points (95% paired interval +1.0 – +9.0): moved up (settled at 40 games); "
        "seat 1 win rate -1.0 points (95% paired interval -3.0 – +1.0): not settled.")
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["sim", "--games", "4", "--seed", "2", "--bots", "greedy-v1", "greedy-v1", "--workers", "1",
                 "--variant", str(ROOT / "tests" / "variants" / "footman_7hp.toml"), "--report", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    line = report["compare"]["variants"][0]["verdict"]
    assert line == verdict_line(report["compare"]["variants"][0], report["decks"])
    assert line.startswith("Variant Footman +2 HP: Clockwork Vanguard win rate ") and lines[1] == line
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    headline = html[html.index('<p class="headline">'):html.index("</p>", html.index('<p class="headline">'))]
    assert line.replace("'", "&#x27;") in headline
    assert html.index("<h2>Variant: Footman +2 HP</h2>") < html.index("<h2>Win rate by deck</h2>")


def make_sim_command() -> list[str]:
    """The command `make sim` runs, without ARGS, as `countertop` arguments."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = text[text.index("\nsim: ") + 1:].splitlines()[1].strip()
    assert recipe.startswith("$(BIN)/countertop sim ") and recipe.endswith(" $(ARGS)")
    return shlex.split(recipe.removeprefix("$(BIN)/countertop ").removesuffix(" $(ARGS)"))


def test_make_sim_does_not_warn_against_itself(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 11: `make sim` plays one bot in both seats (fewer games here, as `make sim ARGS="--games 6"` would), so
    its summary carries no warning that its numbers measure the bots; ARGS such as `--seed 3` come after and win."""
    argv = make_sim_command()
    assert argv == ["sim", "--games", "200", "--check", "--bots", "greedy-v1", "greedy-v1"]
    assert main([*argv, "--games", "6", "--seed", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "warning" not in out and "checks passed: every invariant held in all 6 games" in out
