"""The rulebook PDF: a title, the numbered rules pages in page order, and pictures of the boards.

The section numbers are the site's (generator.rulestext.rule_sections), so "see 4.6" means the same
heading on paper and on screen. A4 and US Letter share the layout; fonts are the project's
DejaVu files, embedded; the file is deterministic (reportlab's invariant mode, fixed metadata).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate, Paragraph, Spacer

from generator.rulebook.bounded_doc import BoundedDocTemplate
from generator.rulebook.flow import Blocks, CrossReferences, SectionHeading, make_styles
from generator.rulebook.front_matter import FacePicture, FrontMatter, front_pages, is_anatomy
from generator.rulebook.html_tree import markdown_tree
from generator.rulebook.icons import InlineIcons
from generator.rulebook.png_picture import picture as board_picture
from generator.rulebook.png_picture import pixel_size

PAPER_SIZES = {"a4": A4, "letter": LETTER}
MARGIN = 18 * mm
FOOTER_SIZE = 7.5


def _footer(caption: str, icons: InlineIcons | None = None):
    """The page's running footer (and, before the page's content is drawn, the icons' callback)."""
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        if icons is not None:
            icons.register(canvas)
        canvas.saveState()
        canvas.setFont(make_styles().body.fontName, FOOTER_SIZE)
        width, _ = doc.pagesize
        canvas.drawString(MARGIN, MARGIN / 2, caption)
        canvas.drawRightString(width - MARGIN, MARGIN / 2, str(canvas.getPageNumber()))
        canvas.restoreState()
    return draw


def write_rulebook(path: Path | io.BytesIO, title: str, subtitle: str, pages: list[tuple[str, str]],
                   boards: list[tuple[str, Path]], boards_title: str, paper: str, caption: str,
                   targets: Mapping[str, tuple[str, str]] | None = None,
                   icons: InlineIcons | None = None, edition: str = "",
                   front: FrontMatter | None = None, lang: str = "en") -> Path | io.BytesIO:
    """Write the rulebook: `pages` are (slug, numbered Markdown) of the rules pages, in page order.

    `boards` are (name, PNG) pictures printed after the rules under `boards_title`; `targets` turn
    links between rules pages into links to the section (see flow.CrossReferences); `icons` draws
    the game's `:icon:` names (without it they stay as written); `edition` is the rules version under the title;
    `front` (in `lang`) opens the book with a cover, the components and the set-up (generator.rulebook.front_matter)."""
    styles = make_styles()
    pagesize = PAPER_SIZES[paper]
    doc = BoundedDocTemplate(path if isinstance(path, io.BytesIO) else str(path), pagesize=pagesize,
                             leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN, title=title,
                             author="pnp-forge", creator="pnp-forge", subject=subtitle, invariant=1, pageCompression=1)
    width, height = pagesize[0] - 2 * MARGIN, pagesize[1] - 2 * MARGIN
    frame = Frame(MARGIN, MARGIN, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                  id="text")
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=_footer(caption, icons))])
    title_style = ParagraphStyle("title", parent=styles.headings[1], fontSize=24, leading=29, spaceAfter=2)
    story: list[Flowable] = front_pages(front, styles, width, height, lang) if front is not None else []
    story += [Paragraph(escape(title), title_style),
                             Paragraph(escape(subtitle), styles.body)]
    if edition:
        story.append(Paragraph(f"<i>{escape(edition)}</i>", styles.body))
    story.append(Spacer(1, 6 * mm))
    blocks = Blocks(styles, width, refs=CrossReferences(targets or {}), icons=icons)
    for slug, markdown in pages:
        flow = blocks.page(markdown_tree(markdown), slug)
        if front is not None and front.anatomy is not None and is_anatomy(slug):
            heading = next((at for at, item in enumerate(flow) if isinstance(item, SectionHeading)), -1)
            flow[heading + 1:heading + 1] = [FacePicture(front.anatomy, front.icons, 80 * mm), Spacer(1, 4 * mm)]
        story += flow
    if boards:
        story.append(SectionHeading(escape(boards_title), styles.headings[1], "boards", boards_title, 0))
        height -= 30 * mm  # room for the heading and the board's name
        for name, picture in boards:
            pixel_w, pixel_h = pixel_size(picture) or ImageReader(str(picture)).getSize()
            scale = min(width / pixel_w, height / pixel_h)
            story += [KeepTogether([Paragraph(f"<b>{escape(name)}</b>", styles.body),
                                    board_picture(picture, pixel_w * scale, pixel_h * scale)]),
                      Spacer(1, 4 * mm)]
    if isinstance(path, Path):
        path.parent.mkdir(parents=True, exist_ok=True)
    doc.build(story)
    return path
