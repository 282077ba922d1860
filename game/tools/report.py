"""The balance report's numbers (`countertop sim --report DIR`): win rates with intervals, ratings, cards, lengths.

Everything here is computed from the games in game order, so a run gives the same report however it was run
(one process, worker processes, Ray). `write` puts `report.json` and the page of `game.tools.reportpage` in a folder.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.atomic import write_together
from game.core.cards import card_pool, cards_dir
from game.core.numbers import shipped_numbers
from game.io.setup import decks_dir, standard_decks
from game.tools.balance import ELO, Z95, Interval, bradley_terry, plackett_luce, wilson
from game.tools.sim import ACTION_LIMIT, GameResult, shared_wins

VERSIONED = ("countertop", "esper", "pygame", "pydantic", "numpy", "openskill", "matplotlib")
BT_PRIOR = 1.0  # virtual drawn games per pair of decks in the Bradley-Terry fit
MISMATCH = 0.9  # a bot whose win rate's interval starts above this makes the other numbers about the bots


@dataclass(frozen=True)
class RunInfo:
    """What was asked for: enough to run the same games again."""

    command: str
    seed: int
    players: int
    decks: tuple[str, ...]
    bots: tuple[str, ...]
    paired: bool
    check: bool
    until: float | None = None
    until_reached: bool | None = None


def winners(result: GameResult) -> list[int]:
    """The winning seats (0-based) of a game: none, one, or several for a shared win."""
    names = result.winner if isinstance(result.winner, list) else [result.winner] if result.winner else []
    return sorted(int(name[1:]) - 1 for name in names)


def rate(wins: float, games: int) -> dict[str, Any]:
    """A win rate as the report writes it: games, wins, rate (None of no games) and its 95% Wilson interval."""
    iv = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": round(iv.value, 4) if games else None, "low": round(iv.low, 4),
            "high": round(iv.high, 4)}


def rating(iv: Interval, scale: float = 1.0, digits: int = 1) -> dict[str, float]:
    """A rating and its 95% interval, scaled and rounded."""
    return {"rating": round(iv.value * scale, digits), "low": round(iv.low * scale, digits),
            "high": round(iv.high * scale, digits)}


def expected_win_rate(iv: Interval) -> dict[str, float]:
    """A Bradley-Terry strength (log-odds) as the win rate it gives against a deck rated at the mean (0 Elo), with
    its interval's ends: +100 Elo is 64.0%."""
    def odds(x: float) -> float:
        return round(1 / (1 + math.exp(-x)), 4)

    return {"win_rate": odds(iv.value), "win_rate_low": odds(iv.low), "win_rate_high": odds(iv.high)}


