"""The downloads page: the print files this build wrote for the game, copied into the site, one line each on their use.

File names come from generator.output_files, the same module the writing steps use. A folder of
many files (the Tabletop Simulator exports, a print shop's per-card uploads) is offered as one
zip archive with fixed dates, so the site stays byte-identical. A file a step should have written
but did not is named in the build log; the page lists what exists.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

from generator import output_files as names
from generator.rulestext.i18n import label
from generator.rulestext.markup import escape, rel, table
from generator.site.game_site import GameSite

ZIP_DATE = (2000, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Download:
    """One expected print file (or folder, offered as a zip): where the build writes it and what it is for."""

    source: Path
    what: str
    group: str
    archive: str | None = None  # for a folder: the zip's file name on the site
    sized: bool = True  # False for the model: it holds every language, and the page of one language
    #                     should not change with the other's text (generator.site.stage._offer_model)
    optional: bool = False  # made only when asked (a fitted board, the ink saver): no note when it is missing
    lang: str | None = None  # for a folder of every language: zip only this language's files


def expected_downloads(site: GameSite, papers: tuple[str, ...]) -> list[Download]:
    """Every file the other steps are meant to write for this game and language, in page order."""
    lang = site.lang
    out: list[Download] = []
    paper_name = {paper: label("paper_" + paper, lang) for paper in papers}
    if site.content.rules.get(lang):
        for paper in papers:
            out.append(Download(site.output(names.rulebook(lang, paper)),
                                f"{label('dl_rulebook', lang)}, {paper_name[paper]}", "rulebook"))
        for paper in papers:
            aid = site.output(names.player_aid(lang, paper))
            if aid.is_file():  # only a game whose rules mark sections for it has one
                out.append(Download(aid, f"{label('dl_player_aid', lang)}, {paper_name[paper]}", "rulebook"))
    if site.content.cards:
        for paper in papers:
            out.append(Download(site.output(names.card_sheets(lang, paper)),
                                f"{label('dl_cards', lang)}, {paper_name[paper]}", "cards"))
        for paper in papers:
            out.append(Download(site.output(names.gutterfold(lang, paper)),
                                f"{label('dl_gutterfold', lang)}, {paper_name[paper]}", "cards"))
        for paper in papers:
            out.append(Download(site.output(names.duplex_calibration(lang, paper)),
                                f"{label('dl_calibration', lang)}, {paper_name[paper]}", "cards"))
        out.append(Download(site.output(names.card_pod(lang)), label("dl_pod", lang), "cards"))
        out.append(Download(site.output(names.pod(lang)), label("dl_pod_decks", lang), "cards",
                            f"print-shop-decks-{lang}.zip"))
        shops = site.output(names.print_shop("x", lang)).parent.parent
        if shops.is_dir():
            for profile in sorted(p.name for p in shops.iterdir() if p.is_dir()):
                out.append(Download(site.output(names.print_shop(profile, lang)),
                                    f"{label('dl_print_shop', lang)} ({profile})", "cards",
                                    f"print-shop-{profile}-{lang}.zip"))
    for board in site.content.boards:
        name = site.t(board.name)
        for paper in papers:
            out.append(Download(site.output(names.board_tiled(board.id, lang, paper)),
                                f"{name}: {label('dl_board_tiled', lang)}, {paper_name[paper]}", "boards"))
        for paper in papers:
            out.append(Download(site.output(names.board_fit(board.id, lang, paper)),
                                f"{name}: {label('dl_board_fit', lang)}, {paper_name[paper]}", "boards",
                                optional=True))
        out.append(Download(site.output(names.board_full(board.id, lang)),
                            f"{name}: {label('dl_board_full', lang)}", "boards"))
    if any(c.type in ("token", "cube", "ship", "marker", "coin") for c in site.content.game.components):
        for paper in papers:
            out.append(Download(site.output(names.tokens(lang, paper)),
                                f"{label('dl_tokens', lang)}, {paper_name[paper]}", "tokens"))
    if site.content.cards or site.content.boards:
        out.append(Download(site.output(names.tts(lang)), label("dl_tts", lang), "tts", f"tts-{lang}.zip"))
    out.append(Download(site.output(names.INK_SAVER), label("dl_ink_saver", lang), "ink saver",
                        f"ink-saver-{lang}.zip", optional=True, lang=lang))
    out.append(Download(site.output(names.MODEL), label("dl_model", lang), "model", sized=False))
    return out


LINK_RE = re.compile(rb'("(?:FaceURL|BackURL|ImageURL|ImageSecondaryURL)": ")[^"]*/([^"/]+")')


def folder_zip(folder: Path, lang: str | None = None) -> bytes:
    """The files of `folder` (those of language `lang` if given) as a zip with fixed dates and order, so rebuilding
    gives the same bytes.

    Image links in Tabletop Simulator objects point at the build's own output folder; in the
    site's copy they are bare file names (the same site wherever it was built; whoever unpacks it
    points them at where the images are, or builds with --tts-url)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in zip_members(folder, lang):
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            data = path.read_bytes()
            if path.suffix == ".json":
                data = LINK_RE.sub(rb"\1\2", data)
            archive.writestr(info, data)
    return buffer.getvalue()


def zip_members(folder: Path, lang: str | None) -> list[Path]:
    """The files a folder's zip holds, in their order in it."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and (lang is None or of_language(p, lang)))


def of_language(path: Path, lang: str) -> bool:
    """Whether a print file is made in `lang`: its name says so as output_files writes it (`cards-de-a4.pdf`,
    `main-de-full.pdf`, `main-de.svg`)."""
    return re.search(rf"-{lang}[-.]", path.name) is not None


def _size(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    return f"{max(1, round(size / 1024))} KB"


def downloads_page(site: GameSite, papers: tuple[str, ...]) -> str:
    """A table of the print files that exist, each copied next to the page and linked."""
    lang = site.lang
    page = site.path("downloads.md")
    rows: list[list[str]] = []
    missing: dict[str, int] = {}
    for item in expected_downloads(site, papers):
        if item.archive is not None and item.source.is_dir():
            if not zip_members(item.source, item.lang):
                continue
            payload = folder_zip(item.source, item.lang)
            target = site.tree.data(site.path("downloads", item.archive), payload)
            rows.append([escape(item.what), f"[{escape(item.archive)}]({rel(page, target)})", _size(len(payload))])
            continue
        if not item.source.is_file():
            if not item.optional:
                missing[item.group] = missing.get(item.group, 0) + 1
            continue
        target = site.tree.copy(site.path("downloads", item.source.name), item.source)
        rows.append([escape(item.what), f"[{escape(item.source.name)}]({rel(page, target)})",
                     _size(item.source.stat().st_size) if item.sized else "–"])
    for group, n in sorted(missing.items()):
        site.note(f"{n} {group} download(s) not written by this build (the {group} step is not there yet?)")
    lines = [f"# {label('downloads', lang)}", ""]
    if rows:
        lines.append(table([label("what", lang), label("file", lang), label("size", lang)], rows))
    else:
        lines.append(label("dl_none", lang))
    return site.page("downloads.md", "\n".join(lines))
