"""The build step: each game's printable rulebook and player aid, per language and paper.

It runs after the boards step, whose board pictures (the PNGs written for Tabletop Simulator)
it prints after the rules. Rules pages that do not render, or whose Markdown is beyond its bounds
(generator.rulestext.markdown_bounds), are reported by the site step and `pnp check` at their
file:line; here they are left out, so an error is not reported twice.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import output_files as names
from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.content.schema_version import version_line
from generator.render.ink import saver_wanted
from generator.rules.core import PerObject
from generator.rulestext.i18n import label
from generator.rulestext.markup import icon_words
from generator.rulestext.rule_sections import (
    PLAYER_AID,
    number_sections,
    numbered_markdown,
    section_markdown,
    text_anchors,
)
from generator.rulestext.rules_text import render_rules


@dataclass(frozen=True)
class PrintedRules:
    """One language's rules as print takes them: each page's numbered Markdown, and the player aid's sections."""

    pages: list[tuple[str, str]]  # (slug, numbered Markdown)
    aid_sections: list[str]
    targets: dict[str, tuple[str, str]]  # link target -> (section anchor, number), see flow.CrossReferences
    shown: dict[str, str]  # slug -> the page's file as errors name it (`game/rules/de/overview.md`)


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
    shown: dict[str, str] = {}
    for number, page in enumerate(render_rules(content, lang, ErrorList()), start=1):
        shown[page.slug] = f"{content.root.name}/rules/{lang}/{page.source}"
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
    return PrintedRules(pages, aid, targets, shown)


STEP_SCOPE = "boards"  # what the rulebook reads of the folder besides its rules (generator.build_cache.SCOPES)


def printed_inputs(content: GameContent, lang: str) -> list[Any]:
    """What a rulebook shows besides the folder's `STEP_SCOPE` (game, boards, icons, words): its rules
    as rendered, and the sample faces its first pages picture. A card edit changes the rulebook only where the
    rules name that card or the card is its kind's sample."""
    from generator.rulebook.front_matter import pictured_inputs

    rules = printed_rules(content, lang)
    return [rules.pages, aid_sections(content, lang), sorted(rules.targets.items()), pictured_inputs(content, lang)]


def aid_sections(content: GameContent, lang: str) -> list[str]:
    """The player aid's Markdown: the game's quick reference (none without one; its errors are `pnp check`'s)."""
    from generator.rulestext.quick_reference import quick_reference

    made = quick_reference(content, lang, ErrorList())
    return [made.markdown(compact=True)] if made is not None else []


def printed_version(content: GameContent, lang: str) -> str:
    """The version a rulebook names: the game's rules version and date; a game without one is a draft named by
    a hash of what the rulebook shows."""
    from generator.build_cache import language_fingerprint

    if content.game.version is not None:
        return version_line(content.game.version, lang)
    shown = json.dumps([language_fingerprint(content, lang, STEP_SCOPE), printed_inputs(content, lang)],
                       ensure_ascii=False)
    return version_line(None, lang, hashlib.sha256(shown.encode()).hexdigest()[:8])


def render_rulebooks(content: GameContent, out_dir: Path, options, errors: ErrorList) -> list[Path]:
    """Write rules-<lang>-<paper>.pdf and, for a game with a quick reference, player-aid-<lang>-<paper>.pdf."""
    written: list[Path] = []
    for lang in options.languages:
        boards = [(board.name.get(lang), out_dir / names.tts_board(lang, board.id)) for board in content.boards]
        boards = [(name, picture) for name, picture in boards if picture.is_file()]
        written += _lay_out(content, lang, options.papers, errors, out_dir, boards)
    if saver_wanted(content, options):  # the aid is text on white already: the ink saver's set holds it as it is
        for aid in [path for path in written if path.name.startswith("player-aid-")]:
            (out_dir / names.INK_SAVER).mkdir(exist_ok=True)
            written.append(Path(shutil.copyfile(aid, out_dir / names.ink_saver(aid.name))))
    return written


def _scale_hint(content: GameContent, lang: str, paper: str) -> tuple[float | None, Callable[[float], None] | None]:
    """The player aid's type scale the last build of this game, language and paper chose, kept in the build cache
    under a key an edit does not change, and how to keep this build's: an edit's aid then needs about two trial
    layouts, not five (what fits is found the same: the hint only orders the trials)."""
    from generator.build_cache import active_cache, unit_key

    cache = active_cache()
    if cache is None:
        return None, None
    key = unit_key("player-aid-scale", content.id, lang, paper)
    kept = cache.remembered_bytes(key, lambda: b"")  # none yet: no hint (kept as b"" until one is chosen)
    try:
        guess = float(kept.decode("ascii")) if kept else None
    except (UnicodeDecodeError, ValueError):
        guess = None

    def chosen(scale: float) -> None:
        if scale != guess:
            cache.keep_bytes(key, repr(scale).encode("ascii"))

    return guess, chosen


def check_rulebooks(content: GameContent, papers: tuple[str, ...], errors: ErrorList) -> None:
    """Lay out every language's rulebook and player aid on `papers` in memory, as the build writes them (without
    the boards' pictures, which always fit): `pnp check` refuses what the build cannot lay out, at the same page."""
    for lang in sorted(content.rules):
        _lay_out(content, lang, papers, errors, None, [])


