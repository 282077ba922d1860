"""The environment's observation (docs/rl.md): what one player may know, encoded straight from the table into a
fixed vector of numbers from -1 to 1 (counts scaled, categories one-hot or as documented id columns), and the
global state in the same layout. The layout follows the number of players (`LAYOUTS`): no column or row for a seat
the table doesn't have."""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from game.core.cards import card_pool
from game.core.components import (
    AbilitiesLost,
    Cubes,
    Defences,
    Health,
    StasisCounters,
    Stats,
    StatusStack,
    StunCounters,
    Tapped,
)
from game.core.constants import CUBE_COLORS, DECK_SIZE, KINDS, PHASES, STATUSES, ZONES
from game.env.compact import HEAD_VERBS, TARGET, head_of
from game.env.encoding import (
    CARDS,
    OPTIONS,
    SEATS,
    SHARED,
    SHARED_SLOT,
    SQUARES,
    STATE_SLOTS,
    TARGETS,
    CardSlots,
    EncodingError,
    Slots,
    square_index,
)
from game.io.view import visible_cards
from game.rules.stasis import madness_penalty
from game.rules.stats import crit_chance, movement, mv_left, power, printed_atk

if TYPE_CHECKING:
    from game.core.table import Table

NAMES = {name: i + 1 for i, name in enumerate(sorted(card_pool()))}
"""Each card name's id (1 + its place in the sorted card pool; 0: no card)."""
NAME_IDS = 64
"""The name ids the observation has room for (its `name` column is the id over this)."""
if len(NAMES) > NAME_IDS:
    raise EncodingError(f"the card pool has {len(NAMES)} names; the observation holds {NAME_IDS}")
DAMAGE_TYPES = ("physical", "spirit")
PLAYER = ("present", "is_viewer", "is_active", "is_acting", "vp", "stones", "hand_size", "deck_size", "discard",
          "stasis", "minion_plays", "action_plays", "grants", "madness_penalty", "winner")
SQUARE = ("character_slot", "location_slot", "viewer_controls", "other_player_controls", "monster")
OPTION = ("present", "hidden", "card_slot", "is_number", "number", "is_text")
FOLLOW_UPS = 3
"""The most target slots a compact action asks one after the other before its last (a shove's target and path)."""
SELECTION = ("follow_up", "selected_card", *(f"verb_{v}" for v in HEAD_VERBS),
             *(f"given_{k}" for k in range(1, FOLLOW_UPS + 1)))
SCALES: dict[str, float] = {
    "turn": 120, "madness_pile": 20, "pending_options": OPTIONS, "vp": 20, "stones": 10, "hand_size": 20,
    "deck_size": 20, "discard": 20, "stasis": 20, "minion_plays": 5, "action_plays": 5, "grants": 5,
    "madness_penalty": 10, "character_slot": CARDS, "location_slot": CARDS, "name": NAME_IDS,
    "stasis_counters": 10, "stun_counters": 10, **{f"status_{s}": 10 for s in STATUSES}, "hp": 20, "max_hp": 20,
    "atk": 20, "crt": 100, "mv": 10, "printed_atk": 20, "range": 10, "mv_left": 10,
    **{f"cubes_{c}": 10 for c in CUBE_COLORS}, "evasion_physical": 100, "evasion_spirit": 100,
    "negation_physical": 200, "negation_spirit": 200, "x": 6, "y": 4, "list_position": OPTIONS,
    "card_slot": CARDS, "number": 20, "selected_card": CARDS,
    **{f"given_{k}": TARGETS + 1 for k in range(1, FOLLOW_UPS + 1)},
}
"""The number each field is divided by (a field not named is 0 or 1 already); the result is clipped to -1..1."""
STATS = ("hp", "max_hp", "atk", "crt", "mv", "printed_atk", "range", "mv_left")
"""A character's stats, in the order of their columns."""
SELECTION_SCALE = np.array([SCALES.get(f, 1.0) for f in SELECTION], dtype=np.float32)
"""The divisors of the selection row (the last of every layout)."""


