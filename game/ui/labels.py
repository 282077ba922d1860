"""Names of cards, squares and actions as players read them: the labels of menu lines, choice buttons and
banners, told apart when two would read the same."""

from __future__ import annotations

from typing import Any

from game.turn.commands import COMMANDS
from game.ui.reasons import home_squares

View = dict[str, Any]
Action = dict[str, Any]


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
    return f"{COMMANDS[act].label}{' ' + name if action.get('card') else ''}{to}{target}"


def stasis_left(view: View, option: Any) -> str:
    """For a choice naming a card in stasis, how many stasis counters it has left, e.g. " · 0 counters left"
    (picking one at 0 to remove a counter from does nothing, ST-10)."""
    card = view["cards"].get(option) if isinstance(option, str) else None
    if card is None or card["zone"] != "stasis":
        return ""
    return f" · {plural(card.get('stasis_counters', 0), 'counter')} left"


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
        parts = [f"in stasis, {plural(card.get('stasis_counters', 0), 'counter')}"]
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
        parts.append(plural(card["stun_counters"], "stun counter"))
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


def plural(n: int, word: str) -> str:
    """A count and a word, made plural when the count is not 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def stone_cost(ability: dict[str, Any]) -> str:
    """An ability's price in speaking stones, e.g. "1 stone" or "free"."""
    cost = ability.get("cost", 0) or 0
    return "free" if not cost else plural(cost, "stone")


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
