"""Card expressions (ST-8): `[[static]]` tables and the `per` / `flip` / `extra_plays_if` fields of `draw`, with
filters over the cards in play; each kind evaluated exactly, and each malformed one refused with one clear line."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import events, rejected_unchanged, scenario, setup
from test_card_files import SHIPPED, card_folder
from test_stasis_rules import PLAYERS, card, deck

from game.core import cards
from game.core.schemas import json_schema
from game.engine import Game
from game.io.scenario import ScenarioError
from game.rules.stats import picked, static_value

ROOT = Path(__file__).resolve().parent.parent

CARDS = (card("alpha", "Microbot Alpha", "board", pos=[3, 0])
         + card("f", "Footman", "board", pos=[0, 0])
         + card("w", "Big Bad Wolf", "board", "Bo", pos=[0, 4])
         + card("m", "Mimic", "board", "Bo", pos=[1, 4])
         + card("gs", "Genie", "stasis", stasis_counters=1)
         + card("hftp", "Help From the Past", "stasis", stasis_counters=1)
         + card("bg", "Gobbo", "stasis", "Bo", stasis_counters=2)
         + card("h", "Footman", "hand")
         + card("d", "Gobbo", "discard"))
TABLE = PLAYERS + CARDS
"""Ada: Microbot Alpha and Footman on the board, Genie and an action in stasis, a Footman in hand, a Gobbo
discarded. Bo: Big Bad Wolf and Mimic on the board, a Gobbo in stasis."""


def refs(game: Game, filt: dict[str, Any], this: str | None = "alpha", player: str | None = "Ada") -> list[str]:
    """The refs a filter picks, for a card and a player."""
    table = game.table
    return [table.ref(e) for e in picked(table, filt, table.eid(this) if this else None, player)]


# ----- filters ---------------------------------------------------------------------------------------------


def test_st8_a_filter_picks_cards_on_the_board_and_in_stasis_only() -> None:
    """ST-8: the empty filter picks every card in play (board, then stasis, in arrival order); hand and discard
    never count. Each field narrows the pick."""
    game = setup(TABLE)
    assert refs(game, {}) == ["alpha", "f", "w", "m", "gs", "hftp", "bg"]
    assert refs(game, {"kind": "minion"}) == ["alpha", "f", "w", "m", "gs", "bg"]
    assert refs(game, {"kind": "action"}) == ["hftp"]
    assert refs(game, {"named": "Gobbo"}) == ["bg"]
    assert refs(game, {"whose": "yours"}) == ["alpha", "f", "gs", "hftp"]
    assert refs(game, {"whose": "yours"}, player="Bo") == ["w", "m", "bg"]
    assert refs(game, {"whose": "yours"}, player=None) == []
    assert refs(game, {"whose": "any", "kind": "minion", "other": True}) == ["f", "w", "m", "gs", "bg"]
    assert refs(game, {"other": True}, this=None) == ["alpha", "f", "w", "m", "gs", "hftp", "bg"]


def test_st8_min_power_reads_current_power() -> None:
    """ST-8: `min_power` compares current power: Microbot Alpha 4+2 (Footman and Genie), Wolf 5, Mimic 5 (the
    Wolf's printed power); Footman 2, Genie 3 and Gobbo 2 fall short of 5."""
    game = setup(TABLE)
    assert [game.view()["cards"][r]["atk"] for r in ("alpha", "w", "m", "f", "gs", "bg")] == [6, 5, 5, 2, 3, 2]
    assert refs(game, {"kind": "minion", "min_power": 5}) == ["alpha", "w", "m"]
    assert refs(game, {"kind": "minion", "whose": "yours", "min_power": 6}) == ["alpha"]


# ----- statics ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("static", "value"), [
    ({"stat": "power", "add": 1, "per": {"kind": "minion", "whose": "yours", "other": True}}, 2),
    ({"stat": "power", "add": -3, "per": {"kind": "minion"}}, -18),
    ({"stat": "power", "add": 2, "per": {"named": "Archer"}}, 0),
    ({"stat": "power", "add": -2, "if_any": {"named": "Gobbo"}}, -2),
    ({"stat": "power", "add": -2, "if_any": {"named": "Gobbo", "whose": "yours"}}, 0),
    ({"stat": "printed_power", "highest": {"kind": "minion", "other": True}}, 5),
    ({"stat": "printed_power", "highest": {"kind": "minion", "whose": "yours", "other": True}}, 3),
    ({"stat": "printed_power", "highest": {"named": "Mimic"}}, 0),
    ({"stat": "printed_power", "highest": {"named": "Archer"}}, 0),
])
def test_st8_static_value_of_each_kind(static: dict[str, Any], value: int) -> None:
    """ST-8, for Ada's Microbot Alpha: `per` adds once per card picked, `if_any` while one is, `highest` takes the
    highest printed power picked (0 if none; Mimic, whose printed power a static sets, counts as 0)."""
    game = setup(TABLE)
    assert static_value(game.table, game.table.eid("alpha"), static) == value


