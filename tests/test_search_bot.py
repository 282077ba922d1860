"""The reference search bot (`ismcts-v1`, the last release's ismcts): it finds the winning line where the reference
greedy (`greedy-v1`) doesn't; budgets and `--bots` parsing."""

from __future__ import annotations

import json

import pytest

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.bots.search import IsmctsBot, key, text
from game.bots.simple import GreedyBot
from game.cli import main
from game.engine import Game
from tests.conftest import scenario

LOCATIONS = "".join(f"""
[[card]]
ref = "loc{x}"
name = "Alternate Present"
zone = "location"
pos = [{x}, 2]
""" for x in (1, 3, 5))

EVASIVE = """
players = ["Ada", "Bo"]
vp = { Ada = 9, Bo = 0 }
""" + LOCATIONS + """
[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [1, 1]

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [0, 1]
hp = 1

[[do]]
act = "effect"
op = "grant_evasion"
target = "b"
type = "physical"
value = 90
"""

ORDER = """
players = ["Ada", "Bo"]
vp = { Ada = 8, Bo = 0 }
""" + LOCATIONS + """
[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [2, 1]

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [2, 2]
hp = 1
"""


# Ada and Bo both at 9 VP, Bo's b (3 HP) holding the location at [5, 2]: unless Ada scores this turn, Bo
# scores that location as his turn ends and wins. Ada has just played Sidelined Girlfriend (tapped, at home),
# whose on-play offers to put a card from her hand into stasis; Fast Forward is in that hand.
STASIS_RACE = """
players = ["Ada", "Bo"]
vp = { Ada = 9, Bo = 9 }
""" + LOCATIONS + """
[[card]]
ref = "girl"
name = "Sidelined Girlfriend"
owner = "Ada"
zone = "hand"

[[card]]
ref = "ff"
name = "Fast Forward"
owner = "Ada"
zone = "hand"

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [5, 2]
hp = 3
"""

GIRLFRIEND_PLAYED = """
[[do]]
act = "play"
card = "girl"
to = [0, 0]
"""

LETTER_IN_STASIS = STASIS_RACE + """
[[card]]
ref = "letter"
name = "Letter From Another Time"
owner = "Ada"
zone = "stasis"
stasis_counters = 1
""" + GIRLFRIEND_PLAYED

LETTER_IN_HAND = STASIS_RACE + """
[[card]]
ref = "letter"
name = "Letter From Another Time"
owner = "Ada"
zone = "hand"
""" + GIRLFRIEND_PLAYED


def letter_back_and_lethal(counters: int) -> list[dict[str, object]]:
    """The line that wins a stasis race once the Letter is in stasis and Fast Forward in hand.

    Fast Forward takes the Letter's `counters` off (ST-10), the Letter comes back as an extra play (ST-11), and
    its from-stasis text kills b for Ada's tenth VP (G-6, G-7).
    """
    return [{"act": "play", "card": "ff", "target": "letter"}, {"act": "choose", "option": counters},
            {"act": "play_from_stasis", "card": "letter", "target": "b"}, {"act": "end_turn"}]


def first_choice(game: Game, bot: object) -> dict[str, object]:
    seen = Observation.of(game)
    return bot.choose(seen)  # type: ignore[attr-defined, no-any-return]


def play_turn(game: Game, bot: object) -> list[dict[str, object]]:
    """Let one bot play the acting seat until its turn is over (or the game is); the actions it took."""
    table = game.table
    turn, line = table.turn.turn, []
    while table.turn.phase != "over" and table.turn.turn == turn:
        action = first_choice(game, bot)
        assert game.act(action).ok
        line.append(action)
    return line


def stasis_race_outcome(game: Game) -> tuple[int, int, str, object]:
    """Ada's VP, Bo's VP, where b is, and the winner (None while the game goes on)."""
    v = game.view()
    return v["players"]["Ada"]["vp"], v["players"]["Bo"]["vp"], v["cards"]["b"]["zone"], game.table.turn.winner


