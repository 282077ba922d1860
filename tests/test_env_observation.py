"""The observation encoded straight from the table (issue 41, item 2) is the JSON view's, scaled: at seeded
points of bot games, for every agent and for the global state; bounded; hidden cards stay hidden. Its layout
follows the number of players (issue 41: the rollout buffer), and every field it keeps is the one the 4-seat
layout every table had before gave."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.env import raw_env
from game.env.countertop import Countertop
from game.env.encoding import OPTIONS, CardSlots, EncodingError, square_index
from game.env.observation import (
    LAYOUTS,
    NAME_IDS,
    NAMES,
    PLAYER,
    SCALES,
    STATE_LAYOUTS,
    Layout,
    encode,
    layout_of,
    section,
)
from game.io.view import player_view, visible_cards, visible_to
from tests.test_env_encoding import bot_game

FULL = LAYOUTS[4]
"""The 4-seat layout: the one every table had before the layout followed the number of players."""
FULL_STATE = STATE_LAYOUTS[4]
"""The 4-seat layout of the state: FULL with the state's own card rows (slots 100 up) after the shared ones."""
SIZES = {2: 4239, 3: 5656, 4: 7153}
"""The observation's numbers with each number of players, as docs/rl.md gives them."""
STATE_SIZES = {2: 6719, 3: 8216, 4: 9793}
"""The state's numbers with each number of players, as docs/rl.md gives them."""
PREVIOUS_ENCODER = {
    2: "b84bb2ff4745668632ffb111d4a232c4891aa9bba84bb9cacece5946bb6a9815",
    3: "a918663c2faead247e9d798e6eec53d10da4d968d4bfbfbc31beb4054ab8c72b",
    4: "79dfe5ae5f13af696ebd00975ff9990d6faefd8fa53496d4d3a135ac63af1ba9",
}
"""The sha256 of the observations `seeded_observations` gives, as the encoder of commit 86cd79f (one 4-seat layout
for every table) gave them."""


def widen(vector: np.ndarray, full: Layout | None = None) -> np.ndarray:
    """An observation (or a state) in the 4-seat layout (the state's, unless `full` says which): each of its fields at
    its place there (a card slot's row is the slot), 0 where its own layout has no column or row (the seats not at the
    table). A row `full` has no place for (the state's own, put in FULL) must be 0."""
    layout = layout_of(vector)
    full = full or (FULL_STATE if layout.card_rows > layout.players * 20 + 20 else FULL)
    out = np.zeros(full.size, dtype=np.float32)
    for name, fields, rows in layout.sections:
        there = full.section(out, name)
        columns = [full.column[name][f] for f in fields]
        part = layout.section(vector, name)
        places = [layout.slot_of_row(r) for r in range(rows)] if name == "cards" else list(range(rows))
        kept = [i for i, place in enumerate(places) if place < full.rows[name]]
        assert not part[[i for i in range(rows) if i not in kept]].any()
        there[np.ix_([places[i] for i in kept], columns)] = part[kept]
    return out


