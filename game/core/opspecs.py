"""Effect op fields as data (docs/formats.md): each op's documented fields, their types and bounds, checked for files.

This module is the data layer's view of the effect registry of `game.rules.effects`: it imports nothing from the
rules layer, so card files and scenario `[[do]] act = "effect"` steps are checked with the same function,
`effect_problems`, before a game exists. A test keeps `OP_NAMES` equal to the registry.

Every count has a bound, so an effect never loops or allocates beyond it:
- `MAX_COUNT` (100): counters placed or removed (stasis ST-1/ST-10, stun SC-1), cards drawn, damage, healing,
  cubes (SE-14), stones, status stacks per application (SE-0); no card needs more than a handful, and 100 keeps
  even one-event-per-counter effects (ST-10 triggers fire once per counter removed) small.
- `MAX_PERCENT` (100): evasion and negation values are d100 chances (SE-12, SE-13); `min_power` likewise.
- `MAX_STEPS` (34): a forced move (G-5) visits at most every other square of the 7x5 board once.
- `MAX_MODES` (10) modes per `choose_mode`, `MAX_EFFECTS` (16) effects per list, `MAX_TEXT` (200) characters
  per string.
- `MAX_STATICS` (4) `[[static]]` tables per card; a static's `add` is -100..100.

Counts that depend on the game are data too: a filter (`FILTER_FIELDS`) picks cards in play, stasis included
(ST-8), and a count is how many it picks. Card statics (`STATIC_FIELDS`: a stat and how it changes) and the
`per` / `extra_plays_if` fields of `draw` use the same filters; `game.rules.stats` evaluates them.

Fields the game sets while it plays (`answer`, `chosen`, `player`, ...) never come from a file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from game.core.constants import COLS as BOARD_COLS
from game.core.constants import CUBE_COLORS, KINDS
from game.core.constants import ROWS as BOARD_ROWS
from game.core.constants import STATUSES as STATUS_NAMES
from game.core.problems import Problem, did_you_mean

MAX_COUNT = 100
MAX_PERCENT = 100
MAX_STEPS = BOARD_COLS * BOARD_ROWS - 1
MAX_MODES = 10
MAX_EFFECTS = 16
MAX_TEXT = 200
MAX_STATICS = 4

DAMAGE_TYPES = ("physical", "spirit")
PLAY_KINDS = ("minion", "action")
TARGET_FILTERS = (
    "character_on_board",
    "enemy_character",
    "ally_character",
    "permanent",
    "hand_yours",
    "stasis_yours",
    "stasis_yours_other",
    "minion_in_play_other",
    "adjacent_enemies",
    "your_characters",
)
STASIS_FILTERS = ("stasis_yours", "stasis_yours_other", "minion_in_play_other")
"""Filters that pick cards in stasis (ST-8)."""
STASIS_OPS = ("place_stasis", "remove_stasis", "copy_power")
"""ST-12: the only ops that may reach a card in stasis (and only with affects_stasis): counters, and copying."""
CARD_TARGETS = ("this", "target")
"""Fixed card targets: the card whose ability it is, and the card its command targeted."""
PLAYER_TARGETS = ("you", "others")
"""Fixed player targets: the effect's controller, and every other player."""
EFFECT_TARGETS = CARD_TARGETS + PLAYER_TARGETS
TARGET_KINDS = ("choose", "each")
"""`choose:FILTER` asks the player for one card the filter allows; `each:FILTER` takes every one."""

INTERNAL_FIELDS = ("answer", "chosen", "player")
"""Set by the game while an effect resolves: the answer to its choice, the command's target, its controller."""
CARD_INTERNAL_FIELDS = ("source", "path", "to")
"""In a card the source is the card itself and a move's squares come from the command that uses it."""
SCENARIO_INTERNAL_FIELDS = ("may", "prompt")
"""A scenario step is applied at once: it asks no "you may" question and needs no prompt."""


