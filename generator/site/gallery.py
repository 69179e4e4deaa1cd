"""The card gallery and the board pictures: every SVG face the build drew, with the card's text.

The faces come from this build's cards step (output/<game>/cards/<lang>/<id>-front.svg and
-back.svg); the text beside each face is Markdown, so the search finds a card by its name or
its effect. While no face exists (the cards step is missing) the text stands alone and the
build log says so.
"""

from __future__ import annotations

import re

from generator import output_files as names
from generator.content.loader import GameContent
from generator.content.schema import Card
from generator.rulestext.card_text import face_lines
from generator.rulestext.i18n import label
from generator.rulestext.markup import escape, html_escape, rel
from generator.site.game_site import GameSite


def _face_image(site: GameSite, page: str, card_id: str, side: str, alt: str) -> str | None:
    source = site.output(names.card_face(site.lang, card_id, side))
    if not source.is_file():
        return None
    target = site.tree.copy(site.path("cards", f"{card_id}-{side}.svg"), source)
    return f"![{escape(alt)}]({rel(page, target)}){{ .pnp-face .pnp-zoom loading=lazy }}"  # loaded when scrolled to


def card_page_path(site: GameSite, card_id: str) -> str:
    """The docs path of a card's own page (generator/site/card_pages.py), beside its face files."""
    return site.path("cards", f"{card_id}.md")


def card_block(site: GameSite, page: str, card: Card) -> tuple[list[str], int]:
    """A card's faces and text as Markdown on `page` (gallery and card page), and how many faces are missing."""
    content = site.content
    lang = site.lang
    kind = content.game.kind(card.kind)
    name = site.t(card.name)
    faces = [_face_image(site, page, card.id, "front", f"{name} – {label('front', lang)}")]
    if kind.double_sided and card.back is not None:
        faces.append(_face_image(site, page, card.id, "back", f"{site.t(card.back.name)} – {label('back', lang)}"))
    shown = [f for f in faces if f]
    lines = ['<div class="pnp-card" markdown>', ""]
    if shown:
        lines += ['<div class="pnp-faces" markdown>', "", " ".join(shown), "", "</div>", ""]
    lines += ['<div class="pnp-card-text" markdown>', "", f"**{card.count} ×** {escape(site.t(kind.name))}", ""]
    lines += [f"- {site.md(line, page)}" for line in face_lines(content, card, card, lang)]
    if card.back is not None:
        lines += ["", f"**{label('back', lang)}: {escape(site.t(card.back.name))}**", ""]
        lines += [f"- {site.md(line, page)}" for line in face_lines(content, card, card.back, lang)]
    if card.design_note:
        lines += ["", f"*{label('designed', lang)}*"]
    lines += ["", "</div>", "", "</div>", ""]
    return lines, len(faces) - len(shown)


CLASS_SAFE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def card_tags(card: Card) -> list[str]:
    """The card's tags (a `tags:` field listing ids, as Terraforming Mars' cards have), for the filter."""
    tags = card.fields.get("tags") if card.fields else None
    if not isinstance(tags, list):
        return []
    return list(dict.fromkeys(t for t in tags if isinstance(t, str) and CLASS_SAFE.fullmatch(t)))


def filter_decks(content: GameContent) -> dict[str, str]:
    """Card kind -> its deck, when decks say more than kinds (some deck shuffles several kinds together)."""
    decks = content.game.all_decks()
    if len(decks) < 2 or all(len(deck.kinds) < 2 for deck in decks):
        return {}
    return {kind: deck.id for deck in decks for kind in deck.kinds}


def entry_classes(card: Card, deck: str | None = None) -> str:
    """Classes of a card's entry in the gallery that the filter (site/assets/gallery-filter.js)
    reads: its kind, cost, deck and tags. Classes, since the page's HTML keeps no data attributes;
    ids and numbers are safe in a class name (ids are slugs; other tags are left out)."""
    classes = ["pnp-card-entry", f"pnp-kind-{card.kind}"]
    if card.cost is not None:
        classes.append(f"pnp-cost-{card.cost}")
    if deck is not None:
        classes.append(f"pnp-deck-{deck}")
    classes += [f"pnp-tag-{tag}" for tag in card_tags(card)]
    return " ".join(classes)


