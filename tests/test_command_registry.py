"""Registries, not lists (issue 45): a command kind declared in COMMANDS, with its label and where the listing asks
it, is listed, encoded for the environment, left alone by greedy and named by the window, with no list to edit."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import pytest

from game.bots.determinize import Observation
from game.bots.registry import make_bot
from game.bots.simple import UNKNOWN, GreedyBot, ViewBoard
from game.engine import Game
from game.env.compact import COMPACT_ACTIONS, HEADS, TARGET
from game.env.encoding import ADDED, BLOCKS, LAYOUT, OFFSETS, EncodingError, added_kinds
from game.turn import legal
from game.turn.commands import command
from game.turn.commands.checks import card_of, own_character, ready_to_act, rejecting, require_main
from game.turn.commands.command import COMMANDS
from game.turn.commands.moment import Action, Moment
from game.ui.labels import action_label

if TYPE_CHECKING:
    from game.core.table import Table

DOC = Path(__file__).resolve().parent.parent / "docs" / "contributing.md"


@dataclass(frozen=True)
class Nap:
    """A test kind: a character of yours that may act taps, and that is all."""

    label: ClassVar[str] = "Take a nap"
    listed: ClassVar[str] = "acting"

    by: str
    card: Any = None

    @rejecting
    def check(self, game: Table) -> int:
        """The acting player's main phase, and a character of theirs that may act."""
        require_main(game, self.by)
        eid = card_of(game, self.card)
        own_character(game, eid, self.by)
        ready_to_act(game, eid, "nap")
        return eid

    def run(self, game: Table, plan: int) -> None:
        """Tap the character."""
        game.tap(plan)

    @staticmethod
    def legal(moment: Moment, eid: int) -> list[Action]:
        """Napping, for a character of the player's that may act."""
        return [{"act": "nap", "card": moment.game.ref(eid)}]


@dataclass(frozen=True)
class Boost:
    """A test kind with a field the environment can't encode by itself."""

    label: ClassVar[str] = "Boost"
    listed: ClassVar[str] = "acting"

    by: str
    card: Any = None
    amount: Any = None


@pytest.fixture
def nap(monkeypatch: pytest.MonkeyPatch) -> None:
    """`nap` registered as the doc says (in COMMANDS), with what the modules read from COMMANDS at import (the
    fields a command may give, each character's kinds) taken again."""
    monkeypatch.setitem(COMMANDS, "nap", Nap)
    monkeypatch.setitem(command.FIELDS, Nap, frozenset({"card"}))
    monkeypatch.setattr(legal, "ACTING", (*legal.ACTING, Nap))


def test_every_kind_declares_its_label_and_where_it_is_listed() -> None:
    """Each kind of COMMANDS has a label in words (not its act) and a `listed` the listing knows; a kind without
    them is named, with what it lacks (the import stops with that, in one line)."""
    for act, kind in COMMANDS.items():
        assert kind.label and kind.label != act and kind.label[0].isupper(), act
    assert command.undeclared(COMMANDS) == []
    odd = {"nap": Nap, "odd": type("Odd", (), {"label": "Odd", "listed": "sideways"}), "bare": type("Bare", (), {})}
    assert command.undeclared(odd) == ["bare: no label", "odd: listed 'sideways'", "bare: listed None"]


def test_a_registered_kind_is_listed_for_each_character_that_may_act(nap: None) -> None:
    """The listing asks `nap` of every character that may act, after its other kinds, and `act` takes it."""
    game = Game.new(["Ada", "Bo"], seed=3)
    rng = random.Random(3)
    naps = 0
    for _ in range(200):
        listed = game.legal_actions()
        if not listed:
            break
        naps += sum(a["act"] == "nap" for a in listed)
        for action in listed:
            if action["act"] == "nap":
                assert game.check(action).ok
        assert game.act(rng.choice(listed)).ok
    assert naps > 0


def test_greedy_ends_its_turn_rather_than_take_a_kind_it_has_no_preference_for(nap: None) -> None:
    """A kind greedy has no score for ranks below ending the turn: over a seeded greedy game where `nap` is listed,
    greedy never naps (nor takes any kind it scores UNKNOWN), and given only naps and ending the turn, it ends it."""
    assert UNKNOWN < 0
    game = Game.new(["Ada", "Bo"], seed=5)
    bots = {name: make_bot("greedy-v1", i) for i, name in enumerate(["Ada", "Bo"])}
    offered = 0
    for _ in range(300):
        seen = Observation.of(game)
        naps = [a for a in seen.actions if a["act"] == "nap"]
        offered += len(naps)
        bot = bots[seen.player]
        chosen = bot.choose(seen)
        assert chosen["act"] != "nap" and bot.scorer(ViewBoard(seen.view, seen.player))(chosen) != UNKNOWN
        if not game.act(chosen).ok or game.legal_actions() == []:
            break
        if naps:
            only = GreedyBot(7).pick(ViewBoard(seen.view, seen.player), [*naps, {"act": "end_turn"}])
            assert only == {"act": "end_turn"}
    assert offered > 0


def test_the_window_names_a_kind_by_its_label(nap: None) -> None:
    """A kind the window has no words of its own for is shown by its declared label and its card, never its act."""
    game = Game.new(["Ada", "Bo"], seed=3)
    rng = random.Random(3)
    for _ in range(100):
        if any(a["act"] == "nap" for a in game.legal_actions()):
            break
        assert game.act(rng.choice(game.legal_actions())).ok
    action = next(a for a in game.legal_actions() if a["act"] == "nap")
    view = game.view()
    card = view["cards"][action["card"]]
    assert action_label(view, action) == f"Take a nap {card['name']} ({card['owner']})"


def test_an_added_kind_gets_a_block_after_the_hand_written_ones() -> None:
    """A kind of COMMANDS the hand-written blocks don't encode gets its own block (a slot for each of its fields:
    card, target, to) after them, and compact heads after the target slots: the shipped indices never move."""
    assert added_kinds({"nap": Nap}) == {"nap": ("card",)}
    assert LAYOUT[:len(BLOCKS)] == BLOCKS
    assert all(OFFSETS[act] >= OFFSETS["activate"] for act in ADDED)
    assert all(HEADS[act] >= TARGET for act in ADDED) and COMPACT_ACTIONS >= 985


def test_a_kind_the_environment_cant_encode_stops_the_import_in_one_line() -> None:
    """A field none of card, target and to: one line naming the kind, its field and the doc section that says how."""
    with pytest.raises(EncodingError) as failed:
        added_kinds({"boost": Boost})
    assert str(failed.value) == ("no encoding for the command 'boost': its field 'amount' is none of card, target, "
                                 "to (docs/contributing.md, 'Add a command kind')")
    assert "\n## Add a command kind\n" in DOC.read_text(encoding="utf-8")
