"""Replays (issue 17): kept games, timelines, scenario export at any step, `countertop replay`, `sim --keep`."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.core import table as table_module
from game.core.dice import Dice
from game.core.numbers import shipped_numbers
from game.core.problems import FileProblems
from game.engine import Game
from game.io.export import to_toml
from game.tools.replay import Record, Timeline, open_timeline, record_of, write_replay
from game.tools.sim import GameResult, play_game
from tests.conftest import setup

SEEDS = range(10)


def kept(seed: int, bots: tuple[str, str] = ("greedy-v1", "random")) -> tuple[Record, dict[str, Any]]:
    """A simulated game's record and its final `to_state`, through the `--keep` hook."""
    found: list[tuple[Record, dict[str, Any]]] = []

    def keep(game: Game, result: GameResult, problem: str | None) -> None:
        found.append((record_of(game, result.bots, {"winner": result.winner}), game.to_state()))

    decks = ["backtimers_stun", "hex_and_count"] if seed % 2 else ["fable_guard", "clockwork_vanguard"]
    play_game(seed, decks, list(bots), False, keep)
    return found[0]


@pytest.fixture(scope="module")
def games() -> list[tuple[Record, dict[str, Any], Timeline]]:
    out = []
    for seed in SEEDS:
        record, final = kept(seed)
        out.append((record, final, Timeline(record)))
    return out


def test_a_kept_game_replayed_to_its_end_is_the_final_state(games: list[Any]) -> None:
    for record, final, timeline in games:
        assert timeline.steps == len(record.history) > 10
        end = timeline.game_at(timeline.steps)
        assert end.to_state() == final
        end.close()


