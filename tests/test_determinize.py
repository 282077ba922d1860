"""Determinizations: the view's facts, hidden cards redrawn from the right pool, seeded; twins look the same to bots."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from game.bots.determinize import Observation, Sampler
from game.bots.registry import make_bot
from game.bots.simple import BOTS, ViewBoard
from game.core.constants import STATUSES
from game.engine import Game
from game.io.view import visible_to
from tests.test_player_views import play_some, twin

STATES = [(2, 11, 25, ["greedy"]), (3, 12, 30, ["random", "greedy"]), (4, 13, 40, ["greedy", "random"])]


def hidden_places(game: Game, player: str) -> Counter[tuple[str | None, str, str | None]]:
    """How many hidden cards each (owner, zone, holder) has."""
    table = game.table
    table.enter()
    return Counter((table.owner(e), table.zone(e), table.controller(e)) for e in table.cards()
                   if not visible_to(game.table, e, player))


def hidden_names(game: Game, player: str) -> dict[str | None, Counter[str]]:
    """The names of the hidden cards, by owner."""
    table = game.table
    table.enter()
    found: dict[str | None, Counter[str]] = {}
    for e in table.cards():
        if not visible_to(game.table, e, player):
            found.setdefault(table.owner(e), Counter())[table.name(e)] += 1
    return found


@pytest.mark.parametrize("players,game_seed,steps,bots", STATES)
def test_a_determinization_keeps_the_views_facts_and_redraws_hidden_cards_from_their_pool(
        players: int, game_seed: int, steps: int, bots: list[str]) -> None:
    game = play_some(players, game_seed, steps, bots)
    for player in game.table.players_order:
        seen = game.view(player)
        sampler = Sampler(game, player)
        moved = 0
        for s in range(4):
            det = sampler.sample(s)
            assert det.view(player) == seen
            assert hidden_places(det, player) == hidden_places(game, player)
            assert hidden_names(det, player) == hidden_names(game, player)
            assert all(r.startswith("hidden-") for r in det.table.refs if r not in seen["cards"])
            assert det.table.history == [] and det.table.dice.forced_d100 == []
            det.table.enter()
            deck = [det.table.name(e) for e in det.table.zone_cards("deck", player)]
            game.table.enter()
            moved += deck != [game.table.name(e) for e in game.table.zone_cards("deck", player)]
            det.close()
        game.table.enter()
        assert len({game.table.name(e) for e in game.table.zone_cards("deck", player)}) > 1
        assert moved >= 3, "own deck order was not redrawn"
    game.close()


def test_the_same_seed_gives_the_same_determinization_and_its_own_dice() -> None:
    game = play_some(2, 21, 80, ["greedy"])
    sampler = Sampler(game, "P1")
    a, b, c = sampler.sample(5), sampler.sample(5), sampler.sample(6)
    assert a.to_state() == b.to_state()
    assert a.to_state() != c.to_state()
    game.table.enter()
    real = game.table.dice.to_json()
    assert a.to_state()["dice"] != real
    for g in (a, b, c):
        g.close()
    game.close()


@pytest.mark.parametrize("players,game_seed,steps,bots", STATES)
def test_determinizations_played_on_leave_what_they_share_as_it_was(
        players: int, game_seed: int, steps: int, bots: list[str]) -> None:
    """Every sample is built from one shared state (cards, turn, log, queue) without a copy of it: playing a
    determinization on changes none of it, so the same seed still gives the same game."""
    game = play_some(players, game_seed, steps, bots)
    sampler = Sampler(game, game.table.acting_player())
    shared = copy.deepcopy(sampler.base)
    first = sampler.sample(7)
    dealt = first.to_state()
    greedy = {n: make_bot("greedy", i) for i, n in enumerate(first.table.players_order)}
    for _ in range(60):
        if first.table.turn.phase == "over":
            break
        assert first.act(greedy[first.table.acting_player()].choose(Observation.of(first))).ok
    assert first.to_state() != dealt
    assert sampler.base == shared
    again = sampler.sample(7)
    assert again.to_state() == dealt
    for g in (first, again):
        g.close()
    game.close()


@pytest.mark.parametrize("players,game_seed,steps,bots", STATES)
def test_two_games_that_differ_only_in_hidden_cards_give_the_same_determinizations_and_choices(
        players: int, game_seed: int, steps: int, bots: list[str]) -> None:
    game = play_some(players, game_seed, steps, bots)
    assert game.table.turn.phase != "over"
    rng = random.Random(game_seed)
    player = game.table.acting_player()
    other, _ = twin(game, player, rng)
    assert other.to_state()["cards"] != game.to_state()["cards"]
    mine, theirs = Observation.of(game), Observation.of(other)
    assert mine.view == theirs.view and mine.actions == theirs.actions
    a, b = mine.determinize(3), theirs.determinize(3)
    assert a.to_state() == b.to_state()
    a.close()
    b.close()
    for name in [*BOTS, "greedy-v1", "ismcts:8", "ismcts-v1:8"]:
        assert make_bot(name, 8).choose(mine) == make_bot(name, 8).choose(theirs), name
    other.close()
    game.close()


@pytest.mark.parametrize("players,game_seed,steps,bots", STATES)
def test_the_live_view_a_bot_reads_says_what_the_whole_view_says_and_nothing_hidden(
        players: int, game_seed: int, steps: int, bots: list[str]) -> None:
    game = play_some(players, game_seed, steps, bots)
    seen = Observation.of(game)
    whole = ViewBoard(seen.view, seen.player)
    elsewhere = Game.new(["X", "Y"], None, 5)  # another game's world is current: the live view reads its own
    live = seen.table
    elsewhere.table.enter()
    assert dict(live.cards) == seen.view["cards"]
    assert live.characters == whole.characters and sorted(live.locations) == sorted(whole.locations)
    for ref, card in seen.view["cards"].items():
        assert live.pos(ref) == whole.pos(ref) and live.kind(ref) == whole.kind(ref), ref
        assert live.is_enemy(ref) == whole.is_enemy(ref), ref
        for s in STATUSES:
            elsewhere.table.enter()
            assert live.has_status(ref, s) == whole.has_status(ref, s), (ref, s)
        if card["hp"] is not None:
            elsewhere.table.enter()
            assert live.toughness(ref) == whole.toughness(ref), ref
            elsewhere.table.enter()
            assert live.power(ref) == whole.power(ref), ref
    hidden = [game.table.ref(e) for e in game.table.cards() if not visible_to(game.table, e, seen.player)]
    assert hidden
    for ref in hidden:
        assert ref not in live.cards
        with pytest.raises(KeyError):
            live.cards[ref]
        with pytest.raises(KeyError):
            live.pos(ref)
    elsewhere.close()
    game.close()


def test_greedy_chooses_the_same_from_the_live_view_as_from_the_whole_view() -> None:
    """The reference greedy scores from the view alone (the lookahead greedy needs a game to deal from)."""
    for game_seed in range(6):
        game = play_some(2, 40 + game_seed, 12 + game_seed, ["random"])
        seen = Observation.of(game)
        whole = Observation(seen.player, seen.view, seen.actions)
        assert make_bot("greedy-v1", game_seed).choose(seen) == make_bot("greedy-v1", game_seed).choose(whole)
        game.close()


def reference_random_choice(rng: random.Random, actions: list[dict[str, object]]) -> dict[str, object]:
    """The random bot's rule on the whole list: end the turn a third of the time it could do more."""
    others = [a for a in actions if a["act"] != "end_turn"]
    if not others or (len(others) < len(actions) and rng.random() < 1 / 3):
        return {"act": "end_turn"}
    return rng.choice(others)


