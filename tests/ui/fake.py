"""A tiny stand-in for game.engine.Game with the same methods, for drawing and input tests of the window."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from game.core.constants import STATUSES


@dataclass
class FakeOutcome:
    """Like game.engine.Outcome."""

    ok: bool
    reason: str = ""


def character(
    name: str, owner: str | None, pos: list[int] | None, atk: int = 2, hp: int = 5, **extra: Any
) -> dict:
    """A character card dict shaped like the view()'s."""
    card = {
        "name": name,
        "kind": "minion" if owner else "monster",
        "owner": owner,
        "controller": owner,
        "zone": "board" if pos else "hand",
        "pos": pos,
        "tapped": False,
        "stasis_counters": 0,
        "stun_counters": 0,
        "status": {},
        "hp": hp,
        "max_hp": hp,
        "atk": atk,
        "printed_atk": atk,
        "crt": 0,
        "mv": 2,
        "mv_left": 2,
        "range": 1,
        "damage_type": "physical",
        "cubes": {"red": 0, "white": 0, "blue": 0},
        "text": "",
        "abilities": [],
        "evasion": {"physical": 0, "spirit": 0},
        "negation": [],
        "lost_abilities": False,
    }
    card.update(extra)
    return card


def other_card(name: str, kind: str, owner: str | None, zone: str, **extra: Any) -> dict:
    """A non-character card dict shaped like the view()'s."""
    card = {
        "name": name,
        "kind": kind,
        "owner": owner,
        "controller": owner,
        "zone": zone,
        "pos": None,
        "tapped": False,
        "stasis_counters": 0,
        "stun_counters": 0,
        "status": {},
        "hp": None,
        "max_hp": None,
        "atk": None,
        "crt": None,
        "mv": None,
        "cubes": {"red": 0, "white": 0, "blue": 0},
        "text": "",
        "abilities": [],
        "evasion": {"physical": 0, "spirit": 0},
        "negation": [],
        "lost_abilities": False,
    }
    card.update(extra)
    return card


