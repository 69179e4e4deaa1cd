"""The player aid's type scale is found the same with the last build's scale as a hint, in fewer trial layouts:
the hint only orders the trials of the search (generator.rulebook.player_aid._fitting)."""

from __future__ import annotations

import pytest

from generator.rulebook import player_aid
from generator.rulebook.player_aid import SCALES, _fitting


def _search(monkeypatch: pytest.MonkeyPatch, largest_fitting: float | None, guess: float | None) -> tuple[float | None,
                                                                                                      int]:
    """The scale found, and the trial layouts it took, for an aid that fits at `largest_fitting` and below."""
    trials: list[float] = []

    def trial(title, sections, paper, caption, icons, scale: float) -> bytes | None:
        trials.append(scale)
        return b"%PDF" if largest_fitting is not None and scale <= largest_fitting else None

    monkeypatch.setattr(player_aid, "_trial", trial)
    monkeypatch.setattr(player_aid, "_LAST_SCALE", {})  # no other paper's size to start from
    found = _fitting("t", ["s"], "a4", "c", None, SCALES, guess)
    return (None if found is None else found[0]), len(trials)


@pytest.mark.parametrize("largest_fitting", [SCALES[0], SCALES[1], SCALES[16], SCALES[-2], SCALES[-1], None])
def test_every_guess_finds_what_the_search_without_one_finds(monkeypatch: pytest.MonkeyPatch,
                                                            largest_fitting: float | None) -> None:
    plain, plain_trials = _search(monkeypatch, largest_fitting, None)
    assert plain == largest_fitting
    for guess in [*SCALES, 99.0, float("nan")]:
        found, _ = _search(monkeypatch, largest_fitting, guess)
        assert found == plain, guess
    if largest_fitting is not None:
        _, hinted = _search(monkeypatch, largest_fitting, largest_fitting)
        assert hinted <= 2 < plain_trials or largest_fitting == SCALES[0]


def test_a_guess_one_step_off_takes_at_most_three_trials(monkeypatch: pytest.MonkeyPatch) -> None:
    for guess in (SCALES[9], SCALES[11]):
        found, trials = _search(monkeypatch, SCALES[10], guess)
        assert found == SCALES[10] and trials <= 3, (guess, trials)


def test_the_scale_a_build_chose_is_the_next_builds_guess(tmp_path, bundled_contents: dict) -> None:
    from generator.build_cache import BuildCache
    from generator.rulebook.step import _scale_hint

    content = bundled_contents["escape-earth"]
    assert _scale_hint(content, "en", "a4") == (None, None)  # outside a build: no hint, nothing kept
    first = BuildCache(tmp_path / "cache")
    with first.active():
        guess, chosen = _scale_hint(content, "en", "a4")
        assert guess is None and chosen is not None
        chosen(SCALES[7])
    first.commit()
    second = BuildCache(tmp_path / "cache")
    with second.active():
        assert _scale_hint(content, "en", "a4")[0] == SCALES[7]
        assert _scale_hint(content, "en", "letter")[0] is None  # each paper has its own
    second.discard()