def _lay_out(content: GameContent, lang: str, papers: tuple[str, ...], errors: ErrorList, out_dir: Path | None,
             boards: list[tuple[str, Path]]) -> list[Path]:
    """One language's rulebook and aid on each of `papers`, written under `out_dir` (None: in memory only); a
    layout that fails is an error at the page that fails alone (else at the language's rules folder)."""
    # reportlab's platypus loads here, not with the build: only the process that lays rulebooks out needs it
    from reportlab.platypus.doctemplate import LayoutError

    from generator.rulebook.document import write_rulebook
    from generator.rulebook.front_matter import anatomy_first, front_matter
    from generator.rulebook.icons import InlineIcons
    from generator.rulebook.player_aid import PlayerAidTooLong, check_player_aid, write_player_aid

    rules = printed_rules(content, lang)
    if not rules.pages:
        return []
    game = content.game
    icons = InlineIcons(content.icons, functools.partial(icon_words, content, lang))
    title = game.title.get(lang)
    subtitle = game.tagline.get(lang) if game.tagline else label("rules", lang)
    version = printed_version(content, lang)
    caption = f"{title} · {label('rules', lang)} · {version}"

    front = front_matter(content, lang) if out_dir is not None else None  # pictures always fit: `pnp check` skips them
    aid = aid_sections(content, lang)
    aid_title = f"{title} · {label('player_aid', lang)}"
    aid_caption = f"{aid_title} · {version}"
    written: list[Path] = []
    for paper in papers:
        def book(pages: list[tuple[str, str]], into: Path | io.BytesIO, paper: str = paper) -> None:
            write_rulebook(into, title, subtitle, pages, boards, label("boards", lang), paper, caption, rules.targets,
                           icons, edition=version, front=front, lang=lang)

        laid_out = io.BytesIO()
        try:
            book(anatomy_first(rules.pages), laid_out if out_dir is None else out_dir / names.rulebook(lang, paper))
        except LayoutError as exc:
            failing = _failing_page(rules.pages, book, LayoutError)
            where = Mark(rules.shown[failing] if failing in rules.shown  # noqa: SIM401 (failing may be None)
                         else f"{content.root.name}/rules/{lang}", 1, 1)
            errors.add(where, f"the printable rulebook cannot be laid out on {paper}: {_layout_problem(exc)}",
                       code="rules", hint="split a box, a table cell or a list item that is longer than a page")
            continue
        if out_dir is None and paper == papers[0]:  # what the build's last net reads in the printed text
            _scan_printed(content, lang, laid_out.getvalue(), names.rulebook(lang, paper), errors)
        aid_path: Path | None = None
        try:
            if out_dir is None:
                check_player_aid(aid_title, aid, paper, aid_caption, icons)
            else:
                guess, chosen = _scale_hint(content, lang, paper)
                aid_path = write_player_aid(out_dir / names.player_aid(lang, paper), aid_title, aid, paper,
                                            aid_caption, icons, guess, chosen)
        except PlayerAidTooLong as exc:
            errors.add(Mark(f"{content.root.name}/game.yaml", 1, 1), str(exc), code="rules",
                       hint="shorten the texts or tables of `quick_reference`")
        if out_dir is not None:
            written += [out_dir / names.rulebook(lang, paper)] + ([aid_path] if aid_path is not None else [])
    return written


def _scan_printed(content: GameContent, lang: str, pdf: bytes, name: str, errors: ErrorList) -> None:
    """`pnp check` refuses what the build's net over its outputs (generator.rulestext.output_scan) would find in
    the printed rulebook: text Markdown left unread where the site reads it (an attribute list deep in a list)."""
    import tempfile

    from generator.rulestext.output_scan import check_outputs

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, content.id, name)
        path.parent.mkdir()
        path.write_bytes(pdf)
        check_outputs(content, lang, Path(folder), [path], errors)


_TOO_LARGE = re.compile(r"too large on page (\d+)")
_STARTS = re.compile(r"'<Paragraph at 0x[0-9a-f]+>(.{1,60}?)'\(")


def _layout_problem(exc: Exception) -> str:
    """reportlab's reason in words for people: what did not fit and how it starts (its own text names objects)."""
    text = str(exc)
    if "makes no progress" in text or "ran past" in text:
        return text
    page = _TOO_LARGE.search(text)
    start = _STARTS.search(text)
    return ("a block that cannot be split (a box, a table row or a list item) is taller than a page"
            + (f" on page {page.group(1)}" if page else "")
            + (f" (it starts “{start.group(1)}”)" if start else ""))


def _failing_page(pages: list[tuple[str, str]], book: Callable[[list[tuple[str, str]], io.BytesIO], None],
                  refused: type[Exception]) -> str | None:
    """The slug of the first page that cannot be laid out on its own; None when each can (they fail together)."""
    for slug, markdown in pages:
        try:
            book([(slug, markdown)], io.BytesIO())
        except refused:
            return slug
    return None
