"""Base against variant on paired games (`sim --variant`): differences per deck, seat, card, length and mechanic.

Game i of a variant's run has game i of the base run's seed, decks and bots: only the cards differ. So each
difference is measured game by game, and its 95% interval is the paired (matched-pairs) one: the normal interval of
the mean of the per-game differences (Agresti, Categorical Data Analysis, 3rd ed., section 11.1), generalised to
games that seat a deck more than once by the ratio estimator's variance. A variant identical to the base plays the
very same games, so every difference and its interval are exactly 0.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.io.setup import Deck, standard_decks
from game.tools.balance import wilson
from game.tools.report import winners
from game.tools.sequential import Verdict, verdict
from game.tools.sim import GameResult
from game.tools.variant import Variant

Z95 = 1.959964
"""The standard normal quantile of a two-sided 95% interval."""


def paired(base: Sequence[float], variant: Sequence[float], weights: Sequence[int], digits: int = 4) -> dict[str, Any]:
    """Base and variant totals over the same games, each divided by the games' total weight (seats with the deck,
    or 1 per game), their difference, and its paired 95% interval.

    With per-game differences d_i = variant_i - base_i, weights n_i, N = sum n_i and delta = sum d_i / N, the
    interval is delta ± 1.96 * sqrt(sum (d_i - delta * n_i)^2) / N: for one seat a game, the matched-pairs Wald
    interval of a difference of proportions.
    """
    total = sum(weights)
    games = sum(1 for n in weights if n)
    if not total:
        return {"base": None, "variant": None, "delta": None, "ci": [None, None], "games": 0}
    delta = (sum(variant) - sum(base)) / total
    spread = sum((v - b - delta * n) ** 2 for b, v, n in zip(base, variant, weights, strict=True))
    half = Z95 * math.sqrt(spread) / total
    return {"base": round(sum(base) / total, digits), "variant": round(sum(variant) / total, digits),
            "delta": round(delta, digits), "ci": [round(delta - half, digits), round(delta + half, digits)],
            "games": games}


def seat_wins(result: GameResult, seats: Sequence[int]) -> int:
    """How many of these seats won the game (a shared win counts for each winner, as in the win rates)."""
    won = set(winners(result))
    return sum(s in won for s in seats)


Arms = tuple[list[int], list[int], list[int]]
"""One comparison game by game: the base's wins, the variant's wins, and the seats counted."""


def deck_arms(base: Sequence[GameResult], variant: Sequence[GameResult]) -> dict[str, Arms]:
    """Each deck's wins, base and variant, and the seats it held, game by game."""
    out = {}
    for deck in sorted({d for r in base for d in r.decks}):
        seats = [[s for s, d in enumerate(r.decks) if d == deck] for r in base]
        out[deck] = ([seat_wins(r, s) for r, s in zip(base, seats, strict=True)],
                     [seat_wins(r, s) for r, s in zip(variant, seats, strict=True)], [len(s) for s in seats])
    return out


def seat_arms(base: Sequence[GameResult], variant: Sequence[GameResult]) -> dict[str, Arms]:
    """Each seat's wins, base and variant, game by game."""
    players = max((len(r.decks) for r in base), default=0)
    return {f"seat {s + 1}": ([seat_wins(r, [s]) for r in base], [seat_wins(r, [s]) for r in variant],
                              [1] * len(base)) for s in range(players)}


def by_deck(base: Sequence[GameResult], variant: Sequence[GameResult]) -> dict[str, Any]:
    """Each deck's win rate, base and variant, and the paired difference."""
    return {deck: paired(*arms) for deck, arms in deck_arms(base, variant).items()}


def by_seat(base: Sequence[GameResult], variant: Sequence[GameResult]) -> dict[str, Any]:
    """Each seat's win rate, base and variant, and the paired difference."""
    return {seat: paired(*arms) for seat, arms in seat_arms(base, variant).items()}


def settle(known: dict[str, Verdict], base: Sequence[GameResult], variant: Sequence[GameResult],
           step: float) -> None:
    """Add to `known` each deck and seat comparison the sequential tests settle now (`game.tools.sequential`); a
    settled one keeps the verdict and the game count it was settled at."""
    for name, (b, v, n) in {**deck_arms(base, variant), **seat_arms(base, variant)}.items():
        found = None if name in known else verdict([y - x for x, y in zip(b, v, strict=True)], n, step)
        if found is not None:
            known[name] = Verdict(found, len(base))


def mechanics(base: Sequence[GameResult], variant: Sequence[GameResult]) -> dict[str, Any]:
    """Each mechanic's firings per game, base and variant, and the paired difference; most changed first."""
    names = sorted({m for r in [*base, *variant] for m in r.mechanics})
    out = {m: paired([r.mechanics[m] for r in base], [r.mechanics[m] for r in variant], [1] * len(base), 3)
           for m in names}
    return dict(sorted(out.items(), key=lambda kv: -abs(kv[1]["delta"] or 0)))


