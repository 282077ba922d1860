"""The numbers of the rules as data (issue 44): assets/numbers.toml, a variant's `[rules]` table, a seat's own first
round, and every rule that counts reading them (G-1, G-3, G-6, G-7, ST-18)."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import setup

from game.cli import main
from game.core.numbers import Numbers, check_shipped, from_table, numbers_file, shipped_numbers
from game.core.rulebook import load_rules
from game.engine import Game
from game.io.setup import new_game
from game.rules.stasis import madness_penalty
from game.tools.tune import candidates, start_variant
from game.tools.variant import build_variant, load_variant

HERE = Path(__file__).parent / "variants"
NULL, RICH = str(HERE / "null_rules.toml"), str(HERE / "rich_rules.toml")


def game_with(rules: dict[str, Any], seed: int = 3) -> Game:
    """A standard two-player game set up with these `[rules]` over the shipped numbers."""
    made = build_variant("t", {}, {}, "t.toml", rules)
    return Game(new_game(["Ada", "Bo"], None, seed, made.contents))


def hand(game: Game, name: str) -> int:
    """How many cards a player holds."""
    return len(game.table.zone_cards("hand", name))


def test_shipped_numbers_pass_their_schema_and_read_the_same_from_bytes() -> None:
    """The numbers file passes its schema, and the kept-check path builds the very same numbers from its bytes."""
    checked = check_shipped()
    assert checked == from_table(tomllib.loads(numbers_file().read_text("utf-8"))) == shipped_numbers()
    # G-9's compensations are each one player count's own: player 2 of two starts with 1 VP; of three, player 1
    # with 1 VP and player 3 with 2 VP and two actions; player 4 of four opens with one card fewer (no seat has its
    # own value otherwise)
    assert (checked.stones_per_turn, checked.victory_vp, checked.opening_hand, checked.first_round) == (3, 10, 5, {})
    assert checked.by_players == {2: {"first_round": {"seat2": {"start_vp": 1}}},
                                  3: {"first_round": {"seat1": {"start_vp": 1},
                                                      "seat3": {"start_vp": 2, "action_plays": 2}}},
                                  4: {"first_round": {"seat4": {"opening_hand": 4}}}}


def test_rule_texts_show_the_numbers_g1_g3_g7_st18() -> None:
    """G-1, G-3, G-6, G-7, ST-18 are written with the numbers filled in; no `{key}` is left in any text."""
    rules = load_rules()
    assert all("{" not in r.text and "}" not in r.text for r in rules.values())
    assert "an opening hand of 5 cards" in rules["G-1"].text and "pile of 10 Madness" in rules["G-1"].text
    assert "stones become 3 and their allowances of 1 minion and 1 action play" in rules["G-3"].text
    assert "draws 2 cards and discards down to 10" in rules["G-3"].text
    assert "scores 1 VP (2 for a monster)" in rules["G-6"].text
    assert "earns 1 VP for every location" in rules["G-7"].text and "reached 10 VP" in rules["G-7"].text
    assert "1 VP per 2 Madness cards" in rules["ST-18"].text


def test_setup_deals_the_opening_hands_and_madness_pile_of_the_rules_g1() -> None:
    """G-1: opening hands of 7, seat 2's own first-round hand of 8, and a Madness pile of 4."""
    game = game_with({"opening_hand": 7, "madness_pile": 4, "first_round": {"seat2": {"opening_hand": 8}}})
    assert (hand(game, "Ada"), hand(game, "Bo")) == (7, 8)
    assert len(game.table.zone_cards("madness")) == 4


def test_turn_start_gives_the_stones_and_plays_of_the_rules_g3() -> None:
    """G-3: 4 stones and 2 minion plays a turn; seat 2 has 6 stones in its first turn only, then 4 like seat 1."""
    game = game_with({"stones_per_turn": 4, "minion_plays": 2, "first_round": {"seat2": {"stones_per_turn": 6}}})
    seen = []
    for _ in range(4):
        player = game.table.active()
        seen.append((game.table.turn.turn, player.name, player.stones, player.minion_plays, player.action_plays))
        assert game.act({"act": "end_turn"}).ok
    assert seen == [(1, "Ada", 4, 2, 1), (2, "Bo", 6, 2, 1), (3, "Ada", 4, 2, 1), (4, "Bo", 4, 2, 1)]


def test_end_of_turn_draw_and_hand_limit_read_the_rules_g3() -> None:
    """G-3: seat 1 draws no card at the end of its first turn, 2 at its second; a hand limit of 6 asks a discard."""
    game = game_with({"first_round": {"seat1": {"end_of_turn_draw": 0}}})
    assert game.act({"act": "end_turn"}).ok and hand(game, "Ada") == 5
    assert game.act({"act": "end_turn"}).ok and hand(game, "Bo") == 7
    assert game.act({"act": "end_turn"}).ok and hand(game, "Ada") == 7
    limited = game_with({"hand_limit": 6})
    assert limited.act({"act": "end_turn"}).ok
    assert limited.table.pending is not None and limited.table.pending["prompt"] == "Hand limit 6: discard a card"


