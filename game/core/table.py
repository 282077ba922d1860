"""The table: one esper world per game, its entities and queries, zone moves, the event log and its hooks.

This is the one module that imports esper. Every entity made or deleted and every component added or removed
goes through a `Table`, which enters its own world first and keeps its indexes (zones, owners, controllers,
squares, ready stasis cards) in step with what it changes; other modules read and write through it.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import esper

from game.core.cards import CardDef, card_pool
from game.core.components import (
    AbilitiesLost,
    BoardPos,
    Card,
    Controller,
    CopiedPower,
    Cubes,
    Defences,
    Health,
    OncePerTurn,
    Owner,
    Player,
    Resolving,
    StasisCounters,
    Stats,
    StatusStack,
    StunCounters,
    Tapped,
    TurnState,
    TurnUsage,
    Zone,
)
from game.core.constants import COLS, ROWS
from game.core.dice import Dice
from game.core.events import EVENT_TYPES
from game.core.lifetime import Lifetime
from game.core.numbers import Numbers, shipped_numbers

_world_ids = itertools.count(1)

Square = tuple[int, int]
UntapReplacement = Callable[["Table", int], bool]
Listener = Callable[["Table", dict[str, Any]], None]
T = TypeVar("T")


HOME_SQUARES: tuple[tuple[tuple[int, int], ...], ...] = (
    tuple((x, 0) for x in range(COLS)),
    tuple((x, ROWS - 1) for x in range(COLS)),
    tuple((0, y) for y in (1, 2, 3)),
    tuple((COLS - 1, y) for y in (1, 2, 3)),
)
"""G-1: the home squares of each seat: the near row, the far row, then the left and the right column."""


Components = dict[int, dict[type, Any]]
"""Each entity's components by type: one esper world's own table."""
NOTHING: dict[type, Any] = {}
"""The components of an entity that has none (never written to)."""


def world_components() -> Components:
    """The current esper world's table of components: the one object esper 3 keeps for the world's whole life
    (switching worlds puts it aside and back; clearing the world empties it in place).

    A table reads its components here, a plain dictionary lookup, instead of through esper's query functions,
    which answer only for the current world; reads are most of what the rules do. This module is the only
    reader of esper's stores, and every change still goes through esper's own functions, which keep its sets
    of entities by type and its query caches up to date."""
    return esper._entities


def world_entities_by_type() -> dict[type, set[int]]:
    """The current esper world's entities of each component type: esper's own sets, kept in one dictionary
    for the world's whole life like `world_components` (a type's set is made anew when it empties, so a
    reader looks it up by type each time)."""
    return esper._components


Processor = esper.Processor
"""The base class of the rule systems (systems/base.py): esper's, named here so that only this module imports
esper."""


@dataclass(frozen=True)
class Outcome:
    """The answer to a command: accepted, or rejected with a reason a player can read."""

    ok: bool
    reason: str = ""


OK = Outcome(True)


def _drop_world(name: str) -> None:
    if name not in esper.list_worlds():
        return
    if esper.current_world == name:
        esper.switch_world("default")
    esper.delete_world(name)


CardParts = tuple[str, str, str | None, str, str | None, int, Square | None, list[Any]]
"""A card as `add_card` makes it: ref, name, owner, zone, controller, arrival, square, and its other components."""
K = TypeVar("K")


def nested(index: dict[K, dict[int, None]]) -> dict[K, dict[int, None]]:
    """A copy of an index of indexes."""
    return {k: dict(v) for k, v in index.items()}


@dataclass(frozen=True)
class Filing:
    """The indexes of a table's cards (`Table.filing`): read, never changed, by `Table.add_filed`, which copies them."""

    refs: dict[str, int]
    owner: dict[int, str | None]
    controller: dict[int, str | None]
    zones: dict[str, dict[int, None]]
    owned: dict[tuple[str, str], dict[int, None]]
    controlled: dict[tuple[str, str], dict[int, None]]
    ready: dict[str, dict[int, None]]
    characters: dict[int, None]
    squares: dict[Square, int]
    locations: dict[Square, int]
    square_of: dict[int, Square]


