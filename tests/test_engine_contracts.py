"""Engine contracts (docs/architecture.md, §5; G-3, G-8): rejected commands change nothing, serialisation round-trips,
saves are atomic and checked, the system schedule is pinned, idle frames are idle, and the legal-action list
agrees with `apply`."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import esper
import pytest
from conftest import scenario, setup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.components import Stats
from game.core.constants import COLS, PHASES, ROWS
from game.engine import Game
from game.io.serialize import SAVE_VERSION, SaveError
from game.turn.commands.command import COMMANDS
from systems.base import PhaseSystem
from systems.schedule import SCHEDULE

ROOT = Path(__file__).resolve().parent.parent

TABLE = """
players = ["Ada", "Bo"]
stones = { Ada = 0 }

[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [3, 1]

[[card]]
ref = "b"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 2]

[[card]]
ref = "ally"
name = "Archer"
owner = "Ada"
zone = "board"
pos = [0, 0]

[[card]]
ref = "monk"
name = "Thunder Monk"
owner = "Ada"
zone = "board"
pos = [4, 2]

[[card]]
ref = "halo"
name = "Halo Fountain"
owner = "Ada"
zone = "board"

[[card]]
ref = "hftp"
name = "Help From the Past"
owner = "Ada"
zone = "stasis"
stasis_counters = 2

[[card]]
ref = "ff"
name = "Fast Forward"
owner = "Ada"
zone = "stasis"
stasis_counters = 0

[[card]]
ref = "ready"
name = "Wish"
owner = "Ada"
zone = "stasis"
stasis_counters = 0

[[card]]
ref = "oliver"
name = "Oliver"
owner = "Ada"
zone = "board"
pos = [6, 0]

[[card]]
ref = "h1"
name = "Footman"
owner = "Ada"
zone = "hand"

