"""The bots' evaluation: each feature counts what the rules make valuable, read from the table and the game's data;
the weights file is checked in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bots.evaluation import FEATURES, Weights, features, read_weights, scores, shipped_weights, value
from game.core.statuses import TABLE
from tests.conftest import setup

TABLE_TEXT = """
players = ["Ada", "Bo"]
vp = { Ada = 4, Bo = 1 }

[[card]]
ref = "loc"
name = "Alternate Present"
zone = "location"
pos = [3, 2]

[[card]]
ref = "held"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [3, 2]
status = { Burn = 2, Blind = 1 }

[[card]]
ref = "stunned"
name = "Footman"
owner = "Ada"
zone = "board"
pos = [0, 0]
tapped = true
stun_counters = 2

[[card]]
ref = "foe"
name = "Footman"
owner = "Bo"
zone = "board"
pos = [3, 3]
hp = 2

[[card]]
ref = "soon"
name = "Fast Forward"
owner = "Ada"
zone = "stasis"
stasis_counters = 1

[[card]]
ref = "ready"
name = "Fast Forward"
owner = "Ada"
zone = "stasis"
stasis_counters = 0

[[card]]
ref = "h1"
name = "Footman"
owner = "Ada"
zone = "hand"
"""


def test_features_count_vp_locations_stun_counters_stasis_and_statuses_g7_sc2_st9_st11_se0() -> None:
    """G-7: VP and a character on a location; SC-2: two stun counters, two untaps denied; ST-9/ST-11: a card in
    stasis at 1 counter (back next turn) and one at 0 (playable now); SE-0: each status's stacks by name."""
    game = setup(TABLE_TEXT)
    f = features(game.table, "Ada")
    assert (f["vp"], f["on_location"], f["characters"], f["hp"], f["power"]) == (4, 1, 2, 10, 4)
    assert (f["stun_counters"], f["ready"], f["hand"]) == (2, 1, 1)
    assert (f["stasis_cards"], f["stasis_ready"], f["stasis_soon"]) == (2, 1, 1.5)
    assert (f["status_burn"], f["status_blind"], f["status_freeze"]) == (2, 1, 0)
    assert f["threats"] == 1  # held (2 power, in reach) can defeat foe (2 HP); foe can defeat nobody
    assert f["threatened"] == 0
    assert features(game.table, "Bo")["threatened"] == 1
    game.close()


def test_every_status_of_the_status_table_is_a_feature_so_a_new_status_is_seen_se0() -> None:
    """SE-0: the features are derived from the status table, one per status, in its order."""
    assert [f for f in FEATURES if f.startswith("status_")] == [f"status_{s.name.lower()}" for s in TABLE]


def test_a_status_without_its_own_weight_reads_the_default_weight() -> None:
    weights = Weights({"vp": 1.0, "status_default": -0.25})
    assert (weights.of("status_burn"), weights.of("vp"), weights.of("hand")) == (-0.25, 1.0, 0.0)


def test_scores_are_the_logistic_of_the_value_against_the_best_rival_g7() -> None:
    """G-7: the most VP wins; with a weight on VP alone, 4 VP against 1 scores 1/(1+e^-3)."""
    game = setup(TABLE_TEXT)
    weights = Weights({"vp": 1.0})
    assert value(game.table, "Ada", weights) == 4.0
    got = scores(game.table, weights)
    assert got["Ada"] == pytest.approx(1 / (1 + 2.718281828459045 ** -3))
    assert got["Ada"] + got["Bo"] == pytest.approx(1.0)
    game.close()


def test_the_shipped_weights_name_the_command_that_made_them() -> None:
    weights = shipped_weights()
    assert weights.made_by.startswith("countertop tune-bot ")
    assert set(weights.values) <= set(FEATURES) | {"status_default"}


@pytest.mark.parametrize("text,why", [
    ("[weights]\nvp = 'a lot'\n", "[weights] must map feature names to finite numbers"),
    ("[weights]\nvp = nan\n", "[weights] must map feature names to finite numbers"),
    ("[weights]\nluck = 1.0\n", "unknown features luck; features: vp, "),
    ("made_by = 'x'\n", "[weights] must map feature names to finite numbers"),
])
def test_a_bad_weights_file_is_refused_in_one_line(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "w.toml"
    path.write_text(text)
    with pytest.raises(ValueError) as err:
        read_weights(path)
    assert str(err.value).startswith(f"{path}: {why}")
    assert "\n" not in str(err.value)
