"""``python -m benchmarks.anno_estimate`` fits Anno's playout estimate and ends with its JSON line."""

from __future__ import annotations

import json
import math
import random

from benchmarks import anno_estimate
from games.anno1701.scoring import WEIGHTS


def test_the_fit_recovers_the_weights_that_made_the_outcomes():
    rnd = random.Random(5)
    truth = [rnd.uniform(-1, 1) for _ in anno_estimate.NAMES]
    samples = []
    for _ in range(3000):
        x = [float(rnd.randint(-3, 3)) for _ in truth]
        chance = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        samples.append((x, 1.0 if rnd.random() < chance else 0.0))
    fitted = anno_estimate.fit(samples)
    assert max(abs(f - t) for f, t in zip(fitted, truth, strict=True)) < 0.25


def test_the_script_fits_real_games_and_scores_them_on_others(capsys):
    assert anno_estimate.main(["--games", "4", "--test-games", "2", "--every", "10"]) == 0
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["anno_estimate"]
    assert row["positions"] > 100
    assert set(row["weights"]) == {*WEIGHTS, "to_move"}
    assert row["log_loss"]["coin"] == round(math.log(2), 4) and row["log_loss"]["engine"] > 0
