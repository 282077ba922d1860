"""The invariants of a game state, checked on save data: a save must pass them before a game is built from it,
and `sim --check` holds its games to them (G-1, G-3, ST-1, ST-5, SC-1, SE-14).

Each check reads the plain data of `Game.to_state()` (docs/formats.md), so it needs no game and trusts no
component: `state_problems` returns every broken invariant as (where, what), in file order.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import CardDef
from game.core.constants import CHARACTER_KINDS, COLS, PHASES, PLAYER_ZONES, ROWS, STATUSES, ZONES
from game.core.opspecs import INTERNAL_FIELDS, SCENARIO_INTERNAL_FIELDS
from game.io.setup import name_problem
from game.rules.effects import OPS
from game.rules.status import MAX_STACKS

OWNERLESS_KINDS = ("monster", "treasure", "location")
TARGET_KINDS = ("choose", "each", "ref", "player", "this", "target", "you", "others")
PENDING_KINDS = ("target", "may", "op")
GAME_SET_FIELDS = (*INTERNAL_FIELDS, *SCENARIO_INTERNAL_FIELDS, "steps", "source")
"""Fields of a queued effect that the game itself sets while it resolves (the source is checked above)."""

Found = list[tuple[str, str]]


def state_problems(state: dict[str, Any], pool: dict[str, CardDef]) -> Found:
    """Every broken invariant of a schema-valid state, as (where, what) pairs."""
    found: Found = []
    players = list(state["players_order"])
    why = name_problem(players)
    if why:
        found.append(("players_order", why))
    seats = [(p["name"], p["seat"]) for p in state["players"]]
    if seats != [(name, seat) for seat, name in enumerate(players)]:
        found.append(("players", "must list the players of players_order, in seat order"))
    turn = state["turn"]
    if not 0 <= turn["active"] < len(players):
        found.append(("turn.active", f"seat {turn['active']} is not one of the {len(players)} seats"))
    if turn["phase"] not in PHASES:
        found.append(("turn.phase", f"unknown phase {turn['phase']!r}"))
    for i, p in enumerate(state["players"]):
        if p["vp"] < 0 and turn["phase"] != "over":
            found.append((f"players[{i}].vp", f"{p['vp']} VP: only the game-end Madness penalty (ST-18) goes below 0"))
    winners = turn["winner"] if isinstance(turn["winner"], list) else [turn["winner"]]
    if any(w is not None and w not in players for w in winners):
        found.append(("turn.winner", f"{turn['winner']!r} is not a player"))
    refs = card_problems(state["cards"], players, pool, found)
    found.extend(queue_problems(state, players, refs))
    return found


def card_problems(cards: list[dict[str, Any]], players: list[str], pool: dict[str, CardDef], found: Found) -> set[str]:
    """Invariants of each card and between cards; returns the refs in the game."""
    refs: set[str] = set()
    squares: set[tuple[int, int]] = set()
    locations: set[tuple[int, int]] = set()
    for i, card in enumerate(cards):
        ref = card["ref"]
        wrong: list[str] = []
        if ref in refs:
            wrong.append(f"ref {ref!r} is used twice: a card would be lost")
        refs.add(ref)
        defn = pool.get(card["name"])
        if defn is None:
            wrong.append(f"unknown card {card['name']!r}")
        else:
            wrong += one_card(card, defn, players)
            pos = card.get("pos")
            if pos is not None:
                square = (pos[0], pos[1])
                taken = locations if card["zone"] == "location" else squares
                if card["zone"] in ("board", "location") and square in taken:
                    wrong.append(f"two cards share square {list(square)}")
                taken.add(square)
        if wrong:
            where = f"cards[{i}] ({ref!r})"
            found.extend((where, what) for what in wrong)
    return refs


def one_card(card: dict[str, Any], defn: CardDef, players: list[str]) -> list[str]:
    """What is wrong with one card on its own (ST-1: stasis counters only in stasis; SC-1; SE-14)."""
    nulls = [key for key, value in card.items() if value is None and key not in ("owner", "controller")]
    if nulls:
        return [f"{nulls[0]!r} is null: a card without it leaves the key out"]
    found = []
    zone, owner, controller = card["zone"], card["owner"], card["controller"]
    if zone not in ZONES:
        found.append(f"unknown zone {zone!r}")
    ownerless = defn.kind in OWNERLESS_KINDS or (defn.kind == "madness" and zone in ("madness", "removed"))
    if ownerless and (owner is not None or controller is not None):
        found.append(f"a {defn.kind} in zone {zone!r} belongs to nobody")
    if not ownerless and (owner not in players or controller not in players):
        found.append(f"owner {owner!r} and controller {controller!r} must both be players")
    if owner is None and zone in PLAYER_ZONES:
        found.append(f"an ownerless {defn.kind} can't be in a player's {zone}")
    if zone in ("deck", "discard", "stasis", "hand") and owner != controller and zone != "hand":
        found.append(f"a card in a {zone} is controlled by its owner")
    if ("stasis" in card) != (zone == "stasis"):
        found.append("stasis counters go with zone 'stasis' and only with it (ST-1)")
    needs_square = zone == "location" or (zone == "board" and defn.kind in CHARACTER_KINDS)
    pos = card.get("pos")
    if needs_square != (pos is not None):
        found.append(f"a {defn.kind} in zone {zone!r} {'needs' if needs_square else 'has no'} square")
    if pos is not None and not (0 <= pos[0] < COLS and 0 <= pos[1] < ROWS):
        found.append(f"square {list(pos)} is off the {COLS}x{ROWS} board")
    if not (defn.kind in CHARACTER_KINDS) == ("stats" in card) == ("hp" in card):
        found.append("stats and hp go with characters, and only with them")
    elif "hp" in card and zone == "board" and card["hp"] <= 0:
        found.append(f"{card['ref']} is on the board with {card['hp']} HP")
    elif "hp" in card and not 1 <= card["hp"] <= card["stats"][0]:
        found.append(f"{card['ref']} has {card['hp']} HP; a character has 1 to its max HP {card['stats'][0]}")
    status = card.get("status")
    if status is not None:
        for name, n in status["stacks"].items():
            if name not in STATUSES:
                found.append(f"unknown status {name!r}")
            elif not 1 <= n <= MAX_STACKS[name]:
                found.append(f"{card['ref']} has {n} stacks of {name}")
    board_only = ("stun", "status", "cubes", "defences", "moved", "copied", "once_used")
    if zone not in ("board", "location") and any(k in card for k in board_only):
        found.append(f"counters, statuses and cubes stay on the board; this card is in {zone!r} (SC-1)")
    return found


def queue_problems(state: dict[str, Any], players: list[str], refs: set[str]) -> Found:
    """The effect queue and the pending choice: known ops, players and refs; a choice waits on an item."""
    found: Found = []
    for i, item in enumerate(state["queue"]):
        where = f"queue[{i}]"
        op = item.get("op")
        if not isinstance(op, str) or op not in OPS:
            found.append((where, f"unknown op {op!r}"))
            continue
        if item.get("player") not in players:
            found.append((where, f"player {item.get('player')!r} is not a player"))
        for key in ("source", "chosen"):
            if item.get(key) is not None and item[key] not in refs:
                found.append((where, f"{key} {item[key]!r} is not a card of the game"))
        target = item.get("target", "this")
        if not isinstance(target, str) or target.partition(":")[0] not in TARGET_KINDS:
            found.append((where, f"bad target {target!r}"))
        problem = OPS[op].check_fields({k: v for k, v in item.items() if k not in GAME_SET_FIELDS})
        if problem:
            found.append((where, problem))
        elif op == "choose_mode" and not modes_ok(item["modes"], OPS):
            found.append((where, "each mode needs a 'label' string and 'effects', a list of known ops"))
    pending = state["pending"]
    if pending is not None:
        queue = state["queue"]
        if not queue:
            found.append(("pending", "a choice waits, but no effect is waiting for it"))
        elif pending["player"] != queue[0].get("player"):
            found.append(("pending", f"the choice is {pending['player']!r}'s but the effect is another player's"))
        missing = [o for o in pending["options"] if o != "no" and o not in refs]
        if pending["kind"] == "target" and missing:
            found.append(("pending.options", f"{missing[0]!r} is not a card of the game"))
        if pending["kind"] not in PENDING_KINDS:
            found.append(("pending.kind", f"unknown kind {pending['kind']!r}"))
        if state["turn"]["phase"] == "over":
            found.append(("pending", "a choice waits in a game that is over"))
    return found


def modes_ok(modes: list[Any], ops: dict[str, Any]) -> bool:
    """Whether choose_mode's modes are tables with a label and a list of effects of known ops."""
    return all(isinstance(m, dict) and isinstance(m.get("label"), str) and isinstance(m.get("effects"), list)
               and all(isinstance(e, dict) and isinstance(e.get("op"), str) and e["op"] in ops for e in m["effects"])
               for m in modes)