class Table:
    """One table of Countertop in its own esper world: entities, queries, zone moves, the log and its hooks.

    Rules, systems and commands work on a Table; `game.engine.Game` adds the entry points a program uses.
    Every change is an event in the log; `listeners` hear each one, watchers (`watch`: the trigger dispatcher,
    registered by the schedule) only the types they name, and `untap_replacements` (stun counters, SC-2) may
    replace an untap.
    """

    def __init__(self, players: list[str], seed: int = 0, pool: dict[str, CardDef] | None = None,
                 numbers: Numbers | None = None) -> None:
        self.world = f"countertop-{next(_world_ids)}"
        self.pool = pool if pool is not None else card_pool()
        self.numbers = (numbers if numbers is not None else shipped_numbers()).for_players(len(players))
        """The numbers of this game's rules (`game.core.numbers`): the shipped ones, or a variant's, as they are for
        this many players."""
        self.players_order = list(players)
        self.dice = Dice(seed)
        self.log: list[dict[str, Any]] = []
        self.rejected: list[dict[str, Any]] = []
        self.queue: list[dict[str, Any]] = []
        self.pending: dict[str, Any] | None = None
        self.refs: dict[str, int] = {}
        self.history: list[dict[str, Any]] = []
        self.last_rolls: list[dict[str, Any]] = []
        self.seq = 0
        self.made = 0
        self.untap_replacements: list[UntapReplacement] = []
        self.listeners: list[Listener] = []
        self._watchers: dict[str, list[Listener]] = {}
        """The listeners of each event type (`watch`)."""
        self.phase_steps: dict[str, list[Callable[[Table], None]]] = {}
        """The rule systems' steps of each phase, in schedule order (installed by the turn layer)."""
        self._clear_indexes()
        self.lifetime: Lifetime[Table] = Lifetime(self)
        """What the rule systems hold weakly to find this table; its world is dropped when it goes."""
        weakref.finalize(self.lifetime, _drop_world, self.world)
        self.enter()
        esper.clear_database()
        self._components_of = world_components()
        """This world's components of each entity, read straight (`world_components`)."""
        self._entities_of_type = world_entities_by_type()
        """This world's entities of each component type (`world_entities_by_type`)."""
        self.turn = TurnState()
        """The turn-state component."""
        self.turn_entity = esper.create_entity(self.turn)
        self.seated = [Player(name=name, seat=seat, stones=self.numbers.stones_per_turn)
                       for seat, name in enumerate(players)]
        self._by_name: dict[str, Player] = {}
        for player in self.seated:
            self._by_name.setdefault(player.name, player)
            esper.create_entity(player)

    # ----- world -------------------------------------------------------------------------------------------

    def enter(self) -> None:
        """Make this game's world the current esper world."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    def close(self) -> None:
        """Delete this game's world now (simulations make many games), and let go of the systems' link back."""
        _drop_world(self.world)
        self.lifetime.table = None

    # ----- players and turn --------------------------------------------------------------------------------

    def players(self) -> list[Player]:
        """Players in seat order."""
        return list(self.seated)

    def player(self, name: str) -> Player:
        """A player by name."""
        return self._by_name[name]

    def active(self) -> Player:
        """The player whose turn it is."""
        return self.seated[self.turn.active]

    def active_number(self, key: str) -> int:
        """A number of the rules for the active player's turn: their seat's own first-round value in the first round
        (turns 1 to the number of players), else the game's (`Numbers.for_seat`)."""
        return self.numbers.for_seat(key, self.turn.active, self.turn.turn <= len(self.players_order))

    def acting_player(self) -> str:
        """Who must act now: the player a pending choice waits for, or the active player."""
        return self.pending["player"] if self.pending else self.active().name

    # ----- cards -------------------------------------------------------------------------------------------

    def new_seq(self) -> int:
        """The next arrival number (orders zones and the age of cards in play)."""
        self.seq += 1
        return self.seq

    def create_card(self, ref: str, name: str, owner: str | None, zone: str, controller: str | None = None) -> int:
        """Make a card entity with its printed stats; a ref already in the game is refused (no card is lost)."""
        card = self.pool[name]
        printed: list[Any] = []
        if card.is_character:
            assert card.hp is not None and card.atk is not None
            printed = [Stats(card.hp, card.atk, card.crt, card.mv, card.range, card.damage_type), Health(card.hp)]
        return self.add_card(ref, name, owner, zone, controller, None, None, printed)

    def add_card(self, ref: str, name: str, owner: str | None, zone: str, controller: str | None, seq: int | None,
                 square: Square | None, more: list[Any]) -> int:
        """Make a card entity arriving in its zone at `seq` (None: now), on `square` if given, with `more`
        components beside its own (a restored card's saved state), in one call into esper; filed in every index.
        A card arriving before the table's newest arrival (restoring a save) leaves the indexes to re-sort on
        their next read. A ref already in the game is refused before anything changes."""
        if ref in self.refs:
            raise ValueError(f"a card with ref {ref!r} already exists")
        eid = self._make_card(ref, name, owner, zone, controller, seq, square, more)
        self._owner[eid] = owner
        self._controller[eid] = (controller or owner) if owner is not None else None
        if self._zone_of[eid].seq < self.seq:
            self._stale = True
        self._file(eid)
        return eid

    def add_filed(self, cards: list[CardParts], filing: Filing) -> None:
        """Make a table's first cards as `add_card` would, and take their indexes ready-made from `filing`
        instead of filing card by card: what a determinization deals, whose cards differ from the table the
        filing was taken of only by the names of hidden cards, which are never on the board or in stasis."""
        if self.refs:
            raise ValueError("add_filed makes a table's first cards")
        for parts in cards:
            self._make_card(*parts)
        if self.refs != filing.refs:
            raise ValueError("these cards are not the ones the filing was taken of")
        self._take_filing(filing)

    def _make_card(self, ref: str, name: str, owner: str | None, zone: str, controller: str | None,
                   seq: int | None, square: Square | None, more: list[Any]) -> int:
        """The card's entity and its entries by ref, card and zone (the other indexes are the caller's)."""
        card = Card(ref, name, self.pool[name].kind)
        if seq is None:
            seq = self.new_seq()
        where = Zone(zone, seq)
        comps: list[Any] = [card, where]
        if owner is not None:
            comps += [Owner(owner), Controller(controller or owner)]
        if square is not None:
            comps.append(BoardPos(square[0], square[1]))
        self.enter()
        eid = esper.create_entity(*comps, *more)
        self.refs[ref] = eid
        self._card[eid] = card
        self._zone_of[eid] = where
        return eid

    def make_ref(self, name: str) -> str:
        """A fresh ref for a card the game itself creates."""
        self.made += 1
        base = name.lower().replace(" ", "-")
        ref = f"{base}-{self.made}"
        while ref in self.refs:
            self.made += 1
            ref = f"{base}-{self.made}"
        return ref

    def eid(self, ref: str) -> int:
        """The entity of a ref (KeyError when unknown)."""
        return self.refs[ref]

    def ref(self, eid: int) -> str:
        """The ref of an entity."""
        return self._card[eid].ref

    def defn(self, eid: int) -> CardDef:
        """The printed card of an entity."""
        return self.pool[self._card[eid].name]

    def name(self, eid: int) -> str:
        """The card name of an entity."""
        return self._card[eid].name

    def kind(self, eid: int) -> str:
        """The card kind of an entity."""
        return self._card[eid].kind

    def zone(self, eid: int) -> str:
        """The zone an entity is in."""
        return self._zone_of[eid].name

    def owner(self, eid: int) -> str | None:
        """The owner, or None for ownerless cards."""
        return self._owner[eid]

    def controller(self, eid: int) -> str | None:
        """The controller, or None for ownerless cards."""
        return self._controller[eid]

    def cards(self) -> Iterator[int]:
        """Every card entity, in the order refs were made."""
        return iter(list(self.refs.values()))

    def zone_cards(self, zone: str, player: str | None = None, *, by: str = "owner") -> list[int]:
        """The cards of a zone (of one player, by owner or controller), in arrival order (from the index)."""
        if self._stale:
            self._resort()
        if player is None:
            found = self._zones.get(zone)
        else:
            found = (self._owned if by == "owner" else self._controlled).get((zone, player))
        return list(found) if found else []

    def top_card(self, zone: str, player: str) -> int | None:
        """The first card of a player's zone in arrival order (a deck's top card), without copying the zone."""
        if self._stale:
            self._resort()
        found = self._owned.get((zone, player))
        return next(iter(found)) if found else None

    def stasis_ready(self, player: str) -> list[int]:
        """The player's cards in stasis with no stasis counters (ST-11: the ones that may be played), in arrival
        order."""
        if self._stale:
            self._resort()
        found = self._ready.get(player)
        return list(found) if found else []

    def arrival(self, eid: int) -> int:
        """When the card arrived in its zone (for cards in play: their age, oldest first, G-3)."""
        return self._zone_of[eid].seq

    def is_character(self, eid: int) -> bool:
        """Minions and monsters are characters."""
        return self._card[eid].kind in ("minion", "monster")

    def on_board(self, eid: int) -> bool:
        """On the board (characters, relics, treasures in play); not location cards."""
        return self._zone_of[eid].name == "board"

    def in_stasis(self, eid: int) -> bool:
        """In stasis (ST-5)."""
        return self._zone_of[eid].name == "stasis"

    def in_play(self, eid: int) -> bool:
        """In play: on the board or in stasis (ST-5, ST-8)."""
        return self._zone_of[eid].name in ("board", "stasis")

    def characters(self) -> list[int]:
        """Characters on the board, oldest first."""
        if self._stale:
            self._resort()
        return list(self._characters)

    def pos(self, eid: int) -> Square | None:
        """The square of an entity, if it has one."""
        return self._square_of.get(eid)

    def at(self, square: Square) -> int | None:
        """The character on a square."""
        return self._squares.get(square)

    def occupied(self) -> Mapping[Square, int]:
        """The squares something on the board stands on, and what stands there (read only: the table keeps it)."""
        return self._squares

    def occupancy_memo(self) -> dict[tuple[str, Square, int], Any]:
        """A scratch dict for results worked out from the occupied squares alone, each keyed (what, square,
        reach) and read from no square beyond `reach` orthogonal steps of `square` (path searches); when a square
        is taken or left, the table drops the entries within reach of it."""
        return self._occupancy_memo

    def _forget_near(self, square: Square) -> None:
        x, y = square
        memo = self._occupancy_memo
        for key in [k for k in memo if abs(k[1][0] - x) + abs(k[1][1] - y) <= k[2]]:
            del memo[key]

    def character_squares(self) -> set[Square]:
        """The squares characters stand on."""
        return {sq for sq, eid in self._squares.items() if self._card[eid].kind in ("minion", "monster")}

    def location_squares(self) -> dict[Square, int]:
        """Location squares and their location cards."""
        return dict(self._locations)

    def home_squares(self, player: str) -> list[tuple[int, int]]:
        """A player's home squares (G-1)."""
        return list(HOME_SQUARES[self.player(player).seat])

    def is_enemy(self, player: str, eid: int) -> bool:
        """An enemy of a player: controlled by another player, or a monster (G-5)."""
        ctrl = self._controller[eid]
        return ctrl != player if ctrl is not None else self._card[eid].kind == "monster"

    def tick_controller(self, eid: int) -> str:
        """Whose turn makes this character's statuses tick: its controller, a monster's the first player (R-11)."""
        return self._controller[eid] or self.players_order[0]

    @staticmethod
    def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
        """Orthogonal steps between two squares."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def components_of(self, eid: int) -> Mapping[type, Any]:
        """Every component of an entity by its type (read only: change them through the table)."""
        return self._components_of[eid]

    def exists(self, eid: int) -> bool:
        """Whether an entity is (still) in this table's world."""
        return eid in self._components_of

    def get(self, eid: int, kind: type[T]) -> T | None:
        """The entity's component of this type, or None (`esper.try_component`, read from this world)."""
        return self._components_of.get(eid, NOTHING).get(kind)

    def has(self, eid: int, kind: type) -> bool:
        """Whether the entity has a component of this type (`esper.has_component`, of this world)."""
        return kind in self._components_of[eid]

    def component(self, eid: int, kind: type[T]) -> T:
        """The entity's component of this type (`esper.component_for_entity`, of this world; KeyError if none)."""
        found: T = self._components_of[eid][kind]
        return found

    def scan(self, kind: type[T]) -> list[tuple[int, T]]:
        """Every entity with a component of this type, with it: `esper.get_component` of this world, in its
        order, read from the world's tables instead of rebuilt by esper's Python after each change."""
        having = self._entities_of_type.get(kind)
        if having is None:
            return []
        found = self._components_of
        return [(eid, found[eid][kind]) for eid in having]

    def any_with(self, kind: type) -> bool:
        """Whether any entity has a component of this type (esper drops a type's set when its last one goes), so a
        rule system with nothing to do can say so without looking at every card."""
        return kind in self._entities_of_type

    def query(self, *kinds: type) -> list[tuple[int, Any]]:
        """Every entity with all these component types, with them: esper's own cached query of this world
        (the rules read through `scan` and the indexes; the benchmarks' bare baseline reads through this)."""
        self.enter()
        return esper.get_components(*kinds)

    def is_tapped(self, eid: int) -> bool:
        """Whether a permanent is tapped."""
        return Tapped in self._components_of[eid]

    def stasis_counters(self, eid: int) -> int:
        """Stasis counters on a card (0 when none)."""
        s = self.get(eid, StasisCounters)
        return s.n if s else 0

    def set_stasis_counters(self, eid: int, n: int | None) -> None:
        """Set the stasis counters on a card (None: take the component away); keeps the ready index."""
        if n is None:
            self.enter()
            esper.try_remove_component(eid, StasisCounters)
        elif (s := self.get(eid, StasisCounters)) is not None:
            s.n = n
        else:
            self.enter()
            esper.add_component(eid, StasisCounters(n))
        self._unfile_ready(eid)
        self._file_ready(eid)

    def stun_counters(self, eid: int) -> int:
        """Stun counters on a permanent (0 when none)."""
        s = self.get(eid, StunCounters)
        return s.n if s else 0

    def statuses(self, eid: int) -> dict[str, int]:
        """Statuses on a character and their stacks."""
        s = self.get(eid, StatusStack)
        return dict(s.stacks) if s else {}

    def stacks(self, eid: int, status: str) -> int:
        """Stacks (Freeze: tokens) of one status on a character (0 when it has none)."""
        s = self.get(eid, StatusStack)
        return s.stacks.get(status, 0) if s else 0

    def has_status(self, eid: int, status: str) -> bool:
        """Whether a character carries a status."""
        s = self.get(eid, StatusStack)
        return bool(s and s.stacks.get(status))

    def cubes(self, eid: int) -> Cubes:
        """A character's cubes (a blank set when none)."""
        return self.get(eid, Cubes) or Cubes()

    def abilities_work(self, eid: int) -> bool:
        """False while the card has lost all its abilities."""
        return not self.has(eid, AbilitiesLost)

    # ----- components the indexes do not track ------------------------------------------------------------

    INDEXED: ClassVar[frozenset[type]] = frozenset((Card, Zone, Owner, Controller, BoardPos, StasisCounters))
    """Components the indexes mirror: changed only by the methods that keep them (`put`, `place_at`,
    `set_owner`, `set_controller`, `set_stasis_counters`, `add_card`)."""

    def add(self, eid: int, component: Any) -> None:
        """Give an entity a component (replacing one of its type); indexed kinds have methods of their own."""
        if type(component) in self.INDEXED:
            raise TypeError(f"{type(component).__name__} is indexed: change it through its Table method")
        self.enter()
        esper.add_component(eid, component)

    def remove(self, eid: int, kind: type) -> None:
        """Take a component of this type from an entity, if it has one (indexed kinds have methods of their own)."""
        if kind in self.INDEXED:
            raise TypeError(f"{kind.__name__} is indexed: change it through its Table method")
        if kind in self._components_of[eid]:
            self.enter()
            esper.remove_component(eid, kind)

    def ensure(self, eid: int, kind: type[T]) -> T:
        """The entity's component of this type, added blank on first use (for counters, stacks, usage)."""
        found = self.get(eid, kind)
        if found is None:
            found = kind()
            self.add(eid, found)
        return found

    def add_system(self, system: Processor, priority: int) -> None:
        """Register a rule system in this table's world, run in descending `priority` by `process`."""
        self.enter()
        esper.add_processor(system, priority=priority)

    def process(self) -> None:
        """Run every rule system of this table's world once (`esper.process`)."""
        self.enter()
        esper.process()

    # ----- events, dice, stones ----------------------------------------------------------------------------

    def watch(self, event_types: Iterable[str], listener: Listener) -> None:
        """Have a listener hear only events of these types, after the `listeners` that hear every event: most
        events wake nothing, so they are not offered to the trigger dispatcher at all."""
        for event_type in event_types:
            self._watchers.setdefault(event_type, []).append(listener)

    def emit(self, event_type: str, /, **fields: Any) -> None:
        """Append an event to the log and tell every listener, then the watchers of its type (triggered abilities
        watch here)."""
        if event_type not in EVENT_TYPES:
            raise ValueError(f"unknown event type {event_type!r}")
        entry = {"type": event_type, **fields}
        self.log.append(entry)
        for listener in self.listeners:
            listener(self, entry)
        for listener in self._watchers.get(event_type, ()):
            listener(self, entry)

    def roll(self, purpose: str, card: int | None = None) -> int:
        """Roll d100 for a purpose, logged."""
        result = self.dice.d100()
        record = {"kind": "d100", "result": result, "purpose": purpose}
        self.last_rolls.append(record)
        self.emit("DiceRolled", die="d100", result=result, purpose=purpose,
                  card=self.ref(card) if card is not None else None)
        return result

    def flip(self, purpose: str, card: int | None = None) -> str:
        """Flip a coin for a purpose, logged."""
        result = self.dice.coin()
        self.last_rolls.append({"kind": "coin", "result": result, "purpose": purpose})
        self.emit("DiceRolled", die="coin", result=result, purpose=purpose,
                  card=self.ref(card) if card is not None else None)
        return result

    def gain_stones(self, player: str, n: int) -> None:
        """Change a player's stones, never below 0."""
        p = self.player(player)
        p.stones = max(0, p.stones + n)
        self.emit("StonesChanged", player=player, change=n, stones=p.stones)

    def gain_vp(self, player: str, n: int, reason: str) -> None:
        """Give a player victory points."""
        p = self.player(player)
        p.vp += n
        self.emit("VictoryPoints", player=player, change=n, vp=p.vp, reason=reason)

    # ----- zones -------------------------------------------------------------------------------------------

    BOARD_STATE: ClassVar[frozenset[type]] = frozenset((
        BoardPos, Tapped, StatusStack, Cubes, StunCounters, Defences,
        TurnUsage, AbilitiesLost, CopiedPower, OncePerTurn,
    ))

    def clear_board_state(self, eid: int) -> None:
        """Forget everything a card had only while on the board (ST-3's Ruling): Fuse defences too (R-8), and a
        defeated character's square, HP, statuses, cubes, stun counters and tap (R-16)."""
        self._unplace(eid)
        comps = self._components_of[eid]
        for comp in self.BOARD_STATE.intersection(comps):
            self.enter()
            esper.remove_component(eid, comp)
        stats = comps.get(Stats)
        if stats is not None:
            comps[Health].hp = stats.max_hp

    LEFT_BEHIND: ClassVar[tuple[type, ...]] = (StasisCounters, Resolving)
    """Components no card takes into another zone."""

    def put(self, eid: int, zone: str) -> None:
        """Move a card to a zone, arriving last (a deck's last card is its bottom)."""
        self._unfile(eid)
        if zone not in ("board", "location"):
            self.clear_board_state(eid)
        comps = self._components_of[eid]
        for kind in self.LEFT_BEHIND:
            if kind in comps:
                self.enter()
                esper.remove_component(eid, kind)
        z = self._zone_of[eid]
        z.name = zone
        z.seq = self.new_seq()
        self._file(eid)

    def place_at(self, eid: int, square: Square) -> None:
        """Give a card a square (a character entering the board or moving, a location card): keeps the indexes."""
        self._unplace(eid)
        p = self.get(eid, BoardPos)
        if p is None:
            self.enter()
            esper.add_component(eid, BoardPos(*square))
        else:
            p.x, p.y = square
        self._place(eid)

    def set_controller(self, eid: int, player: str) -> None:
        """Hand control of an owned card to a player."""
        if self._controller[eid] == player:
            return
        self._unfile(eid)
        self.component(eid, Controller).player = player
        self._controller[eid] = player
        self._file(eid)

    def set_owner(self, eid: int, player: str | None) -> None:
        """Make a player the owner and controller of a card (None: it belongs to nobody)."""
        self._unfile(eid)
        if player is None:
            self.enter()
            esper.try_remove_component(eid, Owner)
            esper.try_remove_component(eid, Controller)
        else:
            self.enter()
            esper.add_component(eid, Owner(player))
            esper.add_component(eid, Controller(player))
        self._owner[eid] = self._controller[eid] = player
        self._file(eid)

    def set_arrival(self, eid: int, seq: int) -> None:
        """Set when a card arrived in its zone (restoring a save); the indexes re-sort on their next read."""
        self._zone_of[eid].seq = seq
        self._stale = True

    def discard(self, eid: int, reason: str) -> None:
        """Put a card into its owner's discard pile (an ownerless card is removed from the game)."""
        owner = self.owner(eid)
        if owner is None:
            self.put(eid, "removed")
            self.emit("CardMoved", card=self.ref(eid), zone="removed", reason=reason)
            return
        self.set_controller(eid, owner)
        self.put(eid, "discard")
        self.emit("CardDiscarded", card=self.ref(eid), player=owner, reason=reason)

    def draw(self, player: str, n: int = 1) -> list[int]:
        """Draw n cards; an empty deck takes in the shuffled discard pile first (G-7)."""
        drawn = []
        for _ in range(n):
            top = self.top_card("deck", player)
            if top is None:
                pile = self.zone_cards("discard", player)
                if not pile:
                    break
                self.dice.shuffle(pile)
                for eid in pile:
                    self.put(eid, "deck")
                self.emit("DeckShuffled", player=player, cards=len(pile))
                top = pile[0]
            self.put(top, "hand")
            self.emit("CardDrawn", player=player, card=self.ref(top))
            drawn.append(top)
        return drawn

    # ----- tapping (SC-2's replacement hook lives in the untap path) ---------------------------------------

    def tap(self, eid: int) -> None:
        """Tap a permanent."""
        if not self.is_tapped(eid):
            self.enter()
            esper.add_component(eid, Tapped())
            self.emit("Tapped", card=self.ref(eid))

    def untap(self, eid: int, cause: str) -> str:
        """Try to untap a permanent: 'untapped', 'replaced' (a replacement effect acted) or 'noop'."""
        if not self.is_tapped(eid):
            return "noop"
        for replacement in self.untap_replacements:
            if replacement(self, eid):
                return "replaced"
        self.enter()
        esper.remove_component(eid, Tapped)
        self.emit("Untapped", card=self.ref(eid), cause=cause)
        return "untapped"

    # ----- the turn -----------------------------------------------------------------------------------

    def set_phase(self, phase: str) -> None:
        """Enter a phase of the turn."""
        t = self.turn
        t.phase = phase
        t.done = set()
        self.emit("PhaseChanged", phase=phase, turn=t.turn, player=self.active().name)

    # ----- indexes (kept by every zone move, square, owner, controller and stasis-counter change above) -------

    def _clear_indexes(self) -> None:
        self._card: dict[int, Card] = {}
        self._zone_of: dict[int, Zone] = {}
        self._owner: dict[int, str | None] = {}
        self._controller: dict[int, str | None] = {}
        self._zones: dict[str, dict[int, None]] = {}
        self._owned: dict[tuple[str, str], dict[int, None]] = {}
        self._controlled: dict[tuple[str, str], dict[int, None]] = {}
        self._ready: dict[str, dict[int, None]] = {}
        self._characters: dict[int, None] = {}
        self._squares: dict[Square, int] = {}
        self._occupancy_memo: dict[tuple[str, Square, int], Any] = {}
        self._locations: dict[Square, int] = {}
        self._square_of: dict[int, Square] = {}
        self._stale = False

    def filing(self) -> Filing:
        """A copy of the indexes of this table's cards, sorted (`add_filed` gives them to a table dealt the same
        cards)."""
        if self._stale:
            self._resort()
        return Filing(dict(self.refs), dict(self._owner), dict(self._controller), nested(self._zones),
                      nested(self._owned), nested(self._controlled), nested(self._ready), dict(self._characters),
                      dict(self._squares), dict(self._locations), dict(self._square_of))

    def _take_filing(self, filing: Filing) -> None:
        self._owner, self._controller = dict(filing.owner), dict(filing.controller)
        self._zones, self._owned = nested(filing.zones), nested(filing.owned)
        self._controlled, self._ready = nested(filing.controlled), nested(filing.ready)
        self._characters, self._squares = dict(filing.characters), dict(filing.squares)
        self._locations, self._square_of = dict(filing.locations), dict(filing.square_of)
        self._occupancy_memo = {}
        self._stale = False

    def _add(self, found: dict[int, None], eid: int, seq: int) -> None:
        """Add to an arrival-ordered index (a card arriving out of order re-sorts that one index)."""
        late = bool(found) and not self._stale and self._zone_of[next(reversed(found))].seq > seq
        found[eid] = None
        if late:
            ordered = sorted(found, key=lambda e: self._zone_of[e].seq)
            found.clear()
            found.update(dict.fromkeys(ordered))

    def _file(self, eid: int) -> None:
        where = self._zone_of[eid]
        zone, seq = where.name, where.seq
        self._add(self._zones.setdefault(zone, {}), eid, seq)
        if (owner := self._owner[eid]) is not None:
            self._add(self._owned.setdefault((zone, owner), {}), eid, seq)
        if (ctrl := self._controller[eid]) is not None:
            self._add(self._controlled.setdefault((zone, ctrl), {}), eid, seq)
        if zone == "board" and self._card[eid].kind in ("minion", "monster"):
            self._add(self._characters, eid, seq)
        if zone == "stasis":
            self._file_ready(eid)
        if BoardPos in self._components_of[eid]:
            self._place(eid)

    def _unfile(self, eid: int) -> None:
        zone = self._zone_of[eid].name
        self._zones[zone].pop(eid, None)
        if (owner := self._owner[eid]) is not None:
            self._owned[(zone, owner)].pop(eid, None)
        if (ctrl := self._controller[eid]) is not None:
            self._controlled[(zone, ctrl)].pop(eid, None)
        if zone == "board":
            self._characters.pop(eid, None)
        elif zone == "stasis":
            self._unfile_ready(eid)
        if eid in self._square_of:
            self._unplace(eid)

    def _file_ready(self, eid: int) -> None:
        ctrl = self._controller[eid]
        if ctrl is not None and self._zone_of[eid].name == "stasis" and self.stasis_counters(eid) == 0:
            self._add(self._ready.setdefault(ctrl, {}), eid, self._zone_of[eid].seq)

    def _unfile_ready(self, eid: int) -> None:
        ctrl = self._controller[eid]
        if ctrl is not None and ctrl in self._ready:
            self._ready[ctrl].pop(eid, None)

    def _place(self, eid: int) -> None:
        p = self.get(eid, BoardPos)
        if p is None:
            return
        square = (p.x, p.y)
        self._square_of[eid] = square
        zone = self._zone_of[eid].name
        if zone == "board":
            self._squares[square] = eid
            self._forget_near(square)
        elif zone == "location":
            self._locations[square] = eid

    def _unplace(self, eid: int) -> None:
        square = self._square_of.pop(eid, None)
        if square is None:
            return
        if self._squares.get(square) == eid:
            del self._squares[square]
            self._forget_near(square)
        if self._locations.get(square) == eid:
            del self._locations[square]

    def _resort(self) -> None:
        def ordered(found: dict[int, None]) -> dict[int, None]:
            return dict.fromkeys(sorted(found, key=lambda e: self._zone_of[e].seq))

        self._stale = False
        for table in (self._zones, self._owned, self._controlled, self._ready):
            for key in table:
                table[key] = ordered(table[key])  # type: ignore[index]
        self._characters = ordered(self._characters)


