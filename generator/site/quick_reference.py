"""The quick-reference page of a game's site: turn order, action and cost tables, icon legend, game end.

The page shows the text generator.rulestext.quick_reference makes from the content, which the
printed player aid shows too; here card names link to their card pages (with the hover preview).
"""

from __future__ import annotations

from generator.content.errors import ErrorList
from generator.rulestext.markup import escape
from generator.rulestext.quick_reference import quick_reference, word
from generator.site.game_site import GameSite

PAGE = "quick-reference.md"


def quick_reference_page(site: GameSite, errors: ErrorList) -> str | None:
    """Write the page; None when game.yaml has no `quick_reference`."""
    text = quick_reference(site.content, site.lang, errors)
    if text is None:
        return None
    page = site.path(PAGE)
    links = "cards/{id}.md" if site.content.cards else None
    title = f"{escape(site.t(site.content.game.title))} · {word('quick_reference', site.lang)}"
    return site.page(PAGE, f"# {title}\n\n" + site.md(text.markdown(links), page))
