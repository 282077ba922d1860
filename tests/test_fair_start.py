"""G-9, a fair start: the game ends with the round, a tie goes to the later seat, players 3 and 4 have a head start;
and `countertop tune --seats`, which measured it (game/tools/seats.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import setup

from game.cli import main
from game.core.numbers import overlaid, shipped_numbers
from game.engine import Game
from game.io.setup import new_game
from game.tools.seats import UNFAIR, candidates, deals, judged, seat_rates, start_variant
from game.tools.sim import GameResult
from game.tools.variant import build_variant, load_variant

RACE = """
players = ["Ada", "Bo"]
vp = { Ada = 9, Bo = 9 }

[[card]]
ref = "loc1"
name = "Alternate Present"
zone = "location"
pos = [1, 2]

[[card]]
ref = "loc5"
name = "Alternate Present"
zone = "location"
pos = [5, 2]

[[card]]
ref = "a"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [1, 2]

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [5, 2]
"""
"""Ada and Bo at 9 VP, each holding a location: each reaches 10 at the end of their own turn."""


def race(**numbers: int) -> Game:
    """RACE with these numbers over the shipped ones."""
    game = setup(RACE)
    game.table.numbers = replace(shipped_numbers(), **numbers)
    return game


def test_shipped_rules_give_players_1_and_3_of_three_a_head_start_g9() -> None:
    """G-9: on a seeded three-player table, player 1 starts with 1 VP and player 3 with 2, each logged as starting
    VP, and player 3 may play 2 actions in their first turn; from the second round on everyone has 1 and 1 again."""
    game = Game(new_game(["Ada", "Bo", "Cy"], None, 7))
    assert [p.vp for p in game.table.players()] == [1, 0, 2]
    gained = [e for e in game.table.log if e["type"] == "VictoryPoints"]
    assert [(e["player"], e["change"], e["reason"]) for e in gained] == [("Ada", 1, "starting VP (G-9)"),
                                                                       ("Cy", 2, "starting VP (G-9)")]
    seen = []
    for _ in range(6):
        player = game.table.active()
        seen.append((game.table.turn.turn, player.name, player.minion_plays, player.action_plays))
        assert game.act({"act": "end_turn"}).ok
    assert seen == [(1, "Ada", 1, 1), (2, "Bo", 1, 1), (3, "Cy", 1, 2), (4, "Ada", 1, 1), (5, "Bo", 1, 1),
                    (6, "Cy", 1, 1)]


def test_shipped_rules_give_player_4_of_four_one_card_fewer_and_nobody_a_head_start_g9() -> None:
    """G-9: on a seeded four-player table nobody starts with VP or extra plays, and player 4's opening hand is 4
    cards where the others' are 5 (their deck holds the fifth)."""
    game = Game(new_game(["Ada", "Bo", "Cy", "Di"], None, 7))
    table = game.table
    assert [p.vp for p in table.players()] == [0, 0, 0, 0]
    assert [len(table.zone_cards("hand", p.name)) for p in table.players()] == [5, 5, 5, 4]
    assert [len(table.zone_cards("deck", p.name)) for p in table.players()] == [15, 15, 15, 16]
    seen = []
    for _ in range(4):
        player = table.active()
        seen.append((player.name, player.minion_plays, player.action_plays, player.stones))
        assert game.act({"act": "end_turn"}).ok
    assert seen == [("Ada", 1, 1, 3), ("Bo", 1, 1, 3), ("Cy", 1, 1, 3), ("Di", 1, 1, 3)]


def test_shipped_rules_give_player_2_of_two_one_vp_g9() -> None:
    """G-9: in a two-player game player 2 starts with 1 VP, logged as a starting VP before the first turn, and has
    the same plays as player 1; with three or four players, player 2 starts with none."""
    game = Game(new_game(["Ada", "Bo"], None, 7))
    assert [p.vp for p in game.table.players()] == [0, 1]
    gained = [e for e in game.table.log if e["type"] == "VictoryPoints"]
    assert [(e["player"], e["change"], e["reason"]) for e in gained] == [("Bo", 1, "starting VP (G-9)")]
    seen = []
    for _ in range(2):
        player = game.table.active()
        seen.append((player.name, player.minion_plays, player.action_plays, player.stones))
        assert game.act({"act": "end_turn"}).ok
    assert seen == [("Ada", 1, 1, 3), ("Bo", 1, 1, 3)]
    assert [p.vp for p in Game(new_game(["Ada", "Bo", "Cy"], None, 7)).table.players()] == [1, 0, 2]


