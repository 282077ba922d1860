"""Words shown to players: card names, log sentences, action labels and tooltips with their rules."""

from __future__ import annotations

import re
from typing import Any

from game.core.numbers import shipped_numbers
from game.core.rulebook import rule
from game.core.statuses import BY_NAME
from game.ui.reasons import home_squares

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


def card_name(view: View, ref: str | None) -> str:
    """A card's name, with its owner when it has one, e.g. "Footman (Ada)"."""
    if ref is None:
        return "nothing"
    card = view["cards"].get(ref)
    if card is None:
        return str(ref)
    owner = card.get("owner")
    return f"{card['name']} ({owner})" if owner else str(card["name"])


def square_words(square: Any) -> str:
    """A board square as players read it."""
    return f"square {square[0]},{square[1]}"


def thing_words(view: View, value: Any) -> str:
    """A ref, square, number, yes/no or list, as words."""
    if isinstance(value, str):
        return card_name(view, value) if value in view["cards"] else value
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return square_words(value)
    if isinstance(value, list):
        return ", ".join(thing_words(view, v) for v in value) or "nothing"
    return str(value)


def place_words(view: View, square: Any) -> str:
    """Where a square is, as the board shows it (a location's name, or a player's home), never as numbers."""
    if not (isinstance(square, list | tuple) and len(square) == 2):
        return ""
    for card in view["cards"].values():
        if card["zone"] == "location" and list(card.get("pos") or []) == list(square):
            return str(card["name"])
    for name in view.get("players_order") or view["players"]:
        if (square[0], square[1]) in home_squares(view, name):
            return f"{name}'s home"
    return ""


def action_label(view: View, action: Action) -> str:
    """A short description of a legal action, for menus, buttons and banners; a square is named only by what
    the board shows there (a location, a home), since the player picks squares on the board itself."""
    act = action["act"]
    name = card_name(view, action.get("card"))
    target = f" on {thing_words(view, action['target'])}" if action.get("target") is not None else ""
    place = place_words(view, action.get("to") or (action.get("path") or [None])[-1])
    to = f" to {place}" if place else ""
    if act == "play":
        return f"Play {name}{to}{target}"
    if act == "play_from_stasis":
        return f"Play {name} from stasis{to}{target}"
    if act == "move":
        return f"Move {name}{to}"
    if act == "attack":
        return f"Standard Attack{target}"
    if act == "ability":
        cost = ability_cost(view, action)
        return f"{action['ability']}{target}{to}{cost}"
    if act == "activate":
        return f"{action['ability']}: untap {thing_words(view, action.get('pay', []))}"
    if act == "choose":
        return thing_words(view, action["option"]) + stasis_left(view, action["option"])
    if act == "end_turn":
        return "End turn"
    return act


def stasis_left(view: View, option: Any) -> str:
    """For a choice naming a card in stasis, how many stasis counters it has left, e.g. " · 0 counters left"
    (picking one at 0 to remove a counter from does nothing, ST-10)."""
    card = view["cards"].get(option) if isinstance(option, str) else None
    if card is None or card["zone"] != "stasis":
        return ""
    return f" · {_plural(card.get('stasis_counters', 0), 'counter')} left"


def group_label(view: View, group: list[Action]) -> str:
    """A menu line standing for several actions of one kind picked on the board next, e.g. "Shove on
    Footman (Bo) · 1 stone · then click where"."""
    first = dict(group[0])
    first.pop("to", None)
    first.pop("path", None)
    what = "the target" if len({repr(a.get("target")) for a in group}) > 1 else "where"
    if what == "the target":
        first.pop("target", None)
    return f"{action_label(view, first)} · then click {what} on the board"