def global_fields(seats: int) -> tuple[str, ...]:
    """The global row's fields: a viewer and a pending seat column for each seat."""
    return ("turn", *(f"phase_{p}" for p in PHASES), "madness_pile", "pending", "pending_options",
            *(f"viewer_seat_{s}" for s in range(seats)), *(f"pending_seat_{s}" for s in range(seats)))


def card_fields(seats: int) -> tuple[str, ...]:
    """A card row's fields: an owner and a controller seat column for each seat."""
    return ("visible", *(f"zone_{z}" for z in ZONES), *(f"owner_seat_{s}" for s in range(seats)), "owner_none",
            *(f"controller_seat_{s}" for s in range(seats)), "controller_none", *(f"kind_{k}" for k in KINDS),
            "name", "tapped", "stasis_counters", "stun_counters", *(f"status_{s}" for s in STATUSES), "has_stats",
            *STATS, "physical", "spirit", *(f"cubes_{c}" for c in CUBE_COLORS), "evasion_physical",
            "evasion_spirit", "negation_physical", "negation_spirit", "on_square", "x", "y", "lost_abilities",
            "list_position", "pending_option", "pending_source")


class CardColumns:
    """Where each number of a card row is, in one layout: the first column of each group of fields."""

    def __init__(self, c: dict[str, int]) -> None:
        self.zone = {z: c[f"zone_{z}"] for z in ZONES}
        self.kind = {k: c[f"kind_{k}"] for k in KINDS}
        self.status = {s: c[f"status_{s}"] for s in STATUSES}
        self.damage = {d: c[d] for d in DAMAGE_TYPES}
        self.evasion = {d: c[f"evasion_{d}"] for d in DAMAGE_TYPES}
        self.negation = {d: c[f"negation_{d}"] for d in DAMAGE_TYPES}
        self.owner, self.owner_none = c["owner_seat_0"], c["owner_none"]
        self.controller, self.controller_none = c["controller_seat_0"], c["controller_none"]
        self.name, self.tapped, self.stasis, self.stun = c["name"], c["tapped"], c["stasis_counters"], \
            c["stun_counters"]
        self.has_stats, self.stats, self.cubes, self.square = c["has_stats"], c["hp"], c["cubes_red"], c["on_square"]
        self.lost, self.position, self.option, self.source = c["lost_abilities"], c["list_position"], \
            c["pending_option"], c["pending_source"]


class Layout:
    """The observation of a table of `players` players: its sections, each a table of rows of fields, one after the
    other. Seat one-hots have a column per seat, and the cards section a row per card slot the table may use (the
    seats' 20 each, in seat order, then the 20 shared ones, SHARED_SLOT up, then `extra` more: the state's
    STATE_SLOTS): with 4 players, the one layout every table had before; with fewer, the same less the columns and
    rows of the seats it doesn't have."""

    def __init__(self, players: int, extra: int = 0) -> None:
        self.players = players
        self.card_rows = players * DECK_SIZE + SHARED + extra
        self.sections = (("global", global_fields(players), 1), ("players", PLAYER, players),
                         ("squares", SQUARE, SQUARES), ("cards", card_fields(players), self.card_rows),
                         ("options", OPTION, OPTIONS), ("selection", SELECTION, 1))
        self.start: dict[str, int] = {}
        at = 0
        for name, fields, rows in self.sections:
            self.start[name] = at
            at += len(fields) * rows
        self.size = at
        self.fields = {name: fields for name, fields, _ in self.sections}
        self.rows = {name: rows for name, _, rows in self.sections}
        self.scale = np.concatenate([np.tile([SCALES.get(f, 1.0) for f in fields], rows)
                                     for _, fields, rows in self.sections]).astype(np.float32)
        self.column = {name: {f: i for i, f in enumerate(fields)} for name, fields, _ in self.sections}
        self.card_columns = CardColumns(self.column["cards"])

    def section(self, vector: np.ndarray, name: str) -> np.ndarray:
        """One section of an observation as rows × fields (a view of the vector)."""
        start, width = self.start[name], len(self.fields[name])
        return vector[start:start + self.rows[name] * width].reshape(self.rows[name], width)

    def card_row(self, slot: int) -> int:
        """The row of a card slot in the cards section (EncodingError for the slot of a seat not at the table)."""
        if slot < self.players * DECK_SIZE:
            return slot
        if SHARED_SLOT <= slot < SHARED_SLOT + self.card_rows - self.players * DECK_SIZE:
            return self.players * DECK_SIZE + slot - SHARED_SLOT
        raise EncodingError(f"card slot {slot} belongs to a seat a table of {self.players} players does not have")

    def slot_of_row(self, row: int) -> int:
        """The card slot of a row of the cards section."""
        seated = self.players * DECK_SIZE
        return row if row < seated else SHARED_SLOT + row - seated


