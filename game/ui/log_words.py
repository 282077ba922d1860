"""The game's log in words: a sentence per event, the dice rolled, and what the others did since a player's
own turn."""

from __future__ import annotations

import re
from typing import Any

from game.ui.labels import card_name, grant_words, square_words, thing_words

View = dict[str, Any]


def _split_camel(text: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", text).lower()


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
    "Oliver (Bo) moved to square 5,2 (via 4,2)." (`repeated` leaves out the steps after the first)."""
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
