"""Issue 31 part B: a table that could not arise is refused by one rule set (`game.io.invariants`), whether it comes
from a save, a replay of one, or a scenario's exact-table keys and `[resume]`; each problem is one `FILE: WHERE:
WHAT` line, exit status 2, and nothing is changed (D01, D03-D05, D10-D14, D18). An `effect` step aims
return_to_madness at Madness cards only (D19)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.core.opspecs import OPS as OP_FIELDS
from game.core.opspecs import TARGET_FILTERS
from game.engine import Game
from game.io.scenario import ScenarioError
from game.io.serialize import SaveError

ROOT = Path(__file__).resolve().parent.parent
WAVE3 = ROOT / "tests" / "repro" / "wave3"


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], file: Path) -> str:
    """Run a command that must fail with exit status 2 and one line on stderr, leaving its input as it was;
    returns the line without the file's name."""
    before = file.read_bytes()
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert file.read_bytes() == before
    head, _, line = err.strip().partition(f"{file}: ")
    assert head in ("", "countertop: "), err
    return line


SCENARIOS = [
    ("d01_pending_empty_queue.toml", "resume.pending: a choice waits, but no effect is waiting for it"),
    ("d03_resume_queue_no_status.toml", "resume.queue[0]: op 'apply_status' needs field 'status' (one of Blind, "
                                        "Break, Burn, Cripple, Freeze, Poison, Shear, Silence, Sleep, Stun, Upkeep)"),
    ("d03b_resume_queue_infinity.toml", "resume.queue: is not valid JSON (Infinity is not a JSON number)"),
    ("d03c_resume_queue_player_op_card_target.toml",
     "resume.queue[0]: op 'draw_madness' affects a player: its target can't be 'choose:stasis_yours'"),
    ("d03d_resume_queue_return_to_madness.toml", "resume.queue[0]: return_to_madness: Footman is not a Madness card"),
    ("d04_status_timing_off_board.toml",
     "[[card]] #0 ('d1'): field 'status_applied': only characters on the board carry statuses"),
    ("d05_winner_while_main.toml", "resume.winner: only a game that is over has a winner"),
    ("d18_resume_phase_end_no_choice.toml", "resume.phase: a table stands in the end phase only while a choice "
                                            "waits (the game runs the rest of it on its own)"),
]


@pytest.mark.parametrize(("name", "line"), SCENARIOS, ids=[s[0].split("_")[0] for s in SCENARIOS])
def test_a_scenario_table_that_could_not_arise_is_refused(capsys: pytest.CaptureFixture[str], name: str,
                                                          line: str) -> None:
    """D01, D03 (a-d), D04, D05, D18: refused before any step is played, never a traceback or a frozen game."""
    file = WAVE3 / name
    assert refused(capsys, ["scenario", str(file), "--json"], file) == line


SAVES = [
    ("d10_save_pending_object.json", "pending.options: {'a': 1} is not a text or a number"),
    ("d11_save_log_event.json", "log[15]: a ChoicePending event needs 'options', a list of texts and numbers"),
    ("d12_save_pending_no.json", "pending.options: 'no' is not a card of the game"),
    ("d13_save_queue_filter.json", "queue[0]: unknown target filter 'bogus'"),
    ("d14_save_tapped_in_hand.json", "cards[15] ('p1-1'): 'tapped' marks a card on the board only; this card is in "
                                     "'hand'"),
    ("d18_save_phase_end_no_choice.json", "turn.phase: a table stands in the end phase only while a choice waits "
                                          "(the game runs the rest of it on its own)"),
]


@pytest.mark.parametrize(("name", "line"), SAVES, ids=[s[0].split("_")[0] for s in SAVES])
def test_a_save_that_could_not_arise_is_refused(capsys: pytest.CaptureFixture[str], name: str, line: str) -> None:
    """D10-D14, D18: `replay` and `Game.load` refuse the save with the same line, as `play --load` does."""
    file = WAVE3 / name
    assert refused(capsys, ["replay", str(file), "--json"], file) == line
    with pytest.raises(SaveError) as err:
        Game.load(str(file))
    assert str(err.value) == f"{file}: {line}"


def tampered(name: str, change: Any) -> dict[str, Any]:
    """A save of the repro folder, changed by a function of its data."""
    data = json.loads((WAVE3 / name).read_text())
    change(data)
    return dict(data)


