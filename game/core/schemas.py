"""Schemas of card and deck files (pydantic v2): every key, type and bound, every error at once, JSON Schema out.

Validation here is the first stage: the shape of one file. What a schema can't see (card names across
files, the fields of effects and statics, rule ids) is the second stage, in `game.core.cards`; both report
`game.core.problems.Problem`s.
`SCHEMAS` maps each file kind of `countertop schema KIND` to its model.
"""

from __future__ import annotations

import types
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema
from pydantic_core import PydanticCustomError

from game.core import opspecs
from game.core.constants import DECK_SIZE, KINDS
from game.core.problems import Problem, did_you_mean

TRIGGERS = (
    "stasis_counter_removed",
    "enters_stasis",
    "becomes_untapped",
    "start_of_turn",
    "minion_played_here",
    "last_white_cube_removed",
)
ABILITY_TARGETS = (*opspecs.TARGET_FILTERS, "self")
MAX_NAME = 60
MAX_CARD_TEXT = 1000
MAX_LIST = 16
MAX_HP = 999
MAX_ATK = 99
MAX_MV = opspecs.MAX_STEPS
MAX_RANGE = opspecs.BOARD_COLS + opspecs.BOARD_ROWS - 2
MAX_COST = 20
MAX_UNTAP_COST = 10
EFFECT_REF = "#/$defs/Effect"
EFFECT_MARK = "an effect table (game.core.opspecs)"
STATIC_REF = "#/$defs/Static"
FILTER_DEFS = {"Filter": False, "StaticFilter": True}
"""The two filter definitions: an effect's, and a static's (which can't count by power)."""
STATIC_MARK = "a static table (game.core.opspecs)"
MARKS = {EFFECT_MARK: EFFECT_REF, STATIC_MARK: STATIC_REF}
"""Tables whose fields game.core.opspecs checks: where the schema marks one, it points at that one definition."""


def one_of(options: tuple[str, ...], what: str) -> AfterValidator:
    """A validator that a string is one of `options`, with a did-you-mean."""

    def check(value: str) -> str:
        if value not in options:
            message = f"{what} must be one of {', '.join(options)}, not {value!r}{did_you_mean(value, options)}"
            raise PydanticCustomError("choice", "{message}", {"message": message})
        return value

    return AfterValidator(check)


def enum(options: tuple[str, ...]) -> WithJsonSchema:
    """The JSON Schema of a string that is one of `options`."""
    return WithJsonSchema({"type": "string", "enum": list(options)})


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=MAX_CARD_TEXT)]
Effect = Annotated[dict[str, Any], WithJsonSchema({"$comment": EFFECT_MARK})]
Effects = Annotated[list[Effect], Field(max_length=opspecs.MAX_EFFECTS)]
Kind = Annotated[str, one_of(KINDS, "a card kind"), enum(KINDS)]
DamageType = Annotated[str, one_of(opspecs.DAMAGE_TYPES, "a damage type"), enum(opspecs.DAMAGE_TYPES)]
TargetFilter = Annotated[str, one_of(opspecs.TARGET_FILTERS, "a target filter"), enum(opspecs.TARGET_FILTERS)]
AbilityTarget = Annotated[str, one_of(ABILITY_TARGETS, "an ability target"), enum(ABILITY_TARGETS)]
TriggerEvent = Annotated[str, one_of(TRIGGERS, "a trigger event"), enum(TRIGGERS)]
Static = Annotated[dict[str, Any], WithJsonSchema({"$comment": STATIC_MARK})]


