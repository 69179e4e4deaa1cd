"""The build step: each game's printable rulebook per language and paper.

It runs after the boards step, whose board pictures (the PNGs written for Tabletop Simulator)
it prints after the rules. Rules pages that do not render are reported by the site step and
`pnp check` at their file:line; here they are left out, so an error is not reported twice.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.platypus.doctemplate import LayoutError

from generator import output_files as names
from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.render.cards_step import build_version
from generator.rulebook.document import write_rulebook
from generator.site.game_site import GameSite
from generator.site.i18n import label
from generator.site.rule_sections import number_sections, numbered_markdown
from generator.site.rules_text import render_rules
from generator.site.tree import DocsTree


def numbered_pages(content: GameContent, lang: str) -> list[str]:
    """The rules pages as the rulebook prints them: numbered as on the site, icons as their words."""
    words = GameSite(content, lang, Path("."), DocsTree(lang))  # only its icon words are used
    pages = []
    for number, page in enumerate(render_rules(content, lang, ErrorList()), start=1):
        text = words.md_plain(page.markdown)
        pages.append(numbered_markdown(text, number_sections(text, number), keep_text_anchors=False))
    return pages


def render_rulebooks(content: GameContent, out_dir: Path, options, errors: ErrorList) -> list[Path]:
    """Write rules-<lang>-<paper>.pdf for every language and paper."""
    written: list[Path] = []
    game = content.game
    for lang in options.languages:
        pages = numbered_pages(content, lang)
        if not pages:
            continue
        title = game.title.get(lang)
        subtitle = game.tagline.get(lang) if game.tagline else label("rules", lang)
        caption = f"{title} · {label('rules', lang)} · {build_version(content)}"
        boards = [(board.name.get(lang), out_dir / names.tts_board(lang, board.id)) for board in content.boards]
        boards = [(name, picture) for name, picture in boards if picture.is_file()]
        for paper in options.papers:
            try:
                written.append(write_rulebook(out_dir / names.rulebook(lang, paper), title, subtitle, pages, boards,
                                              label("boards", lang), paper, caption))
            except LayoutError as exc:
                errors.add(Mark(f"{content.root.name}/rules/{lang}", 1, 1),
                           f"the printable rulebook cannot be laid out on {paper}: {exc}", code="rules",
                           hint="a table cell or a list item longer than a page: split it")
    return written