HOLDER = """
players = ["Ada", "Bo"]
vp = { Ada = 2 }

[[card]]
ref = "loc"
name = "Alternate Present"
zone = "location"
pos = [1, 2]

[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [1, 2]
"""


@pytest.mark.parametrize(("numbers", "vp", "over"), [({}, 3, False), ({"victory_vp": 3}, 3, True),
                                                    ({"location_vp": 3, "victory_vp": 5}, 5, True)])
def test_victory_and_location_vp_read_the_rules_g7(numbers: dict[str, int], vp: int, over: bool) -> None:
    """G-7: Ada holds a location with 2 VP; she scores location_vp and wins at victory_vp, once Bo's turn has ended
    the round (G-9; the game ended with her turn before G-9)."""
    game = setup(HOLDER)
    game.table.numbers = replace(shipped_numbers(), **numbers)
    assert game.act({"act": "end_turn"}).ok
    assert (game.table.player("Ada").vp, game.table.turn.phase) == (vp, "main")
    assert game.act({"act": "end_turn"}).ok
    assert (game.table.turn.phase == "over", game.table.turn.winner) == (over, "Ada" if over else None)


def test_defeat_vp_reads_the_rules_g6() -> None:
    """G-6: defeating a character scores defeat_vp (3 here)."""
    game = setup('players = ["Ada", "Bo"]\n[[card]]\nref = "a"\nname = "Footman"\nowner = "Ada"\nzone = "board"\n'
                 'pos = [3, 1]\n[[card]]\nref = "b"\nname = "Footman"\nowner = "Bo"\nzone = "board"\npos = [3, 2]\n'
                 'hp = 1\n')
    game.table.numbers = replace(shipped_numbers(), defeat_vp=3)
    assert game.act({"act": "attack", "card": "a", "target": "b"}).ok
    assert game.table.player("Ada").vp == 3


def test_madness_penalty_reads_the_rules_st18() -> None:
    """ST-18: three Madness cards cost 1 VP at one per pair, 3 VP at one per card."""
    game = setup('players = ["Ada", "Bo"]\n' + "".join(
        f'[[card]]\nref = "m{i}"\nname = "Madness"\nowner = "Ada"\nzone = "hand"\n' for i in range(3)))
    assert madness_penalty(game.table, "Ada") == 1
    game.table.numbers = replace(shipped_numbers(), madness_per_vp=1)
    assert madness_penalty(game.table, "Ada") == 3


