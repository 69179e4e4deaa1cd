"""The balance delta: the tests it names give textbook values, and batches compare seed by seed."""

from __future__ import annotations

import math

import pytest

from generator.content.loader import GameContent
from generator.diff.balance import (
    MEAN_TEST,
    PROPORTION_TEST,
    balance_delta,
    compare_batches,
    mean_interval,
)
from generator.rules.simulate import GameResult, wilson
from tests.diff.conftest import REPO


def test_the_mean_interval() -> None:
    a = [10.0, 12.0, 11.0, 13.0] * 25
    low, high = mean_interval(a)
    assert low < 11.5 < high and high - low == pytest.approx(2 * 1.959964 * 1.1239 / 10, abs=1e-3)


def test_a_change_every_seed_agrees_on_is_significant_where_the_unpaired_test_saw_noise() -> None:
    # 100 seeds; the change makes 8 more seeds won and loses none: the batches share the rest of their luck
    before = [result(i, i < 40, "escape" if i < 40 else "chaos", 10) for i in range(100)]
    after = [result(i, i < 48, "escape" if i < 48 else "chaos", 10) for i in range(100)]
    won = {r.label: r for r in compare_batches("g", "random", 0, {}, True, before, after).rows}["won"]
    unpaired_z = (0.48 - 0.40) / math.sqrt(0.44 * 0.56 * 2 / 100)
    assert math.erfc(unpaired_z / math.sqrt(2)) > 0.2   # the old two-proportion test: p = 0.26, not significant
    assert won.significant and won.p_value == pytest.approx(2 / 2 ** 8)  # McNemar: 8 of 8 changed seeds one way


def result(seed: int, won: bool, cause: str, turns: int, winners: tuple[int, ...] = (),
           scores: tuple[float, ...] = ()) -> GameResult:
    return GameResult(seed, won, cause, turns, turns * 2, winners, scores)


def test_a_cooperative_game_compares_its_win_rate_its_endings_and_its_length() -> None:
    before = [result(i, i < 20, "escape" if i < 20 else "chaos", 10) for i in range(100)]
    after = [result(i, i < 45, "escape" if i < 45 else "chaos", 10 + (i % 2)) for i in range(100)]
    delta = compare_batches("g", "random", 0, {}, True, before, after)
    rows = {r.label: r for r in delta.rows}
    assert list(rows) == ["won", "ends: chaos", "ends: escape", "turns per game"]
    won = rows["won"]
    assert (won.before, won.after, won.counts) == (0.2, 0.45, (20, 45)) and won.significant
    assert won.before_interval == wilson(20, 100) and won.test == PROPORTION_TEST
    assert rows["turns per game"].test == MEAN_TEST and rows["turns per game"].after == 10.5
    assert delta.games_changed == 63  # 25 games ended otherwise, 50 took a turn longer, 12 of them both
    assert delta.statement.startswith("Significant at the 5 % level: won 20.0% → 45.0% (p = ")


def test_no_difference_is_said_plainly() -> None:
    same = [result(i, False, "chaos", 12) for i in range(50)]
    delta = compare_batches("g", "random", 0, {}, True, same, list(same))
    assert not delta.significant and delta.games_changed == 0
    assert delta.statement.startswith("No significant difference at the 5 % level")


def test_a_competitive_game_compares_every_seats_win_rate() -> None:
    before = [result(i, True, "score", 20, (0,) if i % 2 else (1,), (3.0, 2.0)) for i in range(60)]
    after = [result(i, True, "score", 20, (0,), (3.0, 2.0)) for i in range(60)]
    rows = {r.label: r for r in compare_batches("g", "random", 0, {}, False, before, after).rows}
    assert rows["Player 1 wins outright"].counts == (30, 60) and rows["Player 1 wins outright"].significant
    assert rows["Player 2 wins outright"].counts == (30, 0) and "won" not in rows
    assert not any("shares" in label for label in rows)  # no tie in either batch: no shared rows


def test_a_tie_is_compared_as_a_shared_win_not_an_outright_one() -> None:
    before = [result(i, True, "score", 20, (0, 1) if i < 20 else (0,), (3.0, 3.0)) for i in range(60)]
    after = [result(i, True, "score", 20, (0,), (3.0, 2.0)) for i in range(60)]
    rows = {r.label: r for r in compare_batches("g", "random", 0, {}, False, before, after).rows}
    assert rows["Player 1 wins outright"].counts == (40, 60)
    assert rows["Player 1 shares a win"].counts == (20, 0) and rows["Player 2 shares a win"].counts == (20, 0)
    assert rows["Player 2 wins outright"].counts == (0, 0)


def test_both_revisions_play_the_same_seeds(escape_earth: GameContent, dearer_lab: GameContent) -> None:
    delta = balance_delta(escape_earth, REPO / "content", dearer_lab, REPO / "content", 12, "random")
    assert delta.games == 12 and delta.cooperative and delta.options["variant"] == "expert"
    again = balance_delta(escape_earth, REPO / "content", escape_earth, REPO / "content", 12, "random")
    assert again.games_changed == 0 and not again.significant  # same content, same seeds: the very same games