def card_details(view: View, ref: Any) -> str:
    """What tells a card from others of its name: where it is, tapped, its HP, its counters."""
    card = view["cards"].get(ref) if isinstance(ref, str) else None
    if card is None:
        return ""
    zone = card["zone"]
    if zone == "stasis":
        parts = [f"in stasis, {_plural(card.get('stasis_counters', 0), 'counter')}"]
    elif zone == "board" and card.get("pos") is not None:
        place = place_words(view, card["pos"])
        parts = [f"at {place}" if place and not place.endswith("home") else f"in {place}" if place else "on the board"]
    elif zone == "hand":
        hand = view["players"].get(card.get("owner"), {}).get("hand", [])
        parts = [f"card {hand.index(ref) + 1} in hand" if ref in hand else "in hand"]
    else:
        parts = [{"discard": "in the discard pile", "board": "relic"}.get(zone, zone)]
    if card.get("tapped"):
        parts.append("tapped")
    if card.get("hp") is not None:
        parts.append(f"HP {card['hp']}/{card['max_hp']}")
    if card.get("stun_counters"):
        parts.append(_plural(card["stun_counters"], "stun counter"))
    return ", ".join(parts)


def distinct_labels(view: View, actions: list[Action]) -> list[str]:
    """Labels of menu lines or choice buttons that never read the same for different actions: a repeated
    label gets what tells its card apart (where, tapped, HP, counters), then its place in reading order."""
    labels = [action_label(view, action) for action in actions]
    for label in set(labels):
        same = [i for i, other in enumerate(labels) if other == label]
        if len(same) < 2:
            continue
        for i in same:
            what = actions[i].get("target", actions[i].get("option", actions[i].get("card")))
            details = card_details(view, what)
            labels[i] = f"{label} ({details})" if details else label
    for label in set(labels):
        same = [i for i, other in enumerate(labels) if other == label]
        if len(same) > 1:
            same.sort(key=lambda i: _reading_order(view, actions[i]))
            for n, i in enumerate(same, 1):
                labels[i] = f"{label} · {n} of {len(same)} from the top left"
    return labels


def _reading_order(view: View, action: Action) -> tuple[int, int]:
    what = action.get("target", action.get("option", action.get("card")))
    pos = view["cards"].get(what, {}).get("pos") if isinstance(what, str) else None
    return (pos[1], pos[0]) if pos else (99, 99)


def ability_cost(view: View, action: Action) -> str:
    """ " · 1 stone" for an ability action, from the card's list of abilities ("" when unknown)."""
    card = view["cards"].get(action.get("card"), {})
    for ability in card.get("abilities", []):
        if ability.get("name") == action.get("ability"):
            return f" · {stone_cost(ability)}"
    return ""


def undone(view: View, action: Action) -> str:
    """The message after an undo, e.g. "Undid: Play Footman (Ada) to Ada's home" (view: the game before it)."""
    label = action_label(view, action)
    return f"Undid: {'the answer ' + label if action['act'] == 'choose' else label}"


