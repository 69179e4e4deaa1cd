"""The last net for unrendered text: every file a build writes, read as its reader sees it.

Rules pages are checked where they are rendered (generator.rulestext.unrendered); this reads what a
build made of them and of everything else (site pages, the search index, SVG faces and pictures,
Tabletop Simulator objects, every PDF's text) for template fields, template tags and attribute lists
left as text, numbered rules headings without their `rule-` anchor and inline icons without the class that
sizes them to the line. A find is an error at the content it most likely came from: the rules page
a site page was made from, the card a face or card page shows, else the first content file that
holds the same text, else the output file itself. Images (PNG) are the same faces drawn again and
are not read, nor are card sheets and print-on-demand files (their lines are the faces' lines, laid
out once); `game.json` is the model, whose operation texts are templates by design.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList, Mark
from generator.content.errors import relative as relative_path
from generator.content.loader import GameContent
from generator.rulestext.rule_sections import section_anchor
from generator.rulestext.unrendered import OUTPUT_RE, Unrendered, find

MODEL = "game.json"
SKIPPED_FOLDERS = ("assets", "downloads")  # a site's theme, and copies of files read where they were made
SEARCH_INDEX = "search_index.js"
HIDDEN_RE = re.compile(r"<(script|style)\b.*?</\1\s*>|<!--.*?-->", re.S | re.I)
READ_ATTRIBUTES_RE = re.compile(r"\b(?:title|alt|aria-label|placeholder)\s*=\s*\"([^\"]*)\"", re.I)
TAG_RE = re.compile(r"<[^>]*>")
SVG_TEXT_RE = re.compile(r"<(?:text|tspan|title|desc)\b[^>]*>([^<]*)")
# card sheets and print-on-demand files draw the very lines the SVG faces hold (one layout step); their text is
# read there
SAME_AS_FACES_RE = re.compile(r"^(?:cards-[^/]*\.pdf|print-shop/.*\.pdf|pod/.*\.pdf)$")
ARTICLE_RE = re.compile(r"<article\b.*?</article\s*>", re.S | re.I)
HEADING_RE = re.compile(r"<h([1-6])\b([^>]*)>(.*?)</h\1\s*>", re.S | re.I)
ID_RE = re.compile(r"\bid\s*=\s*\"([^\"]*)\"", re.I)
IMG_RE = re.compile(r"<img\b[^>]*>", re.I)
SRC_RE = re.compile(r"\bsrc\s*=\s*\"([^\"]*)\"", re.I)
CLASS_RE = re.compile(r"\bclass\s*=\s*\"([^\"]*)\"", re.I)
ICON_CLASS = "pnp-icon"
SECTION_NUMBER_RE = re.compile(r"(\d+(?:\.\d+)*) ")
CARD_FILE_RE = re.compile(r"(?:^|/)cards/(?:[a-z]{2}/)?([a-z0-9][a-z0-9_-]*?)(?:-(?:front|back))?\.(?:svg|html)$")
MAX_FINDS = 20  # per unit or site: enough to see the pattern, not a wall of text


def svg_text(markup: str) -> str:
    """The words of an SVG picture: its text elements and titles (its shapes and styles hold none)."""
    return html.unescape(" \n".join(SVG_TEXT_RE.findall(markup)))


def markup_text(markup: str) -> str:
    """What a reader of an HTML or SVG file sees or hears: its text and its titles and alternative texts."""
    visible = HIDDEN_RE.sub(" ", markup)
    said = " \n".join(READ_ATTRIBUTES_RE.findall(visible))
    return html.unescape(TAG_RE.sub(" ", visible) + "\n" + said)


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield markup_text(data) if "<" in data else data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def pdf_text(path: Path) -> str:
    """A PDF's text, as a reader selecting it would copy it."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        parts: list[str] = []
        for index in range(len(document)):
            page = document[index]
            text = page.get_textpage()
            parts.append(text.get_text_range())
            text.close()
            page.close()
        return "\n".join(parts)
    finally:
        document.close()


def reader_text(path: Path) -> str | None:
    """The text of an output file its reader meets, or None for a file that holds none (images) or is data."""
    suffix = path.suffix.lower()
    if path.name == MODEL:
        return None
    if suffix == ".html":
        return markup_text(path.read_text(encoding="utf-8", errors="replace"))
    if suffix == ".svg":
        return svg_text(path.read_text(encoding="utf-8", errors="replace"))
    if suffix == ".json" or path.name == SEARCH_INDEX:
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.name == SEARCH_INDEX:
            text = text[text.find("{"):].rstrip().rstrip(";")
        try:
            return "\n".join(_strings(json.loads(text)))
        except ValueError:
            return text
    if suffix == ".pdf":
        return pdf_text(path)
    return None


