"""The read side: the JSON state dump of docs/formats.md (with extra keys for the window), the dump as one player
may see it (hidden cards in no form), and a text summary."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from game.core.components import Defences, Health, Resolving, Stats
from game.core.constants import COLS, ROWS, STATUSES
from game.rules import status
from game.rules.stasis import madness_penalty
from game.rules.stats import crit_chance, movement, mv_left, power, printed_atk

if TYPE_CHECKING:
    from game.core.cards import Ability
    from game.core.table import Table


def card_view(game: Table, eid: int) -> dict[str, Any]:
    """One card as the dump shows it; a sleeper's `mv` is its MV, as Sleep leaves it (R-15)."""
    card = game.defn(eid)
    zone = game.zone(eid)
    character = game.is_character(eid)
    on_board = character and zone == "board"
    stats = game.get(eid, Stats)
    entry: dict[str, Any] = {
        "name": card.name,
        "kind": card.kind,
        "owner": game.owner(eid),
        "controller": game.controller(eid),
        "zone": zone,
        "pos": list(p) if (p := game.pos(eid)) else None,
        "tapped": game.is_tapped(eid),
        "stasis_counters": game.stasis_counters(eid),
        "stun_counters": game.stun_counters(eid),
        "status": {s: n for s, n in sorted(game.statuses(eid).items(), key=lambda kv: STATUSES.index(kv[0]))},
        "hp": None,
        "max_hp": None,
        "atk": None,
        "crt": None,
        "mv": None,
        "cubes": {color: getattr(game.cubes(eid), color) for color in status.CUBE_COLORS},
    }
    if character and stats is not None:
        health = game.component(eid, Health)
        entry.update(
            hp=health.hp if on_board else stats.max_hp,
            max_hp=stats.max_hp,
            atk=power(game, eid),
            crt=crit_chance(game, eid),
            mv=movement(game, eid) if on_board else stats.mv,
        )
    defences = game.get(eid, Defences) or Defences()
    entry.update(
        text=card.text,
        shows=list(card.shows),
        printed_atk=printed_atk(game, eid) if character else None,
        range=stats.range if stats else None,
        damage_type=stats.damage_type if stats else None,
        mv_left=mv_left(game, eid) if on_board else None,
        lost_abilities=not game.abilities_work(eid),
        evasion={t: sum(v for k, v in defences.evasion if k == t) for t in ("physical", "spirit")},
        negation=[{"type": t, "value": v} for t, v in defences.negation],
        abilities=[
            {"name": a.name, "cost": a.cost, "range": a.range, "fuse": a.fuse, "text": a.text,
             "untap_cost": a.untap_cost, "target": a.target}
            for a in card.abilities
        ],
    )
    return entry


def view(game: Table, shown: dict[str, int] | None = None) -> dict[str, Any]:
    """The whole state as docs/formats.md specifies, plus `board`, `players_order`, `last_rolls`, `seed`,
    `pending_source` (the ref of the card whose ability asks the pending choice, or null).

    `shown` limits `cards` to those refs (a player's view builds only the cards it shows).
    """
    turn = game.turn
    players = {}
    for p in game.players():
        players[p.name] = {
            "vp": p.vp,
            "stones": p.stones,
            "hand": [game.ref(e) for e in game.zone_cards("hand", p.name, by="controller")],
            "deck": [game.ref(e) for e in game.zone_cards("deck", p.name)],
            "discard": [game.ref(e) for e in game.zone_cards("discard", p.name)],
            "stasis": [game.ref(e) for e in game.zone_cards("stasis", p.name, by="controller")],
            "minion_plays": p.minion_plays,
            "action_plays": p.action_plays,
            "grants": list(p.grants),
            "madness_penalty": madness_penalty(game, p.name),
        }
    pending = None
    if game.pending:
        pending = {k: game.pending[k] for k in ("player", "prompt", "options")}
    return {
        "turn": turn.turn,
        "active": game.active().name,
        "phase": turn.phase,
        "winner": turn.winner,
        "pending": pending,
        "players": players,
        "cards": {ref: card_view(game, eid) for ref, eid in (game.refs if shown is None else shown).items()},
        "rejected": list(game.rejected),
        "log": list(game.log),
        "board": {"cols": COLS, "rows": ROWS},
        "players_order": list(game.players_order),
        "last_rolls": list(game.last_rolls),
        "seed": game.dice.seed,
        "pending_source": game.queue[0].get("source") if game.pending and game.queue else None,
    }