@dataclass(frozen=True)
class Field:
    """One field of an effect or a static: its kind (int, bool, str, choice, square, path, modes, filter), bounds
    and meaning."""

    kind: str
    doc: str
    required: bool = False
    low: int = 0
    high: int = MAX_COUNT
    choices: tuple[str, ...] = ()
    default: Any = None
    card_name: bool = False

    def describe(self) -> str:
        """The kind of value the field takes, in a few words."""
        if self.kind == "int":
            return f"an integer {self.low}..{self.high}"
        if self.kind == "choice":
            return f"one of {', '.join(self.choices)}"
        return {
            "bool": "true or false",
            "str": f"a string of at most {MAX_TEXT} characters",
            "square": f"a square [x, y] with x 0..{BOARD_COLS - 1} and y 0..{BOARD_ROWS - 1}",
            "path": f"a list of 1..{MAX_STEPS} squares [x, y]",
            "modes": f"a list of 1..{MAX_MODES} tables {{ label, effects }}",
            "filter": f"a filter table {{ {', '.join(FILTER_FIELDS)} }}",
        }[self.kind]


@dataclass(frozen=True)
class OpFields:
    """An op's documented fields and what it affects: 'card', 'character' (a card on the board) or 'player'."""

    name: str
    target: str
    doc: str
    fields: dict[str, Field] = field(default_factory=dict)

    @property
    def on_player(self) -> bool:
        """Whether the op affects players (targets `you` / `others`) rather than cards."""
        return self.target == "player"


def _count(doc: str, required: bool = True, low: int = 0, high: int = MAX_COUNT, default: Any = None) -> Field:
    return Field("int", doc, required=required, low=low, high=high, default=default)


def _choice(doc: str, choices: tuple[str, ...], required: bool = True, default: Any = None) -> Field:
    return Field("choice", doc, required=required, choices=choices, default=default)


def _text(doc: str, required: bool = True, card_name: bool = False, default: Any = None) -> Field:
    return Field("str", doc, required=required, card_name=card_name, default=default)


def _flag(doc: str) -> Field:
    return Field("bool", doc, default=False)


def _filter(doc: str) -> Field:
    return Field("filter", doc)


FILTER_WHOSE = ("any", "yours")
FILTER_FIELDS: dict[str, Field] = {
    "kind": _choice("only cards of this kind", KINDS, required=False),
    "named": _text("only cards of this name", False, True),
    "whose": _choice("yours: only cards controlled by the static's card's controller, or by the effect's "
                     "controller; any (the default): every player's", FILTER_WHOSE, required=False, default="any"),
    "other": _flag("not the card itself: the static's card, or the effect's source"),
    "min_power": _count("effects only: only cards with at least this power", required=False, high=MAX_PERCENT),
}
"""A filter picks cards in play, on the board or in stasis (ST-8); each field it has narrows the pick."""
NOT_IN_STATICS = ("min_power",)
"""Filter fields a static can't use: a static counting cards by power would depend on the power it changes."""

STATIC_STATS = ("power", "printed_power")
STATIC_FIELDS: dict[str, Field] = {
    "stat": _choice("the stat it changes: power, or printed power", STATIC_STATS),
    "add": Field("int", "power: the change (negative weakens), once per card `per` counts or while `if_any` "
                        "counts one", low=-MAX_COUNT, high=MAX_COUNT),
    "per": _filter("power: `add` once per card in play the filter picks (ST-8)"),
    "if_any": _filter("power: `add` while the filter picks at least one card in play (ST-8)"),
    "highest": _filter("printed_power: the highest printed power among the cards in play the filter picks, 0 if "
                       "none; a card whose printed power a static sets counts as 0 (ST-8)"),
}
"""A `[[static]]` table of a card file: an ongoing change to one of the card's stats while it works (on the board,
with its abilities)."""
STAT_FIELDS: dict[str, tuple[str, ...]] = {"power": ("add", "per", "if_any"), "printed_power": ("highest",)}
"""The fields each stat's statics take besides `stat`."""


