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


def on_page_content(page_html: str, page, config, files) -> str:
    _clean_toc(page.toc)
    return clean(page_html)
