"""Two sim reports compared (`countertop compare A/report.json B/report.json`): what moved between two runs.

Two runs share no per-game data in their reports, so each difference is B's rate minus A's as two independent
proportions, with Newcombe's hybrid score interval built from the Wilson intervals the reports already hold
(Newcombe, Statistics in Medicine 17, 1998, method 10): delta - sqrt((pB - lB)^2 + (uA - pA)^2) to
delta + sqrt((uB - pB)^2 + (pA - lA)^2). Two runs of the same seeds share their deals, so for them the interval is
wider than need be (`sim --variant` pairs them). The mean length's interval is Welch's, from the histograms. A
difference whose 95% interval leaves out 0 is flagged as a measurable move; with many cards some move by chance
(about one comparison in 20 when nothing changed), which the summary counts.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from game.core.problems import FileProblems, Problem, read_bounded
from game.tools.compare import Z95

NEEDED = ("games", "win_rates", "cards", "length", "files", "command")
"""The keys of report.json a comparison reads."""


def load_report(path: str) -> dict[str, Any]:
    """A sim report.json, read bounded; FileProblems names the file and what is wrong with it."""
    text = read_bounded(path, "report")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise FileProblems([Problem(path, "", f"not a readable JSON report ({type(err).__name__})")]) from None
    if not isinstance(data, dict):
        raise FileProblems([Problem(path, "", "not a sim report: a report.json holds one JSON object")])
    missing = [key for key in NEEDED if key not in data]
    if missing:
        raise FileProblems([Problem(path, missing[0], "missing: not a report.json written by `countertop sim "
                                                      "--report`")])
    return data


def rate(entry: Any) -> tuple[float, float, float, int] | None:
    """A report's rate entry as (rate, low, high, games), or None when it has no games or is malformed."""
    if not isinstance(entry, dict) or not entry.get("games") or entry.get("rate") is None:
        return None
    try:
        return float(entry["rate"]), float(entry["low"]), float(entry["high"]), int(entry["games"])
    except (KeyError, TypeError, ValueError):
        return None


def newcombe(a: Any, b: Any) -> dict[str, Any] | None:
    """B's rate minus A's with Newcombe's hybrid score 95% interval, and whether it leaves out 0."""
    ra, rb = rate(a), rate(b)
    if ra is None or rb is None:
        return None
    (pa, la, ua, na), (pb, lb, ub, nb) = ra, rb
    delta = pb - pa
    low = delta - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = delta + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return {"a": pa, "b": pb, "delta": round(delta, 4), "ci": [round(low, 4), round(high, 4)], "games": [na, nb],
            "moved": low > 0 or high < 0}


