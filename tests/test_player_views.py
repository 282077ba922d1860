"""Views by player: what each player may know, and nothing hidden in any form (own hand, public zones, counts)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.engine import Game
from game.io.view import HIDDEN, visible_to
from tests.conftest import scenario

ROOT = Path(__file__).resolve().parent.parent


def play_some(players: int, game_seed: int, steps: int, bots: list[str]) -> Game:
    """A standard game after `steps` bot actions (a random mix of random and greedy seats)."""
    names = [f"P{i + 1}" for i in range(players)]
    game = Game.new(names, None, game_seed)
    seats = {n: make_bot(bots[i % len(bots)], game_seed + i) for i, n in enumerate(names)}
    for _ in range(steps):
        if game.table.turn.phase == "over":
            break
        assert game.act(seats[game.table.acting_player()].choose(Observation.of(game))).ok
    return game


def rename_everywhere(value: Any, names: dict[str, str]) -> Any:
    """Every string that is a ref (or `kind:ref`) in `names`, renamed, through lists and dicts."""
    if isinstance(value, str):
        kind, sep, rest = value.partition(":")
        if value in names:
            return names[value]
        return f"{kind}:{names[rest]}" if sep and rest in names else value
    if isinstance(value, list):
        return [rename_everywhere(v, names) for v in value]
    if isinstance(value, dict):
        return {k: rename_everywhere(v, names) for k, v in value.items()}
    return value


def twin(game: Game, player: str | None, rng: random.Random) -> tuple[Game, set[str]]:
    """The same game but for what `player` (None: nobody) can't see: hidden cards renamed and redealt.

    Each owner's hidden cards (their hand for another player, their deck, the Madness pile's cards) swap
    places (zone, arrival, holder) among themselves, and every hidden ref becomes an unusual token. A hidden
    card that the waiting choice or the effect queue names (the hand a hand-limit discard offers) keeps its
    place, only renamed: the choice could not name it anywhere else.
    """
    table = game.table
    hidden = [table.ref(e) for e in table.cards() if not visible_to(game.table, e, player)]
    names = {ref: f"zq{rng.randrange(10**9)}hid{i}" for i, ref in enumerate(hidden)}
    state = game.to_state()
    named = {part for text in strings_in([state.get("pending"), state.get("queue")])
             for part in (text, text.partition(":")[2])}
    by_owner: dict[Any, list[dict[str, Any]]] = {}
    for card in state["cards"]:
        if card["ref"] in names and card["ref"] not in named:
            by_owner.setdefault(card["owner"], []).append(card)
    for cards in by_owner.values():
        places = [(c["zone"], c["seq"], c["controller"]) for c in cards]
        rng.shuffle(places)
        for card, (zone, seq, controller) in zip(cards, places, strict=True):
            card.update(zone=zone, seq=seq, controller=controller)
    other = Game.from_state(rename_everywhere(state, names))
    table.enter()
    return other, set(names.values()) | set(hidden)


def strings_in(value: Any) -> set[str]:
    """Every string (keys and values) in a JSON-ready value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return set().union(*map(strings_in, value)) if value else set()
    if isinstance(value, dict):
        return set(value) | (set().union(*map(strings_in, value.values())) if value else set())
    return set()


@seed(1313)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(players=st.integers(2, 4), game_seed=st.integers(0, 10**6), steps=st.integers(0, 220),
       bots=st.lists(st.sampled_from(["random", "greedy-v1"]), min_size=1, max_size=4), swap=st.integers(0, 10**6))
def test_no_view_shows_a_hidden_card_in_any_form(players: int, game_seed: int, steps: int, bots: list[str],
                                                 swap: int) -> None:
    game = play_some(players, game_seed, steps, bots)
    rng = random.Random(swap)
    for player in [*game.table.players_order, None]:
        seen = game.view(player) if player is not None else game.public_view()
        other, secret = twin(game, player, rng)
        assert (other.view(player) if player is not None else other.public_view()) == seen, \
            "two games that differ only in hidden cards look different"
        assert not strings_in(seen) & secret, "a hidden ref appears in the view"
        other.close()
        game.table.enter()
        json.dumps(seen)
    game.close()


def test_a_twin_keeps_the_cards_a_waiting_hand_limit_choice_names_g3() -> None:
    """G-3: while Ada chooses a card to discard, her hand is the choice's options; the twin for Bo (and for
    nobody) still swaps her other hidden cards, renames all of them, and looks the same to him."""
    cards = "".join(f'[[card]]\nref = "{ref}"\nname = "{name}"\nowner = "Ada"\nzone = "{zone}"\n'
                    for ref, name, zone in [*((f"h{i}", "Footman", "hand") for i in range(9)),
                                            *((f"d{i}", "Archer", "deck") for i in range(4))])
    game = scenario(f'players = ["Ada", "Bo"]\n{cards}[[do]]\nact = "end_turn"\n')
    assert game.table.pending is not None and game.table.pending["player"] == "Ada"
    assert len(game.table.pending["options"]) == 11
    for player in ("Bo", None):
        seen = game.view(player) if player is not None else game.public_view()
        other, secret = twin(game, player, random.Random(7))
        assert (other.view(player) if player is not None else other.public_view()) == seen
        assert not strings_in(seen) & secret
        other.close()
        game.table.enter()
    game.close()