def test_st8_shipped_statics_give_their_exact_power() -> None:
    """ST-8: Microbot Alpha counts Ada's other minions in play (Footman, Genie in stasis): 4+2; Mimic takes the
    highest other printed power (the Wolf's 5); the Wolf loses 2 once Red Riding Hood is in play (in stasis too),
    and she loses 2 for the Wolf."""
    game = setup(TABLE)
    assert {r: game.view()["cards"][r]["atk"] for r in ("alpha", "m", "w")} == {"alpha": 6, "m": 5, "w": 5}
    game = setup(TABLE + card("rrh", "Red Riding Hood", "stasis", stasis_counters=1))
    v = game.view()["cards"]
    assert (v["w"]["atk"], v["w"]["printed_atk"], v["rrh"]["printed_atk"]) == (3, 5, 3)
    assert v["alpha"]["atk"] == 7, "Red Riding Hood is Ada's: one more of her minions in play"


# ----- draw with a count -------------------------------------------------------------------------------------


def draw_step(**fields: Any) -> str:
    """An `effect` step: Ada draws, with the given fields."""
    lines = ["[[do]]", 'act = "effect"', 'op = "draw"', 'target = "Ada"']
    lines += [f"{key} = {json.dumps(value) if not isinstance(value, dict) else inline(value)}"
              for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def inline(table: dict[str, Any]) -> str:
    """A dict as an inline TOML table."""
    return "{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in table.items()) + " }"


def test_st8_draw_per_filter_draws_n_per_card_picked() -> None:
    """ST-8: n = 2 per minion of Ada's in play (Microbot Alpha, Footman, Genie in stasis) draws 6 of 7."""
    game = scenario(TABLE + deck("Ada", 7) + draw_step(n=2, per={"kind": "minion", "whose": "yours"}))
    v = game.view()
    assert v["rejected"] == []
    assert v["players"]["Ada"]["hand"] == ["h", "ad1", "ad2", "ad3", "ad4", "ad5", "ad6"]


def test_st8_draw_per_filter_is_held_to_the_bound_of_n() -> None:
    """ST-8: 100 per card picked (7 cards) draws 100, the bound of n, not 700."""
    game = scenario(TABLE + deck("Ada", 120) + draw_step(n=100, per={}))
    assert len(events(game, "CardDrawn")) == 100
    assert len(game.view()["players"]["Ada"]["deck"]) == 20


def test_g8_draw_with_flip_flips_a_coin_per_card_and_draws_on_heads() -> None:
    """G-8: flip with per: a coin per card picked (the Gobbo in stasis, and Bo's Mimic by name: 2), each logged
    with its purpose; only heads draw. A scenario step has no source, so the purpose is the op's alone."""
    game = scenario(PLAYERS + 'coins = ["tails", "heads"]\n' + CARDS + deck("Ada", 3)
                    + draw_step(n=1, per={"kind": "minion", "whose": "any", "named": "Gobbo"}, flip=True)
                    + draw_step(n=1, per={"named": "Mimic"}, flip=True))
    coins = [(e["result"], e["purpose"]) for e in events(game, "DiceRolled")]
    assert coins == [("tails", "draw on heads"), ("heads", "draw on heads")]
    assert game.view()["players"]["Ada"]["hand"] == ["h", "ad1"]


