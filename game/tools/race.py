"""`tune --until decided`: the candidates raced on paired games, then the shortlist measured again on fresh deals.

Each round plays the next ROUND games of the deck's deals (`game.tools.tune.deals`) with the starting cards and
with every candidate still racing, so all of them are measured on the same games. After each round, each racing
candidate faces two sequential tests (`game.tools.sequential`, smallest move s, alpha = beta = 0.05 each):

- its miss, the deck's win rate with it minus the target, game by game (w_i - t): no measurable miss puts it
  *on the target* (settled), a measurable one *off the target* (dropped);
- its distance to the target against the *best*'s, the candidate nearest the target so far, on the games both
  played: with sigma the side of the target each rate lies on so far, game i gives
  sigma_c (w_c,i - t) - sigma_b (w_b,i - t), whose mean is |r_c - t| - |r_b - t|. When the two rates lie on the
  same side this is a paired difference of the same games, w_b,i - w_c,i up to the sign, and settles quickly;
  measurably positive drops the candidate as *farther than the best*.

The race ends when no candidate is racing or at the cap (`--games` a candidate). Those not dropped, nearest the
target first, make the shortlist. The race chose them on its own games, so their figures there flatter them (the
best of many is partly the luckiest): the shortlist and the starting cards are played again on fresh deals, the
seeds after the cap's, which the race never used, and those figures are the ones `tune` prints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.io.setup import Contents
from game.tools.batch import GameSpec
from game.tools.compare import seat_wins
from game.tools.sequential import DOWN, SAME, UP, verdict
from game.tools.sim import GameResult

ROUND = 20
"""Games a candidate plays in a round: 10 deals, each from both seats."""
RACING, ON_TARGET, OFF_TARGET, FARTHER, AT_CAP = ("racing", "on the target", "off the target",
                                                  "farther than the best", "at the cap")
KEPT = (ON_TARGET, AT_CAP)
"""The states of a candidate the race did not drop."""

Play = Callable[[list[GameSpec]], list[GameResult]]


@dataclass
class Entrant:
    """A candidate in the race: its games so far (the first `len(results)` of the deals), and its state."""

    label: str
    contents: Contents | None
    results: list[GameResult] = field(default_factory=list)
    state: str = RACING
    behind: str | None = None
    """With FARTHER: the best it was measured against."""


def deck_wins(results: Sequence[GameResult], deck: str) -> tuple[list[int], list[int]]:
    """The deck's wins and seats, game by game."""
    seats = [[s for s, d in enumerate(r.decks) if d == deck] for r in results]
    return [seat_wins(r, s) for r, s in zip(results, seats, strict=True)], [len(s) for s in seats]


def rate(results: Sequence[GameResult], deck: str) -> float:
    """The deck's win rate over these games (0 with none)."""
    wins, seats = deck_wins(results, deck)
    return sum(wins) / sum(seats) if sum(seats) else 0.0


def side(results: Sequence[GameResult], deck: str, target: float) -> int:
    """Which side of the target the deck's win rate lies on: 1 above, -1 below (and on it)."""
    return 1 if rate(results, deck) > target else -1


def miss(results: Sequence[GameResult], deck: str, target: float, step: float) -> str | None:
    """The sequential verdict on the deck's win rate minus the target: UP or DOWN off it, SAME on it, or None."""
    wins, seats = deck_wins(results, deck)
    return verdict([w - target * n for w, n in zip(wins, seats, strict=True)], seats, step)


def farther(entrant: Sequence[GameResult], best: Sequence[GameResult], deck: str, target: float,
            step: float) -> bool:
    """Whether a candidate is measurably farther from the target than the best, on the games both played."""
    games = min(len(entrant), len(best))
    mine, theirs = entrant[:games], best[:games]
    sm, sb = side(mine, deck, target), side(theirs, deck, target)
    (wm, n), (wb, _) = deck_wins(mine, deck), deck_wins(theirs, deck)
    diffs = [sm * (a - target * k) - sb * (b - target * k) for a, b, k in zip(wm, wb, n, strict=True)]
    return verdict(diffs, n, step) == UP


def judge(field_: list[Entrant], deck: str, target: float, step: float) -> None:
    """After a round: settle or drop each racing candidate (the module's two tests)."""
    standing = [e for e in field_ if e.state != FARTHER]
    if not standing:
        return
    best = min(standing, key=lambda e: (abs(rate(e.results, deck) - target), e.label))
    for e in field_:
        if e.state != RACING:
            continue
        found = miss(e.results, deck, target, step)
        if found == SAME:
            e.state = ON_TARGET
        elif found in (UP, DOWN):
            e.state = OFF_TARGET
        elif e is not best and farther(e.results, best.results, deck, target, step):
            e.state, e.behind = FARTHER, best.label


@dataclass
class Race:
    """A finished race: the starting cards' games (all the deals up to the cap), every candidate, and the rounds
    played."""

    base: list[GameResult]
    field: list[Entrant]
    rounds: int

    def games(self) -> int:
        """Every game the race played, the starting cards' included."""
        return len(self.base) + sum(len(e.results) for e in self.field)


def race(field_: list[Entrant], specs: Sequence[GameSpec], base: list[GameResult], play: Play, deck: str,
         target: float, step: float) -> Race:
    """Rounds of ROUND of the deals `specs` (the cap's, which the starting cards played as `base`), every racing
    candidate on the same deals, until none is racing or the deals run out; those still racing end at the cap."""
    rounds = 0
    while rounds * ROUND < len(specs) and any(e.state == RACING for e in field_):
        chunk = specs[rounds * ROUND:(rounds + 1) * ROUND]
        racing = [e for e in field_ if e.state == RACING]
        played = play([GameSpec(s.index, s.seed, s.decks, s.bots, False, e.contents) for e in racing for s in chunk])
        for n, e in enumerate(racing):
            e.results += played[n * len(chunk):(n + 1) * len(chunk)]
        rounds += 1
        judge(field_, deck, target, step)
    for e in field_:
        if e.state == RACING:
            e.state = AT_CAP
    return Race(base, field_, rounds)


def shortlist(done: Race, deck: str, target: float, top: int, brings: Callable[[Entrant], bool]) -> list[Entrant]:
    """The `top` candidates the race kept: on the target first, then those at the cap; among them, the ones whose
    change moved the deck toward the target first, then the nearest the target. When the race kept none, the `top`
    nearest the target of all, so that the closest can be measured again and shown."""
    kept = [e for e in done.field if e.state in KEPT] or done.field
    return sorted(kept, key=lambda e: (e.state != ON_TARGET, not brings(e), abs(rate(e.results, deck) - target),
                                       e.label))[:top]