def test_a_view_shows_own_hand_public_zones_and_counts_of_the_rest() -> None:
    game = play_some(2, 5, 40, ["greedy-v1"])
    full = game.view()
    for player in game.table.players_order:
        seen = game.view(player)
        assert seen["viewer"] == player and "seed" not in seen and full["seed"] == 5
        mine, theirs = seen["players"][player], seen["players"][next(p for p in full["players"] if p != player)]
        assert mine["hand"] == full["players"][player]["hand"]
        for name, entry in seen["players"].items():
            assert "deck" not in entry
            assert entry["deck_size"] == len(full["players"][name]["deck"])
            assert entry["hand_size"] == len(full["players"][name]["hand"])
            assert entry["discard"] == full["players"][name]["discard"]
            assert entry["stasis"] == full["players"][name]["stasis"]
        assert theirs["hand"] == []
        assert seen["madness_pile"] == sum(1 for c in full["cards"].values() if c["zone"] == "madness")
        public = {r for r, c in full["cards"].items()
                  if c["zone"] in ("board", "location", "discard", "stasis", "removed")}
        assert set(seen["cards"]) == public | set(mine["hand"])
        assert all(seen["cards"][r] == full["cards"][r] for r in seen["cards"])
        assert seen["last_rolls"] == full["last_rolls"]
        started = next(e for e in seen["log"] if e["type"] == "GameStarted")
        assert "seed" not in started and started["decks"] == next(
            e for e in full["log"] if e["type"] == "GameStarted")["decks"]
        for mine_e, full_e in zip(seen["log"], full["log"], strict=True):
            if full_e["type"] == "CardDrawn":
                assert mine_e["card"] == (full_e["card"] if full_e["player"] == player else HIDDEN)
    game.close()


HAND_LIMIT = """
players = ["Ada", "Bo"]
[[card]]
ref = "wish"
name = "Wish"
owner = "Ada"
zone = "hand"
""" + "".join(f"""
[[card]]
ref = "f{i}"
name = "Footman"
owner = "Ada"
zone = "{'hand' if i < 8 else 'deck'}"
""" for i in range(11)) + """
[[do]]
act = "end_turn"
"""


def test_another_players_choice_among_hidden_cards_shows_only_a_card() -> None:
    game = scenario(HAND_LIMIT)
    assert game.table.pending is not None and game.table.pending["player"] == "Ada"
    ada, bo = game.view("Ada"), game.view("Bo")
    assert ada["pending"]["options"] == game.table.pending["options"]
    assert bo["pending"]["options"] == [HIDDEN] * 11
    assert bo["pending"]["prompt"] == "Hand limit 10: discard a card"
    pending_log = next(e for e in bo["log"] if e["type"] == "ChoicePending")
    assert pending_log["options"] == [HIDDEN] * 11
    assert [e["card"] for e in bo["log"] if e["type"] == "CardDrawn"] == [HIDDEN, HIDDEN]
    assert [e["card"] for e in ada["log"] if e["type"] == "CardDrawn"] == ["f8", "f9"]
    assert game.act({"act": "choose", "option": "wish"}).ok
    bo = game.view("Bo")
    assert next(e for e in bo["log"] if e["type"] == "ChoiceMade")["option"] == "wish"
    assert bo["players"]["Ada"]["discard"] == ["wish"] and bo["cards"]["wish"]["zone"] == "discard"
    assert "f3" not in bo["cards"]
    game.close()


def test_view_without_a_player_is_the_full_dump_and_an_unknown_player_is_refused() -> None:
    game = scenario(HAND_LIMIT)
    full = game.view()
    assert full["players"]["Ada"]["deck"] == ["f10"] and len(full["players"]["Ada"]["hand"]) == 11
    assert "viewer" not in full
    try:
        game.view("Cy")
    except KeyError as err:
        assert err.args == ("Cy",)
    else:
        raise AssertionError("an unknown player got a view")
    game.close()


def countertop(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT)


def test_scenario_json_as_a_player_prints_that_players_view() -> None:
    path = str(ROOT / "tests" / "scenarios" / "g3_hand_limit_discard_choice.toml")
    done = countertop("scenario", path, "--json", "--as", "Bo")
    assert done.returncode == 0, done.stderr
    dump = json.loads(done.stdout)
    assert dump["viewer"] == "Bo"
    assert dump["players"]["Ada"]["hand"] == [] and dump["players"]["Ada"]["hand_size"] == 10
    assert set(dump["cards"]) == {"h9"}
    assert dump["rejected"] == [{"step": 1, "act": "end_turn"}]
    bad = countertop("scenario", path, "--json", "--as", "Cy")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip() == f"countertop: --as: no player 'Cy' in {path}; players: Ada, Bo"
    alone = countertop("scenario", path, "--as", "Bo")
    assert alone.returncode == 2
    assert "--as NAME needs --json" in alone.stderr


def test_the_neutral_view_shows_no_hand_and_the_same_public_facts() -> None:
    game = play_some(3, 8, 30, ["greedy-v1", "random"])
    neutral, one = game.public_view(), game.view("P1")
    assert neutral["viewer"] is None
    assert all(p["hand"] == [] for p in neutral["players"].values())
    assert set(one["cards"]) - set(neutral["cards"]) == set(one["players"]["P1"]["hand"])
    assert [p["hand_size"] for p in neutral["players"].values()] == [p["hand_size"] for p in one["players"].values()]
    game.close()
