"""The terminal side of `countertop sim`: a progress bar (games, games per second, time left) and aligned tables.

rich is imported where it draws, not at the top: a `--json` run never draws, and rich costs a start-up
a tenth of a second.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING, Any

from game.tools.report import shared_note

if TYPE_CHECKING:
    from rich.progress import Progress
    from rich.table import Table


class GameProgress:
    """A progress bar on stderr: games done of the total, games per second, time left (silent when off)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.bar: Progress | None = None
        if enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[rate]}"), TextColumn("left"), TimeRemainingColumn(),
                                console=Console(file=sys.stderr), transient=False)
            self.task = self.bar.add_task("games", total=total, rate="")

    def __enter__(self) -> GameProgress:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        if self.bar is not None:
            self.bar.stop()

    def advance(self, n: int) -> None:
        """n more games finished."""
        if self.bar is not None:
            self.bar.advance(self.task, n)
            speed = self.bar.tasks[0].speed
            self.bar.update(self.task, rate=f"{speed:.1f} games/s" if speed else "")

    def extend(self, n: int) -> None:
        """n more games to play (another round of --until)."""
        if self.bar is not None:
            self.bar.update(self.task, total=(self.bar.tasks[0].total or 0) + n)


def rate_table(title: str, first: str, rates: dict[str, dict[str, Any]], names: dict[str, str]) -> Table:
    """Win rates with their 95% intervals, one row each."""
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for column in ("games", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="right")
    for key, r in rates.items():
        table.add_row(names.get(key, key), str(r["games"]), f"{r['wins']:g}", f"{100 * r['rate']:.1f}%",
                      f"{100 * r['low']:.1f} – {100 * r['high']:.1f}%")
    return table


def print_summary(summary: dict[str, Any], names: dict[str, str], how: str, seconds: float) -> None:
    """The summary as aligned tables on stdout."""
    from rich.console import Console
    from rich.table import Table

    out = Console(file=sys.stdout, highlight=False)
    rates = summary["win_rates"]
    games = summary["games"]
    paired = summary.get("paired")
    out.print(f"{games} games" + (f" ({paired['pairs']} paired deals)" if paired else "")
              + f" in {seconds:.1f} s ({games / max(seconds, 1e-9):.1f} games/s, {how})")
    for variant in summary.get("compare", {}).get("variants", []):
        out.print(variant["verdict"], markup=False)
    out.print(rate_table("Win rate by deck", "deck", rates["by_deck"], names))
    if summary["shared_wins"]:
        out.print(shared_note(summary["shared_wins"], games))
    for count, seats in rates["by_seat"].items():
        out.print(rate_table(f"Win rate by seat, {count}", "seat", seats, names))
    out.print(rate_table("Win rate by bot", "bot", rates["by_bot"], names))
    if paired:
        both = paired["same_seat_won_both"]
        out.print(f"paired deals won both times by the same deck and bot: {paired['same_side_won_both']}; by the "
                  "same seat: " + ", ".join(f"{seat} {n}" for seat, n in both.items()) + f"; other {paired['other']}")
    ratings = summary["ratings"]
    out.print(f"Deck ratings: {ratings['method']}")
    table = Table()
    as_rate = all("win_rate" in r for r in ratings["decks"].values())
    for column, justify in (("deck", "left"), ("rating", "right"), ("95% interval", "right"),
                            *((("wins vs 0", "right"), ("95% interval", "right")) if as_rate else ())):
        table.add_column(column, justify=justify)
    for key, r in sorted(ratings["decks"].items(), key=lambda kv: -kv[1]["rating"]):
        table.add_row(names.get(key, key), f"{r['rating']:g}", f"{r['low']:g} – {r['high']:g}",
                      *((f"{100 * r['win_rate']:.1f}%", f"{100 * r['win_rate_low']:.1f} – "
                         f"{100 * r['win_rate_high']:.1f}%") if as_rate else ()))
    out.print(table)
    if as_rate:
        out.print("wins vs 0: the win rate a rating means against a deck rated 0, the decks' mean")
    mechanics = Table(title="Mechanics fired", title_justify="left")
    mechanics.add_column("mechanic")
    mechanics.add_column("times", justify="right")
    for key, n in summary["mechanics"].items():
        mechanics.add_row(key, str(n))
    out.print(mechanics)
    limit = summary["hit_turn_limit"]
    out.print(f"mean length {summary['mean_turns']} turns, longest {summary['longest_turns']}; "
              f"games that hit the turn or action limit or a rule loop: {len(limit)}"
              + (f" (seeds {limit})" if limit else ""))
    if summary.get("warning"):
        out.print(f"[bold]warning:[/bold] {summary['warning']['text']} {summary['warning']['fix']}", markup=True)
    until = summary.get("until")
    if until:
        out.print(f"--until ±{100 * until['halfwidth']:g} points: " + (
            f"every deck's interval is within it after {games} games" if until["reached"]
            else f"not reached after {games} games (the cap); widest ±{100 * until['widest']:.1f} points"))