[[card]]
ref = "bh"
name = "Footman"
owner = "Bo"
zone = "hand"
"""

ILLEGAL: list[tuple[str, dict[str, Any], str]] = [
    ("play", {"act": "play", "card": "bh", "to": [1, 0]}, "Footman is not in your hand"),
    ("play", {"act": "play", "card": "h1", "to": [3, 3]},
     "[3, 3] is not on your home row or a location square (G-4)"),
    ("play", {"act": "play", "card": "h1"}, "A minion needs a square to be played to ('to')"),
    ("play", {"act": "play", "card": "nope", "to": [1, 0]}, "There is no card 'nope' in this game"),
    ("play_from_stasis", {"act": "play_from_stasis", "card": "hftp"},
     "Help From the Past still has 2 stasis counters: only a card with none may be played (ST-11, ST-12)"),
    ("play_from_stasis", {"act": "play_from_stasis", "card": "h1"},
     "Footman is not one of your cards in stasis (ST-11)"),
    ("play_from_stasis", {"act": "play_from_stasis", "card": "ready", "to": [1, 0]},
     "Wish is not a minion: it goes to no square"),
    ("play_from_stasis", {"act": "play_from_stasis", "card": "ff", "target": "ff"},
     "Fast Forward is not a legal target for Fast Forward"),
    ("move", {"act": "move", "card": "f", "to": [3, 4]}, "Footman can't reach [3, 4] with 2 MV left (G-5)"),
    ("move", {"act": "move", "card": "b", "to": [2, 2]}, "Footman is not yours to command"),
    ("move", {"act": "move", "card": "f", "to": [9, 9]}, "Square [9, 9] is off the board (G-1: x 0..6, y 0..4)"),
    ("move", {"act": "move", "card": "f"}, "A move needs 'to' or 'path'"),
    ("move", {"act": "move", "card": "f", "to": [1, 1], "path": [[3, 0]]},
     "'to' and 'path' disagree: the path must end on the 'to' square"),
    ("attack", {"act": "attack", "card": "f", "target": "ally"}, "Archer is not an enemy character on the board (G-6)"),
    ("attack", {"act": "attack", "card": "ally", "target": "b"}, "Footman is out of range (5 > 3, G-5)"),
    ("attack", {"act": "attack", "card": "h1", "target": "b"}, "Footman is not a character on the board"),
    ("ability", {"act": "ability", "card": "monk", "ability": "Thunderclap", "target": "b"},
     "Thunderclap costs 1 stones; you have 0"),
    ("ability", {"act": "ability", "card": "monk", "ability": "Fireball", "target": "b"},
     "Thunder Monk has no ability named 'Fireball'"),
    ("activate", {"act": "activate", "card": "halo", "ability": "Refresh", "pay": ["f"]},
     "Footman is not tapped: the cost untaps a tapped character"),
    ("activate", {"act": "activate", "card": "halo", "ability": "Renew", "pay": ["f"]},
     "Renew costs untapping 2 tapped character(s) you control: name exactly 2 in 'pay'"),
    ("activate", {"act": "activate", "card": "f", "ability": "Refresh", "pay": []},
     "Footman is not a relic you control in play"),
    ("choose", {"act": "choose", "option": "yes"}, "There is no choice to answer"),
    ("end_turn", {"act": "end_turn", "by": "Bo"}, "It is Ada's turn, not Bo's"),
    ("end_turn", {"act": "end_turn", "by": "Zed"}, "There is no player 'Zed'"),
    ("effect", {"act": "effect", "op": "explode", "target": "b"}, "Unknown effect op 'explode'"),
    ("effect", {"act": "effect", "op": "tap", "target": "hftp"},
     "Help From the Past is in stasis: this effect can't affect it (ST-7)"),
    ("effect", {"act": "effect", "op": "damage", "target": "b"}, "op 'damage' needs field 'n' (an integer 0..100)"),
    ("effect", {"act": "effect", "op": "tap", "target": "hftp", "affects_stasis": True},
     "Help From the Past is in stasis: effects may only add or remove its stasis counters, or copy it (ST-12)"),
    ("unknown", {"act": "dance"},
     f"Unknown act 'dance'; acts are: {', '.join(COMMANDS)}"),
    ("unknown", {"act": "move", "card": "f", "to": [3, 0], "speed": 3}, "move has no field 'speed'"),
]

ACTS = tuple(COMMANDS)
"""Every act of the table of commands (game/turn/commands/command.py)."""


def test_every_command_kind_has_an_illegal_example() -> None:
    """docs/architecture.md: the table below covers every act of docs/formats.md."""
    assert {kind for kind, _, _ in ILLEGAL} >= set(ACTS)


@pytest.mark.parametrize(("kind", "action", "reason"), ILLEGAL, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(ILLEGAL)])
def test_rejected_command_changes_nothing(kind: str, action: dict[str, Any], reason: str) -> None:
    """docs/architecture.md: an illegal command is rejected with a readable reason; state, log and dice stay exactly as
    they were."""
    game = setup(TABLE)
    game.table.roll("warm the generator")
    before = game.to_state()
    outcome = game.act(action)
    assert not outcome.ok
    assert outcome.reason == reason
    assert game.to_state() == before
    assert game.check(action).reason == reason


def test_ability_without_target_refuses_one() -> None:
    """G-5: an ability that affects its user itself (a Fuse like Spirit Ward) refuses a named target."""
    game = setup(TABLE.replace("stones = { Ada = 0 }", "stones = { Ada = 3 }"))
    before = game.to_state()
    outcome = game.act({"act": "ability", "card": "oliver", "ability": "Spirit Ward", "target": "b"})
    assert outcome.reason == "Spirit Ward takes no target: it affects Oliver itself"
    assert game.to_state() == before
    assert game.act({"act": "ability", "card": "oliver", "ability": "Spirit Ward"}).ok


def test_rejections_while_a_choice_waits() -> None:
    """G-3, docs/formats.md: with a pending choice, only `choose` by the chooser is accepted; others change nothing."""
    game = pending_game()
    before = game.to_state()
    waiting = "A choice is waiting for Ada: Hand limit 10: discard a card"
    cases: list[tuple[dict[str, Any], str | None]] = [
        ({"act": "end_turn"}, waiting),
        ({"act": "move", "card": "f", "to": [3, 0]}, waiting),
        ({"act": "effect", "op": "tap", "target": "f"}, waiting),
        ({"act": "choose", "option": "zz"}, None),
        ({"act": "choose", "option": "x0", "by": "Bo"}, "The choice is Ada's to make"),
    ]
    for action, reason in cases:
        outcome = game.act(action)
        assert not outcome.ok
        if reason is not None:
            assert outcome.reason == reason
        assert game.to_state() == before


def test_rejected_command_keeps_forced_dice() -> None:
    """G-8, docs/architecture.md: a rejected attack consumes no forced die; the next legal attack uses it."""
    game = setup(TABLE.replace("stones = { Ada = 0 }", "dice = [5]"))
    esper.component_for_entity(game.table.eid("f"), Stats).crt = 50
    assert not game.act({"act": "attack", "card": "f", "target": "ally"}).ok
    assert game.table.dice.forced_d100 == [5]
    assert game.act({"act": "attack", "card": "f", "target": "b"}).ok
    assert game.table.dice.forced_d100 == [] and game.table.last_rolls == [
        {"kind": "d100", "result": 5, "purpose": "critical hit on 1-50"}]


# ----- serialisation, saves --------------------------------------------------------------------------------


def pending_game() -> Game:
    """A mid-game state with stasis and stun counters, statuses, cubes, a Fuse and a pending hand-limit choice."""
    hand = "".join(f'[[card]]\nref = "x{i}"\nname = "Footman"\nowner = "Ada"\nzone = "hand"\n' for i in range(8))
    game = scenario(TABLE.replace("stones = { Ada = 0 }", "seed = 9\ndice = [60]\nturn = 4") + hand + """
