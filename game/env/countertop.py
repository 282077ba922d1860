"""Countertop as a PettingZoo environment: `env`, `raw_env` and `parallel_env`, with the fixed encodings
of game/env/encoding.py and game/env/observation.py, `state()`, `clone()` and `determinize()` (docs/rl.md)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from game.bots.determinize import Observation, Sampler
from game.core.dice import MAX_SEED
from game.core.numbers import shipped_numbers
from game.engine import Game
from game.env.compact import COMPACT_ACTIONS, Menu
from game.env.encoding import ACTIONS, Codec, EncodingError, Slots
from game.env.observation import encode, observation_size, state_size, with_selection

if TYPE_CHECKING:
    from game.env.render import Picture

REWARDS = ("win", "vp", "margin")
ACTION_KINDS = {"compact": COMPACT_ACTIONS, "flat": ACTIONS}
"""The action interfaces and their sizes: the compact one (game/env/compact.py, the default) and the flat one."""
RENDER_MODES = ("human", "rgb_array")
MAX_TURNS = shipped_numbers().turn_limit
"""The default turn limit: the one `countertop sim` plays to (the rules' turn_limit)."""
ILLEGAL_PENALTY = -1.0
"""The reward for an index the mask does not allow (PettingZoo's convention for illegal moves)."""
FORFEIT_LIMIT = 100
"""The most defaults one illegal index plays for its agent (ending a turn asks a few choices at most)."""
EPISODE = ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos", "steps", "given",
           "agent_selection", "_skip_agent_selection")
"""The bookkeeping of an episode that a copy of the environment takes over (the last is PettingZoo's own, for the
agent to come back to once the finished agents have stepped)."""
SEED_LIMIT = MAX_SEED
"""The largest game seed: the engine's one bound (game.core.dice), which saves and replay files hold too."""


