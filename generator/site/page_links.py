"""Links between rules pages that lead nowhere, found by `pnp check` at the page's own line.

The site's mkdocs build (`--strict`) refuses a rules page that links to a page the site does not
have, but only in `pnp build`, and only once everything else is sound. A link from one rules page
to another (`[setup](setup.md#cards)`) needs nothing but the pages of its language, so it is
checked here with the files alone, even when game.yaml or a card file has errors. Links that
leave the rules folder (`../cards.md`), name an address or come from a template are left to mkdocs.
"""

from __future__ import annotations

import re

from generator.content.errors import ErrorList, Mark, relative
from generator.content.loader import GameContent
from generator.content.schema import LANGUAGES
from generator.content.suggest import closest
from generator.rulestext.rules_text import page_slug

# a Markdown link or image to a page beside this one: no folder, scheme, query or template in it
PAGE_LINK = re.compile(r"\]\(\s*<?([^\s/\\:?#(){}<>]+)\.md(#[^\s)>]*)?>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
CODE_SPAN = re.compile(r"(`+).*?\1")


def check_page_links(content: GameContent, errors: ErrorList) -> None:
    """Every link from a rules page to another rules page of its language names a page there."""
    for lang in LANGUAGES:
        pages = content.rules.get(lang, {})
        slugs = {page_slug(name) for name in pages}
        for name, text in sorted(pages.items()):
            display = relative(content.root / "rules" / lang / name)
            for line_no, column, target in _links(text):
                if target not in slugs:
                    guess = closest(target, slugs)
                    known = ", ".join(f"{slug}.md" for slug in sorted(slugs))
                    errors.add(Mark(display, line_no, column), f"link to '{target}.md' leads to no rules page in "
                               f"'{lang}'", hint=f"did you mean '{guess}.md'?" if guess else
                               f"the pages here are {known}; a page is named without the number in front of its "
                               "file (20-setup.md is setup.md)", code="site")


def _links(text: str) -> list[tuple[int, int, str]]:
    """(line, column, page name) of each link to a page beside this one, outside code."""
    found: list[tuple[int, int, str]] = []
    fenced = False
    for line_no, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        plain = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        for match in PAGE_LINK.finditer(plain):
            found.append((line_no, match.start(1) + 1, match.group(1)))
    return found
