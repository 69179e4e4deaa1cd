"""Card text with real font metrics: markup into words, words into lines, lines into a box.

Markup is deliberately small: a newline starts a paragraph, `**...**` is bold, `:name:` is an
inline vector icon at text size. `fit_text` tries the element's size and shrinks in quarter
points down to its minimum; the first size at which every word fits the width and every line
fits the height wins. The result is cached, because the same effect sentence appears on many
cards.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from generator.drawing.fonts import BOLD_OF, missing_glyphs, text_width_pt, unit_width
from generator.layout.geometry import PT_MM

ICON_RE = re.compile(r":([a-z][a-z0-9_-]*):")
SOFT_HYPHEN = "\u00ad"  # where a long word may break, shown as "-" only when it does
ASCENT, DESCENT = 0.928, 0.236  # DejaVu's ascent/descent in em
ICON_EM = 1.2  # inline icon edge in em
ICON_PAD_EM = 0.06


class Piece(NamedTuple):
    """A stretch of one word: text in one face, or an icon (text is then the icon's name)."""

    text: str
    role: str
    icon: bool = False


Word = tuple[Piece, ...]


class PlacedPiece(NamedTuple):
    """A piece placed relative to the text box: x from the left edge, baseline from the top."""

    x: float
    baseline: float
    piece: Piece
    width: float


class FittedText(NamedTuple):
    """The outcome of fitting: a size and placed pieces, or by how much it failed at the minimum."""

    size: float
    pieces: tuple[PlacedPiece, ...]
    lines: int
    height: float
    overflow: float = 0.0
    overflow_kind: str = ""  # "height", "width" or "lines"

    @property
    def fits(self) -> bool:
        return self.overflow <= 0


def parse_markup(markup: str, role: str) -> tuple[tuple[Word, ...], ...]:
    """Paragraphs of words of pieces. Bold toggles at `**`; icons are `:name:`."""
    paragraphs: list[tuple[Word, ...]] = []
    bold = False
    for line in markup.split("\n"):
        words: list[Word] = []
        for raw in line.split(" "):
            if not raw:
                continue
            pieces: list[Piece] = []
            for chunk_index, chunk in enumerate(raw.split("**")):
                if chunk_index:
                    bold = not bold
                face = BOLD_OF[role] if bold else role
                pos = 0
                for match in ICON_RE.finditer(chunk):
                    if match.start() > pos:
                        pieces.append(Piece(chunk[pos:match.start()], face))
                    pieces.append(Piece(match.group(1), face, icon=True))
                    pos = match.end()
                if pos < len(chunk):
                    pieces.append(Piece(chunk[pos:], face))
            if pieces:
                words.append(tuple(pieces))
        paragraphs.append(tuple(words))
    return tuple(paragraphs)


def icon_edge(size: float) -> float:
    """Edge of an inline icon in mm for text of `size` pt."""
    return size * PT_MM * ICON_EM


def _piece_width(piece: Piece, size: float) -> float:
    if piece.icon:
        return icon_edge(size) + 2 * ICON_PAD_EM * size * PT_MM
    return unit_width(piece.text.replace(SOFT_HYPHEN, ""), piece.role) * size * PT_MM


def _word_width(word: Word, size: float) -> float:
    return sum(_piece_width(p, size) for p in word)


def _hyphenate(word: Word, room: float, size: float) -> tuple[Word, Word] | None:
    """Split `word` at its last soft hyphen whose head, with a visible hyphen, fits in `room` mm."""
    for index in range(len(word) - 1, -1, -1):
        piece = word[index]
        if piece.icon or SOFT_HYPHEN not in piece.text:
            continue
        cuts = [k for k, char in enumerate(piece.text) if char == SOFT_HYPHEN]
        for cut in reversed(cuts):
            head = (*word[:index], Piece(piece.text[:cut] + "-", piece.role))
            if _word_width(head, size) <= room + 1e-6:
                return head, (Piece(piece.text[cut + 1:], piece.role), *word[index + 1:])
    return None


def _space(word: Word, size: float) -> float:
    """Width of the space after `word`: a space in the face the word ends in."""
    return text_width_pt(" ", word[-1].role, size) * PT_MM


def _line_width(line: list[tuple[Word, float]], size: float) -> float:
    return sum(w for _, w in line) + sum(_space(word, size) for word, _ in line[:-1])


def _wrap(paragraphs: tuple[tuple[Word, ...], ...], size: float, width: float
          ) -> tuple[list[list[tuple[Word, float]]], list[int], float]:
    """Greedy line breaking, hyphenating at soft hyphens (U+00AD) where a word does not fit.

    Returns lines (words with widths), the paragraph index of each line and the widest word.
    """
    lines: list[list[tuple[Word, float]]] = []
    owners: list[int] = []
    widest = 0.0
    for p_index, words in enumerate(paragraphs):
        current: list[tuple[Word, float]] = []
        used = 0.0
        pending = list(words)
        while pending:
            word = pending.pop(0)
            w = _word_width(word, size)
            room = width - (used + _space(current[-1][0], size) if current else 0.0)
            if w <= room + 1e-6:
                used = width - room + w
                current.append((word, w))
                widest = max(widest, w)
                continue
            split = _hyphenate(word, room, size)
            if split is not None:
                head, tail = split
                current.append((head, _word_width(head, size)))
                widest = max(widest, current[-1][1])
                pending.insert(0, tail)
            elif current:
                pending.insert(0, word)  # try again at the start of the next line
            else:
                current.append((word, w))  # alone and still too wide: reported as a width overflow
                widest = max(widest, w)
            lines.append(current)
            owners.append(p_index)
            current, used = [], 0.0
        lines.append(current)
        owners.append(p_index)
    lines, owners = _drop_empty_breaks(lines, owners, paragraphs)
    return lines, owners, widest


def _drop_empty_breaks(lines, owners, paragraphs):
    """A paragraph's last line is empty when its final word ended a line; drop it (keep empty paragraphs)."""
    kept_lines, kept_owners = [], []
    for index, (line, owner) in enumerate(zip(lines, owners, strict=False)):
        ends_paragraph = index + 1 == len(lines) or owners[index + 1] != owner
        earlier_line_of_paragraph = index > 0 and owners[index - 1] == owner
        if not line and ends_paragraph and earlier_line_of_paragraph:
            continue
        kept_lines.append(line)
        kept_owners.append(owner)
    return kept_lines, kept_owners


def _place(lines, owners, size: float, width: float, height: float, align: str, valign: str,
           leading: float, paragraph_gap: float) -> tuple[tuple[PlacedPiece, ...], float]:
    line_h = size * leading * PT_MM
    gap = size * paragraph_gap * PT_MM
    tops: list[float] = []
    y = 0.0
    for i, _ in enumerate(lines):
        if i and owners[i] != owners[i - 1]:
            y += gap
        tops.append(y)
        y += line_h
    total = y
    offset = {"top": 0.0, "middle": (height - total) / 2, "bottom": height - total}[valign]
    baseline_in_line = (line_h - (ASCENT + DESCENT) * size * PT_MM) / 2 + ASCENT * size * PT_MM
    placed: list[PlacedPiece] = []
    for line, top in zip(lines, tops, strict=False):
        line_w = _line_width(line, size)
        x = {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}[align]
        baseline = offset + top + baseline_in_line
        for index, (word, _) in enumerate(line):
            if index:
                x += _space(line[index - 1][0], size)
            for piece in word:
                w = _piece_width(piece, size)
                placed.append(PlacedPiece(x, baseline, piece, w))
                x += w
    return tuple(placed), total


@lru_cache(maxsize=4096)
def fit_text(markup: str, role: str, size: float, min_size: float, width: float, height: float,
             align: str = "left", valign: str = "top", leading: float = 1.18, paragraph_gap: float = 0.35,
             max_lines: int = 0) -> FittedText:
    """Fit `markup` into a width x height box (mm), shrinking from `size` to `min_size` pt."""
    one_line = _plain_line(markup, role, size, width, height, align, valign, leading)
    if one_line is not None:
        return one_line
    paragraphs = parse_markup(markup, role)
    current = _first_candidate(paragraphs, size, min_size, width, max_lines)
    while True:
        lines, owners, widest = _wrap(paragraphs, current, width)
        line_h = current * leading * PT_MM
        breaks = sum(1 for i in range(1, len(lines)) if owners[i] != owners[i - 1])
        total = len(lines) * line_h + breaks * current * paragraph_gap * PT_MM
        problems = []
        if widest > width + 1e-6:
            problems.append(("width", widest - width))
        if total > height + 1e-6:
            problems.append(("height", total - height))
        if max_lines and len(lines) > max_lines:
            natural = _line_width([entry for line in lines for entry in line], current)
            problems.append(("lines", max(0.01, natural - width * max_lines)))
        if not problems or current - 0.25 < min_size - 1e-9:
            placed, total = _place(lines, owners, current, width, height, align, valign, leading, paragraph_gap)
            kind, amount = max(problems, key=lambda p: p[1]) if problems else ("", 0.0)
            return FittedText(current, placed, len(lines), total, round(amount, 2), kind)
        current = round(current - 0.25, 2)


def _plain_line(markup: str, role: str, size: float, width: float, height: float, align: str, valign: str,
                leading: float) -> FittedText | None:
    """Plain words (no markup, soft hyphen or line break) that fit on one line at `size`: what the general path
    gives, by the same arithmetic in the same order, without its markup parsing and line lists; None for
    anything else. Most titles and labels are such text, and each card has its own."""
    if "*" in markup or ":" in markup or "\n" in markup or SOFT_HYPHEN in markup:
        return None
    words = [word for word in markup.split(" ") if word]
    if not words:
        return None
    space = text_width_pt(" ", role, size) * PT_MM
    widths: list[float] = []
    used = 0.0
    for word in words:  # as `_wrap` fills a line
        w = unit_width(word, role) * size * PT_MM
        room = width - (used + space if widths else 0.0)
        if w > room + 1e-6:
            return None
        used = width - room + w
        widths.append(w)
    line_h = size * leading * PT_MM
    total = 1 * line_h + 0 * size * PT_MM
    if total > height + 1e-6:
        return None
    line_w = sum(widths) + sum(space for _ in widths[1:])  # as `_line_width`
    offset = {"top": 0.0, "middle": (height - line_h) / 2, "bottom": height - line_h}[valign]
    baseline_in_line = (line_h - (ASCENT + DESCENT) * size * PT_MM) / 2 + ASCENT * size * PT_MM
    baseline = offset + 0.0 + baseline_in_line  # as `_place`: offset, the first line's top, then the baseline
    x = {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}[align]
    placed: list[PlacedPiece] = []
    for index, (word, w) in enumerate(zip(words, widths, strict=True)):
        if index:
            x += space
        placed.append(PlacedPiece(x, baseline, Piece(word, role), w))
        x += w
    return FittedText(size, tuple(placed), 1, line_h, 0.0, "")


def _first_candidate(paragraphs: tuple[tuple[Word, ...], ...], size: float, min_size: float, width: float,
                     max_lines: int) -> float:
    """The largest size of the quarter-point steps from `size` that could fit, by widths alone: a word without a
    soft hyphen is never split, and one paragraph on one line needs its whole width. Widths scale linearly with the
    size, so a size ruled out here fails `fit_text`'s test too (by a margin far beyond rounding); the minimum is
    never skipped. Skipping them leaves the result as stepping through them would."""
    whole = [word for words in paragraphs for word in words
             if not any(not piece.icon and SOFT_HYPHEN in piece.text for piece in word)]
    need = max((_word_width(word, 1.0) for word in whole), default=0.0)
    if max_lines == 1 and len(paragraphs) == 1 and paragraphs[0]:
        need = max(need, _line_width([(word, _word_width(word, 1.0)) for word in paragraphs[0]], 1.0))
    current = size
    while need * current > width + 1e-4 and current - 0.25 >= min_size - 1e-9:
        current = round(current - 0.25, 2)
    return current


class SetText(NamedTuple):
    """Fitted text as drawable runs relative to the box: what the layout step places per card."""

    fitted: FittedText
    runs: tuple[tuple[float, float, str, str, float], ...]  # (x, baseline, text, face, width)
    icons: tuple[tuple[str, float, float, float], ...]  # (name, x, top, edge)
    missing: tuple[str, ...]  # characters the fonts lack


@lru_cache(maxsize=4096)
def set_text(markup: str, role: str, size: float, min_size: float, width: float, height: float, align: str,
             valign: str, leading: float, paragraph_gap: float, max_lines: int) -> SetText:
    """Fit, then join neighbouring words of one face on one line into single runs (fewer draw calls)."""
    fitted = fit_text(markup, role, size, min_size, width, height, align, valign, leading, paragraph_gap, max_lines)
    runs: list[list] = []
    icons: list[tuple[str, float, float, float]] = []
    missing: dict[str, None] = {}
    joinable = False
    for placed in fitted.pieces:
        piece = placed.piece
        if piece.icon:
            edge = icon_edge(fitted.size)
            icons.append((piece.text, placed.x + (placed.width - edge) / 2,
                          placed.baseline - 0.36 * fitted.size * PT_MM - edge / 2, edge))
            joinable = False  # text after an icon starts a new run
            continue
        drawn = piece.text.replace(SOFT_HYPHEN, "")
        for char in missing_glyphs(drawn, piece.role):
            missing[char] = None
        last = runs[-1] if runs and joinable else None
        if last is not None and last[3] == piece.role and abs(last[1] - placed.baseline) < 1e-6:
            gap = placed.x - (last[0] + last[4])
            if abs(gap) < 1e-6:
                last[2] += drawn
                last[4] = placed.x + placed.width - last[0]
                continue
            if abs(gap - text_width_pt(" ", piece.role, fitted.size) * PT_MM) < 1e-6:
                last[2] += " " + drawn
                last[4] = placed.x + placed.width - last[0]
                continue
        runs.append([placed.x, placed.baseline, drawn, piece.role, placed.width])
        joinable = True
    return SetText(fitted, tuple(tuple(r) for r in runs), tuple(icons), tuple(missing))
