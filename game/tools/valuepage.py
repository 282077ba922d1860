"""`countertop value --report DIR`: report.json and a self-contained report.html with the rows as a bar chart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from matplotlib import rc_context
from matplotlib.figure import Figure

from game.core.atomic import write_together
from game.tools.reportpage import BLUE, GREY, STYLE, escape, num, png, section, table, visible


def value_plot(report: dict[str, Any]) -> str:
    """Each row's win rate of the full bot as a bar with its 95% interval, and the even line."""
    rows = report["rows"]
    labels = list(rows)
    fig = Figure(figsize=(8, 0.55 * len(labels) + 1.3))
    ax = fig.subplots()
    ys = list(range(len(labels)))[::-1]
    values = [100 * r["rate"] for r in rows.values()]
    ax.barh(ys, values, color=BLUE, xerr=[[100 * (r["rate"] - r["low"]) for r in rows.values()],
                                          [100 * (r["high"] - r["rate"]) for r in rows.values()]], capsize=4)
    ax.axvline(50, color=GREY, linestyle="--", linewidth=1)
    ax.set_yticks(ys, [visible(report["row_labels"][x]) for x in labels])
    ax.set_xlim(0, 100)
    trace = report["mode"] == "skill-trace"
    ax.set_xlabel(("win rate of ismcts at 2N against N" if trace else "win rate of the full bot") +
                  ", % (95% Wilson interval)")
    title = "skill trace" if trace else "mechanic value"
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return png(fig, title)


def verdict_cell(row: dict[str, Any]) -> str:
    """A row's sequential verdict as a table cell, with `--until`; nothing without it."""
    if "until" not in row:
        return ""
    found = row["until"]
    return "<td>not settled</td>" if found is None else f"<td>{escape(found['found'])} ({found['games']})</td>"


def until_note(report: dict[str, Any]) -> str:
    """What `--until`'s sequential tests settled, and at which error rates; nothing without it."""
    if "until" not in report:
        return ""
    until = report["until"]
    settled = "every row was settled" if until["settled"] else "not every row was settled within --games"
    return (f"<p>Played in rounds of {until['round']} games until sequential tests settled each row (two one-sided "
            f"GSPRTs on the full bot's score over each paired deal, smallest move {100 * until['step']:g} points, "
            f"α = β = 0.05 each): {settled}; {until['games']} games in all.</p>")


def value_page(report: dict[str, Any]) -> str:
    """The whole page: what ran, the table, the chart, and the command that plays the same games."""
    trace = report["mode"] == "skill-trace"
    rows = [f"<td>{escape(report['row_labels'][label])}</td><td class=t><code>{escape(r['full'])}</code> against "
            f"<code>{escape(r['against'])}</code></td>"
            f"<td>{num(report, ['rows', label, 'games'], 'int')}</td>"
            f"<td>{num(report, ['rows', label, 'wins'], 'int')}</td>"
            f"<td><b>{num(report, ['rows', label, 'rate'], 'pct')}</b></td>"
            f"<td>{num(report, ['rows', label, 'low'], 'pct')} – {num(report, ['rows', label, 'high'], 'pct')}</td>"
            f"<td>{num(report, ['rows', label, 'mean_turns'], 'num')}</td>" + verdict_cell(r)
            for label, r in report["rows"].items()]
    title = "Skill trace" if trace else "Mechanic value"
    lead = ("ismcts with 2N playouts a decision plays ismcts with N; above 50% the extra thought pays."
            if trace else
            f"<code>{escape(report['bot'])}</code> plays the same bot forbidden one mechanic (or <code>myopic</code>, "
            "which never looks past its own action); the further above 50%, the more the game rewards the mechanic.")
    if trace:
        lead += f" The trace: {escape(report['verdict'])}."
    with rc_context({"text.parse_math": False, "text.usetex": False}):
        chart = value_plot(report)
    body = (f"<h1>Countertop: {title.lower()}</h1><p class=lead>{num(report, ['pairs'], 'int')} paired deals a row "
            f"(each dealt twice, the seats reversed), seed {num(report, ['seed'], 'int')}, decks "
            f"{escape(', '.join(report['decks'].values()))}.</p><p class=headline>{lead}</p>"
            + section(title, table(("2N vs N playouts" if trace else "against", "bots", "games", report["wins_column"],
                                    "win rate", "95% interval", "turns",
                                    *(["verdict (settled at games)"] if "until" in report else [])), rows),
                      until_note(report), chart)
            + section("Reproduce", f"<p><code>{escape(report['command'])}</code></p>"))
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Countertop "
            f"{title.lower()}</title><style>{STYLE}</style></head><body>{body}</body></html>\n")


def write_value(report: dict[str, Any], folder: Path) -> tuple[Path, Path]:
    """Write DIR/report.json and DIR/report.html, both or neither; the paths written."""
    json_path, html_path = folder / "report.json", folder / "report.html"
    html = value_page(report)
    write_together([(json_path, json.dumps(report, indent=1, ensure_ascii=False) + "\n"), (html_path, html)])
    return json_path, html_path
