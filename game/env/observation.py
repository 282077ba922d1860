"""The environment's observation (docs/rl.md): what one player may know, encoded straight from the table into a
fixed vector of numbers from -1 to 1 (counts scaled, categories one-hot or as documented id columns), and the
global state in the same layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.core.cards import card_pool
from game.core.components import Defences, Health, Stats
from game.core.constants import CUBE_COLORS, KINDS, PHASES, STATUSES, ZONES
from game.env.compact import HEAD_VERBS, TARGET, head_of
from game.env.encoding import CARDS, OPTIONS, SEATS, SQUARES, TARGETS, EncodingError, Slots, square_index
from game.io.view import visible_to
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
FOLLOW_UPS = 3
"""The most target slots a compact action asks one after the other before its last (a shove's target and path)."""
SELECTION = ("follow_up", "selected_card", *(f"verb_{v}" for v in HEAD_VERBS),
             *(f"given_{k}" for k in range(1, FOLLOW_UPS + 1)))
SECTIONS = (("global", GLOBAL, 1), ("players", PLAYER, SEATS), ("squares", SQUARE, SQUARES),
            ("cards", CARD, CARDS), ("options", OPTION, OPTIONS), ("selection", SELECTION, 1))
OBSERVATION_SIZE = sum(len(fields) * n for _, fields, n in SECTIONS)
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


def scale_vector() -> np.ndarray:
    """The divisor of every number of the observation, in its order."""
    return np.concatenate([np.tile([SCALES.get(f, 1.0) for f in fields], rows) for _, _, rows, fields
                           in observation_layout()]).astype(np.float32)


SCALE = scale_vector()
G = {f: i for i, f in enumerate(GLOBAL)}
P = {f: i for i, f in enumerate(PLAYER)}
C = {f: i for i, f in enumerate(CARD)}
VISIBLE, NAME, TAPPED, HAS_STATS, HP = C["visible"], C["name"], C["tapped"], C["has_stats"], C["hp"]
STASIS_COUNTERS, STUN_COUNTERS, CUBES, ON_SQUARE = C["stasis_counters"], C["stun_counters"], C["cubes_red"], \
    C["on_square"]
LOST_ABILITIES, LIST_POSITION = C["lost_abilities"], C["list_position"]
PENDING_OPTION, PENDING_SOURCE = C["pending_option"], C["pending_source"]
OWNER, OWNER_NONE, CONTROLLER, CONTROLLER_NONE = C["owner_seat_0"], C["owner_none"], C["controller_seat_0"], \
    C["controller_none"]
ZONE = {z: C[f"zone_{z}"] for z in ZONES}
KIND = {k: C[f"kind_{k}"] for k in KINDS}
STATUS = {s: C[f"status_{s}"] for s in STATUSES}
DAMAGE = {d: C[d] for d in ("physical", "spirit")}
EVASION = {d: C[f"evasion_{d}"] for d in DAMAGE}
NEGATION = {d: C[f"negation_{d}"] for d in DAMAGE}


def encode(table: Table, slots: Slots, viewer: str | None, everything: bool = False) -> np.ndarray:
    """What `viewer` may know of the table (hidden cards are left out: every deck, the Madness pile, the other
    hands), or with `everything` the global state (every card, no viewer), as the scaled vector of docs/rl.md,
    with an empty selection."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    order = table.players_order
    seat = {name: i for i, name in enumerate(order)}
    shown = {eid for eid in table.refs.values() if everything or visible_to(table, eid, viewer)}
    pending = table.pending
    acting = pending["player"] if pending else table.active().name
    turn = table.turn
    row = section(out, "global")[0]
    row[G["turn"]] = turn.turn
    row[G[f"phase_{turn.phase}"]] = 1
    row[G["madness_pile"]] = len(table.zone_cards("madness"))
    if viewer is not None:
        row[G[f"viewer_seat_{seat[viewer]}"]] = 1
    options = list(pending["options"]) if pending else []
    if pending:
        row[G["pending"]] = 1
        row[G["pending_options"]] = len(options)
        row[G[f"pending_seat_{seat[pending['player']]}"]] = 1
    winners = turn.winner if isinstance(turn.winner, list) else [turn.winner]
    players = section(out, "players")
    listed: dict[int, int] = {}
    for player in table.players():
        name = player.name
        hand = table.zone_cards("hand", name, by="controller")
        stasis = table.zone_cards("stasis", name, by="controller")
        discard = table.zone_cards("discard", name)
        for pile in ([e for e in hand if e in shown], stasis, discard):
            listed.update((e, i + 1) for i, e in enumerate(pile))
        r = players[seat[name]]
        r[P["present"]], r[P["is_viewer"]], r[P["is_active"]] = 1, name == viewer, name == table.active().name
        r[P["is_acting"]], r[P["vp"]], r[P["stones"]], r[P["hand_size"]] = name == acting, player.vp, \
            player.stones, len(hand)
        r[P["deck_size"]], r[P["discard"]], r[P["stasis"]] = len(table.zone_cards("deck", name)), len(discard), \
            len(stasis)
        r[P["minion_plays"]], r[P["action_plays"]], r[P["grants"]] = player.minion_plays, player.action_plays, \
            len(player.grants)
        r[P["madness_penalty"]], r[P["winner"]] = madness_penalty(table, name), name in winners
    source = table.queue[0].get("source") if pending and table.queue else None
    cards, squares = section(out, "cards"), section(out, "squares")
    for eid in shown:
        ref = table.ref(eid)
        slot = slots.of[ref]
        cards[slot] = card_row(table, eid, seat, listed.get(eid, 0), ref in options, ref == source)
        pos = table.pos(eid)
        if pos is not None:
            sq = squares[square_index(pos)]
            if table.zone(eid) == "location":
                sq[1] = slot + 1
            else:
                sq[0] = slot + 1
                controller = table.controller(eid)
                sq[2 if controller == viewer and viewer is not None else 3 if controller is not None else 4] = 1
    encode_options(table, slots, options, shown, section(out, "options"))
    np.divide(out, SCALE, out=out)
    return np.clip(out, -1.0, 1.0, out=out)


def card_row(table: Table, eid: int, seat: dict[str, int], position: int, option: bool, source: bool) -> list[float]:
    """One card's row, unscaled: the numbers the view shows of it (the statuses ST-*, SC-*, SE-*)."""
    card = table.defn(eid)
    zone = table.zone(eid)
    r = [0.0] * len(CARD)
    r[VISIBLE] = 1
    r[ZONE[zone]] = 1
    owner, controller = table.owner(eid), table.controller(eid)
    r[OWNER_NONE if owner is None else OWNER + seat[owner]] = 1
    r[CONTROLLER_NONE if controller is None else CONTROLLER + seat[controller]] = 1
    r[KIND[card.kind]] = 1
    r[NAME] = NAMES.get(card.name, 0)
    r[TAPPED] = table.is_tapped(eid)
    r[STASIS_COUNTERS] = table.stasis_counters(eid)
    r[STUN_COUNTERS] = table.stun_counters(eid)
    for status, n in table.statuses(eid).items():
        r[STATUS[status]] = n
    stats = table.get(eid, Stats)
    if stats is not None:
        if table.is_character(eid):
            on_board = zone == "board"
            r[HAS_STATS] = 1
            r[HP:HP + 8] = (table.component(eid, Health).hp if on_board else stats.max_hp, stats.max_hp,
                            power(table, eid), crit_chance(table, eid),
                            movement(table, eid) if on_board else stats.mv, printed_atk(table, eid), stats.range,
                            mv_left(table, eid) if on_board else 0)
        if stats.damage_type in DAMAGE:
            r[DAMAGE[stats.damage_type]] = 1
    cubes = table.cubes(eid)
    r[CUBES:CUBES + len(CUBE_COLORS)] = [getattr(cubes, color) for color in CUBE_COLORS]
    defences = table.get(eid, Defences)
    if defences is not None:
        for kind, value in defences.evasion:
            r[EVASION[kind]] += value
        for kind, value in defences.negation:
            r[NEGATION[kind]] += value
    pos = table.pos(eid)
    if pos is not None:
        r[ON_SQUARE], r[ON_SQUARE + 1], r[ON_SQUARE + 2] = 1, pos[0], pos[1]
    r[LOST_ABILITIES] = not table.abilities_work(eid)
    r[LIST_POSITION] = position
    r[PENDING_OPTION] = option
    r[PENDING_SOURCE] = source
    return r


def encode_options(table: Table, slots: Slots, options: list[object], shown: set[int], rows: np.ndarray) -> None:
    """The pending choice's options, unscaled: a card the player may see by its slot, a hidden card as hidden, a
    number, or a text."""
    if len(options) > OPTIONS:
        raise EncodingError(f"a choice of {len(options)} options; the encoding holds {OPTIONS}")
    for i, option in enumerate(options):
        rows[i, 0] = 1
        if isinstance(option, bool) or not isinstance(option, int | float | str):
            raise EncodingError(f"a choice option the encoding can't hold: {option!r}")
        if isinstance(option, int | float):
            rows[i, 3], rows[i, 4] = 1, option
        elif option in table.refs and table.refs[option] in shown:
            rows[i, 2] = slots.of[option] + 1
        elif option in table.refs or option == "a card":
            rows[i, 1] = 1
        else:
            rows[i, 5] = 1


def with_selection(vector: np.ndarray, given: tuple[int, ...]) -> np.ndarray:
    """A copy of an observation with the compact action given so far in its selection (the viewer's own: nobody
    else's observation shows it): 1, its card's slot + 1, its verb one-hot, and each target slot + 1, scaled."""
    out = vector.copy()
    start, _, fields = LAYOUT["selection"]
    r = np.zeros(len(fields), dtype=np.float32)
    slot, verb = head_of(given[0])
    r[0], r[1], r[2 + HEAD_VERBS.index(verb)] = 1, 0 if slot is None else slot + 1, 1
    for k, index in enumerate(given[1:FOLLOW_UPS + 1]):
        r[2 + len(HEAD_VERBS) + k] = index - TARGET + 1
    out[start:start + len(fields)] = r / SCALE[start:start + len(fields)]
    return out