def bo_wins_next_turn(game: Game) -> None:
    """Ada's turn left b on its location at 9-9: Bo's end of turn scores his tenth VP (G-7); closes the game."""
    assert stasis_race_outcome(game) == (9, 9, "board", None)
    assert game.act({"act": "end_turn"}).ok
    assert stasis_race_outcome(game) == (9, 10, "board", "Bo")
    game.close()


def search_wins(text: str, stash: str, counters: int) -> None:
    """ismcts (64 playouts, seed 1) answers the Girlfriend's stasis with `stash`, then wins the race this turn: Ada
    reaches 10, and Bo, his Footman gone, ends the round (G-9) at 9."""
    game = scenario(text)
    line = play_turn(game, IsmctsBot(1, playouts=64))
    assert line == [{"act": "choose", "option": stash}, *letter_back_and_lethal(counters)]
    assert stasis_race_outcome(game) == (10, 9, "discard", None)
    assert game.act({"act": "end_turn"}).ok
    assert game.table.turn.winner == "Ada"
    assert game.view()["players"]["Ada"]["stasis"] == []
    game.close()


def test_lethal_through_an_evasion_roll_the_search_takes_the_sure_win() -> None:
    """Ada needs 1 VP: killing b scores it only if b's 90% evasion fails; standing on a location scores it surely."""
    game = scenario(EVASIVE)
    assert game.view()["cards"]["b"]["evasion"]["physical"] == 90
    assert first_choice(game, GreedyBot(1)) == {"act": "attack", "card": "f", "target": "b"}
    assert first_choice(game, IsmctsBot(1, playouts=40)) == {"act": "move", "card": "f", "to": [1, 2]}
    game.close()


def test_move_before_attacking_the_search_finds_kill_and_location_together() -> None:
    """Ada at 8 VP: greedy kills b first (9 VP) and, tapped, can't reach the location; moving first wins."""
    game = scenario(ORDER)
    assert first_choice(game, GreedyBot(1)) == {"act": "attack", "card": "f", "target": "b"}
    bot = IsmctsBot(2, playouts=40)
    first = first_choice(game, bot)
    assert first in ({"act": "move", "card": "f", "to": [1, 2]}, {"act": "move", "card": "f", "to": [3, 2]})
    assert game.act(first).ok
    assert first_choice(game, bot) == {"act": "attack", "card": "f", "target": "b"}
    game.close()


def test_holding_fast_forward_for_the_letter_in_stasis_st15_st10_st11() -> None:
    """ST-15, ST-10, ST-11: greedy answers yes to every "you may" and so puts its only card, Fast Forward, into
    stasis; the search declines, keeping Fast Forward to bring the Letter (1 counter) out of stasis for the kill."""
    greedy_game = scenario(LETTER_IN_STASIS)
    assert greedy_game.view()["pending"]["options"] == ["ff", "no"]
    assert play_turn(greedy_game, GreedyBot(1)) == [{"act": "choose", "option": "ff"}, {"act": "end_turn"}]
    cards = greedy_game.view()["cards"]
    assert (cards["ff"]["zone"], cards["ff"]["stasis_counters"]) == ("stasis", 2)
    assert (cards["letter"]["zone"], cards["letter"]["stasis_counters"]) == ("stasis", 1)
    assert cards["b"]["hp"] == 3
    bo_wins_next_turn(greedy_game)
    search_wins(LETTER_IN_STASIS, "no", 1)


