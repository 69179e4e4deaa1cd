"""Card names in rules text become links to the card's page, marked as glossary terms are.

A rules page names a card through the rules helpers (`card_link(...)`), but most prose just
writes the name ("draw Riots and…"), so a reader had no link and no preview. Each rules page's
Markdown goes through the glossary's marker (generator/site/glossary_marks.py: one loop, only
`wrap` differs): whole words, longest name first, once per block, never inside headings, links,
images, code, HTML or attribute lists; the first use of a card's name in a block becomes
`[Name](../cards/<id>.html){ .pnp-card-link }`, which the site's card preview
(assets/card-preview.js) shows on hover, focus and tap. A name is matched as written, in its
capitals: card names are proper names, and "riots" in running text is not the card.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from generator.rulestext.markup import rel
from generator.site.gallery import card_page_path
from generator.site.game_site import GameSite
from generator.site.glossary_marks import WORD, Marker, Term

HTML_LINK_RE = re.compile(r"<a\b[^>]*>.*?</a>", re.IGNORECASE | re.DOTALL)


class CardMarker(Marker):
    """Links the names of one game's cards in one language in page Markdown (see the module's docstring)."""

    def __init__(self, names: Iterable[tuple[str, str]], link: Callable[[str], str]):
        """`names`: (card id, name in this language) pairs; `link`: the page address of a card id."""
        self.link = link
        self.linked: set[str] = set()
        by_name: dict[str, str] = {}
        for card_id, name in names:
            name = " ".join(name.split())
            if len(name) >= 3:
                by_name.setdefault(name, card_id)
        self.names = by_name
        super().__init__(())
        forms = sorted(by_name, key=lambda f: (-len(f), f))
        self.pattern = (re.compile(rf"(?<!{WORD})(?:{'|'.join(_spaced(f) for f in forms)})(?!{WORD})") if forms
                        else None)

    def _mark_block(self, text: str) -> str:
        """A block with its HTML links (`<a ...>...</a>`, whose words are a link already) left as they are."""
        parts: list[str] = []
        position = 0
        for link in HTML_LINK_RE.finditer(text):
            parts += [super()._mark_block(text[position:link.start()]), link.group(0)]
            position = link.end()
        return "".join(parts) + super()._mark_block(text[position:])

    def lookup(self, text: str) -> Term | None:
        card_id = self.names.get(" ".join(text.split()))
        return None if card_id is None else Term(card_id, (text,), "")

    def wrap(self, term: Term, written: str) -> str:
        """A card name's first use in a block, as a link to its page (Markdown as written)."""
        self.linked.add(term.id)
        return f"[{written}]({self.link(term.id)}){{ .pnp-card-link }}"


def _spaced(name: str) -> str:
    """A name as a pattern: any run of spaces (a line break too) stands for its spaces."""
    return r"\s+".join(re.escape(word) for word in name.split())


def card_names(site: GameSite, page: str) -> CardMarker:
    """A marker linking this game's card names (in the site's language) on `page`; links nothing when the
    game has no cards (no card pages to lead to).

    A card named as a resource, a card kind or a glossary term is, or as they begin ("Food", "Event" of
    "Event card", German "Ereignis" of "Ereigniskarte"), is not linked: in running text the word mostly
    means the resource or the kind, not that card."""
    game = site.content.game
    other = {_plain(site.t(resource.name)) for resource in game.resources}
    other |= {_plain(site.t(kind.name)) for kind in game.kinds}
    other |= {_plain(form) for form in (*site.glossary.by_form, *site.glossary.exact)}
    return CardMarker(((card.id, site.t(card.name)) for card in site.content.cards
                       if not any(name.startswith(_plain(site.t(card.name))) for name in other)),
                      lambda card_id: rel(page, card_page_path(site, card_id)))


def _plain(name: str) -> str:
    return " ".join(name.split()).lower()
