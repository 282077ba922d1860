"""docs/contributing.md walked end to end: on a copy of the repository, a card added to a deck, a status and a command
kind, each exactly as the doc's steps say, then the tests those changes concern run on the copy and pass.

Each change below names the step of the doc it follows. When a step of the doc changes, change it here too; when
this test fails, a contributor following the doc would fail the same way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("game", "systems", "assets", "tests", "docs", "pyproject.toml")
DOC = ROOT / "docs" / "contributing.md"

CARD = '''name = "Lookout"
kind = "minion"
hp = 4
atk = 1
text = "When you play it, draw a card."
shows = ["G-4"]
on_play = [{ op = "draw", target = "you", n = 1 }]
'''

CARD_SCENARIO = '''description = "G-4: Ada plays Lookout; its on-play draws her a card."
players = ["Ada", "Bo"]

[[card]]
ref = "look"
name = "Lookout"
owner = "Ada"
zone = "hand"

[[card]]
ref = "d1"
name = "Footman"
owner = "Ada"
zone = "deck"

[[do]]
act = "play"
card = "look"
to = [3, 0]

[expect]
"cards.look.zone" = "board"
"players.Ada.hand" = ["d1"]
'''

STATUS_RECORD = '''    Status("Bleed", 3, ("SE-15",), "loses 1 HP per stack when its controller's turn ends",
           (150, 20, 30), "drop", counted=True),
'''

STATUS_RULE = '''
[[rule]]
id = "SE-15"
title = "Bleed"
text = """\\
A Bleeding character (three copies at most) loses 1 HP per copy when its controller's turn ends."""
'''

STATUS_SYSTEM = '''

class BleedSystem(PhaseSystem):
    """SE-15: a Bleeding character loses 1 HP per stack at the end of its controller's turn."""

    phase = "end"

    def run(self, game: Table) -> None:
        for eid in ticking(game):
            stacks = game.statuses(eid).get("Bleed", 0)
            if stacks:
                deal_damage(game, eid, stacks, source=None, reason="Bleed (SE-15)")
'''

STATUS_SCENARIO = '''description = "SE-15: Ada's Footman with 2 Bleed loses 2 HP when her turn ends."
players = ["Ada", "Bo"]