class Countertop(AECEnv):
    """One game of Countertop as an AEC environment: agents `player_0` .. `player_{n-1}` in seat order, each
    observing what it may know (docs/rl.md says every slot), acting through one Discrete action space: compact
    (a command in one to four steps, the default) or flat (one index per command). `countertop_v1`: the compact
    actions and the scaled observation (v0 had flat actions and raw counts)."""

    metadata = {"name": "countertop_v1", "render_modes": list(RENDER_MODES), "is_parallelizable": True,
                "render_fps": 2}

    def __init__(self, players: int = 2, decks: Sequence[str | None] | None = None, seed: int = 0,
                 max_turns: int = MAX_TURNS, max_cycles: int | None = None, render_mode: str | None = None,
                 reward: str = "win", actions: str = "compact") -> None:
        super().__init__()
        players, seed, max_turns, max_cycles = check_options(players, decks, seed, max_turns, max_cycles,
                                                             render_mode, reward, actions)
        self.players, self.decks, self.seed = players, list(decks) if decks else None, seed
        self.actions, self.size = actions, ACTION_KINDS[actions]
        self.max_turns, self.max_cycles, self.render_mode, self.reward = max_turns, max_cycles, render_mode, reward
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.names = [f"P{i + 1}" for i in range(players)]
        self.agent_of = dict(zip(self.names, self.possible_agents, strict=True))
        self.name_of = dict(zip(self.possible_agents, self.names, strict=True))
        size = observation_size(players)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.size, seed=seed + i) for i, a in enumerate(self.possible_agents)}
        self.state_space = spaces.Box(-1.0, 1.0, (state_size(players),), np.float32)
        self.game: Game | None = None
        self.slots: Slots | None = None
        self.next_seed = seed
        self.picture: Picture | None = None
        self.listed: dict[int, Any] = {}
        """The allowed indices: each with its command (flat), or with the commands it leads to (compact)."""
        self.menu: Menu | None = None
        self.mask = np.zeros(self.size, dtype=np.int8)
        self.seen: dict[str, dict[str, np.ndarray]] = {}
        self.drawn: dict[str, np.ndarray] = {}
        """Each agent's observation of this moment's table, without the selection (a follow-up step keeps it)."""
        self.steps: dict[str, int] = {}
        self.given: dict[str, float] = {}
        """Each agent's rewards so far this episode (the VP rewards' end makes their sum's sign the win's)."""

    # ----- the PettingZoo interface --------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with `seed`, that game; without, the `seed` option's game first, then the next seeds (after
        SEED_LIMIT, 0). A bad seed (or deck) is refused with one line, and the environment is left as it was."""
        number = self.next_seed if seed is None else game_seed(seed)
        game = Game.new(self.names, self.decks, number)
        if self.game is not None:
            self.game.close()
        self.game = game
        self.next_seed = 0 if number == SEED_LIMIT else number + 1
        self.slots = Slots(self.game.table)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = dict.fromkeys(self.agents, 0)
        self.given = dict.fromkeys(self.agents, 0.0)
        self.refresh()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation: its view encoded, and its action mask (all zeros when it is not to act)."""
        kept = self.seen.get(agent)
        if kept is None:
            mine = agent == self.agent_selection and not self.done(agent)
            drawn = self.drawn.get(agent)
            if drawn is None:
                drawn = self.drawn[agent] = encode(self.live().table, self.slotted(), self.name_of[agent])
            given = self.menu.given if mine and self.menu is not None else ()
            kept = self.seen[agent] = {"observation": with_selection(drawn, given) if given else drawn,
                                       "action_mask": self.mask if mine else np.zeros(self.size, dtype=np.int8)}
        return {key: value.copy() for key, value in kept.items()}

    def state(self) -> np.ndarray:
        """The global state: the same encoding as an observation, of the whole game (every card, no viewer)."""
        state = encode(self.live().table, self.slotted(), None, everything=True)
        return with_selection(state, self.menu.given) if self.menu is not None and self.menu.given else state

    def step(self, action: Any) -> None:
        """Play the agent's action. An index the mask does not allow costs the agent ILLEGAL_PENALTY and forfeits
        the rest of its turn (`forfeit`), said in `infos` and in a warning."""
        agent = self.agent_selection
        if self.done(agent):
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        index = whole(action)
        if index is None:
            raise ValueError(f"an action is an index 0..{self.size - 1}, not {action!r}")
        before = self.vps()
        follow_up = False
        if index in self.listed:
            chosen = self.listed[index] if self.menu is None else self.menu.give(index)
            if chosen is None:
                follow_up = True
            else:
                self.play(chosen)
        else:
            self.rewards[agent] += ILLEGAL_PENALTY
            self.infos[agent] = {"illegal_action": index, "played_instead": self.forfeit(self.name_of[agent])}
            gymnasium.logger.warn("Countertop: an action the mask does not allow; the agent gets the penalty and "
                                  "its turn is ended for it (see infos)")
        self.steps[agent] += 1
        if self.reward != "win":
            after = self.vps()
            for a in self.agents:
                self.rewards[a] += self.gained(a, before, after)
        self.finish()
        for a in self.agents:
            self.given[a] += self.rewards[a]
        if any(self.terminations.values()) or any(self.truncations.values()):
            self.listed, self.seen, self.drawn, self.menu = {}, {}, {}, None
            self.mask = np.zeros(self.size, dtype=np.int8)
        elif follow_up:
            self.allow()
        else:
            self.refresh()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> np.ndarray | None:
        """The play screen of the neutral view (every hand hidden): an RGB array, or drawn in a window."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (\"human\" or \"rgb_array\")")
            return None
        if self.picture is None:
            from game.env.render import Picture
            self.picture = Picture()
        if self.render_mode == "rgb_array":
            return self.picture.rgb(self.live())
        self.picture.show(self.live())
        return None

    def close(self) -> None:
        """Drop the game and close the window, if any."""
        if self.picture is not None:
            self.picture.close()
            self.picture = None
        if self.game is not None:
            self.game.close()
            self.game = None

    # ----- beyond the standard --------------------------------------------------------------------------------

    def clone(self) -> Countertop:
        """An independent environment at the same point of the same game (for planning): stepping either leaves
        the other as it was. Clones do not render."""
        return self.copy_with(Game.from_state(self.live().to_state()), self.slotted())

    def determinize(self, agent: str, seed: int) -> Countertop:
        """A clone in which every card hidden from the agent is redealt from what it may know and the dice are
        reseeded (game/bots/determinize.py): the agent's observation is unchanged; the same seed, the same clone."""
        if agent not in self.possible_agents:
            raise KeyError(agent)
        return self.copy_with(Sampler(self.live(), self.name_of[agent]).sample(seed), self.slotted())

    def bot_view(self, agent: str) -> Observation:
        """What the project's bots are given for this agent: its view, the legal actions, determinizations."""
        return Observation.of(self.live(), self.name_of[agent])

    def action_index(self, action: dict[str, Any]) -> int:
        """The index of one of the legal actions of this moment; with compact actions, the index that takes it one
        step further from the indices given so far."""
        return self.codec().encode(action) if self.menu is None else self.menu.next_index(action)

    def decode(self, index: int) -> dict[str, Any]:
        """The command a flat index names at this moment (whether or not it is legal)."""
        if self.menu is not None:
            raise EncodingError("decode() reads flat indices; with compact actions legal_actions() gives the "
                                "commands each allowed index leads to")
        return self.codec().decode(index)

    def legal_actions(self) -> dict[int, Any]:
        """The allowed indices of this moment (the mask's set bits): each with its command (flat actions), or with
        the list of commands it leads to (compact actions)."""
        return dict(self.listed)

    def following(self) -> bool:
        """Whether the agent to act is in the middle of a compact action (a follow-up step is asked)."""
        return self.menu is not None and bool(self.menu.given)

    # ----- inside ---------------------------------------------------------------------------------------------

    def live(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def slotted(self) -> Slots:
        assert self.slots is not None
        self.slots.update(self.live().table)
        return self.slots

    def codec(self) -> Codec:
        table = self.live().table
        me = table.acting_player()
        return Codec(table, self.slotted().seen_by(table, me), me)

    def done(self, agent: str) -> bool:
        return self.terminations.get(agent, True) or self.truncations.get(agent, True)

    def gained(self, agent: str, before: dict[str, float], after: dict[str, float]) -> float:
        """What one step gave an agent under the VP rewards: the VP it gained ("vp"), or the lead over the others
        it gained ("margin": its VP gained less the mean of the others', so the agents' gains sum to 0)."""
        own = after[agent] - before[agent]
        if self.reward == "vp":
            return own
        others = [after[a] - before[a] for a in self.agents if a != agent]
        return own - sum(others) / len(others)

    def vps(self) -> dict[str, float]:
        return {a: float(self.live().table.player(self.name_of[a]).vp) for a in self.agents}

    def play(self, action: dict[str, Any]) -> None:
        outcome = self.live().act(action)
        if not outcome.ok:
            raise RuntimeError(f"a listed legal action was refused: {action} ({outcome.reason})")

    def forfeit(self, player: str) -> list[dict[str, Any]]:
        """Play the player's defaults until someone else is to act (or the game is over): end the turn when that
        is legal, else the first legal action (a pending choice's first option). Returns what was played."""
        played: list[dict[str, Any]] = []
        table = self.live().table
        for _ in range(FORFEIT_LIMIT):
            legal = self.live().legal_actions()
            action = next((a for a in legal if a["act"] == "end_turn"), legal[0])
            self.play(action)
            played.append(action)
            if table.turn.phase == "over" or table.acting_player() != player:
                break
            self.refresh()
        return played

    def refresh(self) -> None:
        """The agent to act, the legal actions by index and the mask, for the game's new moment."""
        codec = self.codec()
        listed = self.live().legal_actions()
        if self.actions == "compact":
            self.menu = Menu(codec, listed)
        else:
            self.listed = {codec.encode(a): a for a in listed}
            if len(self.listed) != len(listed):
                raise EncodingError("two legal actions share an index")
        self.agent_selection = self.agent_of[codec.me]
        self.drawn = {}
        self.allow()

    def allow(self) -> None:
        """The allowed indices and the mask: the flat listing's, or the compact menu's next step."""
        if self.menu is not None:
            self.listed = self.menu.allowed()
        self.mask = np.zeros(self.size, dtype=np.int8)
        self.mask[list(self.listed)] = 1
        self.seen = {}

    def finish(self) -> None:
        """End the episode when the game is over (terminal rewards) or a limit is reached (truncation), and give
        every agent's `infos` the winners (none after a truncation), whether it won, and every agent's final VP."""
        table = self.live().table
        won = table.turn.winner if isinstance(table.turn.winner, list) else [table.turn.winner]
        if table.turn.phase == "over":
            for a in self.agents:
                self.terminations[a] = True
                winner = self.name_of[a] in won
                if self.reward == "win":
                    self.rewards[a] += 1.0 if winner else -1.0
                else:
                    total = self.given[a] + self.rewards[a]
                    self.rewards[a] += (1.0 + max(0.0, -total)) if winner else -1.0 - total
        elif table.turn.turn > self.max_turns or (
                self.max_cycles is not None and min(self.steps.values()) >= self.max_cycles):
            for a in self.agents:
                self.truncations[a] = True
                if self.reward != "win":
                    self.rewards[a] -= self.given[a] + self.rewards[a]
        else:
            return
        winners = [a for a in self.agents if table.turn.phase == "over" and self.name_of[a] in won]
        final_vp = {a: table.player(self.name_of[a]).vp for a in self.agents}
        for a in self.agents:
            self.infos[a].update(winners=list(winners), won=a in winners, final_vp=dict(final_vp))

    def copy_with(self, game: Game, slots: Slots) -> Countertop:
        """This environment's bookkeeping around another game at the same point (a clone, a determinization)."""
        other = Countertop(**self.options(render_mode=None))
        other.next_seed = self.next_seed
        other.resume(game, slots.of, self.episode())
        return other

    def options(self, render_mode: str | None) -> dict[str, Any]:
        """The options this environment was made with, with another render mode."""
        return {"players": self.players, "decks": self.decks, "seed": self.seed, "max_turns": self.max_turns,
                "max_cycles": self.max_cycles, "render_mode": render_mode, "reward": self.reward,
                "actions": self.actions}

    def episode(self) -> dict[str, Any]:
        """A copy of the episode's bookkeeping (agents, rewards, ends, infos, steps, the compact indices given so
        far), none of it shared."""
        kept = copy.deepcopy({key: getattr(self, key, None) for key in EPISODE})
        return {**kept, "indices_given": self.menu.given if self.menu is not None else ()}

    def resume(self, game: Game, slots: Mapping[str, int], episode: dict[str, Any]) -> None:
        """Take up a game at a point, with its card slots and the episode's bookkeeping there."""
        self.game = game
        self.slots = Slots(game.table, slots)
        for key in EPISODE:
            setattr(self, key, episode[key])
        if not any(self.done(a) for a in self.agents):
            self.refresh()
            for index in episode["indices_given"]:
                assert self.menu is not None and self.menu.give(index) is None
            self.allow()

    def __getstate__(self) -> dict[str, Any]:
        """What `pickle` and `copy.deepcopy` keep: the options, the game's state (a save's round trip), the card
        slots, the episode's bookkeeping and the action spaces' random states; no window, no cache."""
        return {"options": self.options(self.render_mode), "next_seed": self.next_seed,
                "spaces": {a: s.np_random.bit_generator.state for a, s in self.action_spaces.items()},
                "game": None if self.game is None else self.game.to_state(),
                "slots": None if self.slots is None else dict(self.slots.of),
                "episode": None if self.game is None else self.episode()}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The environment `__getstate__` kept, at the same point: stepped alike, it gives the same observations."""
        self.__init__(**state["options"])  # type: ignore[misc]
        self.next_seed = state["next_seed"]
        for agent, random_state in state["spaces"].items():
            self.action_spaces[agent].np_random.bit_generator.state = random_state
        if state["game"] is not None:
            self.resume(Game.from_state(state["game"]), state["slots"], state["episode"])

    def __deepcopy__(self, memo: dict[int, Any]) -> Countertop:
        """`copy.deepcopy`: the state round trip of `__getstate__`, whose parts are already copies."""
        other = Countertop.__new__(Countertop)
        other.__setstate__(self.__getstate__())
        return other


def whole(value: Any) -> int | None:
    """A whole number as an int: a Python or numpy integer, or a 0-d integer array (what `predict` returns); None
    for anything else, a bool included."""
    if isinstance(value, bool | np.bool_):
        return None
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, np.ndarray) and value.shape == () and np.issubdtype(value.dtype, np.integer):
        return int(value)
    return None


def game_seed(seed: Any) -> int:
    """A game seed as an int, or a ValueError of one line: a whole number from 0 to SEED_LIMIT (E08, E22)."""
    number = whole(seed)
    if number is None or not 0 <= number <= SEED_LIMIT:
        raise ValueError(f"seed must be a whole number from 0 to 2**63 - 1, not {seed!r}")
    return number


def check_options(players: Any, decks: Any, seed: Any, max_turns: Any, max_cycles: Any, render_mode: Any,
                  reward: Any, actions: Any) -> tuple[int, int, int, int | None]:
    """Refuse a bad option with one line naming it (the decks themselves are checked by the game's setup); give
    players, seed, max_turns and max_cycles back as ints (numpy integers are taken as the numbers they are)."""
    count = whole(players)
    if count is None or not 2 <= count <= 4:
        raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
    if decks is not None and (isinstance(decks, str) or not isinstance(decks, Sequence)
                              or len(decks) != count or not all(d is None or isinstance(d, str) for d in decks)):
        raise ValueError(f"decks must name one deck (or None) per player: {count} names, not {decks!r}")
    number = game_seed(seed)
    turns = whole(max_turns)
    if turns is None or turns < 1:
        raise ValueError(f"max_turns must be a whole number 1 or more, not {max_turns!r}")
    cycles = None if max_cycles is None else whole(max_cycles)
    if max_cycles is not None and (cycles is None or cycles < 1):
        raise ValueError(f"max_cycles must be a whole number 1 or more (or None), not {max_cycles!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} (or None), not {render_mode!r}")
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if actions not in ACTION_KINDS:
        raise ValueError(f"actions must be one of {', '.join(ACTION_KINDS)}, not {actions!r}")
    return count, number, turns, cycles


class CountertopParallel(ParallelEnv):
    """The same game for the parallel API: each step every live agent gives an action, and in seat order each
    agent whose turn it is when its place comes plays its one (the others' are not used)."""

    metadata = Countertop.metadata

    def __init__(self, **options: Any) -> None:
        self.aec = Countertop(**options)
        self.possible_agents = list(self.aec.possible_agents)
        self.render_mode = self.aec.render_mode
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[
            dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed, options)
        self.agents = list(self.aec.agents)
        return {a: self.aec.observe(a) for a in self.agents}, {a: dict(self.aec.infos[a]) for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        rewards = dict.fromkeys(self.agents, 0.0)
        for agent in self.agents:
            if self.aec.agent_selection == agent and not self.aec.done(agent) and agent in actions:
                self.aec.step(actions[agent])
                for a in self.agents:
                    rewards[a] += self.aec.rewards[a]
        terminations = {a: self.aec.terminations[a] for a in self.agents}
        truncations = {a: self.aec.truncations[a] for a in self.agents}
        infos = {a: dict(self.aec.infos[a]) for a in self.agents}
        observations = {a: self.aec.observe(a) for a in self.agents}
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        return self.aec.state()

    def render(self) -> np.ndarray | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def raw_env(**options: Any) -> Countertop:
    """The environment without wrappers: players, decks, seed, max_turns, max_cycles, render_mode, reward, actions."""
    return Countertop(**options)


class AssertIndex(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's check that an action is in the action space, refusing a bool too (which `Discrete` takes for
    0 or 1): anything but an index 0..N-1 is an AssertionError (E22)."""

    def step(self, action: Any) -> None:
        assert not isinstance(action, bool), "action is not in action space"
        super().step(action)


def env(**options: Any) -> AECEnv:
    """The environment as PettingZoo's own are given: raw_env wrapped to refuse an index outside the action space
    and to enforce the order of calls."""
    return wrappers.OrderEnforcingWrapper(AssertIndex(raw_env(**options)))


def parallel_env(**options: Any) -> CountertopParallel:
    """The environment for PettingZoo's parallel API."""
    return CountertopParallel(**options)
