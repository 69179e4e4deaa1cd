"""The downloads page: the print files this build wrote for the game, copied into the site.

File names follow the contracts of the cards and boards steps; a file that a step should have
written but did not is named in the build log, and the page lists what exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.site.game_site import GameSite
from generator.site.i18n import label
from generator.site.markup import escape, rel, table


@dataclass(frozen=True)
class Download:
    """One expected print file: where the build writes it and how the page describes it."""

    source: Path
    what: str
    group: str


def expected_downloads(site: GameSite, papers: tuple[str, ...]) -> list[Download]:
    """Every file the other steps are meant to write for this game and language, in page order."""
    lang = site.lang
    out: list[Download] = []
    if site.content.cards:
        for paper in papers:
            out.append(Download(site.output(f"cards-{lang}-{paper}.pdf"),
                                f"{label('dl_cards', lang)}, {label('paper_' + paper, lang)}", "cards"))
        out.append(Download(site.output(f"cards-{lang}-pod.pdf"), label("dl_pod", lang), "cards"))
    for board in site.content.boards:
        name = site.t(board.name)
        for paper in papers:
            out.append(Download(site.output("boards", f"{board.id}-{lang}-{paper}-tiled.pdf"),
                                f"{name}: {label('dl_board_tiled', lang)}, {label('paper_' + paper, lang)}", "boards"))
        out.append(Download(site.output("boards", f"{board.id}-{lang}-full.pdf"),
                            f"{name}: {label('dl_board_full', lang)}", "boards"))
    if any(c.type in ("token", "cube", "ship", "marker", "coin") for c in site.content.game.components):
        for paper in papers:
            out.append(Download(site.output(f"tokens-{lang}-{paper}.pdf"),
                                f"{label('dl_tokens', lang)}, {label('paper_' + paper, lang)}", "tokens"))
    out.append(Download(site.output("game.json"), label("dl_model", lang), "model"))
    return out


def _size(path: Path) -> str:
    size = path.stat().st_size
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
        if not item.source.is_file():
            missing[item.group] = missing.get(item.group, 0) + 1
            continue
        target = site.tree.copy(site.path("downloads", item.source.name), item.source)
        rows.append([escape(item.what), f"[{escape(item.source.name)}]({rel(page, target)})", _size(item.source)])
    for group, n in sorted(missing.items()):
        site.note(f"{n} {group} download(s) not written by this build (the {group} step is not there yet?)")
    lines = [f"# {label('downloads', lang)}", ""]
    if rows:
        lines.append(table([label("what", lang), label("file", lang), label("size", lang)], rows))
    else:
        lines.append(label("dl_none", lang))
    return site.page("downloads.md", "\n".join(lines))
