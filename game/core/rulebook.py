"""The rules reference: every rule id of the game with a title and a player-facing text."""

from __future__ import annotations

import textwrap
import tomllib
from dataclasses import dataclass
from functools import cache

from assets import FOLDER
from game.core.numbers import PLAYER_COUNTS, SEATS, SPECS, shipped_numbers


@dataclass(frozen=True)
class Rule:
    """One rule of the game, as a player reads it."""

    id: str
    title: str
    text: str
    on: tuple[str, ...] = ()
    """For a ruling (R-*): the ids of the rules it settles a point of."""
    why: str = ""
    """For a rule the designers chose by measuring (G-9): the measurement that chose it, with its commands."""


@cache
def load_rules() -> dict[str, Rule]:
    """All rules from `assets/rules.toml`, keyed by id, in file order (read once; do not mutate); each `{key}` of a
    text is filled in with that number of the shipped rules (`game.core.numbers`)."""
    data = tomllib.loads((FOLDER / "rules.toml").read_text(encoding="utf-8"))
    numbers = shipped_numbers().table()
    rules: dict[str, Rule] = {}
    for entry in data["rule"]:
        found = Rule(id=entry["id"], title=entry["title"], text=entry["text"].format_map(numbers),
                     on=tuple(entry.get("on", ())), why=entry.get("why", "").format_map(numbers))
        if found.id in rules:
            raise ValueError(f"rules.toml defines rule {found.id} twice")
        rules[found.id] = found
    unknown = sorted({target for r in rules.values() for target in r.on if target not in rules})
    if unknown:
        raise ValueError(f"rules.toml has rulings on rules it does not define: {unknown}")
    return rules


def rulings_on(rule_id: str) -> list[Rule]:
    """The rulings (R-*) that settle a point of the rule with this id, in file order."""
    return [r for r in load_rules().values() if rule_id in r.on]


def rule(rule_id: str) -> Rule:
    """The rule with this id, ignoring case ("st-3" finds ST-3)."""
    try:
        return load_rules()[rule_id.strip().upper()]
    except KeyError:
        raise KeyError(
            f"no rule {rule_id!r} in the rules reference; ids look like G-1, ST-3, SE-0, SC-10 or R-6"
        ) from None


def format_rule(rule: Rule, width: int = 78) -> str:
    """The rule for a terminal: "ID  Title" on one line (a ruling adds the rules it is on), then its text
    indented and wrapped to `width`."""
    body = textwrap.fill(rule.text, width=width, initial_indent="    ", subsequent_indent="    ")
    on = f"  (on {', '.join(rule.on)})" if rule.on else ""
    return f"{rule.id}  {rule.title}{on}\n{body}"


FAMILIES = {
    "G": "The game (G-*)",
    "ST": "Stasis counters (ST-*)",
    "SE": "Status effects (SE-*)",
    "SC": "Stun counters (SC-*)",
    "R": "Rulings on points the rules leave open (R-*)",
}
MARKDOWN_FILE = "docs/rules.md"
MARKDOWN_COMMAND = "make docs"


def family(rule_id: str) -> str:
    """The family prefix of a rule id: "ST" for ST-3."""
    return rule_id.split("-", 1)[0]


def anchor(rule_id: str) -> str:
    """The Markdown anchor of a rule's section: "st-3"."""
    return rule_id.lower()


def link(rule_id: str) -> str:
    """A Markdown link to a rule's section."""
    return f"[{rule_id}](#{anchor(rule_id)})"


def rules_markdown() -> str:
    """The whole rules reference as one Markdown document: a section per rule id, grouped by family, each
    rule listing its rulings and each ruling linking back to the rules it is on."""
    lines = [
        "# Countertop rules",
        "",
        "Every rule of the game, by id, as `countertop rules ID` prints it. Rejection messages, card texts and",
        "tests cite these ids. This file is generated from `assets/rules.toml` and `assets/numbers.toml`: to change",
        f"it, edit those files and run `{MARKDOWN_COMMAND}` (it writes `countertop rules --markdown` to",
        f"`{MARKDOWN_FILE}`). The numbers the rules count with are listed [at the end](#numbers).",
    ]
    current = ""
    for entry in load_rules().values():
        if family(entry.id) != current:
            current = family(entry.id)
            lines += ["", f"## {FAMILIES[current]}"]
        lines += ["", f'<a id="{anchor(entry.id)}"></a>', "", f"### {entry.id} {entry.title}", ""]
        if entry.on:
            lines += [f"On {', '.join(link(r) for r in entry.on)}.", ""]
        lines.append(entry.text)
        if entry.why:
            lines += ["", f"Why: {entry.why}"]
        rulings = rulings_on(entry.id)
        if rulings:
            lines += ["", f"Rulings: {', '.join(link(r.id) for r in rulings)}."]
    return "\n".join(lines + numbers_markdown()) + "\n"


def numbers_markdown() -> list[str]:
    """The section of the reference that lists the numbers of the rules, with each one's rule and meaning."""
    numbers = shipped_numbers()
    lines = ["", '<a id="numbers"></a>', "", "## The numbers of the rules", "",
             "The rules above count with these numbers, read from `assets/numbers.toml`. A variant file's `[rules]`",
             "table changes them for a simulation, and `[rules.first_round.seatN]` gives a seat its own values for",
             f"its first turn (and opening hand): {', '.join(f'`{s.key}`' for s in SPECS if s.first_round)}.",
             f"A `[{PLAYER_COUNTS[2]}]` table (or `{PLAYER_COUNTS[3]}`, `{PLAYER_COUNTS[4]}`) holds numbers for",
             "games of that many players only, over the rest.",
             "", "| number | value | rule | what it counts |", "|---|---|---|---|"]
    lines += [f"| `{s.key}` | {getattr(numbers, s.key)} | {link(s.rule)} | {s.meaning} |" for s in SPECS]
    lines += seat_rows("", numbers.first_round, "")
    for count, own in sorted(numbers.by_players.items()):
        name, only = PLAYER_COUNTS[count], f", in games of {count} players only"
        lines += [f"| `{name}.{s.key}` | {own[s.key]} | {link(s.rule)} | {s.meaning}{only} |" for s in SPECS
                  if s.key in own]
        seats = {SEATS.index(seat): values for seat, values in own.get("first_round", {}).items()}
        lines += seat_rows(f"{name}.", seats, only)
    return lines


def seat_rows(prefix: str, seats: dict[int, dict[str, int]], only: str) -> list[str]:
    """The reference's rows for seats' own first-round values."""
    return [f"| `{prefix}first_round.{SEATS[seat]}.{s.key}` | {values[s.key]} | {link(s.rule)} | {SEATS[seat]}'s own "
            f"value in the first round (G-9){only} |" for seat, values in sorted(seats.items()) for s in SPECS
            if s.key in values]


def cite(rule_id: str) -> str:
    """A citation such as "(ST-3)" for a rejection reason; unknown ids raise `KeyError`."""
    return f"({rule(rule_id).id})"