def test_a_jump_equals_stepping_and_back_then_forward_is_the_same(games: list[Any]) -> None:
    record, _, timeline = games[3]
    walk = Game.new(record.players, record.decks, record.seed)
    states = [walk.to_state()]
    for action in record.history:
        assert walk.act(action).ok
        states.append(walk.to_state())
    walk.close()
    for step in (0, 1, 5, timeline.steps // 2, timeline.steps - 1, timeline.steps):
        jumped = timeline.game_at(step)
        assert jumped.to_state() == states[step]
        jumped.close()
    forward, back = timeline.game_at(7), timeline.game_at(6)
    assert back.act(record.history[6]).ok
    assert back.to_state() == forward.to_state() == states[7]
    forward.close()
    back.close()


def test_snapshots_every_few_commands_and_at_each_turn(games: list[Any]) -> None:
    _, _, timeline = games[0]
    gaps = sorted(timeline.snapshots)
    assert gaps[0] == 0 and all(b - a <= 12 for a, b in zip(gaps, gaps[1:], strict=False))
    assert set(timeline.turn_starts) <= set(timeline.snapshots)
    assert [timeline.turn_of(s) for s in timeline.turn_starts] == sorted({timeline.turn_of(s) for s in gaps})


def scenario_view(tmp_path: Path, data: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "at.toml"
    path.write_text(to_toml(data))
    game = Game.from_scenario(str(path))
    try:
        return game.view()
    finally:
        game.close()


def test_an_exported_step_reproduces_the_game_on_every_key_of_the_dump(games: list[Any], tmp_path: Path) -> None:
    rng = random.Random(17)
    pending = pairs = 0
    for record, _, timeline in games:
        for _ in range(20):
            step = rng.randint(0, timeline.steps)
            then = rng.choice((0, 0, 1, 3))
            want_game = timeline.game_at(min(step + then, timeline.steps))
            want = want_game.view()
            want_game.close()
            before = timeline.game_at(step)
            seen, pending = len(before.table.log), pending + (before.table.pending is not None)
            before.close()
            got = scenario_view(tmp_path, timeline.scenario_at(step, then))
            pairs += 1
            for key in want:
                if key == "log":
                    assert got["log"][0]["type"] == "GameStarted"
                    assert got["log"][1:] == want["log"][seen:], (record.seed, step, then)
                else:
                    assert got[key] == want[key], (record.seed, step, then, key)
    assert pairs == 200 and pending > 0


def test_export_writes_the_exact_keys(games: list[Any]) -> None:
    _, _, timeline = games[1]
    data = timeline.scenario_at(timeline.turn_starts[3])
    assert {"active", "allowances", "shuffles", "resume"} <= set(data)
    assert data["resume"]["phase"] == "main" and data["do"] == []
    assert all("arrival" in card for card in data["card"])
    assert len(data["card"]) == len(timeline.view_at(0)["cards"])


def test_forced_shuffles_come_first_and_the_generator_is_unchanged() -> None:
    items = list("abcde")
    Dice(5, forced_shuffles=[[4, 3, 2, 1, 0]]).shuffle(items)
    assert items == list("edcba")
    plain, same = list(range(9)), list(range(9))
    Dice(5, forced_shuffles=[[1, 0]]).shuffle(plain)
    random.Random(5).shuffle(same)
    assert plain == same


EXACT = """
players = ["Ada", "Bo"]
active = "Bo"
turn = 4
shuffles = [[1, 0]]

[allowances.Bo]
minion_plays = 0
action_plays = 2
grants = [{kind = "minion", name = "Footman"}]

[resume]
phase = "main"
arrivals = 40
made = 9

[[card]]
ref = "f"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [2, 4]
arrival = 30
status = { Freeze = 2 }
status_applied = { Freeze = 3 }
status_fresh = []
moved = 1
once_used = ["x"]
"""


def test_the_exact_keys_set_the_table() -> None:
    game = setup(EXACT)
    state = game.to_state()
    bo = state["players"][1]
    assert (bo["minion_plays"], bo["action_plays"], bo["grants"]) == (0, 2, [{"kind": "minion", "name": "Footman"}])
    assert state["turn"] == {"turn": 4, "active": 1, "phase": "main", "done": [], "winner": None}
    card = state["cards"][0]
    assert card["seq"] == 30 and card["moved"] == 1 and card["once_used"] == ["x"]
    assert card["status"] == {"stacks": {"Freeze": 2}, "applied_turn": {"Freeze": 3}, "fresh": []}
    assert (state["seq"], state["made"], state["dice"]["forced_shuffles"]) == (40, 9, [[1, 0]])


@pytest.mark.parametrize(("change", "message"), [
    (('active = "Bo"', 'active = "Cy"'), "active: there is no player 'Cy'"),
    (("shuffles = [[1, 0]]", "shuffles = [[1, 1]]"), "shuffles: must be a list of orders"),
    (('phase = "main"', 'phase = "lunch"'), "resume.phase: must be one of start, untap, main, end, over"),
    (("minion_plays = 0", "minion_plays = -1"), "allowances.Bo.minion_plays: must be a whole number"),
    (("arrivals = 40", 'queue = "[{\\"op\\": \\"nope\\"}]"'), "resume.queue: must be the JSON of a list"),
    (("moved = 1", "moved = true"), "field 'moved': squares moved this turn"),
])
def test_bad_exact_keys_name_the_place(change: tuple[str, str], message: str) -> None:
    from game.io.scenario import ScenarioError

    with pytest.raises(ScenarioError, match=message.replace("[", r"\[").replace("(", r"\(")):
        setup(EXACT.replace(*change))


@pytest.fixture
def replay_file(tmp_path: Path) -> tuple[Path, Record]:
    record, _ = kept(4)
    path = tmp_path / "game-4.json"
    write_replay(record, str(path))
    return path, record


def test_replay_json_and_the_exported_scenario_agree(replay_file: tuple[Path, Record], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path, record = replay_file
    out = tmp_path / "out.toml"
    assert main(["replay", str(path), "--at", "9", "--export", str(out)]) == 0
    assert "step 9 of" in capsys.readouterr().err
    assert main(["replay", str(path), "--at", "9", "--json"]) == 0
    at = json.loads(capsys.readouterr().out)
    assert main(["scenario", str(out), "--json"]) == 0
    ran = json.loads(capsys.readouterr().out)
    for key in ("turn", "active", "phase", "winner", "players", "cards"):
        assert ran[key] == at[key], key
    assert main(["replay", str(path), "--at", "9", "--then", "4", "--export", str(out)]) == 0
    assert main(["replay", str(path), "--at", "13", "--json"]) == 0
    later = json.loads(capsys.readouterr().out)
    assert main(["scenario", str(out), "--json"]) == 0
    ran = json.loads(capsys.readouterr().out)
    assert ran["cards"] == later["cards"] and ran["players"] == later["players"] and ran["rejected"] == []


def test_replay_turn_goes_to_the_first_step_of_a_turn(replay_file: tuple[Path, Record],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = replay_file
    timeline = open_timeline(str(path))
    assert main(["replay", str(path), "--turn", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == timeline.view_at(timeline.turn_starts[2])
    assert timeline.turn_of(timeline.turn_starts[2]) == 3
    assert main(["replay", str(path), "--turn", "999", "--json"]) == 2
    assert f"{path}: --turn: the game has no turn 999" in capsys.readouterr().err


def test_bad_replay_files_list_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "countertop-replay", "version": 1, "seed": -1, "players": ["A", "B"],
                               "decks": ["nope", "fable_guard"], "history": [{"x": 1}], "extra": 1}))
    assert main(["replay", str(bad), "--json"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"{bad}: extra: unknown key (known: bots, decks, format, history, players, result, seed, "
                     "version)",
                     f"{bad}: seed: must be a whole number from 0 to 9223372036854775807, not -1",
                     f"{bad}: decks[0]: unknown deck 'nope'; decks: backtimers_stun, clockwork_vanguard, "
                     "fable_guard, hex_and_count",
                     f"{bad}: history[0]: a command is a table with an 'act' string"]
    for text, line in ((b"\xff", "is not UTF-8 text (byte 0)"), (b"[1", "not a JSON replay or save"),
                       (b"{}", "format: not a Countertop replay")):
        bad.write_bytes(text)
        assert main(["replay", str(bad), "--json"]) == 2
        assert capsys.readouterr().err.startswith(f"{bad}: {line}")
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "no such replay file" in capsys.readouterr().err


def test_a_refused_command_in_the_history_is_named(replay_file: tuple[Path, Record]) -> None:
    path, record = replay_file
    record.history.insert(2, {"act": "attack", "card": "nobody", "target": "nothing"})
    write_replay(record, str(path))
    with pytest.raises(FileProblems, match=r"history\[2\]: the game refuses this command"):
        open_timeline(str(path))


def test_a_save_of_a_standard_game_replays(tmp_path: Path) -> None:
    record, final = kept(2)
    game = Game.from_state(final)
    game.save(str(tmp_path / "save.json"))
    game.close()
    timeline = open_timeline(str(tmp_path / "save.json"))
    assert timeline.record.history == record.history
    end = timeline.game_at(timeline.steps)
    assert end.to_state() == final
    end.close()
    scenario_game = setup(EXACT)
    scenario_game.save(str(tmp_path / "from-scenario.json"))
    with pytest.raises(FileProblems, match="began from a scenario"):
        open_timeline(str(tmp_path / "from-scenario.json"))


def test_sim_keep_writes_every_game_and_keep_failures_only_the_failed(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["sim", "--games", "3", "--seed", "40", "--keep", str(tmp_path / "all"), "--json"]) == 0
    files = sorted(p.name for p in (tmp_path / "all").iterdir())
    assert files == ["game-40.json", "game-41.json", "game-42.json"]
    kept_game = json.loads((tmp_path / "all" / "game-41.json").read_text())
    assert kept_game["bots"] == ["random", "greedy"] and kept_game["result"]["problem"] is None
    assert open_timeline(str(tmp_path / "all" / "game-41.json")).steps == len(kept_game["history"])
    assert main(["sim", "--games", "2", "--keep", str(tmp_path / "fails"), "--keep-failures", "--json"]) == 0
    assert not (tmp_path / "fails").exists()
    monkeypatch.setattr(table_module, "shipped_numbers", lambda: replace(shipped_numbers(), turn_limit=3))
    assert main(["sim", "--games", "2", "--keep", str(tmp_path / "fails"), "--keep-failures", "--json"]) == 0
    limited = json.loads((tmp_path / "fails" / "game-1.json").read_text())
    assert limited["result"]["hit_limit"] is True and limited["result"]["turns"] == 4


def test_keep_failures_needs_keep(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--keep-failures"]) == 2
    assert "--keep-failures needs --keep DIR" in capsys.readouterr().err


def test_a_state_taken_earlier_does_not_change_when_the_game_goes_on() -> None:
    game = setup(EXACT)
    before = game.to_state()
    copy = json.loads(json.dumps(before))
    game.act({"act": "effect", "op": "apply_status", "status": "Burn", "target": "f"})
    again = Game.from_state(before)
    assert before == copy and again.to_state()["cards"][0]["status"]["stacks"] == {"Freeze": 2}
    again.close()
    game.close()


def test_junk_commands_in_a_replay_are_problems_of_the_file_never_a_crash() -> None:
    rng = random.Random(3)
    values: list[Any] = [None, 1, -1, 2**70, "p1-1", "", [1], [[1, 2]], [0, 0], {"a": 1}, True, 1.5, ["p1-1"]]
    acts = ["play", "play_from_stasis", "move", "attack", "ability", "activate", "choose", "effect", "nope"]
    fields = ["card", "to", "target", "path", "ability", "pay", "option", "op", "n", "status", "by", "zz"]
    refused = 0
    for _ in range(150):
        action: dict[str, Any] = {"act": rng.choice(acts)}
        for _ in range(rng.randint(0, 4)):
            action[rng.choice(fields)] = rng.choice(values)
        history = [{"act": "end_turn"}] * rng.randint(0, 2) + [action]
        try:
            Timeline(Record(1, ["P1", "P2"], ["fable_guard", "hex_and_count"], history), "f.json")
        except FileProblems as err:
            assert [p.where for p in err.problems] == [f"history[{len(history) - 1}]"]
            refused += 1
    assert refused >= 140


STATUS_TABLE = """
players = ["Ada", "Bo"]

[[card]]
ref = "a"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [1, 0]

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [1, 4]

[[card]]
ref = "b2"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 4]
status = { Freeze = 2 }
"""


def test_statuses_applied_this_turn_keep_their_timing_in_an_export_SE5_R10(tmp_path: Path) -> None:
    """Freeze put on during a turn (fresh), Burn and Sleep applied this turn, and a table Freeze (R-10):
    the exported table ticks, expires and thaws on exactly the turns the original does."""
    from game.io.export import Future, scenario_data

    game = setup(STATUS_TABLE)
    for status, target in (("Freeze", "b"), ("Burn", "b"), ("Sleep", "a")):
        assert game.act({"act": "effect", "op": "apply_status", "status": status, "target": target}).ok
    later = [{"act": "end_turn"}] * 4
    path = tmp_path / "mid.toml"
    path.write_text(to_toml(scenario_data(game.table, Future(), later)))
    exported = Game.from_scenario(str(path))
    for action in later:
        assert game.act(action).ok
    ticks = ("FreezeTokenRemoved", "StatusRemoved", "DamageDealt", "StatusExpired")
    mine = [e for e in game.table.log[-len(exported.table.log) + 1:] if e["type"] in ticks]
    theirs = [e for e in exported.table.log if e["type"] in ticks]
    assert theirs == mine and any(e["type"] == "FreezeTokenRemoved" for e in mine)
    assert exported.view()["cards"] == game.view()["cards"]
    assert exported.view()["cards"]["b2"]["status"] == game.view()["cards"]["b2"]["status"]


def test_a_card_arriving_later_comes_after_every_arrival_set_in_the_file() -> None:
    game = setup("""
players = ["Ada", "Bo"]

[[card]]
ref = "top"
name = "Footman"
owner = "Bo"
zone = "deck"
arrival = 30

[[card]]
ref = "next"
name = "Footman"
owner = "Bo"
zone = "deck"
arrival = 31
""")
    assert game.table.seq == 31
    game.table.draw("Bo")
    assert game.table.zone(game.table.eid("top")) == "hand" and game.to_state()["cards"][0]["seq"] == 32


def test_sim_keep_with_paired_games_keeps_both_games_of_a_deal(tmp_path: Path) -> None:
    """--paired plays each seed twice with the seats swapped: both games are kept, under their line-ups."""
    assert main(["sim", "--games", "2", "--seed", "40", "--paired", "--workers", "1", "--keep", str(tmp_path),
                 "--json"]) == 0
    kept = {p.name: json.loads(p.read_text()) for p in tmp_path.iterdir()}
    assert len(kept) == 2 and all(name.startswith("game-40-") for name in kept)
    line_ups = sorted((tuple(k["bots"]), tuple(k["decks"])) for k in kept.values())
    assert line_ups[0][0] == tuple(reversed(line_ups[1][0])) and line_ups[0][1] == tuple(reversed(line_ups[1][1]))