def _split_camel(text: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", text).lower()


def _plural(n: int, word: str) -> str:
    """A count and a word, made plural when the count is not 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def plurals(sentence: str) -> str:
    """Each "N word(s)" of a sentence with the right number: "1 card", "2 cards", "+1 stone", "−3 stones"."""

    def one(match: re.Match[str]) -> str:
        count = int(match.group(1).replace("−", "-"))
        return match.group(1) + match.group(2) + ("" if abs(count) == 1 else "s")

    return re.sub(r"([+\-−]?\d+)([^\d()]*?)\(s\)", one, sentence)


# Log sentences: per event type, templates tried in order; the first whose fields are all present is used.
LOG_TEMPLATES: dict[str, list[str]] = {
    "AbilitiesLost": ["{card} lost all its abilities until the end of the turn."],
    "AbilityFailed": ["{card}'s {ability} failed: {reason}."],
    "AbilityUsed": ["{card} used {ability} on {target}.", "{card} used {ability}."],
    "AttackDeclared": ["{card} attacks {target}."],
    "AttackEvaded": ["{card} evaded the attack of {attacker} (SE-12)."],
    "AttackFailed": ["{card}'s attack failed: {reason}."],
    "AttackNegated": ["{card} negated the attack of {attacker} (SE-13)."],
    "CardDiscarded": ["{card} was discarded ({reason}).", "{card} was discarded."],
    "CardDrawn": ["{player} drew a card."],
    "CardMoved": ["{card} {zone} ({reason}).", "{card} {zone}."],
    "CardPlayed": ["{player} played {card} to {to}.", "{player} played {card}."],
    "ChoiceMade": ["{player} chose {option}."],
    "ChoicePending": ["{player} must choose: {prompt}"],
    "CriticalHit": ["{card} scored a critical hit."],
    "CubesAdded": ["{card} got {n} {color} cube(s)."],
    "CubesRemoved": ["{card} lost {n} {color} cube(s)."],
    "DamageDealt": [
        "{source} dealt {n} damage to {card}.",
        "{card} took {n} damage ({reason}).",
        "{card} took {n} damage.",
    ],
    "DeckShuffled": ["{player} shuffled their discard pile into a new deck."],
    "Defeated": ["{card} was defeated by {by}.", "{card} was defeated."],
    "Destroyed": ["{card} was destroyed."],
    "Drew": ["{player} drew {n} card(s)."],
    "EnteredStasis": [
        "{card} entered stasis with {counters} counter(s).",
        "{card} entered stasis with {n} counter(s).",
        "{card} entered stasis.",
    ],
    "ExtraPlayGranted": ["{player} gets an {grant}."],
    "FreezeTokenRemoved": ["A Freeze token was removed from {card} (SE-5)."],
    "FuseAttached": ["{card} gained {value} {damage_type} {defence} (Fuse)."],
    "GameOver": ["Game over. Winner: {winner}."],
    "GameStarted": ["Game started: {players}."],
    "Healed": ["{card} was healed by {n}."],
    "LeftStasis": ["{card} left stasis ({reason}).", "{card} left stasis."],
    "Moved": ["{card} moved to {to}.", "{card} moved."],
    "PowerCopied": ["{card} copies the ATK of {source} ({atk})."],
    "PhaseChanged": ["{player}: {phase} phase.", "{phase} phase."],
    "PlayedFromStasis": ["{player} played {card} from stasis (ST-11)."],
    "StasisCounterRemoved": [
        "A stasis counter was removed from {card} ({counters_left} left).",
        "A stasis counter was removed from {card}.",
    ],
    "StasisCountersAdded": ["{n} stasis counter(s) placed on {card}."],
    "StasisIgnored": ["No stasis for {card}: {reason}."],
    "StatusApplied": ["{card} got {status}."],
    "StatusRemoved": ["{card} lost {status} ({reason}).", "{card} lost {status}."],
    "StonesChanged": ["{player}: {change} stone(s), now {stones}."],
    "StunCounterRemoved": [
        "A stun counter was removed from {card} ({counters} left).",
        "A stun counter was removed from {card}.",
    ],
    "StunCountersAdded": ["{n} stun counter(s) put on {card} (SC-1)."],
    "Tapped": ["{card} was tapped."],
    "Triggered": ["{card}'s ability triggers {on}.", "{card}'s ability triggers."],
    "TurnStarted": ["Turn {turn}: {player}'s turn begins."],
    "UntapReplaced": ["{card} stays tapped: a stun counter was removed instead (SC-2)."],
    "Untapped": ["{card} untapped."],
    "VictoryPoints": ["{player}: {change} VP ({reason}), now {vp} VP.", "{player}: {change} VP."],
}


TRIGGER_WORDS = {
    "attack": "as it attacks",
    "becomes_untapped": "as it untaps",
    "defeated": "on a defeat",
    "destroyed": "as it is destroyed",
    "enters_stasis": "as it enters stasis",
    "last_white_cube_removed": "as its last white cube comes off",
    "minion_played_here": "as a minion is played here",
    "played": "as it is played",
    "resolved": "as it resolves",
    "start_of_turn": "at the start of the turn",
    "stasis_counter_removed": "as a stasis counter comes off",
}
ZONE_WORDS = {
    "removed": "was removed from the game",
    "madness": "went back to the Madness pile",
    "hand": "went to its owner's hand",
    "deck": "went into its owner's deck",
    "discard": "went to the discard pile",
    "stasis": "went into stasis",
    "board": "came onto the board",
}


def log_sentence(view: View, entry: dict[str, Any]) -> str:
    """One log entry as a sentence (cards by name; which card a player drew stays hidden)."""
    kind = entry.get("type", "")
    if kind == "DiceRolled":
        return _roll_sentence(entry)
    fields = {key: _field_words(view, key, value) for key, value in entry.items() if value is not None}
    for template in LOG_TEMPLATES.get(kind, []):
        try:
            return plurals(template.format_map(fields))
        except KeyError:
            continue
    return f"{_split_camel(kind).capitalize()}" + (f": {fields['card']}" if "card" in fields else "") + "."


def told(view: View, log: list[dict[str, Any]], index: int) -> str:
    """A log entry as a sentence in its place in the log: a move's steps (one Moved each) read as one move, e.g.
    "Oliver (Bo) moved to square 5,2 (via 4,2)." (words.repeated leaves out the steps after the first)."""
    entry = log[index]
    run = [entry]
    while entry.get("type") == "Moved" and index + len(run) < len(log) and same_move(entry, log[index + len(run)]):
        run.append(log[index + len(run)])
    if len(run) == 1:
        return log_sentence(view, entry)
    via = ", ".join(f"{step['to'][0]},{step['to'][1]}" for step in run[:-1])
    return f"{card_name(view, entry.get('card'))} moved to {square_words(run[-1]['to'])} (via {via})."


def same_move(first: dict[str, Any], later: dict[str, Any]) -> bool:
    """Whether a Moved entry is a further step of the move another one began (same card, forced or not)."""
    return (later.get("type") == "Moved" and later.get("card") == first.get("card")
            and isinstance(later.get("to"), list) and later.get("forced") == first.get("forced"))


def _field_words(view: View, key: str, value: Any) -> str:
    if key == "grant" and isinstance(value, dict):
        return grant_words(view, value)
    if key == "on" and isinstance(value, str):
        return TRIGGER_WORDS.get(value, value.replace("_", " "))
    if key == "zone" and isinstance(value, str):
        return ZONE_WORDS.get(value, f"went to {value}")
    if key == "change" and isinstance(value, int):
        return f"{value:+d}"
    if key == "phase" and isinstance(value, str):
        return value.capitalize()
    return thing_words(view, value)


def _roll_sentence(roll: dict[str, Any]) -> str:
    kind = roll.get("kind", roll.get("die", "d100"))
    what = "Coin flip" if kind == "coin" else "d100 roll"
    purpose = roll.get("purpose")
    return f"{what}: {roll.get('result')}" + (f" for {purpose}" if purpose else "") + "."


def roll_words(roll: dict[str, Any]) -> str:
    """One entry of view()["last_rolls"] as a short phrase, e.g. "d100 31 (critical hit on 1-25)"."""
    purpose = roll.get("purpose")
    return f"{roll.get('kind', 'd100')} {roll.get('result')}" + (f" ({purpose})" if purpose else "")


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
    return SC_COST.sub(lambda found: _plural(int(found.group(1)), "stone"), str(card.get("text", "")))


def described(card: dict[str, Any], ability: dict[str, Any]) -> bool:
    """Whether the card's text already tells of this ability (it names it), so it is not listed twice."""
    text = card.get("text", "")
    named = bool(ability.get("name")) and ability["name"] in text
    return named or (bool(ability.get("text")) and ability["text"] in text)


def stone_cost(ability: dict[str, Any]) -> str:
    """An ability's price in speaking stones, e.g. "1 stone" or "free"."""
    cost = ability.get("cost", 0) or 0
    return "free" if not cost else _plural(cost, "stone")


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
        parts.append(_plural(card["stun_counters"], "stun counter"))
    if card.get("zone") == "stasis":
        parts.append(_plural(card.get("stasis_counters", 0), "stasis counter"))
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
        count = _plural(stacks, "token" if status == "Freeze" else "stack")
        head = f"Status {status} on {name}: {count}"
        if status == "Stun":
            head += " (the status, not stun counters)"
        return [head] + rule_lines(BY_NAME[status].rule)
    if kind == "stun_counters":
        n = card["stun_counters"]
        return [f"{name} has {_plural(n, 'stun counter')} (not the status Stun)"] + rule_lines("SC-2")
    if kind == "stasis_counters":
        n = card["stasis_counters"]
        if n == 0:
            return [f"{name} is in stasis with 0 stasis counters", LAST_TURN, *rule_lines("ST-11")]
        return [f"{name} is in stasis with {_plural(n, 'stasis counter')}"] + rule_lines("ST-9")
    if kind == "cubes":
        color = zone[2]
        return [f"{name}: {_plural(card['cubes'][color], color + ' cube')}", CUBE_WORDS[color]] + rule_lines("SE-14")
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
        f"Holds {_plural(madness_count(view, name), 'Madness card')} (−1 VP per 2 at the end of the game).",
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
        f"{name}: {player['vp'] + penalty} VP at the end, {_plural(madness_count(view, name), 'Madness card')} held",
        f"VP from locations {parts['locations']}, from defeats {parts['defeats']} "
        f"({_plural(parts['defeats'], 'character')} at 1 VP), from monsters {parts['monsters']} "
        f"({_plural(parts['monsters'] // 2, 'monster')} at 2 VP), other {parts['other']}.",
        f"Madness penalty −{penalty} VP, so {player['vp']} VP in the end.",
    ] + rule_lines("ST-18") + rule_lines("G-7")