LAYOUTS = {players: Layout(players) for players in range(2, SEATS + 1)}
"""The observation's layout for each number of players."""
STATE_LAYOUTS = {players: Layout(players, STATE_SLOTS) for players in range(2, SEATS + 1)}
"""The state's layout for each number of players: the observation's, with STATE_SLOTS more card rows."""
SIZES = {layout.size: layout for layout in (*LAYOUTS.values(), *STATE_LAYOUTS.values())}
if len(SIZES) != 2 * len(LAYOUTS):
    raise EncodingError("two layouts have the same size: a vector's size must tell its layout")


def observation_size(players: int) -> int:
    """The numbers in the observation (and the state) of a table of this many players."""
    return LAYOUTS[players].size


def state_size(players: int) -> int:
    """The numbers in the state of a table of this many players."""
    return STATE_LAYOUTS[players].size


def layout_of(vector: np.ndarray) -> Layout:
    """The layout of an observation, known by its size (each number of players gives another)."""
    return SIZES[vector.size]


def section(vector: np.ndarray, name: str) -> np.ndarray:
    """One section of an observation as rows × fields (a view of the vector)."""
    return layout_of(vector).section(vector, name)


def encode(table: Table, slots: Slots, viewer: str | None, everything: bool = False) -> np.ndarray:
    """What `viewer` may know of the table (hidden cards are left out: every deck, the Madness pile, the other
    hands), or with `everything` the global state (every card, no viewer), as the scaled vector of docs/rl.md,
    with an empty selection (the state's layout has STATE_SLOTS more card rows). Madness cards take the slots the
    viewer sees them in (`Slots.seen_by`; the state: the acting player's). The numbers are written unscaled into a
    flat buffer, then scaled and clipped at once."""
    layout = (STATE_LAYOUTS if everything else LAYOUTS)[len(table.players_order)]
    seen = slots.seen_by(table, table.acting_player() if everything else viewer, everything)
    out = array("f", bytes(4 * layout.size))
    seat = {name: i for i, name in enumerate(table.players_order)}
    shown = list(table.refs.values()) if everything else visible_cards(table, viewer)
    pending = table.pending
    options = list(pending["options"]) if pending else []
    listed = encode_header(out, layout, table, seat, viewer, set(shown))
    source = table.queue[0].get("source") if pending and table.queue else None
    put = CardWriter(out, layout, table, seat, viewer)
    for eid in shown:
        ref = table.ref(eid)
        put.card(seen.of[ref], eid, listed.get(eid, 0), ref in options, ref == source)
    encode_options(out, layout.start["options"], table, seen, options, shown)
    vector = np.frombuffer(out, dtype=np.float32) / layout.scale
    return np.clip(vector, -1.0, 1.0, out=vector)