def encode_view(view: Mapping[str, Any], slots: CardSlots, full: Layout = FULL) -> np.ndarray:
    """The unscaled vector of a JSON view, a player's (`player_view`: only what they may know) or the whole game's
    (`Game.view()`, the global state): every number read from the view itself (the environment's first
    observation, kept here as the reference the table's encoding must equal), in the 4-seat layout `full`."""
    out = np.zeros(full.size, dtype=np.float32)
    viewer = view.get("viewer")
    order = list(view["players_order"])
    seat = {name: i for i, name in enumerate(order)}
    pending = view["pending"]
    acting = pending["player"] if pending else view["active"]
    g = full.column["global"]
    row = full.section(out, "global")[0]
    row[g["turn"]] = view["turn"]
    row[g[f"phase_{view['phase']}"]] = 1
    row[g["madness_pile"]] = view["madness_pile"] if "madness_pile" in view else sum(
        1 for c in view["cards"].values() if c["zone"] == "madness")
    if viewer is not None:
        row[g[f"viewer_seat_{seat[viewer]}"]] = 1
    if pending:
        row[g["pending"]] = 1
        row[g["pending_options"]] = len(pending["options"])
        row[g[f"pending_seat_{seat[pending['player']]}"]] = 1
    winners = view["winner"] if isinstance(view["winner"], list) else [view["winner"]]
    players = full.section(out, "players")
    for name, entry in view["players"].items():
        values = {
            "present": 1, "is_viewer": name == viewer, "is_active": name == view["active"], "is_acting": name == acting,
            "vp": entry["vp"], "stones": entry["stones"], "hand_size": entry.get("hand_size", len(entry["hand"])),
            "deck_size": entry.get("deck_size", len(entry.get("deck", []))), "discard": len(entry["discard"]),
            "stasis": len(entry["stasis"]), "minion_plays": entry["minion_plays"],
            "action_plays": entry["action_plays"], "grants": len(entry["grants"]),
            "madness_penalty": entry["madness_penalty"], "winner": name in winners,
        }
        players[seat[name]] = [float(values[f]) for f in PLAYER]
    listed = {ref: i + 1 for entry in view["players"].values() for key in ("hand", "stasis", "discard")
              for i, ref in enumerate(entry[key])}
    options = pending["options"] if pending else []
    source = view.get("pending_source")
    cards = full.section(out, "cards")
    squares = full.section(out, "squares")
    c = full.column["cards"]
    for ref, card in view["cards"].items():
        r = cards[slots.of[ref]]
        r[c["visible"]] = 1
        r[c[f"zone_{card['zone']}"]] = 1
        for key, who in (("owner", card["owner"]), ("controller", card["controller"])):
            r[c[f"{key}_seat_{seat[who]}" if who is not None else f"{key}_none"]] = 1
        r[c[f"kind_{card['kind']}"]] = 1
        r[c["name"]] = NAMES.get(card["name"], 0)
        r[c["tapped"]] = card["tapped"]
        r[c["stasis_counters"]] = card["stasis_counters"]
        r[c["stun_counters"]] = card["stun_counters"]
        for status, n in card["status"].items():
            r[c[f"status_{status}"]] = n
        if card["hp"] is not None:
            r[c["has_stats"]] = 1
            for key in ("hp", "max_hp", "atk", "crt", "mv", "printed_atk", "range"):
                r[c[key]] = card[key] or 0
            r[c["mv_left"]] = card["mv_left"] or 0
        if card["damage_type"] in ("physical", "spirit"):
            r[c[card["damage_type"]]] = 1
        for color, n in card["cubes"].items():
            r[c[f"cubes_{color}"]] = n
        for kind, n in card["evasion"].items():
            r[c[f"evasion_{kind}"]] = n
        for negation in card["negation"]:
            r[c[f"negation_{negation['type']}"]] += negation["value"]
        if card["pos"] is not None:
            r[c["on_square"]], r[c["x"]], r[c["y"]] = 1, card["pos"][0], card["pos"][1]
            sq = squares[square_index(card["pos"])]
            if card["zone"] == "location":
                sq[1] = slots.of[ref] + 1
            else:
                sq[0] = slots.of[ref] + 1
                controller = card["controller"]
                sq[2 if controller == viewer and viewer is not None else 3 if controller is not None else 4] = 1
        r[c["lost_abilities"]] = card["lost_abilities"]
        r[c["list_position"]] = listed.get(ref, 0)
        r[c["pending_option"]] = ref in options
        r[c["pending_source"]] = ref == source
    if len(options) > OPTIONS:
        raise EncodingError(f"a choice of {len(options)} options; the encoding holds {OPTIONS}")
    rows = full.section(out, "options")
    for i, option in enumerate(options):
        rows[i, 0] = 1
        if isinstance(option, str) and option in slots.of and option in view["cards"]:
            rows[i, 2] = slots.of[option] + 1
        elif isinstance(option, bool) or not isinstance(option, int | float | str):
            raise EncodingError(f"a choice option the encoding can't hold: {option!r}")
        elif isinstance(option, int | float):
            rows[i, 3], rows[i, 4] = 1, option
        elif option in slots.of or option == "a card":
            rows[i, 1] = 1
        else:
            rows[i, 5] = 1
    return out


def reference(e: Countertop, agent: str | None) -> np.ndarray:
    """The observation of an agent (None: the global state) through the JSON view, scaled as the table's is, in the
    4-seat layout."""
    game = e.live()
    table = game.table
    if agent is None:
        view = game.view()
        view["madness_pile"] = len(table.zone_cards("madness"))
        slots, full = e.slotted().seen_by(table, table.acting_player(), everything=True), FULL_STATE
    else:
        view = player_view(table, e.name_of[agent], log=False)
        slots, full = e.slotted().seen_by(table, e.name_of[agent]), FULL
    return np.clip(encode_view(view, slots, full) / full.scale, -1.0, 1.0)


@pytest.mark.parametrize(("players", "game_seed"), [(2, 31), (3, 32), (4, 33), (2, 34)])
def test_the_table_encoding_is_the_views_at_every_step(players: int, game_seed: int) -> None:
    """Every agent's observation and the global state, put in the 4-seat layout, equal the JSON view's encoding
    there, at every step of a bot game: the fields a smaller table's layout leaves out were always 0."""
    e = bot_game(players, game_seed, 0)
    steps = 0
    bots = {a: make_bot("random" if i % 2 else "greedy-v1", game_seed + i) for i, a in enumerate(e.agents)}
    while not e.done(e.agent_selection) and steps < 400:
        for agent in e.possible_agents:
            assert np.array_equal(widen(e.observe(agent)["observation"]), reference(e, agent)), (agent, steps)
        assert np.array_equal(widen(e.state()), reference(e, None))
        e.step(e.action_index(bots[e.agent_selection].choose(Observation.of(e.live()))))
        steps += 1
    assert steps > 50
    e.close()