PUBLIC_ZONES = frozenset({"board", "location", "discard", "stasis", "removed"})
HIDDEN = "a card"
CARD_FIELDS = ("card", "target", "attacker", "source", "by", "option")


def visible_to(game: Table, eid: int, player: str | None) -> bool:
    """Whether a player may know this card: public zones, their own hand, and cards being played from a hand.

    Hidden: every deck (contents and order), the Madness pile, and other players' hands (player None: nobody's
    hand is theirs, the neutral view of a pass screen).
    """
    zone = game.zone(eid)
    if zone in PUBLIC_ZONES:
        return True
    if zone != "hand":
        return False
    return game.controller(eid) == player or game.has(eid, Resolving)


def visible_cards(game: Table, player: str | None) -> list[int]:
    """The cards `visible_to` the player, read from the zone indexes: every card of a public zone, the hand the
    player controls, and any other hand card being played."""
    public = [eid for zone in PUBLIC_ZONES for eid in game.zone_cards(zone)]
    own = game.zone_cards("hand", player, by="controller") if player is not None else []
    played = [eid for eid, _ in game.scan(Resolving) if game.zone(eid) == "hand" and game.controller(eid) != player]
    return public + own + played


def player_view(game: Table, player: str | None, *, log: bool = True) -> dict[str, Any]:
    """The dump as one player may see it: the same keys as `view`, with every hidden card in no form.

    Hidden cards are left out of `cards` and of every list; each player shows `hand_size` and `deck_size`
    instead (no `deck` list: its order and contents are hidden, even from its owner), `madness_pile` counts
    the face-down pile, and the log, `pending` and `grants` say "a card" wherever a hidden card was named
    (another player's drawn card is always "a card"). The game's seed (which fixes every shuffle) is left out,
    and so are the reasons of rejected scenario steps (they may name any card). With player None, the
    neutral view: what anyone at the table may know, every hand hidden. `log=False` leaves the log out (a
    bot deciding a move reads the table, not the history; redacting the whole log each time is the cost).
    """
    if player is not None and player not in game.players_order:
        raise KeyError(player)
    shown = {ref: eid for ref, eid in game.refs.items() if visible_to(game, eid, player)}
    say = teller(game, shown)
    full = view(game, shown)
    players = {}
    for name, entry in full["players"].items():
        hand = game.zone_cards("hand", name, by="controller")
        seen: dict[str, Any] = {}
        for key, value in entry.items():
            if key == "hand":
                seen.update(hand=[r for r in value if r in shown], hand_size=len(hand))
            elif key == "deck":
                seen["deck_size"] = len(value)
            elif key == "grants":
                seen[key] = [{k: say(v) if k == "ref" else v for k, v in g.items()} for g in value]
            else:
                seen[key] = value
        players[name] = seen
    pending = full["pending"]
    if pending is not None:
        pending = {**pending, "options": [say(o) for o in pending["options"]]}
    return {
        **{k: v for k, v in full.items() if k != "seed"},
        "pending_source": say(full["pending_source"]),
        "viewer": player,
        "pending": pending,
        "players": players,
        "rejected": [{"step": r["step"], "act": r["act"]} for r in full["rejected"]],
        "log": [redact(e, player, say) for e in full["log"]] if log else [],
        "madness_pile": len(game.zone_cards("madness")),
    }