def encode_header(out: array[float], layout: Layout, table: Table, seat: dict[str, int], viewer: str | None,
                  shown: set[int]) -> dict[int, int]:
    """The global row and the players' rows, unscaled; returns each listed card's place (1 + its place in its
    player's hand, stasis or discard list)."""
    pending = table.pending
    acting = pending["player"] if pending else table.active().name
    turn = table.turn
    g = layout.column["global"]
    out[g["turn"]] = turn.turn
    out[g[f"phase_{turn.phase}"]] = 1
    out[g["madness_pile"]] = len(table.zone_cards("madness"))
    if viewer is not None:
        out[g[f"viewer_seat_{seat[viewer]}"]] = 1
    if pending:
        out[g["pending"]] = 1
        out[g["pending_options"]] = len(pending["options"])
        out[g[f"pending_seat_{seat[pending['player']]}"]] = 1
    winners = turn.winner if isinstance(turn.winner, list) else [turn.winner]
    active = table.active().name
    listed: dict[int, int] = {}
    for player in table.players():
        name = player.name
        hand = table.zone_cards("hand", name, by="controller")
        stasis = table.zone_cards("stasis", name, by="controller")
        discard = table.zone_cards("discard", name)
        for pile in ([e for e in hand if e in shown], stasis, discard):
            listed.update((e, i + 1) for i, e in enumerate(pile))
        at = layout.start["players"] + len(PLAYER) * seat[name]
        out[at:at + len(PLAYER)] = array("f", (
            1, name == viewer, name == active, name == acting, player.vp, player.stones, len(hand),
            len(table.zone_cards("deck", name)), len(discard), len(stasis), player.minion_plays, player.action_plays,
            len(player.grants), madness_penalty(table, name), name in winners))
    return listed


class CardWriter:
    """Writes card rows, unscaled, into an observation's buffer: the numbers the view shows of a card (the statuses
    ST-*, SC-*, SE-*), and the square it stands on."""

    def __init__(self, out: array[float], layout: Layout, table: Table, seat: dict[str, int],
                 viewer: str | None) -> None:
        self.out, self.layout, self.table, self.seat, self.viewer = out, layout, table, seat, viewer
        self.first, self.width, self.c = layout.start["cards"], len(layout.fields["cards"]), layout.card_columns
        self.squares = layout.start["squares"]

    def card(self, slot: int, eid: int, position: int, option: bool, source: bool) -> None:
        """The row of the card in `slot`: `position` in its list (0: none), whether it is a pending option, and
        whether its ability asks the pending choice."""
        table, out, c = self.table, self.out, self.c
        at = self.first + self.layout.card_row(slot) * self.width
        comps = table.components_of(eid)
        card = table.defn(eid)
        zone = table.zone(eid)
        out[at] = 1
        out[at + c.zone[zone]] = 1
        owner, controller = table.owner(eid), table.controller(eid)
        out[at + (c.owner_none if owner is None else c.owner + self.seat[owner])] = 1
        out[at + (c.controller_none if controller is None else c.controller + self.seat[controller])] = 1
        out[at + c.kind[card.kind]] = 1
        out[at + c.name] = NAMES.get(card.name, 0)
        if Tapped in comps:
            out[at + c.tapped] = 1
        if (counters := comps.get(StasisCounters)) is not None:
            out[at + c.stasis] = counters.n
        if (stun := comps.get(StunCounters)) is not None:
            out[at + c.stun] = stun.n
        if (statuses := comps.get(StatusStack)) is not None:
            for status, n in statuses.stacks.items():
                out[at + c.status[status]] = n
        stats = comps.get(Stats)
        if stats is not None:
            if card.is_character:
                out[at + c.has_stats] = 1
                self.write_stats(at + c.stats, eid, zone == "board", stats, comps)
            if stats.damage_type in c.damage:
                out[at + c.damage[stats.damage_type]] = 1
        if (cubes := comps.get(Cubes)) is not None:
            out[at + c.cubes], out[at + c.cubes + 1], out[at + c.cubes + 2] = cubes.red, cubes.white, cubes.blue
        if (defences := comps.get(Defences)) is not None:
            for kind, value in defences.evasion:
                out[at + c.evasion[kind]] += value
            for kind, value in defences.negation:
                out[at + c.negation[kind]] += value
        if (pos := table.pos(eid)) is not None:
            out[at + c.square], out[at + c.square + 1], out[at + c.square + 2] = 1, pos[0], pos[1]
            self.square(slot, pos, zone == "location", controller)
        if AbilitiesLost in comps:
            out[at + c.lost] = 1
        out[at + c.position] = position
        out[at + c.option] = option
        out[at + c.source] = source

    def square(self, slot: int, pos: tuple[int, int], location: bool, controller: str | None) -> None:
        """The square's row: the slot of the location or character there, and who controls the character."""
        at = self.squares + len(SQUARE) * square_index(pos)
        if location:
            self.out[at + 1] = slot + 1
            return
        self.out[at] = slot + 1
        viewer = self.viewer
        self.out[at + (2 if controller == viewer and viewer is not None else 3 if controller is not None else 4)] = 1

    def write_stats(self, at: int, eid: int, on_board: bool, stats: Stats, comps: Mapping[type, Any]) -> None:
        """A character's stats as the view shows them: HP on the board, printed HP elsewhere; MV left on the board
        only. Printed power and MV are worked out once (power and MV left start from them)."""
        table = self.table
        printed = printed_atk(table, eid)
        if on_board:
            mv = movement(table, eid)
            self.out[at:at + len(STATS)] = array("f", (
                comps[Health].hp, stats.max_hp, power(table, eid, printed), crit_chance(table, eid), mv, printed,
                stats.range, mv_left(table, eid, mv)))
        else:
            self.out[at:at + len(STATS)] = array("f", (
                stats.max_hp, stats.max_hp, power(table, eid, printed), crit_chance(table, eid), stats.mv, printed,
                stats.range, 0))


