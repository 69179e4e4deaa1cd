"""The quick-reference page of a game's site: turn order, action and cost tables, icon legend, game end.

The page shows the text generator.rulestext.quick_reference makes from the content, which the
printed player aid shows too; here card names link to their card pages (with the hover preview).
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.content.errors import ErrorList
from generator.rulestext.markup import escape
from generator.rulestext.quick_reference import quick_reference, word
from generator.rulestext.rule_sections import PLAYER_AID
from generator.site.game_site import GameSite
from generator.site.term_index import RulesSection, plain_title

PAGE = "quick-reference.md"


IN_FULL = {"de": "Die Regeln dazu", "en": "The rules in full"}


def quick_reference_page(site: GameSite, errors: ErrorList, sections: Sequence[RulesSection] = ()) -> str | None:
    """Write the page; None when game.yaml has no `quick_reference`. The rules sections the content marks
    `{ .player-aid }` (the ones the reference sums up) are linked at its end."""
    text = quick_reference(site.content, site.lang, errors)
    if text is None:
        return None
    page = site.path(PAGE)
    links = "cards/{id}.md" if site.content.cards else None
    title = f"{escape(site.t(site.content.game.title))} · {word('quick_reference', site.lang)}"
    marked = [s for s in sections if PLAYER_AID in s.section.classes]
    full = [f"## {IN_FULL[site.lang]}", ""] + [
        f"- [{s.section.number} {escape(plain_title(s.section.title))}]({s.target})" for s in marked] if marked else []
    return site.page(PAGE, f"# {title}\n\n" + site.md(text.markdown(links), page) + "\n".join(["", *full]))