PERSON_LABEL = "Person (plays at this computer)"
BOT_STRENGTHS = {"greedy-v1": "easy", "greedy": "normal", "ismcts": "hard"}
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


def grant_words(view: View, grant: dict[str, Any]) -> str:
    """An extra play given by an effect (G-4), e.g. "extra minion play" or "extra action play: Omen"."""
    what = f"extra {grant.get('kind', 'card')} play"
    if grant.get("ref"):
        return f"{what}: {card_name(view, grant['ref'])}"
    if grant.get("name"):
        return f"{what}: {grant['name']}"
    if grant.get("same_name_in_play"):
        return f"{what} (a minion named like one in play)"
    return what


def plays_left(view: View, name: str) -> str:
    """What the player may still play this turn (G-4), e.g. "Minion 0/1 · Action 1/1 · +1 extra minion play"."""
    player = view["players"][name]
    parts = [f"Minion {player.get('minion_plays', 0)}/1", f"Action {player.get('action_plays', 0)}/1"]
    parts += [grant_words(view, grant) for grant in player.get("grants", [])]
    parts.append(_plural(player.get("stones", 0), "stone"))
    return " · ".join(parts)


def plays_pill(view: View, name: str) -> str:
    """plays_left in short for the top bar, extra plays counted by kind (their details are in its tooltip),
    e.g. "Minion 0/1 · Action 0/1 · +1 minion play · 3 stones"."""
    player = view["players"][name]
    parts = [f"Minion {player.get('minion_plays', 0)}/1", f"Action {player.get('action_plays', 0)}/1"]
    kinds: dict[str, int] = {}
    for grant in player.get("grants", []):
        kinds[str(grant.get("kind", "card"))] = kinds.get(str(grant.get("kind", "card")), 0) + 1
    parts += [f"+{_plural(n, kind + ' play')}" for kind, n in kinds.items()]
    parts.append(_plural(player.get("stones", 0), "stone"))
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
    """A player's VP by source, read from the log: locations, defeats, monsters (2 each), Madness, and
    other (any VP the log does not explain, e.g. set by a scenario or gained from card effects)."""
    found = {"locations": 0, "defeats": 0, "monsters": 0, "madness": 0, "other": 0}
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


