"""A rules page's element tree as reportlab flowables: numbered headings, paragraphs, lists, tables.

Paragraph text in reportlab is a markup of its own, so text from the content is escaped here
(`&`, `<`, `>`) and the only markup in a paragraph is what this module writes for the few tags
it knows (bold, italic, superscript, line break). A tag it does not know gives its text and
nothing else; attributes are never copied (no link targets, colours, fonts or images from the
content). Links print their words: on paper a cross-reference is its section number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    HRFlowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Preformatted,
    Spacer,
    Table,
    TableStyle,
)

from generator.drawing.fonts import face
from generator.rulebook.html_tree import Node
from generator.rulebook.icons import InlineIcons

HEADING_SIZES = {1: 17.0, 2: 13.0, 3: 11.0, 4: 10.0, 5: 9.5, 6: 9.5}
BODY_SIZE = 9.5
INLINE = {"b": "b", "strong": "b", "i": "i", "em": "i", "sup": "super", "sub": "sub", "u": "u", "ins": "u",
          "del": "strike", "s": "strike"}
MAX_CELL_CHARS = 4000  # a table cell longer than this is cut (a cell cannot split across pages)
RULE_GREY = colors.HexColor("#9e9e9e")
HEADER_FILL = colors.HexColor("#e8eaf6")
HEADING_COLOR = colors.HexColor("#1a237e")


@dataclass(frozen=True)
class Styles:
    """The rulebook's paragraph styles, all in the project's DejaVu faces."""

    body: ParagraphStyle
    cell: ParagraphStyle
    code: ParagraphStyle
    headings: dict[int, ParagraphStyle]


def font_family() -> str:
    """The regular face's name, registered as a family so `<b>` and `<i>` pick the bold and oblique files."""
    from reportlab.lib.fonts import addMapping

    regular, bold, italic = face("regular").pdf_name, face("bold").pdf_name, face("italic").pdf_name
    addMapping(regular, 0, 0, regular)
    addMapping(regular, 1, 0, bold)
    addMapping(regular, 0, 1, italic)
    addMapping(regular, 1, 1, bold)  # the fonts/ folder has no bold oblique: bold stands in
    return regular


def make_styles(scale: float = 1.0) -> Styles:
    """The styles at the rulebook's sizes, or all of them `scale` times as large (the player aid shrinks to fit)."""
    regular = font_family()
    bold = face("bold").pdf_name
    size = BODY_SIZE * scale
    body = ParagraphStyle("body", fontName=regular, fontSize=size, leading=size * 1.3, spaceAfter=4 * scale,
                          alignment=TA_LEFT)
    cell = ParagraphStyle("cell", parent=body, fontSize=8.5 * scale, leading=10.5 * scale, spaceAfter=0)
    code = ParagraphStyle("code", parent=body, fontSize=8 * scale, leading=10 * scale, leftIndent=4 * mm * scale,
                          backColor=colors.HexColor("#f5f5f5"))
    headings = {level: ParagraphStyle(f"h{level}", parent=body, fontName=bold, fontSize=h * scale,
                                      leading=h * scale * 1.25, spaceBefore=h * scale * (0.9 if level > 1 else 0.4),
                                      spaceAfter=h * scale * 0.35, keepWithNext=1, textColor=HEADING_COLOR)
                for level, h in HEADING_SIZES.items()}
    return Styles(body, cell, code, headings)


OUTLINE_LEVEL = "_pnp_outline_level"  # the last outline entry's level, kept on the canvas being drawn


class SectionHeading(Paragraph):
    """A numbered heading that also marks its place in the PDF's outline (the bookmarks pane)."""

    def __init__(self, text: str, style: ParagraphStyle, key: str, title: str, level: int) -> None:
        super().__init__(text, style)
        self.key, self.title, self.level = key, title, level

    def draw(self) -> None:
        canvas = self.canv
        canvas.bookmarkPage(self.key)
        outline = getattr(canvas, OUTLINE_LEVEL, -1)
        level = min(self.level, outline + 1)  # the outline may not skip a level
        canvas.addOutlineEntry(self.title, self.key, level=level, closed=False)  # every level shown, unfolded
        canvas.showOutline()  # the viewer opens with the bookmarks pane
        setattr(canvas, OUTLINE_LEVEL, level)
        super().draw()


