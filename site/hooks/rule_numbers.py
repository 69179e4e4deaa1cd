"""mkdocs hook: numbered, citable rules – "2.1 Galaxy cards" with an anchor `#rule-2-1`.

Each numbered rules page (`rules/<lang>/NN-name.md`; the rulings and other unnumbered pages
stay as they are) gets its number from pnp-forge's build (`extra.rule_numbers`: docs path ->
number, in page order). Its title becomes "N", each section below it "N.k" and each subsection
"N.k.m": the number is a link to itself, `#rule-N-k-m`, so a player can copy the address of a
rule and cite it by number. The heading keeps its own anchor (`#galaxy-cards`), so links to it
still work. The table of contents shows the numbers too.

Runs before the safety hook (hooks order in the generated config), which then cleans the page
with the numbers in it. Imports nothing from pnp-forge: this file is copied into every
generated mkdocs project.
"""

from __future__ import annotations

import re

HEADING = re.compile(r'<h([1-3]) id="([^"]+)"([^>]*)>')
CLASS = "pnp-rule-number"


def anchor(number: str) -> str:
    """The citable anchor of a rule number: '2.1' -> 'rule-2-1'."""
    return "rule-" + number.replace(".", "-")


def number_headings(page_html: str, page_number: int) -> tuple[str, dict[str, str]]:
    """The page's HTML with each h1-h3 numbered, and heading id -> number (for the table of contents)."""
    counters = [page_number, 0, 0]
    numbers: dict[str, str] = {}

    def numbered(match: re.Match) -> str:
        level, heading_id = int(match.group(1)), match.group(2)
        if level > 1:
            counters[level - 1] += 1
            for deeper in range(level, 3):
                counters[deeper] = 0
        parts = counters[:level]
        if 0 in parts:                    # a subsection before any section: numbered from the section it is in
            parts = [p or 1 for p in parts]
        number = ".".join(str(p) for p in parts)
        numbers[heading_id] = number
        return (f"{match.group(0)}<a class=\"{CLASS}\" id=\"{anchor(number)}\" href=\"#{anchor(number)}\">"
                f"{number}</a> ")

    return HEADING.sub(numbered, page_html), numbers


def _number_toc(items, numbers: dict[str, str]) -> None:
    for item in items:
        number = numbers.get(item.id)
        if number is not None:
            item.title = f"{number} {item.title}"
        _number_toc(item.children, numbers)


def on_page_content(page_html: str, page, config, files) -> str:
    page_number = (config.get("extra") or {}).get("rule_numbers", {}).get(page.file.src_uri)
    if not isinstance(page_number, int):
        return page_html
    page_html, numbers = number_headings(page_html, page_number)
    _number_toc(page.toc, numbers)
    return page_html
