"""The game's icons inside paragraphs of the rulebook, drawn as vectors by the project's icon routine.

A reportlab paragraph places text, not drawings, so an icon is two pieces of paragraph markup
written here: a zero-width `<ondraw>` callback at the icon's place, which draws the icon's
outlines (generator.drawing.pdf, as on cards and boards), and a non-breaking space sized to
the icon's width, so the text after it leaves room. Icon names come from the content and are
matched against the game's own icons before they reach the markup; an icon that cannot be parsed
prints its word instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.drawing.fonts import face
from generator.drawing.icons import IconError, VectorIcon, load_icon
from generator.drawing.pdf import draw_icon
from generator.rulestext.markup import ICON_RE

CALLBACK = "pnp_icon"
WIDTH = 1.15  # the room an icon takes, in ems (the icon itself is one em, with a little air after it)
RAISE = 0.82  # the icon's top above the baseline, in ems


class InlineIcons:
    """The icons one rulebook may show: `:food:` in a text becomes the drawn icon."""

    def __init__(self, paths: Mapping[str, Path], word: Callable[[str], str]) -> None:
        self.paths = dict(paths)
        self.word = word
        self._loaded: dict[str, VectorIcon | None] = {}

    def vector(self, name: str) -> VectorIcon | None:
        if name not in self._loaded:
            try:
                self._loaded[name] = load_icon(self.paths[name]) if name in self.paths else None
            except IconError:
                self._loaded[name] = None
        return self._loaded[name]

    def text(self, text: str, size: float) -> str:
        """Paragraph markup for a text: escaped, its `:icon:` names replaced by icons (or words)."""
        out: list[str] = []
        start = 0
        for match in ICON_RE.finditer(text):
            name = match.group(1)
            if name not in self.paths:
                continue
            out.append(escape(text[start:match.start()]))
            out.append(self.markup(name, size) if self.vector(name) is not None else escape(self.word(name)))
            start = match.end()
        out.append(escape(text[start:]))
        return "".join(out)

    def markup(self, name: str, size: float) -> str:
        """The callback that draws icon `name` at `size` pt, then non-breaking spaces as wide as the icon.

        The spaces keep the text's own size: a larger space would make its line taller."""
        space = stringWidth("\u00a0", face("regular").pdf_name, 1.0) or 0.3
        return f'<ondraw name="{CALLBACK}" label="{name} {size:.2f}"/>' + "\u00a0" * max(2, round(WIDTH / space))

    def draw(self, canvas: Canvas, kind: str | None, label: str) -> None:
        """The `<ondraw>` callback: the icon at the text's current position (reportlab passes it)."""
        name, _, size_text = (label or "").partition(" ")
        icon = self.vector(name)
        where = getattr(canvas, "_curr_tx_info", None)
        if icon is None or where is None:
            return
        size = float(size_text)
        draw_icon(canvas, icon, where["cur_x"], where["cur_y"] + RAISE * size, size)

    def register(self, canvas: Canvas) -> None:
        """Make the callback known to the canvas a document draws on (call before the page's content)."""
        canvas.setNamedCB(CALLBACK, self.draw)
