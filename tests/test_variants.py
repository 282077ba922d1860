"""Variants (issue 30): variant files checked like card and deck files, `sim --variant` on paired games (zero
differences for an identical variant, a much stronger deck winning more, the paired interval by hand, the same
numbers on any number of workers), and `tune` finding a planted fix."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.core.cards import card_pool
from game.io.setup import standard_decks
from game.tools.batch import play_batch
from game.tools.compare import CARDS_NOTE, arm, paired
from game.tools.reportpage import FORMATS
from game.tools.tune import brings, deals, measured, start_variant
from game.tools.variant import load_variant

HERE = Path(__file__).parent / "variants"
STRONG, BROKEN = (str(HERE / f) for f in ("strong_fable_guard.toml", "broken_archer.toml"))


@pytest.fixture(scope="module")
def same(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A variant that changes nothing, read from the shipped data: a minion's HP and its count in the first deck set
    to what they are (so it stays identical whatever cards and decks hold)."""
    key, deck = next(iter(standard_decks().items()))
    pool = card_pool()
    name = next(n for n in deck.cards if pool[n].kind == "minion")
    path = tmp_path_factory.mktemp("variants") / "same.toml"
    path.write_text(f'name = "unchanged"\n\n[cards.{json.dumps(name)}]\nhp = {pool[name].hp}\n\n'
                    f'[decks.{key}.cards]\n{json.dumps(name)} = {deck.cards[name]}\n', encoding="utf-8")
    return str(path)