def test_g8_gobbo_names_itself_as_the_coins_purpose() -> None:
    """G-8: Gobbo's coins are logged as 'Gobbo: draw on heads' (the source card's name)."""
    game = scenario(PLAYERS + 'coins = ["heads"]\n' + card("g", "Gobbo", "hand") + deck("Ada", 2)
                    + '[[do]]\nact = "play"\ncard = "g"\nto = [3, 0]\n')
    assert [e["purpose"] for e in events(game, "DiceRolled")] == ["Gobbo: draw on heads"]
    assert game.view()["players"]["Ada"]["hand"] == ["ad1"]


def test_g4_extra_plays_if_grants_each_drawn_action_while_its_filter_picks_a_card() -> None:
    """G-4, ST-8: with a Gobbo in play, the two actions drawn are extra plays and the minion is not; with no
    Archer in play, no grant."""
    decked = (card("ad1", "Wish", "deck") + card("ad2", "Footman", "deck") + card("ad3", "Time Out", "deck")
              + card("ad4", "Wish", "deck"))
    game = scenario(TABLE + decked + draw_step(n=3, extra_plays_if={"named": "Gobbo"}))
    grants = [e["grant"] for e in events(game, "ExtraPlayGranted")]
    assert grants == [{"kind": "action", "ref": "ad1"}, {"kind": "action", "ref": "ad3"}]
    game = scenario(TABLE + decked + draw_step(n=3, extra_plays_if={"named": "Archer"}))
    assert events(game, "ExtraPlayGranted") == []
    assert game.view()["players"]["Ada"]["hand"] == ["h", "ad1", "ad2", "ad3"]


def test_a_malformed_draw_filter_in_a_scenario_is_one_line_and_an_action_one_reason() -> None:
    """A scenario `effect` step is checked like a card effect before anything is set up: a misspelt filter field is
    one line; the same effect as an action is rejected with that one reason and changes nothing."""
    with pytest.raises(ScenarioError) as err:
        scenario(TABLE + draw_step(n=1, per={"nmed": "Gobbo"}))
    assert str(err.value) == "<inline scenario>: [[do]] #0.per: a filter has no field 'nmed' (did you mean 'named'?)"
    game = setup(TABLE + deck("Ada", 2))
    reason = rejected_unchanged(game, {"act": "effect", "op": "draw", "target": "Ada", "n": 1, "per": {"nmed": "G"}})
    assert reason == "a filter has no field 'nmed' (did you mean 'named'?)"


# ----- the card checker ----------------------------------------------------------------------------------------

MINION = 'name = "Odd"\nkind = "minion"\nhp = 3\natk = 1\ntext = "x"\n'
ACTION = 'name = "Odd"\nkind = "action"\ntext = "x"\n'


def static(body: str) -> str:
    """A minion with one [[static]] table."""
    return MINION + "\n[[static]]\n" + body


def draws(fields: str) -> str:
    """An action whose on_play is one draw with these extra fields."""
    return ACTION + f'on_play = [{{ op = "draw", target = "you", n = 1, {fields} }}]\n'