def test_a_goal_reached_mid_round_ends_the_game_with_the_round_g9() -> None:
    """G-9: Ada reaches 10 VP in her turn and the game goes on; Bo plays his turn (he reaches 10 too), and then it is
    over; the tie goes to Bo, who sat later."""
    game = race()
    assert game.act({"act": "end_turn"}).ok
    assert (game.table.player("Ada").vp, game.table.turn.phase) == (10, "main")
    assert game.act({"act": "end_turn"}).ok
    assert (game.table.turn.phase, game.table.turn.winner, game.table.player("Bo").vp) == ("over", "Bo", 10)


def test_without_g9_the_turn_ends_the_game_and_ties_go_by_characters_g7() -> None:
    """G-7 with round_end and tie_break off (a variant's old rules): Ada's turn ends the game at 10 against 9; a tie
    of VP and characters is shared."""
    game = race(round_end=0, tie_break=0)
    assert game.act({"act": "end_turn"}).ok
    assert (game.table.turn.phase, game.table.turn.winner) == ("over", "Ada")
    shared = race(tie_break=0)
    assert shared.act({"act": "end_turn"}).ok and shared.act({"act": "end_turn"}).ok
    assert shared.table.turn.winner == ["Ada", "Bo"]


def test_candidates_come_from_the_numbers_table_g9() -> None:
    """`tune --seats` tries each on/off number on (alone and together) and each first-round number for the later
    seats; from the shipped rules, whose switches are on, only the first-round ones."""
    old = replace(shipped_numbers(), round_end=0, tie_break=0, first_round={})
    labels = [c.label for c in candidates(old)]
    assert labels[:4] == ["as they are", "round_end 1", "tie_break 1", "round_end 1, tie_break 1"]
    assert "round_end 1, tie_break 1, start_vp +1 per seat after the first" in labels
    found = {c.label: c for c in candidates(old)}
    assert found["minion_plays +1 per seat after the first"].changes == {
        "two_players": {"first_round": {"seat2": {"minion_plays": 2}}},
        "three_players": {"first_round": {"seat2": {"minion_plays": 2}, "seat3": {"minion_plays": 3}}},
        "four_players": {"first_round": {"seat2": {"minion_plays": 2}, "seat3": {"minion_plays": 3},
                                         "seat4": {"minion_plays": 4}}}}
    assert found["round_end 1"].changes == {"two_players": {"round_end": 1}, "three_players": {"round_end": 1},
                                            "four_players": {"round_end": 1}}
    assert not any("round_end" in c.label for c in candidates(shipped_numbers()))


def test_a_candidate_counts_from_each_player_counts_own_numbers_g9() -> None:
    """`tune --seats`: "one more" is one more than each player count's own value, so a count's own table (here
    player 2 of two starting with 1 VP) never hides the change."""
    start = start_variant(None)
    found = {c.label: c.changes for c in candidates(start.contents.numbers or shipped_numbers())}
    changed = found["start_vp +1 for seats 2-4"]
    variant = build_variant("test", start.cards, start.decks, "test", overlaid(start.rules, changed))
    numbers = variant.contents.numbers
    assert numbers is not None
    assert [numbers.for_players(2).for_seat("start_vp", s, True) for s in range(2)] == [0, 2]
    for players in (3, 4):
        shipped = shipped_numbers().for_players(players)
        assert [numbers.for_players(players).for_seat("start_vp", s, True) for s in range(players)] == [
            shipped.for_seat("start_vp", s, True) + (s > 0) for s in range(players)]
    assert overlaid({"round_end": 0, "first_round": {"seat3": {"start_vp": 0}}},
                  {"first_round": {"seat3": {"action_plays": 2}}}) == {
        "round_end": 0, "first_round": {"seat3": {"start_vp": 0, "action_plays": 2}}}


def test_candidates_for_one_player_count_are_its_own_table_g9() -> None:
    """Balancing two players alone, each compensation is the `[two_players]` table's and names seat 2 only (the
    "+1" and "+1 per seat" changes are the same for one later seat, so each is tried once)."""
    found = candidates(shipped_numbers(), 2)
    assert [c.label for c in found[:3]] == ["as they are", "opening_hand +1 for seat 2 (2 players only)",
                                            "stones_per_turn +1 for seat 2 (2 players only)"]
    assert found[1].changes == {"two_players": {"first_round": {"seat2": {"opening_hand": 6}}}}
    assert len(found) == 1 + 6
    three = {c.label: c.changes for c in candidates(shipped_numbers(), 3)}
    assert three["start_vp +1 per seat after the first (3 players only)"] == {
        "three_players": {"first_round": {"seat2": {"start_vp": 1}, "seat3": {"start_vp": 4}}}}