def teller(game: Table, shown: dict[str, int]) -> Callable[[Any], Any]:
    """How a view names a value: a ref of a card not `shown` becomes "a card", anything else stays."""

    def say(value: Any) -> Any:
        return value if not isinstance(value, str) or value not in game.refs or value in shown else HIDDEN

    return say


def player_log(game: Table, player: str | None) -> list[dict[str, Any]]:
    """The log of `player_view`, alone (a determinization keeps it, and needs nothing else of the view)."""
    shown = {ref: eid for ref, eid in game.refs.items() if visible_to(game, eid, player)}
    say = teller(game, shown)
    return [redact(e, player, say) for e in game.log]


class SeenCards(Mapping[str, dict[str, Any]]):
    """The `cards` of one player's view of a live table, each entry made when first read (as `card_view` makes it).

    Only the cards the player may see are keys: reading a hidden ref raises KeyError, as it would in
    `player_view`'s dictionary. Read it while the table stands as it was (a bot deciding one action).
    """

    def __init__(self, game: Table, player: str | None) -> None:
        self.game, self.player = game, player
        self.made: dict[str, dict[str, Any]] = {}

    def __getitem__(self, ref: str) -> dict[str, Any]:
        entry = self.made.get(ref)
        if entry is None:
            eid = self.game.refs[ref]
            if not visible_to(self.game, eid, self.player):
                raise KeyError(ref)
            entry = self.made[ref] = card_view(self.game, eid)
        return entry

    def __contains__(self, ref: object) -> bool:
        eid = self.game.refs.get(ref) if isinstance(ref, str) else None
        return eid is not None and visible_to(self.game, eid, self.player)

    def __iter__(self) -> Iterator[str]:
        return iter([ref for ref, eid in self.game.refs.items() if visible_to(self.game, eid, self.player)])

    def __len__(self) -> int:
        return sum(1 for _ in self)


class TableBoard:
    """The few facts of cards the bots score by, read straight from a table for one player: the table's whole
    truth (what a search bot reads of its own determinizations, which hold nothing hidden from it)."""

    def __init__(self, game: Table, player: str) -> None:
        self.game, self.me, self.turn = game, player, game.turn.turn
        self.locations = list(game.location_squares())

    def eid(self, ref: str) -> int:
        """The entity of a card."""
        return self.game.refs[ref]

    def pos(self, ref: str) -> tuple[int, int] | None:
        return self.game.pos(self.eid(ref))

    @property
    def characters(self) -> set[tuple[int, int]]:
        """The squares characters stand on."""
        return self.game.character_squares()

    def occupied(self, square: tuple[int, int]) -> bool:
        """Whether a character stands on the square."""
        eid = self.game.at(square)
        return eid is not None and self.game.is_character(eid)

    def location_squares(self) -> list[tuple[int, int]]:
        return self.locations

    def power(self, ref: str) -> int:
        return power(self.game, self.eid(ref))

    def toughness(self, ref: str) -> int:
        """HP (printed HP off the board) plus blue cubes, as the view shows them."""
        eid = self.eid(ref)
        hp = self.game.component(eid, Health).hp if self.game.on_board(eid) \
            else self.game.component(eid, Stats).max_hp
        return hp + self.game.cubes(eid).blue

    def kind(self, ref: str) -> str:
        return self.game.kind(self.eid(ref))

    def is_enemy(self, ref: str) -> bool:
        return self.game.is_enemy(self.me, self.eid(ref))

    def has_status(self, ref: str, status: str) -> bool:
        return self.game.has_status(self.eid(ref), status)

    def ability(self, ref: str, name: str) -> Ability:
        return next(a for a in self.game.defn(self.eid(ref)).abilities if a.name == name)