COMMON_FIELDS: dict[str, Field] = {
    "op": Field("str", "the op's name", required=True),
    "target": Field("str", "in a card: this, target, you, others, choose:FILTER or each:FILTER (default this); "
                           "in a scenario: a card ref or a player name"),
    "affects_stasis": _flag("the effect may reach a card in stasis (ST-7); only stasis ops may (ST-12)"),
    "if_in_play": _text("only if a card of this name is in play, stasis included (ST-8)", False, True),
    "unless_in_play": _text("only if no card of this name is in play, stasis included (ST-8)", False, True),
    "may": _flag("the player may decline (\"you may\")"),
    "prompt": _text("the question shown for a `may` or `choose:` target", False),
    "source": _text("scenario only: the ref of the card the effect comes from", False),
}

OPS: dict[str, OpFields] = {
    spec.name: spec
    for spec in (
        OpFields("place_stasis", "card", "place stasis counters; a card not in stasis enters it (ST-1, ST-3)",
                 {"n": _count("stasis counters to place (0 places none, ST-1)")}),
        OpFields("remove_stasis", "card", "remove stasis counters, never below 0 (ST-10)",
                 {"n": _count("stasis counters to remove"),
                  "up_to": _flag("the player chooses how many, 0..n")}),
        OpFields("place_stun", "card", "put stun counters on a permanent (SC-1)",
                 {"n": _count("stun counters to place")}),
        OpFields("remove_stun", "card", "take stun counters off directly (not an untap)",
                 {"n": _count("stun counters to remove")}),
        OpFields("tap", "card", "tap a permanent"),
        OpFields("untap", "card", "untap a permanent; stun counters replace it (SC-3)"),
        OpFields("apply_status", "character", "apply a status (SE-0), up to its stacking limit",
                 {"status": _choice("the status", STATUS_NAMES),
                  "stacks": _count("stacks to apply at once", required=False, low=1, default=1)}),
        OpFields("remove_status", "character", "remove a status with all its stacks (SE-0)",
                 {"status": _choice("the status, or choose to ask which", (*STATUS_NAMES, "choose"),
                                    required=False, default="choose")}),
        OpFields("damage", "character", "deal damage (not an attack)",
                 {"n": _count("damage dealt"),
                  "type": _choice("the damage type", DAMAGE_TYPES, required=False, default="physical")}),
        OpFields("heal", "character", "restore HP up to max HP",
                 {"n": _count("HP restored"),
                  "overheal": _flag("HP beyond max HP becomes blue cubes (SE-14)")}),
        OpFields("add_cubes", "character", "add cubes of a colour (SE-14)",
                 {"color": _choice("the cube colour", CUBE_COLORS), "n": _count("cubes added")}),
        OpFields("remove_cubes", "character", "remove cubes of a colour (SE-14)",
                 {"color": _choice("the cube colour", CUBE_COLORS), "n": _count("cubes removed")}),
        OpFields("move", "character", "forced movement through empty squares (G-5, SE-6)",
                 {"steps": _count("card only: the most squares the command's path may have", required=False,
                                  low=1, high=MAX_STEPS, default=1),
                  "to": Field("square", "scenario only: the one square to move to"),
                  "path": Field("path", "scenario only: the squares to move along, in order")}),
        OpFields("draw", "player", "draw cards: n, or n per card a filter picks in play (ST-8)",
                 {"n": _count("cards drawn (with `per`: per card picked)"),
                  "per": _filter("draw n per card in play the filter picks (ST-8)"),
                  "flip": _flag("flip a coin per card to draw; only heads draw (G-8)"),
                  "extra_plays_if": _filter("while the filter picks a card in play, each action drawn is an "
                                            "extra play (G-4)")}),
        OpFields("lose_abilities", "card", "lose all abilities until end of turn (stun counters stay, SC-9)"),
        OpFields("destroy", "card", "to its owner's discard pile, no VP (G-6)"),
        OpFields("grant_evasion", "character", "a Fuse's evasion against a damage type (SE-12)",
                 {"type": _choice("the damage type evaded", DAMAGE_TYPES),
                  "value": _count("the d100 chance", high=MAX_PERCENT)}),
        OpFields("grant_negation", "character", "a Fuse's negation source against a damage type (SE-13)",
                 {"type": _choice("the damage type negated", DAMAGE_TYPES),
                  "value": _count("the d100 chance", high=MAX_PERCENT)}),
        OpFields("gain_stones", "player", "gain speaking stones", {"n": _count("stones gained")}),
        OpFields("grant_play", "player", "an extra play allowance for later (G-4)",
                 {"kind": _choice("the kind of card the play is for", PLAY_KINDS),
                  "name": _text("only a card of this name", False, True, ""),
                  "same_name_in_play": _flag("only a card with the name of one you have in play")}),
        OpFields("copy_power", "card", "the source copies a minion's printed power and ongoing abilities"),
        OpFields("draw_madness", "player", "take a Madness card from the pile into hand (G-1)"),
        OpFields("return_to_madness", "card", "a Madness card goes back to the pile"),
        OpFields("choose_mode", "player", "choose one mode; its effects resolve first",
                 {"modes": Field("modes", "the modes: a label and a list of effects each", required=True)}),
        OpFields("finish_play", "card", "an action still being played goes to the discard pile (G-4)"),
        OpFields("discard_to_limit", "player", "discard down to the hand limit, one chosen card at a time (G-3)"),
    )
}
OP_NAMES: tuple[str, ...] = tuple(OPS)