def test_putting_the_letter_into_stasis_brings_it_back_this_turn_st15_st10_st11() -> None:
    """ST-15, ST-10, ST-11: the Girlfriend's stasis should take the Letter (not a play, so the action play stays
    free for Fast Forward), which then comes straight back lethal. Greedy scores either card alike and, with seed
    2, stashes Fast Forward and plays the Letter from hand: it goes into stasis by its own text (ST-2), no damage."""
    greedy_game = scenario(LETTER_IN_HAND)
    assert greedy_game.view()["pending"]["options"] == ["ff", "letter", "no"]
    assert play_turn(greedy_game, GreedyBot(2)) == [{"act": "choose", "option": "ff"},
                                                    {"act": "play", "card": "letter"}, {"act": "end_turn"}]
    cards = greedy_game.view()["cards"]
    assert [(cards[r]["zone"], cards[r]["stasis_counters"]) for r in ("ff", "letter")] == [("stasis", 2)] * 2
    bo_wins_next_turn(greedy_game)
    search_wins(LETTER_IN_HAND, "letter", 2)


def test_a_tree_key_is_one_for_the_same_action_and_another_for_any_other() -> None:
    """Tree keys are the actions' sorted fields, lists as tuples: the same fields in any order are one key, a
    different square, path or target another; the JSON text that breaks root ties is the sorted dump."""
    shove = {"act": "ability", "card": "f", "ability": "Shove", "target": "b", "path": [[2, 1], [2, 0]]}
    assert key(shove) == key({"path": [[2, 1], [2, 0]], "target": "b", "ability": "Shove", "card": "f",
                              "act": "ability"})
    assert key(shove) == (("ability", "Shove"), ("act", "ability"), ("card", "f"), ("path", ((2, 1), (2, 0))),
                          ("target", "b"))
    others = [{**shove, "path": [[2, 1]]}, {**shove, "target": "c"}, {"act": "move", "card": "f", "to": [2, 1]},
              {"act": "move", "card": "f", "to": [1, 2]}, {"act": "end_turn"}]
    assert len({key(a) for a in [shove, *others]}) == 6
    assert text({"card": "f", "act": "move", "to": [2, 1]}) == '{"act": "move", "card": "f", "to": [2, 1]}'


def test_a_playout_budget_is_reproducible_and_one_legal_action_needs_no_search() -> None:
    game = Game.new(["P1", "P2"], None, 4)
    seen = Observation.of(game)
    assert make_bot("ismcts:6", 3).choose(seen) == make_bot("ismcts:6", 3).choose(seen)
    assert make_bot("ismcts:6", 3).choose(seen) in seen.actions
    only = Observation("P1", seen.view, [{"act": "end_turn"}])
    assert IsmctsBot(0, playouts=5).choose(only) == {"act": "end_turn"}
    counted = IsmctsBot(0, playouts=5)
    counted.choose(seen)
    counted.choose(seen)
    assert counted.iterations == 10  # what bench's playouts per second count
    game.close()


@pytest.mark.parametrize("spec,playouts,ms", [("ismcts-v1", 128, None), ("ismcts-v1:200", 200, None),
                                              ("ismcts-v1:300ms", None, 300.0)])
def test_bot_specs_name_a_budget(spec: str, playouts: int | None, ms: float | None) -> None:
    bot = make_bot(spec, 0)
    assert isinstance(bot, IsmctsBot) and (bot.playouts, bot.ms) == (playouts, ms)


@pytest.mark.parametrize("spec,playouts,ms", [("ismcts-v1", None, 350.0), ("ismcts-v1:200", 200, None),
                                              ("ismcts-v1:300ms", None, 300.0)])
def test_a_window_seat_thinks_for_a_time_unless_its_spec_names_a_budget(spec: str, playouts: int | None,
                                                                         ms: float | None) -> None:
    bot = make_bot(spec, 0, window=True)
    assert isinstance(bot, IsmctsBot) and (bot.playouts, bot.ms) == (playouts, ms)


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:many", "greedy:5", "minimax", "ismcts:-3ms"])
def test_bad_bot_specs_are_refused(spec: str) -> None:
    with pytest.raises((KeyError, ValueError)):
        make_bot(spec, 0)


