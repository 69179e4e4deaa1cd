"""The build step: each game's printable rulebook and player aid, per language and paper.

It runs after the boards step, whose board pictures (the PNGs written for Tabletop Simulator)
it prints after the rules. Rules pages that do not render, or whose Markdown is beyond its bounds
(generator.site.markdown_bounds), are reported by the site step and `pnp check` at their
file:line; here they are left out, so an error is not reported twice.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import output_files as names
from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator import __version__
from generator.rules.core import PerObject
from generator.site.game_site import GameSite
from generator.site.i18n import label
from generator.site.rule_sections import (PLAYER_AID, number_sections, numbered_markdown, section_markdown,
                                         text_anchors)
from generator.site.rules_text import render_rules
from generator.site.tree import DocsTree


@dataclass(frozen=True)
class PrintedRules:
    """One language's rules as print takes them: each page's numbered Markdown, and the player aid's sections."""

    pages: list[tuple[str, str]]  # (slug, numbered Markdown)
    aid_sections: list[str]
    targets: dict[str, tuple[str, str]]  # link target -> (section anchor, number), see flow.CrossReferences


_PRINTED: PerObject[dict[str, PrintedRules]] = PerObject()


def printed_rules(content: GameContent, lang: str) -> PrintedRules:
    """The rules pages numbered as on the site, and the sections marked for the aid (made once per loaded
    game and language: the build cache's key, the printed version and the step all read them)."""
    done = _PRINTED.get(content, dict)
    if lang not in done:
        done[lang] = _printed_rules(content, lang)
    return done[lang]


def _printed_rules(content: GameContent, lang: str) -> PrintedRules:
    pages: list[tuple[str, str]] = []
    aid: list[str] = []
    targets: dict[str, tuple[str, str]] = {}
    for number, page in enumerate(render_rules(content, lang, ErrorList()), start=1):
        text = page.markdown
        sections = number_sections(text, number)
        numbered = numbered_markdown(text, sections, keep_text_anchors=False)
        pages.append((page.slug, numbered))
        if sections:
            targets[f"{page.slug}.md"] = (sections[0].anchor, sections[0].number)
        olds = text_anchors(text)
        for position, section in enumerate(sections):
            targets[f"{page.slug}.md#{section.anchor}"] = (section.anchor, section.number)
            if len(olds) == len(sections):
                targets[f"{page.slug}.md#{olds[position]}"] = (section.anchor, section.number)
        inside = 0  # a marked section's subsections come with it
        for position, section in enumerate(sections):
            if inside and section.level > inside:
                continue
            inside = 0
            if PLAYER_AID in section.classes:
                aid.append(section_markdown(numbered, sections, position))
                inside = section.level
    return PrintedRules(pages, aid, targets)


STEP_SCOPE = "boards"  # what the rulebook reads of the folder besides its rules (generator.build_cache.SCOPES)


def printed_inputs(content: GameContent, lang: str) -> list[Any]:
    """What a rulebook shows besides the folder's `STEP_SCOPE` (game, boards, icons, words): its rules
    as rendered. A card edit changes the rulebook only where the rules name that card."""
    rules = printed_rules(content, lang)
    return [rules.pages, rules.aid_sections, sorted(rules.targets.items())]


def printed_version(content: GameContent, lang: str) -> str:
    """The build version a rulebook names: the generator's and a hash of what the rulebook shows."""
    from generator.build_cache import language_fingerprint

    shown = json.dumps([language_fingerprint(content, lang, STEP_SCOPE), printed_inputs(content, lang)],
                       ensure_ascii=False)
    return f"pnp-forge {__version__} · {hashlib.sha256(shown.encode()).hexdigest()[:8]}"


def render_rulebooks(content: GameContent, out_dir: Path, options, errors: ErrorList) -> list[Path]:
    """Write rules-<lang>-<paper>.pdf and, when sections are marked, player-aid-<lang>-<paper>.pdf."""
    # reportlab's platypus loads here, not with the build: only the process that lays rulebooks out needs it
    from reportlab.platypus.doctemplate import LayoutError

    from generator.rulebook.document import write_rulebook
    from generator.rulebook.icons import InlineIcons
    from generator.rulebook.player_aid import PlayerAidTooLong, write_player_aid

    written: list[Path] = []
    game = content.game
    for lang in options.languages:
        rules = printed_rules(content, lang)
        if not rules.pages:
            continue
        words = GameSite(content, lang, Path("."), DocsTree(lang))  # only its words for icons are used
        icons = InlineIcons(content.icons, words.icon_alt)
        title = game.title.get(lang)
        subtitle = game.tagline.get(lang) if game.tagline else label("rules", lang)
        version = printed_version(content, lang)
        caption = f"{title} · {label('rules', lang)} · {version}"
        boards = [(board.name.get(lang), out_dir / names.tts_board(lang, board.id)) for board in content.boards]
        boards = [(name, picture) for name, picture in boards if picture.is_file()]
        where = Mark(f"{content.root.name}/rules/{lang}", 1, 1)
        for paper in options.papers:
            try:
                written.append(write_rulebook(out_dir / names.rulebook(lang, paper), title, subtitle, rules.pages,
                                              boards, label("boards", lang), paper, caption, rules.targets, icons))
                aid = write_player_aid(out_dir / names.player_aid(lang, paper), f"{title} · {label('player_aid', lang)}",
                                       rules.aid_sections, paper,
                                       f"{title} · {label('player_aid', lang)} · {version}", icons)
            except LayoutError as exc:
                errors.add(where, f"the printable rulebook cannot be laid out on {paper}: {exc}", code="rules",
                           hint="a table cell or a list item longer than a page: split it")
                continue
            except PlayerAidTooLong as exc:
                errors.add(where, str(exc), code="rules", hint=f"mark fewer sections {{ .{PLAYER_AID} }}")
                continue
            if aid is not None:
                written.append(aid)
    return written