def allowed_fields(spec: OpFields, in_card: bool) -> dict[str, Field]:
    """The fields an effect of this op may have in a card file or in a scenario step."""
    hidden = CARD_INTERNAL_FIELDS if in_card else SCENARIO_INTERNAL_FIELDS + ("steps",)
    both = {**COMMON_FIELDS, **spec.fields}
    return {k: f for k, f in both.items() if k not in hidden and not (in_card and k == "source")}


def effect_problems(effect: object, file: str, where: str, *, in_card: bool) -> list[Problem]:
    """Every problem of one effect table: its op, its fields' names, types and bounds, its target, its modes."""
    if not isinstance(effect, dict):
        return [Problem(file, where, f"an effect must be a table, not {_show(effect)}")]
    name = effect.get("op")
    if name is None:
        return [Problem(file, where, f"an effect needs an 'op' (one of {', '.join(OP_NAMES)})")]
    if not isinstance(name, str):
        return [Problem(file, where, f"'op' must be a string naming an op, not {_show(name)}")]
    if name not in OPS:
        return [Problem(file, where, f"unknown op {name!r}{did_you_mean(name, OP_NAMES)}")]
    spec = OPS[name]
    known = allowed_fields(spec, in_card)
    problems: list[Problem] = []
    for key, value in effect.items():
        if key in known and known[key].kind == "filter":
            problems += filter_problems(value, file, f"{where}.{key}", in_static=False)
        elif key in known:
            why = _value_problem(known[key], value)
            if why:
                problems.append(Problem(file, where, f"field {key!r} of op {name!r} must be {why}"))
        else:
            problems.append(Problem(file, where, _unknown_field(spec, str(key), known, in_card)))
    problems += [Problem(file, where, f"op {name!r} needs field {key!r} ({f.describe()})")
                 for key, f in known.items() if f.required and key not in effect]
    if in_card and isinstance(effect.get("target", "this"), str):
        why = _target_problem(spec, effect.get("target", "this"))
        if why:
            problems.append(Problem(file, where, why))
    if not in_card and "to" in effect and "path" in effect:
        problems.append(Problem(file, where, "op 'move' takes 'to' or 'path', not both"))
    if name == "choose_mode" and isinstance(effect.get("modes"), list):
        problems += _mode_problems(effect["modes"], file, f"{where}.modes", in_card)
    return problems