[[card]]
ref = "oliver2"
name = "Oliver"
owner = "Ada"
zone = "board"
pos = [6, 1]
stun_counters = 2
status = { Burn = 1, Shear = 3 }
cubes = { red = 1, blue = 2, white = 1 }

[[card]]
ref = "bz"
name = "Footman"
owner = "Bo"
zone = "stasis"
stasis_counters = 1

[[card]]
ref = "d1"
name = "Wish"
owner = "Ada"
zone = "deck"

[[card]]
ref = "d2"
name = "Wish"
owner = "Ada"
zone = "deck"

[[do]]
act = "effect"
op = "apply_status"
status = "Freeze"
target = "b"

[[do]]
act = "ability"
card = "oliver2"
ability = "Spirit Ward"

[[do]]
act = "move"
card = "f"
to = [2, 1]

[[do]]
act = "end_turn"
""")
    assert game.table.rejected == [] and game.table.pending is not None
    return game


def test_round_trip_mid_game_with_pending_choice() -> None:
    """docs/formats.md: from_state(to_state()) gives the same state, counters, statuses and pending choice
    included, and both copies go on identically (same dice)."""
    game = pending_game()
    state = game.to_state()
    assert json.loads(json.dumps(state)) == state, "the state is plain JSON"
    copy = Game.from_state(state)
    assert copy.to_state() == state
    assert copy.view() == game.view()
    for g in (game, copy):
        assert g.act({"act": "choose", "option": "x3"}).ok
        assert g.act({"act": "move", "card": "b", "to": [2, 2]}).ok is False
        assert g.act({"act": "end_turn"}).ok
        g.table.roll("after the round trip")
    assert copy.to_state() == game.to_state()


def test_round_trip_standard_game_after_random_play() -> None:
    """G-8, docs/formats.md: round trips hold on standard games after random legal play."""
    for seed in (1, 2):
        game = random_play(seed, 80)
        state = game.to_state()
        assert Game.from_state(state).to_state() == state


def test_save_and_load_through_a_file(tmp_path: Path) -> None:
    """docs/formats.md: a save is written through a temporary file and renamed: no temporary file is left; loading it
    gives the same game."""
    game = pending_game()
    path = tmp_path / "slot" / "game.json"
    game.save(str(path))
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]
    data = json.loads(path.read_text())
    assert data["version"] == SAVE_VERSION and "history" in data and "dice" in data
    loaded = Game.load(str(path))
    assert loaded.to_state() == game.to_state()
    game.save(str(path))
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"], "overwriting leaves no temp file"


def test_failed_save_leaves_no_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/formats.md: a crash while writing leaves neither a half save nor a temporary file; an old save survives."""
    game = setup(TABLE)
    path = tmp_path / "game.json"
    path.write_text("old save")

    def broken(*_: Any, **__: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("game.io.serialize.json.dump", broken)
    with pytest.raises(OSError):
        game.save(str(path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert path.read_text() == "old save"


@pytest.mark.parametrize(("content", "message"), [
    (None, "no such save file"),
    ("{not json", "not a readable JSON save"),
    ('{"version": 99}', "unsupported save version 99"),
    ('[1, 2, 3]', "unsupported save version None"),
    ('{"version": 1}', "players_order: Field required"),
])
def test_bad_save_refused(tmp_path: Path, content: str | None, message: str) -> None:
    """A missing file, garbage JSON, a wrong version or a wrong shape raises SaveError naming the file."""
    path = tmp_path / "save.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(SaveError) as err:
        Game.load(str(path))
    assert str(path) in str(err.value) and message in str(err.value)


def test_save_with_unknown_card_refused(tmp_path: Path) -> None:
    """docs/formats.md: a save naming a card that doesn't exist is refused, not half-loaded."""
    state = setup(TABLE).to_state()
    state["cards"][0]["name"] = "Dragon"
    path = tmp_path / "save.json"
    path.write_text(json.dumps(state))
    with pytest.raises(SaveError, match="unknown card 'Dragon'"):
        Game.load(str(path))


# ----- schedule and idle frames ----------------------------------------------------------------------------


PINNED = [
    "TurnStartSystem", "StasisTickSystem", "FreezeSystem", "CubeCountdownSystem", "StartTriggerSystem",
    "UntapSystem", "StatusTickSystem", "EndOfTurnCleanupSystem", "StasisCleanupSystem", "DrawSystem",
    "VictorySystem", "TurnEndSystem",
]


def test_schedule_order_pinned() -> None:
    """G-3, docs/architecture.md: systems/schedule.py lists the systems in the turn's order: the shipped ones in
    this order (a new one goes between them), and every system after those of the phases before its own."""
    names = [s.__name__ for s in SCHEDULE]
    assert [name for name in names if name in PINNED] == PINNED, "a new system goes in, the others keep their order"
    phases = [PHASES.index(s.phase) for s in SCHEDULE]
    assert phases == sorted(phases), f"SCHEDULE runs phases out of order: {names}"


def test_every_rule_system_in_systems_is_scheduled_g3() -> None:
    """G-3: every PhaseSystem class written in systems/ is in SCHEDULE, modules nothing imports included."""
    written = {node.name for path in (ROOT / "systems").glob("*.py") for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.ClassDef) and any(ast.unparse(b).endswith("System") for b in node.bases)}
    assert sorted(written - {s.__name__ for s in SCHEDULE} - {"PhaseSystem"}) == [], \
        "add these to SCHEDULE in systems/schedule.py (docs/contributing.md, 'Add a status')"


def test_a_system_left_out_of_the_schedule_fails_at_import_g3() -> None:
    """G-3: a rule system defined but not in SCHEDULE stops the import with one line naming it and the doc."""
    code = ("from systems.base import PhaseSystem\n"
            "class BleedSystem(PhaseSystem):\n    phase = 'end'\n"
            "import systems.schedule\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        "systems.schedule.ScheduleError: __main__.BleedSystem not in SCHEDULE of systems/schedule.py, so never run: "
        "add each where its phase runs (docs/contributing.md, 'Add a status')")


def test_world_processor_order_matches_schedule() -> None:
    """G-3, STYLE (esper 3.9 priorities): a game's world runs its processors exactly in SCHEDULE order."""
    game = setup(TABLE)
    other = Game.empty(["X", "Y"])
    for g in (game, other):
        g.table.enter()
        systems = [p for p in esper._processors if isinstance(p, PhaseSystem)]
        assert len(systems) == len(esper._processors)
        assert [type(p).__name__ for p in systems] == [s.__name__ for s in SCHEDULE]
        assert all(p.game.world == g.table.world for p in systems)


def test_each_phase_runs_its_own_systems_in_schedule_order() -> None:
    """G-3: between commands a game runs, phase by phase, the steps of that phase's systems, in SCHEDULE order,
    the same processors the world holds (so one pass a phase does what esper.process would)."""
    game = setup(TABLE)
    game.table.enter()
    steps = {phase: [step.__self__ for step in found] for phase, found in game.table.phase_steps.items()}
    assert {phase: [type(p) for p in found] for phase, found in steps.items()} == {
        phase: [s for s in SCHEDULE if s.phase == phase] for phase in ("start", "untap", "end")}
    assert [p for found in steps.values() for p in found] == list(esper._processors)


def test_idle_process_changes_nothing() -> None:
    """docs/architecture.md: esper.process() in the main phase (and with a choice waiting) changes nothing."""
    for game in (setup(TABLE), random_play(4, 30), pending_game()):
        before = game.to_state()
        game.table.enter()
        for _ in range(5):
            esper.process()
        game.tick()
        assert game.to_state() == before


# ----- legal actions agree with apply ----------------------------------------------------------------------


def random_play(seed: int, steps: int) -> Game:
    """A standard game played `steps` random legal actions in (fewer when it ends)."""
    rng = random.Random(seed)
    game = Game.new(["Ada", "Bo"], seed=seed)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        assert game.act(rng.choice(legal)).ok
    return game


def clone(game: Game) -> Game:
    """An independent copy of a game."""
    return Game.from_state(game.to_state())


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_listed_action_is_accepted(seed: int) -> None:
    """G-3..G-6, docs/architecture.md: on states reached by random legal play, each listed legal action is accepted by
    `apply` (each tried on its own copy of the game)."""
    rng = random.Random(seed)
    game = Game.new(["Ada", "Bo"], seed=seed)
    checked = 0
    for step in range(150):
        legal = game.legal_actions()
        if not legal:
            break
        if step % 15 == 0:
            sample = legal if len(legal) <= 25 else rng.sample(legal, 25)
            for action in sample:
                copy = clone(game)
                outcome = copy.act(action)
                assert outcome.ok, f"seed {seed} step {step}: listed {action} rejected: {outcome.reason}"
                copy.close()
                checked += 1
        assert game.act(rng.choice(legal)).ok
    assert checked > 50


STATES: dict[tuple[int, int], Game] = {}


def state_for(seed: int, steps: int) -> Game:
    """A cached mid-game state per seed and length (seed 0: the pending-choice table); hypothesis calls the
    test many times."""
    if (seed, steps) not in STATES:
        STATES[(seed, steps)] = pending_game() if seed == 0 else random_play(seed, steps)
    return STATES[(seed, steps)]


def unlisted_actions(draw: Any, game: Game) -> dict[str, Any]:
    """A random action built from this state's refs, squares, abilities and acts (not the scenario `effect`)."""
    table = game.table
    refs = sorted(table.refs)
    me = table.acting_player()
    near = sorted({table.ref(e) for e in table.characters()}
                  | {table.ref(e) for z in ("hand", "stasis", "board")
                     for e in table.zone_cards(z, me, by="controller")})
    squares = [[x, y] for x in range(COLS) for y in range(ROWS)]
    abilities = sorted({a.name for e in table.cards() for a in table.defn(e).abilities})
    ref = st.sampled_from(near) | st.sampled_from(refs)
    act = draw(st.sampled_from([act for act in ACTS if act != "effect"]))
    action: dict[str, Any] = {"act": act}
    if act in ("play", "play_from_stasis", "move", "attack", "ability", "activate"):
        action["card"] = draw(ref)
    if act in ("play", "play_from_stasis", "move") and draw(st.booleans()):
        action["to"] = draw(st.sampled_from(squares))
    if act in ("play", "play_from_stasis", "attack", "ability") and draw(st.booleans()):
        action["target"] = draw(ref)
    if act in ("ability", "activate"):
        action["ability"] = draw(st.sampled_from(abilities))
    if act == "activate":
        action["pay"] = draw(st.lists(ref, max_size=2))
    if act == "choose":
        options = list(table.pending["options"]) if table.pending else []
        action["option"] = draw(st.sampled_from([*options, "yes", "no", 0, 1, *refs[:5]]))
    return action


def canonical(action: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """docs/formats.md: a play that names no target, where exactly one target is legal, is that play with the target
    named (the choice is made automatically); the legal list gives the named form."""
    if action["act"] not in ("play", "play_from_stasis") or "target" in action:
        return action
    same = [a for a in legal if {k: v for k, v in a.items() if k != "target"} == action and "target" in a]
    return same[0] if len(same) == 1 else action


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.sampled_from([0, 1, 2, 3, 5, 8]), steps=st.sampled_from([0, 20, 45, 90]))
def test_unlisted_actions_are_rejected(data: Any, seed: int, steps: int) -> None:
    """G-3..G-6: an action that is not in `legal_actions` is rejected by `apply`, and changes nothing."""
    game = state_for(seed, steps)
    legal = game.legal_actions()
    action = canonical(data.draw(st.composite(lambda draw: unlisted_actions(draw, game))()), legal)
    if action in legal:
        return
    before = game.to_state()
    outcome = game.act(action)
    assert not outcome.ok, f"seed {seed}: {action} is not listed but was accepted"
    assert outcome.reason
    assert game.to_state() == before
