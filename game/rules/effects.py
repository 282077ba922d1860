"""Effect ops: one registry from op name to implementation, the targets ops reach, and the queue they resolve in.

An effect item is a JSON-ready dict: `op`, `target` (a spec), `source` (a ref or None), `player` (who
controls the effect), the op's fields, and optionally `chosen` (the command's target), `may`,
`if_in_play` / `unless_in_play` (a card name), `affects_stasis` and, once a choice is answered, `answer`.
Items wait in `game.queue`; a choice pauses the queue until a `choose` command answers it. Which fields
each op takes, with their types and bounds, is data in `game.core.opspecs`; counts are held to those bounds here
too, so no item loops or allocates beyond them. One resolution runs at most `RESOLUTION_LIMIT` items: triggers that
wake each other without end (a variant's card that untaps itself whenever it untaps) are a rule loop, which is
stopped and ends the game with no winner (`stop_rule_loop`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core import opspecs
from game.core.components import AbilitiesLost, CopiedPower, Defences, PlayedFromStasisMark, Resolving
from game.core.opspecs import effect_problems
from game.rules import stasis, status, stun
from game.rules.combat import deal_damage, heal, move_along
from game.rules.stats import picked, printed_atk

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class Choice:
    """A decision an op needs before it can finish."""

    prompt: str
    options: list[Any]


OpFn = Callable[["Table", dict[str, Any], Any], "Choice | None"]


@dataclass(frozen=True)
class OpSpec:
    """An op: its implementation, what it targets ('card', 'character' or 'player', from game.opspecs)."""

    name: str
    fn: OpFn
    target: str
    board_only: bool = True

    def check_fields(self, item: dict[str, Any]) -> str | None:
        """The first problem with a scenario effect's fields (game.opspecs), or None."""
        problems = effect_problems(item, "", "", in_card=False)
        return problems[0].what if problems else None


OPS: dict[str, OpSpec] = {}


def op(op_name: str, /, board_only: bool = True) -> Callable[[OpFn], OpFn]:
    """Register an op implementation under its name; its fields and target kind are in game.core.opspecs."""

    def register(fn: OpFn) -> OpFn:
        OPS[op_name] = OpSpec(op_name, fn, opspecs.OPS[op_name].target, board_only)
        return fn

    return register


def count(item: dict[str, Any], key: str, default: int = 0) -> int:
    """A count field held to the bound game.core.opspecs documents, so no item loops or allocates beyond it."""
    high = opspecs.OPS[item["op"]].fields[key].high
    return max(0, min(int(item.get(key, default)), high))


# ----- the queue -------------------------------------------------------------------------------------------


def queue_effects(game: Table, effects: tuple[dict[str, Any], ...] | list[dict[str, Any]], source: int | None,
                  player: str, chosen: str | None = None, front: bool = False,
                  extra: dict[str, Any] | None = None) -> None:
    """Queue a card's effects (at the end, or before everything waiting when `front`)."""
    items = [
        {**e, "source": game.ref(source) if source is not None else None, "player": player,
         **({"chosen": chosen} if chosen is not None else {}), **(extra or {})}
        for e in effects
    ]
    if front:
        game.queue[0:0] = items
    else:
        game.queue.extend(items)


RESOLUTION_LIMIT = 2_000
"""The most effect items one resolution runs (the longest in 80 seeded bot games with the shipped cards, 2 to 4
players, ran 4); going on past it is a rule loop (`stop_rule_loop`)."""

RULE_LOOP = "a rule loop was stopped"
"""The result of a game whose effects would have resolved for ever (`GameOver`'s `reason`)."""


def resolve_queue(game: Table) -> None:
    """Resolve queued items until the queue is empty, a choice waits, or the game is over; a resolution that runs
    past RESOLUTION_LIMIT items is a rule loop, stopped."""
    resolved = 0
    while game.queue and not game.pending and game.turn.phase != "over":
        if resolved == RESOLUTION_LIMIT:
            stop_rule_loop(game)
            return
        run_item(game, game.queue.pop(0))
        resolved += 1


