"""The player aid's type size is found by trial layouts: the other paper's size is tried first, and the
fitting trial is the file written, so a second paper costs about two layouts and no extra one."""

from __future__ import annotations

import io

import pytest

from generator.memos import forget_all
from generator.rulebook import player_aid
from generator.rulebook.player_aid import SCALES, PlayerAidTooLong, write_player_aid

SECTIONS = ["## Turn\n\n" + "\n".join(f"{n}. Take an action, then pay its cost in energy and draw a card."
                                         for n in range(1, 26)),
            "## Costs\n\n| Action | Cost |\n|---|---|\n" + "\n".join(f"| Build {n} | {n} energy |" for n in range(30))]


@pytest.fixture
def trials(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """The trial layouts made, as (paper, scale); memos start empty."""
    forget_all()
    made: list[tuple[str, float]] = []
    real = player_aid._trial

    def counted(title, sections, paper, caption, icons, scale):
        made.append((paper, scale))
        return real(title, sections, paper, caption, icons, scale)

    monkeypatch.setattr(player_aid, "_trial", counted)
    return made


def _alone(paper: str) -> float:
    """The largest size that fits, found by laying the aid out at every size."""
    return next(scale for scale in sorted(SCALES, reverse=True)
                if player_aid._fits("Aid", SECTIONS, paper, "Aid · v1", None, scale))


def test_the_second_paper_starts_from_the_first_ones_size_and_finds_its_own(trials, tmp_path):
    write_player_aid(tmp_path / "a4.pdf", "Aid", SECTIONS, "a4", "Aid · v1")
    first = len(trials)
    assert 3 <= first <= 7                                        # halving, not one layout per size
    write_player_aid(tmp_path / "letter.pdf", "Aid", SECTIONS, "letter", "Aid · v1")
    assert len(trials) - first <= 4                               # galloping from the A4 size
    a4, letter = trials[first - 1], trials[-1]
    tried = list(trials)  # _fits lays out through the counting wrapper too, which appends to `trials`
    fitted = {paper: max(scale for p, scale in tried if p == paper and player_aid._fits(
        "Aid", SECTIONS, paper, "Aid · v1", None, scale)) for paper in ("a4", "letter")}
    assert fitted == {"a4": _alone("a4"), "letter": _alone("letter")}
    assert a4[0] == "a4" and letter[0] == "letter"


def test_the_file_written_is_the_fitting_trial_laid_out_once_more(trials, tmp_path):
    path = write_player_aid(tmp_path / "aid.pdf", "Aid", SECTIONS, "a4", "Aid · v1")
    assert path is not None
    scale = _alone("a4")
    again = io.BytesIO()
    width = (player_aid.PAPER_SIZES["a4"][0] - 2 * player_aid.MARGIN - player_aid.GUTTER) / 2
    player_aid._document(again, "Aid", "a4", "Aid · v1", None).build(player_aid._story("Aid", SECTIONS, scale, width,
                                                                                      None))
    assert path.read_bytes() == again.getvalue()


def test_an_aid_too_long_at_every_size_is_refused_on_each_paper(trials, tmp_path):
    sections = ["\n\n".join(f"Paragraph {n}: " + "a long sentence of the reference " * 12 for n in range(200))]
    for paper in ("a4", "letter"):
        with pytest.raises(PlayerAidTooLong, match=f"more than one {paper} page"):
            write_player_aid(tmp_path / f"{paper}.pdf", "Aid", sections, paper, "Aid · v1")
        assert not (tmp_path / f"{paper}.pdf").exists()
