"""A reportlab document that stops with a LayoutError when its layout makes no progress.

reportlab's layout loop puts a flowable it cannot place back on its list and tries again on the
next frame; a few shapes of nested content (a keep-together block inside a list item, before a
heading that keeps with the next) come back unchanged from splitting, and the loop never ends.
Rules pages come from collaborators, so the build counts: more than `MAX_FLOWABLES_PER_PAGE`
flowables handled on one page, or more than `MAX_PAGES` pages, is reported as a page that
cannot be laid out (the step names the rules folder and a hint) instead of a build that spins.
The hooks used are the documented event handlers of BaseDocTemplate.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import BaseDocTemplate
from reportlab.platypus.doctemplate import LayoutError

from generator.drawing.fonts import face

MAX_FLOWABLES_PER_PAGE = 20_000  # the bundled rulebooks handle at most a few hundred on a page
MAX_PAGES = 2_000  # the bundled rulebooks have fewer than 40


class BoundedDocTemplate(BaseDocTemplate):
    """BaseDocTemplate with a budget: flowables handled per page and pages per document.

    Its canvas starts in the project's regular face, so no unused, unembedded Helvetica is referenced."""

    _handled_on_page = 0

    def __init__(self, filename: Any, **kw: Any) -> None:
        kw.setdefault("initialFontName", face("regular").pdf_name)
        super().__init__(filename, **kw)

    def handle_pageBegin(self) -> None:
        self._handled_on_page = 0
        if self.page >= MAX_PAGES:
            raise LayoutError(f"the layout ran past {MAX_PAGES} pages")
        super().handle_pageBegin()

    def handle_flowable(self, flowables: list[Any]) -> None:
        self._handled_on_page += 1
        if self._handled_on_page > MAX_FLOWABLES_PER_PAGE:
            raise LayoutError(f"the layout makes no progress on page {self.page} (content nested in a list item "
                              "that cannot be split)")
        super().handle_flowable(flowables)