[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [3, 0]
status = { Bleed = 2 }

[[do]]
act = "end_turn"

[expect]
"cards.f.hp" = 3
'''

COMMAND_MODULE = '''"""`rest`: a character of yours that may act taps to heal 1 HP (G-5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.combat import heal
from game.turn.commands.checks import card_of, own_character, ready_to_act, rejecting, require_main
from game.turn.commands.moment import Action, Moment

if TYPE_CHECKING:
    from game.core.table import Table


@dataclass(frozen=True)
class RestPlan:
    """What resting needs: the character."""

    card: int


@dataclass(frozen=True)
class Rest:
    """G-5: a character of yours that may act taps and heals 1 HP."""

    label: ClassVar[str] = "Rest"
    listed: ClassVar[str] = "acting"

    by: str
    card: Any = None

    @rejecting
    def check(self, game: Table) -> RestPlan:
        """The acting player's main phase, and a character of theirs on the board that may act (G-5)."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ready_to_act(game, eid, "rest")
        return RestPlan(eid)

    def run(self, game: Table, plan: RestPlan) -> None:
        """Tap the character, then heal it 1 HP."""
        game.tap(plan.card)
        heal(game, plan.card, 1, overheal=False)

    @staticmethod
    def legal(moment: Moment, eid: int) -> list[Action]:
        """G-5: resting, for a character of the player's that may act (`listed`: the listing asks only those)."""
        return [{"act": "rest", "card": moment.game.ref(eid)}]
'''

COMMAND_SCENARIO = '''description = "G-5: Ada's hurt Footman rests: it taps and heals 1 HP; tapped, it can't rest again"
players = ["Ada", "Bo"]

[[card]]
ref = "f"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [3, 0]
hp = 2

[[do]]
act = "rest"
card = "f"

[[do]]
act = "rest"
card = "f"

[expect]
"cards.f.hp" = 3
"cards.f.tapped" = true
"rejected.0.step" = 1
"rejected.0.reason" = "Footman is tapped: it can't rest (G-5)"
'''

COMMAND_ILLEGAL = '''    ("rest", {"act": "rest", "card": "b"}, "Footman is not yours to command"),
'''

TESTS = [
    "tests/test_rule_coverage.py", "tests/test_status_table.py", "tests/test_layers.py", "tests/test_opspecs.py",
    "tests/test_scenario_files.py", "tests/test_engine_contracts.py::test_schedule_order_pinned",
    "tests/test_engine_contracts.py::test_every_rule_system_in_systems_is_scheduled_g3",
    "tests/test_engine_contracts.py::test_every_command_kind_has_an_illegal_example",
    "tests/test_engine_contracts.py::test_rejected_command_changes_nothing",
    "tests/test_engine_contracts.py::test_world_processor_order_matches_schedule",
    "tests/test_engine_contracts.py::test_each_phase_runs_its_own_systems_in_schedule_order",
    "tests/test_cli.py::test_rules_all_and_one", "tests/test_cli.py::test_rules_markdown_is_the_whole_reference",
    "tests/test_files_and_saves.py::test_every_schema_problem_listed_one_per_line",
    "tests/test_rules_reference.py::test_markdown_has_one_section_per_rule_with_its_rulings",
    "tests/test_sim.py::test_every_card_is_in_some_deck_but_the_setup_only_ones",
    "tests/test_sim.py::test_every_deck_has_twenty_cards",
    "tests/test_files_and_saves.py::test_scenario_model_prints_as_json_schema",
    "tests/test_command_registry.py", "tests/test_legal_generation.py::test_apply_accepts_exactly_the_listed_actions",
    "tests/test_env.py::test_api", "tests/test_env_encoding.py::test_every_command_shape_round_trips",
    "tests/test_env_encoding.py::test_the_mask_is_exactly_the_legal_actions_at_every_step",
    "tests/test_env_compact.py::test_the_mask_reaches_each_legal_command_exactly_once_at_every_step",
    "tests/test_env_compact.py::test_random_play_reaches_every_long_form_and_each_command_once",
]
"""The tests the three changes concern (a small part of the suite): the new kind among them is listed, checked,
encoded for the environment both ways and left alone by greedy, with no file of theirs edited."""


def edit(path: Path, before: str, after: str) -> None:
    """Replace the one place `before` stands in a file with `after` (the place the doc's step names)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(before) == 1, f"{path}: the place the doc names is gone: {before!r}"
    path.write_text(text.replace(before, after), encoding="utf-8")


def add_card(repo: Path) -> set[str]:
    """'Add a card': its file (step 1), in a deck in place of one copy of a card the deck holds twice (step 3), and
    a scenario of what it does (step 4). Returns what the doc's section must name (a new file: its folder)."""
    (repo / "assets/cards/lookout.toml").write_text(CARD, encoding="utf-8")
    deck = sorted((repo / "assets/decks").glob("*.toml"))[0]
    cards = tomllib.loads(deck.read_text(encoding="utf-8"))["cards"]
    name = next(n for n, count in cards.items() if count >= 2)
    edit(deck, f'"{name}" = {cards[name]}\n', f'"{name}" = {cards[name] - 1}\n"Lookout" = 1\n')
    (repo / "tests/scenarios/g4_lookout_draws_on_play.toml").write_text(CARD_SCENARIO, encoding="utf-8")
    return {"assets/cards/", "assets/decks/", "tests/scenarios/"}


def add_status(repo: Path) -> set[str]:
    """'Add a status': its record (step 1), its rule (step 2), its system and its place in the schedule (step 3; a
    picture that fits is reused, step 4), and a scenario named with its rule id (step 7). Returns what to name."""
    table = repo / "game/core/statuses.py"
    edit(table, '\n)\n"""Every status', f"\n{STATUS_RECORD})\n\"\"\"Every status")
    rules = repo / "assets/rules.toml"
    edit(rules, "\n# --- Part B: stun counters ---\n", f"{STATUS_RULE}\n# --- Part B: stun counters ---\n")
    with (repo / "systems/status.py").open("a", encoding="utf-8") as out:
        out.write(STATUS_SYSTEM)
    schedule = repo / "systems/schedule.py"
    edit(schedule, "CubeCountdownSystem, EndOfTurnCleanupSystem,",
         "BleedSystem, CubeCountdownSystem, EndOfTurnCleanupSystem,")
    edit(schedule, "    StatusTickSystem,\n", "    StatusTickSystem,\n    BleedSystem,\n")
    (repo / "tests/scenarios/se15_bleed_loses_hp_at_turn_end.toml").write_text(STATUS_SCENARIO, encoding="utf-8")
    return {"game/core/statuses.py", "assets/rules.toml", "systems/status.py", "systems/schedule.py",
            "tests/scenarios/"}


def add_command(repo: Path) -> set[str]:
    """'Add a command kind': its module with its label and where it is listed (step 1), its act in COMMANDS (step
    2; the listing, the environment, greedy and the window read it there, step 3), a scenario with a rejected one
    and an illegal example for the contract test (step 5). Returns what to name."""
    (repo / "game/turn/commands/rest.py").write_text(COMMAND_MODULE, encoding="utf-8")
    command = repo / "game/turn/commands/command.py"
    edit(command, "from game.turn.commands.play import Play, PlayFromStasis\n",
         "from game.turn.commands.play import Play, PlayFromStasis\nfrom game.turn.commands.rest import Rest\n")
    edit(command, '"effect": Effect,\n}', '"effect": Effect, "rest": Rest,\n}')
    (repo / "tests/scenarios/g5_rest_heals_and_taps.toml").write_text(COMMAND_SCENARIO, encoding="utf-8")
    contracts = repo / "tests/test_engine_contracts.py"
    edit(contracts, "ILLEGAL: list[tuple[str, dict[str, Any], str]] = [\n",
         f"ILLEGAL: list[tuple[str, dict[str, Any], str]] = [\n{COMMAND_ILLEGAL}")
    return {"game/turn/commands/", "game/turn/commands/command.py", "tests/scenarios/",
            "tests/test_engine_contracts.py"}


def section(title: str) -> str:
    """The text of one `## ` section of docs/contributing.md."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def test_the_doc_walked_end_to_end_passes_on_a_copy(tmp_path: Path) -> None:
    """A new card in a deck, a new status and a new command kind, as docs/contributing.md says; the tests they
    concern pass on that copy, and each section of the doc names every file its change touched."""
    repo = tmp_path / "repo"
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, repo / name)
    touched = {"Add a card": add_card(repo), "Add a status": add_status(repo), "Add a command kind": add_command(repo)}
    for title, files in touched.items():
        words = section(title)
        unnamed = sorted(f for f in files if f not in words)
        assert unnamed == [], f"docs/contributing.md, '{title}', names none of {unnamed}"
    env = {**os.environ, "PYTHONPATH": str(repo), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-x",
                           "--tb=short", *TESTS], cwd=repo, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "deselected" not in done.stdout