def sim_summary(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["sim", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_sim_seats_a_search_bot_against_greedy_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    first = sim_summary(capsys, "--games", "2", "--seed", "3", "--bots", "ismcts:3", "greedy", "--check")
    assert first["games"] == 2 and first["hit_turn_limit"] == []
    wins = first["wins_by_bot"]
    assert isinstance(wins, dict) and set(wins) <= {"ismcts:3", "greedy"} and sum(wins.values()) >= 2
    assert sim_summary(capsys, "--games", "2", "--seed", "3", "--bots", "ismcts:3", "greedy", "--check") == first


@pytest.mark.parametrize("players,bots", [(3, ["ismcts:2", "greedy", "random"]),
                                          (4, ["random", "ismcts:2", "greedy", "greedy"])])
def test_sim_mixes_any_bots_for_three_and_four_players(capsys: pytest.CaptureFixture[str], players: int,
                                                        bots: list[str]) -> None:
    summary = sim_summary(capsys, "--games", "1", "--seed", "9", "--players", str(players), "--bots", *bots)
    assert summary["games"] == 1 and summary["hit_turn_limit"] == []
    wins = summary["wins_by_bot"]
    assert isinstance(wins, dict) and set(wins) <= set(bots) and sum(wins.values()) >= 1


@pytest.mark.parametrize(("spec", "why"), [
    ("ismcts:0", "bad bot 'ismcts:0': an ismcts budget is 1 to 100000 playouts, not '0'"),
    ("genius", "unknown bot 'genius'"), ("greedy:9", "unknown bot 'greedy:9'"),
])
def test_sim_refuses_a_bad_bot_in_one_line(capsys: pytest.CaptureFixture[str], spec: str, why: str) -> None:
    assert main(["sim", "--games", "1", "--bots", spec, "greedy"]) == 2
    err = capsys.readouterr().err
    assert err == (f"countertop: {why}; bots: random, greedy, ismcts, ismcts:PLAYOUTS, ismcts:MSms, greedy-v1, "
                   "ismcts-v1[:BUDGET], greedy-no:MECHANIC, ismcts-no:MECHANIC[:BUDGET], myopic, easy, normal, "
                   "hard (mechanics: stasis, stun, status, attack, abilities)\n")


ARROWS_LOOP = """
players = ["Ada", "Bo"]

[[card]]
ref = "hawk"
name = "Hawkeye"
owner = "Ada"
zone = "board"
pos = [0, 0]

[[card]]
ref = "a1"
name = "Hawkeye's Arrows"
owner = "Ada"
zone = "hand"

[[card]]
ref = "a2"
name = "Hawkeye's Arrows"
owner = "Ada"
zone = "deck"

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [6, 4]
"""


def test_a_loop_of_extra_plays_ends_the_search_bot_plays_each_card_three_times_a_turn() -> None:
    """Two Hawkeye's Arrows draw each other back as extra actions (ST-8) for ever; like greedy, ismcts plays a card
    at most REPLAYS_PER_TURN times a turn, then the turn ends (before the rule it played 20 of each in 40 actions)."""
    game = scenario(ARROWS_LOOP)
    bot = IsmctsBot(1, playouts=8)
    played: dict[str, int] = {}
    for _ in range(40):
        if game.table.turn.turn != 1:
            break
        action = first_choice(game, bot)
        if action["act"] == "play":
            played[action["card"]] = played.get(action["card"], 0) + 1
        assert game.act(action).ok
    assert game.table.turn.turn == 2 and game.table.active().name == "Bo"
    assert played == {"a1": GreedyBot.REPLAYS_PER_TURN, "a2": GreedyBot.REPLAYS_PER_TURN}
    plays = [e["card"] for e in game.table.log if e["type"] == "CardPlayed"]
    assert sorted(plays) == ["a1"] * GreedyBot.REPLAYS_PER_TURN + ["a2"] * GreedyBot.REPLAYS_PER_TURN
    game.close()