def filter_problems(filt: object, file: str, where: str, *, in_static: bool) -> list[Problem]:
    """Every problem of one filter table (of a static, or of an effect's field): its fields' names and values."""
    known = {k: f for k, f in FILTER_FIELDS.items() if not (in_static and k in NOT_IN_STATICS)}
    if not isinstance(filt, dict):
        return [Problem(file, where, f"a filter must be a table {{ {', '.join(known)} }}, not {_show(filt)}")]
    problems: list[Problem] = []
    for key, value in filt.items():
        if in_static and key in NOT_IN_STATICS:
            problems.append(Problem(file, where, f"a static's filter can't use {key!r}: the power it counts by "
                                                 f"would depend on the statics that change power"))
        elif key not in known:
            problems.append(Problem(file, where, f"a filter has no field {key!r}{did_you_mean(str(key), known)}"))
        elif why := _value_problem(known[key], value):
            problems.append(Problem(file, where, f"field {key!r} of a filter must be {why}"))
    return problems


def static_problems(static: object, file: str, where: str) -> list[Problem]:
    """Every problem of one `[[static]]` table: its fields' names and values, and the fields its stat needs."""
    if not isinstance(static, dict):
        return [Problem(file, where, f"a static must be a table {{ {', '.join(STATIC_FIELDS)} }}, not {_show(static)}")]
    problems: list[Problem] = []
    for key, value in static.items():
        if key not in STATIC_FIELDS:
            hint = did_you_mean(str(key), STATIC_FIELDS)
            problems.append(Problem(file, where, f"a static has no field {key!r}{hint}"))
        elif STATIC_FIELDS[key].kind == "filter":
            problems += filter_problems(value, file, f"{where}.{key}", in_static=True)
        elif why := _value_problem(STATIC_FIELDS[key], value):
            problems.append(Problem(file, where, f"field {key!r} of a static must be {why}"))
    stat = static.get("stat")
    if stat is None:
        problems.append(Problem(file, where, f"a static needs 'stat' ({STATIC_FIELDS['stat'].describe()})"))
    if not isinstance(stat, str) or stat not in STAT_FIELDS:
        return problems
    takes = STAT_FIELDS[stat]
    problems += [Problem(file, where, f"a {stat} static takes {', '.join(takes)}, not {key!r}")
                 for key in static if key in STATIC_FIELDS and key != "stat" and key not in takes]
    if stat == "printed_power" and "highest" not in static:
        problems.append(Problem(file, where, "a printed_power static needs 'highest' (a filter)"))
    if stat == "power" and "add" not in static:
        problems.append(Problem(file, where, f"a power static needs 'add' ({STATIC_FIELDS['add'].describe()})"))
    if stat == "power" and ("per" in static) == ("if_any" in static):
        problems.append(Problem(file, where, "a power static needs one of 'per' and 'if_any' (a filter), not "
                                             + ("both" if "per" in static else "neither: a change that is always on "
                                                                               "belongs in 'atk'")))
    return problems


def static_card_names(static: object) -> Iterator[tuple[str, str]]:
    """(field, value) for each card a static's filters name: ('if_any.named', 'Red Riding Hood')."""
    if isinstance(static, dict):
        yield from _filter_names(static, STATIC_FIELDS)


def card_names(effect: object) -> Iterator[tuple[str, str]]:
    """(field, value) for each field of an effect, its modes' effects and its filters included, that names a
    card."""
    if not isinstance(effect, dict) or not isinstance(effect.get("op"), str) or effect["op"] not in OPS:
        return
    known = {**COMMON_FIELDS, **OPS[effect["op"]].fields}
    for key, value in effect.items():
        if key in known and known[key].card_name and isinstance(value, str) and value:
            yield key, value
    yield from _filter_names(effect, known)
    for mode in effect.get("modes", []) if isinstance(effect.get("modes"), list) else []:
        for inner in mode.get("effects", []) if isinstance(mode, dict) and isinstance(mode.get("effects"), list) \
                else []:
            yield from card_names(inner)


