"""The fixed numeric encodings of the PettingZoo environment (docs/rl.md): card slots, and the action index of every
command (the observation is observation.py's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from game.bots.determinize import HIDDEN_REF
from game.core.constants import COLS, DECK_SIZE, ROWS, ZONES
from game.io.view import visible_cards
from game.turn.commands import COMMANDS

if TYPE_CHECKING:
    from game.core.table import Table

SEATS = 4
SHARED = 20
"""Card slots for the cards nobody owns (locations, the monster, treasure) and, for a moment, Madness cards."""
SHARED_SLOT = SEATS * DECK_SIZE
"""The first shared slot: after every seat's 20, whatever the number of players."""
CARDS = SHARED_SLOT + SHARED
STATE_SLOTS = 40
"""The state's slots after the shared ones (CARDS up, no action names them), for the Madness cards the shared slots
can't hold: the state shows every card, and the game makes Madness cards without end (G-1)."""
MADNESS = "madness"
"""The kind of card that has no fixed slot (`Slots`)."""
SQUARES = COLS * ROWS
OPTIONS = 48
"""The most options a pending choice may offer (a hand over the limit is the longest list)."""
ABILITIES = 2
"""The most activated abilities a card may have."""
ENTRIES = 10
"""A seat's entry squares: its home squares, then the location squares (G-4)."""
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
PATHS = len(DIRECTIONS) + len(DIRECTIONS) ** 2
"""Forced-movement paths of one or two orthogonal steps, from the moved character's square."""
PAYS = DECK_SIZE + DECK_SIZE * (DECK_SIZE - 1) // 2
"""One or two of the acting player's own cards, unordered (a relic's untap cost, SC-6)."""
TARGETS = 1 + CARDS + SQUARES
"""The target slot of a play: none, a card, or a square."""


class EncodingError(ValueError):
    """A game the fixed encoding can't hold (more cards, options or abilities than its slots), or an index that
    names no command here."""


# ----- card slots -----------------------------------------------------------------------------------------------


