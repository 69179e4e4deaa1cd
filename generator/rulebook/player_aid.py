"""The player aid: one page with the rules sections the content marks `{ .player-aid }`.

Which sections a table needs at hand (the turn, the actions, the game end) is the designer's
choice, so the content marks their headings; the aid prints those sections with their section
numbers (the rulebook's and the site's), in two columns, at the largest type size from 9.5 pt
down to 6 pt that fits on one page. A game that marks nothing gets no player aid; sections that
do not fit at 6 pt are a content error (mark fewer).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Frame, PageTemplate, Paragraph

from generator.rulebook.bounded_doc import BoundedDocTemplate
from generator.rulebook.document import MARGIN, PAPER_SIZES, _footer
from generator.rulebook.flow import Blocks, make_styles
from generator.rulebook.html_tree import markdown_tree
from generator.rulebook.icons import InlineIcons

GUTTER = 6 * mm
SCALES = tuple(round(1.0 - 0.05 * i, 2) for i in range(9))  # 9.5 pt down to 5.7 pt body text


class PlayerAidTooLong(Exception):
    """The marked sections do not fit on one page at the smallest type size."""


def _document(target: Path | io.BytesIO, title: str, paper: str, caption: str,
              icons: InlineIcons | None) -> BoundedDocTemplate:
    pagesize = PAPER_SIZES[paper]
    column = (pagesize[0] - 2 * MARGIN - GUTTER) / 2
    height = pagesize[1] - 2 * MARGIN
    frames = [Frame(MARGIN + i * (column + GUTTER), MARGIN, column, height, leftPadding=0, rightPadding=0,
                    topPadding=0, bottomPadding=0, id=f"column{i}") for i in range(2)]
    doc = BoundedDocTemplate(target if isinstance(target, io.BytesIO) else str(target), pagesize=pagesize,
                          title=title, author="pnp-forge", creator="pnp-forge", invariant=1, pageCompression=1)
    doc.addPageTemplates([PageTemplate("aid", frames, onPage=_footer(caption, icons))])
    return doc


def _story(title: str, sections: list[str], scale: float, width: float, icons: InlineIcons | None) -> list[Flowable]:
    styles = make_styles(scale)
    blocks = Blocks(styles, width, page_breaks=False, icons=icons)
    story: list[Flowable] = [Paragraph(f"<b>{escape(title)}</b>", styles.headings[1])]
    for markdown in sections:
        story += blocks.page(markdown_tree(markdown))
    return story


def _fitting_scale(title: str, sections: list[str], paper: str, caption: str, icons: InlineIcons | None,
                   scales: Iterable[float]) -> float | None:
    """The first of `scales` at which the aid fits on one page (a block taller than the page at a scale does not
    fit at that scale); None when none does."""
    from reportlab.platypus.doctemplate import LayoutError

    width = (PAPER_SIZES[paper][0] - 2 * MARGIN - GUTTER) / 2
    for scale in scales:
        trial = _document(io.BytesIO(), title, paper, caption, icons)
        try:
            trial.build(_story(title, sections, scale, width, icons))
        except LayoutError:
            continue
        if trial.page == 1:
            return scale
    return None


def _too_long(paper: str) -> PlayerAidTooLong:
    return PlayerAidTooLong(f"the sections marked {{ .player-aid }} need more than one {paper} page even at "
                            f"{SCALES[-1] * 9.5:.1f} pt")


def write_player_aid(path: Path, title: str, sections: list[str], paper: str, caption: str,
                     icons: InlineIcons | None = None) -> Path | None:
    """Write the aid from the marked sections' numbered Markdown, at the largest type that fits; None when no
    section is marked."""
    if not sections:
        return None
    scale = _fitting_scale(title, sections, paper, caption, icons, SCALES)
    if scale is None:
        raise _too_long(paper)
    width = (PAPER_SIZES[paper][0] - 2 * MARGIN - GUTTER) / 2
    path.parent.mkdir(parents=True, exist_ok=True)
    _document(path, title, paper, caption, icons).build(_story(title, sections, scale, width, icons))
    return path


def check_player_aid(title: str, sections: list[str], paper: str, caption: str,
                     icons: InlineIcons | None = None) -> None:
    """Raise PlayerAidTooLong exactly when write_player_aid would, trying the smallest type first (one trial for
    an aid that fits, where writing tries the largest first)."""
    if sections and _fitting_scale(title, sections, paper, caption, icons, reversed(SCALES)) is None:
        raise _too_long(paper)
