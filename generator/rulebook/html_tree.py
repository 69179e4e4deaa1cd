"""Rules Markdown as a small element tree, the way the site's Markdown reads it.

The rulebook PDF is laid out from the same rendered rules as the site, through the same
Python-Markdown extensions, so a table or a list is one in both. The HTML is read back with the
standard library's parser into plain nodes: no markup from the content is passed on as markup,
the PDF writer decides per tag what it draws and escapes every piece of text itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser

import markdown  # type: ignore[import-untyped]

from generator.rulestext.markdown_bounds import RULEBOOK_EXTENSIONS as EXTENSIONS

VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "wbr", "area", "base", "source"})
MAX_DEPTH = 64  # nesting beyond this is flattened into its parent (content is untrusted)


@dataclass
class Node:
    """An element: its tag, its attributes and its children (nodes or text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        """All text inside, tags dropped."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID and len(self.stack) < MAX_DEPTH:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


@lru_cache(maxsize=256)
def markdown_tree(text: str) -> Node:
    """The element tree of a rules page's Markdown; one tree per text, which the rulebook and the player aid
    read (never change) on every paper and for every trial size."""
    return parse_html(markdown.markdown(text, extensions=EXTENSIONS))