class FakeGame:
    """Two players and a few cards: play, move, attack, play from stasis, one choice, end turn."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {
            "turn": 1,
            "active": "Ada",
            "phase": "main",
            "winner": None,
            "pending": None,
            "board": {"cols": 7, "rows": 5},
            "players_order": ["Ada", "Bo"],
            "last_rolls": [],
            "rejected": [],
            "players": {
                "Ada": {
                    "vp": 0,
                    "stones": 3,
                    "hand": ["foot", "omen"],
                    "deck": ["d1", "d2"],
                    "discard": [],
                    "stasis": ["hftp"],
                },
                "Bo": {"vp": 0, "stones": 3, "hand": ["arch"], "deck": ["d3"], "discard": [], "stasis": []},
            },
            "cards": {
                "foot": character("Footman", "Ada", None, text="No abilities."),
                "omen": other_card(
                    "Omen", "action", "Ada", "hand", text="Choose: draw a card, or gain 1 VP."
                ),
                "hftp": other_card("Help From the Past", "action", "Ada", "stasis", text="Draw 2 cards."),
                "monk": character("Thunder Monk", "Ada", [3, 1], atk=3, hp=6),
                "arch": character("Archer", "Bo", None, hp=4, range=3),
                "golem": character("Wandering Golem", None, [3, 3], atk=3, hp=8),
                "guard": character("Footman", "Bo", [3, 2], atk=2, hp=5),
                "alt": other_card("Alternate Present", "location", None, "location", pos=[5, 2]),
                "d1": other_card("Wish", "action", "Ada", "deck"),
                "d2": other_card("Wish", "action", "Ada", "deck"),
                "d3": other_card("Wish", "action", "Bo", "deck"),
            },
            "log": [],
        }
        self.acted: list[dict[str, Any]] = []

    def view(self, player: str | None = None) -> dict[str, Any]:
        """A copy of the state, like the engine's view(); with a player, like its player view: other hands and
        every deck as counts only, their cards left out of `cards`."""
        state = copy.deepcopy(self.state)
        return state if player is None else self.hide(state, player)

    def public_view(self) -> dict[str, Any]:
        """The neutral view: every hand and deck as counts only."""
        return self.hide(copy.deepcopy(self.state), None)

    @staticmethod
    def hide(state: dict[str, Any], player: str | None) -> dict[str, Any]:
        """The state as `player` (None: nobody) may see it."""
        hidden: set[str] = set()
        for name, entry in state["players"].items():
            entry["hand_size"], entry["deck_size"] = len(entry["hand"]), len(entry.pop("deck"))
            hidden |= {ref for ref, card in state["cards"].items() if card["zone"] == "deck"}
            if name != player:
                hidden |= set(entry["hand"])
                entry["hand"] = []
        state["cards"] = {ref: card for ref, card in state["cards"].items() if ref not in hidden}
        state["viewer"] = player
        return state

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action the fake allows now."""
        s = self.state
        if s["pending"]:
            return [{"act": "choose", "option": option} for option in s["pending"]["options"]]
        me = s["active"]
        home = 0 if me == "Ada" else 4
        cards = s["cards"]
        occupied = {tuple(c["pos"]) for c in cards.values() if c["zone"] == "board" and c["pos"]}
        actions: list[dict[str, Any]] = []
        for ref in s["players"][me]["hand"]:
            if cards[ref]["kind"] == "minion":
                actions += [
                    {"act": "play", "card": ref, "to": [x, home]}
                    for x in range(7)
                    if (x, home) not in occupied
                ]
            else:
                actions.append({"act": "play", "card": ref})
        for ref in s["players"][me]["stasis"]:
            if cards[ref]["stasis_counters"] == 0:
                actions.append({"act": "play_from_stasis", "card": ref})
        for ref, card in cards.items():
            if card["zone"] != "board" or card["controller"] != me or card["tapped"] or not card["pos"]:
                continue
            x, y = card["pos"]
            for tx in range(7):
                for ty in range(5):
                    distance = abs(tx - x) + abs(ty - y)
                    if 0 < distance <= card["mv_left"] and (tx, ty) not in occupied:
                        actions.append({"act": "move", "card": ref, "to": [tx, ty]})
            for tref, target in cards.items():
                enemy = target["zone"] == "board" and target["pos"] and target["controller"] != me
                if enemy and abs(target["pos"][0] - x) + abs(target["pos"][1] - y) <= card["range"]:
                    actions.append({"act": "attack", "card": ref, "target": tref})
        actions.append({"act": "end_turn"})
        return actions

    def check(self, action: dict[str, Any]) -> FakeOutcome:
        """Whether an action is legal, with the fake's reason when it is not."""
        if action in self.legal_actions():
            return FakeOutcome(True)
        return FakeOutcome(False, f"{action['act']} is not legal here (fake engine)")

    def act(self, action: dict[str, Any]) -> FakeOutcome:
        """Apply a legal action; anything else is rejected with a reason."""
        if action not in self.legal_actions():
            return FakeOutcome(False, f"{action['act']} is not legal here (fake engine)")
        self.acted.append(action)
        s, cards = self.state, self.state["cards"]
        s["last_rolls"] = []
        me = s["players"][s["active"]] if not s["pending"] else None
        act = action["act"]
        if act == "play":
            me["hand"].remove(action["card"])
            card = cards[action["card"]]
            if card["kind"] == "minion":
                card.update(zone="board", pos=action["to"], tapped=True)
            else:
                card["zone"] = "discard"
                me["discard"].append(action["card"])
                s["pending"] = {
                    "player": s["active"],
                    "prompt": "Omen: choose one",
                    "options": ["draw", "vp"],
                }
            played = {"type": "CardPlayed", "card": action["card"], "player": s["active"]}
            s["log"].append({**played, "to": action["to"]} if "to" in action else played)
        elif act == "play_from_stasis":
            me["stasis"].remove(action["card"])
            cards[action["card"]]["zone"] = "discard"
            me["discard"].append(action["card"])
        elif act == "move":
            cards[action["card"]]["pos"] = action["to"]
            s["log"].append({"type": "Moved", "card": action["card"], "to": action["to"]})
        elif act == "attack":
            attacker, target = cards[action["card"]], cards[action["target"]]
            s["last_rolls"] = [{"kind": "d100", "result": 42, "purpose": "critical hit"}]
            target["hp"] -= attacker["atk"]
            attacker["tapped"] = True
            s["log"].append(
                {
                    "type": "DamageDealt",
                    "card": action["target"],
                    "source": action["card"],
                    "n": attacker["atk"],
                }
            )
        elif act == "choose":
            if action["option"] == "vp":
                s["players"][s["pending"]["player"]]["vp"] += 1
            s["pending"] = None
        elif act == "end_turn":
            s["active"] = "Bo" if s["active"] == "Ada" else "Ada"
            s["turn"] += 1
            for card in cards.values():
                if card["controller"] == s["active"]:
                    card["tapped"] = False
            s["log"].append({"type": "TurnStarted", "player": s["active"], "turn": s["turn"]})
        return FakeOutcome(True)

    def save(self, path: str) -> None:
        """Write the state as JSON."""
        with open(path, "w", encoding="utf-8") as out:
            json.dump(self.state, out)

    def to_state(self) -> dict[str, Any]:
        """A copy of the whole fake state (undo snapshots)."""
        return copy.deepcopy(self.state)

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> FakeGame:
        """A fake game with this state."""
        game = cls()
        game.state = copy.deepcopy(data)
        return game

    def close(self) -> None:
        """Nothing to free: the fake has no esper world."""


