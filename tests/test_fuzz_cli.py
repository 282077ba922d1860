"""Fuzzing the command line's options (issue 42): random option lists for `sim`, `tune`, `value`, `replay`,
`scenario`, `cards`, `rules` and `schema`, with hostile values (seeds past the bound, negative and huge counts,
NaN, bot names with odd budgets, line breaks, files and devices where folders belong, bad variant files). Each run
ends with exit status 0, or 2 with every line of stderr naming the program or the file it is about, never a
traceback; `--json` prints
strict JSON; and every game kept (`--keep`) replays.

Seeded (`derandomize=True`) and small in the suite; `COUNTERTOP_FUZZ=N` (`make fuzz`) runs N command lines.
Counts that would play for long (`--games 100000`, `ismcts` at its default budget) are never drawn valid.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.core.dice import MAX_SEED
from tests.test_fuzz import fuzz_settings

ROOT = Path(__file__).resolve().parent.parent
WAVE4 = ROOT / "tests" / "repro" / "wave4"
VARIANTS = [str(ROOT / "tests" / "variants" / "same.toml"), str(ROOT / "tests" / "variants" / "footman_7hp.toml"),
            str(WAVE4 / "E16_variant_toml_date.toml"), str(WAVE4 / "E20_variant_key_newline.toml"),
            str(WAVE4 / "E18_variant_untap_loop.toml"), "/dev/null", "missing.toml"]
SCENARIO = str(ROOT / "tests" / "scenarios" / sorted(os.listdir(ROOT / "tests" / "scenarios"))[0])
SEEDS = (["0", "1", "7", "99", str(MAX_SEED - 3)],
         ["-1", "-3", str(MAX_SEED), str(MAX_SEED + 1), str(2**64), "1.5", "x", "", "٣", " 3", "1_0"])
GAMES = (["1", "2"], ["0", "-1", "100001", "1e3", "two", "2 "])
BOTS = (["greedy-v1", "random", "myopic", "greedy-v1-no:stasis", "greedy-v1-no:stun"],
        ["ismcts:", "ismcts: 1", "ismcts:1_0", "ismcts:٣", "ismcts:0", "ismcts:100001", "ismcts-no:stun:", "ismcts:0ms",
         "nope", "a\nb", "\u202egreedy"])
"""Bots that play fast, and malformed names (a search bot that plays would make a run take seconds)."""
DECKS = (["clockwork_vanguard", "fable_guard", "hex_and_count", "backtimers_stun", "Fable Guard"], ["nope", "a\nb"])
RATES = (["0.5", "0.49", "0.45"], ["0", "1", "-1", "nan", "inf", "x"])
WORKERS = (["1"], ["0", "-2"])
PLAYERS = (["2", "3", "4"], ["1", "5"])
TOP = (["1", "2"], ["0", "-1"])
CARDS = (["Footman"], ["Nope", "a\nb", "Archer"])
VALUE_BOTS = (["greedy-v1"], ["ismcts:", "random", "ismcts:1_0"])
AGAINST = (["myopic", "stasis", "stun"], ["nope"])
BUDGETS = ([], ["0", "50001", "-1", "x"])


class Draws:
    """Values for one command line: valid ones only, or, in a hostile one, hostile ones too."""

    def __init__(self, draw: Any, folder: Path) -> None:
        self.draw, self.folder = draw, folder
        self.hostile = draw(st.booleans())

    def pick(self, pool: tuple[list[str], list[str]]) -> str:
        """One value of the pool."""
        valid, bad = pool
        return str(self.draw(st.sampled_from(valid + bad if self.hostile or not valid else valid)))

    def picks(self, pool: tuple[list[str], list[str]], most: int) -> list[str]:
        """One to `most` values of the pool."""
        return [self.pick(pool) for _ in range(self.draw(st.integers(1, most)))]

    def where(self, name: str) -> str:
        """An output path: a new folder or file; in a hostile line also a file in the way, a path through a file,
        a device or the folder itself."""
        afile = self.folder / "afile"
        afile.write_text("x\n")
        return self.pick(([str(self.folder / name)], [str(afile), str(afile / name), "/dev/full", "/dev/null",
                                                     str(self.folder)]))

    def some(self, *options: tuple[str, Any]) -> list[str]:
        """Each optional flag, one time in three, with its values (a function drawing them, or None: the flag
        alone)."""
        argv: list[str] = []
        for flag, values in options:
            if self.draw(st.integers(0, 2)) == 0:
                value = values() if values is not None else None
                argv += [flag] if value is None else [flag, *(value if isinstance(value, list) else [value])]
        return argv


def sim_argv(d: Draws) -> list[str]:
    return ["sim", "--games", d.pick(GAMES), "--workers", d.pick(WORKERS), *d.some(
        ("--seed", lambda: d.pick(SEEDS)), ("--players", lambda: d.pick(PLAYERS)),
        ("--bots", lambda: d.picks(BOTS, 3)), ("--decks", lambda: d.picks(DECKS, 2)),
        ("--paired", None), ("--check", None), ("--json", None), ("--fun", None),
        ("--keep", lambda: d.where("kept")), ("--keep-failures", None), ("--report", lambda: d.where("rep")),
        ("--until", lambda: d.pick(RATES)), ("--variant", lambda: d.pick((VARIANTS[:2], VARIANTS[2:]))))]


def tune_argv(d: Draws) -> list[str]:
    return ["tune", "--deck", d.pick((["clockwork_vanguard"], DECKS[0] + DECKS[1])), "--games",
            d.pick((["2"], GAMES[0] + GAMES[1])), "--workers", "1", "--cards", d.pick(CARDS), "--bots", "greedy-v1",
            "greedy-v1", *d.some(
                ("--seed", lambda: d.pick(SEEDS)), ("--target", lambda: d.pick(RATES)), ("--top", lambda: d.pick(TOP)),
                ("--bots", lambda: d.picks(BOTS, 3) if d.hostile else [d.pick(BOTS), d.pick(BOTS)]),
                ("--json", None), ("--out", lambda: d.where("out")),
                ("--variant", lambda: d.pick((VARIANTS[:2], VARIANTS[2:]))))]


def value_argv(d: Draws) -> list[str]:
    argv = ["value", "--games", d.pick(GAMES), "--workers", "1", "--bot", d.pick(VALUE_BOTS), "--against",
            d.pick(AGAINST)]
    if d.hostile and d.draw(st.booleans()):
        argv += ["--skill-trace", "--budgets", d.pick(BUDGETS)]
    return argv + d.some(("--seed", lambda: d.pick(SEEDS)), ("--json", None), ("--report", lambda: d.where("rep")),
                         ("--decks", lambda: d.picks(DECKS, 2)))


def replay_argv(d: Draws, kept: str) -> list[str]:
    """`replay` prints the dump or exports a table (without either it would open the window)."""
    steps = (["0", "3"], ["-1", "999999", "x", str(2**70)])
    out = ["--json"] if d.draw(st.booleans()) else ["--export", d.where("out.toml")]
    return ["replay", d.pick(([kept], [SCENARIO, "/dev/null", "missing.json"])), *out, *d.some(
        ("--at", lambda: d.pick(steps)), ("--turn", lambda: d.pick(steps)), ("--then", lambda: d.pick(steps)))]


def other_argv(draw: Any) -> list[str]:
    return draw(st.sampled_from([
        ["scenario", SCENARIO, "--json"], ["scenario", SCENARIO, "--json", "--as", "Bo"], ["scenario", SCENARIO,
                                                                                          "--as", "a\nb"],
        ["cards", "--check"], ["cards", "--dir", "/dev/null"], ["rules", "ST-1"], ["rules", "ZZ-9"],
        ["rules", "a\nb"], ["schema", "deck"], ["schema", "nope"], ["sim", "--games"], ["tune"], ["bogus"]]))


def run(argv: list[str]) -> tuple[int, str, str]:
    """`countertop ARGV` in this process: its exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as done:
            code = int(done.code or 0)
    return code, out.getvalue(), err.getvalue()


