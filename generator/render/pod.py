"""Print-on-demand files: one PDF per deck and card size, a face per page, in the order the shop asks.

A shop prints a deck from one file (DriveThruCards: one PDF per deck, page 1 the back of card 1,
page 2 its front, and so on), and a game's decks differ in back and often in size (Habitable's
poker decks beside its tarot planets): each deck and size gets a file of its own
(`pod/<lang>/<deck>-<size>.pdf`), every copy of a card on pages of its own, so the pages are the
cards as printed. With a profile that prints in CMYK (or `--pdfx`), each file also gets its CMYK
PDF/X variant beside it (`-pdfx.pdf`, generator.render.pdfx).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from generator import output_files as names
from generator.build_cache import icons_digest, remembered_files
from generator.content.loader import GameContent
from generator.content.schema import Card, CardKind
from generator.layout.profiles import PrintProfile
from generator.render.pdf_sheets import PrintCard, write_pod
from generator.render.pdfx import to_pdfx

DEFAULT_PDFX = "PDF/X-1a:2003"  # what `--pdfx` declares when the profile names no version: DriveThruCards' ask


@dataclass(frozen=True)
class PodFile:
    """The cards of one deck and size, every copy, in the game's order."""

    deck: str
    size: str
    cards: tuple[PrintCard, ...]


def size_name(kind: CardKind) -> str:
    """A size as file names say it: the preset's name (`poker`), or `<width>x<height>` in mm."""
    if isinstance(kind.size, str):
        return kind.size
    width, height = kind.size_mm
    return f"{width:g}x{height:g}"


def pod_files(content: GameContent, designs: list[tuple[Card, PrintCard]]) -> list[PodFile]:
    """The designs' cards grouped by deck and size, in the order their first card comes."""
    groups: dict[tuple[str, str], list[PrintCard]] = {}
    for card, printed in designs:
        key = (content.game.deck_of(card.kind).id, size_name(content.game.kind(card.kind)))
        groups.setdefault(key, []).extend([printed] * card.count)
    return [PodFile(deck, size, tuple(cards)) for (deck, size), cards in groups.items()]


def pdfx_version(profile: PrintProfile | None, asked: bool) -> str | None:
    """The PDF/X version of this build's CMYK variants: the profile's when it prints in CMYK, `--pdfx`'s otherwise,
    none when neither asks."""
    if profile is not None and profile.colour == "cmyk":
        return profile.pdfx or DEFAULT_PDFX
    if asked:
        return (profile.pdfx if profile is not None else None) or DEFAULT_PDFX
    return None


def write_pods(out_dir: Path, content: GameContent, lang: str, designs: list[tuple[Card, PrintCard]],
               profile: PrintProfile | None, pdfx: bool = False) -> list[Path]:
    """Every deck's and size's file (see the module docstring); raises PdfxUnavailable when a PDF/X variant is
    asked for and Ghostscript cannot make it."""
    title = content.game.title.get(lang)
    back_first = profile is not None and profile.back_first
    version = pdfx_version(profile, pdfx)
    ink_limit = profile.ink_limit if profile is not None else None
    written: list[Path] = []
    for pod in pod_files(content, designs):
        # a rebuild draws again only the files whose cards changed (what is drawn is in the printed faces)
        drawn = ("pod-deck", content.id, lang, pod.deck, pod.size, title, back_first, version, ink_limit,
                 icons_digest(content), [repr(card) for card in pod.cards])
        written += remembered_files(drawn, out_dir, partial(_write_pod_file, out_dir, content, lang, pod, title,
                                                            back_first, version, ink_limit))
    return written


def _write_pod_file(out_dir: Path, content: GameContent, lang: str, pod: PodFile, title: str, back_first: bool,
                    version: str | None, ink_limit: int | None) -> list[Path]:
    """One deck and size's file, and its PDF/X variant when `version` names one."""
    path = out_dir / names.pod_deck(lang, pod.deck, pod.size)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_pod(path, list(pod.cards), content.icons, f"{title} — {pod.deck} ({pod.size})", back_first=back_first)
    if version is None:
        return [path]
    return [path, to_pdfx(path, out_dir / names.pod_deck(lang, pod.deck, pod.size, pdfx=True), version, ink_limit)]
