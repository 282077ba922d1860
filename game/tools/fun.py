"""Is it fun? Per-game records (VP at each turn's end, choices at each decision) and the metrics read from them.

The definitions (docs/fun.md) follow Browne's evaluation of games (Browne 2008, as Ludii computes them: lead
change, drama, decisiveness, branching) and Jaffe et al. 2012 for decision density. A `GameRecord` is collected
while `sim --fun` plays, cheaply: a row of VP each time a turn ends, and two counts per decision.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.bots.simple import GreedyBot
from game.io.view import TableBoard
from game.tools.balance import Z95, wilson

if TYPE_CHECKING:
    from game.core.table import Table

SENSIBLE_MARGIN = 10.0
"""A sensible choice scores within this many points of the best by greedy's preferences (an attack is worth about
20, a play 12 to 35, standing on a location 40, a defeat 100 or more)."""
COMEBACK_VP = 2
"""A comeback: the winner was at least this many VP behind the leader at the end of some turn."""
EARLY = 2 / 3
"""A game is decided early when its winner leads for good from a turn in its first two thirds."""

RANGES_NOTE = ("Healthy ranges: none known. docs/fun.md's sources define these measures; no values measured on "
               "published games are on record here, so judge a run against another run (countertop compare).")
"""What the tools say of a healthy range for each metric: no range measured on published games is on record."""


@dataclass
class GameRecord:
    """One game as the fun metrics read it: every seat's VP at the end of each turn, and its decisions."""

    vp: list[list[int]] = field(default_factory=list)
    decisions: int = 0
    open_decisions: int = 0
    legal: int = 0


class Recorder:
    """Collects a `GameRecord` while a game is played: told of each decision and of each turn that ended."""

    def __init__(self) -> None:
        self.record = GameRecord()
        self.scorer = GreedyBot(0)

    def decision(self, table: Table, actions: Sequence[dict[str, Any]]) -> None:
        """A decision among these legal actions: counted, and open when more than one of them is sensible."""
        self.record.decisions += 1
        self.record.legal += len(actions)
        if len(actions) > 1:
            score = self.scorer.scorer(TableBoard(table, table.acting_player()))
            scores = [score(a) for a in actions]
            best = max(scores)
            self.record.open_decisions += sum(s >= best - SENSIBLE_MARGIN for s in scores) > 1

    def turn_ended(self, table: Table) -> None:
        """A row of every seat's VP, in seat order."""
        self.record.vp.append([table.player(p).vp for p in table.players_order])


def leader(row: Sequence[int]) -> int | None:
    """The seat strictly ahead in VP, or None on a tie for the lead."""
    best = max(row)
    ahead = [s for s, v in enumerate(row) if v == best]
    return ahead[0] if len(ahead) == 1 else None


def lead_changes(vp: Sequence[Sequence[int]]) -> int:
    """How often the seat strictly ahead changed from one turn's end to a later one (ties for the lead skipped)."""
    leaders = [s for s in map(leader, vp) if s is not None]
    return sum(a != b for a, b in zip(leaders, leaders[1:], strict=False))


def deficits(vp: Sequence[Sequence[int]], winner: int) -> list[int]:
    """How many VP the winner was behind the leader at each turn's end (0 when level or ahead)."""
    return [max(row) - row[winner] for row in vp]


def drama(vp: Sequence[Sequence[int]], winner: int) -> float:
    """The mean deficit of the winner over the turns it trailed (0 if it never did)."""
    behind = [d for d in deficits(vp, winner) if d > 0]
    return sum(behind) / len(behind) if behind else 0.0


def trailing_share(vp: Sequence[Sequence[int]], winner: int) -> float:
    """The share of turn ends at which the winner trailed."""
    return sum(d > 0 for d in deficits(vp, winner)) / len(vp) if vp else 0.0


def comeback(vp: Sequence[Sequence[int]], winner: int) -> bool:
    """Whether the winner was at least COMEBACK_VP behind at some turn's end."""
    return max(deficits(vp, winner), default=0) >= COMEBACK_VP


def decided_at(vp: Sequence[Sequence[int]], winner: int) -> int:
    """The turn (1-based) from whose end the winner led strictly at every later turn's end."""
    last = max((i for i, row in enumerate(vp) if leader(row) != winner), default=-1)
    return last + 2