def busy_game() -> FakeGame:
    """A fake game whose board shows every kind of marker: every status, both kinds of stun, cubes,
    evasion, negation, a tapped character, relics and cards in stasis."""
    game = FakeGame()
    cards, players = game.state["cards"], game.state["players"]
    cards["monk"].update(status={"Stun": 1, "Burn": 2, "Freeze": 2}, stun_counters=2, tapped=True)
    cards["guard"].update(
        status=dict.fromkeys(STATUSES, 1),
        hp=3,
        cubes={"red": 2, "white": 1, "blue": 2},
        evasion={"physical": 0, "spirit": 50},
        negation=[{"type": "physical", "value": 25}, {"type": "physical", "value": 25}],
    )
    cards["guard"]["status"].update(Burn=2, Shear=3, Freeze=1)
    cards["oliver"] = character(
        "Oliver", "Bo", [1, 4], hp=6, damage_type="spirit", evasion={"physical": 0, "spirit": 50}
    )
    cards["halo"] = other_card(
        "Halo Fountain",
        "relic",
        "Ada",
        "board",
        tapped=True,
        stun_counters=1,
        text="Refresh: untap a tapped character you control: gain 1 stone.",
    )
    cards["letter"] = other_card("Letter From Another Time", "action", "Ada", "stasis", stasis_counters=2)
    cards["prof"] = other_card("Zany Prof", "minion", "Bo", "stasis", stasis_counters=1)
    players["Ada"]["stasis"].append("letter")
    players["Bo"]["stasis"].append("prof")
    for index, name in enumerate(("Alternate Present", "Alternate Present", "Alternate Present")):
        cards[f"loc{index}"] = other_card(name, "location", None, "location", pos=[1 + 2 * index, 2])
    del cards["alt"]
    game.state["last_rolls"] = [
        {"kind": "d100", "result": 37, "purpose": "evasion (SE-12)"},
        {"kind": "coin", "result": "heads", "purpose": "Gobbo"},
    ]
    game.state["log"] = [
        {"type": "TurnStarted", "player": "Ada", "turn": 1},
        {"type": "UntapReplaced", "card": "monk"},
        {"type": "StatusApplied", "card": "guard", "status": "Burn"},
        {"type": "DiceRolled", "kind": "d100", "result": 37, "purpose": "evasion"},
    ]
    return game
