"""Running simulated games in batches: in this process, in local worker processes, or as Ray tasks on a cluster.

Game `i` of a run always has the same seat decks, bots and seed (`base + i`, or `base + i // 2` with paired
deals), and results come back in game order, so every number of a run is the same however it was run.
"""

from __future__ import annotations

import gc
import itertools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from game.io.setup import Contents
from game.tools.sim import GameResult, Keeper, play_game

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

RAY_INSTALL = "--ray needs Ray, which is not installed: .venv/bin/pip install -e '.[cluster]' in the clone"
MAX_BATCH = 20
RAY_TOKEN = Path.home() / ".ray" / "auth_token"  # where `ray start --head` keeps the cluster's token


class RunnerError(Exception):
    """A runner that cannot start (Ray missing or unreachable): one line for the user."""


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its place in the run, its seed, the decks and bots by seat, whether to check it, the
    cards it is played with (None: the shipped ones; a variant's otherwise), and whether to record what the fun
    metrics read."""

    index: int
    seed: int
    decks: tuple[str, ...]
    bots: tuple[str, ...]
    check: bool
    contents: Contents | None = None
    record: bool = False


def matchups(deck_keys: Sequence[str], players: int, paired: bool) -> list[tuple[str, ...]]:
    """The deck line-ups a run cycles through: every ordering of distinct decks (every set, with paired deals,
    whose second game reverses the seats), or every line-up with repeats when there are fewer decks than seats."""
    if len(deck_keys) < players:
        return list(itertools.product(deck_keys, repeat=players))
    if paired:
        return list(itertools.combinations(deck_keys, players))
    return list(itertools.permutations(deck_keys, players))


def schedule(start: int, count: int, base_seed: int, deck_keys: Sequence[str], bots: Sequence[str], players: int,
             paired: bool, check: bool) -> list[GameSpec]:
    """Games start..start+count-1 of a run. Game i rotates the bots by i (deal i // 2 when paired) and takes the
    line-ups in turn, each once per bot rotation; a paired deal is played again with the seats reversed."""
    lineups = matchups(deck_keys, players, paired)
    specs = []
    for i in range(start, start + count):
        deal, second = (i // 2, i % 2 == 1) if paired else (i, False)
        decks = lineups[(deal // len(bots)) % len(lineups)]
        seat_bots = tuple(bots[(deal + s) % len(bots)] for s in range(players))
        if second:
            decks, seat_bots = decks[::-1], seat_bots[::-1]
        specs.append(GameSpec(i, base_seed + deal, tuple(decks), seat_bots, check))
    return specs


COLLECT_AFTER = 7_000
"""Allocations between the collector's youngest collections while games are played (Python's default: 700)."""
_settled = False


def settle_collector() -> None:
    """Set the garbage collector for playing games, once in each process: what is loaded by now (modules, the
    card pool) is frozen out of its sight, and it runs a tenth as often. A game makes many short-lived objects
    and little cyclic garbage, yet each collection walked them all again."""
    global _settled
    if not _settled:
        gc.freeze()
        gc.set_threshold(COLLECT_AFTER, 10, 10)
        _settled = True


def play_batch(specs: Sequence[GameSpec], keep: Keeper | None = None) -> list[GameResult]:
    """Play a batch of games in order (what a worker process or a Ray task runs); `keep` as in `play_game`."""
    settle_collector()
    return [play_game(s.seed, list(s.decks), list(s.bots), s.check, keep, s.contents, s.record) for s in specs]


def batches(specs: Sequence[GameSpec], workers: int) -> list[list[GameSpec]]:
    """Split games into batches: about eight per worker, at most MAX_BATCH games each."""
    size = max(1, min(MAX_BATCH, -(-len(specs) // (workers * 8))))
    return [list(specs[i:i + size]) for i in range(0, len(specs), size)]


Progress = Callable[[int], None]


def _ready(_: int) -> int:
    """A no-op task that makes the pool start its worker processes."""
    return os.getpid()


class LocalRunner:
    """Games in this process (one worker) or in a pool of worker processes (standard library)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> LocalRunner:
        if self.workers > 1:
            from concurrent.futures import ProcessPoolExecutor  # a tenth of a second: only runs with workers load it

            self.pool = ProcessPoolExecutor(max_workers=self.workers)
            try:
                list(self.pool.map(_ready, range(self.workers)))  # start the workers before any progress thread
            except OSError as err:  # the system allows no more processes (a process limit, no memory)
                self.abandon()
                raise RunnerError(f"--workers {self.workers}: the system can't start that many worker processes "
                                  f"({err.strerror or err}); ask for fewer") from None
        return self

    def abandon(self) -> None:
        """Drop a pool that could not start all its workers: those started wait for work that never comes, and
        would keep the program from ending, so they are killed here. Killed, not terminated: a forked worker keeps
        the SIGTERM handler of its parent, and once pygame is initialised that is SDL's, which only queues a quit
        event, so a terminated worker lived on and `join` waited for ever."""
        import multiprocessing

        assert self.pool is not None
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = None
        for child in multiprocessing.active_children():
            child.kill()
            child.join()

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)

    def describe(self) -> str:
        """How the games run, for the terminal."""
        return "1 process" if self.pool is None else f"{self.workers} worker processes"

    def run(self, specs: Sequence[GameSpec], done: Progress, keep: Keeper | None = None) -> list[GameResult]:
        """Play the games; `done(n)` after each finished batch of n; results in game order."""
        if self.pool is None:
            results = []
            for spec in specs:
                results.extend(play_batch([spec], keep))
                done(1)
            return results
        from concurrent.futures import FIRST_COMPLETED, wait

        parts = batches(specs, self.workers)
        futures: dict[Future[list[GameResult]], int] = {self.pool.submit(play_batch, p, keep): n
                                                         for n, p in enumerate(parts)}
        out: dict[int, list[GameResult]] = {}
        failed: dict[int, BaseException] = {}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                n = futures[future]
                if future.exception() is not None:
                    failed[n] = future.exception()  # type: ignore[assignment]
                    continue
                out[n] = future.result()
                done(len(out[n]))
            if failed:  # the earliest failing game is reported, whichever worker found one first
                for future in [f for f in pending if futures[f] > min(failed)]:
                    future.cancel()
                pending = {f for f in pending if futures[f] < min(failed)}
        if failed:
            raise failed[min(failed)]
        return [r for n in range(len(parts)) for r in out[n]]