def stop_rule_loop(game: Table) -> None:
    """End a game whose effects keep waking each other: the items still waiting are dropped, the log names the
    cards they came from (`RuleLoopStopped`), and the game is over with no winner (`GameOver`, reason RULE_LOOP)."""
    sources = list(dict.fromkeys(item["source"] for item in game.queue if item.get("source") in game.refs))
    names = list(dict.fromkeys(game.name(game.eid(ref)) for ref in sources))
    game.queue.clear()
    game.emit("RuleLoopStopped", card=sources[0] if sources else None, cards=names, resolved=RESOLUTION_LIMIT)
    game.turn.winner = None
    game.set_phase("over")
    game.emit("GameOver", winner=None, vp={p.name: p.vp for p in game.players()}, reason=RULE_LOOP)


def ask(game: Table, item: dict[str, Any], choice: Choice, kind: str) -> None:
    """Pause on a choice for the item's player; the item goes back to the front of the queue."""
    rest = {k: v for k, v in item.items() if k != "answer"}
    game.queue.insert(0, rest)
    game.pending = {"player": item["player"], "prompt": choice.prompt, "options": choice.options, "kind": kind}
    game.emit("ChoicePending", player=item["player"], prompt=choice.prompt, options=choice.options)


def condition_holds(game: Table, item: dict[str, Any]) -> bool:
    """An item's `if_in_play` / `unless_in_play` condition (ST-8: stasis counts as in play)."""
    if "if_in_play" in item and not named_in_play(game, item["if_in_play"]):
        return False
    return not ("unless_in_play" in item and named_in_play(game, item["unless_in_play"]))


def named_in_play(game: Table, name: str) -> bool:
    """Whether a card of this name is in play, on the board or in stasis (ST-8)."""
    return any(game.name(e) == name for e in game.zone_cards("board") + game.zone_cards("stasis"))


def run_item(game: Table, item: dict[str, Any]) -> None:
    """Resolve one item: check its condition, settle its targets (asking if needed), apply its op.

    An answer that settled the targets (a chosen target, the "yes" of a `may`) is spent there: the op gets the
    item without it, so an op that asks a question of its own (a mode, how many counters) asks it next."""
    if not condition_holds(game, item):
        return
    spec = OPS[item["op"]]
    settles = "answer" in item and (item.get("may") or str(item.get("target", "")).startswith("choose:"))
    targets = settle_targets(game, item)
    if targets is None:
        return
    if settles:
        item = {k: v for k, v in item.items() if k not in ("answer", "may")}
    if spec.target == "character":
        targets = [t for t in targets if game.is_character(t) and game.on_board(t)]
    for target in targets:
        need = spec.fn(game, item, target)
        if need is not None:
            fixed = game.ref(target) if isinstance(target, int) else target
            ask(game, {**item, "target": f"ref:{fixed}" if isinstance(target, int) else f"player:{fixed}"},
                need, "op")
            return


def settle_targets(game: Table, item: dict[str, Any]) -> list[Any] | None:
    """The item's targets, or None after asking the player to choose."""
    spec: str = item.get("target", "this")
    kind, _, rest = spec.partition(":")
    if kind == "choose":
        options = [game.ref(e) for e in target_filter(game, rest, item)]
        if "answer" in item:
            return [] if item["answer"] == "no" else [game.eid(item["answer"])]
        if not options:
            return []
        if len(options) == 1 and not item.get("may"):
            return [game.eid(options[0])]
        prompt = item.get("prompt") or f"Choose a target for {item['op'].replace('_', ' ')}"
        ask(game, item, Choice(prompt, options + (["no"] if item.get("may") else [])), "target")
        return None
    if item.get("may") and "answer" not in item:
        prompt = item.get("prompt") or f"Do you want to {item['op'].replace('_', ' ')}?"
        ask(game, item, Choice(prompt, ["yes", "no"]), "may")
        return None
    if item.get("may") and item.get("answer") == "no":
        return []
    return fixed_targets(game, kind, rest, item)


