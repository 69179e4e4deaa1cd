"""The card database: one page per card with its faces, its full text, the rules pages that name
it and the example turns it appears in.

Rules pages name a card through the rules helpers (`card`, `card_link`, `effect`, `count`), so
`RulesPage.cards` says exactly which pages mention it. An example uses a card when its id is an
action's word or a value of one of the replayed game's events (a card revealed, bought, played,
drawn, fought), read from the engine's own events, never guessed from names in sentences.
The pages sit at cards/<id>.md beside the face files; they are not in the navigation (the
gallery lists them) and a rules page's `card_link` leads to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from generator.rulestext.i18n import label
from generator.rulestext.markup import escape, rel
from generator.site.changelog import card_mark
from generator.site.gallery import card_block, card_page_path
from generator.site.game_site import GameSite


def _words(value: Any) -> Iterable[str]:
    """Every string inside an event value (values may be tuples of ids, or pairs)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _words(item)


def cards_named(action: str, events: Iterable[Any], card_ids: set[str]) -> list[str]:
    """The cards a step names, in order: ids among its action's words and its events' values."""
    found = [word for word in action.split() if word in card_ids]
    for event in events:
        for _key, value in event.data:
            found += [word for word in _words(value) if word in card_ids]
    return list(dict.fromkeys(found))


def example_cards(replay: Any, card_ids: set[str]) -> set[str]:
    """The cards an example's replay uses: every step's, and what set-up showed."""
    found: set[str] = set()
    steps = getattr(replay, "steps", [])
    for step in steps:
        found.update(cards_named(str(step.action), getattr(step, "events", ()), card_ids))
    state = getattr(replay, "state", None)
    first = len(getattr(state, "events", []) or []) - sum(len(getattr(s, "events", ())) for s in steps)
    found.update(cards_named("", (getattr(state, "events", []) or [])[:max(first, 0)], card_ids))
    return found


def page_titles(site: GameSite, taken: Iterable[str]) -> dict[str, str]:
    """Each card page's heading, which is its title (the browser's tab, bookmarks, search results): the
    card's name, with its kind where another card or page has the same name ("Planet search – Epoch I"),
    and a number where that is shared too."""
    cards = site.content.cards
    names = {card.id: site.t(card.name) for card in cards}
    shared = Counter(names.values())
    others = set(taken)
    titles = {card.id: names[card.id] if shared[names[card.id]] == 1 and names[card.id] not in others
              else f"{names[card.id]} – {site.t(site.content.game.kind(card.kind).name)}" for card in cards}
    again = Counter(titles.values())
    seen: Counter[str] = Counter()
    for card in cards:
        title = titles[card.id]
        if again[title] > 1:
            seen[title] += 1
            titles[card.id] = f"{title} {seen[title]}"
    return titles


def card_pages(site: GameSite, rules: list[tuple[str, str, tuple[str, ...]]],
               examples: list[tuple[str, str, set[str]]], gallery: str) -> dict[str, str]:
    """A page per card (docs path by card id); `rules` and `examples` are (title, page, card ids)."""
    lang = site.lang
    pages: dict[str, str] = {}
    titles = page_titles(site, [title for title, _, _ in rules] + [title for title, _, _ in examples])
    for card in site.content.cards:
        page = card_page_path(site, card.id)
        lines = [f"# {escape(titles[card.id])}", "", *card_mark(site, page, card.id),
                 f"[{label('cards', lang)}]({rel(page, gallery)}#card-{card.id})", ""]
        block, _missing = card_block(site, page, card)
        lines += block
        named = [(title, path) for title, path, ids in rules if card.id in ids]
        if named:
            lines += [f"## {label('card_in_rules', lang)}", ""]
            lines += [f"- [{escape(title)}]({rel(page, path)})" for title, path in named] + [""]
        used = [(title, path) for title, path, ids in examples if card.id in ids]
        if used:
            lines += [f"## {label('card_in_examples', lang)}", ""]
            lines += [f"- [{escape(title)}]({rel(page, path)})" for title, path in used] + [""]
        pages[card.id] = site.page(page, "\n".join(lines))
    return pages
