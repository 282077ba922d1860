"""The effect op field specs (game.core.opspecs): one check for card effects and scenario effect steps (issue 16)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from game.core import opspecs
from game.core.constants import STATUSES
from game.core.opspecs import MAX_COUNT, effect_problems
from game.rules import effects

ROOT = Path(__file__).resolve().parent.parent


def card_lines(effect: object) -> list[str]:
    return [str(p) for p in effect_problems(effect, "c.toml", "on_play[0]", in_card=True)]


def step_lines(effect: object) -> list[str]:
    return [str(p) for p in effect_problems(effect, "s.toml", "[[do]] #0", in_card=False)]


def test_opspecs_lists_exactly_the_ops_of_the_registry() -> None:
    """Every op of game.rules.effects has its field spec, and no spec names an op the registry lacks."""
    assert set(effects.OPS) == set(opspecs.OP_NAMES)
    assert {n: s.target for n, s in effects.OPS.items()} == {n: s.target for n, s in opspecs.OPS.items()}


def shipped_effects() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted((ROOT / "assets" / "cards").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        lists = [data.get("on_play", []), data.get("from_stasis", [])]
        lists += [t.get("effects", []) for t in data.get("trigger", []) + data.get("ability", [])]
        found += [(path.name, e) for effs in lists for e in effs]
    return found


def test_every_shipped_card_effect_passes() -> None:
    """Every effect of assets/cards is valid as a card effect (the specs document what the cards use)."""
    found = shipped_effects()
    assert len(found) > 40
    assert [(name, card_lines(e)) for name, e in found if card_lines(e)] == []


def test_counts_are_integers_within_their_bounds_and_bool_is_not_an_int() -> None:
    """Issue 16 item 8: every count has a bound; `true` is not the number 1; negatives are refused."""
    assert card_lines({"op": "draw", "target": "you", "n": MAX_COUNT}) == []
    assert card_lines({"op": "draw", "target": "you", "n": True}) == [
        "c.toml: on_play[0]: field 'n' of op 'draw' must be an integer 0..100, not True"]
    assert step_lines({"op": "apply_status", "target": "f", "status": "Burn", "stacks": 10**12}) == [
        "s.toml: [[do]] #0: field 'stacks' of op 'apply_status' must be an integer 1..100, not 1000000000000"]
    assert step_lines({"op": "remove_stasis", "target": "h", "n": -1}) == [
        "s.toml: [[do]] #0: field 'n' of op 'remove_stasis' must be an integer 0..100, not -1"]
    assert step_lines({"op": "grant_evasion", "target": "f", "type": "spirit", "value": 101}) == [
        "s.toml: [[do]] #0: field 'value' of op 'grant_evasion' must be an integer 0..100, not 101"]
    assert step_lines({"op": "remove_stasis", "target": "h", "n": 2, "up_to": 1}) == [
        "s.toml: [[do]] #0: field 'up_to' of op 'remove_stasis' must be true or false, not 1"]


def test_op_must_be_a_known_string() -> None:
    """Issue 16 items 7 and 10 (s01, c02): `op` as a list, missing or misspelt is one clear problem."""
    assert card_lines({"op": ["draw"], "target": "you", "n": 1}) == [
        "c.toml: on_play[0]: 'op' must be a string naming an op, not ['draw']"]
    assert card_lines({"op": "drew", "target": "you", "n": 1}) == [
        "c.toml: on_play[0]: unknown op 'drew' (did you mean 'draw'?)"]
    assert card_lines(7) == ["c.toml: on_play[0]: an effect must be a table, not 7"]
    assert card_lines({"target": "you"})[0].startswith("c.toml: on_play[0]: an effect needs an 'op' (one of ")


def test_unknown_and_missing_fields() -> None:
    """Only the fields an op documents are accepted (did-you-mean); required ones must be there."""
    assert card_lines({"op": "draw", "target": "you", "nn": 1}) == [
        "c.toml: on_play[0]: op 'draw' has no field 'nn' (did you mean 'n'?)",
        "c.toml: on_play[0]: op 'draw' needs field 'n' (an integer 0..100)"]
    assert card_lines({"op": "apply_status", "target": "target", "status": "Burnn"}) == [
        f"c.toml: on_play[0]: field 'status' of op 'apply_status' must be one of {', '.join(STATUSES)}, not 'Burnn' "
        "(did you mean 'Burn'?)"]


@pytest.mark.parametrize("key", ["answer", "chosen", "player"])
def test_internal_fields_never_come_from_a_file(key: str) -> None:
    """Issue 16 items 7 and 10 (s03, c11, c12): the game's own fields are refused in cards and scenarios."""
    why = f"field {key!r} is set by the game while the effect resolves; a file can't set it"
    assert card_lines({"op": "damage", "target": "target", "n": 1, key: "x"}) == [f"c.toml: on_play[0]: {why}"]
    assert step_lines({"op": "damage", "target": "f", "n": 1, key: "x"}) == [f"s.toml: [[do]] #0: {why}"]


