"""The status table (game/core/statuses.py): every status of the dump contract once, its rules in the rules
reference, and everything else about statuses read from it (SE-0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import filecache
from game.core.constants import STATUSES
from game.core.rulebook import load_rules
from game.core.statuses import BY_NAME, TABLE
from game.rules.status import MAX_STACKS
from game.ui.icons import GLYPHS
from tests.test_cli import STATUS_NAMES


def test_the_table_holds_every_status_of_the_dump_contract_once_se0() -> None:
    """SE-0: the statuses of the dump contract, and any added since, each one record, in the order of the status
    list."""
    names = [status.name for status in TABLE]
    assert sorted(STATUS_NAMES - set(names)) == [], "the dump contract's statuses may be added to, never removed"
    assert len(names) == len(set(names))
    assert STATUSES == tuple(names) == tuple(BY_NAME)


def test_every_rule_id_of_a_status_is_in_the_rules_reference_se0() -> None:
    """SE-0: each status names its own SE rule first (titled with its name), then only rulings on that rule."""
    rules = load_rules()
    for status in TABLE:
        missing = [rule_id for rule_id in status.rules if rule_id not in rules]
        assert missing == [], f"{status.name}: no such rules in assets/rules.toml: {missing}"
        own = rules[status.rule]
        assert own.id.startswith("SE-") and own.title.startswith(status.name), status.name
        assert all(status.rule in rules[ruling].on for ruling in status.rules[1:]), status.name


def test_the_caps_of_the_rules_come_from_the_table_se0() -> None:
    """SE-0: the stacking limits the rules apply are the table's."""
    assert {status.name: status.max_stacks for status in TABLE} == MAX_STACKS
    assert all(status.max_stacks >= 1 for status in TABLE)


def test_every_status_has_a_tile_colour_and_a_picture() -> None:
    """Colours are plain RGB, each glyph name has a picture in game/ui/icons.py, and every picture is used."""
    for status in TABLE:
        assert len(status.color) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in status.color)
        assert status.short
    assert {status.glyph for status in TABLE} == set(GLYPHS)


def test_a_changed_status_table_makes_a_new_checked_files_key(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks of card files read the status names, so the table's bytes are part of the cache key."""
    code = tmp_path / "code"
    for name in filecache.CHECKING_CODE:
        (code / name).parent.mkdir(parents=True, exist_ok=True)
        (code / name).write_bytes((Path(filecache.__file__).parent.parent / name).read_bytes())
    monkeypatch.setattr(filecache, "__file__", str(code / "core" / "filecache.py"))
    before = filecache.key({})
    table = code / "core" / "statuses.py"
    table.write_bytes(table.read_bytes() + b"\n")
    assert filecache.key({}) != before
