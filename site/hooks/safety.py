"""mkdocs hook: no markup from content reaches a page except an allow-list of harmless HTML.

Rules pages are Markdown a designer (or a collaborator) writes, and card texts, narratives and
descriptions land in pages too. Python-Markdown passes raw HTML through and `attr_list` sets
any attribute, so every page's HTML is cleaned here with nh3 (the Ammonia sanitiser): only the
tags and attributes our pages use survive, links keep http(s), mailto and relative targets,
and no event handler, script, frame, form or style element is left. Front matter is ignored
(the theme would print `description:` into the head unescaped), and the table of contents,
which the theme prints from the headings' text, is reduced to plain escaped text.

This file is copied into every generated mkdocs project (`hooks:` in docs/mkdocs.<lang>.yml)
and imports nothing from pnp-forge, so `mkdocs build -f site/docs/mkdocs.<lang>.yml` works alone.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import nh3

TAGS = {
    "a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del", "details", "div",
    "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd",
    "li", "mark", "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody",
    "td", "tfoot", "th", "thead", "tr", "u", "ul",
}
ATTRIBUTES = {
    "*": {"class", "id", "title", "lang", "dir"},
    "a": {"href", "hreflang"},
    "img": {"src", "alt", "width", "height", "loading"},
    "td": {"align", "style", "colspan", "rowspan"},
    "th": {"align", "style", "colspan", "rowspan"},
    "details": {"open"},
    "ol": {"start"},
}
URL_SCHEMES = {"http", "https", "mailto"}
# the theme's own elements carry ids like __config, __search, __drawer: content may not reuse them
RESERVED_ID = re.compile(r"^(_|md-)", re.IGNORECASE)
TAG = re.compile(r"<[^>]*>")


def _attribute(tag: str, name: str, value: str) -> str | None:
    if name in ("id", "for") and RESERVED_ID.match(value):
        return "pnp-" + value.lstrip("_")
    if name == "class":
        kept = [c for c in value.split() if not c.startswith("md-") or c.startswith("md-typeset")]
        return " ".join(kept) or None
    return value


def clean(page_html: str) -> str:
    """The page's HTML with everything outside the allow-list removed."""
    return nh3.clean(page_html, tags=TAGS, attributes=ATTRIBUTES, attribute_filter=_attribute,
                     clean_content_tags={"script", "style", "template", "noscript"}, url_schemes=URL_SCHEMES,
                     filter_style_properties={"text-align"}, link_rel=None, strip_comments=True)


def plain(text: str) -> str:
    """A title as escaped text: tags dropped, entities shown as the characters they stand for."""
    return html.escape(html.unescape(TAG.sub("", text)), quote=True)


def _clean_toc(items) -> None:
    for item in items:
        item.title = plain(item.title)
        _clean_toc(item.children)


def on_page_markdown(markdown: str, page, config, files) -> str:
    page.meta = {}
    return markdown


HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID = {"br", "col", "hr", "img"}


def _shown(attrs: list[tuple[str, str | None]]) -> str:
    return "".join(f' {name}="{html.escape(value or "", quote=True)}"' for name, value in attrs)


class _NestedHeadings(HTMLParser):
    """Re-writes cleaned HTML with every heading inside another element (a list item, a quote, a box) as a bold
    paragraph: the theme's search indexer fails on some such nestings (a ValueError that stops the build)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.open: list[str] = []
        self.flattened: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HEADINGS and self.open:  # its id stays: the permalink and the table of contents lead to it
            kept = [(name, value) for name, value in attrs if name == "id"]
            self.out.append(f'<p class="pnp-nested-heading"{_shown(kept)}><strong>')
            self.flattened.append(True)
        else:
            self.out.append(f"<{tag}{_shown(attrs)}>")
            if tag in HEADINGS:
                self.flattened.append(False)
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.out.append(f"<{tag}{_shown(attrs)} />")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.open and self.open[-1] == tag:
            self.open.pop()
        if tag in HEADINGS and self.flattened and self.flattened.pop():
            self.out.append("</strong></p>")
        else:
            self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        self.out.append(data)

    def handle_entityref(self, name: str) -> None:
        self.out.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.out.append(f"&#{name};")


# a start or end tag of cleaned HTML (well-formed: nh3 writes it from a tree), quoted attribute values skipped whole
TAG_EDGE = re.compile(r"""<(/?)([a-zA-Z][a-zA-Z0-9]*)(?:[^>"']|"[^"]*"|'[^']*')*>""")


def _heading_inside(page_html: str) -> bool:
    """Whether a heading opens inside another element (or the tags do not add up: then it may): only such a page
    can fail the indexer, and walking its tags costs a twentieth of the indexer's parse."""
    depth = 0
    for closing, tag in TAG_EDGE.findall(page_html):
        tag = tag.lower()
        if tag in VOID:
            continue
        if closing:
            depth -= 1
            if depth < 0:
                return True
        elif tag in HEADINGS and depth:
            return True
        else:
            depth += 1
    return depth != 0


def indexable(page_html: str) -> str:
    """`page_html` as the theme's search indexer reads it without failing: unchanged when it does, else with its
    nested headings made bold paragraphs (kept readable, left out of the page's sections). A page without a nested
    heading is not tried: the indexer reads it anyway, once, when it indexes it."""
    if not _heading_inside(page_html):
        return page_html
    from material.plugins.search.plugin import Parser

    try:
        Parser().feed(page_html)
        return page_html
    except (ValueError, IndexError, TypeError):  # the failures its issue tracker reports for nested headings
        rewriter = _NestedHeadings()
        rewriter.feed(page_html)
        rewriter.close()
        return "".join(rewriter.out)


def on_page_content(page_html: str, page, config, files) -> str:
    _clean_toc(page.toc)
    return indexable(clean(page_html))