class Slots:
    """Where each card but a Madness card sits in the encodings, for the whole game: the i-th card of seat s's deck
    (ref `p{s+1}-{i}`) in slot 20*s + i - 1, the n-th card the game made (ref `name-n`: locations, the monster,
    treasure) in slot 80 + n - 1, and any other card (a determinization's redealt cards) in the first free slot of
    its owner's 20, else the first free one from 80 up, then from 0 up among the seats at the table (the slots the
    observation has rows for). A slot depends on the card's ref alone, so games that differ only in hidden cards put
    every visible card in the same slot. Madness cards are all alike, and the game makes one for every draw from an
    empty pile (G-1, without end), so they have no fixed slot: `seen_by` gives them slots for one moment."""

    def __init__(self, table: Table, known: Mapping[str, int] | None = None) -> None:
        """The slots of a table's cards; `known` (another game's slots by ref) keeps the slots of the refs it holds."""
        self.of: dict[str, int] = {}
        self.ref_at: dict[int, str] = {}
        self.madness: set[str] = set()
        self.seat: dict[str, int] = {p.name: p.seat for p in table.players()}
        if len(self.seat) > SEATS:
            raise EncodingError(f"the encoding holds at most {SEATS} players")
        if known is not None:
            for ref, eid in table.refs.items():
                if ref in known and table.kind(eid) != MADNESS:
                    self.put(ref, known[ref])
        self.update(table)

    def update(self, table: Table) -> None:
        """Give every card without a slot (a new table's, or a card the game made) its slot; a Madness card none."""
        if len(table.refs) == len(self.of) + len(self.madness):
            return
        later = []
        for ref, eid in table.refs.items():
            if ref in self.of or ref in self.madness:
                continue
            if table.kind(eid) == MADNESS:
                self.madness.add(ref)
                continue
            slot = natural_slot(ref)
            if slot is None or slot in self.ref_at:
                later.append(ref)
            else:
                self.put(ref, slot)
        seated = len(self.seat) * DECK_SIZE
        for ref in later:
            owner = self.seat.get(table.owner(table.refs[ref]) or "")
            own = range(owner * DECK_SIZE, (owner + 1) * DECK_SIZE) if owner is not None else range(0)
            free = next((s for s in (*own, *range(SHARED_SLOT, CARDS), *range(seated)) if s not in self.ref_at), None)
            if free is None:
                raise EncodingError(f"the encoding holds at most {seated + SHARED} cards besides Madness cards "
                                    f"with {len(self.seat)} players")
            self.put(ref, free)

    def put(self, ref: str, slot: int) -> None:
        self.of[ref] = slot
        self.ref_at[slot] = ref

    def seen_by(self, table: Table, viewer: str | None, everything: bool = False) -> CardSlots:
        """The slots of one moment's encodings for `viewer`: each Madness card it may see in a slot no card it sees
        holds (`place`), every other card in its fixed slot. All of it is what the viewer may know, so games that
        differ only in hidden cards give it the same slots. With `everything` (the state, `viewer` the acting player)
        the viewer's Madness cards keep those slots but a seen card's, and the others take the slots their refs name,
        the shared ones left, then the state's own, STATE_SLOTS from CARDS up."""
        self.update(table)
        seen = set(visible_cards(table, viewer))
        rows = (*range(SHARED_SLOT, CARDS), *range(len(self.seat) * DECK_SIZE))
        unseen = [s for s in rows if s in self.ref_at and table.refs[self.ref_at[s]] not in seen]
        taken = self.place(table, [e for e in seen if table.kind(e) == MADNESS], {}, unseen)
        if everything:
            kept = {slot: ref for slot, ref in taken.items() if slot not in self.ref_at}
            rest = [e for e in table.cards() if table.kind(e) == MADNESS and table.ref(e) not in kept.values()]
            taken = self.place(table, rest, kept, range(CARDS, CARDS + STATE_SLOTS), state=True)
        of = {ref: slot for ref, slot in self.of.items() if slot not in taken}
        of.update((ref, slot) for slot, ref in taken.items())
        return CardSlots(of, {slot: ref for ref, slot in of.items()}, self.seat)

    def place(self, table: Table, madness: list[int], taken: Mapping[int, str], spare: Sequence[int],
              state: bool = False) -> dict[int, str]:
        """Madness cards in the slots their refs name (80 + n - 1) when no card holds them, the others (by zone, seat
        and arrival) in the shared slots no card holds, then in `spare`, in order; more than that is refused (in
        one line: the bound of a game that makes Madness cards without end)."""
        placed, rest = dict(taken), []
        for eid in sorted(madness, key=lambda e: (ZONES.index(table.zone(e)),
                                                  self.seat.get(table.controller(e) or "", SEATS), table.arrival(e))):
            ref = table.ref(eid)
            slot = natural_slot(ref)
            if slot is not None and SHARED_SLOT <= slot < CARDS and slot not in self.ref_at and slot not in placed:
                placed[slot] = ref
            else:
                rest.append(ref)
        free = [s for s in range(SHARED_SLOT, CARDS) if s not in self.ref_at and s not in placed]
        free += [s for s in spare if s not in placed]
        if len(rest) > len(free):
            raise EncodingError(f"{len(madness) + len(taken)} Madness cards {'in the game' if state else 'seen'}: "
                                f"more than the {'state' if state else 'observation'} holds with {len(self.seat)} "
                                "players (G-1: a draw from an empty Madness pile makes one)")
        placed.update(zip(free, rest, strict=False))
        return placed


@dataclass(frozen=True)
class CardSlots:
    """The card slots of one moment's encodings for one viewer (`Slots.seen_by`): each card's slot by ref, the ref
    in each slot, and each player's seat."""

    of: Mapping[str, int]
    ref_at: Mapping[int, str]
    seat: Mapping[str, int]

    def own_index(self, ref: str, player: str) -> int:
        """A card's place among its owner's 20 slots, when that owner is the player."""
        slot = self.of[ref]
        first = self.seat[player] * DECK_SIZE
        if not first <= slot < first + DECK_SIZE:
            raise EncodingError(f"{ref} is not one of {player}'s own cards")
        return slot - first