@settings(fuzz_settings(quick=15), deadline=None)  # a run with a report imports matplotlib: no deadline
@given(st.data())
def test_random_command_lines_end_in_0_or_one_line_per_problem(tmp_path_factory: Any, data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("cli")
    kept = tmp_path_factory.getbasetemp() / "kept-once"
    if not kept.exists():
        assert run(["sim", "--games", "1", "--seed", "4", "--workers", "1", "--json", "--keep", str(kept)])[0] == 0
    [game] = kept.glob("*.json")
    which = data.draw(st.sampled_from(["sim", "sim", "tune", "value", "replay", "other"]))
    d = Draws(data.draw, folder)
    argv = {"sim": lambda: sim_argv(d), "tune": lambda: tune_argv(d), "value": lambda: value_argv(d),
            "replay": lambda: replay_argv(d, str(game)), "other": lambda: other_argv(data.draw)}[which]()
    code, out, err = run(argv)
    assert "Traceback" not in err
    if code == 2:
        event(f"{which}: refused")
        assert err and all(line.startswith("countertop") or any(line.startswith(f"{a}: ") for a in argv)
                           for line in err.splitlines()), err
        return
    event(f"{which}: ran")
    assert code == 0, (argv, code, err)
    if "--json" in argv and argv[0] in ("sim", "tune", "value", "scenario") or argv[:1] == ["replay"] and \
            "--json" in argv and "--export" not in argv:
        json.loads(out, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    if "--keep" in argv:
        for path in Path(argv[argv.index("--keep") + 1]).glob("*.json"):
            assert run(["replay", str(path), "--json"])[0] == 0, path
