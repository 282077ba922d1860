"""The game: one esper world per game, its queries, zone moves, events, dice and the turn loop."""

from __future__ import annotations

import itertools
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import esper

from game import components as c
from game.cards import CardDef, card_pool
from game.dice import Dice
from game.events import event

COLS, ROWS = 7, 5
STANDARD_LOCATIONS = ((1, 2), (3, 2), (5, 2))
HAND_LIMIT = 10
STATUSES = ("Blind", "Break", "Burn", "Cripple", "Freeze", "Poison", "Shear", "Silence", "Sleep", "Stun", "Upkeep")
PHASES = ("start", "untap", "main", "end", "over")

_world_ids = itertools.count(1)

UntapReplacement = Callable[["Game", int], bool]
T = TypeVar("T")


def ensure(eid: int, kind: type[T]) -> T:
    """The entity's component of this type, added blank on first use (for counters, stacks, usage)."""
    found = esper.try_component(eid, kind)
    if found is None:
        found = kind()
        esper.add_component(eid, found)
    return found


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


class Game:
    """One game of Countertop, living in its own esper world; every public entry switches to it."""

    def __init__(self, players: list[str], seed: int = 0, pool: dict[str, CardDef] | None = None) -> None:
        self.world = f"countertop-{next(_world_ids)}"
        self.pool = pool if pool is not None else card_pool()
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
        weakref.finalize(self, _drop_world, self.world)
        self.enter()
        esper.clear_database()
        self.turn_entity = esper.create_entity(c.TurnState())
        self.seated = [c.Player(name=name, seat=seat) for seat, name in enumerate(players)]
        for player in self.seated:
            esper.create_entity(player)
        from systems.schedule import install

        install(self)

    # ----- world -------------------------------------------------------------------------------------------

    def enter(self) -> None:
        """Make this game's world the current esper world."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    def close(self) -> None:
        """Delete this game's world now (simulations make many games)."""
        _drop_world(self.world)

    # ----- players and turn --------------------------------------------------------------------------------

    @property
    def turn(self) -> c.TurnState:
        """The turn-state component."""
        return esper.component_for_entity(self.turn_entity, c.TurnState)

    def players(self) -> list[c.Player]:
        """Players in seat order."""
        return list(self.seated)

    def player(self, name: str) -> c.Player:
        """A player by name."""
        for p in self.seated:
            if p.name == name:
                return p
        raise KeyError(name)

    def active(self) -> c.Player:
        """The player whose turn it is."""
        return self.seated[self.turn.active]

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
        if ref in self.refs:
            raise ValueError(f"a card with ref {ref!r} already exists")
        card = self.pool[name]
        comps: list[Any] = [c.Card(ref, name, card.kind), c.Zone(zone, self.new_seq())]
        if owner is not None:
            comps += [c.Owner(owner), c.Controller(controller or owner)]
        if card.is_character:
            assert card.hp is not None and card.atk is not None
            comps += [
                c.Stats(card.hp, card.atk, card.crt, card.mv, card.range, card.damage_type),
                c.Health(card.hp),
            ]
        eid = esper.create_entity(*comps)
        self.refs[ref] = eid
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
        return esper.component_for_entity(eid, c.Card).ref

    def defn(self, eid: int) -> CardDef:
        """The printed card of an entity."""
        return self.pool[esper.component_for_entity(eid, c.Card).name]

    def name(self, eid: int) -> str:
        """The card name of an entity."""
        return esper.component_for_entity(eid, c.Card).name

    def kind(self, eid: int) -> str:
        """The card kind of an entity."""
        return esper.component_for_entity(eid, c.Card).kind

    def zone(self, eid: int) -> str:
        """The zone an entity is in."""
        return esper.component_for_entity(eid, c.Zone).name

    def owner(self, eid: int) -> str | None:
        """The owner, or None for ownerless cards."""
        o = esper.try_component(eid, c.Owner)
        return o.player if o else None

    def controller(self, eid: int) -> str | None:
        """The controller, or None for ownerless cards."""
        o = esper.try_component(eid, c.Controller)
        return o.player if o else None

    def cards(self) -> Iterator[int]:
        """Every card entity, in the order refs were made."""
        return iter(list(self.refs.values()))

    def zone_cards(self, zone: str, player: str | None = None, *, by: str = "owner") -> list[int]:
        """The cards of a zone (of one player, by owner or controller), in arrival order."""
        found = []
        for eid, z in esper.get_component(c.Zone):
            if z.name != zone:
                continue
            if player is not None:
                who = self.owner(eid) if by == "owner" else self.controller(eid)
                if who != player:
                    continue
            found.append((z.seq, eid))
        return [eid for _, eid in sorted(found)]

    def arrival(self, eid: int) -> int:
        """When the card arrived in its zone (for cards in play: their age, oldest first, G-3)."""
        return esper.component_for_entity(eid, c.Zone).seq

    def is_character(self, eid: int) -> bool:
        """Minions and monsters are characters."""
        return self.kind(eid) in ("minion", "monster")

    def on_board(self, eid: int) -> bool:
        """On the board (characters, relics, treasures in play); not location cards."""
        return self.zone(eid) == "board"

    def in_stasis(self, eid: int) -> bool:
        """In stasis (ST-5)."""
        return self.zone(eid) == "stasis"

    def in_play(self, eid: int) -> bool:
        """In play: on the board or in stasis (ST-5, ST-8)."""
        return self.zone(eid) in ("board", "stasis")

    def characters(self) -> list[int]:
        """Characters on the board, oldest first."""
        return [e for e in self.zone_cards("board") if self.is_character(e)]

    def pos(self, eid: int) -> tuple[int, int] | None:
        """The square of an entity, if it has one."""
        p = esper.try_component(eid, c.BoardPos)
        return (p.x, p.y) if p else None

    def at(self, square: tuple[int, int]) -> int | None:
        """The character on a square."""
        for eid, p in esper.get_component(c.BoardPos):
            if (p.x, p.y) == square and self.zone(eid) == "board":
                return eid
        return None

    def location_squares(self) -> dict[tuple[int, int], int]:
        """Location squares and their location cards."""
        found = {}
        for eid in self.zone_cards("location"):
            p = self.pos(eid)
            if p is not None:
                found[p] = eid
        return found

    def home_squares(self, player: str) -> list[tuple[int, int]]:
        """A player's home squares (G-1)."""
        seat = self.player(player).seat
        if seat == 0:
            return [(x, 0) for x in range(COLS)]
        if seat == 1:
            return [(x, ROWS - 1) for x in range(COLS)]
        col = 0 if seat == 2 else COLS - 1
        return [(col, y) for y in (1, 2, 3)]

    def is_enemy(self, player: str, eid: int) -> bool:
        """An enemy of a player: controlled by another player, or a monster (G-5)."""
        ctrl = self.controller(eid)
        return ctrl != player if ctrl is not None else self.kind(eid) == "monster"

    def tick_controller(self, eid: int) -> str:
        """Whose turn makes this character's statuses tick: its controller, a monster's the first player."""
        return self.controller(eid) or self.players_order[0]

    @staticmethod
    def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
        """Orthogonal steps between two squares."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def is_tapped(self, eid: int) -> bool:
        """Whether a permanent is tapped."""
        return esper.has_component(eid, c.Tapped)

    def stasis_counters(self, eid: int) -> int:
        """Stasis counters on a card (0 when none)."""
        s = esper.try_component(eid, c.StasisCounters)
        return s.n if s else 0

    def stun_counters(self, eid: int) -> int:
        """Stun counters on a permanent (0 when none)."""
        s = esper.try_component(eid, c.StunCounters)
        return s.n if s else 0

    def statuses(self, eid: int) -> dict[str, int]:
        """Statuses on a character and their stacks."""
        s = esper.try_component(eid, c.StatusStack)
        return dict(s.stacks) if s else {}

    def has_status(self, eid: int, status: str) -> bool:
        """Whether a character carries a status."""
        s = esper.try_component(eid, c.StatusStack)
        return bool(s and s.stacks.get(status))

    def cubes(self, eid: int) -> c.Cubes:
        """A character's cubes (a blank set when none)."""
        return esper.try_component(eid, c.Cubes) or c.Cubes()

    def abilities_work(self, eid: int) -> bool:
        """False while the card has lost all its abilities."""
        return not esper.has_component(eid, c.AbilitiesLost)

    # ----- events, dice, stones ----------------------------------------------------------------------------

    def emit(self, event_type: str, /, **fields: Any) -> None:
        """Append an event to the log and queue the triggered abilities that listen to it."""
        entry = event(event_type, **fields)
        self.log.append(entry)
        from game.triggers import dispatch

        dispatch(self, entry)

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

    BOARD_STATE = (
        c.BoardPos, c.Tapped, c.StatusStack, c.Cubes, c.StunCounters, c.Defences,
        c.TurnUsage, c.AbilitiesLost, c.CopiedPower, c.OncePerTurn,
    )

    def clear_board_state(self, eid: int) -> None:
        """Forget everything a card had only while on the board (ST-3's Ruling)."""
        for comp in self.BOARD_STATE:
            esper.try_remove_component(eid, comp)
        stats = esper.try_component(eid, c.Stats)
        if stats is not None:
            esper.component_for_entity(eid, c.Health).hp = stats.max_hp

    def put(self, eid: int, zone: str) -> None:
        """Move a card to a zone, arriving last (a deck's last card is its bottom)."""
        if zone not in ("board", "location"):
            self.clear_board_state(eid)
        esper.try_remove_component(eid, c.StasisCounters)
        esper.try_remove_component(eid, c.Resolving)
        z = esper.component_for_entity(eid, c.Zone)
        z.name = zone
        z.seq = self.new_seq()

    def discard(self, eid: int, reason: str) -> None:
        """Put a card into its owner's discard pile (an ownerless card is removed from the game)."""
        owner = self.owner(eid)
        if owner is None:
            self.put(eid, "removed")
            self.emit("CardMoved", card=self.ref(eid), zone="removed", reason=reason)
            return
        ctrl = esper.component_for_entity(eid, c.Controller)
        ctrl.player = owner
        self.put(eid, "discard")
        self.emit("CardDiscarded", card=self.ref(eid), player=owner, reason=reason)

    def draw(self, player: str, n: int = 1) -> list[int]:
        """Draw n cards; an empty deck takes in the shuffled discard pile first (G-7).

        The deck is read once and drawn from the top down; it is read again only when that list runs out
        (cards put in a deck arrive at the bottom), so a whole large deck is drawn in one pass.
        """
        drawn: list[int] = []
        deck: deque[int] = deque()
        while len(drawn) < n:
            while deck and not self.in_deck_of(deck[0], player):
                deck.popleft()
            if not deck:
                deck = deque(self.zone_cards("deck", player))
            if not deck:
                pile = self.zone_cards("discard", player)
                if not pile:
                    break
                self.dice.shuffle(pile)
                for eid in pile:
                    self.put(eid, "deck")
                self.emit("DeckShuffled", player=player, cards=len(pile))
                deck = deque(pile)
            top = deck.popleft()
            self.put(top, "hand")
            self.emit("CardDrawn", player=player, card=self.ref(top))
            drawn.append(top)
        return drawn

    def in_deck_of(self, eid: int, player: str) -> bool:
        """Whether a card is still in this player's deck."""
        return self.zone(eid) == "deck" and self.owner(eid) == player

    # ----- tapping (SC-2's replacement hook lives in the untap path) ---------------------------------------

    def tap(self, eid: int) -> None:
        """Tap a permanent."""
        if not self.is_tapped(eid):
            esper.add_component(eid, c.Tapped())
            self.emit("Tapped", card=self.ref(eid))

    def untap(self, eid: int, cause: str) -> str:
        """Try to untap a permanent: 'untapped', 'replaced' (a replacement effect acted) or 'noop'."""
        if not self.is_tapped(eid):
            return "noop"
        for replacement in self.untap_replacements:
            if replacement(self, eid):
                return "replaced"
        esper.remove_component(eid, c.Tapped)
        self.emit("Untapped", card=self.ref(eid), cause=cause)
        return "untapped"

    # ----- the turn loop -----------------------------------------------------------------------------------

    def set_phase(self, phase: str) -> None:
        """Enter a phase of the turn."""
        t = self.turn
        t.phase = phase
        t.done = set()
        self.emit("PhaseChanged", phase=phase, turn=t.turn, player=self.active().name)

    def advance(self) -> None:
        """Run the systems and the effect queue until a player must act (main phase or a choice)."""
        from game.effects import resolve_queue

        self.enter()
        while not self.pending and self.turn.phase != "over":
            if self.queue:
                resolve_queue(self)
                continue
            if self.turn.phase == "main":
                break
            esper.process()

    def tick(self) -> None:
        """One frame: run every system once (nothing happens while a player is to act)."""
        self.enter()
        esper.process()

    # ----- commands and views ------------------------------------------------------------------------------

    def act(self, action: dict[str, Any]) -> Outcome:
        """Apply one player action (a scenario `[[do]]` table); a rejection changes nothing."""
        from game.commands import apply_action

        self.enter()
        return apply_action(self, action)

    def check(self, action: dict[str, Any]) -> Outcome:
        """Whether an action would be accepted, without applying it."""
        from game.commands import check_action

        self.enter()
        return check_action(self, action)

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action the acting player may take now."""
        from game.legal import legal_actions

        self.enter()
        return legal_actions(self)

    def view(self) -> dict[str, Any]:
        """The JSON state dump of DESIGN §4, plus extra keys for the window."""
        from game.view import view

        self.enter()
        return view(self)

    def to_state(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (saves, undo, replays)."""
        from game.serialize import dump_state

        self.enter()
        return dump_state(self)

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game from `to_state` output."""
        from game.serialize import load_state

        return load_state(data)

    def save(self, path: str, ui: dict[str, Any] | None = None) -> None:
        """Write a save file atomically (DESIGN §5), with the window's optional `ui` object."""
        from game.serialize import save_game

        save_game(self, path, ui)

    @classmethod
    def load(cls, path: str) -> Game:
        """Read a save file, refusing a bad one with a clear message."""
        from game.serialize import load_game

        return load_game(path)

    @classmethod
    def from_scenario(cls, path: str) -> Game:
        """Set up and run a scenario file to its end."""
        from game.scenario import run_scenario_file

        return run_scenario_file(path)

    @classmethod
    def new(cls, players: list[str], decks: Sequence[str | None] | None = None, seed: int = 0) -> Game:
        """A standard game (G-1): shuffled decks, opening hands, locations, the Madness pile, a monster."""
        from game.setup import new_game

        return new_game(players, decks, seed)
