"""The page of `countertop compare --page`: two sim reports side by side, as one self-contained HTML file.

Every number is written from the comparison's JSON and carries its place there (`data-path`), as the report page's
do (`game.tools.reportpage`), so a test can hold the page to the JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matplotlib import rc_context

from game.tools.reportpage import STYLE, escape, interval_plot, num, section, table


def diff_cells(diff: dict[str, Any], path: Sequence[str]) -> str:
    """A rate in A and B, the difference, its interval and whether it moved, as table cells."""
    p = list(path)
    moved = "yes" if _at(diff, [*p, "moved"]) else ""
    return (f"<td>{num(diff, [*p, 'a'], 'pct')} → {num(diff, [*p, 'b'], 'pct')}</td>"
            f"<td><b>{num(diff, [*p, 'delta'], 'pts')}</b></td>"
            f"<td>{num(diff, [*p, 'ci', '0'], 'pts')} – {num(diff, [*p, 'ci', '1'], 'pts')}</td>"
            f"<td>{num(diff, [*p, 'games', '0'], 'int')} / {num(diff, [*p, 'games', '1'], 'int')}</td><td>{moved}</td>")


def _at(data: Any, path: Sequence[str]) -> Any:
    """The value at a path of the comparison."""
    for key in path:
        data = data[int(key)] if isinstance(data, list) else data[key]
    return data


def diff_page(diff: dict[str, Any]) -> str:
    """The whole comparison page: what moved, the files that changed, each deck, seat, bot and card, and the
    length; matplotlib draws labels as written (`$x^2$` is a name)."""
    with rc_context({"text.parse_math": False, "text.usetex": False}):
        return whole_page(diff)


def whole_page(diff: dict[str, Any]) -> str:
    """The comparison page."""
    head = ("", "A → B", "difference, points", "95% interval", "games A / B", "moved")
    rows = [f"<td>{escape(f'{part[:-1]} {key}')}</td>" + diff_cells(diff, [part, key])
            for part in ("decks", "seats", "bots") for key in diff[part]]
    shown = [(f"{part[:-1]} {key}", d) for part in ("decks", "seats", "bots") for key, d in diff[part].items()]
    card_rows = [f"<td>{escape(f'{name} ({part})')}</td>" + diff_cells(diff, ["cards", part, name])
                 for part in ("played", "drawn") for name in diff["cards"][part]]
    files = diff["files"]
    file_lines = [f"<p>Files {kind} from A to B: {escape(', '.join(files[kind]))}.</p>"
                  for kind in ("changed", "added", "removed") if files[kind]]
    length = (f"<p>Mean length {num(diff, ['length', 'a'], 'num')} → {num(diff, ['length', 'b'], 'num')} turns: "
              f"{num(diff, ['length', 'delta'], 'num')} (95% interval {num(diff, ['length', 'ci', '0'], 'num')} – "
              f"{num(diff, ['length', 'ci', '1'], 'num')}){', moved' if diff['length']['moved'] else ''}.</p>")
    flagged = escape("; ".join(diff["flagged"])) or "nothing"
    parts = [
        "<h1>Countertop: two reports compared</h1>",
        f"<p class=lead>A: {escape(diff['a']['file'])}, {num(diff, ['a', 'games'], 'int')} games "
        f"(<code>{escape(diff['a']['command'])}</code>)<br>B: {escape(diff['b']['file'])}, "
        f"{num(diff, ['b', 'games'], 'int')} games (<code>{escape(diff['b']['command'])}</code>)</p>",
        f"<p class=headline>{len(diff['flagged'])} of {num(diff, ['comparisons'], 'int')} comparisons moved "
        f"measurably (with no change at all, about one in 20 would by chance): {flagged}.</p>",
        section("Files", *(file_lines or ["<p>No card or deck file changed.</p>"])),
        section("Decks, seats and bots", "<p>B minus A as independent runs: Newcombe's hybrid score interval from the "
                "two Wilson intervals.</p>", table(head, rows),
                interval_plot([label for label, _ in shown],
                              [(100 * d["delta"], 100 * d["ci"][0], 100 * d["ci"][1]) for _, d in shown],
                              "B minus A", "win-rate points (95% interval)", 0) if shown else ""),
        section("Game length", length),
        section("Cards", "<p>The win rate of a seat that played the card, and that drew it.</p>",
                table(head, card_rows)),
    ]
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Countertop: two reports compared</title>"
            f"<style>{STYLE}</style></head><body>" + "".join(parts) + "</body></html>\n")
