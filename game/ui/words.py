"""Words shown to players about the table: tooltips with their rules, markers, plays left, scores and seats
(names and action labels are `labels`, the log is `log_words`)."""

from __future__ import annotations

import re
from typing import Any

from game.bots.registry import SEATS
from game.core.numbers import shipped_numbers
from game.core.rulebook import rule
from game.core.statuses import BY_NAME
from game.io.setup import START_VP_REASON
from game.ui.labels import card_name, grant_words, plural, stone_cost

View = dict[str, Any]
Action = dict[str, Any]

MARKER_SHORT = {
    "stun_counters": "stun counters: the next untap removes one instead (SC-2)",
    "stasis_counters": "stasis counters: one comes off each of your turns; at 0 play it free (ST-9, ST-11)",
    "cubes": "cubes: red +1 ATK, white timers, blue extra HP (SE-14)",
    "evasion": "evasion: one d100 roll against the total, at or under evades (SE-12)",
    "negation": "negation: one d100 roll per source (SE-13)",
}
CUBE_WORDS = {
    "red": "Red cubes: +1 ATK each until the end of the turn.",
    "white": "White cubes: count down for the abilities that use them.",
    "blue": "Blue cubes: extra HP above max HP; damage removes them first.",
}


def rule_lines(rule_id: str) -> list[str]:
    """A rule as tooltip lines: its id and title, then its text."""
    found = rule(rule_id)
    return [f"Rule {found.id} {found.title}", found.text]


def card_tooltip(view: View, ref: str) -> list[str]:
    """Tooltip lines of a card: name, kind and stats, text, abilities and the rule of its zone."""
    card = view["cards"][ref]
    lines = [card_name(view, ref)]
    kind = card.get("kind", "")
    if card.get("hp") is not None:
        lines.append(
            f"{kind}: ATK {card['atk']} (printed {card.get('printed_atk', card['atk'])}), "
            f"HP {card['hp']}/{card['max_hp']}, MV {card.get('mv')}"
            + (
                f" ({card['mv_left']} left)"
                if card.get("mv_left") is not None and card["zone"] == "board"
                else ""
            )
            + f", range {card.get('range', 1)}, {card.get('damage_type', 'physical')} damage"
            + f", CRT {card.get('crt')}%"
        )
    else:
        lines.append(kind)
    if card.get("text"):
        lines.append(card_text(card))
    for ability in card.get("abilities", []):
        if not described(card, ability):
            lines.append(ability_line(ability))
    if card.get("lost_abilities"):
        lines.append("It has lost all its abilities this turn.")
    markers = marker_summary(card)
    if markers:
        lines.append("On it: " + markers + ". Hover a marker for its rule.")
    lines.extend(_zone_rule(card))
    return lines


SC_COST = re.compile(r"\bSC (\d+)")


def card_text(card: dict[str, Any]) -> str:
    """A card's text as players read it: costs in speaking stones, "SC 1" written "1 stone"."""
    return SC_COST.sub(lambda found: plural(int(found.group(1)), "stone"), str(card.get("text", "")))


def described(card: dict[str, Any], ability: dict[str, Any]) -> bool:
    """Whether the card's text already tells of this ability (it names it), so it is not listed twice."""
    text = card.get("text", "")
    named = bool(ability.get("name")) and ability["name"] in text
    return named or (bool(ability.get("text")) and ability["text"] in text)


def ability_line(ability: dict[str, Any]) -> str:
    """An ability in one line, e.g. "Fuse Far Sight · 1 stone, range 3: ..."."""
    fuse = "Fuse " if ability.get("fuse") else ""
    reach = f", range {ability['range']}" if ability.get("range") else ""
    return f"{fuse}{ability['name']} · {stone_cost(ability)}{reach}: {ability.get('text', '')}"


def marker_summary(card: dict[str, Any]) -> str:
    """Everything sitting on a card, in one line: statuses, counters, cubes, evasion, negation."""
    parts = [
        f"status {name}"
        + (f" ({n} token{'s' if n != 1 else ''})" if name == "Freeze" else f" ×{n}" if n > 1 else "")
        for name, n in card.get("status", {}).items()
    ]
    if card.get("stun_counters"):
        parts.append(plural(card["stun_counters"], "stun counter"))
    if card.get("zone") == "stasis":
        parts.append(plural(card.get("stasis_counters", 0), "stasis counter"))
    parts += [f"{n} {color} cube{'s' if n != 1 else ''}" for color, n in card.get("cubes", {}).items() if n]
    parts += [f"{value} {dtype} evasion" for dtype, value in card.get("evasion", {}).items() if value]
    parts += [negation_words(dtype, values) for dtype, values in negation_sources(card).items()]
    return ", ".join(parts)