def win_rates(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Win rate by deck, by seat (per player count), by bot, and deck against deck, with intervals."""
    games: dict[str, Counter[str]] = {k: Counter() for k in ("deck", "seat", "bot")}
    wins: dict[str, Counter[str]] = {k: Counter() for k in ("deck", "seat", "bot")}
    vs_games: dict[str, Counter[str]] = defaultdict(Counter)
    vs_wins: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        won = set(winners(r))
        for s, (deck, bot) in enumerate(zip(r.decks, r.bots, strict=True)):
            for kind, key in (("deck", deck), ("seat", f"seat {s + 1}"), ("bot", bot)):
                games[kind][key] += 1
                wins[kind][key] += s in won
            for t, other in enumerate(r.decks):
                if t != s and other != deck:
                    vs_games[deck][other] += 1
                    vs_wins[deck][other] += s in won
    return {
        "by_deck": {k: rate(wins["deck"][k], n) for k, n in sorted(games["deck"].items())},
        "by_seat": {f"{players} players": {k: rate(wins["seat"][k], n) for k, n in sorted(games["seat"].items())}},
        "by_bot": {k: rate(wins["bot"][k], n) for k, n in sorted(games["bot"].items())},
        "matrix": {d: {e: rate(vs_wins[d][e], n) for e, n in sorted(row.items())}
                   for d, row in sorted(vs_games.items())},
    }


def pairs(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Paired deals (game 2j, then 2j+1 with the seats reversed): who won both games of a pair.

    When one side (the same deck and bot) wins both, the deal decided; when the same seat wins both, the seat did.
    """
    same_side = 0
    same_seat: Counter[int] = Counter()
    other = 0
    for a, b in zip(results[0::2], results[1::2], strict=False):
        wa, wb = winners(a), winners(b)
        if len(wa) != 1 or len(wb) != 1:
            other += 1
        elif wb[0] == players - 1 - wa[0]:
            same_side += 1
        elif wb[0] == wa[0]:
            same_seat[wa[0]] += 1
        else:
            other += 1
    decided_by_seat = sum(same_seat.values())
    return {
        "pairs": len(results) // 2,
        "same_side_won_both": same_side,
        "same_seat_won_both": {f"seat {s + 1}": same_seat[s] for s in range(players)},
        "other": other,
        "seat_1_when_the_seat_decided": rate(same_seat[0], decided_by_seat),
    }


def ratings(results: Sequence[GameResult], players: int, decks: Sequence[str]) -> dict[str, Any]:
    """Deck ratings with 95% intervals: Bradley-Terry in Elo points for two players, openskill for more."""
    if players == 2:
        outcomes = []
        for r in results:
            won = winners(r)
            if won and r.decks[0] != r.decks[1]:
                outcomes.append((r.decks[0], r.decks[1], 1.0 if won == [0] else 0.0 if won == [1] else 0.5))
        fitted = bradley_terry(decks, outcomes, BT_PRIOR)
        return {"method": "Bradley-Terry, Elo points, mean 0",
                "note": f"fitted with {BT_PRIOR:g} virtual drawn game between every pair of decks",
                "decks": {d: {**rating(iv, ELO), **expected_win_rate(iv)} for d, iv in fitted.items()}}
    ranked = []
    for r in results:
        won = winners(r)
        if won:
            ranked.append((list(r.decks), [0 if s in won else 1 for s in range(len(r.decks))]))
    rated = plackett_luce(decks, ranked)
    return {"method": "openskill Plackett-Luce, mu", "note": "interval mu ± 1.96 sigma, games rated in order",
            "decks": {d: rating(iv, 1.0, 2) for d, iv in rated.items()}}


def card_stats(results: Sequence[GameResult]) -> dict[str, Any]:
    """Per card in a played deck: games in which it was played; win rate of a seat holding it in its deck when
    it was played and when not; when drawn minus when not drawn, raw and among seats that drew as many cards."""
    deck_cards = {key: sorted(set(deck.cards)) for key, deck in standard_decks().items()}
    count: dict[str, Counter[str]] = defaultdict(Counter)
    strata: dict[str, dict[tuple[str, int], Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    in_games: Counter[str] = Counter()
    for r in results:
        if r.cards is None:
            continue
        won = set(winners(r))
        for name in set().union(*map(set, r.cards.played)):
            in_games[name] += 1
        for s, deck in enumerate(r.decks):
            for name in deck_cards.get(deck, ()):
                played = "played" if name in r.cards.played[s] else "not_played"
                drawn = "drawn" if name in r.cards.drawn[s] else "not_drawn"
                for key in (played, drawn):
                    count[name][key] += 1
                    count[name][key + "_won"] += s in won
                if s < len(r.cards.draws):
                    stratum = strata[name][(deck, r.cards.draws[s])]
                    stratum[drawn] += 1
                    stratum[drawn + "_won"] += s in won
    out = {}
    for name in sorted(count):
        c = count[name]
        entry: dict[str, Any] = {"decks": sorted(k for k, v in deck_cards.items() if name in v),
                                 "games_played": in_games[name]}
        for key in ("played", "not_played", "drawn", "not_drawn"):
            entry[key] = rate(c[key + "_won"], c[key])
        both = c["drawn"] and c["not_drawn"]
        entry["drawn_minus_not_drawn"] = (round(c["drawn_won"] / c["drawn"] - c["not_drawn_won"] / c["not_drawn"], 4)
                                          if both else None)
        entry["drawn_minus_not_drawn_same_draws"] = same_draws(list(strata[name].values()))
        out[name] = entry
    return out


def same_draws(strata: Sequence[Counter[str]]) -> dict[str, Any]:
    """Win rate when drawn minus when not drawn among seats of the same deck that drew as many cards (each stratum's
    difference, Mantel-Haenszel weights n1 n0 / (n1 + n0)), with its 95% normal interval (each rate's variance with
    a win and a loss added, Agresti-Caffo, so a stratum of all wins has some); None where no stratum holds both.

    The raw difference is not like with like: a game ends after its winner's end-of-turn draw, so a winner has often
    drawn more cards, and a seat that drew more cards has drawn more of every card."""
    weights = total = var = 0.0
    seats = 0
    for c in strata:
        n1, n0 = c["drawn"], c["not_drawn"]
        if not n1 or not n0:
            continue
        p1, p0 = c["drawn_won"] / n1, c["not_drawn_won"] / n0
        w = n1 * n0 / (n1 + n0)
        weights += w
        total += w * (p1 - p0)
        q1, q0 = (c["drawn_won"] + 1) / (n1 + 2), (c["not_drawn_won"] + 1) / (n0 + 2)
        var += w * w * (q1 * (1 - q1) / (n1 + 2) + q0 * (1 - q0) / (n0 + 2))
        seats += n1 + n0
    if not weights:
        return {"delta": None, "low": None, "high": None, "seats": 0}
    delta, half = total / weights, Z95 * math.sqrt(var) / weights
    return {"delta": round(delta, 4), "low": round(max(-1.0, delta - half), 4),
            "high": round(min(1.0, delta + half), 4), "seats": seats}


def rule_key(rule_id: str) -> tuple[str, int]:
    """Rule ids in reading order (ST-2 before ST-10)."""
    match = re.match(r"([A-Z]+)-(\d+)", rule_id)
    return (match.group(1), int(match.group(2))) if match else (rule_id, 0)


def coverage(results: Sequence[GameResult]) -> dict[str, Any]:
    """Mechanics and statuses fired (event counts), and the card texts and rule ids (cards' `shows`) never fired."""
    mechanics: Counter[str] = Counter()
    fired: set[str] = set()
    for r in results:
        mechanics.update(r.mechanics)
        if r.cards is not None:
            fired.update(r.cards.fired)
    pool = card_pool()
    shown = {rule for card in pool.values() for rule in card.shows}
    fired_rules = {rule for name in fired if name in pool for rule in pool[name].shows}
    return {
        "mechanics": {k: n for k, n in sorted(mechanics.items()) if not k.startswith("status ")},
        "statuses": {k[len("status "):]: n for k, n in sorted(mechanics.items()) if k.startswith("status ")},
        "cards_never_fired": sorted(set(pool) - fired),
        "rules_never_fired": sorted(shown - fired_rules, key=rule_key),
    }


def lengths(results: Sequence[GameResult]) -> dict[str, Any]:
    """Game lengths in turns (a histogram), and the games that hit the turn or the action limit or were stopped in a
    rule loop."""
    import statistics  # a written report's only use of it, and a fortieth of a second to load

    turns = [r.turns for r in results]
    return {
        "histogram": {str(t): n for t, n in sorted(Counter(turns).items())},
        "mean": round(statistics.fmean(turns), 2) if turns else 0,
        "median": statistics.median(turns) if turns else 0,
        "max": max(turns, default=0),
        "turn_limit": shipped_numbers().turn_limit,
        "action_limit": ACTION_LIMIT,
        "hit_turn_limit": sum(r.limit == "turns" for r in results),
        "hit_action_limit": sum(r.limit == "actions" for r in results),
        "hit_rule_loop": sum(r.limit == "rule loop" for r in results),
        "limit_seeds": sorted({r.seed for r in results if r.limit}),
    }


def file_hashes(folders: Iterable[Path]) -> dict[str, str]:
    """sha256 of every card and deck file, by folder/name."""
    return {f"{folder.name}/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
            for folder in folders for path in sorted(folder.glob("*.toml"))}


def versions() -> dict[str, str]:
    """Python's version and those of the packages that make the games, the numbers and the plots."""
    import platform  # these two take a tenth of a second to load: only a written report reads versions
    from importlib import metadata

    found = {"python": platform.python_version()}
    for name in VERSIONED:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return found


def shared_note(shared: int, games: int) -> str:
    """Why the wins can outnumber the games: a shared win counts for each of its winners (G-7)."""
    return (f"A shared win counts as a win for each player who shares it, so wins can add up to more than the games: "
            f"{shared:,} of the {games:,} games were shared (tied for the most VP and for characters on the board, "
            "G-7).")


def mismatch(by_bot: dict[str, dict[str, Any]]) -> dict[str, str] | None:
    """A warning when one bot wins nearly every game: then deck, seat and card numbers mostly measure the bots."""
    if len(by_bot) < 2:
        return None
    best = max(by_bot, key=lambda b: by_bot[b]["rate"])
    if by_bot[best]["low"] < MISMATCH:
        return None
    return {"text": f"bot {best} won {100 * by_bot[best]['rate']:.1f}% of its games, so with these bots the deck, "
                    "seat and card numbers mostly measure the bots; to compare decks, play",
            "fix": f"--bots {best} {best}"}


def essentials(results: Sequence[GameResult], run: RunInfo) -> dict[str, Any]:
    """The report's parts the run's summary shows too: the decks' names, win rates, ratings, paired deals and
    the bot warning."""
    decks = standard_decks()
    used = sorted({d for r in results for d in r.decks})
    rates = win_rates(results, run.players)
    return {
        "decks": {key: decks[key].name for key in used if key in decks},
        "paired": pairs(results, run.players) if run.paired else None,
        "warning": mismatch(rates["by_bot"]),
        "shared_wins": shared_wins(list(results)),
        "win_rates": rates,
        "ratings": ratings(results, run.players, used),
    }


def build(results: Sequence[GameResult], run: RunInfo) -> dict[str, Any]:
    """The whole report as JSON-ready data."""
    last_seed = max((r.seed for r in results), default=run.seed)
    shown = essentials(results, run)
    return {
        "command": run.command,
        "seeds": [run.seed, last_seed],
        "games": len(results),
        "players": run.players,
        "bots": list(run.bots),
        "decks": shown["decks"],
        "paired": shown["paired"],
        "until": None if run.until is None else {"halfwidth": run.until, "reached": run.until_reached},
        "warning": shown["warning"],
        "shared_wins": shown["shared_wins"],
        "win_rates": shown["win_rates"],
        "ratings": shown["ratings"],
        "cards": card_stats(results),
        "length": lengths(results),
        **coverage(results),
        "versions": versions(),
        "files": file_hashes([cards_dir(), decks_dir()]),
    }


def write(report: dict[str, Any], folder: Path, extra: Sequence[str] = ()) -> tuple[Path, Path]:
    """Write DIR/report.json and DIR/report.html (with `extra` sections), both or neither; the paths written."""
    from game.tools.reportpage import page

    json_path, html_path = folder / "report.json", folder / "report.html"
    html = page(report, extra)
    write_together([(json_path, json.dumps(report, indent=1, ensure_ascii=False) + "\n"), (html_path, html)])
    return json_path, html_path