MALFORMED = [
    (static('stat = "powr"\nadd = 1\nper = {}\n'),
     "static[0]: field 'stat' of a static must be one of power, printed_power, not 'powr' (did you mean 'power'?)"),
    (static("add = 1\nper = {}\n"), "static[0]: a static needs 'stat' (one of power, printed_power)"),
    (static('stat = "power"\nadd = 1\nper = {}\nwhile = {}\n'), "static[0]: a static has no field 'while'"),
    (static('stat = "power"\nadd = 101\nper = {}\n'),
     "static[0]: field 'add' of a static must be an integer -100..100, not 101"),
    (static('stat = "power"\nper = {}\n'), "static[0]: a power static needs 'add' (an integer -100..100)"),
    (static('stat = "power"\nadd = 1\n'),
     "static[0]: a power static needs one of 'per' and 'if_any' (a filter), not neither: a change that is always "
     "on belongs in 'atk'"),
    (static('stat = "power"\nadd = 1\nper = {}\nif_any = {}\n'),
     "static[0]: a power static needs one of 'per' and 'if_any' (a filter), not both"),
    (static('stat = "power"\nadd = 1\nper = {}\nhighest = {}\n'),
     "static[0]: a power static takes add, per, if_any, not 'highest'"),
    (static('stat = "printed_power"\nhighest = {}\nadd = 1\n'),
     "static[0]: a printed_power static takes highest, not 'add'"),
    (static('stat = "printed_power"\n'), "static[0]: a printed_power static needs 'highest' (a filter)"),
    (static('stat = "power"\nadd = 1\nper = { nmed = "Footman" }\n'),
     "static[0].per: a filter has no field 'nmed' (did you mean 'named'?)"),
    (static('stat = "power"\nadd = 1\nper = { kind = "minon" }\n'),
     "static[0].per: field 'kind' of a filter must be one of minion, action, relic, madness, monster, treasure, "
     "location, not 'minon' (did you mean 'minion'?)"),
    (static('stat = "power"\nadd = 1\nper = { whose = "mine" }\n'),
     "static[0].per: field 'whose' of a filter must be one of any, yours, not 'mine'"),
    (static('stat = "power"\nadd = 1\nif_any = { other = 1 }\n'),
     "static[0].if_any: field 'other' of a filter must be true or false, not 1"),
    (static('stat = "power"\nadd = 1\nper = "minions"\n'),
     "static[0].per: a filter must be a table { kind, named, whose, other }, not 'minions'"),
    (static('stat = "power"\nadd = 1\nper = { min_power = 4 }\n'),
     "static[0].per: a static's filter can't use 'min_power': the power it counts by would depend on the statics "
     "that change power"),
    (MINION + 'static = ["mimic"]\n', "static[0]: must be a table, not 'mimic'"),
    (MINION + 'rival = "Footman"\n', "top level: unknown key 'rival'"),
    (ACTION + '\n[[static]]\nstat = "power"\nadd = 1\nper = {}\n',
     "static: statics change a character's power; a card of kind 'action' has none"),
    (static('stat = "printed_power"\nhighest = {}\n\n[[static]]\nstat = "printed_power"\nhighest = {}\n'),
     "static[1]: static[0] already sets the printed power; a card has one printed_power static"),
    (MINION + '\n[[static]]\nstat = "power"\nadd = 1\nper = {}\n' * 5,
     "static: must have at most 4 items, not 5"),
    (draws('per = { kinds = "minion" }'), "on_play[0].per: a filter has no field 'kinds' (did you mean 'kind'?)"),
    (draws('flip = "yes"'), "on_play[0]: field 'flip' of op 'draw' must be true or false, not 'yes'"),
    (draws("extra_plays_if = { min_power = 101 }"),
     "on_play[0].extra_plays_if: field 'min_power' of a filter must be an integer 0..100, not 101"),
    (draws('per = { named = "Gobo" }'), "on_play[0].per.named: no card is named 'Gobo' (did you mean 'Gobbo'?)"),
    (static('stat = "power"\nadd = 1\nif_any = { named = "Footmen" }\n'),
     "static[0].if_any.named: no card is named 'Footmen' (did you mean 'Footman'?)"),
]


@pytest.mark.parametrize(("text", "line"), MALFORMED, ids=[line.partition(": ")[2][:40] for _, line in MALFORMED])
def test_a_malformed_expression_is_refused_with_one_clear_line(text: str, line: str, tmp_path: Path) -> None:
    """Each malformed static or draw expression gives exactly one `FILE: WHERE: WHAT` line and keeps the card out
    of the pool; the shipped cards beside it are not blamed."""
    folder = card_folder(tmp_path, odd=text)
    pool, problems = cards.check_cards(folder)
    assert [str(p).replace(str(folder), "FOLDER") for p in problems] == [f"FOLDER/odd.toml: {line}"]
    assert "Odd" not in pool and len(pool) == len(list(SHIPPED.glob("*.toml")))


# ----- the JSON Schema ---------------------------------------------------------------------------------------


def test_the_card_schema_accepts_the_shipped_statics_and_refuses_malformed_ones() -> None:
    """The generated Static and filter schemas agree with the checker on the shapes a schema can see."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "docs" / "schemas" / "cards.schema.json").read_text(encoding="utf-8"))
    assert schema == json_schema("cards")
    validator = jsonschema.Draft7Validator(schema)
    shipped = [tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(SHIPPED.glob("*.toml"))]
    assert [d["name"] for d in shipped if not validator.is_valid(d)] == []
    assert sum(len(d.get("static", [])) for d in shipped) == 4
    shape_cases = [tomllib.loads(text) for text, line in MALFORMED[:17]]
    assert [validator.is_valid(d) for d in shape_cases] == [False] * 17