def decided_early(vp: Sequence[Sequence[int]], winner: int) -> bool:
    """Whether the winner led for good from a turn in the game's first two thirds."""
    return decided_at(vp, winner) <= EARLY * len(vp)


def game_metrics(seed: int, decks: list[str], turns: int, won: list[int], record: GameRecord) -> dict[str, Any]:
    """One game's fun metrics, from its record and its winning seats (the winner's metrics None unless one won)."""
    one = won[0] if len(won) == 1 else None
    vp = record.vp
    return {
        "seed": seed, "decks": decks, "winner": one, "turns": turns,
        "first_player_won": 0 in won, "lead_changes": lead_changes(vp),
        "drama": None if one is None else round(drama(vp, one), 4),
        "trailing_share": None if one is None else round(trailing_share(vp, one), 4),
        "comeback": None if one is None else comeback(vp, one),
        "decided_at": None if one is None else decided_at(vp, one),
        "decided_early": None if one is None else decided_early(vp, one),
        "decisions": record.decisions, "open_decisions": record.open_decisions, "legal_actions": record.legal,
    }


def mean_interval(values: Sequence[float], most: float | None = None) -> dict[str, Any]:
    """A mean with its 95% normal interval (no width when there are fewer than two values), kept within what the
    metric can be: never below 0 (no metric here is negative), nor above `most` (1 for a share)."""
    import statistics  # only a run with --fun needs it, and it is a fortieth of a second to load

    if not values:
        return {"n": 0, "mean": None, "low": None, "high": None}
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    high = mean + half if most is None else min(most, mean + half)
    return {"n": len(values), "mean": round(mean, 4), "low": round(max(0.0, mean - half), 4), "high": round(high, 4)}


def share(hits: int, n: int) -> dict[str, Any]:
    """A share with its 95% Wilson interval."""
    iv = wilson(hits, n)
    return {"n": n, "count": hits, "rate": round(iv.value, 4) if n else None, "low": round(iv.low, 4),
            "high": round(iv.high, 4)}


def summarise_fun(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The metrics of many games: shares with Wilson intervals, means with normal intervals, two histograms."""
    won = [g for g in games if g["winner"] is not None]
    decisions = sum(g["decisions"] for g in games)
    per_game_open = [g["open_decisions"] / g["decisions"] for g in games if g["decisions"]]
    return {
        "games": len(games),
        "first_player_wins": share(sum(g["first_player_won"] for g in games), len(games)),
        "turns": mean_interval([g["turns"] for g in games]),
        "turns_histogram": {str(t): n for t, n in sorted(Counter(g["turns"] for g in games).items())},
        "lead_changes": mean_interval([g["lead_changes"] for g in games]),
        "lead_changes_histogram": {str(t): n for t, n in sorted(Counter(g["lead_changes"] for g in games).items())},
        "drama": mean_interval([g["drama"] for g in won]),
        "trailing_share": mean_interval([g["trailing_share"] for g in won], most=1.0),
        "comebacks": share(sum(g["comeback"] for g in won), len(won)),
        "decided_early": share(sum(g["decided_early"] for g in won), len(won)),
        "open_decisions": {**mean_interval(per_game_open, most=1.0),
                           "pooled": round(sum(g["open_decisions"] for g in games) / decisions, 4) if decisions
                           else None},
        "legal_actions": {"mean": round(sum(g["legal_actions"] for g in games) / decisions, 4) if decisions else None,
                          "decisions": decisions, **pooled_interval([(g["legal_actions"], g["decisions"])
                                                                     for g in games if g["decisions"]])},
    }


def pooled_interval(parts: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """The 95% interval of a pooled mean, sum x_i / sum n_i over games (x_i legal actions over n_i decisions), by
    the ratio estimator's variance: games are independent, the decisions within one are not."""
    total = sum(n for _, n in parts)
    if len(parts) < 2 or not total:
        return {"low": None, "high": None}
    mean = sum(x for x, _ in parts) / total
    spread = sum((x - mean * n) ** 2 for x, n in parts) / (len(parts) - 1) * len(parts)
    half = Z95 * math.sqrt(spread) / total
    return {"low": round(max(0.0, mean - half), 4), "high": round(mean + half, 4)}
