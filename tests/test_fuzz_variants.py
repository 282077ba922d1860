"""Fuzzing variant files (issue 42): random changes to any card (the cards setup places included), with any TOML value
(dates and times, huge numbers, NaN, strings with line breaks, lists of effect tables with random ops, targets,
`may` and modes, triggers that wake themselves) and to deck copies. Every file ends refused in one line per problem
naming the file, or as a variant whose file reads back the same (`Variant.toml`), whose set-up table passes the
game's invariants, and whose game plays on for random legal actions, every one accepted, the game whole after them
(a rule loop is stopped, never a hang).

Seeded (`derandomize=True`) and small in the suite; `COUNTERTOP_FUZZ=N` (`make fuzz`) runs N variants.
"""

from __future__ import annotations

import datetime
import json
import random
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from game.core.constants import KINDS
from game.core.opspecs import OPS, TARGET_FILTERS
from game.core.schemas import TRIGGERS
from game.engine import Game
from game.io.export import toml_key, toml_value
from game.io.invariants import state_problems
from game.io.setup import SETUP_ONLY, new_game, standard_decks
from game.tools.variant import VariantError, card_tables, load_variant
from tests.test_fuzz import fuzz_settings, still_whole

CARDS = sorted(card_tables())
DECKS = sorted(standard_decks())
TARGETS = ["this", "target", "you", "others", *(f"{k}:{f}" for k in ("choose", "each") for f in TARGET_FILTERS),
           "nobody", "choose:"]
GOOD_OPS = sorted(n for n, spec in OPS.items() if all(f.kind != "filter" for f in spec.fields.values())
                  and n not in ("move", "finish_play", "discard_to_limit"))
SCALARS = st.one_of(st.integers(-3, 25), st.sampled_from([0, 1, 20, 99, 100, 101, 999, 1000, 2**63, -(2**63)]),
                    st.booleans(), st.text(max_size=6), st.sampled_from(["a\nb", "hp\n", " x", "\u202e", "Footman"]),
                    st.floats(), st.dates(), st.times(), st.datetimes())


def effect(draw: Any, depth: int = 0) -> dict[str, Any]:
    """A random effect table: any op, a target, fields of the right and of the wrong kind, `may`, modes."""
    op = draw(st.sampled_from([*sorted(OPS), "explode"]))
    table: dict[str, Any] = {"op": op, "target": draw(st.sampled_from(TARGETS))}
    fields = sorted(OPS[op].fields) if op in OPS else []
    for key in draw(st.lists(st.sampled_from([*fields, "may", "affects_stasis", "answer", "n"]), max_size=3,
                             unique=True)):
        table[key] = draw(st.booleans()) if key in ("may", "affects_stasis") else draw(
            st.one_of(st.integers(-1, 6), SCALARS))
    if op == "choose_mode" and depth < 1 and draw(st.booleans()):
        table["modes"] = [{"label": f"m{i}", "effects": [effect(draw, depth + 1)]}
                          for i in range(draw(st.integers(1, 3)))]
    return table


def good_effect(draw: Any) -> dict[str, Any]:
    """A random effect table made to pass the card checks: an op, a target of what it affects, its required fields
    within their bounds (small), and sometimes `may`."""
    op = draw(st.sampled_from(GOOD_OPS))
    spec = OPS[op]
    targets = ["you", "others"] if spec.on_player else ["this", "choose:enemy_character", "each:character_on_board",
                                                           "choose:ally_character", "choose:permanent"]
    table: dict[str, Any] = {"op": op, "target": draw(st.sampled_from(targets))}
    for key, f in spec.fields.items():
        if not f.required and not draw(st.booleans()):
            continue
        if f.kind == "int":
            table[key] = draw(st.integers(f.low, min(f.high, f.low + 3)))
        elif f.kind == "bool":
            table[key] = draw(st.booleans())
        elif f.kind == "choice":
            table[key] = draw(st.sampled_from(f.choices))
        elif f.kind == "modes":
            table[key] = [{"label": f"mode {i}", "effects": [{"op": "gain_stones", "target": "you", "n": i}]}
                          for i in range(1, 3)]
    if draw(st.integers(0, 3)) == 0:
        table["may"] = True
    return table