def encode_options(out: array[float], first: int, table: Table, slots: CardSlots, options: list[object],
                   shown: list[int]) -> None:
    """The pending choice's options, unscaled: a card the player may see by its slot, a hidden card as hidden, a
    number, or a text."""
    if len(options) > OPTIONS:
        raise EncodingError(f"a choice of {len(options)} options; the encoding holds {OPTIONS}")
    seen = {table.ref(eid) for eid in shown} if options else set()
    for i, option in enumerate(options):
        at = first + len(OPTION) * i
        out[at] = 1
        if isinstance(option, bool) or not isinstance(option, int | float | str):
            raise EncodingError(f"a choice option the encoding can't hold: {option!r}")
        if isinstance(option, int | float):
            out[at + 3], out[at + 4] = 1, option
        elif option in seen:
            out[at + 2] = slots.of[option] + 1
        elif option in table.refs or option == "a card":
            out[at + 1] = 1
        else:
            out[at + 5] = 1


def with_selection(vector: np.ndarray, given: tuple[int, ...]) -> np.ndarray:
    """A copy of an observation with the compact action given so far in its selection (the viewer's own: nobody
    else's observation shows it): 1, its card's slot + 1, its verb one-hot, and each target slot + 1, scaled. The
    selection is the last row of every layout."""
    out = vector.copy()
    r = np.zeros(len(SELECTION), dtype=np.float32)
    slot, verb = head_of(given[0])
    r[0], r[1], r[2 + HEAD_VERBS.index(verb)] = 1, 0 if slot is None else slot + 1, 1
    for k, index in enumerate(given[1:FOLLOW_UPS + 1]):
        r[2 + len(HEAD_VERBS) + k] = index - TARGET + 1
    out[-len(SELECTION):] = r / SELECTION_SCALE
    return out
