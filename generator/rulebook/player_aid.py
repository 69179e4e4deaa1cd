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

from generator.memos import per_build_dict
from generator.rulebook.bounded_doc import BoundedDocTemplate
from generator.rulebook.document import MARGIN, PAPER_SIZES, _footer
from generator.rulebook.flow import Blocks, make_styles
from generator.rulebook.html_tree import markdown_tree
from generator.rulebook.icons import InlineIcons

GUTTER = 6 * mm
SCALES = tuple(round(1.4 - 0.025 * i, 3) for i in range(33))  # 13.3 pt down to 5.7 pt body text


class PlayerAidTooLong(Exception):
    """The quick reference does not fit on one page at the smallest type size."""


class _OnePage(BoundedDocTemplate):
    """The aid's document: a layout that reaches a second page stops there (it does not fit, whatever follows), and
    is neither laid out to its end nor written out: a trial that fails costs a page of layout, not a document."""

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        if self.page > 1:
            from reportlab.platypus.doctemplate import LayoutError

            raise LayoutError("the player aid runs past its page")
        super().handle_flowable(flowables)


def _document(target: Path | io.BytesIO, title: str, paper: str, caption: str,
              icons: InlineIcons | None) -> BoundedDocTemplate:
    pagesize = PAPER_SIZES[paper]
    column = (pagesize[0] - 2 * MARGIN - GUTTER) / 2
    height = pagesize[1] - 2 * MARGIN
    frames = [Frame(MARGIN + i * (column + GUTTER), MARGIN, column, height, leftPadding=0, rightPadding=0,
                    topPadding=0, bottomPadding=0, id=f"column{i}") for i in range(2)]
    doc = _OnePage(target if isinstance(target, io.BytesIO) else str(target), pagesize=pagesize,
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


def _trial(title: str, sections: list[str], paper: str, caption: str, icons: InlineIcons | None,
           scale: float) -> bytes | None:
    """The aid's PDF at `scale` when it fits on one page (a block taller than the page does not fit), else None."""
    from reportlab.platypus.doctemplate import LayoutError

    width = (PAPER_SIZES[paper][0] - 2 * MARGIN - GUTTER) / 2
    out = io.BytesIO()
    trial = _document(out, title, paper, caption, icons)
    try:
        trial.build(_story(title, sections, scale, width, icons))
    except LayoutError:
        return None
    return out.getvalue() if trial.page == 1 else None


def _fits(title: str, sections: list[str], paper: str, caption: str, icons: InlineIcons | None,
          scale: float) -> bool:
    """Whether the aid fits on one page at `scale`."""
    return _trial(title, sections, paper, caption, icons, scale) is not None


_LAST_SCALE: dict[tuple[str, tuple[str, ...]], float] = per_build_dict()
"""The scale the aid of (title, sections) last fitted at, on any paper: the other paper's first guess."""


def _fitting(title: str, sections: list[str], paper: str, caption: str, icons: InlineIcons | None,
             scales: Iterable[float], guess: float | None = None) -> tuple[float, bytes] | None:
    """The largest of `scales` at which the aid fits on one page, with that trial's PDF (the file to write);
    None when none does. Found by halving (smaller type never needs more pages), so about five trial layouts,
    not one per size; `guess` (the size an earlier build chose) or else the other paper's size is tried first,
    and it and the next size mostly settle it (the answer is the same whichever is tried first)."""
    ordered = sorted(scales, reverse=True)
    low, high = 0, len(ordered)  # ordered[:low] is known not to fit; ordered[high:] is known to fit
    made: dict[int, bytes] = {}

    def fits(index: int) -> bool:
        pdf = _trial(title, sections, paper, caption, icons, ordered[index])
        if pdf is not None:
            made[index] = pdf
        return pdf is not None

    if guess not in ordered:
        guess = _LAST_SCALE.get((title, tuple(sections)))
    if guess in ordered:  # gallop from the other paper's size, one size up or down first
        index = ordered.index(guess)
        if fits(index):
            high, step, moved = index, 1, 0
            while high - step >= low and fits(high - step):  # steps 1, 1, 2, 4...: one size off takes 3 trials
                high, moved = high - step, moved + 1
                step = 1 if moved < 2 else step * 2
            low = max(low, high - step + 1)
        else:
            low, step = index + 1, 1
            while low + step - 1 < high and not fits(low + step - 1):
                low, step = low + step, step * 2
            high = min(high, low + step - 1)
    while low < high:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    if low >= len(ordered):
        return None
    _LAST_SCALE[(title, tuple(sections))] = ordered[low]
    return ordered[low], made[low]


def _too_long(paper: str) -> PlayerAidTooLong:
    return PlayerAidTooLong(f"the quick reference needs more than one {paper} page even at {SCALES[-1] * 9.5:.1f} pt")


def write_player_aid(path: Path, title: str, sections: list[str], paper: str, caption: str,
                     icons: InlineIcons | None = None, guess: float | None = None,
                     chosen: Callable[[float], None] | None = None) -> Path | None:
    """Write the aid from the quick reference's Markdown, at the largest type that fits; None when there is none.
    `guess`: the scale an earlier build chose, tried first; `chosen` hears the scale of this one."""
    if not sections:
        return None
    found = _fitting(title, sections, paper, caption, icons, SCALES, guess)
    if found is None:
        raise _too_long(paper)
    if chosen is not None:
        chosen(found[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(found[1])  # the fitting trial is the file: laid out once more it gives the same bytes
    return path


def check_player_aid(title: str, sections: list[str], paper: str, caption: str,
                     icons: InlineIcons | None = None) -> None:
    """Raise PlayerAidTooLong exactly when write_player_aid would: one trial at the smallest type."""
    if sections and not _fits(title, sections, paper, caption, icons, SCALES[-1]):
        raise _too_long(paper)
