"""The balance report as one self-contained HTML page: tables, and matplotlib plots embedded as base64 PNG.

Every number on the page is written from report.json's data and carries its place there (`data-path`) and how
it is shown (`data-fmt`), so a test can hold the page to the JSON. The page links to nothing outside itself.
Names come from files anyone may write, so every text is plain: HTML-escaped, with bidirectional controls shown
as `[U+202E]` instead of reordering the text around them, and never read as math markup by matplotlib (`$`).
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Callable, Sequence
from typing import Any

from matplotlib import rc_context
from matplotlib.figure import Figure

FORMATS: dict[str, Callable[[Any], str]] = {
    "pct": lambda v: "–" if v is None else f"{100 * v:.1f}%",
    "pts": lambda v: "–" if v is None else f"{100 * v:+.1f}",
    "int": lambda v: f"{v:g}" if isinstance(v, float) else str(v),
    "num": lambda v: f"{v:g}",
    "mean": lambda v: "–" if v is None else f"{v:.2f}",
    "dmean": lambda v: "–" if v is None else f"{v:+.2f}",
}
BLUE, GREY = "#3465a4", "#888888"
BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Bidirectional controls: in a name they would reorder the text around it."""

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
.lead { color: #555; } .headline { font-size: 1.25em; background: #f3f6fb; padding: 0.8em 1em; border-radius: 6px; }
table { border-collapse: collapse; margin: 0.6em 0; } th, td { padding: 0.25em 0.8em; text-align: right; }
th { background: #eee; } td:first-child, th:first-child { text-align: left; }
tr:nth-child(even) td { background: #fafafa; }
img { max-width: 100%; display: block; margin: 0.8em 0; } code { background: #f4f4f4; padding: 0 0.3em; }
.small { font-size: 0.85em; color: #555; } details { margin: 0.8em 0; } td.t { text-align: left; }
.warning { background: #fff4e0; border-left: 4px solid #e0a030; padding: 0.6em 1em; }
.warning code { white-space: nowrap; }
"""


def visible(value: str) -> str:
    """A text with each bidirectional control written as its code point, `[U+202E]`."""
    return BIDI.sub(lambda found: f"[U+{ord(found.group()):04X}]", value)


def escape(value: str) -> str:
    """A text for the page: bidirectional controls made visible, then HTML-escaped (quotes too)."""
    return html.escape(visible(value))


def num(report: dict[str, Any], path: Sequence[str], fmt: str) -> str:
    """A number of the report at `path`, formatted, in a cell tagged with where it came from."""
    value: Any = report
    for key in path:
        value = value[int(key)] if isinstance(value, list) else value[key]
    return (f'<span data-path="{escape("/".join(path))}" data-fmt="{fmt}">{escape(FORMATS[fmt](value))}</span>')


def rate_cells(report: dict[str, Any], path: Sequence[str]) -> str:
    """Games, wins, win rate and its interval, as table cells."""
    p = list(path)
    return (f"<td>{num(report, [*p, 'games'], 'int')}</td><td>{num(report, [*p, 'wins'], 'int')}</td>"
            f"<td><b>{num(report, [*p, 'rate'], 'pct')}</b></td>"
            f"<td>{num(report, [*p, 'low'], 'pct')} – {num(report, [*p, 'high'], 'pct')}</td>")


def table(head: Sequence[str], rows: Sequence[str]) -> str:
    """An HTML table from header names and ready row cells."""
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    return f"<table><tr>{cells}</tr>" + "".join(f"<tr>{r}</tr>" for r in rows) + "</table>"


def png(fig: Figure, alt: str) -> str:
    """A figure as an embedded image."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{escape(alt)}" src="data:image/png;base64,{data}">'


def interval_plot(labels: Sequence[str], spans: Sequence[tuple[float, float, float]], title: str, xlabel: str,
                  line: float | None) -> str:
    """Values as points with their intervals, given as (value, low, high) in per cent, one row per label, and an
    optional dashed reference line."""
    fig = Figure(figsize=(8, 0.5 * len(labels) + 1.2))
    ax = fig.subplots()
    ys = list(range(len(labels)))[::-1]
    ax.errorbar([v for v, _, _ in spans], ys, xerr=[[v - lo for v, lo, _ in spans], [hi - v for v, _, hi in spans]],
                fmt="o", color=BLUE, capsize=4)
    if line is not None:
        ax.axvline(line, color=GREY, linestyle="--", linewidth=1)
    ax.set_yticks(ys, [visible(x) for x in labels])
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.set_ylim(-0.7, len(labels) - 0.3)
    ax.grid(axis="x", alpha=0.3)
    return png(fig, title)


def rate_plot(labels: Sequence[str], rates: Sequence[dict[str, Any]], title: str, even: float | None) -> str:
    """Win rates as points with 95% error bars (and the even line)."""
    return interval_plot(labels, [(100 * r["rate"], 100 * r["low"], 100 * r["high"]) for r in rates], title,
                         "win rate, % (95% Wilson interval)", None if even is None else 100 * even)


def matrix_plot(report: dict[str, Any]) -> str:
    """The deck-against-deck win rates as a heat map."""
    names = report["decks"]
    keys = list(names)
    matrix = report["win_rates"]["matrix"]
    grid = [[100 * matrix[a][b]["rate"] if b in matrix.get(a, {}) else float("nan") for b in keys] for a in keys]
    fig = Figure(figsize=(1.1 * len(keys) + 3, 0.8 * len(keys) + 1.5))
    ax = fig.subplots()
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            label, colour = (f"{v:.0f}%", "black" if 25 < v < 75 else "white") if v == v else ("–", GREY)
            ax.text(j, i, label, ha="center", va="center", color=colour)
    ax.set_xticks(range(len(keys)), [visible(names[k]) for k in keys], rotation=20, ha="right")
    ax.set_yticks(range(len(keys)), [visible(names[k]) for k in keys])
    ax.set_xlabel("against this deck")
    ax.set_ylabel("win rate of this deck")
    fig.colorbar(image, ax=ax, label="win rate, %")
    return png(fig, "deck against deck")


def rating_plot(report: dict[str, Any]) -> str:
    """Deck ratings with their intervals."""
    names = report["decks"]
    rated = report["ratings"]["decks"]
    keys = sorted(rated, key=lambda k: rated[k]["rating"])
    fig = Figure(figsize=(8, 0.5 * len(keys) + 1.2))
    ax = fig.subplots()
    values = [rated[k]["rating"] for k in keys]
    ax.errorbar(values, range(len(keys)), xerr=[[v - rated[k]["low"] for k, v in zip(keys, values, strict=True)],
                                                [rated[k]["high"] - v for k, v in zip(keys, values, strict=True)]],
                fmt="s", color=BLUE, capsize=4)
    ax.set_yticks(range(len(keys)), [visible(names.get(k, k)) for k in keys])
    ax.set_xlabel(report["ratings"]["method"])
    ax.grid(axis="x", alpha=0.3)
    return png(fig, "deck ratings")


def length_plot(report: dict[str, Any]) -> str:
    """The game length histogram."""
    hist = report["length"]["histogram"]
    fig = Figure(figsize=(8, 3.2))
    ax = fig.subplots()
    ax.bar([int(t) for t in hist], list(hist.values()), width=0.9, color=BLUE)
    ax.axvline(report["length"]["mean"], color=GREY, linestyle="--", linewidth=1, label="mean")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.legend()
    return png(fig, "game length")


def card_plot(report: dict[str, Any], names: Sequence[str]) -> str:
    """Each card's win rate when drawn minus when not drawn among seats that drew as many cards, in points, with its
    95% interval."""
    fair = [report["cards"][n]["drawn_minus_not_drawn_same_draws"] for n in names]
    return interval_plot(names, [(100 * d["delta"], 100 * d["low"], 100 * d["high"]) for d in fair],
                         "cards: drawn minus not drawn, seats that drew as many cards",
                         "win rate when drawn minus when not drawn, points (95% interval)", 0)


def shared_paragraph(report: dict[str, Any]) -> str:
    """Why wins can outnumber games (a shared win counts for each winner), with the run's count; none without one."""
    if not report["shared_wins"]:
        return ""
    return (f"<p class=small>A shared win counts as a win for each player who shares it, so wins can add up to more "
            f"than the games: {num(report, ['shared_wins'], 'int')} of the {num(report, ['games'], 'int')} games "
            "were shared (tied for the most VP and for characters on the board, G-7).</p>")


def section(title: str, *parts: str) -> str:
    """A titled part of the page."""
    return f"<h2>{escape(title)}</h2>" + "".join(parts)


def headline(report: dict[str, Any]) -> str:
    """The opening lines: what ran, and the seat and deck answers a designer wants first."""
    seats_key = f"{report['players']} players"
    seat1 = ["win_rates", "by_seat", seats_key, "seat 1"]
    by_deck = report["win_rates"]["by_deck"]
    lines = [f"Seat 1 wins {num(report, [*seat1, 'rate'], 'pct')} "
             f"({num(report, [*seat1, 'low'], 'pct')} – {num(report, [*seat1, 'high'], 'pct')}) "
             f"of {num(report, [*seat1, 'games'], 'int')} {escape(seats_key[:-8])}-player games."]
    if by_deck:
        best = max(by_deck, key=lambda k: by_deck[k]["rate"])
        worst = min(by_deck, key=lambda k: by_deck[k]["rate"])
        if by_deck[best]["rate"] == by_deck[worst]["rate"]:
            lines.append(f"Every deck wins {num(report, ['win_rates', 'by_deck', best, 'rate'], 'pct')}.")
        else:
            lines.append(f"Decks range from {escape(report['decks'][worst])} "
                         f"{num(report, ['win_rates', 'by_deck', worst, 'rate'], 'pct')} to "
                         f"{escape(report['decks'][best])} "
                         f"{num(report, ['win_rates', 'by_deck', best, 'rate'], 'pct')}.")
    if report["until"]:
        h = report["until"]["halfwidth"]
        lines.append(f"Played until every deck's interval was within ±{100 * h:g} points: "
                     + ("reached." if report["until"]["reached"] else "not reached before the cap."))
    lines += [escape(v["verdict"]) for v in report.get("compare", {}).get("variants", [])]
    warn = report["warning"]
    warning = f'<p class="warning">{escape(warn["text"])} <code>{escape(warn["fix"])}</code>.</p>' if warn else ""
    return '<p class="headline">' + "<br>".join(lines) + "</p>" + warning


def page(report: dict[str, Any], extra: Sequence[str] = ()) -> str:
    """The whole report page, with `extra` sections after the game lengths (the fun metrics' of `sim --fun`);
    matplotlib draws every label of its plots as written (`$x^2$` is a name, not math)."""
    with rc_context({"text.parse_math": False, "text.usetex": False}):
        return whole_page(report, extra)


def whole_page(report: dict[str, Any], extra: Sequence[str] = ()) -> str:
    """The whole report page."""
    names = report["decks"]
    wr = report["win_rates"]
    players = report["players"]
    seats_key = f"{players} players"
    rate_head = ("games", "wins", "win rate", "95% interval")
    deck_rows = [f"<td>{escape(names.get(k, k))}</td>" + rate_cells(report, ["win_rates", "by_deck", k])
                 for k in wr["by_deck"]]
    seat_rows = [f"<td>{escape(k)}</td>" + rate_cells(report, ["win_rates", "by_seat", seats_key, k])
                 for k in wr["by_seat"][seats_key]]
    bot_rows = [f"<td>{escape(k)}</td>" + rate_cells(report, ["win_rates", "by_bot", k]) for k in wr["by_bot"]]
    matrix_rows = [f"<td>{escape(names.get(a, a))}</td><td class=t>{escape(names.get(b, b))}</td>"
                   + rate_cells(report, ["win_rates", "matrix", a, b]) for a, row in wr["matrix"].items() for b in row]
    rated = report["ratings"]["decks"]
    as_rate = all("win_rate" in r for r in rated.values())
    rating_rows = [f"<td>{escape(names.get(k, k))}</td><td><b>{num(report, ['ratings', 'decks', k, 'rating'], 'num')}"
                   f"</b></td><td>{num(report, ['ratings', 'decks', k, 'low'], 'num')} – "
                   f"{num(report, ['ratings', 'decks', k, 'high'], 'num')}</td>"
                   + (f"<td>{num(report, ['ratings', 'decks', k, 'win_rate'], 'pct')}</td><td>"
                      f"{num(report, ['ratings', 'decks', k, 'win_rate_low'], 'pct')} – "
                      f"{num(report, ['ratings', 'decks', k, 'win_rate_high'], 'pct')}</td>" if as_rate else "")
                   for k in sorted(rated, key=lambda k: -rated[k]["rating"])]
    cards = report["cards"]
    fair = "drawn_minus_not_drawn_same_draws"
    ranked = sorted((n for n in cards if cards[n][fair]["delta"] is not None), key=lambda n: -cards[n][fair]["delta"])
    unranked = sorted(n for n in cards if cards[n][fair]["delta"] is None)
    card_rows = [f"<td>{escape(n)}</td><td class=t>{escape(', '.join(names.get(d, d) for d in cards[n]['decks']))}</td>"
                 f"<td>{num(report, ['cards', n, 'games_played'], 'int')}</td>"
                 f"<td>{num(report, ['cards', n, 'played', 'rate'], 'pct')} "
                 f"<span class=small>of {num(report, ['cards', n, 'played', 'games'], 'int')}</span></td>"
                 f"<td>{num(report, ['cards', n, 'not_played', 'rate'], 'pct')} "
                 f"<span class=small>of {num(report, ['cards', n, 'not_played', 'games'], 'int')}</span></td>"
                 f"<td><b>{num(report, ['cards', n, fair, 'delta'], 'pts')}</b> <span class=small>"
                 f"({num(report, ['cards', n, fair, 'low'], 'pts')} – {num(report, ['cards', n, fair, 'high'], 'pts')};"
                 f" {num(report, ['cards', n, fair, 'seats'], 'int')} seats)</span></td>"
                 f"<td class=small>{num(report, ['cards', n, 'drawn_minus_not_drawn'], 'pts')}</td>"
                 for n in ranked + unranked]
    length = report["length"]
    length_rows = [f"<td>{label}</td><td>{num(report, ['length', key], 'num')}</td>"
                   for key, label in (("mean", "mean turns"), ("median", "median turns"), ("max", "longest"),
                                      ("hit_turn_limit", f"hit the {length['turn_limit']}-turn limit"),
                                      ("hit_action_limit", f"hit the {length['action_limit']}-action limit"),
                                      ("hit_rule_loop", "stopped in a rule loop"))]
    mech_rows = [f"<td>{escape(k)}</td><td>{num(report, ['mechanics', k], 'int')}</td>" for k in report["mechanics"]]
    status_rows = [f"<td>{escape(k)}</td><td>{num(report, ['statuses', k], 'int')}</td>" for k in report["statuses"]]
    parts = [
        f"<h1>Countertop balance report</h1><p class=lead>{num(report, ['games'], 'int')} games, "
        f"{players} players, bots {escape(' / '.join(report['bots']))}, seeds {num(report, ['seeds', '0'], 'int')}"
        f"–{num(report, ['seeds', '1'], 'int')}"
        + (f", {num(report, ['paired', 'pairs'], 'int')} paired deals (each played twice, seats reversed)"
           if report["paired"] else "") + ".</p>",
        headline(report),
        *variant_sections(report),
        section("Win rate by deck", table(("deck", *rate_head), deck_rows), shared_paragraph(report),
                rate_plot([names.get(k, k) for k in wr["by_deck"]], list(wr["by_deck"].values()),
                          "win rate by deck", 1 / players)),
        section("Win rate by seat and by bot", table(("seat", *rate_head), seat_rows),
                table(("bot", *rate_head), bot_rows), shared_paragraph(report),
                rate_plot([*wr["by_seat"][seats_key], *(f"bot {b}" for b in wr["by_bot"])],
                          [*wr["by_seat"][seats_key].values(), *wr["by_bot"].values()],
                          "win rate by seat and by bot", 1 / players)),
    ]
    if report["paired"]:
        pair = report["paired"]
        pair_rows = [f"<td>the same deck and bot won both games</td>"
                     f"<td>{num(report, ['paired', 'same_side_won_both'], 'int')}</td>"]
        pair_rows += [f"<td>{escape(s)} won both games</td>"
                      f"<td>{num(report, ['paired', 'same_seat_won_both', s], 'int')}</td>"
                      for s in pair["same_seat_won_both"]]
        pair_rows.append(f"<td>other (shared or no winner)</td><td>{num(report, ['paired', 'other'], 'int')}</td>")
        parts.append(section(
            "Paired deals", f"<p>{num(report, ['paired', 'pairs'], 'int')} deals, each played twice with the same "
            "seed and the seats reversed. When the same seat wins both games of a pair, the seat decided it.</p>",
            table(("pairs", "count"), pair_rows),
            table(("seat 1 wins of the pairs the seat decided", *rate_head),
                  ["<td>seat 1</td>" + rate_cells(report, ["paired", "seat_1_when_the_seat_decided"])])))
    parts += [
        section("Deck against deck", "<p>Each row: that deck's win rate in games against the column's deck.</p>",
                matrix_plot(report), table(("deck", "against", *rate_head), matrix_rows)),
        section("Deck ratings", f"<p>{escape(report['ratings']['method'])}; 95% intervals; "
                f"{escape(report['ratings']['note'])}."
                + (" Each rating is also given as the win rate it means against a deck rated 0, the decks' mean "
                   "(+100 Elo is 64.0%)." if as_rate else "") + "</p>",
                table(("deck", "rating", "95% interval",
                       *(("win rate against a 0-rated deck", "95% interval") if as_rate else ())), rating_rows),
                rating_plot(report)),
        section("Cards", "<p>Per card of a played deck: games in which it was played; the win rate of a seat with "
                "the card in its deck when it played it and when it did not; and the win rate when the seat drew "
                "the card minus when it did not, in points. That difference compares like with like: only seats "
                "of the same deck that drew as many cards in all (with its 95% interval and the seats in the "
                "strata that held both). The raw difference, last, is biased upward for nearly every card: a game "
                "ends after its winner's end-of-turn draw (G-3, G-7), so a winner has often drawn more cards than "
                "its rival, and so more of every card. It tells how many more cards winners draw, not what the card "
                "is worth.</p>",
                table(("card", "decks", "games played", "win when played", "win when not played",
                       "drawn − not drawn, as many cards drawn", "raw drawn − not drawn (biased)"), card_rows),
                card_plot(report, ranked) if ranked else ""),
        section("Game length", table(("games", ""), length_rows), length_plot(report)),
        *extra,
        section("Mechanics and statuses fired", "<p>Events in all games.</p>",
                table(("mechanic", "times"), mech_rows), table(("status", "times applied"), status_rows)),
        section("Never fired",
                "<p>Cards whose text never took effect in any game (never played or played from stasis, no ability "
                "used, never triggered, not even as a location when a minion was played there, nor defeated as a "
                "monster, ignoring stasis counters as an ownerless card, or costing VP as Madness at the end): "
                + (escape(", ".join(report["cards_never_fired"])) or "none") + ".</p>"
                "<p>Rule ids shown by cards (their <code>shows</code>) whose cards never fired: "
                + (escape(", ".join(report["rules_never_fired"])) or "none") + ".</p>"),
        section("Reproduce", f"<p><code>{escape(report['command'])}</code></p>",
                table(("package", "version"), [f"<td>{escape(k)}</td><td>{escape(v)}</td>"
                                               for k, v in report["versions"].items()]),
                "<details><summary>sha256 of the card and deck files</summary>"
                + table(("file", "sha256"), [f"<td>{escape(k)}</td><td><code>{v}</code></td>"
                                              for k, v in report["files"].items()]) + "</details>"),
    ]
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Countertop balance report</title>"
            f"<style>{STYLE}</style></head><body>" + "".join(parts) + "</body></html>\n")


def delta_plot(labels: Sequence[str], deltas: Sequence[dict[str, Any]], title: str) -> str:
    """Differences, variant minus base, in points, with their paired 95% intervals (and the zero line)."""
    return interval_plot(labels, [(100 * d["delta"], 100 * d["ci"][0], 100 * d["ci"][1]) for d in deltas], title,
                         "variant minus base, win-rate points (95% paired interval)", 0)


def delta_cells(report: dict[str, Any], path: Sequence[str], fmt: str) -> str:
    """Base, variant, difference and its paired interval, as table cells."""
    p = list(path)
    diff = "pts" if fmt == "pct" else "dmean"
    return (f"<td>{num(report, [*p, 'base'], fmt)}</td><td>{num(report, [*p, 'variant'], fmt)}</td>"
            f"<td><b>{num(report, [*p, 'delta'], diff)}</b></td>"
            f"<td>{num(report, [*p, 'ci', '0'], diff)} – {num(report, [*p, 'ci', '1'], diff)}</td>")


def arm_cell(report: dict[str, Any], path: Sequence[str], side: str) -> str:
    """One arm's per-card win rate with its own interval (none without games), and the games it counts."""
    at = list(path)
    games = num(report, [*at, "games", "0" if side == "base" else "1"], "int")
    entry: Any = report
    for key in at:
        entry = entry[int(key)] if isinstance(entry, list) else entry[key]
    if entry[f"{side}_ci"][0] is None:
        return f"{num(report, [*at, side], 'pct')} <span class=small>of {games}</span>"
    return (f"{num(report, [*at, side], 'pct')} <span class=small>({num(report, [*at, f'{side}_ci', '0'], 'pct')} – "
            f"{num(report, [*at, f'{side}_ci', '1'], 'pct')}) of {games}</span>")


def verdict_cell(variant: dict[str, Any], key: str) -> str:
    """A comparison's sequential verdict as a table cell, with `--until decided`; nothing without it."""
    if "until" not in variant:
        return ""
    found = variant["until"]["verdicts"].get(key)
    return "<td>not settled</td>" if found is None else f"<td>{escape(found['found'])} ({found['games']})</td>"


def until_note(variant: dict[str, Any]) -> str:
    """What `--until decided`'s sequential tests settled, and at which error rates; nothing without it."""
    if "until" not in variant:
        return ""
    settled = "every comparison was settled" if variant["until"]["settled"] else "not every comparison was settled"
    return (f"<p>Played in batches until sequential tests settled each comparison (two one-sided GSPRTs, smallest "
            f"move {100 * variant['until']['step']:g} points, α = β = 0.05 each): {settled}.</p>")


def variant_sections(report: dict[str, Any]) -> list[str]:
    """One section per `--variant`: its changes, and each deck, seat, card, length and mechanic, base against
    variant on the same games."""
    names = report["decks"]
    out = []
    head = ("base", "variant", "difference", "95% paired interval")
    for i, v in enumerate(report.get("compare", {}).get("variants", [])):
        at = ["compare", "variants", str(i)]
        rows = [f"<td>{escape(names.get(k, k))}</td>" + delta_cells(report, [*at, "decks", k], "pct")
                + f"<td>{num(report, [*at, 'decks', k, 'games'], 'int')}</td>" + verdict_cell(v, k) for k in v["decks"]]
        rows += [f"<td>{escape(k)}</td>" + delta_cells(report, [*at, "seats", k], "pct")
                 + f"<td>{num(report, [*at, 'seats', k, 'games'], 'int')}</td>" + verdict_cell(v, k)
                 for k in v["seats"]]
        shown = [(names.get(k, k), d) for k, d in v["decks"].items()] + list(v["seats"].items())
        mech_rows = [f"<td>{escape(m)}</td>" + delta_cells(report, [*at, "mechanics", m], "mean")
                     for m, d in v["mechanics"].items() if d["delta"]]
        card_rows = [f"<td>{escape(n)}</td>" + "".join(
            f"<td>{arm_cell(report, [*at, 'cards', n, key], 'base')}</td>"
            f"<td>{arm_cell(report, [*at, 'cards', n, key], 'variant')}</td>"
            f"<td>{num(report, [*at, 'cards', n, key, 'delta'], 'pts')}</td>" for key in ("played", "drawn"))
            for n in v["cards"]]
        out.append(section(
            f"Variant: {v['name']}",
            "<p>Changes: " + escape("; ".join(v["changes_in_words"]))
            + f". The same {num(report, [*at, 'games'], 'int')} games played again with the variant's cards (same "
            "deals, same bot seeds); the winner changed in "
            f"{num(report, [*at, 'winner_changed'], 'int')}. Each interval is the paired one, from the per-game "
            "differences (docs/balance.md).</p>",
            table(("deck / seat", *head, "games", *(["verdict (settled at games)"] if "until" in v else [])), rows),
            until_note(v),
            delta_plot([str(label) for label, _ in shown], [d for _, d in shown], f"{v['name']}: variant minus base"),
            table(("game length, turns", *head), ["<td>mean</td>" + delta_cells(report, [*at, "length"], "mean")]),
            "<p>Mechanics that fired more or less, per game:</p>",
            table(("mechanic", *head), mech_rows) if mech_rows else "<p>none changed.</p>",
            "<details><summary>Cards: win rate of a seat that played it, and that drew it, each with its own 95% "
            "interval (not paired)</summary>" + f"<p>{escape(v['cards_note'])}</p>"
            + table(("card", "played: base", "variant", "difference", "drawn: base", "variant", "difference"),
                    card_rows) + "</details>"))
    return out