def sim(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """`countertop sim ... --json` run here; its summary."""
    assert main(["sim", "--json", *argv]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_null_rules_variant_changes_nothing_and_a_rich_one_does(capsys: pytest.CaptureFixture[str]) -> None:
    """A `[rules]` table of the shipped values plays the very same games: every delta and interval is exactly 0.
    6 stones and 2 minion plays a turn, on the same deals, change winners and lengths."""
    summary = sim(capsys, "--games", "8", "--seed", "2", "--bots", "greedy-v1", "greedy-v1", "--workers", "1",
                  "--variant", NULL, "--variant", RICH)
    null, rich = summary["compare"]["variants"]
    assert null["changes"] == [] and null["winner_changed"] == 0 and null["length"]["delta"] == 0
    for part in ("decks", "seats"):
        assert all(d["delta"] == 0 and d["ci"] == [0, 0] for d in null[part].values())
    assert all(m["delta"] == 0 for m in null["mechanics"].values())
    assert rich["changes"] == ["rules stones_per_turn 3 -> 6", "rules minion_plays 1 -> 2"]
    assert rich["winner_changed"] > 0 and rich["length"]["delta"] != 0


BAD = [
    ("[rules]\nstones = 4", "rules: unknown key 'stones'"),
    ("[rules]\nstones_per_turn = -1", "rules.stones_per_turn: must be at least 0, not -1"),
    ("[rules]\nvictory_vp = \"ten\"", "rules.victory_vp: must be an integer, not 'ten'"),
    ("[rules]\nhand_limit = true", "rules.hand_limit: must be an integer, not True"),
    ("[rules]\nturn_limit = 5000", "rules.turn_limit: must be at most 1000, not 5000"),
    ("rules = 3", "rules: must be a table of rule numbers, not 3"),
    ("[rules.first_round.seat7]\nopening_hand = 6", "rules.first_round.seat7: a seat must be one of seat1, seat2"),
    ("[rules.first_round.seat2]\nhand_limit = 6", "rules.first_round.seat2: unknown key 'hand_limit'"),
    ("[rules.first_round.seat2]\nopening_hand = 21", "rules.first_round.seat2.opening_hand: must be at most 20"),
    ("[rules]\nfirst_round = 3", "rules.first_round: must be a table, not 3"),
    ("[rules.five_players]\nstart_vp = 1", "rules: unknown key 'five_players'"),
    ("[rules.two_players]\nvictory_vp = 0", "rules.two_players.victory_vp: must be at least 1, not 0"),
    ("[rules.two_players]\nstones = 4", "rules.two_players: unknown key 'stones'"),
    ("[rules.three_players.first_round.seat2]\nhand_limit = 6",
     "rules.three_players.first_round.seat2: unknown key 'hand_limit'"),
    ("[rules]\ntwo_players = 3", "rules.two_players: must be a table, not 3"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_rules_table_is_one_line_naming_the_file_and_key(text: str, message: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Each malformed rule key or value: exit 2, one line naming the file and the key, nothing played."""
    path = tmp_path / "bad.toml"
    path.write_text(text + "\n", encoding="utf-8")
    assert main(["sim", "--games", "2", "--workers", "1", "--variant", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert err.startswith(f"countertop: {path}: {message}"), err


def test_rules_variant_round_trips(tmp_path: Path) -> None:
    """A variant with `[rules]` and a seat's first round, written out, reads back to the same numbers."""
    made = build_variant("comp", {}, {}, "t.toml", {"victory_vp": 12, "first_round": {"seat2": {"opening_hand": 6}}})
    path = tmp_path / "again.toml"
    path.write_text(made.toml(), encoding="utf-8")
    again = load_variant(str(path))
    assert again.rules == made.rules and again.contents == made.contents
    assert isinstance(again.contents.numbers, Numbers) and again.contents.numbers.for_seat("opening_hand", 1, True) == 6
    assert made.changes() == ["rules victory_vp 10 -> 12", "rules first_round.seat2.opening_hand 5 -> 6"]


def test_a_player_counts_own_numbers_apply_to_that_count_only_g9(tmp_path: Path) -> None:
    """G-9: `[two_players.first_round.seat2] start_vp = 2` and `[two_players] victory_vp = 8` give seat 2 of two
    players 2 VP before the first turn (1 in the shipped rules) and end a two-player game at 8; three players keep
    the rules as they are.
    The variant reads back from the file it writes, and says what it changed by player count."""
    made = build_variant("two", {}, {}, "t.toml", {"two_players": {"victory_vp": 8,
                                                                   "first_round": {"seat2": {"start_vp": 2}}}})
    numbers = made.contents.numbers
    assert numbers is not None
    assert made.changes() == ["rules two_players.victory_vp 10 -> 8", "rules two_players.first_round.seat2.start_vp "
                              "1 -> 2"]
    two = Game(new_game(["Ada", "Bo"], None, 3, made.contents))
    assert [p.vp for p in two.table.seated] == [0, 2] and two.table.numbers.victory_vp == 8
    three = Game(new_game(["Ada", "Bo", "Cy"], None, 3, made.contents))
    assert [p.vp for p in three.table.seated] == [1, 0, 2] and three.table.numbers.victory_vp == 10
    assert numbers.for_players(4) == shipped_numbers().for_players(4)
    assert numbers.for_players(2).for_players(2) == numbers.for_players(2)
    path = tmp_path / "again.toml"
    path.write_text(made.toml(), encoding="utf-8")
    assert "[rules.two_players]\nvictory_vp = 8\n\n[rules.two_players.first_round.seat2]\nstart_vp = 2" in made.toml()
    assert load_variant(str(path)).contents == made.contents


def test_tune_candidates_keep_the_starting_variants_rules(tmp_path: Path) -> None:
    """`tune --variant` from a file with `[rules]`: every candidate plays with those numbers, and the variant file
    it writes keeps the table."""
    path = tmp_path / "start.toml"
    path.write_text("[rules.first_round.seat2]\nminion_plays = 2\n", encoding="utf-8")
    start = start_variant(str(path))
    made = candidates(start, "clockwork_vanguard", True, ["Archer"])
    assert len(made) == 6 and all(c.variant.contents.numbers == start.contents.numbers for c in made)
    assert "[rules.first_round.seat2]\nminion_plays = 2" in made[0].variant.toml()


def test_second_seats_two_minions_compensation_g3() -> None:
    """G-3: the fair-start variant of docs/balance.md gives seat 2 two minion plays in its first turn only (its
    effect on the seats, measured over 2,000 paired games, is in docs/balance.md)."""
    fair = load_variant(str(HERE / "seat2_two_minions.toml"))
    assert fair.changes() == ["rules first_round.seat2.minion_plays 1 -> 2"]
    game = Game(new_game(["Ada", "Bo"], None, 0, fair.contents))
    plays = []
    for _ in range(4):
        plays.append(game.table.active().minion_plays)
        assert game.act({"act": "end_turn"}).ok
    assert plays == [1, 2, 1, 1]
