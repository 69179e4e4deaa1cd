"""Rules Markdown with budgets: a rules page may not hang a build or crash it, as templates may not.

A rules page is rendered from its template (bounded by generator.sandbox), then Python-Markdown
reads the result three times: for the printable rulebook (generator.rulebook.html_tree), for the
headings' anchors (generator.rulestext.rule_sections) and in mkdocs for the site. Python-Markdown has
no budget of its own, and some shapes cost it quadratic time: 12,000 `[` in one paragraph take
13 s, 200,000 `*a` minutes; 300 nested lists or 400 nested `<div markdown>` exhaust Python's
stack (RecursionError). mkdocs' search index reads HTML in time quadratic in its depth, so
50,000 `<div>` hang the site build though Python-Markdown reads them in a fraction of a second.

`check_page` vets a rendered page once, before any of those readers sees it (generator.site.
rules_text leaves a page that fails out and reports it, so `pnp check` and `pnp build` give the
same error at the same page):

- a page longer than MAX_CHARS is refused (the largest bundled page is 10 KB);
- lists, quotes and indentation nested deeper than MAX_NESTING, or HTML elements nested deeper,
  are refused at the line where they go too deep, before Python-Markdown recurses into them;
- the page is then read with both extension sets (the rulebook's and the site's). A page whose
  paragraphs hold few inline marks (`[`, `*`, `_`, `<` ...: the shapes that cost quadratic time)
  is read here (those shapes are what makes a page slow); any other is read in a forked child whose
  CPU time is capped at MARKDOWN_SECONDS, so a slow page costs that budget once and is then an error,
  not a hang. Where there is no fork (not Linux), it is read in a started child stopped after
  CHILD_WALL_FACTOR times that budget of wall-clock time.
"""

from __future__ import annotations

import re
import resource
import selectors
import signal
import time
from dataclasses import dataclass
from typing import Any

import markdown  # type: ignore[import-untyped]
from markdown.extensions.toc import slugify_unicode  # type: ignore[import-untyped]

from generator.content.errors import ErrorList, Mark
from generator.forked import ChildFailed, Forked, can_fork

# the printable rulebook's extensions (generator.rulebook.html_tree reads its pages with them)
RULEBOOK_EXTENSIONS = ["tables", "attr_list", "admonition", "md_in_html", "fenced_code", "sane_lists"]
# the site's extensions as site/mkdocs.base.yml configures them (a test keeps the two alike); the
# headings' anchors (rule_sections) use a subset of both sets
SITE_EXTENSIONS = ["abbr", "admonition", "attr_list", "md_in_html", "tables", "toc", "pymdownx.details"]
SITE_CONFIGS: dict[str, dict[str, Any]] = {"toc": {"permalink": True, "slugify": slugify_unicode}}

MAX_CHARS = 100_000         # characters of one rendered page (10x the largest bundled page)
MAX_NESTING = 32            # levels of lists, quotes, indentation or HTML elements (the bundled pages use 2)
MARKDOWN_SECONDS = 10.0     # CPU time to read one page with both extension sets (real pages: milliseconds)
QUICK_WORK = 4_000_000      # sum over paragraphs of marks x length below which a page is read in this process
CHILD_WALL_FACTOR = 10      # a child's wall-clock limit, in budgets: on a busy machine CPU time comes slowly

INLINE_MARKS = re.compile(r"[\[\]*_`<&\\{!]")
BLANK = re.compile(r"\n[ \t]*\n")
# one level of a line's prefix: a quote or a list marker followed by a space (or the line's end)
PREFIX_LEVEL = re.compile(r"[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?")
RULE_LINE = re.compile(r"^[ \t]*(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")  # a horizontal rule
TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^<>]*?(/?)>")
# elements without content, and those whose end tag HTML lets a page leave out: they do not nest
NOT_NESTING = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "wbr", "area", "base", "source",
                         "embed", "track", "param", "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody",
                         "tfoot", "option", "optgroup", "colgroup", "rt", "rp", "caption"})
SPLIT = "split it into several pages (a page's number prefix orders them)"
NEST_LESS = "nest lists and quotes a few levels at most, and close every HTML element you open"
SHORTER = "a rules page reads in milliseconds: split the paragraph, or write the marks as `\\[` or `&#91;`"


@dataclass(frozen=True)
class Refusal:
    """Why a page is not read: the message and the 1-based line it points at."""

    message: str
    line: int = 1
    hint: str = NEST_LESS


def check_page(text: str, display: str, errors: ErrorList) -> bool:
    """Whether the rendered rules page `text` reads within the bounds; if not, the error is in `errors`
    at the page (`display`: its path as the user knows it) and its line."""
    refusal = refuse(text)
    if refusal is None:
        return True
    errors.add(Mark(display, refusal.line, 1), f"rules page: {refusal.message}", hint=refusal.hint, code="rules")
    return False


def refuse(text: str) -> Refusal | None:
    """None when both Markdown readers read `text` within the bounds, else why not."""
    if len(text) > MAX_CHARS:
        return Refusal(f"its Markdown is {len(text):,} characters long (at most {MAX_CHARS:,})", 1, SPLIT)
    found = too_deep(text)
    if found is not None:
        return found
    work, line = heaviest(text)
    if work <= QUICK_WORK:
        return _read_here(text, line)
    if not can_fork():
        return _read_in_started_child(text, line)
    return _read_in_child(text, line)


