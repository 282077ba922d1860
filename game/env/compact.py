"""The compact action interface (docs/rl.md): Discrete(985), a head (end the turn, a choice's option, or a card and
what it does) and then, when the head leaves several commands, one target slot a step until one is left. A kind
added to COMMANDS without a hand-written encoding gets heads of its own after the target slots (`HEADS`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.env.encoding import ABILITIES, ADDED, CARDS, GENERIC, OPTIONS, TARGETS, Codec, EncodingError, square_index

VERBS = ("move", "attack", "play", "play_from_stasis", *(f"ability_{j}" for j in range(ABILITIES)),
         *(f"activate_{j}" for j in range(ABILITIES)))
"""What a card does, the second part of a card head."""
VERB = {verb: v for v, verb in enumerate(VERBS)}
END_TURN = 0
CHOOSE = 1
"""The first of the heads answering a pending choice (option k is CHOOSE + k)."""
CARD = CHOOSE + OPTIONS
"""The first card head: card slot s doing verb v is CARD + len(VERBS) * s + v."""
TARGET = CARD + CARDS * len(VERBS)
"""The first target slot of a follow-up step: TARGET + t, t as in the flat `play` block (0 none or "stop here",
1 + s the card in slot s, 1 + 100 + q the square q)."""
HEADS: dict[str, int] = {}
"""Each added kind's first head (encoding.ADDED): one head, or with a `card` field 1 + CARDS of them (head + 0 no
card, head + 1 + s the card in slot s); its other fields given follow as target slots, in its fields' order."""
_at = TARGET + TARGETS
for _act, _names in ADDED.items():
    HEADS[_act] = _at
    _at += GENERIC["card"] if "card" in _names else 1
COMPACT_ACTIONS = _at
HEAD_VERBS = (*VERBS, *ADDED)
"""What a head does, as the selection row names it: the verbs of a card head, then the added kinds."""
NONE = 0
Path = tuple[int, ...]


def card_target(codec: Codec, ref: str) -> int:
    return 1 + codec.card(ref)


def square_target(square: Any) -> int:
    return 1 + CARDS + square_index(square)


def path_of(codec: Codec, action: Mapping[str, Any]) -> Path:
    """A command's indices: its head, then its target slots in order (a shove's target and the squares of its
    path, an aimed minion's target and its entry square, a relic's payers in slot order)."""
    act = action["act"]
    if act == "end_turn":
        return (END_TURN,)
    if act == "choose":
        options = codec.table.pending["options"] if codec.table.pending else []
        return (CHOOSE + options.index(action["option"]),)
    if act == "move":
        return card_head(codec, action, "move"), TARGET + square_target(action["to"])
    if act == "attack":
        return card_head(codec, action, "attack"), TARGET + card_target(codec, action["target"])
    if act in ("play", "play_from_stasis"):
        targets = [card_target(codec, action["target"])] if "target" in action else []
        targets += [square_target(action["to"])] if "to" in action else []
        return card_head(codec, action, act), *(TARGET + t for t in targets or [NONE])
    if act == "ability":
        j = codec.ability(action["card"], action["ability"])
        targets = [card_target(codec, action["target"])] if "target" in action else [NONE]
        targets += [square_target(square) for square in action.get("path", [])]
        return card_head(codec, action, f"ability_{j}"), *(TARGET + t for t in targets)
    if act == "activate":
        j = codec.ability(action["card"], action["ability"])
        payers = sorted(card_target(codec, ref) for ref in action["pay"])
        return card_head(codec, action, f"activate_{j}"), *(TARGET + t for t in payers)
    if act in ADDED:
        return added_path(codec, act, action)
    raise EncodingError(f"no encoding for the command {act!r}")


def card_head(codec: Codec, action: Mapping[str, Any], verb: str) -> int:
    """The head of a command's card doing a verb."""
    return CARD + len(VERBS) * codec.card(action["card"]) + VERB[verb]


def added_path(codec: Codec, act: str, action: Mapping[str, Any]) -> Path:
    """An added kind's indices: its head (with its card's slot), then a target slot for each other field given."""
    names = ADDED[act]
    card = action.get("card")
    head = HEADS[act] + (card_target(codec, card) if "card" in names and card is not None else 0)
    targets = [square_target(action[name]) if name == "to" else card_target(codec, action[name])
               for name in names if name != "card" and action.get(name) is not None]
    return head, *(TARGET + t for t in targets)


def head_of(index: int) -> tuple[int | None, str]:
    """A head's card slot (None: a head with no card) and what it does (one of HEAD_VERBS)."""
    if CARD <= index < TARGET:
        slot, verb = divmod(index - CARD, len(VERBS))
        return slot, VERBS[verb]
    act = next(a for a, first in reversed(HEADS.items()) if first <= index)
    return (index - HEADS[act] - 1 if index > HEADS[act] else None), act


class Menu:
    """The legal commands of one moment as paths of indices. An agent gives one index a step: the allowed ones are
    the next indices of the paths that start with what it gave so far, and a command is played as soon as it is the
    only one left (a path that is the start of another ends with TARGET + 0, "stop here")."""

    def __init__(self, codec: Codec, legal: list[dict[str, Any]]) -> None:
        self.paths: list[tuple[Path, dict[str, Any]]] = []
        taken: set[Path] = set()
        for action in legal:
            path = path_of(codec, action)
            if path in taken:
                raise EncodingError(f"two legal actions share the indices {path}")
            taken.add(path)
            self.paths.append((path, action))
        ends = {path[:-1] for path, _ in self.paths}
        self.paths = [((*path, TARGET + NONE) if path in ends else path, action) for path, action in self.paths]
        self.given: Path = ()

    def left(self) -> list[tuple[Path, dict[str, Any]]]:
        """The commands still reachable from what was given."""
        n = len(self.given)
        if not n:
            return self.paths
        return [(path, action) for path, action in self.paths if path[:n] == self.given]

    def allowed(self) -> dict[int, list[dict[str, Any]]]:
        """Each index the agent may give now, with the commands it leads to (the mask's set bits)."""
        n = len(self.given)
        out: dict[int, list[dict[str, Any]]] = {}
        for path, action in self.left():
            out.setdefault(path[n], []).append(action)
        return out

    def give(self, index: int) -> dict[str, Any] | None:
        """Take an allowed index: the command it completes, or None when a follow-up step is asked."""
        self.given = (*self.given, index)
        left = self.left()
        if not left:
            raise EncodingError(f"index {index} is not allowed here")
        return left[0][1] if len(left) == 1 else None

    def next_index(self, action: Mapping[str, Any]) -> int:
        """The index that takes a command one step further from what was given."""
        n = len(self.given)
        for path, listed in self.left():
            if listed == action:
                return path[n]
        raise EncodingError(f"{dict(action)} is not reachable from the indices given")