SUMMARY_EVENTS = {
    "CardPlayed", "PlayedFromStasis", "AttackDeclared", "AttackEvaded", "AttackNegated", "DamageDealt", "Defeated",
    "Destroyed", "Healed", "VictoryPoints", "StatusApplied", "StunCountersAdded", "EnteredStasis", "AbilityUsed",
    "Moved", "UntapReplaced",
}
SUMMARY_LINES = 14
STEP = "  "  # a recap line that is a step of the turn headlined above it


def turns_since_own(view: View, name: str) -> list[list[dict[str, Any]]]:
    """The log entries of each turn the others played since the player's own last turn, oldest first, each turn
    opening with its TurnStarted; none on the player's first turn, and never the player's own turn (after a load
    mid-turn too)."""
    log = view.get("log", [])
    starts = [i for i, entry in enumerate(log) if entry.get("type") == "TurnStarted"]
    turns = [log[start:end] for start, end in zip(starts, [*starts[1:], len(log)], strict=False)]
    if turns and turns[-1][0].get("player") == name:
        turns.pop()
    since: list[list[dict[str, Any]]] = []
    for turn in reversed(turns):
        if turn[0].get("player") == name:
            break
        since.insert(0, turn)
    return since


def achieved(view: View, turn: list[dict[str, Any]]) -> str:
    """What one turn achieved, before its steps: VP gained, defeats, cards played, e.g. "Bo's turn 4: +1 VP
    (now 3) · defeated Footman (Ada) · played Time Out (Bo)"."""
    player = turn[0].get("player")
    gained = [e for e in turn if e.get("type") == "VictoryPoints" and e.get("player") == player]
    total = sum(int(e.get("change", 0)) for e in gained)
    parts = [f"{total:+d} VP (now {gained[-1].get('vp')})" if gained and total else "no VP"]
    defeated = [card_name(view, e.get("card")) for e in turn if e.get("type") == "Defeated"]
    parts.append("defeated " + ", ".join(defeated) if defeated else "no defeats")
    played = [card_name(view, e.get("card")) + (" from stasis" if e["type"] == "PlayedFromStasis" else "")
              for i, e in enumerate(turn) if e.get("type") in ("CardPlayed", "PlayedFromStasis")
              and e.get("player") == player and not repeated(turn, i)]
    parts.append("played " + ", ".join(played) if played else "no card played")
    return f"{player}'s turn {turn[0].get('turn')}: " + " · ".join(parts)


