"""The game's generated pages: overview, components (with counts and pictures) and glossary.

Everything here is read from the content; nothing is typed twice. Rules pages, the card
gallery, examples and downloads have modules of their own.
"""

from __future__ import annotations

from generator import output_files as names
from generator.content.component_boards import board_of
from generator.rulestext.i18n import label
from generator.rulestext.markup import escape, rel, table
from generator.rulestext.rules_text import designed_marker
from generator.site.game_site import GameSite
from generator.site.pictures import card_svg, token_svg


def overview_page(site: GameSite, sections: list[tuple[str, str]]) -> str:
    """The game's start page: what it is about, players, age, time, and what the site holds."""
    g = site.content.game
    lang = site.lang
    page = site.path("index.md")
    lines = [f"# {escape(site.t(g.title))}", ""]
    if g.tagline:
        lines += [f"*{escape(site.t(g.tagline))}*", ""]
    lines += [site.md(site.t(g.description), page), ""]
    facts = [
        [
            label("players", lang),
            f"{g.players.min}" if g.players.min == g.players.max else f"{g.players.min}–{g.players.max}",
        ],
        [label("age", lang), f"{g.age}+"],
        [
            label("play_time", lang),
            (f"{g.play_time.min}" if g.play_time.min == g.play_time.max else f"{g.play_time.min}–{g.play_time.max}")
            + f" {label('minutes', lang)}",
        ],
    ]
    if g.designers:
        facts.append([label("designers", lang), escape(", ".join(g.designers))])
    if g.publisher:
        facts.append([label("publisher", lang), escape(g.publisher + (f" ({g.year})" if g.year else ""))])
    lines += [table([name for name, _ in facts], [[value for _, value in facts]]), ""]
    if g.edition_note:
        lines += ['!!! note ""', "", "    " + site.md(site.t(g.edition_note), page), ""]
    if g.variants:
        lines += [f"## {label('variants', lang)}", ""]
        for variant in g.variants:
            lines.append(f"- **{escape(site.t(variant.name))}:** {site.md(site.t(variant.description), page)}")
        lines.append("")
    lines += [f"## {label('on_these_pages', lang)}", ""]
    for title, target in sections:
        lines.append(f"- [{escape(title)}]({rel(page, target)})")
    return site.page("index.md", "\n".join(lines))


def _component_picture(site: GameSite, comp) -> str | None:
    """Docs path of a picture of one component: a card face if the cards step made one, else drawn."""
    content = site.content
    g = content.game
    icon = content.icons.get(comp.icon) if comp.icon else None
    name = site.t(comp.name)
    if comp.type == "cards" and comp.kind:
        kind = g.kind(comp.kind)
        cards = content.cards_of(kind.id)
        if cards:
            side = "front" if kind.double_sided else "back"
            face = site.output(names.card_face(site.lang, cards[0].id, side))
            if face.is_file():
                return site.tree.copy(site.path("components", f"{comp.id}.svg"), face)
        width, height = kind.size_mm
        back_icon = kind.back.icon or kind.icon
        return site.tree.data(site.path("components", f"{comp.id}.svg"),
                              card_svg(width, height, kind.back.color or kind.color,
                                       content.icons.get(back_icon) if back_icon else None, name))
    board = board_of(comp)
    if board is not None:  # the picture the boards step drew of the component's board file
        drawn = site.output(names.board_svg(board, site.lang))
        return site.tree.copy(site.path("components", f"{comp.id}.svg"), drawn) if drawn.is_file() else None
    if comp.type in ("token", "cube", "ship", "marker", "pawn", "coin", "die", "tile"):
        shape = comp.shape or ("square" if comp.type in ("cube", "die", "tile") else "round")
        return site.tree.data(site.path("components", f"{comp.id}.svg"),
                              token_svg(shape, comp.size or 16.0, comp.color or "#d9d9d9", icon, name))
    return None


def components_page(site: GameSite, cards_page: str | None) -> str:
    """Everything in the box, with counts from the content and a picture of each part."""
    content = site.content
    lang = site.lang
    page = site.path("components.md")
    rows: list[list[str]] = []
    for comp in content.game.components:
        picture = _component_picture(site, comp)
        cell = f"![{escape(site.t(comp.name))}]({rel(page, picture)}){{ .pnp-component }}" if picture else ""
        name = escape(site.t(comp.name))
        if comp.kind and cards_page:
            designs = len(content.cards_of(comp.kind))
            name = f"[{name}]({rel(page, cards_page)}#kind-{comp.kind}) ({designs} {label('card_designs', lang)})"
        if comp.label:
            name += f" – „{escape(site.t(comp.label))}“" if lang == "de" else f" – “{escape(site.t(comp.label))}”"
        count = str(comp.count) + (" " + designed_marker(lang) if comp.note else "")
        rows.append([cell, name, count])
    total_cards = sum(c.count for c in content.cards)
    lines = [f"# {label('components', lang)}", "",
             table([label("picture", lang), label("component", lang), label("count", lang)], rows), ""]
    if total_cards:
        noun = "Karten" if lang == "de" else "cards"
        lines += [f"{total_cards} {noun}, {len(content.cards)} {label('card_designs', lang)}.", ""]
    return site.page("components.md", "\n".join(lines))


def glossary_page(site: GameSite) -> str | None:
    """The game's terms; the same definitions show as tooltips wherever a term appears."""
    glossary = site.content.game.glossary
    if not glossary:
        return None
    page = site.path("glossary.md")
    rows = [[f"**{escape(site.t(g.term))}**", site.md(site.t(g.definition), page)]
            for g in sorted(glossary, key=lambda g: site.t(g.term).lower())]
    return site.page("glossary.md", "\n".join([f"# {label('glossary', site.lang)}", "",
                                               table([label("term", site.lang), label("meaning", site.lang)], rows)]))