class SeenTable(TableBoard):
    """One player's view of a live table, read on demand (what a bot scoring a few actions reads instead of the
    whole view): the visible cards' entries (`cards`) and the same facts as `TableBoard`, each the one
    `player_view` would show; asking about a hidden card raises KeyError."""

    def __init__(self, game: Table, player: str) -> None:
        if player not in game.players_order:
            raise KeyError(player)
        super().__init__(game, player)
        self.cards = SeenCards(game, player)
        self.seen: dict[str, int] = {}

    def eid(self, ref: str) -> int:
        """The entity of a card the player may see (each ref's answer kept: the table stands still meanwhile)."""
        eid = self.seen.get(ref)
        if eid is None:
            eid = super().eid(ref)
            if not visible_to(self.game, eid, self.me):
                raise KeyError(ref)
            self.seen[ref] = eid
        return eid


def redact(entry: dict[str, Any], player: str | None, say: Any) -> dict[str, Any]:
    """One log event as a player may read it: hidden cards become "a card", and the seed is left out."""
    kind = entry["type"]
    if kind == "GameStarted":
        return {k: v for k, v in entry.items() if k != "seed"}
    if kind == "CardDrawn" and entry.get("player") != player:
        return {**entry, "card": HIDDEN}
    out = {k: say(v) if k in CARD_FIELDS else v for k, v in entry.items()}
    if kind == "ChoicePending":
        out["options"] = [say(o) for o in entry["options"]]
    if kind == "AbilityUsed" and "paid" in entry:
        out["paid"] = [say(r) for r in entry["paid"]]
    if kind == "ExtraPlayGranted":
        out["grant"] = {k: say(v) if k == "ref" else v for k, v in entry["grant"].items()}
    return out


def summary(game: Table) -> str:
    """A short, readable account of the board, the players and the rejected actions."""
    v = view(game)
    ended = next((e for e in reversed(game.log) if e["type"] == "GameOver"), {}) if v["phase"] == "over" else {}
    lines = [f"Turn {v['turn']}: {v['active']} to act, {v['phase']} phase"
             + (f"; winner: {v['winner']}" if v["winner"] else "")
             + (f"; {ended['reason']}" if ended.get("reason") else "")]
    if v["pending"]:
        lines.append(f"Waiting for {v['pending']['player']}: {v['pending']['prompt']} "
                     f"(options: {', '.join(map(str, v['pending']['options']))})")
    for name, p in v["players"].items():
        lines.append(f"{name}: {p['vp']} VP, {p['stones']} stones, hand {len(p['hand'])}, "
                     f"deck {len(p['deck'])}, discard {len(p['discard'])}")
        for ref in p["stasis"]:
            lines.append(f"  in stasis: {v['cards'][ref]['name']} [{ref}] "
                         f"({v['cards'][ref]['stasis_counters']} stasis counters)")
    lines.append("Board:")
    for ref, card in v["cards"].items():
        if card["zone"] not in ("board", "location"):
            continue
        lines.append("  " + describe(ref, card))
    for r in v["rejected"]:
        lines.append(f"Rejected step {r['step']} ({r['act']}): {r['reason']}")
    return "\n".join(lines)


def describe(ref: str, card: dict[str, Any]) -> str:
    """One line for a card on the table."""
    where = f"[{card['pos'][0]}, {card['pos'][1]}]" if card["pos"] else "(in front of its controller)"
    text = f"{where} {card['name']} [{ref}]"
    if card["controller"]:
        text += f" of {card['controller']}"
    if card["hp"] is not None:
        text += f" ATK {card['atk']} HP {card['hp']}/{card['max_hp']}"
    if card["tapped"]:
        text += " tapped"
    if card["stun_counters"]:
        text += f", {card['stun_counters']} stun counters"
    if card["status"]:
        text += ", status " + " ".join(f"{s}{'x' + str(n) if n > 1 else ''}" for s, n in card["status"].items())
    cubes = {k: n for k, n in card["cubes"].items() if n}
    if cubes:
        text += ", cubes " + " ".join(f"{n} {k}" for k, n in cubes.items())
    return text