def fixed_targets(game: Table, kind: str, rest: str, item: dict[str, Any]) -> list[Any]:
    """Targets that need no choice. `each` aims at nobody (R-2): no Blind roll, and Stun does not stop it."""
    if kind == "each":
        return target_filter(game, rest, item)
    if kind == "ref":
        return [game.eid(rest)] if rest in game.refs else []
    if kind == "player":
        return [rest]
    if kind == "this":
        return [game.eid(item["source"])] if item.get("source") else []
    if kind == "target":
        return [game.eid(item["chosen"])] if item.get("chosen") else []
    if kind == "you":
        return [item["player"]]
    if kind == "others":
        return [p.name for p in game.players() if p.name != item["player"]]
    raise ValueError(f"unknown target spec {kind!r}")


def target_filter(game: Table, name: str, item: dict[str, Any]) -> list[int]:
    """Cards a target filter allows for the item's player (cards in stasis only when it says so, ST-7)."""
    player = item["player"]
    source = game.eid(item["source"]) if item.get("source") else None
    return candidates(game, name, player, source)


def candidates(game: Table, name: str, player: str, source: int | None) -> list[int]:
    """Cards matching a named filter for a player and a source card."""
    chars = game.characters()
    if name == "character_on_board":
        return chars
    if name == "enemy_character":
        return [e for e in chars if game.is_enemy(player, e)]
    if name in ("ally_character", "your_characters"):
        return [e for e in chars if game.controller(e) == player]
    if name == "permanent":
        return [e for e in game.zone_cards("board") if game.kind(e) in ("minion", "monster", "relic")]
    if name == "hand_yours":
        return [e for e in game.zone_cards("hand", player) if not game.has(e, Resolving)]
    if name == "stasis_yours":
        return game.zone_cards("stasis", player, by="controller")
    if name == "stasis_yours_other":
        return [e for e in game.zone_cards("stasis", player, by="controller") if e != source]
    if name == "minion_in_play_other":
        return [e for e in game.zone_cards("board") + game.zone_cards("stasis")
                if game.kind(e) == "minion" and game.controller(e) not in (player, None)]
    if name == "adjacent_enemies":
        here = game.pos(source) if source is not None else None
        if here is None:
            return []
        return [e for e in chars if game.is_enemy(player, e) and game.distance(here, game.pos(e) or here) == 1]
    raise ValueError(f"unknown target filter {name!r}")


def source_eid(game: Table, item: dict[str, Any]) -> int | None:
    """The entity of the item's source card, if any."""
    return game.eid(item["source"]) if item.get("source") else None


# ----- the ops ---------------------------------------------------------------------------------------------


@op("place_stasis", board_only=False)
def _place_stasis(game: Table, item: dict[str, Any], target: int) -> None:
    """ST-1, ST-2, ST-3, ST-15, ST-16, ST-17."""
    stasis.place(game, target, count(item, "n"))


@op("remove_stasis", board_only=False)
def _remove_stasis(game: Table, item: dict[str, Any], target: int) -> Choice | None:
    """ST-10: remove counters (never below 0); 'up to' asks how many (at most n + 1 options, n <= 100)."""
    most = min(count(item, "n"), game.stasis_counters(target))
    n = most
    if item.get("up_to"):
        if "answer" not in item and most > 0:
            return Choice(f"Remove how many stasis counters from {game.name(target)}?", list(range(most + 1)))
        n = int(item.get("answer", 0))
    stasis.remove(game, target, n)
    return None


@op("place_stun")
def _place_stun(game: Table, item: dict[str, Any], target: int) -> None:
    """SC-1."""
    stun.place(game, target, count(item, "n"))


@op("remove_stun")
def _remove_stun(game: Table, item: dict[str, Any], target: int) -> None:
    """Remove stun counters directly (not an untap)."""
    stun.remove(game, target, count(item, "n"))


@op("tap")
def _tap(game: Table, item: dict[str, Any], target: int) -> None:
    game.tap(target)


@op("untap")
def _untap(game: Table, item: dict[str, Any], target: int) -> None:
    """SC-3: an effect untap goes through the same replacement hook."""
    game.untap(target, cause="effect")