def test_may_and_prompt_are_card_fields_and_source_a_scenario_field() -> None:
    """Issue 16 item 7: a scenario step asks nothing; a card's source is the card itself."""
    assert step_lines({"op": "tap", "target": "f", "may": True}) == [
        "s.toml: [[do]] #0: field 'may' belongs in card files; a scenario step is applied at once"]
    assert step_lines({"op": "tap", "target": "f", "prompt": "?", "source": "g"}) == [
        "s.toml: [[do]] #0: field 'prompt' belongs in card files; a scenario step is applied at once"]
    assert card_lines({"op": "tap", "target": "this", "source": "g"}) == [
        "c.toml: on_play[0]: field 'source' can't be in a card: it comes from the card or the command that uses it"]


def test_move_squares() -> None:
    """Issue 16 items 7 and 10 (s02*, c05): a move's `to` is one square on the board, `path` a list of them."""
    assert step_lines({"op": "move", "target": "f", "to": [1, 0]}) == []
    assert step_lines({"op": "move", "target": "f", "path": [[1, 0], [2, 0]]}) == []
    square = "a square [x, y] with x 0..6 and y 0..4"
    assert step_lines({"op": "move", "target": "f", "to": [1, 0, 0]}) == [
        f"s.toml: [[do]] #0: field 'to' of op 'move' must be {square}, not [1, 0, 0]"]
    assert step_lines({"op": "move", "target": "f", "path": 5}) == [
        "s.toml: [[do]] #0: field 'path' of op 'move' must be a list of 1..34 squares [x, y], not 5"]
    assert step_lines({"op": "move", "target": "f", "path": [["a", "b"]]}) == [
        "s.toml: [[do]] #0: field 'path' of op 'move' must be a list of 1..34 squares [x, y], not [['a', 'b']]"]
    assert step_lines({"op": "move", "target": "f", "steps": 2}) == [
        "s.toml: [[do]] #0: field 'steps' belongs in card files; a scenario step is applied at once"]
    assert card_lines({"op": "move", "target": "each:your_characters", "to": 5}) == [
        "c.toml: on_play[0]: field 'to' can't be in a card: it comes from the card or the command that uses it"]


def test_player_ops_target_players_and_card_ops_target_cards() -> None:
    """Issue 16 item 10 (c07, c08): a player op on a card, or a card op on a player, is refused."""
    assert card_lines({"op": "gain_stones", "target": "target", "n": 1}) == [
        "c.toml: on_play[0]: op 'gain_stones' affects a player: its target is you or others, not 'target'"]
    assert card_lines({"op": "tap", "target": "you"}) == [
        "c.toml: on_play[0]: op 'tap' affects a card: its target is this, target, choose:FILTER or each:FILTER, "
        "not 'you'"]
    assert card_lines({"op": "tap", "target": "each:your_charcters"}) == [
        "c.toml: on_play[0]: unknown target filter 'your_charcters' (did you mean 'your_characters'?)"]
    assert card_lines({"op": "tap", "target": "all:permanent"}) == [
        "c.toml: on_play[0]: unknown target 'all:permanent': a filtered target is choose:FILTER or each:FILTER"]


def test_choose_mode_modes_are_checked_recursively() -> None:
    """Issue 16 items 7 and 10 (s04*, c06): every mode is a label and effects, and each effect is checked."""
    assert card_lines({"op": "choose_mode", "target": "you",
                       "modes": [{"label": "a", "effects": [{"op": "explode", "target": "you"}]}]}) == [
        "c.toml: on_play[0].modes[0].effects[0]: unknown op 'explode'"]
    assert step_lines({"op": "choose_mode", "target": "Ada", "modes": [1]}) == [
        "s.toml: [[do]] #0.modes[0]: a mode must be a table { label, effects }, not 1"]
    assert step_lines({"op": "choose_mode", "target": "Ada", "modes": [{"label": "a"}]}) == [
        "s.toml: [[do]] #0.modes[0]: a mode needs 'effects': a list of 1..16 effect tables"]
    assert step_lines({"op": "choose_mode", "target": "Ada", "chosen": "nope",
                       "modes": [{"label": "a", "effcts": [{"op": "draw", "n": 1}]},
                                 {"label": "a", "effects": [{"op": "draw", "target": "everyone", "n": 1}]}]}) == [
        "s.toml: [[do]] #0: field 'chosen' is set by the game while the effect resolves; a file can't set it",
        "s.toml: [[do]] #0.modes[0]: a mode has no field 'effcts' (did you mean 'effects'?)",
        "s.toml: [[do]] #0.modes[0]: a mode needs 'effects': a list of 1..16 effect tables",
        "s.toml: [[do]] #0.modes[1]: two modes have the label 'a'"]
    assert card_lines({"op": "choose_mode", "target": "you", "modes": [
        {"label": "a", "effects": [{"op": "draw", "target": "everyone", "n": 1}]}]}) == [
        "c.toml: on_play[0].modes[0].effects[0]: unknown target 'everyone'"]


def test_card_names_finds_names_in_nested_modes() -> None:
    """The fields that name cards, for the card-name cross-check of card files."""
    effect = {"op": "choose_mode", "target": "you", "if_in_play": "Genie", "modes": [
        {"label": "a", "effects": [{"op": "draw", "target": "you", "n": 1, "per": {"named": "Gobbo"},
                                    "extra_plays_if": {"named": "Hawkeye"}}]}]}
    assert list(opspecs.card_names(effect)) == [("if_in_play", "Genie"), ("per.named", "Gobbo"),
                                                ("extra_plays_if.named", "Hawkeye")]
    assert list(opspecs.card_names({"op": ["draw"], "per": {"named": "Gobbo"}})) == []