def _depth_of(line: str) -> int:
    """How deep a line nests Python-Markdown's blocks: its indentation in 4-column steps plus its quote
    and list markers (`> - > 1. text` is four levels)."""
    column = 0
    for char in line:
        if char == " ":
            column += 1
        elif char == "\t":
            column += 4 - column % 4
        else:
            break
    depth = column // 4
    if RULE_LINE.match(line):  # `- - - -` is a rule, not four lists
        return depth
    position = 0
    while (level := PREFIX_LEVEL.match(line, position)) is not None and level.end() > position:
        depth += 1
        position = level.end()
    return depth


def too_deep(text: str) -> Refusal | None:
    """The first line nesting lists, quotes or indentation, or HTML elements, beyond MAX_NESTING."""
    open_tags: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        depth = _depth_of(line)
        if depth > MAX_NESTING:
            return Refusal(f"lists, quotes or indentation nested {depth} deep (at most {MAX_NESTING})", number)
        for tag in TAG.finditer(line):
            closing, name, self_closing = tag.group(1), tag.group(2).lower(), tag.group(3)
            if name in NOT_NESTING or self_closing:
                continue
            if not closing:
                open_tags.append(name)
                if len(open_tags) > MAX_NESTING:
                    return Refusal(f"HTML elements nested more than {MAX_NESTING} deep", number)
            elif name in open_tags:  # close it and whatever was left open inside it
                del open_tags[len(open_tags) - 1 - open_tags[::-1].index(name):]
    return None


def heaviest(text: str) -> tuple[int, int]:
    """(work, line): the sum over paragraphs of inline marks times length, which is what costs
    Python-Markdown quadratic time, and the first line of the paragraph costing most."""
    total, worst, worst_line, line, start = 0, -1, 1, 1, 0
    for gap in [*BLANK.finditer(text), None]:
        end = gap.start() if gap is not None else len(text)
        block = text[start:end]
        work = len(INLINE_MARKS.findall(block)) * len(block)
        total += work
        if work > worst:
            worst, worst_line = work, line
        if gap is not None:
            line += text.count("\n", start, gap.end())
            start = gap.end()
    return total, worst_line


def read(text: str) -> None:
    """Read `text` as the rulebook and as the site do (raises what Python-Markdown raises)."""
    markdown.Markdown(extensions=RULEBOOK_EXTENSIONS).convert(text)
    markdown.Markdown(extensions=SITE_EXTENSIONS, extension_configs=SITE_CONFIGS).convert(text)


def _too_slow(line: int) -> Refusal:
    return Refusal(f"its Markdown takes more than {MARKDOWN_SECONDS:g} s to read (thousands of `[`, `*`, `_` "
                   "or `<` in one paragraph?)", line, SHORTER)


def _too_deep_to_read(line: int) -> Refusal:
    return Refusal("its Markdown nests too deep to read (lists, quotes or HTML elements)", line)


def _unreadable(why: str, line: int) -> Refusal:
    return Refusal(f"Python-Markdown cannot read it ({why})", line, SHORTER)


def _verdict(text: str) -> str:
    """Read `text`: "ok", "deep" (Python's stack ran out) or what went wrong."""
    try:
        read(text)
    except RecursionError:
        return "deep"
    except (MemoryError, Exception) as exc:  # noqa: BLE001 - Python-Markdown's fault on odd input is the page's error
        return f"{type(exc).__name__}: {exc}"
    return "ok"


def _refusal(verdict: str, line: int) -> Refusal | None:
    if verdict == "slow":
        return _too_slow(line)
    if verdict == "deep":
        return _too_deep_to_read(line)
    if verdict != "ok":
        return _unreadable(verdict, line)
    return None


def _read_here(text: str, line: int) -> Refusal | None:
    """Read in this process: for pages without the shapes known to be slow."""
    return _refusal(_verdict(text), line)


def _read_in_started_child(text: str, line: int) -> Refusal | None:
    """Read in a started (not forked) child, given CHILD_WALL_FACTOR budgets of wall-clock time."""
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:  # leaving the block terminates the child
        answer = pool.apply_async(_verdict, (text,))
        try:
            return _refusal(answer.get(MARKDOWN_SECONDS * CHILD_WALL_FACTOR), line)
        except multiprocessing.TimeoutError:
            return _too_slow(line)


class _OutOfTime(BaseException):
    """The child's CPU time is up (a BaseException: no `except Exception` in a reader swallows it)."""


def _on_cpu_limit(signum: int, frame: Any) -> None:
    raise _OutOfTime()


def _read_with_cpu_limit(text: str) -> str:
    """In the child: read `text` within MARKDOWN_SECONDS of CPU time; "ok", "slow", "deep" or what went wrong."""
    signal.signal(signal.SIGXCPU, _on_cpu_limit)
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = int(used.ru_utime + used.ru_stime)
    soft = spent + int(MARKDOWN_SECONDS) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 2))  # past the hard limit the kernel kills it
    try:
        return _verdict(text)
    except _OutOfTime:
        return "slow"


def _read_in_child(text: str, line: int) -> Refusal | None:
    """Read in a forked child with a CPU-time limit (and a generous wall-clock one)."""
    read("")  # the extensions load here, once, not in every child
    child: Forked[str] = Forked(lambda: _read_with_cpu_limit(text))
    limit = time.monotonic() + MARKDOWN_SECONDS * CHILD_WALL_FACTOR
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(child.fd, selectors.EVENT_READ)
            while True:
                left = limit - time.monotonic()
                if left <= 0:
                    return _too_slow(line)
                if selector.select(left):
                    break
        child.take()
        try:
            verdict = child.result()
        except ChildFailed:  # killed at the hard CPU limit before it could answer
            return _too_slow(line)
    finally:
        child.kill()
    return _refusal(verdict, line)

