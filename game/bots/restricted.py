"""Restricted-play bots (Jaffe et al. 2012): bots that may not use one mechanic, and `myopic` (one action ahead).

A mechanic's value is how much more often the full bot wins against the same bot without it. What each
restriction forbids, in terms of the game's commands and the effects they set off:

- `stasis`: playing a card from stasis (ST-11), and any play, ability or yes to a choice whose effects place or
  remove stasis counters (ST-1, ST-10), including Alternate Present's "may place stasis counters" (ST-15);
- `stun`: any play, ability or answer whose effects place stun counters (SC-1);
- `status`: any play, ability or answer whose effects apply or remove a status (SE-0);
- `attack`: the standard attack (G-6);
- `abilities`: every activated ability, Fuses and relic abilities included (`ability` and `activate`).

Ending the turn is never forbidden, and when every listed action is forbidden (a choice the rules force) the bot
may take any of them, so a restricted bot always has a legal action. Moves and plain plays stay allowed. A choice
that waits for a forbidden effect is answered `no` when it may be; a mode whose effects are forbidden is not
chosen when another mode is not. The restricted bots are the strong ones (`greedy`, `ismcts`) less one mechanic,
so a mechanic's value is measured with the bots' best play. They restrict only the actions they take: the rest
of a turn they imagine, and the search's tree below the root, are played as the full bots play them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from game.bots.determinize import Observation
from game.bots.lookahead import LookaheadBot
from game.bots.mcts import SearchBot
from game.bots.search import Key, key, make_ismcts, parse_budget, worth
from game.bots.simple import Bot, GreedyBot, Replays
from game.core.cards import CardDef, card_pool
from game.engine import Game

RESTRICTABLE: dict[str, Callable[[int, str | None], Bot]] = {
    "greedy": lambda seed, _: LookaheadBot(seed),
    "ismcts": lambda seed, budget: SearchBot(seed, *parse_budget(budget)),
    "greedy-v1": lambda seed, _: GreedyBot(seed),
    "ismcts-v1": lambda seed, budget: make_ismcts(seed, budget),
}
"""The bots a restriction may wrap, by name: the strong ones, and the references (to compare with the past)."""
MECHANICS = ("stasis", "stun", "status", "attack", "abilities")
FORBIDDEN_OPS: dict[str, frozenset[str]] = {
    "stasis": frozenset({"place_stasis", "remove_stasis"}),
    "stun": frozenset({"place_stun"}),
    "status": frozenset({"apply_status", "remove_status"}),
    "attack": frozenset(),
    "abilities": frozenset(),
}
FORBIDDEN_ACTS: dict[str, frozenset[str]] = {
    "stasis": frozenset({"play_from_stasis"}),
    "stun": frozenset(),
    "status": frozenset(),
    "attack": frozenset({"attack"}),
    "abilities": frozenset({"ability", "activate"}),
}
MYOPIC_CANDIDATES = 8
"""The actions `myopic` plays out, the best by greedy's score (ending the turn always among them)."""


def ops_in(effects: Iterable[dict[str, Any]]) -> set[str]:
    """Every op in a list of effects, the effects of `choose_mode`'s modes included."""
    found: set[str] = set()
    for effect in effects:
        found.add(str(effect.get("op")))
        for mode in effect.get("modes", ()):
            found |= ops_in(mode.get("effects", ()))
    return found