def problem(data: dict[str, Any]) -> str:
    """The line a save's data is refused with."""
    with pytest.raises(SaveError) as err:
        Game.from_state(data)
    return str(err.value).removeprefix("<save>: ")


def first_queued(key: str, value: Any) -> Any:
    """A change setting a field of the first queued effect."""
    return lambda data: data["queue"][0].__setitem__(key, value)


def queued(**fields: Any) -> Any:
    """A change making the first queued effect (a damage) another op: its fields, with no damage count."""
    return lambda data: (data["queue"][0].pop("n"), data["queue"][0].update(fields))


@pytest.mark.parametrize(("name", "change", "line"), [
    ("d10_save_pending_object.json", first_queued("source", [1]), "queue[0]: source [1] is not a card of the game"),
    ("d10_save_pending_object.json", first_queued("chosen", {"a": 1}),
     "queue[0]: chosen {'a': 1} is not a card of the game"),
    ("d12_save_pending_no.json", lambda d: d["pending"].__setitem__("options", list(range(9999))),
     "pending.options: 0 is not a card of the game"),
    ("d11_save_log_event.json", lambda d: d["log"][15].__setitem__("options", 5),
     "log[15]: a ChoicePending event needs 'options', a list of texts and numbers"),
    ("d13_save_queue_filter.json", first_queued("target", "each:bogus"), "queue[0]: unknown target filter 'bogus'"),
    ("d13_save_queue_filter.json", first_queued("target", "you"),
     "queue[0]: op 'damage' affects a card: its target can't be 'you'"),
    ("d13_save_queue_filter.json", first_queued("target", "ref:nobody"),
     "queue[0]: target 'ref:nobody': 'nobody' is not a card of the game"),
    ("d13_save_queue_filter.json", lambda d: d["queue"][0].update(target="choose:enemy_character", answer="p1-1"),
     "queue[0]: an answer is used as soon as it is given: a waiting effect has none"),
    ("d13_save_queue_filter.json", lambda d: d["queue"][0].update(op="place_stun", target="choose:stasis_yours"),
     "queue[0]: op 'place_stun' can't reach a card in stasis (ST-12): its target can't be 'choose:stasis_yours'"),
    ("d13_save_queue_filter.json", queued(op="return_to_madness", target="this", source="p1-1"),
     "queue[0]: return_to_madness: Tidal Lock is not a Madness card"),
    ("d13_save_queue_filter.json", queued(op="tap", target="ref:p1-1"),
     "queue[0]: op 'tap' acts on a card on the board: its target can't be 'ref:p1-1' ('p1-1' is in 'hand')"),
    ("d13_save_queue_filter.json", queued(op="tap", target="choose:hand_yours"),
     "queue[0]: op 'tap' acts on a card on the board: its target can't be 'choose:hand_yours'"),
    ("d13_save_queue_filter.json",
     queued(op="choose_mode", target="you",
            modes=[{"label": "a", "effects": [{"op": "draw_madness", "target": "choose:enemy_character"}]}]),
     "queue[0]: mode 'a': op 'draw_madness' affects a player: its target can't be 'choose:enemy_character'"),
    ("d14_save_tapped_in_hand.json", lambda d: d["cards"][15].__setitem__("flags", ["lost_abilities"]),
     "cards[15] ('p1-1'): 'lost_abilities' marks a card on the board only; this card is in 'hand'"),
    ("d18_save_phase_end_no_choice.json", lambda d: d["turn"].__setitem__("phase", "untap"),
     "turn.phase: a table stands in the untap phase only while a choice waits (the game runs the rest of it on its "
     "own)"),
    ("d18_save_phase_end_no_choice.json", lambda d: d["turn"].update(phase="main", winner="Bo"),
     "turn.winner: only a game that is over has a winner"),
])
def test_more_tables_that_could_not_arise(name: str, change: Any, line: str) -> None:
    """The variants each D-file names: lists where refs go, options of a wrong kind, other filters and markers."""
    assert problem(tampered(name, change)) == line


def test_the_untampered_saves_load() -> None:
    """The rule set refuses what was changed, not the game's own tables: the D14 save without its flag plays the
    relic untapped, and the D18 save in the main phase loads."""
    hand = tampered("d14_save_tapped_in_hand.json", lambda d: d["cards"][15].pop("flags"))
    game = Game.from_state(hand)
    assert game.act({"act": "play", "card": "p1-1"}).ok and game.view()["cards"]["p1-1"]["tapped"] is False
    game.close()
    main_phase = tampered("d18_save_phase_end_no_choice.json", lambda d: d["turn"].__setitem__("phase", "main"))
    Game.from_state(main_phase).close()


