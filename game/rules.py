"""The rules reference: every rule id of the game with a title and a player-facing text."""

from __future__ import annotations

import textwrap
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files


@dataclass(frozen=True)
class Rule:
    """One rule of the game, as a player reads it."""

    id: str
    title: str
    text: str


@cache
def load_rules() -> dict[str, Rule]:
    """All rules from `assets/rules.toml`, keyed by id, in file order (read once; do not mutate)."""
    data = tomllib.loads((files("assets") / "rules.toml").read_text(encoding="utf-8"))
    rules: dict[str, Rule] = {}
    for entry in data["rule"]:
        found = Rule(id=entry["id"], title=entry["title"], text=entry["text"])
        if found.id in rules:
            raise ValueError(f"rules.toml defines rule {found.id} twice")
        rules[found.id] = found
    return rules


def rule(rule_id: str) -> Rule:
    """The rule with this id, ignoring case ("st-3" finds ST-3)."""
    try:
        return load_rules()[rule_id.strip().upper()]
    except KeyError:
        raise KeyError(
            f"no rule {rule_id!r} in the rules reference; ids look like G-1, ST-3, SE-0 or SC-10"
        ) from None


def format_rule(rule: Rule, width: int = 78) -> str:
    """The rule for a terminal: "ID  Title" on one line, then its text indented and wrapped to `width`."""
    body = textwrap.fill(rule.text, width=width, initial_indent="    ", subsequent_indent="    ")
    return f"{rule.id}  {rule.title}\n{body}"


def cite(rule_id: str) -> str:
    """A citation such as "(ST-3)" for a rejection reason; unknown ids raise `KeyError`."""
    return f"({rule(rule_id).id})"
