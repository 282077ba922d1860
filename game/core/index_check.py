"""The table's self-check for `sim --check`: every index the table keeps beside esper, held against a full scan
of the components, and the board's squares against the characters on them.

The table keeps its indexes in step with every change it makes (only it changes esper), so this module exists to
catch a fault in that bookkeeping, not in the rules; it reads the table's private indexes as their auditor.
"""

from __future__ import annotations

from game.core.components import BoardPos, Card, Controller, Health, Owner, StasisCounters, Zone
from game.core.constants import CHARACTER_KINDS
from game.core.table import NOTHING, Square, Table


def held_by(kinds: dict[type, set[int]], kind: type) -> int:
    """How many entities have a component of this type (esper drops a type's set when it empties)."""
    having = kinds.get(kind)
    return len(having) if having is not None else 0


def in_zone_order(found: dict[int, None], zone: str, zone_of: dict[int, Zone],
                  player: dict[int, str | None] | None = None, who: str | None = None) -> bool:
    """Whether every entity of an index entry is in this zone by its component, in arrival order (and, given
    each entity's `player`, is `who`'s)."""
    last, first = 0, True
    for eid in found:
        where = zone_of.get(eid)
        if where is None or where.name != zone or (where.seq < last and not first):
            return False
        if player is not None and player.get(eid) != who:
            return False
        last, first = where.seq, False
    return True


def by_player_agrees(index: dict[tuple[str, str], dict[int, None]], player: dict[int, str | None],
                     zone_of: dict[int, Zone], expected: int) -> bool:
    """Whether a (zone, player) index holds, each under its zone and player in arrival order, exactly the
    `expected` entities the scan gives a player: the verdict of comparing it with one rebuilt from the scan."""
    count = 0
    for (zone, who), found in index.items():
        if not in_zone_order(found, zone, zone_of, player, who):
            return False
        count += len(found)
    return count == expected


class CardScan:
    """What one pass over the cards found (`Table.scan_cards`): whether each index kept per card agrees with
    the components, and how many entities each grouped index must hold."""

    def __init__(self, *, same_zones: bool, same_cards: bool, same_players: bool, same_squares: bool, zoned: int,
                 owned: int, controlled: int, ready: int, on_board: int) -> None:
        self.same_zones, self.same_cards = same_zones, same_cards
        self.same_players, self.same_squares = same_players, same_squares
        self.zoned, self.owned, self.controlled, self.ready, self.on_board = zoned, owned, controlled, ready, on_board


def board_problem(table: Table) -> str | None:
    """The first board invariant the components break, or None (cheap: `sim --check` asks after every
    command): two characters on one square, one the square index has lost, one on the board at 0 HP."""
    if table._stale:
        table._resort()
    components, squares = table._components_of, table._squares
    for eid in table._characters:
        held = components[eid]
        pos: BoardPos | None = held.get(BoardPos)
        if pos is None:
            continue
        square = (pos.x, pos.y)
        holder = squares.get(square)
        if holder != eid:
            return square_problem(table, eid, square, holder)
        health: Health = held[Health]
        if health.hp <= 0:
            return f"{table.ref(eid)} is on the board with {health.hp} HP"
    return None


def square_problem(table: Table, eid: int, square: Square, holder: int | None) -> str:
    """Why the square index does not hold a character at the square its components give: another character
    stands there too, or the index has lost it."""
    other: BoardPos | None = None
    if holder is not None and holder in table._characters:
        other = table.get(holder, BoardPos)
    if other is not None and (other.x, other.y) == square:
        return f"two characters share square {list(square)}"
    return f"the square index has lost {table.ref(eid)} at {list(square)}"


def scanned_players(table: Table) -> tuple[dict[int, str | None], dict[int, str | None]]:
    """Each card's owner and controller by its components (None without one): what the owner and controller
    indexes hold, as a full scan gives it (only cards are made with an owner or a controller)."""
    components = table._components_of
    owner: dict[int, str | None] = {}
    ctrl: dict[int, str | None] = {}
    for eid in table.refs.values():
        held = components.get(eid, NOTHING)
        owned_by: Owner | None = held.get(Owner)
        controlled_by: Controller | None = held.get(Controller)
        owner[eid] = owned_by.player if owned_by is not None else None
        ctrl[eid] = controlled_by.player if controlled_by is not None else None
    return owner, ctrl