class FileModel(BaseModel):
    """Strict file tables: unknown keys are errors, `true` is not 1, "5" is not 5."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class AbilityFile(FileModel):
    """An `[[ability]]` table: an activated ability, a Fuse, or a relic ability paid by untapping."""

    name: Name = Field(description="the ability's name, used by the `ability` command")
    text: Text = Field(description="what the ability does, as printed")
    effects: Effects = Field(default_factory=list, description="the effects it resolves")
    cost: int = Field(0, ge=0, le=MAX_COST, description="speaking stones it costs")
    range: int = Field(1, ge=1, le=MAX_RANGE, description="how far its target may be")
    target: AbilityTarget | None = Field(None, description="what it targets: a filter name, or self")
    fuse: bool = Field(False, description="a Fuse: played without tapping (SE-12)")
    untap_cost: int = Field(0, ge=0, le=MAX_UNTAP_COST, description="a relic's cost in characters untapped (SC-6)")
    once_per_turn: bool = Field(False, description="a relic ability usable once per turn")


class TriggerFile(FileModel):
    """A `[[trigger]]` table: effects that resolve `on` an event."""

    on: TriggerEvent = Field(description="the event that wakes it")
    effects: Effects = Field(default_factory=list, description="the effects it resolves")
    in_stasis: bool = Field(False, description="works only while the card is in stasis (ST-6)")
    first_per_turn: bool = Field(False, description="only the first time in a turn")


class CardFile(FileModel):
    """One card file of assets/cards: a card as printed, its stats and its effects."""

    name: Name = Field(description="the card's name, unique in the pool")
    kind: Kind = Field(description="minion, action, relic, madness, monster, treasure or location")
    text: Text = Field(description="the card's text, as printed")
    shows: list[str] = Field(default_factory=list, max_length=MAX_LIST, description="rule ids it illustrates")
    hp: int | None = Field(None, ge=1, le=MAX_HP, description="characters: hit points")
    atk: int | None = Field(None, ge=0, le=MAX_ATK, description="characters: power")
    crt: int = Field(0, ge=0, le=100, description="characters: critical-hit chance, d100")
    mv: int = Field(2, ge=0, le=MAX_MV, description="characters: squares it may move a turn")
    range: int = Field(1, ge=1, le=MAX_RANGE, description="characters: attack range")
    damage_type: DamageType = Field("physical", description="physical or spirit")
    target: TargetFilter | None = Field(None, description="what playing it must target")
    target_may_be_in_stasis: bool = Field(False, description="its target may be a card in stasis (ST-7)")
    from_stasis_target: TargetFilter | None = Field(None, description="what playing it from stasis must target")
    static: list[Static] = Field(default_factory=list, max_length=opspecs.MAX_STATICS,
                                 description="characters: ongoing changes to a stat ([[static]] tables)")
    on_play: Effects = Field(default_factory=list, description="effects when played")
    from_stasis: Effects = Field(default_factory=list, description="effects when played from stasis (ST-11)")
    trigger: list[TriggerFile] = Field(default_factory=list, max_length=MAX_LIST, description="triggered abilities")
    ability: list[AbilityFile] = Field(default_factory=list, max_length=MAX_LIST, description="abilities")


class DeckFile(FileModel):
    """One deck file of assets/decks: a name, its themes, and card name -> copies."""

    name: Name = Field(description="the deck's display name")
    themes: list[Annotated[str, Field(max_length=MAX_NAME)]] = Field(default_factory=list, max_length=MAX_LIST)
    description: Text = ""
    cards: dict[str, Annotated[int, Field(ge=1, le=DECK_SIZE)]] = Field(
        description=f"card name -> copies; a standard deck has {DECK_SIZE} cards")


SCHEMAS: dict[str, type[BaseModel]] = {"cards": CardFile, "deck": DeckFile}


def json_schema(kind: str, model: type[BaseModel] | None = None) -> dict[str, Any]:
    """The JSON Schema of a file kind (of `SCHEMAS`, or the model given: the scenario file's lives higher up),
    with the effect and static schemas of game.core.opspecs where effects and statics appear."""
    schema = _link_marks((model or SCHEMAS[kind]).model_json_schema())
    if EFFECT_REF in str(schema):
        schema.setdefault("$defs", {})["Effect"] = effect_json_schema(in_card=kind == "cards")
    if STATIC_REF in str(schema):
        schema.setdefault("$defs", {})["Static"] = static_json_schema()
    for name, in_static in FILTER_DEFS.items():
        if f"#/$defs/{name}" in str(schema):
            schema["$defs"][name] = _filter_schema(in_static)
    return {"$schema": "http://json-schema.org/draft-07/schema#", **schema}


def _link_marks(node: Any) -> Any:
    """Point each place an effect or a static goes at its one definition (pydantic can't reference it itself)."""
    if isinstance(node, dict):
        if node.get("$comment") in MARKS:
            return {"$ref": MARKS[node["$comment"]]}
        return {k: _link_marks(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_link_marks(v) for v in node]
    return node


def static_json_schema() -> dict[str, Any]:
    """One `[[static]]` table: `stat`, and the fields that stat takes (game.core.opspecs)."""
    cases = []
    for stat, takes in opspecs.STAT_FIELDS.items():
        others = [key for key in opspecs.STATIC_FIELDS if key != "stat" and key not in takes]
        then: dict[str, Any] = {"properties": {key: False for key in others}}
        if stat == "power":
            then.update(required=["add"], oneOf=[{"required": ["per"]}, {"required": ["if_any"]}])
        else:
            then.update(required=list(takes))
        cases.append({"if": {"properties": {"stat": {"const": stat}}}, "then": then})
    return {"type": "object", "required": ["stat"], "additionalProperties": False,
            "description": "a static: an ongoing change to one of the card's stats while it works",
            "properties": {key: _field_schema(f, in_static=True) for key, f in opspecs.STATIC_FIELDS.items()},
            "allOf": cases}


def effect_json_schema(in_card: bool) -> dict[str, Any]:
    """One effect table: `op` names an op, and each op allows exactly its documented fields (game.core.opspecs)."""
    cases = []
    for name, spec in opspecs.OPS.items():
        fields = opspecs.allowed_fields(spec, in_card)
        properties = {key: _field_schema(f) for key, f in fields.items()}
        properties["op"] = {"const": name, "description": spec.doc}
        if in_card:
            properties["target"] = _card_target_schema(spec)
        required = sorted(key for key, f in fields.items() if f.required)
        cases.append({"if": {"properties": {"op": {"const": name}}},
                      "then": {"properties": properties, "required": required, "additionalProperties": False}})
    return {"type": "object", "required": ["op"], "description": "an effect: an op and its fields",
            "properties": {"op": {"enum": list(opspecs.OP_NAMES)}}, "allOf": cases}


def _card_target_schema(spec: opspecs.OpFields) -> dict[str, Any]:
    """A card effect's target: you / others for a player op; this, target or a filtered target for a card op."""
    if spec.on_player:
        return {"enum": list(opspecs.PLAYER_TARGETS), "description": "the effect's controller, or every other player"}
    filters = "|".join(opspecs.TARGET_FILTERS)
    return {"type": "string", "pattern": f"^(this|target|(choose|each):({filters}))$",
            "description": "this card, the command's target, or choose:FILTER / each:FILTER (default this)"}


def _filter_schema(in_static: bool) -> dict[str, Any]:
    """A filter table: each field narrows the cards in play it picks (a static's can't count by power)."""
    fields = {k: f for k, f in opspecs.FILTER_FIELDS.items() if not (in_static and k in opspecs.NOT_IN_STATICS)}
    return {"type": "object", "additionalProperties": False,
            "description": "a filter: the cards in play, stasis included (ST-8), that have every field's property",
            "properties": {key: _field_schema(f) for key, f in fields.items()}}


def _field_schema(f: opspecs.Field, in_static: bool = False) -> dict[str, Any]:
    if f.kind == "filter":
        name = next(name for name, static in FILTER_DEFS.items() if static == in_static)
        return {"allOf": [{"$ref": f"#/$defs/{name}"}], "description": f.doc}
    square = {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer", "minimum": 0}}
    shapes: dict[str, dict[str, Any]] = {
        "int": {"type": "integer", "minimum": f.low, "maximum": f.high},
        "bool": {"type": "boolean"},
        "str": {"type": "string", "maxLength": opspecs.MAX_TEXT},
        "choice": {"type": "string", "enum": list(f.choices)},
        "square": square,
        "path": {"type": "array", "minItems": 1, "maxItems": opspecs.MAX_STEPS, "items": square},
        "modes": {"type": "array", "minItems": 1, "maxItems": opspecs.MAX_MODES, "items": {
            "type": "object", "required": ["label", "effects"], "additionalProperties": False,
            "properties": {"label": {"type": "string", "minLength": 1, "maxLength": opspecs.MAX_TEXT},
                           "effects": {"type": "array", "minItems": 1, "maxItems": opspecs.MAX_EFFECTS,
                                       "items": {"$ref": EFFECT_REF}}}}},
    }
    return {**shapes[f.kind], "description": f.doc}


def where_of(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a path in the file: ('ability', 0, 'cost') -> ability[0].cost."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def validate(model: type[BaseModel], data: dict[str, Any], file: str) -> tuple[Any, list[Problem]]:
    """A file's data checked against its model: the model instance, or None and every problem."""
    try:
        return model.model_validate(data), []
    except ValidationError as err:
        return None, [_problem(model, e, file) for e in err.errors()]


def _problem(model: type[BaseModel], error: Any, file: str) -> Problem:
    loc = tuple(error["loc"])
    kind = error["type"]
    if kind == "extra_forbidden":
        key = str(loc[-1])
        return Problem(file, where_of(loc[:-1]) or "top level",
                       f"unknown key {key!r}{did_you_mean(key, _keys_at(model, loc[:-1]))}")
    if kind == "missing":
        return Problem(file, where_of(loc[:-1]) or "top level", f"{str(loc[-1])!r} is missing")
    if kind == "choice":
        return Problem(file, where_of(loc), error["msg"])
    message = error["msg"]
    for pydantic_words, ours in WORDS:
        message = message.replace(pydantic_words, ours)
    if kind in ("too_long", "too_short") and isinstance(error["input"], list):
        return Problem(file, where_of(loc), message)
    return Problem(file, where_of(loc), f"{message}, not {_show(error['input'])}")


WORDS = (
    ("Input should be a valid integer", "must be an integer"),
    ("Input should be a valid string", "must be a string"),
    ("Input should be a valid boolean", "must be true or false"),
    ("Input should be a valid list", "must be a list"),
    ("Input should be a valid dictionary or instance of", "must be a table:"),
    ("Input should be a valid dictionary", "must be a table"),
    ("Input should be greater than or equal to", "must be at least"),
    ("Input should be less than or equal to", "must be at most"),
    ("String should have", "must have"),
    ("List should have", "must have"),
    (" after validation", ""),
    ("Input should be", "must be"),
)
"""Pydantic's messages in the words of the other file errors."""


def _keys_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> list[str]:
    """The keys a table at `loc` may have, following the model's fields (lists and optionals unwrapped)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)) or part not in current.model_fields:
            return []
        current = _unwrap(current.model_fields[part].annotation)
    return list(current.model_fields) if isinstance(current, type) and issubclass(current, BaseModel) else []


def _unwrap(annotation: Any) -> Any:
    while get_origin(annotation) in (list, Union, types.UnionType, Annotated):
        annotation = next(a for a in get_args(annotation) if a is not type(None))
    return annotation



def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