def negation_sources(card: dict[str, Any]) -> dict[str, list[int]]:
    """A card's negation sources by damage type: the value of each, in the order they were attached."""
    found: dict[str, list[int]] = {}
    for source in card.get("negation", []):
        found.setdefault(source["type"], []).append(source["value"])
    return found


def negation_words(dtype: str, values: list[int]) -> str:
    """Negation sources of one damage type in words, e.g. "25 physical negation" or "3 physical negation
    sources (25, 25, 30)"."""
    if len(values) == 1:
        return f"{values[0]} {dtype} negation"
    return f"{len(values)} {dtype} negation sources ({', '.join(map(str, values))})"


LAST_TURN = "At 0 counters: play it this turn, or it is discarded when its controller's turn ends (ST-14)."


def _zone_rule(card: dict[str, Any]) -> list[str]:
    if card["zone"] == "stasis" and card.get("stasis_counters", 0) == 0:
        return [LAST_TURN, *rule_lines("ST-11"), *rule_lines("ST-14")]
    if card["zone"] == "stasis":
        return rule_lines("ST-9")
    if card.get("tapped"):
        return ["Tapped: it can't move, attack or use Abilities."] + rule_lines("G-5")
    if card["zone"] == "hand":
        return rule_lines("G-4")
    if card["zone"] == "location":
        return ["+1 VP at the end of your turn while one of your characters stands here.", *SCORING[:1]]
    return []


def marker_tooltip(view: View, zone: tuple[Any, ...]) -> list[str]:
    """Tooltip lines of a marker drawn on a card: a status, counters, cubes, evasion or negation."""
    kind, ref = zone[0], zone[1]
    card = view["cards"][ref]
    name = card_name(view, ref)
    if kind == "status":
        status = zone[2]
        stacks = card["status"][status]
        count = plural(stacks, "token" if status == "Freeze" else "stack")
        head = f"Status {status} on {name}: {count}"
        if status == "Stun":
            head += " (the status, not stun counters)"
        return [head] + rule_lines(BY_NAME[status].rule)
    if kind == "stun_counters":
        n = card["stun_counters"]
        return [f"{name} has {plural(n, 'stun counter')} (not the status Stun)"] + rule_lines("SC-2")
    if kind == "stasis_counters":
        n = card["stasis_counters"]
        if n == 0:
            return [f"{name} is in stasis with 0 stasis counters", LAST_TURN, *rule_lines("ST-11")]
        return [f"{name} is in stasis with {plural(n, 'stasis counter')}"] + rule_lines("ST-9")
    if kind == "cubes":
        color = zone[2]
        return [f"{name}: {plural(card['cubes'][color], color + ' cube')}", CUBE_WORDS[color]] + rule_lines("SE-14")
    if kind == "evasion":
        dtype = zone[2]
        return [f"{name}: {card['evasion'][dtype]} {dtype} evasion (sources add up)"] + rule_lines("SE-12")
    if kind == "negation":
        values = negation_sources(card)[zone[2]]
        head = f"{name}: {negation_words(zone[2], values)} (one d100 roll per source, in order)"
        return [head] + rule_lines("SE-13")
    return []


def hand_size(player: dict[str, Any]) -> int:
    """How many cards a player holds: `hand_size` in a player's view, the hand's length in the whole state."""
    return int(player["hand_size"]) if "hand_size" in player else len(player["hand"])


def deck_size(player: dict[str, Any]) -> int:
    """How many cards are left in a player's deck: `deck_size` in a player's view (which has no deck list)."""
    return int(player["deck_size"]) if "deck_size" in player else len(player["deck"])


def player_tooltip(view: View, name: str) -> list[str]:
    """Tooltip lines of a player's panel header: the score, where it came from, and how VP are scored."""
    player = view["players"][name]
    return [
        f"{name}: {vp_line(player['vp'])}, {player['stones']} speaking stones",
        f"So far: {breakdown_words(view, name)}.",
        f"Deck {deck_size(player)} cards, discard {len(player['discard'])}, hand {hand_size(player)}.",
        f"Holds {plural(madness_count(view, name), 'Madness card')} (−1 VP per 2 at the end of the game).",
        *SCORING,
    ]


def madness_count(view: View, name: str) -> int:
    """Madness cards a player holds in hand, deck, discard pile and stasis (ST-18), of those the view shows."""
    return sum(
        1
        for card in view["cards"].values()
        if card.get("kind") == "madness"
        and card.get("controller", card.get("owner")) == name
        and card["zone"] in ("hand", "deck", "discard", "stasis")
    )