def scan_cards(table: Table) -> CardScan:
    """One pass over the cards: each card's components held against what the indexes keep of that card (the
    very Zone and Card components, the owner, the controller, the square), and what each grouped index must
    hold counted (no scan list or rebuilt index made)."""
    components, kinds = table._components_of, table._entities_of_type
    zone_of, card_of, owner_of, ctrl_of = table._zone_of, table._card, table._owner, table._controller
    square_of, squares, locations = table._square_of, table._squares, table._locations
    same_zones = same_cards = same_players = same_squares = True
    zoned = carded = owners = controllers = placed = on_squares = on_locations = 0
    owned = controlled = ready = on_board = 0
    for eid in table.refs.values():
        held = components.get(eid, NOTHING)
        zone: Zone | None = held.get(Zone)
        card: Card | None = held.get(Card)
        same_zones = same_zones and zone_of.get(eid) is zone
        same_cards = same_cards and card_of.get(eid) is card
        zoned += zone is not None
        carded += card is not None
        owner_is: Owner | None = held.get(Owner)
        ctrl_is: Controller | None = held.get(Controller)
        owner = owner_is.player if owner_is is not None else None
        ctrl = ctrl_is.player if ctrl_is is not None else None
        if same_players and (eid not in owner_of or owner_of[eid] != owner
                             or eid not in ctrl_of or ctrl_of[eid] != ctrl):
            same_players = False
        owners += owner_is is not None
        controllers += ctrl_is is not None
        name = zone.name if zone is not None else None
        pos: BoardPos | None = held.get(BoardPos)
        if pos is not None:
            placed += 1
            square = (pos.x, pos.y)
            if square_of.get(eid) != square:
                same_squares = False
            if name == "board":
                on_squares += 1
                same_squares = same_squares and squares.get(square) == eid
            elif name == "location":
                on_locations += 1
                same_squares = same_squares and locations.get(square) == eid
        if name is None:
            continue
        owned += owner is not None
        if ctrl is not None:
            controlled += 1
            if name == "stasis":
                counters: StasisCounters | None = held.get(StasisCounters)
                ready += counters is None or not counters.n
        on_board += name == "board" and card is not None and card.kind in CHARACTER_KINDS
    return CardScan(
        same_zones=same_zones and len(zone_of) == zoned == held_by(kinds, Zone),
        same_cards=same_cards and len(card_of) == carded == held_by(kinds, Card),
        same_players=(same_players and len(owner_of) == len(ctrl_of) == len(table.refs)
                      and owners == held_by(kinds, Owner) and controllers == held_by(kinds, Controller)),
        same_squares=(same_squares and len(square_of) == placed == held_by(kinds, BoardPos)
                      and len(squares) == on_squares and len(locations) == on_locations),
        zoned=zoned, owned=owned, controlled=controlled, ready=ready, on_board=on_board)


def index_problems(table: Table) -> list[str]:
    """Every index that differs from a full scan of the components (empty when all agree).

    The indexes kept per card are held against one pass over the cards (`scan_cards`); each grouped index
    is then read once, entity by entity (each where its components put it, in arrival order), and counted
    against that pass: the verdict of rebuilding every index from a full scan, without rebuilding any."""
    if table._stale:
        table._resort()
    found = scan_cards(table)
    zones = table._zone_of if found.same_zones else dict(table.scan(Zone))
    cards = table._card if found.same_cards else dict(table.scan(Card))
    owner_by, ctrl_by = (table._owner, table._controller) if found.same_players else scanned_players(table)
    stasis_of = table.stasis_counters
    zones_agree = (all(in_zone_order(members, zone, zones) for zone, members in table._zones.items())
                   and sum(len(members) for members in table._zones.values()) == found.zoned)
    ready_agrees = (all(in_zone_order(members, "stasis", zones)
                        and all(ctrl_by.get(eid) == who and not stasis_of(eid) for eid in members)
                        for who, members in table._ready.items())
                    and sum(len(members) for members in table._ready.values()) == found.ready)
    characters_agree = (in_zone_order(table._characters, "board", zones)
                        and len(table._characters) == found.on_board
                        and all(cards[eid].kind in CHARACTER_KINDS for eid in table._characters))
    verdicts = (("_zone_of", found.same_zones), ("_card", found.same_cards),
                ("_owner/_controller", found.same_players),
                ("_zones", zones_agree),
                ("_owned", by_player_agrees(table._owned, owner_by, zones, found.owned)),
                ("_controlled", by_player_agrees(table._controlled, ctrl_by, zones, found.controlled)),
                ("_ready", ready_agrees), ("_characters", characters_agree),
                ("_squares/_locations", found.same_squares))
    return [f"index {name} differs from a full scan" for name, agrees in verdicts if not agrees]