def natural_slot(ref: str) -> int | None:
    """The slot a ref names: a deck card's by its seat and place, a made card's by its number (None: neither, as
    for a determinization's redealt `hidden-N`)."""
    base, _, number = ref.rpartition("-")
    if not number.isdigit() or not base or ref.startswith(HIDDEN_REF):
        return None
    n = int(number)
    if base[0] == "p" and base[1:].isdigit() and 1 <= int(base[1:]) <= SEATS:
        return (int(base[1:]) - 1) * DECK_SIZE + n - 1 if 1 <= n <= DECK_SIZE else None
    return SEATS * DECK_SIZE + n - 1 if 1 <= n <= SHARED else None


def square_index(square: Any) -> int:
    """A square's index: x + 7 * y."""
    return int(square[0]) + COLS * int(square[1])


def square_at(index: int) -> list[int]:
    return [index % COLS, index // COLS]


# ----- the actions ----------------------------------------------------------------------------------------------

BLOCKS = (
    ("end_turn", (1,)),
    ("choose", (OPTIONS,)),
    ("move", (SQUARES, SQUARES)),
    ("attack", (SQUARES, SQUARES)),
    ("play", (CARDS, TARGETS)),
    ("play_from_stasis", (CARDS, TARGETS)),
    ("play_aimed", (DECK_SIZE, ENTRIES, CARDS)),
    ("play_from_stasis_aimed", (DECK_SIZE, ENTRIES, CARDS)),
    ("ability", (SQUARES, ABILITIES, 1 + CARDS)),
    ("ability_path", (SQUARES, ABILITIES, SQUARES, PATHS)),
    ("activate", (CARDS, ABILITIES, PAYS)),
)
"""The action blocks written by hand, in index order: each block's name and the sizes of its slots (the last varies
fastest). A block named after an act encodes that kind of command."""
GENERIC = {"card": 1 + CARDS, "target": 1 + CARDS, "to": 1 + SQUARES}
"""The fields a kind without a block of its own may have, each one slot: 0 not given, 1 + s the card in slot s (`card`,
`target`), 1 + q the square q (`to`)."""


def added_kinds(commands: Mapping[str, type[Any]]) -> dict[str, tuple[str, ...]]:
    """Each kind the hand-written blocks don't encode (but those never listed, as `effect`), with its fields, in the
    order of `commands`; a kind with a field GENERIC lacks raises EncodingError, naming it."""
    written = {name for name, _ in BLOCKS}
    added: dict[str, tuple[str, ...]] = {}
    for act, kind in commands.items():
        if act in written or kind.listed == "never":
            continue
        names = tuple(f.name for f in fields(kind) if f.name != "by")
        if odd := [name for name in names if name not in GENERIC]:
            raise EncodingError(f"no encoding for the command {act!r}: its field {odd[0]!r} is none of "
                                f"{', '.join(GENERIC)} (docs/contributing.md, 'Add a command kind')")
        added[act] = names
    return added


ADDED = added_kinds(COMMANDS)
"""The kinds of COMMANDS encoded generically: a block each, after the hand-written ones, a GENERIC slot a field."""
LAYOUT = (*BLOCKS, *((act, tuple(GENERIC[name] for name in names) or (1,)) for act, names in ADDED.items()))
"""Every block in index order: the hand-written ones, then one for each added kind."""
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _shape in LAYOUT:
    OFFSETS[_name] = _at
    _at += int(np.prod(_shape))
ACTIONS = _at
SHAPES = dict(LAYOUT)
PAIRS = [(a,) for a in range(DECK_SIZE)] + list(combinations(range(DECK_SIZE), 2))
PAY_CODE = {pair: i for i, pair in enumerate(PAIRS)}


def flat(block: str, *slots: int) -> int:
    """The index of one command: its block's offset plus its slots, the last varying fastest."""
    shape = SHAPES[block]
    index = 0
    for slot, size in zip(slots, shape, strict=True):
        if not 0 <= slot < size:
            raise EncodingError(f"{block}: slot {slot} outside 0..{size - 1}")
        index = index * size + slot
    return OFFSETS[block] + index


def unflat(index: int) -> tuple[str, tuple[int, ...]]:
    """The block and slots of an index."""
    if not 0 <= index < ACTIONS:
        raise EncodingError(f"action {index} is outside 0..{ACTIONS - 1}")
    block, shape = next((b, s) for b, s in reversed(LAYOUT) if OFFSETS[b] <= index)
    rest, slots = index - OFFSETS[block], []
    for size in reversed(shape):
        rest, slot = divmod(rest, size)
        slots.append(slot)
    return block, tuple(reversed(slots))


@dataclass(frozen=True)
class Codec:
    """Action indices of one moment of one game: the table, the card slots the player to act sees, and that player."""

    table: Table
    slots: CardSlots
    me: str

    def card(self, ref: str) -> int:
        return self.slots.of[ref]

    def square_of(self, ref: str) -> int:
        pos = self.table.pos(self.table.refs[ref])
        if pos is None:
            raise EncodingError(f"{ref} is on no square")
        return square_index(pos)

    def ability(self, ref: str, name: str) -> int:
        names = [a.name for a in self.table.defn(self.table.refs[ref]).abilities]
        j = names.index(name)
        if j >= ABILITIES:
            raise EncodingError(f"{ref} has more than {ABILITIES} abilities")
        return j

    def entries(self) -> list[tuple[int, int]]:
        squares = [*self.table.home_squares(self.me), *self.table.location_squares()]
        if len(squares) > ENTRIES:
            raise EncodingError(f"{len(squares)} entry squares; the encoding holds {ENTRIES}")
        return squares

    def encode(self, action: Mapping[str, Any]) -> int:
        """The index of a command (a legal action of this moment)."""
        act = action["act"]
        if act == "end_turn":
            return flat("end_turn", 0)
        if act == "choose":
            options = self.table.pending["options"] if self.table.pending else []
            return flat("choose", options.index(action["option"]))
        if act in ("move", "attack"):
            there = square_index(action["to"]) if act == "move" else self.square_of(action["target"])
            return flat(act, self.square_of(action["card"]), there)
        if act in ("play", "play_from_stasis"):
            ref = action["card"]
            if "to" in action and "target" in action:
                entry = self.entries().index((action["to"][0], action["to"][1]))
                return flat(f"{act}_aimed", self.slots.own_index(ref, self.me), entry, self.card(action["target"]))
            target = 1 + self.card(action["target"]) if "target" in action else (
                1 + CARDS + square_index(action["to"]) if "to" in action else 0)
            return flat(act, self.card(ref), target)
        if act == "ability":
            ref = action["card"]
            j = self.ability(ref, action["ability"])
            if "path" in action:
                start = self.table.pos(self.table.refs[action["target"]])
                assert start is not None
                return flat("ability_path", self.square_of(ref), j, square_index(start),
                            path_code(start, action["path"]))
            target = 1 + self.card(action["target"]) if "target" in action else 0
            return flat("ability", self.square_of(ref), j, target)
        if act == "activate":
            ref = action["card"]
            pair = tuple(sorted(self.slots.own_index(r, self.me) for r in action["pay"]))
            if pair not in PAY_CODE:
                raise EncodingError(f"a cost paid by {len(pair)} cards; the encoding holds 1 or 2")
            return flat("activate", self.card(ref), self.ability(ref, action["ability"]), PAY_CODE[pair])
        if act in ADDED:
            return flat(act, *(self.generic(name, action.get(name)) for name in ADDED[act]))
        raise EncodingError(f"no encoding for the command {act!r}")

    def generic(self, name: str, value: Any) -> int:
        """A GENERIC field's slot: 0 not given, else 1 + its card slot or square."""
        if value is None:
            return 0
        return 1 + (square_index(value) if name == "to" else self.card(value))

    def decode(self, index: int) -> dict[str, Any]:
        """The command an index names here (refs from the card slots, squares from the board); a slot that holds
        no card (or a square no character stands on) raises EncodingError. `pay` comes in slot order."""
        block, s = unflat(index)
        if block == "end_turn":
            return {"act": "end_turn"}
        if block == "choose":
            options = self.table.pending["options"] if self.table.pending else []
            if s[0] >= len(options):
                raise EncodingError(f"choose: no option {s[0]}")
            return {"act": "choose", "option": options[s[0]]}
        if block in ("move", "attack"):
            card = self.at(s[0])
            return {"act": "move", "card": card, "to": square_at(s[1])} if block == "move" else {
                "act": "attack", "card": card, "target": self.at(s[1])}
        if block in ("play", "play_from_stasis"):
            action: dict[str, Any] = {"act": block, "card": self.ref(s[0])}
            if s[1] > CARDS:
                action["to"] = square_at(s[1] - 1 - CARDS)
            elif s[1] > 0:
                action["target"] = self.ref(s[1] - 1)
            return action
        if block in ("play_aimed", "play_from_stasis_aimed"):
            entries = self.entries()
            if s[1] >= len(entries):
                raise EncodingError(f"{block}: no entry square {s[1]}")
            return {"act": block.removesuffix("_aimed"), "card": self.ref(self.own(s[0])),
                    "to": list(entries[s[1]]), "target": self.ref(s[2])}
        if block == "ability":
            card = self.at(s[0])
            used: dict[str, Any] = {"act": "ability", "card": card, "ability": self.ability_name(card, s[1])}
            if s[2]:
                used["target"] = self.ref(s[2] - 1)
            return used
        if block == "ability_path":
            card, target = self.at(s[0]), self.at(s[2])
            return {"act": "ability", "card": card, "ability": self.ability_name(card, s[1]), "target": target,
                    "path": path_of(square_at(s[2]), s[3])}
        if block in ADDED:
            return {"act": block, **{name: square_at(k - 1) if name == "to" else self.ref(k - 1)
                                     for name, k in zip(ADDED[block], s, strict=False) if k}}
        card = self.ref(s[0])
        return {"act": "activate", "card": card, "ability": self.ability_name(card, s[1]),
                "pay": [self.ref(self.own(k)) for k in PAIRS[s[2]]]}

    def ref(self, slot: int) -> str:
        if slot not in self.slots.ref_at:
            raise EncodingError(f"card slot {slot} holds no card")
        return self.slots.ref_at[slot]

    def own(self, k: int) -> int:
        return self.slots.seat[self.me] * DECK_SIZE + k

    def at(self, square: int) -> str:
        eid = self.table.at((square % COLS, square // COLS))
        if eid is None or not self.table.is_character(eid):
            raise EncodingError(f"no character on square {square_at(square)}")
        return self.table.ref(eid)

    def ability_name(self, ref: str, j: int) -> str:
        abilities = self.table.defn(self.table.refs[ref]).abilities
        if j >= len(abilities):
            raise EncodingError(f"{ref} has no ability {j}")
        return abilities[j].name


def path_code(start: Any, path: list[Any]) -> int:
    """A path of one or two orthogonal steps as its code: direction d (0..3), or 4 + 4 * first + second."""
    steps, here = [], (start[0], start[1])
    for square in path:
        steps.append(DIRECTIONS.index((square[0] - here[0], square[1] - here[1])))
        here = (square[0], square[1])
    if len(steps) == 1:
        return steps[0]
    if len(steps) == 2:
        return len(DIRECTIONS) + steps[0] * len(DIRECTIONS) + steps[1]
    raise EncodingError(f"a path of {len(steps)} steps; the encoding holds 1 or 2")


def path_of(start: list[int], code: int) -> list[list[int]]:
    steps = [code] if code < len(DIRECTIONS) else list(divmod(code - len(DIRECTIONS), len(DIRECTIONS)))
    path, (x, y) = [], start
    for d in steps:
        x, y = x + DIRECTIONS[d][0], y + DIRECTIONS[d][1]
        path.append([x, y])
    return path