@op("apply_status")
def _apply_status(game: Table, item: dict[str, Any], target: int) -> None:
    """SE-0: the stacks are applied at once, up to the status's limit."""
    status.apply(game, target, item["status"], count(item, "stacks", 1))


@op("remove_status")
def _remove_status(game: Table, item: dict[str, Any], target: int) -> Choice | None:
    """SE-0: removing a status removes all its stacks; 'choose' asks which."""
    name = item.get("status", "choose")
    if name == "choose":
        present = sorted(game.statuses(target))
        if not present:
            return None
        if "answer" not in item and len(present) > 1:
            return Choice(f"Remove which status from {game.name(target)}?", present)
        name = item.get("answer", present[0])
    status.remove(game, target, name)
    return None


@op("damage")
def _damage(game: Table, item: dict[str, Any], target: int) -> None:
    deal_damage(game, target, count(item, "n"), source=source_eid(game, item), reason=item["op"])


@op("heal")
def _heal(game: Table, item: dict[str, Any], target: int) -> None:
    heal(game, target, count(item, "n"), overheal=item.get("overheal", False))


@op("add_cubes")
def _add_cubes(game: Table, item: dict[str, Any], target: int) -> None:
    status.add_cubes(game, target, item["color"], count(item, "n"))


@op("remove_cubes")
def _remove_cubes(game: Table, item: dict[str, Any], target: int) -> None:
    status.remove_cubes(game, target, item["color"], count(item, "n"))


@op("move")
def _move(game: Table, item: dict[str, Any], target: int) -> None:
    """G-5 forced movement: step by step through empty squares; Poison counts the squares (SE-6)."""
    path = item.get("path") or ([item["to"]] if item.get("to") else [])
    move_along(game, target, [tuple(s) for s in path], forced=True)


@op("draw")
def _draw(game: Table, item: dict[str, Any], target: str) -> None:
    """Draw n cards, or n per card in play the `per` filter picks (ST-8: stasis too), at most the bound of n; with
    `flip`, a coin per card and only heads draw (G-8); with `extra_plays_if`, while its filter picks a card in play,
    each action drawn becomes an extra action play (G-4). Filters read `other` as the source, `yours` as the
    effect's controller; a flip's purpose names the source."""
    n = count(item, "n")
    if "per" in item:
        n = min(n * len(picked(game, item["per"], source_eid(game, item), item["player"])), opspecs.MAX_COUNT)
    if item.get("flip"):
        source = source_eid(game, item)
        purpose = f"{game.name(source)}: draw on heads" if source is not None else "draw on heads"
        n = sum(1 for _ in range(n) if game.flip(purpose) == "heads")
    drawn = game.draw(target, n)
    if "extra_plays_if" not in item or not picked(game, item["extra_plays_if"], source_eid(game, item),
                                                  item["player"]):
        return
    for eid in drawn:
        if game.kind(eid) == "action":
            grant = {"kind": "action", "ref": game.ref(eid)}
            game.player(target).grants.append(grant)
            game.emit("ExtraPlayGranted", player=target, grant=grant)


@op("lose_abilities")
def _lose_abilities(game: Table, item: dict[str, Any], target: int) -> None:
    """Until end of turn; stun counters stay (SC-9)."""
    game.add(target, AbilitiesLost())
    game.emit("AbilitiesLost", card=game.ref(target))


@op("destroy")
def _destroy(game: Table, item: dict[str, Any], target: int) -> None:
    """Destroyed: to its owner's discard pile (a monster is removed); no VP (G-6)."""
    game.emit("Destroyed", card=game.ref(target))
    game.discard(target, reason="destroyed")


@op("grant_evasion")
def _grant_evasion(game: Table, item: dict[str, Any], target: int) -> None:
    """SE-12."""
    game.ensure(target, Defences).evasion.append((item["type"], count(item, "value")))
    game.emit("FuseAttached", card=game.ref(target), defence="evasion", damage_type=item["type"],
              value=count(item, "value"))