def sim(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """`countertop sim ... --json` run here; its summary."""
    assert main(["sim", "--json", *argv]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_paired_interval_by_hand() -> None:
    """Five games, the variant winning two the base lost: delta 2/5; with d = (0, 1, 0, 1, 0) the spread is
    3 * 0.4^2 + 2 * 0.6^2 = 1.2, so the half-width is 1.96 * sqrt(1.2) / 5 = 0.4294 (Agresti's matched-pairs
    interval: sqrt(((b + c) / n - ((c - b) / n)^2) / n) = sqrt((0.4 - 0.16) / 5), times 1.96)."""
    got = paired([1, 0, 1, 0, 0], [1, 1, 1, 1, 0], [1] * 5)
    assert got == {"base": 0.4, "variant": 0.8, "delta": 0.4, "ci": [-0.0294, 0.8294], "games": 5}


def test_paired_interval_counts_every_seat_of_a_deck() -> None:
    """A mirror game seats the deck twice (weight 2): rates are per seat, and a game without the deck adds
    nothing. Base wins 1 + 1 of 3 seats, the variant 1 + 2: delta 1/3; d - delta * n = (0 - 1/3, 1 - 2/3, 0), so
    the half-width is 1.96 * sqrt(2/9) / 3 = 0.3080."""
    got = paired([1, 1, 0], [1, 2, 0], [1, 2, 0])
    assert got == {"base": 0.6667, "variant": 1.0, "delta": 0.3333, "ci": [0.0254, 0.6413], "games": 2}


def test_identical_variant_changes_nothing(same: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A variant that sets values to what they are plays the very same games: every difference and interval is 0."""
    summary = sim(capsys, "--games", "12", "--seed", "4", "--bots", "greedy-v1", "random", "--workers", "1",
                  "--variant", same)
    [unchanged] = summary["compare"]["variants"]
    assert unchanged["name"] == "unchanged" and unchanged["games"] == 12 and unchanged["winner_changed"] == 0
    for part in ("decks", "seats"):
        assert unchanged[part] and all(d["delta"] == 0 and d["ci"] == [0, 0] and d["base"] == d["variant"]
                                       for d in unchanged[part].values())
    assert summary["win_rates"]["by_deck"]["fable_guard"]["rate"] == unchanged["decks"]["fable_guard"]["base"]
    assert unchanged["length"]["delta"] == 0 and all(m["delta"] == 0 for m in unchanged["mechanics"].values())
    assert all(c[k]["delta"] in (0, None) for c in unchanged["cards"].values() for k in ("played", "drawn"))
    assert all(c[k]["base_ci"] == c[k]["variant_ci"] for c in unchanged["cards"].values() for k in ("played", "drawn"))
    assert unchanged["cards_note"] == CARDS_NOTE


def test_each_arm_of_a_cards_rate_has_its_own_interval() -> None:
    """3 wins in 10 seats: 30% with the Wilson interval 10.78% to 60.32% (centre (0.3 + 1.96^2 / 20) / (1 + 1.96^2
    / 10) = 0.3555, half-width 0.2477); no seats, no rate and no interval."""
    assert arm(3, 10) == (0.3, [0.1078, 0.6032])
    assert arm(0, 0) == (None, [None, None])


def test_much_stronger_characters_win_more(capsys: pytest.CaptureFixture[str]) -> None:
    """Fable Guard's characters at 12 HP and 6 power: its win rate rises, the interval above 0; Footman's +2 HP in
    the same run is a second, separate comparison."""
    summary = sim(capsys, "--games", "40", "--seed", "1", "--bots", "greedy-v1", "greedy-v1", "--workers", "1",
                  "--variant", STRONG, "--variant", str(HERE / "footman_7hp.toml"))
    strong, footman = summary["compare"]["variants"]
    fable = strong["decks"]["fable_guard"]
    assert fable["delta"] > 0.3 and fable["ci"][0] > 0 and fable["variant"] == round(fable["base"] + fable["delta"], 4)
    assert all(d["delta"] < 0 for k, d in strong["decks"].items() if k != "fable_guard")
    assert "Hawkeye hp 4 -> 12" in strong["changes"] and footman["changes"] == ["Footman hp 5 -> 7"]


def test_one_or_two_workers_give_the_same_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    """The same command on one process and on two worker processes: the same comparison, number for number."""
    argv = ["--games", "10", "--seed", "7", "--paired", "--bots", "greedy-v1", "greedy-v1", "--variant", STRONG]
    one = sim(capsys, *argv, "--workers", "1")["compare"]
    two = sim(capsys, *argv, "--workers", "2")["compare"]
    assert one == two and one["variants"][0]["winner_changed"] > 0


def test_report_has_the_comparison(same: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """report.json carries compare.variants[i] as the summary does; the page has its section and the command."""
    assert main(["sim", "--games", "4", "--seed", "2", "--workers", "1", "--variant", same, "--report",
                 str(tmp_path)]) == 0
    assert "Variant 'unchanged' against the base" in capsys.readouterr().out
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["compare"]["variants"][0]["decks"]["fable_guard"]["delta"] == 0
    assert report["command"].endswith(f"--variant {same}")
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Variant: unchanged" in page and 'data-path="compare/variants/0/seats/seat 1/delta"' in page
    shown = re.findall(r'<span data-path="(compare/[^"]+)" data-fmt="(\w+)">([^<]*)</span>', page)
    assert len(shown) > 50
    for path, fmt, text in shown:
        value: Any = report
        for key in html.unescape(path).split("/"):
            value = value[int(key)] if isinstance(value, list) else value[key]
        assert html.unescape(text) == FORMATS[fmt](value), path


BAD = [
    ("not toml = [", "not valid TOML"),
    ('nmae = "x"', "top level: unknown key 'nmae' (did you mean 'name'?)"),
    ("[cards.Fotman]\nhp = 7", "cards.'Fotman': unknown card 'Fotman' (did you mean 'Footman'?)"),
    ("[cards.Footman]\nhpp = 7", "cards.'Footman': unknown key 'hpp' (did you mean 'hp'?)"),
    ("[cards.Footman]\nhp = 0", "cards.'Footman'.hp: must be at least 1, not 0"),
    ('[cards.Footman]\nhp = "7"', "cards.'Footman'.hp: must be an integer, not '7'"),
    ('[cards.Footman]\nname = "Knight"', "cards.'Footman'.name: a variant changes a card, not its name"),
    ('[cards.Oliver]\n"ability[4].cost" = 0', "cards.'Oliver'.ability[4].cost: 'Oliver' has nothing at"),
    ("[cards.Oliver]\n\"ability[0].cost\" = 99", "cards.'Oliver'.ability[0].cost: must be at most 20, not 99"),
    ("[decks.fable_gard.cards]\nGobbo = 2", "decks.fable_gard: unknown deck 'fable_gard' (did you mean"),
    ("[decks.fable_guard.cards]\nFootman = 3", "decks.fable_guard.cards: a standard deck has 20 cards; with this "
                                               "variant fable_guard has 23"),
    ("[decks.fable_guard.cards]\nGobbo = -1", "decks.fable_guard.cards.'Gobbo': copies must be a whole number"),
    ('[decks.fable_guard.cards]\n"Wandering Golem" = 3\nGobbo = 0',
     "decks.fable_guard.cards.'Wandering Golem': 'Wandering Golem' is a monster with this variant"),
    ("[decks.fable_guard]\nGobbo = 2", "decks.fable_guard: a deck's changes are one table"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_variant_is_one_line_and_nothing_runs(text: str, message: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Each malformed variant: exit 2, one line naming the file and the key, nothing played."""
    path = tmp_path / "bad.toml"
    path.write_text(text + "\n", encoding="utf-8")
    assert main(["sim", "--games", "2", "--workers", "1", "--variant", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert err.startswith(f"countertop: {path}: ") and message in err


@pytest.mark.parametrize("flag", [["--check"], ["--until", "0.2"], ["--keep", "kept"]])
def test_variant_refuses_what_it_cannot_pair(flag: list[str], same: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--check, --until and --keep with --variant: one line, exit 2."""
    assert main(["sim", "--games", "2", "--variant", same, *flag]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and f"--variant can't be combined with {flag[0]}" in err


def test_variant_file_round_trips(tmp_path: Path) -> None:
    """A variant written out (what tune --out writes) reads back to the same changes and the same cards."""
    made = load_variant(STRONG)
    path = tmp_path / "again.toml"
    path.write_text(made.toml(), encoding="utf-8")
    again = load_variant(str(path))
    assert (again.name, again.cards, again.decks) == (made.name, made.cards, made.decks)
    assert again.contents == made.contents


def test_tune_finds_the_planted_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Archers at 0 power (tests/variants/broken_archer.toml) sink Clockwork Vanguard; aimed at its win rate with
    the shipped cards on the same games, tune's best change is giving the Archers their 2 power back (the shipped
    games exactly), with an effect whose interval is above 0; it writes the change as a variant file."""
    shipped = start_variant(None)
    # 200 games: under G-9 (the game ends with the round) the Archers' power moves the deck less, and the 40 games
    # this test played before left the effect's interval across 0
    games = play_batch(deals("clockwork_vanguard", ["backtimers_stun", "fable_guard", "hex_and_count"], 200, 2,
                             ["greedy-v1", "greedy-v1"], shipped))
    target = measured(games, games, "clockwork_vanguard", 0.5)["rate"]
    assert main(["tune", "--deck", "clockwork_vanguard", "--cards", "Archer", "--games", "200", "--seed", "2",
                 "--bots", "greedy-v1", "greedy-v1", "--workers", "1", "--variant", BROKEN, "--target", str(target),
                 "--json", "--out",
                 str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["now"]["rate"] < target and out["tried"] == 6
    best = out["suggestions"][0]
    assert best["change"] == "Archer atk 0 -> 2" and best["rate"] == target and best["ci"][0] > 0
    assert json.loads((tmp_path / "tune.json").read_text(encoding="utf-8")) == out
    fixed = load_variant(best["file"])
    assert fixed.cards == {"Archer": {"atk": 2}} and fixed.contents.pool == shipped.contents.pool
    assert best["measure"] == (".venv/bin/countertop sim --bots greedy-v1 greedy-v1 --games 2000 --paired "
                               f"--variant {best['file']}")


@pytest.mark.parametrize(("rate", "delta", "reaches", "brought"), [
    (0.40, 0.0, True, False),    # moved nothing: the starting interval held the target already
    (0.40, 0.05, True, True),    # below the target and moved up
    (0.40, -0.05, True, False),  # below the target and moved down, however wide its interval
    (0.60, -0.05, True, True),   # above the target and moved down
    (0.40, 0.05, False, False),  # moved up but its interval still misses the target
    (0.50, -0.05, True, False),  # the starting cards sit on the target: down moves away from it
    (0.50, 0.05, True, False),   # and so does up
])
def test_a_change_brings_the_deck_to_the_target_only_by_moving_toward_it(rate: float, delta: float, reaches: bool,
                                                                         brought: bool) -> None:
    assert brings({"delta": delta, "reaches": reaches}, {"rate": rate}, 0.5) is brought


def test_tune_says_when_nothing_reaches(capsys: pytest.CaptureFixture[str]) -> None:
    """A target no single change of one card gets near: said plainly, with the closest changes."""
    assert main(["tune", "--deck", "clockwork_vanguard", "--cards", "Footman", "--games", "10", "--target", "0.01",
                 "--bots", "greedy-v1", "greedy-v1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "nothing tried reaches the target" in out and "Footman" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--deck", "nope"], "unknown deck 'nope'"),
    (["--deck", "fable_guard", "--target", "1.5"], "--target is a win rate between 0 and 1"),
    (["--deck", "fable_guard", "--games", "1"], "--games (per candidate) must be 2 to"),
    (["--deck", "fable_guard", "--cards", "Footman"], "--cards: 'Footman' is not in fable_guard"),
    (["--deck", "fable_guard", "--bots", "greedy-v1", "nobot"], "bad bot 'nobot'"),
])
def test_tune_bad_options(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each bad tune option: one line, exit 2."""
    assert main(["tune", *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err