def rates(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Each key both tables rate, compared."""
    out = {}
    for key in [k for k in a if k in b]:
        found = newcombe(a[key], b[key])
        if found is not None:
            out[key] = found
    return out


def mean_and_variance(histogram: dict[str, int]) -> tuple[float, float, int]:
    """The mean, variance and count of a length histogram (turns -> games)."""
    counts = {int(t): int(n) for t, n in histogram.items()}
    games = sum(counts.values())
    if games < 2:
        return (sum(t * n for t, n in counts.items()) / games if games else 0.0), 0.0, games
    mean = sum(t * n for t, n in counts.items()) / games
    return mean, sum(n * (t - mean) ** 2 for t, n in counts.items()) / (games - 1), games


def length(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The mean game length of each run, the difference and its Welch 95% interval."""
    (ma, va, na), (mb, vb, nb) = (mean_and_variance(r.get("histogram", {})) for r in (a, b))
    delta = mb - ma
    half = Z95 * math.sqrt(va / max(na, 1) + vb / max(nb, 1))
    return {"a": round(ma, 3), "b": round(mb, 3), "delta": round(delta, 3),
            "ci": [round(delta - half, 3), round(delta + half, 3)], "games": [na, nb],
            "moved": bool(na and nb and (delta - half > 0 or delta + half < 0))}


def seats(report: dict[str, Any]) -> dict[str, Any]:
    """The seat rates of a report, keyed "2 players, seat 1"."""
    return {f"{players}, {seat}": entry for players, by_seat in report["win_rates"].get("by_seat", {}).items()
            for seat, entry in by_seat.items()}


def card_rates(report: dict[str, Any], key: str) -> dict[str, Any]:
    """One rate of every card of a report (`played` or `drawn`)."""
    return {name: entry.get(key) for name, entry in report["cards"].items() if isinstance(entry, dict)}


def diff_reports(a: dict[str, Any], b: dict[str, Any], names: tuple[str, str]) -> dict[str, Any]:
    """What changed from report A to report B: files, decks, seats, bots, cards and length, with the moves flagged."""
    files_a, files_b = a["files"], b["files"]
    out: dict[str, Any] = {
        "a": {"file": names[0], "command": a["command"], "games": a["games"]},
        "b": {"file": names[1], "command": b["command"], "games": b["games"]},
        "files": {"changed": sorted(f for f in files_a if f in files_b and files_a[f] != files_b[f]),
                  "added": sorted(f for f in files_b if f not in files_a),
                  "removed": sorted(f for f in files_a if f not in files_b)},
        "decks": rates(a["win_rates"].get("by_deck", {}), b["win_rates"].get("by_deck", {})),
        "seats": rates(seats(a), seats(b)),
        "bots": rates(a["win_rates"].get("by_bot", {}), b["win_rates"].get("by_bot", {})),
        "cards": {key: rates(card_rates(a, key), card_rates(b, key)) for key in ("played", "drawn")},
        "length": length(a["length"], b["length"]),
    }
    flagged = [f"{part} {key}" for part in ("decks", "seats", "bots") for key, d in out[part].items() if d["moved"]]
    flagged += [f"card {name} ({key})" for key, by in out["cards"].items() for name, d in by.items() if d["moved"]]
    flagged += ["length"] if out["length"]["moved"] else []
    total = sum(len(out[p]) for p in ("decks", "seats", "bots")) + sum(len(v) for v in out["cards"].values()) + 1
    out["flagged"] = flagged
    out["comparisons"] = total
    return out


def points(d: dict[str, Any]) -> tuple[str, str, str]:
    """A rate difference for the terminal: A -> B, the difference and its interval in points."""
    return (f"{100 * d['a']:.1f}% -> {100 * d['b']:.1f}%", f"{100 * d['delta']:+.1f}",
            f"{100 * d['ci'][0]:+.1f} – {100 * d['ci'][1]:+.1f}")


def print_diff(diff: dict[str, Any]) -> None:
    """The comparison as tables on stdout: what moved first, then every deck, seat and bot."""
    from rich.console import Console
    from rich.table import Table

    out = Console(file=sys.stdout, highlight=False)
    for side in ("a", "b"):
        out.print(f"{side.upper()}: {diff[side]['file']}, {diff[side]['games']} games: {diff[side]['command']}",
                  markup=False)
    files = diff["files"]
    for kind in ("changed", "added", "removed"):
        if files[kind]:
            out.print(f"files {kind} from A to B: {', '.join(files[kind])}", markup=False)
    table = Table(title="B against A (independent runs, Newcombe 95% intervals)", title_justify="left")
    for column, justify in (("", "left"), ("A -> B", "right"), ("difference, points", "right"),
                            ("95% interval", "right"), ("games A / B", "right"), ("moved", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    rows = [(f"deck {k}", d) for k, d in diff["decks"].items()] + [(f"seats {k}", d) for k, d in diff["seats"].items()]
    rows += [(f"bot {k}", d) for k, d in diff["bots"].items()]
    rows += [(f"card {k} ({part})", d) for part, by in diff["cards"].items() for k, d in by.items() if d["moved"]]
    for label, d in rows:
        table.add_row(label, *points(d), f"{d['games'][0]} / {d['games'][1]}", "yes" if d["moved"] else "")
    out.print(table)
    n = diff["length"]
    out.print(f"mean length {n['a']} -> {n['b']} turns ({n['delta']:+g}, 95% interval {n['ci'][0]:+g} – "
              f"{n['ci'][1]:+g}){', moved' if n['moved'] else ''}")
    out.print(f"{len(diff['flagged'])} of {diff['comparisons']} comparisons moved measurably"
              f" (with no change at all, about {diff['comparisons'] / 20:.0f} would by chance)"
              + (": " + "; ".join(diff["flagged"]) if diff["flagged"] else ""), markup=False)