def _filter_names(table: dict[Any, Any], known: dict[str, Field]) -> Iterator[tuple[str, str]]:
    """('KEY.named', name) for each filter field of a table that names a card."""
    for key, value in table.items():
        if key in known and known[key].kind == "filter" and isinstance(value, dict):
            named = value.get("named")
            if isinstance(named, str) and named:
                yield f"{key}.named", named


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _unknown_field(spec: OpFields, key: str, known: dict[str, Field], in_card: bool) -> str:
    if key in INTERNAL_FIELDS:
        return f"field {key!r} is set by the game while the effect resolves; a file can't set it"
    if in_card and key in CARD_INTERNAL_FIELDS and (key == "source" or key in spec.fields):
        return f"field {key!r} can't be in a card: it comes from the card or the command that uses it"
    if not in_card and (key in SCENARIO_INTERNAL_FIELDS or key == "steps" and key in spec.fields):
        return f"field {key!r} belongs in card files; a scenario step is applied at once"
    return f"op {spec.name!r} has no field {key!r}{did_you_mean(key, known)}"


def _value_problem(spec: Field, value: object) -> str | None:
    """What the field must be, when the value is not that; None when it is fine."""
    kind = spec.kind
    if kind == "int":
        ok = type(value) is int and spec.low <= value <= spec.high
    elif kind == "bool":
        ok = type(value) is bool
    elif kind == "str":
        ok = isinstance(value, str) and len(value) <= MAX_TEXT
    elif kind == "choice":
        if isinstance(value, str) and value not in spec.choices:
            return f"{spec.describe()}, not {_show(value)}{did_you_mean(value, spec.choices)}"
        ok = isinstance(value, str)
    elif kind == "square":
        ok = _is_square(value)
    elif kind == "path":
        ok = isinstance(value, list) and 1 <= len(value) <= MAX_STEPS and all(_is_square(s) for s in value)
    else:
        ok = isinstance(value, list) and 1 <= len(value) <= MAX_MODES
    return None if ok else f"{spec.describe()}, not {_show(value)}"


def _is_square(value: object) -> bool:
    return (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
            and 0 <= value[0] < BOARD_COLS and 0 <= value[1] < BOARD_ROWS)


def _target_problem(spec: OpFields, target: str) -> str | None:
    """Whether a card's target spec names something this op can affect (a player op needs a player)."""
    kind, colon, filt = target.partition(":")
    if colon:
        if kind not in TARGET_KINDS:
            return f"unknown target {target!r}: a filtered target is choose:FILTER or each:FILTER"
        if filt not in TARGET_FILTERS:
            return f"unknown target filter {filt!r}{did_you_mean(filt, TARGET_FILTERS)}"
    elif target not in EFFECT_TARGETS:
        return f"unknown target {target!r}{did_you_mean(target, EFFECT_TARGETS)}"
    if spec.on_player and target not in PLAYER_TARGETS:
        return f"op {spec.name!r} affects a player: its target is you or others, not {target!r}"
    if not spec.on_player and target in PLAYER_TARGETS:
        return (f"op {spec.name!r} affects a card: its target is this, target, choose:FILTER or each:FILTER, "
                f"not {target!r}")
    return None


def _mode_problems(modes: list[Any], file: str, where: str, in_card: bool) -> list[Problem]:
    problems: list[Problem] = []
    labels: set[str] = set()
    for i, mode in enumerate(modes):
        here = f"{where}[{i}]"
        if not isinstance(mode, dict):
            problems.append(Problem(file, here, f"a mode must be a table {{ label, effects }}, not {_show(mode)}"))
            continue
        for key in sorted(set(map(str, mode)) - {"label", "effects"}):
            hint = did_you_mean(key, ("label", "effects"))
            problems.append(Problem(file, here, f"a mode has no field {key!r}{hint}"))
        label, effects = mode.get("label"), mode.get("effects")
        if not isinstance(label, str) or not label or len(label) > MAX_TEXT:
            problems.append(Problem(file, here, f"a mode needs a 'label': a string of 1..{MAX_TEXT} characters"))
        elif label in labels:
            problems.append(Problem(file, here, f"two modes have the label {label!r}"))
        else:
            labels.add(label)
        if not isinstance(effects, list) or not 1 <= len(effects) <= MAX_EFFECTS:
            problems.append(Problem(file, here, f"a mode needs 'effects': a list of 1..{MAX_EFFECTS} effect tables"))
            continue
        for j, inner in enumerate(effects):
            problems += effect_problems(inner, file, f"{here}.effects[{j}]", in_card=in_card)
    return problems