@dataclass(frozen=True)
class CrossReferences:
    """Where the rules pages' links lead in the book: `actions.md#fight-an-event` -> ("rule-4-6", "4.6")."""

    targets: Mapping[str, tuple[str, str]]
    page: str = ""  # the slug of the page being laid out, for links within it (`#anchor`)

    def find(self, href: str) -> tuple[str, str] | None:
        return self.targets.get(f"{self.page}.md{href}" if href.startswith("#") else href)


NO_REFERENCES = CrossReferences({})


@dataclass(frozen=True)
class InlineContext:
    """What inline text needs besides itself: where links lead, the game's icons, the type size."""

    refs: CrossReferences = NO_REFERENCES
    icons: InlineIcons | None = None
    size: float = BODY_SIZE


def inline(children: list[Node | str], context: InlineContext = InlineContext()) -> str:
    """Paragraph markup for inline content: text escaped, known tags mapped, unknown tags reduced to their text.

    A link to another rules section becomes a link inside the PDF with the section's number after
    it: the anchor and number are the book's own, never the content's href."""
    out: list[str] = []
    refs = context.refs
    for child in children:
        if isinstance(child, str):
            out.append(context.icons.text(child, context.size) if context.icons else escape(child))
            continue
        tag = child.tag
        if tag == "br":
            out.append("<br/>")
        elif tag == "img":
            alt = child.attrs.get("alt", "")
            if alt:
                out.append(escape(alt))
        elif tag in INLINE:
            inner = inline(child.children, context)
            out.append(f"<{INLINE[tag]}>{inner}</{INLINE[tag]}>" if inner.strip() else inner)
        elif tag == "span" and "pnp-designed" in child.attrs.get("class", "").split():
            out.append(f"<i>[{escape(child.text().strip().strip('()'))}]</i>")  # its aside marks are the site's
        elif tag in ("code", "kbd", "samp"):
            out.append(f'<font color="#37474f">{escape(child.text())}</font>')
        elif tag == "a" and (target := refs.find(child.attrs.get("href", ""))) is not None:
            anchor, number = target
            out.append(f'<a href="#{anchor}" color="#1a237e">{inline(child.children, context)} ({number})</a>')
        else:
            out.append(inline(child.children, context))
    return "".join(out)


BLOCK_TAGS = frozenset({"p", "ul", "ol", "table", "div", "pre", "hr", "blockquote", "details", "dl",
                        "h1", "h2", "h3", "h4", "h5", "h6", "figure", "section"})