def card_rates(results: Sequence[GameResult], decks: dict[str, Deck]) -> dict[str, dict[str, Counter[str]]]:
    """Per card: games and wins of the seats holding it in their deck, when it was played and when drawn."""
    count: dict[str, dict[str, Counter[str]]] = {}
    for r in results:
        if r.cards is None:
            continue
        won = set(winners(r))
        for s, deck in enumerate(r.decks):
            for name in decks[deck].cards if deck in decks else ():
                c = count.setdefault(name, {"games": Counter(), "wins": Counter()})
                for key, seen in (("played", r.cards.played[s]), ("drawn", r.cards.drawn[s])):
                    if name in seen:
                        c["games"][key] += 1
                        c["wins"][key] += s in won
    return count


CARDS_NOTE = ("Not paired: which games a card is played (or drawn) in changes with the variant, so the base rate "
              "and the variant rate come from different sets of games, with no game-by-game pairs to take "
              "differences of. Each arm has its own 95% Wilson interval; the difference has none (the arms share "
              "their deals, so an interval for independent samples would not be right either).")
"""Why the per-card rates of `sim --variant` carry each arm's own interval and no paired one."""


def arm(wins: int, games: int) -> tuple[float | None, list[float | None]]:
    """One arm's win rate and its 95% Wilson interval, rounded; None and [None, None] without games."""
    if not games:
        return None, [None, None]
    iv = wilson(wins, games)
    return round(iv.value, 4), [round(iv.low, 4), round(iv.high, 4)]


def cards(base: Sequence[GameResult], variant: Sequence[GameResult], decks: dict[str, Deck]) -> dict[str, Any]:
    """Per card of a played deck: the win rate of a seat that played it and of one that drew it, base and variant,
    each with its own 95% Wilson interval. Which games a card is played or drawn in changes with the variant, so
    these are not paired (CARDS_NOTE): no interval for the difference."""
    before, after = card_rates(base, standard_decks()), card_rates(variant, decks)
    empty: dict[str, Counter[str]] = {"games": Counter(), "wins": Counter()}
    out: dict[str, Any] = {}
    for name in sorted(set(before) | set(after)):
        entry = {}
        b, a = before.get(name, empty), after.get(name, empty)
        for key in ("played", "drawn"):
            (pb, cb), (pv, cv) = arm(b["wins"][key], b["games"][key]), arm(a["wins"][key], a["games"][key])
            entry[key] = {"base": pb, "variant": pv, "delta": None if pb is None or pv is None else round(pv - pb, 4),
                          "games": [b["games"][key], a["games"][key]], "base_ci": cb, "variant_ci": cv}
        out[name] = entry
    return out


def asked(made: Variant, names: Sequence[str]) -> list[str]:
    """The comparisons a variant asks about, of a run's decks and seats (`names`): the decks that hold a card it
    changes or whose copies it changes, and the seats when it has a `[rules]` table; every comparison when none
    of those played."""
    changed = set(made.cards)
    decks = {key for key, deck in made.contents.decks.items() if changed & set(deck.cards) or key in made.decks}
    found = [n for n in names if n in decks or made.rules and n.startswith("seat ")]
    return found or list(names)


def compare(base: Sequence[GameResult], variant: Sequence[GameResult], made: Variant,
            decided: dict[str, Verdict] | None = None, step: float | None = None) -> dict[str, Any]:
    """One variant against the base, game by game: report.json's `compare.variants[i]`; with `--until decided`,
    `until` adds each comparison's verdict and the games it was settled at."""
    out: dict[str, Any] = {
        "name": made.name,
        "changes": made.changes(),
        "changes_in_words": made.changes(words=True),
        "games": len(base),
        "winner_changed": sum(winners(b) != winners(v) for b, v in zip(base, variant, strict=True)),
        "decks": by_deck(base, variant),
        "seats": by_seat(base, variant),
        "length": paired([r.turns for r in base], [r.turns for r in variant], [1] * len(base), 3),
        "mechanics": mechanics(base, variant),
        "cards": cards(base, variant, made.contents.decks),
        "cards_note": CARDS_NOTE,
        "limits": {"base": limits(base), "variant": limits(variant)},
    }
    out["asked"] = asked(made, [*out["decks"], *out["seats"]])
    if decided is not None:
        names = [*out["decks"], *out["seats"]]
        questions = asked(made, names)
        out["until"] = {"step": step, "asked": questions, "settled": all(n in decided for n in questions),
                        "verdicts": {n: {"found": decided[n].found, "games": decided[n].games} if n in decided
                                     else None for n in names}}
    out["verdict"] = verdict_line(out, {key: deck.name for key, deck in standard_decks().items()})
    return out