def page_faults(markup: str, rules_page: bool) -> list[str]:
    """What a site page shows wrongly besides unrendered text: a rules heading without its `rule-` anchor,
    an inline icon without the class that keeps it one line high."""
    faults: list[str] = []
    if rules_page:  # a numbered heading is anchored by its number (headings nested in a list have neither)
        for article in ARTICLE_RE.findall(markup):
            for level, attributes, inner in HEADING_RE.findall(article):
                title = " ".join(html.unescape(TAG_RE.sub(" ", inner)).replace("¶", "").split())
                number = SECTION_NUMBER_RE.match(title)
                anchor = ID_RE.search(attributes)
                if number is not None and (anchor is None or anchor.group(1) != section_anchor(number.group(1))):
                    faults.append(f"the rules heading '{title}' (h{level}) has no anchor "
                                  f"#{section_anchor(number.group(1))}")
    for image in IMG_RE.findall(markup):
        source = SRC_RE.search(image)
        if source is None or "icons/" not in source.group(1):
            continue
        classes = CLASS_RE.search(image)
        if classes is None or ICON_CLASS not in classes.group(1).split():
            faults.append(f"the inline icon '{source.group(1)}' is drawn without the class that keeps it one line "
                          f"high")
    return faults


def _line_holding(text: str, words: str) -> int | None:
    found = text.find(words)
    return text.count("\n", 0, found) + 1 if found >= 0 else None


def source_mark(content: GameContent, lang: str, relative: str, words: str, sources: dict[str, str]) -> Mark:
    """Where the text `words`, found in output file `relative`, most likely came from (see the module)."""
    rules = content.rules.get(lang, {})
    source = sources.get(re.sub(r"\.html$", ".md", relative))
    if source is not None:
        name = source.rsplit("/", 1)[-1]
        return Mark(source, _line_holding(rules.get(name, ""), words) or 1, 1)
    card = CARD_FILE_RE.search(relative)
    if card is not None and card.group(1) in {c.id for c in content.cards}:
        mark = content.mark_of("card", card.group(1))
        try:  # the card's own line that holds the words, else the card's first line
            lines = Path(mark.file).read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError):
            return mark
        line = next((number for number in range(max(1, mark.line), len(lines) + 1) if words in lines[number - 1]),
                    None)
        return Mark(mark.file, line, 1) if words and line is not None else mark
    for name, text in sorted(rules.items()):
        line = _line_holding(text, words)
        if line is not None:
            return Mark(f"{content.root.name}/rules/{lang}/{name}", line, 1)
    for path in sorted(content.root.rglob("*.yaml")):
        try:
            line = _line_holding(path.read_text(encoding="utf-8"), words)
        except (OSError, UnicodeDecodeError):
            continue
        if line is not None:
            return Mark(relative_path(path), line, 1)
    return Mark(relative)


def check_outputs(content: GameContent, lang: str, base: Path, files: Iterable[Path], errors: ErrorList,
                  sources: dict[str, str] | None = None, shown: str = "") -> bool:
    """Read every file of `files` (under `base`) as its reader would; add an error for each unrendered piece
    and each page fault, at its likely source, once however many files show it. `shown` prefixes the
    output path in messages. Returns whether all were clean."""
    finds: dict[tuple[Mark, str], list[str]] = {}  # (source, what) -> the files that show it
    hints: dict[tuple[Mark, str], str] = {}  # what the first file shows
    for path in sorted(files):
        relative = path.relative_to(base).as_posix()
        if any(part in SKIPPED_FOLDERS for part in relative.split("/")[:-1]) or not path.is_file() or \
                SAME_AS_FACES_RE.match(relative):
            continue
        text = reader_text(path)
        if text is None:
            continue
        first: dict[str, Unrendered] = {}
        for piece in find(text, OUTPUT_RE):
            first.setdefault(piece.text, piece)
        for piece in list(first.values())[:3]:  # the first of each kind, three per file
            key = (source_mark(content, lang, relative, piece.text, sources or {}), piece.text)
            finds.setdefault(key, []).append(relative)
            hints.setdefault(key, f"shows unrendered text '{piece.text}' (in '{piece.context}')")
        if path.suffix.lower() == ".html":
            markup = path.read_text(encoding="utf-8", errors="replace")
            for fault in page_faults(markup, relative.startswith("rules/")):
                key = (source_mark(content, lang, relative, "", sources or {}), fault)
                finds.setdefault(key, []).append(relative)
                hints.setdefault(key, f": {fault}")
    for key, where in list(finds.items())[:MAX_FINDS]:
        more = f" (and {len(where) - 1} more file{'s' if len(where) > 2 else ''})" if len(where) > 1 else ""
        what = hints[key]
        errors.add(key[0], f"{shown}{where[0]}{more}{'' if what.startswith(':') else ' '}{what}", code="unrendered",
                   hint="a template field, template tag or attribute list reached the output, or a heading or icon "
                        "Markdown did not read as meant: fix it where the text is written")
    return not finds