def change(draw: Any, name: str) -> tuple[str, Any]:
    """A key of the card to change and its new value: a field it has, a path into its lists, its kind, effects or
    triggers made up whole, or a key that names nothing."""
    table = card_tables()[name]
    how = draw(st.sampled_from(["number", "good trigger", "good effects", "field", "path", "kind", "effects", "trigger",
                                "junk"]))
    if how == "number":
        numbers = sorted(k for k, v in table.items() if type(v) is int)
        return (draw(st.sampled_from(numbers)), draw(st.integers(0, 6))) if numbers else ("hp", draw(st.integers(1, 6)))
    if how == "good trigger":
        return "trigger", [{"on": draw(st.sampled_from(TRIGGERS)), "in_stasis": draw(st.booleans()),
                            "effects": [good_effect(draw) for _ in range(draw(st.integers(1, 3)))]}]
    if how == "good effects":
        return "on_play", [good_effect(draw) for _ in range(draw(st.integers(1, 3)))]
    if how == "field":
        return draw(st.sampled_from(sorted(table))), draw(SCALARS)
    if how == "path":
        lists = sorted(k for k, v in table.items() if isinstance(v, list) and v)
        if lists:
            key = draw(st.sampled_from(lists))
            index = draw(st.integers(0, len(table[key])))
            inner = table[key][index] if index < len(table[key]) and isinstance(table[key][index], dict) else {}
            field = draw(st.sampled_from(sorted(inner) or ["n"]))
            return f"{key}[{index}].{field}", draw(st.one_of(st.integers(-1, 8), SCALARS))
        return "hp", draw(SCALARS)
    if how == "kind":
        return "kind", draw(st.sampled_from([*KINDS, "spell"]))
    if how == "effects":
        return draw(st.sampled_from(["on_play", "from_stasis"])), [effect(draw) for _ in range(draw(st.integers(0, 3)))]
    if how == "trigger":
        return "trigger", [{"on": draw(st.sampled_from(TRIGGERS)), "in_stasis": draw(st.booleans()),
                            "effects": [effect(draw) for _ in range(draw(st.integers(1, 3)))]}]
    return draw(st.sampled_from(["", "a\nb", "hp\n", "name", "ability[99].cost", "x.y", "hp[0]", "é"])), draw(SCALARS)


def toml_text(data: dict[str, Any]) -> str:
    """A variant file: its name, `[cards.NAME]` tables and `[decks.KEY.cards]` tables, any TOML value in them."""
    lines = [f"name = {value(data['name'])}"] if "name" in data else []
    for name, keys in data.get("cards", {}).items():
        lines += [f"[cards.{toml_key(name)}]"] + [f"{toml_key(k)} = {value(v)}" for k, v in keys.items()]
    for deck, names in data.get("decks", {}).items():
        lines += [f"[decks.{toml_key(deck)}.cards]"] + [f"{toml_key(k)} = {value(v)}" for k, v in names.items()]
    return "\n".join(lines) + "\n"


def value(v: Any) -> str:
    """A value as TOML, dates and times included (written as TOML writes them)."""
    if isinstance(v, datetime.date | datetime.time):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {value(x)}" for k, x in v.items()) + "}"
    return toml_value(v)


def variant_data(draw: Any) -> dict[str, Any]:
    """A random variant: a name or none, changes to one to three cards (setup's own cards often), deck copies."""
    data: dict[str, Any] = {}
    if draw(st.booleans()):
        data["name"] = draw(st.one_of(st.text(min_size=1, max_size=8), SCALARS))
    cards: dict[str, dict[str, Any]] = {}
    for name in draw(st.lists(st.sampled_from([*CARDS, *sorted(SETUP_ONLY)]), min_size=1, max_size=2, unique=True)):
        cards[name] = dict(change(draw, name) for _ in range(draw(st.integers(1, 2))))
    data["cards"] = cards
    if draw(st.integers(0, 3)) == 0:
        deck = draw(st.sampled_from([*DECKS, "nope"]))
        copies = dict(standard_decks()[deck].cards) if deck in standard_decks() else {}
        for name in draw(st.lists(st.sampled_from(CARDS), max_size=2, unique=True)):
            copies[name] = draw(st.one_of(st.integers(0, 20), SCALARS))
        data["decks"] = {deck: copies}
    return data


@fuzz_settings(quick=40)
@given(st.data())
def test_random_variants_are_refused_in_lines_or_play_whole_games(tmp_path_factory: Any, data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("variant")
    path = folder / "v.toml"
    path.write_text(toml_text(variant_data(data.draw)), encoding="utf-8")
    try:
        variant = load_variant(str(path))
    except VariantError as err:
        assert err.problems
        for problem in err.problems:
            assert "\n" not in str(problem) and str(problem).startswith(f"{path}: "), str(problem)
        event("refused")
        return
    event("played")
    again = folder / "again.toml"
    again.write_text(variant.toml(), encoding="utf-8")
    back = load_variant(str(again))
    assert (back.name, back.cards, back.decks) == (variant.name, variant.cards, variant.decks)
    changed = [d for d in DECKS if set(variant.contents.decks[d].cards) & set(variant.cards)] or DECKS
    decks = [changed[0], changed[-1]]
    seed = data.draw(st.integers(0, 1000))
    game = Game(new_game(["Ada", "Bo"], decks, seed, variant.contents))
    assert state_problems(json.loads(json.dumps(game.to_state())), game.table.pool) == []
    pick = random.Random(seed)
    for _ in range(120):
        legal = game.legal_actions()
        if game.table.turn.phase == "over":
            break
        assert game.act(pick.choice(legal)).ok
    still_whole(game)
    game.close()