class Rules:
    """What one restriction forbids, read from the cards of one observation."""

    def __init__(self, mechanic: str, seen: Observation) -> None:
        self.ops, self.acts, self.seen = FORBIDDEN_OPS[mechanic], FORBIDDEN_ACTS[mechanic], seen

    def card(self, ref: str) -> CardDef:
        """A visible card's definition (the live table's, which a variant may have changed; else the pool's)."""
        if self.seen.read is not None:
            board = self.seen.table
            return board.game.defn(board.eid(ref))
        return card_pool()[self.seen.view["cards"][ref]["name"]]

    def effects(self, action: dict[str, Any]) -> set[str]:
        """The ops an action sets off directly: a play's on-play (and from-stasis) effects, an ability's."""
        act = action["act"]
        if act in ("play", "play_from_stasis"):
            card = self.card(action["card"])
            return ops_in(card.on_play + (card.from_stasis if act == "play_from_stasis" else ()))
        if act in ("ability", "activate"):
            card = self.card(action["card"])
            return ops_in(e for a in card.abilities if a.name == action.get("ability") for e in a.effects)
        return set()

    def waiting(self) -> dict[str, Any] | None:
        """The effect a waiting choice belongs to (public: the card's text says it), when the table can be read."""
        if self.seen.read is None:
            return None
        queue = self.seen.table.game.queue
        return queue[0] if queue else None

    def forbidden(self, action: dict[str, Any]) -> bool:
        """Whether the restriction forbids this action."""
        if action["act"] == "end_turn":
            return False
        if action["act"] in self.acts:
            return True
        if action["act"] == "choose":
            item = self.waiting()
            if item is None:
                return False
            if item.get("op") == "choose_mode":
                modes = [m for m in item.get("modes", ()) if m.get("label") == action["option"]]
                return any(ops_in(m.get("effects", ())) & self.ops for m in modes)
            return item.get("op") in self.ops and action["option"] != "no"
        return bool(self.effects(action) & self.ops)

    def allowed(self, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The actions it allows; all of them when it allows none (a forced choice)."""
        return [a for a in actions if not self.forbidden(a)] or list(actions)


class RestrictedBot:
    """A bot that never takes an action of one mechanic: it chooses among the allowed actions only."""

    def __init__(self, inner: Bot, mechanic: str) -> None:
        self.inner, self.mechanic = inner, mechanic
        self.name = f"{inner.name}-no:{mechanic}"

    def choose(self, seen: Observation) -> dict[str, Any]:
        allowed = Rules(self.mechanic, seen).allowed(seen.actions)
        return self.inner.choose(replace(seen, listed=allowed, ask_other=None))


class MyopicBot:
    """One-step greedy: plays each of its best few actions in one determinization and takes the one whose position
    (the search bot's evaluation: VP, locations, characters, hand) is best, never looking at the opponent's reply.

    The candidates are greedy's MYOPIC_CANDIDATES best-scored actions and ending the turn; a won game is worth
    most; ties go to greedy's score. Like greedy, it plays one card at most `Replays.LIMIT` times a turn.
    """

    name = "myopic"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(self.rng.randrange(2**32))
        self.replays = Replays()

    def choose(self, seen: Observation) -> dict[str, Any]:
        return self.replays.choose(seen, self.best)

    def best(self, seen: Observation, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The candidate whose next position is worth most to the player."""
        score = self.greedy.scorer(seen.table)
        ranked = sorted(range(len(actions)), key=lambda i: (-score(actions[i]), i))
        chosen = ranked[:MYOPIC_CANDIDATES] + [i for i in ranked[MYOPIC_CANDIDATES:]
                                               if actions[i]["act"] == "end_turn"]
        seed = self.rng.randrange(2**32)
        values: dict[Key, tuple[float, float, int]] = {}
        for rank, i in enumerate(chosen):
            game = seen.determinize(seed)
            try:
                game.act(actions[i])
                values[key(actions[i])] = (position(game, seen.player), score(actions[i]), -rank)
            finally:
                game.close()
        return max(actions, key=lambda a: values.get(key(a), (-math.inf, 0.0, 0)))


def position(game: Game, player: str) -> float:
    """How good a position is for a player: its evaluation less the best rival's, or ±infinity when it is over."""
    table = game.table
    if table.turn.phase == "over":
        won = table.turn.winner if isinstance(table.turn.winner, list) else [table.turn.winner]
        return math.inf if player in won else -math.inf
    mine = worth(game, player)
    return mine - max(worth(game, p) for p in table.players_order if p != player)


def make_restricted(name: str, seed: int) -> Bot:
    """`greedy-no:M`, `ismcts-no:M` or `ismcts-no:M:BUDGET` (M one of MECHANICS; `greedy-v1-no:M` and `ismcts-v1-no:M`
    restrict the references), or `myopic`.

    An unknown name or mechanic raises KeyError, a bad budget ValueError.
    """
    if name == "myopic":
        return MyopicBot(seed)
    kind, _, rest = name.partition("-no:")
    mechanic, colon, budget = rest.partition(":")
    if mechanic not in MECHANICS or kind not in RESTRICTABLE or (kind.startswith("greedy") and colon):
        raise KeyError(name)
    return RestrictedBot(RESTRICTABLE[kind](seed, budget if colon else None), mechanic)