def test_the_random_bot_lists_the_actions_only_when_it_does_not_end_its_turn() -> None:
    """In seeded games the random bot, which asks first whether it may do more than end its turn, takes what
    its rule takes on the whole list with the same dice; a third of its main-phase turns end unlisted."""
    unlisted = 0
    for seed in (3, 4):
        game = Game.new(["P1", "P2", "P3"], seed=seed)
        bots = {n: make_bot("random", seed * 10 + i) for i, n in enumerate(game.table.players_order)}
        twins = {n: random.Random(seed * 10 + i) for i, n in enumerate(game.table.players_order)}
        while game.table.turn.phase != "over" and game.table.turn.turn <= 30:
            seen = Observation.of(game)
            action = bots[game.table.acting_player()].choose(seen)
            unlisted += callable(seen.listed)
            assert action == reference_random_choice(twins[game.table.acting_player()], game.legal_actions())
            assert game.act(action).ok
        game.close()
    assert unlisted > 20


def test_an_observation_lists_nothing_once_its_game_has_moved_on() -> None:
    """The legal actions are listed from the live game on first use, so a late read is refused, not wrong."""
    game = Game.new(["P1", "P2"], seed=5)
    seen = Observation.of(game)
    assert game.act({"act": "end_turn"}).ok
    with pytest.raises(RuntimeError, match="moved on"):
        _ = seen.actions
    with pytest.raises(RuntimeError, match="moved on"):
        seen.other_than_ending()
    game.close()


def indexes(game: Game) -> dict[str, object]:
    """A table's card indexes as its readers see them (zones by owner and controller, ready stasis cards,
    characters, squares), in their order."""
    table = game.table
    players = list(table.players_order)
    zones = ("hand", "deck", "board", "stasis", "discard", "location", "madness", "removed")
    return {"zones": [table.zone_cards(z) for z in zones],
            "owned": [table.zone_cards(z, p) for z in zones for p in players],
            "controlled": [table.zone_cards(z, p, by="controller") for z in zones for p in players],
            "ready": [table.stasis_ready(p) for p in players], "characters": table.characters(),
            "squares": list(table.location_squares().items()) + [(e, table.pos(e)) for e in table.cards()],
            "refs": list(table.refs.items())}


@pytest.mark.parametrize("players,game_seed,steps,bots", STATES)
def test_a_deal_that_takes_the_first_deals_indexes_is_the_deal_filed_card_by_card(
        players: int, game_seed: int, steps: int, bots: list[str]) -> None:
    """Every deal after a sampler's first takes that one's indexes ready-made (`Table.add_filed`): each is the same
    game, with the same indexes, as a fresh sampler's first deal of the same seed, filed card by card."""
    game = play_some(players, game_seed, steps, bots)
    player = game.table.acting_player()
    sampler = Sampler(game, player)
    sampler.sample(0).close()
    for s in range(1, 5):
        filed, fresh = sampler.sample(s), Sampler(game, player).sample(s)
        assert filed.to_state() == fresh.to_state()
        assert indexes(filed) == indexes(fresh)
        assert filed.legal_actions() == fresh.legal_actions()
        for g in (filed, fresh):
            g.close()
    game.close()