def test_each_deal_is_played_from_every_seat() -> None:
    """Three players: deal j has seed j and is played three times, its decks and bots rotated one seat each time."""
    specs = deals(3, 2, 40, ["greedy-v1", "random"], start_variant(None))
    assert [s.seed for s in specs] == [40, 40, 40, 41, 41, 41]
    assert [s.decks for s in specs[:3]] == [("backtimers_stun", "clockwork_vanguard", "fable_guard"),
                                            ("clockwork_vanguard", "fable_guard", "backtimers_stun"),
                                            ("fable_guard", "backtimers_stun", "clockwork_vanguard")]
    assert [s.bots for s in specs[:3]] == [("greedy-v1", "random", "greedy-v1"), ("random", "greedy-v1", "greedy-v1"),
                                           ("greedy-v1", "greedy-v1", "random")]


def result(winner: str) -> GameResult:
    """A two-player game won by `winner`."""
    return GameResult(0, ["a", "b"], ["x", "x"], winner, 10, False)


def test_seat_rates_are_paired_over_deals_and_judged_against_one_in_n() -> None:
    """Seat 1 wins 3 of 4 games (2 deals): 75%, with the paired interval over deals; unfair at ± 3 points."""
    rows = seat_rates([result("P1"), result("P2"), result("P1"), result("P1")], 2)
    assert [(r["seat"], r["wins"], r["rate"]) for r in rows] == [(1, 3, 0.75), (2, 1, 0.25)]
    assert rows[0]["low"] < 0.75 < rows[0]["high"]
    assert judged(rows, 2, stop=False) == UNFAIR


def tune_seats(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """`countertop tune --seats ... --json` run here; its outcome."""
    assert main(["tune", "--seats", "--json", "--workers", "1", "--bots", "greedy-v1", "greedy-v1", *argv]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_tune_seats_measures_the_shipped_rules_on_seeded_deals_g9(capsys: pytest.CaptureFixture[str]) -> None:
    """G-9: `tune --seats --measure --fixed` on 12 two-player games from seed 5: each seat's wins, pinned."""
    out = tune_seats(capsys, "--measure", "--fixed", "--players", "2", "--games", "12", "--seed", "5")
    (row,) = out["tried"]
    assert (row["change"], out["start"]) == ("as they are", "shipped rules")
    (two,) = row["players"]
    assert (two["games"], [s["wins"] for s in two["seats"]]) == (12, PINNED_WINS)


PINNED_WINS = [5, 7]
"""Seat 1's and seat 2's wins in those 12 games with the shipped rules (G-9)."""


def test_tune_without_deck_or_seats_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """`tune` needs --deck, or --seats."""
    assert main(["tune"]) == 2
    assert "--deck is required (or --seats" in capsys.readouterr().err


def test_tune_seats_stops_once_the_sequential_tests_find_a_seat_off_its_share(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The rules before G-9, three players, at most 300 games: the first 50 deals find seat 3 far below 1/3, and
    play stops there, unfair."""
    out = tune_seats(capsys, "--measure", "--players", "3", "--games", "300",
                     "--variant", "tests/variants/before_g9.toml")
    (row,) = out["tried"]
    (three,) = row["players"]
    assert (row["fair"], three["found"], three["games"]) == (False, UNFAIR, 150)
    assert three["seats"][2]["high"] < 1 / 3 - 0.04
    assert out["simplest"] is None


@pytest.mark.parametrize("name,players,vp,hands", [
    ("three_player_head_start.toml", 3, [0, 0, 3], [5, 5, 5]),
    ("four_player_head_starts.toml", 4, [0, 0, 3, 2], [5, 5, 5, 5]),
    ("before_g9.toml", 3, [0, 0, 0], [5, 5, 5]),
    ("before_g9.toml", 4, [0, 0, 0, 0], [5, 5, 5, 5]),
])
def test_the_variants_of_earlier_rules_give_the_starts_they_name_g9(name: str, players: int, vp: list[int],
                                                                    hands: list[int]) -> None:
    """G-9's earlier head starts, kept as variants so their measurements can be run again (docs/balance.md), give a
    seeded table the starting VP and opening hands of their time."""
    made = load_variant(str(Path(__file__).parent / "variants" / name))
    table = Game(new_game(["Ada", "Bo", "Cy", "Di"][:players], None, 7, made.contents)).table
    assert [p.vp for p in table.players()] == vp
    assert [len(table.zone_cards("hand", p.name)) for p in table.players()] == hands