class Blocks:
    """Turns the element tree of one rules page into flowables that fit `width` points."""

    def __init__(self, styles: Styles, width: float, page_breaks: bool = True,
                 refs: CrossReferences = NO_REFERENCES, icons: InlineIcons | None = None) -> None:
        self.styles = styles
        self.width = width
        self.refs = refs
        self.icons = icons
        self.page_breaks = page_breaks  # a new rules page starts low on a page on a fresh one
        # Inside a list item or a box reportlab cannot split a keep-together block (a short table, a heading
        # kept with what follows): its layout loops, or the box grows to 0xffffff points. There a table may
        # break and a heading stands alone.
        self.nested = 0

    def inline(self, children: list[Node | str], style: ParagraphStyle) -> str:
        return inline(children, InlineContext(self.refs, self.icons, style.fontSize))

    def page(self, root: Node, slug: str = "") -> list[Flowable]:
        """One rules page's flowables; `slug` resolves the page's links to its own sections."""
        self.refs = CrossReferences(self.refs.targets, slug)
        return self.blocks(root.children, self.width)

    def blocks(self, children: list[Node | str], width: float) -> list[Flowable]:
        out: list[Flowable] = []
        run: list[Node | str] = []  # inline content between blocks (a list item's own text)

        def flush() -> None:
            text = self.inline(run, self.styles.body).strip()
            if text:
                out.append(Paragraph(text, self.styles.body))
            run.clear()

        for child in children:
            if isinstance(child, str) or child.tag not in BLOCK_TAGS:
                run.append(child)
                continue
            flush()
            out.extend(self.block(child, width))
        flush()
        return out

    def block(self, node: Node, width: float) -> list[Flowable]:
        tag = node.tag
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            level = int(tag[1])
            text = self.inline(node.children, self.styles.headings[level]).strip()
            title = " ".join(node.text().split())
            style = self.styles.headings[level]
            if self.nested:
                style = ParagraphStyle(f"{style.name}-in-list", parent=style, keepWithNext=0)
            heading = SectionHeading(text, style, node.attrs.get("id", title), title, level - 1)
            return ([CondPageBreak(40 * mm)] if level == 1 and self.page_breaks else []) + [heading]
        if tag == "p":
            text = self.inline(node.children, self.styles.body).strip()
            return [Paragraph(text, self.styles.body)] if text else []
        if tag in ("ul", "ol"):
            return [self.listing(node, width)]
        if tag == "table":
            return self.table(node, width)
        if tag == "pre":
            return [Preformatted(node.text().rstrip("\n"), self.styles.code)]
        if tag == "hr":
            return [HRFlowable(width="100%", thickness=0.5, color=RULE_GREY, spaceBefore=4, spaceAfter=4)]
        if tag == "div" and "admonition" in node.attrs.get("class", "").split():
            return [self.boxed(node, width)]
        return self.blocks(node.children, width)

    def listing(self, node: Node, width: float) -> ListFlowable:
        ordered = node.tag == "ol"
        indent = 5 * mm
        items: list[Any] = []
        self.nested += 1
        try:
            for child in node.children:
                if isinstance(child, Node) and child.tag == "li":
                    items.append(ListItem(self.blocks(child.children, width - indent) or [Spacer(1, 0)]))
        finally:
            self.nested -= 1
        start = node.attrs.get("start", "1")
        return ListFlowable(
            items,
            bulletType="1" if ordered else "bullet",
            start=start if ordered and start.isdigit() and len(start) < 6 else ("1" if ordered else "•"),
            leftIndent=indent,
            bulletFontName=self.styles.body.fontName,
            bulletFontSize=self.styles.body.fontSize,
            bulletFormat="%s." if ordered else None,
            spaceAfter=4,
        )

    def boxed(self, node: Node, width: float) -> Table:
        self.nested += 1
        try:
            inner = self.blocks(node.children, width - 6 * mm)
        finally:
            self.nested -= 1
        box = Table([[inner]], colWidths=[width])
        box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.styles.body.fontName),  # else Helvetica
                                 ("BOX", (0, 0), (-1, -1), 0.6, RULE_GREY),
                                 ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fafafa"))]))
        return box

    def table(self, node: Node, width: float) -> list[Flowable]:
        rows: list[list[Node]] = []
        header_rows = 0
        for section in node.children:
            if not isinstance(section, Node):
                continue
            trs = [section] if section.tag == "tr" else [tr for tr in section.children
                                                         if isinstance(tr, Node) and tr.tag == "tr"]
            for tr in trs:
                cells = [td for td in tr.children if isinstance(td, Node) and td.tag in ("td", "th")]
                if cells:
                    rows.append(cells)
                    if section.tag == "thead":
                        header_rows += 1
        if not rows:
            return []
        columns = max(len(r) for r in rows)
        weights = [4.0] * columns
        for row in rows:
            for i, cell in enumerate(row):
                text = cell.text()
                longest_word = max((len(w) for w in text.split()), default=0)
                weights[i] = max(weights[i], min(len(text), 50) * 0.6, longest_word * 1.6)  # a long word is not split
        total = sum(weights)
        widths = [width * w / total for w in weights]
        data: list[list[Any]] = []
        for row in rows:
            line: list[Any] = []
            for i in range(columns):
                if i < len(row):
                    text = self.inline(row[i].children, self.styles.cell).strip()
                    if len(text) > MAX_CELL_CHARS:
                        text = self.inline([row[i].text()[:MAX_CELL_CHARS] + " …"], self.styles.cell)
                    if row[i].tag == "th":
                        text = f"<b>{text}</b>"
                    line.append(Paragraph(text, self.styles.cell))
                else:
                    line.append("")
            data.append(line)
        table = Table(data, colWidths=widths, repeatRows=header_rows, hAlign="LEFT")
        style: list[Any] = [("FONTNAME", (0, 0), (-1, -1), self.styles.cell.fontName),  # a table's default: Helvetica
                 ("GRID", (0, 0), (-1, -1), 0.4, RULE_GREY), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]
        if header_rows:
            style.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_FILL))
        table.setStyle(TableStyle(style))
        return [KeepTogether([table]) if len(rows) <= 6 and not self.nested else table, Spacer(1, 6)]