def limits(results: Sequence[GameResult]) -> dict[str, list[int]]:
    """The seeds of the games that hit each limit ("turns", "actions", "rule loop"), by limit."""
    found: dict[str, list[int]] = {}
    for r in results:
        if r.limit is not None:
            found.setdefault(r.limit, []).append(r.seed)
    return found


def settled(v: dict[str, Any], key: str) -> str:
    """What `--until decided`'s sequential test found for one comparison, and at how many games."""
    found = v["until"]["verdicts"][key]
    return "not settled" if found is None else f"{found['found']} (settled at {found['games']} games)"


def verdict_line(v: dict[str, Any], names: dict[str, str]) -> str:
    """A variant's verdict in one sentence: for each comparison it asks about (the decks it changes, the seats for
    rule numbers), the move in win rate, and whether its paired 95% interval leaves 0 out (with `--until decided`,
    what the sequential test found)."""
    parts = []
    for key in v["asked"]:
        d = v["decks"].get(key) or v["seats"][key]
        who = names.get(key, key)
        if d["delta"] is None:
            parts.append(f"{who} not measured")
            continue
        delta, ci = points(d)
        moved = d["ci"][0] > 0 or d["ci"][1] < 0
        parts.append(f"{who} win rate {delta} points (95% paired interval {ci}): " + (
            settled(v, key) if "until" in v else "a measurable move" if moved else "no measurable move"))
    return f"Variant {v['name']}: " + "; ".join(parts) + "."


def points(d: dict[str, Any]) -> tuple[str, str]:
    """A difference and its interval in percentage points, for the terminal."""
    if d["delta"] is None:
        return "–", "–"
    return f"{100 * d['delta']:+.1f}", f"{100 * d['ci'][0]:+.1f} – {100 * d['ci'][1]:+.1f}"


def print_compare(section: dict[str, Any], names: dict[str, str], seconds: float) -> None:
    """Each variant against the base as aligned tables on stdout, after the time its games took."""
    from rich.console import Console
    from rich.table import Table

    out = Console(file=sys.stdout, highlight=False)
    games = sum(v["games"] for v in section["variants"])
    out.print(f"{games} games with the variants in {seconds:.1f} s ({games / max(seconds, 1e-9):.1f} games/s)")
    for v in section["variants"]:
        out.print(f"Variant {v['name']!r} against the base, {v['games']} paired games (same deals and bot seeds); "
                  f"the winner changed in {v['winner_changed']}", markup=False)
        for line in v["changes_in_words"]:
            out.print(f"  {line}", markup=False)
        table = Table(title="Win rates: the change in points, its paired 95% interval",
                      title_justify="left")
        for column in ("deck / seat", "base", "variant", "change", "95% interval", "games"):
            table.add_column(column, justify="left" if column == "deck / seat" else "right")
        for key, d in [*v["decks"].items(), *v["seats"].items()]:
            delta, ci = points(d)
            table.add_row(names.get(key, key), f"{100 * d['base']:.1f}%", f"{100 * d['variant']:.1f}%", delta, ci,
                          str(d["games"]))
        out.print(table)
        if "until" in v:
            out.print("sequential verdicts: " + "; ".join(
                f"{names.get(key, key)} {settled(v, key)}" for key in [*v["decks"], *v["seats"]]), markup=False)
        length = v["length"]
        out.print(f"mean length {length['base']:.2f} -> {length['variant']:.2f} turns ({length['delta']:+.2f}, 95% "
                  f"paired interval {length['ci'][0]:+.2f} – {length['ci'][1]:+.2f})")
        if "until" in v:
            until = v["until"]
            out.print(f"sequential tests, the comparisons asked: {', '.join(names.get(k, k) for k in until['asked'])}"
                      f" {'settled' if until['settled'] else 'not all settled'} (smallest move {100 * until['step']:g}"
                      " points; a false move at most 5% each way, a missed move of that size at most 5%)", markup=False)
        for side in ("base", "variant"):
            if v["limits"][side]:
                out.print(f"{side} games that hit a limit: " + "; ".join(
                    f"{kind}: {len(seeds)} (seeds {', '.join(map(str, seeds[:10]))})"
                    for kind, seeds in v["limits"][side].items()), markup=False)
        moved = [(m, d) for m, d in v["mechanics"].items() if d["delta"]][:6]
        if moved:
            out.print("mechanics per game, most changed: " + "; ".join(
                f"{m} {d['base']:.2f} -> {d['variant']:.2f} ({d['delta']:+.2f})" for m, d in moved), markup=False)
