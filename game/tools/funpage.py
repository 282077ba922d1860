"""The fun metrics of a run (`sim --fun`; docs/fun.md): every game's and their summaries, on the terminal and as a
section of the balance report page."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from matplotlib import rc_context
from matplotlib.figure import Figure

from game.tools.fun import RANGES_NOTE, game_metrics, summarise_fun
from game.tools.report import winners
from game.tools.reportpage import BLUE, escape, num, png, section, table
from game.tools.sim import GameResult

ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("first-player wins", "first-player wins", "first_player_wins", "rate", "pct"),
    ("game length, turns", "game length, turns", "turns", "mean", "mean"),
    ("lead changes a game", "lead changes a game", "lead_changes", "mean", "mean"),
    ("drama: the winner's mean deficit when behind, VP", "drama: winner's VP behind", "drama", "mean", "mean"),
    ("share of turns the winner trailed", "turns the winner trailed", "trailing_share", "mean", "pct"),
    ("comebacks (the winner was 2+ VP behind)", "comebacks from 2+ VP down", "comebacks", "rate", "pct"),
    ("decided before the last third", "decided before last third", "decided_early", "rate", "pct"),
    ("decisions with more than one sensible choice", "decisions, 2+ sensible", "open_decisions", "mean", "pct"),
    ("mean legal actions a decision", "legal actions a decision", "legal_actions", "mean", "mean"),
)
"""The metrics shown: label on the page, label on the terminal, key in a summary, the value's key, and its format
(the interval is `low`..`high`)."""

def fun_report(results: Sequence[GameResult]) -> dict[str, Any]:
    """Every recorded game's metrics, their summary, and the summary of the games each deck played in."""
    games = [game_metrics(r.seed, r.decks, r.turns, winners(r), r.record) for r in results if r.record is not None]
    decks = sorted({d for g in games for d in g["decks"]})
    return {
        "summary": summarise_fun(games),
        "by_deck": {d: summarise_fun([g for g in games if d in g["decks"]]) for d in decks},
        "games": games,
    }


def shown(value: Any, fmt: str) -> str:
    """A value as the terminal shows it."""
    if value is None:
        return "–"
    return f"{100 * value:.1f}%" if fmt == "pct" else f"{value:.2f}"


def print_fun(fun: dict[str, Any], names: dict[str, str]) -> None:
    """The fun metrics of all games with their intervals, then each deck's games' values, within 80 columns."""
    from rich.console import Console
    from rich.table import Table

    out = Console(file=sys.stdout, highlight=False)
    every = fun["summary"]
    grid = Table(title=f"Fun metrics, all {every['games']} games (docs/fun.md)", title_justify="left")
    grid.add_column("metric", no_wrap=True)
    grid.add_column("value", justify="right")
    grid.add_column("95% interval", justify="right")
    for _, label, key, value, fmt in ROWS:
        m = every[key]
        grid.add_row(label, shown(m[value], fmt), f"{shown(m['low'], fmt)} – {shown(m['high'], fmt)}")
    out.print(grid)
    out.print(RANGES_NOTE)
    if not fun["by_deck"]:
        return
    decks = Table(title="By deck: the games each deck played in (intervals: --json, --report)", title_justify="left")
    decks.add_column("metric", no_wrap=True)
    for deck in fun["by_deck"]:
        decks.add_column(names.get(deck, deck), justify="right")
    for _, label, key, value, fmt in ROWS:
        decks.add_row(label, *(shown(s[key][value], fmt) for s in fun["by_deck"].values()))
    out.print(decks)


def cell(report: dict[str, Any], path: Sequence[str], value: str, fmt: str) -> str:
    """A metric and its interval, as one table cell (a dash where there were no games to measure)."""
    found: Any = report
    for key in path:
        found = found[key]
    if found[value] is None:
        return "<td>–</td>"
    return (f"<td><b>{num(report, [*path, value], fmt)}</b> <span class=small>"
            f"({num(report, [*path, 'low'], fmt)} – {num(report, [*path, 'high'], fmt)})</span></td>")


def histogram_plot(hist: dict[str, int], xlabel: str, title: str) -> str:
    """A histogram of counts per integer value."""
    fig = Figure(figsize=(8, 3.2))
    ax = fig.subplots()
    ax.bar([int(k) for k in hist], list(hist.values()), width=0.9, color=BLUE)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    return png(fig, title)


def fun_section(report: dict[str, Any]) -> str:
    """The report page's fun section: every metric for all games and for each deck's games, and the lead changes'
    histogram (the game lengths' is the Game length section's)."""
    fun = report["fun"]
    names = report["decks"]
    with rc_context({"text.parse_math": False, "text.usetex": False}):
        leads = histogram_plot(fun["summary"]["lead_changes_histogram"], "lead changes in a game", "lead changes")
    columns = [(["fun", "summary"], "all games"), *((["fun", "by_deck", d], names.get(d, d)) for d in fun["by_deck"])]
    rows = [f"<td>{escape(label)}</td>" + "".join(cell(report, [*path, key], value, fmt) for path, _ in columns)
            for label, _, key, value, fmt in ROWS]
    return section(
        "Is it fun?",
        "<p>Per game, then summarised: shares with their 95% Wilson interval, means with a 95% normal interval (the "
        "legal actions pooled over every decision, its interval over games). A deck's column holds the games it "
        "played in. The definitions, and the work each follows, are in docs/fun.md.</p>",
        table(("metric", *(label for _, label in columns)), rows), f"<p>{escape(RANGES_NOTE)}</p>", leads)