def seeded_observations(players: int) -> list[np.ndarray]:
    """Every agent's observation, then the state, at each of the first 150 steps of masked-random game 5."""
    e = raw_env(players=players, seed=5)
    e.reset()
    rng = np.random.default_rng(5)
    out = []
    for _ in range(150):
        if e.done(e.agent_selection):
            break
        out += [e.observe(agent)["observation"] for agent in e.possible_agents] + [e.state()]
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    e.close()
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_field_kept_is_what_the_previous_encoder_gave(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41: put back in the 4-seat layout, a seeded game's observations are byte for byte the previous
    encoder's (so the layout of fewer players left out only numbers that were 0). The digests were taken before
    G-9, so the game is played under the rules of then (tests/variants/before_g9.toml)."""
    import tomllib

    import game.core.table
    from game.core.numbers import changed, shipped_numbers

    rules = tomllib.loads((Path(__file__).parent / "variants" / "before_g9.toml").read_text())["rules"]
    before, problems = changed(shipped_numbers(), rules, "before_g9.toml")
    assert before is not None and not problems
    monkeypatch.setattr(game.core.table, "shipped_numbers", lambda: before)
    digest = hashlib.sha256()
    for vector in seeded_observations(players):
        digest.update(widen(vector, FULL).tobytes())
    assert digest.hexdigest() == PREVIOUS_ENCODER[players]


def test_the_cards_read_from_the_zones_are_the_visible_ones() -> None:
    """`visible_cards` (the observation's, from the zone indexes) lists each card `visible_to` the player once, for
    every player and for nobody, at every step of a seeded 3-player game."""
    e = raw_env(players=3, seed=7)
    e.reset()
    rng = np.random.default_rng(7)
    for _ in range(300):
        if e.done(e.agent_selection):
            break
        table = e.live().table
        for player in [*table.players_order, None]:
            listed = visible_cards(table, player)
            assert len(listed) == len(set(listed))
            assert set(listed) == {eid for eid in table.cards() if visible_to(table, eid, player)}
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    e.close()


def test_the_observation_size_follows_the_players_as_documented() -> None:
    """Issue 41: 4,239 numbers with 2 players, 5,656 with 3, 7,153 with 4, in the spaces, the observations and
    docs/rl.md; the state's 40 more card rows, 6,719, 8,216 and 9,793, in its space, itself and docs/rl.md."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text(encoding="utf-8")
    assert (f"{SIZES[2]} `float32`\n  with 2 players, {SIZES[3]} `float32` with 3, {SIZES[4]} `float32` with 4"
            in text)
    for players, size in SIZES.items():
        assert LAYOUTS[players].size == size and f"| in all | {SIZES[2]:,} | {SIZES[3]:,} | {SIZES[4]:,} |" in text
        e = raw_env(players=players)
        e.reset()
        for agent in e.possible_agents:
            assert e.observation_space(agent)["observation"].shape == (size,)
            assert e.observe(agent)["observation"].shape == (size,)
        assert e.state_space.shape == e.state().shape == (STATE_SIZES[players],)
        assert STATE_LAYOUTS[players].card_rows == LAYOUTS[players].card_rows + 40
        e.close()
    assert f"{STATE_SIZES[2]} `float32` with 2 players, {STATE_SIZES[3]} with 3, {STATE_SIZES[4]} with 4" in text


def test_the_observation_is_bounded_and_its_space_holds_it() -> None:
    e = bot_game(4, 35, 150)
    space = e.observation_space("player_0")["observation"]
    assert (space.low == -1).all() and (space.high == 1).all() and space.dtype == np.float32
    for agent in e.possible_agents:
        assert space.contains(e.observe(agent)["observation"])
    assert e.state_space.contains(e.state())
    e.close()


def test_counts_are_scaled_and_ids_are_fractions_of_their_range() -> None:
    """Turn 1 of seed 8: the turn is 1/120, P1's 3 stones 0.3, a card's name id over the pool's size."""
    e = raw_env(seed=8)
    e.reset()
    obs = e.observe("player_0")["observation"]
    assert section(obs, "global")[0, LAYOUTS[2].column["global"]["turn"]] == np.float32(1 / 120)
    assert section(obs, "players")[0, PLAYER.index("stones")] == np.float32(0.3)
    names = section(obs, "cards")[:, LAYOUTS[2].column["cards"]["name"]]
    shown = names[names > 0] * NAME_IDS
    assert np.allclose(shown, np.round(shown), atol=1e-4) and shown.max() <= len(NAMES) <= NAME_IDS
    e.close()


def test_an_option_the_encoding_cannot_hold_is_refused() -> None:
    e = raw_env(seed=1)
    e.reset()
    table = e.live().table
    table.pending = {"player": "P1", "prompt": "?", "options": list(range(OPTIONS + 1))}
    with pytest.raises(EncodingError, match=f"a choice of {OPTIONS + 1} options"):
        encode(table, e.slotted(), "P1")
    table.pending = {"player": "P1", "prompt": "?", "options": [True]}
    with pytest.raises(EncodingError, match="a choice option the encoding can't hold: True"):
        encode(table, e.slotted(), "P1")


def test_the_docs_give_every_fields_divisor() -> None:
    """docs/rl.md's table of divisors holds each scaled field in the row of its number."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in text.splitlines() if re.match(r"\| \d+ \| `", line)}
    for field, divisor in SCALES.items():
        assert f"`{field}`" in rows[str(int(divisor))], field
