"""The invariants of a game state, checked on save data: a save must pass them before a game is built from it,
and `sim --check` holds its games to them (G-1, G-3, ST-1, ST-5, SC-1, SE-14).

Each check reads the plain data of `Game.to_state()` (docs/formats.md), so it needs no game and trusts no
component: `state_problems` returns every broken invariant as (where, what), in file order.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import CardDef
from game.core.constants import CHARACTER_KINDS, COLS, PHASES, PLAYER_ZONES, ROWS, STATUSES, ZONES
from game.core.opspecs import (
    INTERNAL_FIELDS,
    MAX_COUNT,
    PLAYER_TARGETS,
    SCENARIO_INTERNAL_FIELDS,
    STASIS_FILTERS,
    STASIS_OPS,
    TARGET_FILTERS,
)
from game.io.setup import name_problem
from game.rules.effects import OPS
from game.rules.status import MAX_STACKS

OWNERLESS_KINDS = ("monster", "treasure", "location")
TARGET_KINDS = ("choose", "each", "ref", "player", "this", "target", "you", "others")
PENDING_KINDS = ("target", "may", "op")
WAITING_PHASES = ("start", "untap", "end")
"""Phases the game runs through on its own: a table stands in one only while a choice waits (G-3)."""
BOARD_FLAGS = ("tapped", "lost_abilities")
"""Markers a card has only while on the board (they go when it leaves, ST-3's Ruling)."""
OFF_BOARD_FILTERS = ("hand_yours", *STASIS_FILTERS)
"""Filters that pick cards off the board."""
LOG_LISTS = {"ChoicePending": "options", "AbilityUsed": "paid"}
"""Events whose field is a list the player views read item by item."""
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
    if turn["winner"] is not None and turn["phase"] != "over":
        found.append(("turn.winner", "only a game that is over has a winner"))
    if turn["phase"] in WAITING_PHASES and state["pending"] is None:
        found.append(("turn.phase", f"a table stands in the {turn['phase']} phase only while a choice waits "
                                    "(the game runs the rest of it on its own)"))
    refs = card_problems(state["cards"], players, pool, found)
    found.extend(queue_problems(state, players, refs))
    found.extend(log_problems(state["log"]))
    return found


def log_problems(log: list[dict[str, Any]]) -> Found:
    """Events the player views read field by field have those fields, of the right type."""
    found: Found = []
    for i, entry in enumerate(log):
        key = LOG_LISTS.get(entry["type"])
        if key is not None and (key in entry or key == "options") and not plain_list(entry.get(key)):
            found.append((f"log[{i}]", f"a {entry['type']} event needs {key!r}, a list of texts and numbers"))
        elif entry["type"] == "ExtraPlayGranted" and not isinstance(entry.get("grant"), dict):
            found.append((f"log[{i}]", "an ExtraPlayGranted event needs 'grant', a table"))
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
    flags = [f for f in card.get("flags", []) if f in BOARD_FLAGS]
    if zone not in ("board", "location") and flags:
        found.append(f"{flags[0]!r} marks a card on the board only; this card is in {zone!r}")
    return found


def queue_problems(state: dict[str, Any], players: list[str], refs: set[str]) -> Found:
    """The effect queue and the pending choice: each item held to its op's fields (game.core.opspecs, as card
    effects are), its target to what the op affects; a choice waits on an item and offers what it can take."""
    found: Found = []
    names = {card["ref"]: card["name"] for card in state["cards"]}
    zones = {card["ref"]: card["zone"] for card in state["cards"]}
    for i, item in enumerate(state["queue"]):
        found.extend((f"queue[{i}]", what) for what in item_problems(item, players, refs, names, zones))
    pending = state["pending"]
    if pending is not None:
        found.extend(pending_problems(state, pending, players, refs))
    return found


def item_problems(item: dict[str, Any], players: list[str], refs: set[str], names: dict[str, str],
                  zones: dict[str, str]) -> list[str]:
    """What is wrong with one queued effect item (names and zones: by ref, for return_to_madness and ST-12)."""
    op = item.get("op")
    if not isinstance(op, str) or op not in OPS:
        return [f"unknown op {op!r}"]
    found = []
    if item.get("player") not in players:
        found.append(f"player {item.get('player')!r} is not a player")
    for key in ("source", "chosen"):
        value = item.get(key)
        if value is not None and (not isinstance(value, str) or value not in refs):
            found.append(f"{key} {value!r} is not a card of the game")
    target = item.get("target", "this")
    why = target_problem(op, target, players, refs) if isinstance(target, str) else f"bad target {target!r}"
    if why:
        found.append(why)
    elif op == "return_to_madness" and names.get(str(named_card(item, target))) != "Madness":
        card = named_card(item, target)
        found.append(f"return_to_madness: {names[card] if card in names else repr(target)} is not a Madness card")
    elif OPS[op].target == "card" and op not in STASIS_OPS and reaches_stasis(target, zones):
        found.append(f"op {op!r} can't reach a card in stasis (ST-12): its target can't be {target!r}")
    elif OPS[op].target == "card" and OPS[op].board_only and off_board(item, target, zones):
        found.append(f"op {op!r} acts on a card on the board: its target can't be {target!r}"
                     + (f" ({named_card(item, target)!r} is in {zones[str(named_card(item, target))]!r})"
                        if str(named_card(item, target)) in zones else ""))
    if "answer" in item:
        found.append("an answer is used as soon as it is given: a waiting effect has none")
    problem = OPS[op].check_fields({k: v for k, v in item.items() if k not in GAME_SET_FIELDS})
    if problem:
        found.append(problem)
    elif op == "choose_mode" and not modes_ok(item["modes"], OPS):
        found.append("each mode needs a 'label' string and 'effects', a list of known ops")
    elif op == "choose_mode":
        inherited = {key: item.get(key) for key in ("source", "player", "chosen")}
        for mode in item["modes"]:
            for effect in mode["effects"]:
                found += [f"mode {mode['label']!r}: {why}"
                          for why in item_problems({**effect, **inherited}, players, refs, names, zones)]
    return found


def off_board(item: dict[str, Any], target: str, zones: dict[str, str]) -> bool:
    """Whether a target names a card off the board, or a filter that picks cards off it (a hand, stasis)."""
    kind, _, rest = target.partition(":")
    if kind in ("choose", "each"):
        return rest in OFF_BOARD_FILTERS
    card = named_card(item, target)
    return card in zones and zones[card] not in ("board", "location")


def named_card(item: dict[str, Any], target: str) -> str | None:
    """The ref of the one card a target names (this, target, ref:REF), or None for a filter or a player."""
    card = item.get("source") if target == "this" else item.get("chosen") if target == "target" else \
        target[len("ref:"):] if target.startswith("ref:") else None
    return card if isinstance(card, str) else None


def target_problem(op: str, target: str, players: list[str], refs: set[str]) -> str | None:
    """Whether a queued item's target is one the game resolves and the op can affect: a player op takes you,
    others or player:NAME; a card op this, target, ref:REF, choose:FILTER or each:FILTER."""
    kind, colon, rest = target.partition(":")
    on_player = OPS[op].target == "player"
    if kind not in TARGET_KINDS or bool(colon) != (kind in ("choose", "each", "ref", "player")):
        return f"bad target {target!r}"
    if kind in ("choose", "each") and rest not in TARGET_FILTERS:
        return f"unknown target filter {rest!r}"
    if kind == "ref" and rest not in refs:
        return f"target {target!r}: {rest!r} is not a card of the game"
    if kind == "player" and rest not in players:
        return f"target {target!r}: {rest!r} is not a player"
    if on_player != (kind == "player" or target in PLAYER_TARGETS):
        return f"op {op!r} affects {'a player' if on_player else 'a card'}: its target can't be {target!r}"
    return None


def reaches_stasis(target: str, zones: dict[str, str]) -> bool:
    """Whether a target names a card in stasis, or a filter that picks cards in stasis (ST-8)."""
    kind, _, rest = target.partition(":")
    if kind == "ref":
        return zones.get(rest) == "stasis"
    return kind in ("choose", "each") and rest in STASIS_FILTERS


def pending_problems(state: dict[str, Any], pending: dict[str, Any], players: list[str], refs: set[str]) -> Found:
    """A choice waits on the first queued item, for its player, and offers only answers that item can take."""
    found: Found = []
    queue = state["queue"]
    options = pending["options"]
    if not queue:
        found.append(("pending", "a choice waits, but no effect is waiting for it"))
    elif pending["player"] != queue[0].get("player"):
        found.append(("pending", f"the choice is {pending['player']!r}'s but the effect is another player's"))
    if pending["kind"] not in PENDING_KINDS:
        found.append(("pending.kind", f"unknown kind {pending['kind']!r}"))
    if state["turn"]["phase"] == "over":
        found.append(("pending", "a choice waits in a game that is over"))
    odd = [o for o in options if not plain(o)]
    if odd:
        found.append(("pending.options", f"{odd[0]!r} is not a text or a number"))
    elif queue and pending["kind"] in PENDING_KINDS:
        allowed = answers(state, pending, queue[0], refs)
        wrong = [o for o in options if not any(type(o) is type(a) and o == a for a in allowed)]
        gone = pending["kind"] == "target" or (pending["kind"] == "op" and queue[0].get("op") == "discard_to_limit")
        if wrong and gone and wrong[0] not in refs:
            found.append(("pending.options", f"{wrong[0]!r} is not a card of the game"))
        elif wrong:
            found.append(("pending.options", f"{wrong[0]!r} is not an answer this choice can take"))
    return found


def answers(state: dict[str, Any], pending: dict[str, Any], item: dict[str, Any], refs: set[str]) -> list[Any]:
    """Every answer the first queued item can take for a choice of this kind (game.rules.effects asks them)."""
    if pending["kind"] == "may":
        return ["yes", "no"]
    if pending["kind"] == "target":
        return [*refs, "no"]
    op = item.get("op")
    if op == "remove_stasis":
        return list(range(MAX_COUNT + 1))
    if op == "remove_status":
        return list(STATUSES)
    if op == "choose_mode" and isinstance(item.get("modes"), list):
        return [m.get("label") for m in item["modes"] if isinstance(m, dict)]
    if op == "discard_to_limit":
        target = str(item.get("target", ""))
        whose = target[len("player:"):] if target.startswith("player:") else pending["player"]
        return [c["ref"] for c in state["cards"] if c["zone"] == "hand" and c["owner"] == whose]
    return []


def plain(value: Any) -> bool:
    """A text or a whole number (not a truth value): what an option, an answer or a ref may be."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def plain_list(value: Any) -> bool:
    """A list of texts and whole numbers."""
    return isinstance(value, list) and all(plain(v) for v in value)


def modes_ok(modes: list[Any], ops: dict[str, Any]) -> bool:
    """Whether choose_mode's modes are tables with a label and a list of effects of known ops."""
    return all(isinstance(m, dict) and isinstance(m.get("label"), str) and isinstance(m.get("effects"), list)
               and all(isinstance(e, dict) and isinstance(e.get("op"), str) and e["op"] in ops for e in m["effects"])
               for m in modes)