def test_an_effect_step_takes_only_a_madness_card_to_the_pile(tmp_path: Path) -> None:
    """D19: the step is rejected; Ada's Footman stays hers on the board, and the game's save loads again."""
    game = Game.from_scenario(str(WAVE3 / "d19_effect_return_to_madness.toml"))
    view = game.view()
    assert view["rejected"] == [{"step": 0, "act": "effect",
                                 "reason": "return_to_madness: Footman is not a Madness card"}]
    assert (view["cards"]["f1"]["zone"], view["cards"]["f1"]["owner"]) == ("board", "Ada")
    game.save(str(tmp_path / "s.json"))
    game.close()
    Game.load(str(tmp_path / "s.json")).close()


TABLE = """seed = 1
players = ["Ada", "Bo"]
[[card]]
ref = "f1"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [1, 1]
[[card]]
ref = "h1"
name = "Footman"
owner = "Bo"
zone = "hand"
[[card]]
ref = "s1"
name = "Footman"
owner = "Ada"
zone = "stasis"
stasis_counters = 2
[[card]]
ref = "m1"
name = "Madness"
zone = "madness"
[resume]
phase = "main"
queue = {queue}
{pending}
[[do]]
act = "{act}"
{option}
[[do]]
act = "end_turn"
"""
TARGETS = ["this", "target", "you", "others", "ref:f1", "ref:h1", "ref:s1", "ref:m1", "ref:zz", "player:Ada",
           "player:Q", "choose:bogus", 5, *(f"{k}:{f}" for k in ("choose", "each") for f in TARGET_FILTERS)]
VALUES = [0, 1, 3, -1, "Burn", "red", "minion", "physical", "f1", "Ada", True, None, [1], {"a": 1}]
OPTIONS = ["f1", "h1", "no", "yes", 0, 1, "Burn", {"a": 1}]


def fair(rng: random.Random, spec: Any) -> Any:
    """A value a field of this kind takes."""
    if spec.kind == "int":
        return rng.randint(spec.low, min(spec.high, 3))
    if spec.kind == "choice":
        return rng.choice(spec.choices)
    if spec.kind == "modes":
        return [{"label": "a", "effects": [{"op": "tap", "target": "this"}]}]
    return {"bool": True, "str": "", "square": [1, 2], "path": [[1, 2]]}.get(spec.kind, {})


def test_random_queue_and_pending_items_are_refused_or_play_on(tmp_path: Path) -> None:
    """D03's mutants: an item is refused with one line, or the table plays on and its save loads again."""
    rng = random.Random(31)
    kept = 0
    for _ in range(200):
        op = rng.choice(list(OP_FIELDS))
        item: dict[str, Any] = {"op": op, "player": rng.choice(["Ada", "Bo", "Bo", "Q"]),
                                "target": rng.choice(TARGETS), "source": None}
        for key, spec in OP_FIELDS[op].fields.items():
            if spec.required or rng.random() < 0.3:
                item[key] = fair(rng, spec) if rng.random() < 0.8 else rng.choice(VALUES)
        for key in ("source", "chosen", "answer", "affects_stasis"):
            if rng.random() < 0.1:
                item[key] = rng.choice(VALUES)
        pending = {"player": rng.choice(["Ada", "Bo"]), "prompt": "x", "options": rng.sample(OPTIONS, 2),
                   "kind": rng.choice(["target", "may", "op"])}
        act = rng.choice(["end_turn", "choose"])
        text = TABLE.format(queue=json.dumps(json.dumps([item])), act=act,
                            pending=f"pending = {json.dumps(json.dumps(pending))}" if rng.random() < 0.2 else "",
                            option=f"option = {json.dumps(rng.choice(['f1', 'h1', 'no']))}" if act == "choose" else "")
        path = tmp_path / "t.toml"
        path.write_text(text)
        try:
            game = Game.from_scenario(str(path))
        except ScenarioError as err:
            assert len(err.problems) >= 1 and all(p.file == str(path) for p in err.problems)
            continue
        kept += 1
        game.save(str(tmp_path / "s.json"))
        game.close()
        Game.load(str(tmp_path / "s.json")).close()
    assert kept >= 20, kept