def filter_names(site: GameSite, decks: dict[str, str]) -> list[str]:
    """The names the filter shows for decks and tags, as hidden spans it reads (escaped content text)."""
    content, lang = site.content, site.lang
    words = content.sentences.get(lang, {}).get("words", {})
    spans = [f'<span class="pnp-filter-name pnp-deckname-{deck.id}">{html_escape(site.t(deck.name))}</span>'
             for deck in content.game.all_decks() if deck.id in decks.values()]
    tags = dict.fromkeys(tag for card in content.cards for tag in card_tags(card))
    spans += [f'<span class="pnp-filter-name pnp-tagname-{tag}">{html_escape(str(words.get(f"tag-{tag}", tag)))}'
              "</span>" for tag in tags]
    return [f'<div class="pnp-filter-names">{"".join(spans)}</div>', ""] if spans else []


def cards_page(site: GameSite) -> str | None:
    """All cards by kind: faces (front, and back where it is the card's own), name, count, text."""
    content = site.content
    if not content.cards:
        return None
    lang = site.lang
    page = site.path("cards.md")
    missing = 0
    total = sum(c.count for c in content.cards)
    noun = "Karten" if lang == "de" else "cards"
    lines = [
        f"# {label('cards', lang)}",
        "",
        f"{total} {noun}, {len(content.cards)} {label('card_designs', lang)}.",
        "",
    ]
    decks = filter_decks(content)
    lines += filter_names(site, decks)
    for kind in content.game.kinds:
        cards = content.cards_of(kind.id)
        if not cards:
            continue
        component = next((c for c in content.game.components if c.type == "cards" and c.kind == kind.id), None)
        heading = site.t(component.name) if component else site.t(kind.name)
        lines += [f"## {escape(heading)} {{ #kind-{kind.id} }}", ""]
        if not kind.double_sided:
            back = _face_image(site, page, cards[0].id, "back", f"{site.t(kind.name)} – {label('back', lang)}")
            if back:
                lines += ['<div class="pnp-kind-back" markdown>', "", back, "", "</div>", ""]
        for card in cards:
            name = site.t(card.name)
            lines += [f'<div class="{entry_classes(card, decks.get(card.kind))}" markdown>', "",
                      f"### [{escape(name)}]({rel(page, card_page_path(site, card.id))}) {{ #card-{card.id} }}", ""]
            block, lacking = card_block(site, page, card)
            lines += block + ["</div>", ""]
            missing += lacking
    if missing:
        site.note(f"{missing} card face(s) missing under {site.id}/cards/{lang}/ "
                  "(cards step not there yet?); the gallery shows the card text only")
    return site.page("cards.md", "\n".join(lines))


def boards_page(site: GameSite) -> str | None:
    """Each board of the game as the SVG the boards step drew; no page for a game without boards."""
    content = site.content
    if not content.boards:
        return None
    lang = site.lang
    page = site.path("boards.md")
    lines = [f"# {label('boards', lang)}", ""]
    for board in content.boards:
        lines += [f"## {escape(site.t(board.name))} {{ #board-{board.id} }}", ""]
        source = site.output(names.board_svg(board.id, lang))
        if source.is_file():
            target = site.tree.copy(site.path("boards", f"{board.id}.svg"), source)
            lines += [f"![{escape(site.t(board.name))}]({rel(page, target)}){{ .pnp-board .pnp-zoom }}", ""]
        else:
            site.note(f"no board picture {site.id}/boards/{source.name} (boards step not there yet?)")
        size = f"{board.size.width:g} × {board.size.height:g} mm"
        lines += [("Größe: " if lang == "de" else "Size: ") + size, ""]
    return site.page("boards.md", "\n".join(lines))
