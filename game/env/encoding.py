"""The fixed numeric encodings of the PettingZoo environment (docs/rl.md): card slots, the observation of a player's
view, the global state, and the action index of every command."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from game.bots.determinize import HIDDEN_REF
from game.core.cards import card_pool
from game.core.constants import COLS, CUBE_COLORS, DECK_SIZE, KINDS, PHASES, ROWS, STATUSES, ZONES

if TYPE_CHECKING:
    from game.core.table import Table

SEATS = 4
SHARED = 20
"""Card slots for the cards nobody owns (locations, the Madness pile, the monster, treasure, made Madness cards)."""
CARDS = SEATS * DECK_SIZE + SHARED
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
    """Where each card sits in the encodings, for the whole game: the i-th card of seat s's deck (ref `p{s+1}-{i}`)
    in slot 20*s + i - 1, the n-th card the game made (ref `name-n`: locations, the Madness pile, the monster,
    treasure, Madness cards made later) in slot 80 + n - 1, and any other card (a determinization's redealt
    cards) in the first free slot of its owner's 20, else the first free one from 80 up, then from 0 up. A slot
    depends on the card's ref alone, so games that differ only in hidden cards put every visible card in the same
    slot."""

    def __init__(self, table: Table, known: Mapping[str, int] | None = None) -> None:
        """The slots of a table's cards; `known` (another game's slots by ref) keeps the slots of the refs it holds."""
        self.of: dict[str, int] = {}
        self.ref_at: dict[int, str] = {}
        self.seat: dict[str, int] = {p.name: p.seat for p in table.players()}
        if len(self.seat) > SEATS:
            raise EncodingError(f"the encoding holds at most {SEATS} players")
        if known is not None:
            for ref in table.refs:
                if ref in known:
                    self.put(ref, known[ref])
        self.update(table)

    def update(self, table: Table) -> None:
        """Give every card without a slot (a new table's, or a card the game made) its slot."""
        if len(table.refs) == len(self.of) and all(ref in self.of for ref in table.refs):
            return
        later = []
        for ref in table.refs:
            if ref not in self.of:
                slot = natural_slot(ref)
                if slot is None or slot in self.ref_at:
                    later.append(ref)
                else:
                    self.put(ref, slot)
        for ref in later:
            owner = self.seat.get(table.owner(table.refs[ref]) or "")
            own = range(owner * DECK_SIZE, (owner + 1) * DECK_SIZE) if owner is not None else range(0)
            free = next((s for s in (*own, *range(SEATS * DECK_SIZE, CARDS), *range(SEATS * DECK_SIZE))
                         if s not in self.ref_at), None)
            if free is None:
                raise EncodingError(f"the encoding holds at most {CARDS} cards")
            self.put(ref, free)

    def put(self, ref: str, slot: int) -> None:
        self.of[ref] = slot
        self.ref_at[slot] = ref

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


# ----- the observation ------------------------------------------------------------------------------------------

NAMES = {name: i + 1 for i, name in enumerate(sorted(card_pool()))}
"""Each card name's id (1 + its place in the sorted card pool; 0: no card)."""
GLOBAL = ("turn", *(f"phase_{p}" for p in PHASES), "madness_pile", "pending", "pending_options",
          *(f"viewer_seat_{s}" for s in range(SEATS)), *(f"pending_seat_{s}" for s in range(SEATS)))
PLAYER = ("present", "is_viewer", "is_active", "is_acting", "vp", "stones", "hand_size", "deck_size", "discard",
          "stasis", "minion_plays", "action_plays", "grants", "madness_penalty", "winner")
SQUARE = ("character_slot", "location_slot", "viewer_controls", "other_player_controls", "monster")
CARD = ("visible", *(f"zone_{z}" for z in ZONES), *(f"owner_seat_{s}" for s in range(SEATS)), "owner_none",
        *(f"controller_seat_{s}" for s in range(SEATS)), "controller_none", *(f"kind_{k}" for k in KINDS), "name",
        "tapped", "stasis_counters", "stun_counters", *(f"status_{s}" for s in STATUSES), "has_stats", "hp",
        "max_hp", "atk", "crt", "mv", "printed_atk", "range", "mv_left", "physical", "spirit",
        *(f"cubes_{c}" for c in CUBE_COLORS), "evasion_physical", "evasion_spirit", "negation_physical",
        "negation_spirit", "on_square", "x", "y", "lost_abilities", "list_position", "pending_option",
        "pending_source")
OPTION = ("present", "hidden", "card_slot", "is_number", "number", "is_text")
SECTIONS = (("global", GLOBAL, 1), ("players", PLAYER, SEATS), ("squares", SQUARE, SQUARES),
            ("cards", CARD, CARDS), ("options", OPTION, OPTIONS))
OBSERVATION_SIZE = sum(len(fields) * n for _, fields, n in SECTIONS)


def observation_layout() -> list[tuple[str, int, int, tuple[str, ...]]]:
    """Each section of the observation: its name, first index, rows and the fields of a row."""
    out, at = [], 0
    for name, fields, rows in SECTIONS:
        out.append((name, at, rows, fields))
        at += len(fields) * rows
    return out


LAYOUT = {name: (start, rows, fields) for name, start, rows, fields in observation_layout()}


def section(vector: np.ndarray, name: str) -> np.ndarray:
    """One section of an observation as rows × fields (a view of the vector)."""
    start, rows, fields = LAYOUT[name]
    return vector[start:start + rows * len(fields)].reshape(rows, len(fields))


def encode_view(view: Mapping[str, Any], slots: Slots) -> np.ndarray:
    """The fixed-size vector of a view: a player's (`Game.view(player)`: only what they may know) or the whole
    game's (`Game.view()`, the global state). Every number comes from the view itself."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    viewer = view.get("viewer")
    order = list(view["players_order"])
    seat = {name: i for i, name in enumerate(order)}
    pending = view["pending"]
    acting = pending["player"] if pending else view["active"]
    g = dict(zip(GLOBAL, range(len(GLOBAL)), strict=True))
    row = section(out, "global")[0]
    row[g["turn"]] = view["turn"]
    row[g[f"phase_{view['phase']}"]] = 1
    row[g["madness_pile"]] = view["madness_pile"] if "madness_pile" in view else sum(
        1 for c in view["cards"].values() if c["zone"] == "madness")
    if viewer is not None:
        row[g[f"viewer_seat_{seat[viewer]}"]] = 1
    if pending:
        row[g["pending"]] = 1
        row[g["pending_options"]] = len(pending["options"])
        row[g[f"pending_seat_{seat[pending['player']]}"]] = 1
    winners = view["winner"] if isinstance(view["winner"], list) else [view["winner"]]
    players = section(out, "players")
    for name, entry in view["players"].items():
        values = {
            "present": 1, "is_viewer": name == viewer, "is_active": name == view["active"], "is_acting": name == acting,
            "vp": entry["vp"], "stones": entry["stones"], "hand_size": entry.get("hand_size", len(entry["hand"])),
            "deck_size": entry.get("deck_size", len(entry.get("deck", []))), "discard": len(entry["discard"]),
            "stasis": len(entry["stasis"]), "minion_plays": entry["minion_plays"],
            "action_plays": entry["action_plays"], "grants": len(entry["grants"]),
            "madness_penalty": entry["madness_penalty"], "winner": name in winners,
        }
        players[seat[name]] = [float(values[f]) for f in PLAYER]
    listed = {ref: i + 1 for entry in view["players"].values() for key in ("hand", "stasis", "discard")
              for i, ref in enumerate(entry[key])}
    options = pending["options"] if pending else []
    source = view.get("pending_source")
    cards = section(out, "cards")
    squares = section(out, "squares")
    c = dict(zip(CARD, range(len(CARD)), strict=True))
    for ref, card in view["cards"].items():
        r = cards[slots.of[ref]]
        r[c["visible"]] = 1
        r[c[f"zone_{card['zone']}"]] = 1
        for key, who in (("owner", card["owner"]), ("controller", card["controller"])):
            r[c[f"{key}_seat_{seat[who]}" if who is not None else f"{key}_none"]] = 1
        r[c[f"kind_{card['kind']}"]] = 1
        r[c["name"]] = NAMES.get(card["name"], 0)
        r[c["tapped"]] = card["tapped"]
        r[c["stasis_counters"]] = card["stasis_counters"]
        r[c["stun_counters"]] = card["stun_counters"]
        for status, n in card["status"].items():
            r[c[f"status_{status}"]] = n
        if card["hp"] is not None:
            r[c["has_stats"]] = 1
            for key in ("hp", "max_hp", "atk", "crt", "mv", "printed_atk", "range"):
                r[c[key]] = card[key] or 0
            r[c["mv_left"]] = card["mv_left"] or 0
        if card["damage_type"] in ("physical", "spirit"):
            r[c[card["damage_type"]]] = 1
        for color, n in card["cubes"].items():
            r[c[f"cubes_{color}"]] = n
        for kind, n in card["evasion"].items():
            r[c[f"evasion_{kind}"]] = n
        for negation in card["negation"]:
            r[c[f"negation_{negation['type']}"]] += negation["value"]
        if card["pos"] is not None:
            r[c["on_square"]], r[c["x"]], r[c["y"]] = 1, card["pos"][0], card["pos"][1]
            sq = squares[square_index(card["pos"])]
            if card["zone"] == "location":
                sq[1] = slots.of[ref] + 1
            else:
                sq[0] = slots.of[ref] + 1
                controller = card["controller"]
                sq[2 if controller == viewer and viewer is not None else 3 if controller is not None else 4] = 1
        r[c["lost_abilities"]] = card["lost_abilities"]
        r[c["list_position"]] = listed.get(ref, 0)
        r[c["pending_option"]] = ref in options
        r[c["pending_source"]] = ref == source
    if len(options) > OPTIONS:
        raise EncodingError(f"a choice of {len(options)} options; the encoding holds {OPTIONS}")
    rows = section(out, "options")
    for i, option in enumerate(options):
        rows[i, 0] = 1
        if isinstance(option, str) and option in slots.of and option in view["cards"]:
            rows[i, 2] = slots.of[option] + 1
        elif isinstance(option, bool) or not isinstance(option, int | float | str):
            raise EncodingError(f"a choice option the encoding can't hold: {option!r}")
        elif isinstance(option, int | float):
            rows[i, 3], rows[i, 4] = 1, option
        elif option in slots.of or option == "a card":
            rows[i, 1] = 1
        else:
            rows[i, 5] = 1
    return out


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
"""The action blocks in index order: each block's name and the sizes of its slots (the last varies fastest)."""
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _shape in BLOCKS:
    OFFSETS[_name] = _at
    _at += int(np.prod(_shape))
ACTIONS = _at
SHAPES = dict(BLOCKS)
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
    block, shape = next((b, s) for b, s in reversed(BLOCKS) if OFFSETS[b] <= index)
    rest, slots = index - OFFSETS[block], []
    for size in reversed(shape):
        rest, slot = divmod(rest, size)
        slots.append(slot)
    return block, tuple(reversed(slots))


@dataclass(frozen=True)
class Codec:
    """Action indices of one moment of one game: the table, its card slots, and the player to act."""

    table: Table
    slots: Slots
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
        raise EncodingError(f"no encoding for the command {act!r}")

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