@op("grant_negation")
def _grant_negation(game: Table, item: dict[str, Any], target: int) -> None:
    """SE-13."""
    game.ensure(target, Defences).negation.append((item["type"], count(item, "value")))
    game.emit("FuseAttached", card=game.ref(target), defence="negation", damage_type=item["type"],
              value=count(item, "value"))


@op("gain_stones")
def _gain_stones(game: Table, item: dict[str, Any], target: str) -> None:
    game.gain_stones(target, count(item, "n"))


@op("grant_play")
def _grant_play(game: Table, item: dict[str, Any], target: str) -> None:
    """G-4 extra plays: an allowance for later, not a choice."""
    grant = {"kind": item["kind"]}
    if item.get("name"):
        grant["name"] = item["name"]
    if item.get("same_name_in_play"):
        grant["same_name_in_play"] = "yes"
    game.player(target).grants.append(grant)
    game.emit("ExtraPlayGranted", player=target, grant=grant)


@op("copy_power", board_only=False)
def _copy_power(game: Table, item: dict[str, Any], target: int) -> None:
    """Copycat: printed power and ongoing abilities of a minion in play (ST-7's exception)."""
    me = source_eid(game, item)
    if me is None or not game.on_board(me):
        return
    game.add(me, CopiedPower(printed_atk(game, target), game.name(target)))
    game.emit("PowerCopied", card=game.ref(me), source=game.ref(target), atk=printed_atk(game, target))


@op("draw_madness")
def _draw_madness(game: Table, item: dict[str, Any], target: str) -> None:
    """A player takes a Madness card from the pile into hand and owns it (G-1)."""
    pile = game.zone_cards("madness")
    eid = pile[0] if pile else game.create_card(game.make_ref("Madness"), "Madness", None, "madness")
    game.set_owner(eid, target)
    game.put(eid, "hand")
    game.emit("CardDrawn", player=target, card=game.ref(eid), source="madness pile")


@op("return_to_madness", board_only=False)
def _return_to_madness(game: Table, item: dict[str, Any], target: int) -> None:
    """A Madness card goes back to the pile and belongs to nobody again (G-1); any other card stays where it is (a
    variant's card that returns itself would otherwise leave a player's card owned by nobody)."""
    if game.kind(target) != "madness":
        return
    game.set_owner(target, None)
    game.put(target, "madness")
    game.emit("CardMoved", card=game.ref(target), zone="madness", reason="returned to the Madness pile")


@op("choose_mode")
def _choose_mode(game: Table, item: dict[str, Any], target: str) -> Choice | None:
    """Choose one of several modes, then resolve its effects first."""
    labels = [m["label"] for m in item["modes"]]
    if "answer" not in item:
        return Choice("Choose one", labels)
    mode = item["modes"][labels.index(item["answer"])]
    src = source_eid(game, item)
    queue_effects(game, mode["effects"], src, target, chosen=item.get("chosen"), front=True)
    return None


@op("finish_play", board_only=False)
def _finish_play(game: Table, item: dict[str, Any], target: int) -> None:
    """An action (or Madness) that is still being played goes to the discard pile (G-4, ST-11); the card is no
    longer being played from stasis, so a later effect may put it back (R-7)."""
    if game.has(target, Resolving) and game.zone(target) == "hand":
        game.discard(target, reason="resolved")
    game.remove(target, Resolving)
    game.remove(target, PlayedFromStasisMark)


@op("discard_to_limit")
def _discard_to_limit(game: Table, item: dict[str, Any], target: str) -> Choice | None:
    """G-3 hand limit: the player discards down to the game's hand limit (10), one chosen card at a time."""
    limit = game.numbers.hand_limit
    hand = game.zone_cards("hand", target)
    if len(hand) <= limit:
        return None
    if "answer" not in item:
        return Choice(f"Hand limit {limit}: discard a card", [game.ref(e) for e in hand])
    game.discard(game.eid(item["answer"]), reason="hand limit")
    game.queue.insert(0, {k: v for k, v in item.items() if k != "answer"})
    return None