def score_tooltip(view: View, key: tuple[Any, ...]) -> list[str]:
    """Tooltip lines of a player's row on the game-over screen: how the final score was made."""
    if key[0] != "score":
        return []
    name = key[1]
    player = view["players"][name]
    penalty = player.get("madness_penalty", madness_count(view, name) // 2)
    parts = vp_breakdown(view, name)
    return [
        f"{name}: {player['vp'] + penalty} VP at the end, {plural(madness_count(view, name), 'Madness card')} held",
        f"VP from locations {parts['locations']}, from defeats {parts['defeats']} "
        f"({plural(parts['defeats'], 'character')} at 1 VP), from monsters {parts['monsters']} "
        f"({plural(parts['monsters'] // 2, 'monster')} at 2 VP), "
        + (f"head start {parts['start']} (G-9), " if parts["start"] else "") + f"other {parts['other']}.",
        f"Madness penalty −{penalty} VP, so {player['vp']} VP in the end.",
    ] + rule_lines("ST-18") + rule_lines("G-7") + (rule_lines("G-9") if parts["start"] else [])


PERSON_LABEL = "Person (plays at this computer)"
BOT_STRENGTHS = {bot: rung for rung, bot in SEATS.items()}
"""Each seat's bot and the rung the window calls it by ("Bot: easy")."""
SEAT_WORDS = {
    "person": "A person plays this seat at this computer; with several people, a pass screen hides each hand "
    "while the device changes hands.",
    "random": "A bot that picks any move the rules allow, at random.",
    "greedy-v1": "An easy bot: it takes the move its plain preferences like best (a defeat, a location, an attack), "
    "without trying it first.",
    "greedy": "A normal bot: it tries each move, and the rest of its turn, on an imagined table, and takes the one "
    "that leaves it best placed.",
    "ismcts": "A hard bot: it plays many imagined turns ahead from what it can see before it moves, on two cores.",
}


def seat_label(kind: str) -> str:
    """What a seat chip and a bot's banner call a seat kind: "Bot: easy" for greedy-v1, "Person (...)" for a person."""
    base = kind.partition(":")[0]
    if base == "person":
        return PERSON_LABEL
    return f"Bot: {BOT_STRENGTHS.get(base, base)}"


NUMBERS = shipped_numbers()
"""The rules' numbers the window's games are played with (`game.core.numbers`)."""
VICTORY_VP = NUMBERS.victory_vp
SCORING = [
    f"How to win: the first player with {VICTORY_VP} VP or more when a turn ends (G-7) ends the game"
    + (" when the round does (G-9)" if NUMBERS.round_end else "") + "; highest VP wins"
    + (", a tie going to the later seat (G-9)." if NUMBERS.tie_break else "."),
    f"+{NUMBERS.location_vp} VP at the end of your turn for each location square one of your characters stands on "
    "(G-7).",
    f"+{NUMBERS.defeat_vp} VP for each character you defeat, +{NUMBERS.monster_vp} VP for a monster (G-6).",
    f"At the end: −1 VP for every {NUMBERS.madness_per_vp} Madness cards you hold in hand, deck, discard and stasis "
    "(ST-18).",
]


LOCATION_VP = f"+{NUMBERS.location_vp} VP at end of your turn"
LOCATION_VP_SHORT = f"+{NUMBERS.location_vp} VP at turn end"
SHORT_EFFECTS = [
    (
        re.compile(r"After a player plays their first minion here in a turn, they may place (\d+) stasis counters? "
                   r"on a card from their hand"),
        r"1st minion here: \1 stasis on a hand card",
    ),
]


def location_short(card: dict[str, Any]) -> str:
    """What a location square says on the board: its score and its own effect in short (G-7), e.g.
    "+1 VP at end of your turn · 1st minion here: 2 stasis on a hand card"."""
    effect = str(card.get("text", "")).rstrip(".")
    for pattern, short in SHORT_EFFECTS:
        effect = pattern.sub(short, effect)
    return f"{LOCATION_VP} · {effect}" if effect else LOCATION_VP


def vp_line(vp: int) -> str:
    """A player's score against the target, e.g. "VP 5 / 10"."""
    return f"VP {vp} / {VICTORY_VP}"


def plays_left(view: View, name: str) -> str:
    """What the player may still play this turn (G-4), e.g. "Minion 0/1 · Action 1/1 · +1 extra minion play"."""
    player = view["players"][name]
    parts = [f"Minion {player.get('minion_plays', 0)}/1", f"Action {player.get('action_plays', 0)}/1"]
    parts += [grant_words(view, grant) for grant in player.get("grants", [])]
    parts.append(plural(player.get("stones", 0), "stone"))
    return " · ".join(parts)


def plays_pill(view: View, name: str) -> str:
    """plays_left in short for the top bar, extra plays counted by kind (their details are in its tooltip),
    e.g. "Minion 0/1 · Action 0/1 · +1 minion play · 3 stones"."""
    player = view["players"][name]
    parts = [f"Minion {player.get('minion_plays', 0)}/1", f"Action {player.get('action_plays', 0)}/1"]
    kinds: dict[str, int] = {}
    for grant in player.get("grants", []):
        kinds[str(grant.get("kind", "card"))] = kinds.get(str(grant.get("kind", "card")), 0) + 1
    parts += [f"+{plural(n, kind + ' play')}" for kind, n in kinds.items()]
    parts.append(plural(player.get("stones", 0), "stone"))
    return " · ".join(parts)


def untap_short(card: dict[str, Any], actions: list[Action]) -> str:
    """Why a relic's abilities missing from its actions can't be used now, in short: too few tapped characters to
    untap (SC-6), e.g. "Renew needs 2 tapped (SC-6)"."""
    used = {action.get("ability") for action in actions}
    return "; ".join(
        f"{ability['name']} needs {ability['untap_cost']} tapped (SC-6)"
        for ability in card.get("abilities", []) if ability.get("untap_cost") and ability.get("name") not in used
    )


def character_left(card: dict[str, Any]) -> str:
    """What a selected character has left this turn, e.g. "MV 2/3 left" (a tapped one has nothing left, G-5)."""
    if card.get("mv_left") is None:
        return ""
    if card.get("tapped"):
        return "tapped, it can't move (G-5)"
    return f"MV {card['mv_left']}/{card.get('mv', 0)} left"


def vp_breakdown(view: View, name: str) -> dict[str, int]:
    """A player's VP by source, read from the log: locations, defeats, monsters (2 each), Madness, the head start
    of G-9, and other (any VP the log does not explain, e.g. set by a scenario or gained from card effects)."""
    found = {"locations": 0, "defeats": 0, "monsters": 0, "madness": 0, "start": 0, "other": 0}
    for entry in view.get("log", []):
        if entry.get("type") != "VictoryPoints" or entry.get("player") != name:
            continue
        reason, change = str(entry.get("reason", "")), int(entry.get("change", 0))
        if "location" in reason:
            found["locations"] += change
        elif reason.startswith("defeated"):
            found["monsters" if change == 2 else "defeats"] += change
        elif "Madness" in reason:
            found["madness"] += change
        elif reason == START_VP_REASON:
            found["start"] += change
    vp = view["players"].get(name, {}).get("vp")
    if isinstance(vp, int):
        found["other"] = vp - sum(n for source, n in found.items() if source != "other")
    return found


def breakdown_words(view: View, name: str) -> str:
    """The VP breakdown in one line, e.g. "locations 6 · defeats 4 · Madness −1"."""
    parts = vp_breakdown(view, name)
    words = [f"locations {parts['locations']}", f"defeats {parts['defeats']}", f"monsters {parts['monsters']}"]
    if parts["madness"]:
        words.append(f"Madness {parts['madness']:+d}".replace("-", "−"))
    if parts["start"]:
        words.append(f"head start {parts['start']:+d} (G-9)")
    if parts["other"]:
        words.append(f"other effects {parts['other']:+d}")
    return " · ".join(words)


def discarded_at_end(view: View, name: str) -> list[str]:
    """The player's cards in stasis at 0 counters: ending the turn discards them (ST-14)."""
    return [ref for ref in view["players"].get(name, {}).get("stasis", [])
            if view["cards"].get(ref, {}).get("stasis_counters", 1) == 0]


def end_turn_warning(view: View, refs: list[str]) -> list[str]:
    """What End turn says while cards in stasis would be discarded by it (ST-14): under its label, and on hover."""
    names = ", ".join(str(view["cards"][ref]["name"]) for ref in refs)
    return [f"discards {names}", f"Ending the turn now discards {names}: at 0 stasis counters, play it first "
            "(ST-11) or lose it (ST-14)."]


def plays_tooltip(view: View, name: str) -> list[str]:
    """Tooltip of the plays-left counter: the allowance, extra plays, stones (G-4, ST-11)."""
    return [
        f"{name} may still play: {plays_left(view, name)}",
        "Each turn: 1 minion play and 1 action play (relics and Madness use the action play).",
        "Extra plays given by effects come on top; a card in stasis at 0 counters is played for free (ST-11).",
        "Speaking stones pay for Abilities.",
    ] + rule_lines("G-4")


def short_tooltip(lines: list[str], full: bool) -> list[str]:
    """A tooltip as drawn: each rule's paragraph only when full (Shift held), else a hint to hold Shift.

    Repeated lines (an ability listed twice) are shown once.
    """
    shown: list[str] = []
    rules = False
    after_rule = False
    for line in lines:
        if after_rule and not full:
            after_rule = False
            continue
        after_rule = line.startswith("Rule ")
        rules = rules or after_rule
        if line not in shown:
            shown.append(line)
    if rules and not full:
        shown.append("Hold Shift for the full rule; F1 lists every rule.")
    return shown