def turn_summary(view: View, name: str) -> list[str]:
    """What the other players did since the player's own last turn: per turn what it achieved, then its steps (the
    repeats the log folds left out), in at most SUMMARY_LINES sentences; empty when there is nothing to tell."""
    headlines: list[str] = []
    steps: list[list[str]] = []
    for turn in turns_since_own(view, name):
        log = [e for e in turn if e.get("type") in SUMMARY_EVENTS or e.get("type") == "TurnStarted"]
        headlines.append(achieved(view, turn))
        steps.append([told(view, log, i) for i in range(1, len(log)) if not repeated(log, i)])
    room, hidden = SUMMARY_LINES - len(headlines), 0
    lines: list[str] = []
    for headline, turn_steps in zip(headlines, steps, strict=True):
        shown = turn_steps[: max(0, room)]
        room, hidden = room - len(shown), hidden + len(turn_steps) - len(shown)
        lines += [headline] + [STEP + step for step in shown]
    return lines + ([f"… and {hidden} more in the log."] if hidden else [])


def repeated(log: list[dict[str, Any]], index: int) -> bool:
    """Whether a log entry only says again what the one before it said (or the one after: the game's last phase
    before "Game over. Winner: ..."): a card played from stasis is not also "played" (ST-11), the stasis counters
    a card entered stasis with are not "placed" on it again, and a move's later steps are told with its first."""
    entry, before = log[index], log[index - 1] if index else {}
    kind, card = entry.get("type"), entry.get("card")
    if kind == "CardPlayed" and before.get("type") == "PlayedFromStasis" and before.get("card") == card:
        return True
    if kind == "PhaseChanged" and entry.get("phase") == "over":
        return True
    if kind == "Moved" and before.get("type") == "Moved" and same_move(before, entry):
        return True
    if kind == "StasisCountersAdded":
        for earlier in reversed(log[max(0, index - 3) : index]):
            if earlier.get("card") == card and earlier.get("type") == "EnteredStasis":
                return earlier.get("counters", earlier.get("n")) == entry.get("n")
    return False