def _check_reachable(address: str) -> None:
    """Fail fast, in one line, when a host:port address does not answer."""
    import socket  # only a Ray address needs it

    target = address.split("://", 1)[-1]
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=3):
            return
    except OSError as err:
        raise RunnerError(f"--ray: cannot reach a Ray cluster at {address} ({err.strerror or err})") from None


class RayRunner:
    """Games as Ray tasks: on the cluster at `address`, or on a local Ray started for the run."""

    def __init__(self, address: str | None, workers: int) -> None:
        if address and "RAY_AUTH_MODE" not in os.environ and (os.environ.get("RAY_AUTH_TOKEN") or RAY_TOKEN.exists()):
            os.environ["RAY_AUTH_MODE"] = "token"  # show a cluster's token (Ray reads this when it is imported)
        try:
            import ray
        except ImportError:
            raise RunnerError(RAY_INSTALL) from None
        self.ray: Any = ray
        self.address = address
        self.workers = workers
        self.cpus = workers

    def __enter__(self) -> RayRunner:
        ray = self.ray
        options: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR", "configure_logging": True}
        if self.address:
            _check_reachable(self.address)
            options["address"] = self.address
        else:
            options.update(address="local", num_cpus=self.workers, include_dashboard=False,
                           object_store_memory=100 * 2**20)  # a new Ray, even where a cluster runs
        try:
            ray.init(**options)
        except Exception as err:  # Ray raises ConnectionError, RuntimeError or ValueError, by version
            raise RunnerError(f"--ray: cannot connect to Ray{' at ' + self.address if self.address else ''}: "
                              f"{str(err).splitlines()[0] if str(err) else type(err).__name__}") from None
        self.cpus = max(1, int(ray.cluster_resources().get("CPU", self.workers)))
        self.task = ray.remote(play_batch)
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        self.ray.shutdown()

    def describe(self) -> str:
        """How the games run, for the terminal."""
        where = f"the Ray cluster at {self.address}" if self.address else "a local Ray"
        return f"Ray tasks on {where} ({self.cpus} CPUs)"

    def run(self, specs: Sequence[GameSpec], done: Progress, keep: Keeper | None = None) -> list[GameResult]:
        """Play the games as Ray tasks; `done(n)` after each finished batch; results in game order (`keep` runs
        where the task runs: on a cluster, kept files are written on the nodes)."""
        parts = batches(specs, self.cpus)
        refs = [self.task.remote(p, keep) for p in parts]
        order = {ref: n for n, ref in enumerate(refs)}
        out: dict[int, list[GameResult]] = {}
        failed: dict[int, BaseException] = {}
        pending = list(refs)
        while pending:
            finished, pending = self.ray.wait(pending, num_returns=1)
            for ref in finished:
                try:
                    out[order[ref]] = self.ray.get(ref)
                except Exception as err:  # Ray's task error is also the task's own exception type
                    failed[order[ref]] = err
                    continue
                done(len(out[order[ref]]))
            if failed:  # the earliest failing game is reported, whichever task found one first
                pending = [ref for ref in pending if order[ref] < min(failed)]
        if failed:
            raise failed[min(failed)]
        return [r for n in range(len(parts)) for r in out[n]]


def runner(workers: int, ray: str | None | bool) -> LocalRunner | RayRunner:
    """The runner the options ask for: `ray` is False (local), True (a local Ray) or a cluster address."""
    if ray is False:
        return LocalRunner(workers)
    return RayRunner(None if ray is True else str(ray), workers)

