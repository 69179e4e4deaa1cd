"""The player aid: one page with the game's quick reference (turn order, action and cost tables, icon legend,
game end), the text the site's quick-reference page shows (generator.rulestext.quick_reference).

It is laid out in two columns at the largest type size from 13.3 pt down to 5.7 pt that fits on one page, so a
short reference fills its page and a long one still fits; a game without `quick_reference` gets no player aid,
and one that does not fit at the smallest size is a content error (shorten it).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Frame, KeepTogether, PageTemplate, Paragraph

from generator.rulebook.bounded_doc import BoundedDocTemplate
from generator.rulebook.document import MARGIN, PAPER_SIZES, _footer
from generator.rulebook.flow import Blocks, make_styles
from generator.rulebook.html_tree import markdown_tree
from generator.rulebook.icons import InlineIcons

GUTTER = 6 * mm
SCALES = tuple(round(1.4 - 0.025 * i, 3) for i in range(33))  # 13.3 pt down to 5.7 pt body text


class PlayerAidTooLong(Exception):
    """The quick reference does not fit on one page at the smallest type size."""


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
        story += _headings_kept(blocks.page(markdown_tree(markdown)), set(styles.headings.values()))
    return story


def _headings_kept(flowables: list[Flowable], heading_styles: set) -> list[Flowable]:
    """Each heading bound to the short block after it (a paragraph, a table kept together): a heading never ends a
    column with its table in the next (a heading's keepWithNext does not hold before a table kept together)."""
    out: list[Flowable] = []
    index = 0
    while index < len(flowables):
        item = flowables[index]
        if isinstance(item, Paragraph) and item.style in heading_styles and index + 1 < len(flowables) \
                and isinstance(flowables[index + 1], (KeepTogether, Paragraph)):  # a long table may split
            item.keepWithNext = 0  # the group keeps them together; a kept heading inside it would reach past it
            after = flowables[index + 1]
            # one level of grouping: a group inside a group breaks the page, not the column
            inner = getattr(after, "_content", None) if isinstance(after, KeepTogether) else None
            out.append(KeepTogether([item, *(inner if isinstance(inner, list) else [after])]))
            index += 2
        else:
            out.append(item)
            index += 1
    return out


def _fits(title: str, sections: list[str], paper: str, caption: str, icons: InlineIcons | None,
          scale: float) -> bool:
    """Whether the aid fits on one page at `scale` (a block taller than the page does not fit)."""
    from reportlab.platypus.doctemplate import LayoutError

    width = (PAPER_SIZES[paper][0] - 2 * MARGIN - GUTTER) / 2
    trial = _document(io.BytesIO(), title, paper, caption, icons)
    try:
        trial.build(_story(title, sections, scale, width, icons))
    except LayoutError:
        return False
    return trial.page == 1


def _fitting_scale(title: str, sections: list[str], paper: str, caption: str, icons: InlineIcons | None,
                   scales: Iterable[float], guess: float | None = None) -> float | None:
    """The largest of `scales` at which the aid fits on one page, None when none does; found by halving (smaller
    type never needs more pages), so about five trial layouts, not one per size. With `guess` (the scale an
    earlier build chose) it and its neighbours are tried first: after an edit, two or three trials settle it, and
    the answer is the same (the search keeps the same bounds, only tried in another order)."""
    ordered = sorted(scales, reverse=True)
    low, high = 0, len(ordered)  # ordered[:low] is known not to fit; ordered[high:] is known to fit
    first = ordered.index(guess) if guess in ordered else None
    probes = [] if first is None else [first, first - 1, first + 1, first - 2, first + 2]
    while low < high:
        ahead = [probe for probe in probes if low <= probe < high]
        middle = ahead[0] if ahead else (low + high) // 2
        probes = ahead[1:]
        if _fits(title, sections, paper, caption, icons, ordered[middle]):
            high = middle
        else:
            low = middle + 1
    return ordered[low] if low < len(ordered) else None


def _too_long(paper: str) -> PlayerAidTooLong:
    return PlayerAidTooLong(f"the quick reference needs more than one {paper} page even at {SCALES[-1] * 9.5:.1f} pt")


def write_player_aid(path: Path, title: str, sections: list[str], paper: str, caption: str,
                     icons: InlineIcons | None = None, guess: float | None = None,
                     chosen: Callable[[float], None] | None = None) -> Path | None:
    """Write the aid from the quick reference's Markdown, at the largest type that fits; None when there is none.
    `guess`: the scale an earlier build chose, tried first; `chosen` hears the scale of this one."""
    if not sections:
        return None
    scale = _fitting_scale(title, sections, paper, caption, icons, SCALES, guess)
    if scale is None:
        raise _too_long(paper)
    if chosen is not None:
        chosen(scale)
    width = (PAPER_SIZES[paper][0] - 2 * MARGIN - GUTTER) / 2
    path.parent.mkdir(parents=True, exist_ok=True)
    _document(path, title, paper, caption, icons).build(_story(title, sections, scale, width, icons))
    return path


def check_player_aid(title: str, sections: list[str], paper: str, caption: str,
                     icons: InlineIcons | None = None) -> None:
    """Raise PlayerAidTooLong exactly when write_player_aid would: one trial at the smallest type."""
    if sections and not _fits(title, sections, paper, caption, icons, SCALES[-1]):
        raise _too_long(paper)
