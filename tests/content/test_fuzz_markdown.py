"""Fuzzing rules pages' Markdown structure: check and build agree, within their budget, on any page.

A rules page is Markdown from a collaborator. Hypothesis writes page bodies out of Markdown's
own structures (lists nested to any depth, block quotes, HTML blocks, tables, admonitions,
attribute lists, code, emphasis and link brackets left open) and long runs of one unit (the
shapes a parser can be quadratic in: `*a`, `[`, `<div>`), puts the same body in both languages
of a small game's page, and runs `pnp check`, then `pnp build` over a complete earlier build:

- both end with exit 0 or 1, never 3 and never a traceback, and an exit 1 names the page;
- they agree: check accepts the page exactly when the build does (check renders what the build
  renders);
- a failed build leaves output/ exactly as it was.

No run may hang (a generous ceiling per run; nothing is timed). Examples: PNP_FUZZ_EXAMPLES
(default 8, times PNP_TEST_SCALE), fresh each run, failures kept in tests/fuzz-examples/.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from tests.fuzzing import FUZZ_SETTINGS, built_test_game, examples, run_pnp, shown_files

GAME = "tiny"
PAGE = "overview.md"
EXAMPLES = examples(8)
HANG_CEILING_S = 900  # only catches a hang: a budget-bound page takes the budget at most, twice

WORDS = st.sampled_from(["Karte", "card", "Nahrung", "ziehe", "2", "—", "é", "x"])
INLINE_MARKS = st.sampled_from(["*", "**", "_", "__", "`", "[", "]", "(", ")", "![", "<span>", "</span>", "<b>",
                                "&amp;", "&#", "<!--", "{ .note }", ":food:", "\\", "|", "~", "==", "^"])
REPEATED_UNITS = st.sampled_from(["*a", "**a", "_a", "[", "[a](", "![", "<div>", "<span>", "`", "> ", "- ",
                                  "1. ", "|", "{", "<!--", "&#1", "\\*", "\n    - x", "\n>"])
REPEAT_COUNTS = st.sampled_from([3, 100, 2_000, 20_000, 200_000, 300_000])


@st.composite
def inline_text(draw) -> str:
    parts = draw(st.lists(st.one_of(WORDS, INLINE_MARKS), min_size=1, max_size=30))
    return " ".join(parts) if draw(st.booleans()) else "".join(parts)


def _indent(text: str, by: str) -> str:
    return "\n".join(by + line if line else line for line in text.split("\n"))


def leaves() -> st.SearchStrategy[str]:
    return st.one_of(
        inline_text(),
        inline_text().map(lambda text: f"## {text}"),
        st.just("| a | b |\n|---|---|\n| 1 | 2 |"),
        inline_text().map(lambda text: f"| {text} |\n|---|\n| {text} |"),
        inline_text().map(lambda text: f"```\n{text}\n```"),
        inline_text().map(lambda text: f"!!! note\n    {text}"),
        inline_text().map(lambda text: f"{text}\n{{ .player-aid }}"),
        st.just("---"),
    )


def containers(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    body = st.lists(children, min_size=1, max_size=3).map("\n\n".join)
    return st.one_of(
        body.map(lambda text: "- " + _indent(text, "    ").lstrip()),
        body.map(lambda text: "1. " + _indent(text, "    ").lstrip()),
        body.map(lambda text: _indent(text, "> ")),
        body.map(lambda text: f'<div markdown="1">\n\n{text}\n\n</div>'),
        body.map(lambda text: f"!!! warning\n\n{_indent(text, '    ')}"),
    )


@st.composite
def deep_nesting(draw) -> str:
    """One structure nested far deeper than any rulebook: lists, quotes or HTML elements."""
    depth = draw(st.sampled_from([5, 60, 150, 400, 1_000]))
    kind = draw(st.sampled_from(["list", "quote", "html", "mixed"]))
    if kind == "list":
        return "\n".join("    " * level + "- x" for level in range(depth))
    if kind == "quote":
        return ">" * depth + " x"
    if kind == "html":
        return "<div>" * depth + "x" + "</div>" * depth
    return "\n".join("    " * level + ("- " if level % 2 else "> ") + "x" for level in range(depth))


@st.composite
def page_bodies(draw) -> str:
    structured = st.recursive(leaves(), containers, max_leaves=12)
    pieces = draw(st.lists(st.one_of(
        structured, structured, structured,  # mostly pages a person might write; sometimes a hostile one
        deep_nesting(),
        st.tuples(REPEATED_UNITS, REPEAT_COUNTS).map(lambda pair: pair[0] * pair[1]),
    ), min_size=1, max_size=4))
    return "\n\n".join(pieces)


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_pnp(*args, cwd=cwd, ceiling=HANG_CEILING_S)


def with_body(content: Path, body: str) -> None:
    """The body after each language's title line of the page."""
    for lang in ("de", "en"):
        page = content / GAME / "rules" / lang / PAGE
        title, _, rest = page.read_text(encoding="utf-8").partition("\n")
        page.write_text(f"{title}\n\n{body}\n\n{rest}", encoding="utf-8")


def assert_sentence(result: subprocess.CompletedProcess[str], what: str) -> None:
    assert result.returncode in (0, 1), f"{what}: exit {result.returncode}\n{result.stderr[-3000:]}"
    assert "Traceback" not in result.stdout + result.stderr, f"{what}\n{result.stderr[-3000:]}"
    if result.returncode == 1:
        assert PAGE in result.stderr, f"{what}: the error does not name the page\n{result.stderr[-3000:]}"


@pytest.fixture(scope="module")
def built_once(tmp_path_factory) -> Path:
    root = built_test_game(tmp_path_factory.mktemp("fuzz-markdown"), GAME, HANG_CEILING_S)
    return root


@pytest.mark.slow
@settings(max_examples=EXAMPLES, **FUZZ_SETTINGS)
@given(body=page_bodies())
@example(body="[a]([a]([a](\n\n1. > card\n    > { .player-aid }")  # printed as text, read by the site
def test_check_and_build_agree_on_any_markdown_structure(built_once, body) -> None:
    what = f"page body of {len(body):,} characters: {body[:200]!r}"
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(built_once / "content", root / "content")
        shutil.copytree(built_once / "output", root / "output", symlinks=True)
        with_body(root / "content", body)
        before = shown_files(root / "output")
        checked = pnp("check", "--content", "content", cwd=root)
        assert_sentence(checked, f"check, {what}")
        built = pnp("build", "--content", "content", "--output", "output", cwd=root)
        assert_sentence(built, f"build, {what}")
        event(f"check exit {checked.returncode}, build exit {built.returncode}")
        assert checked.returncode == built.returncode, (
            f"{what}: check exit {checked.returncode} but build exit {built.returncode}\n"
            f"check: {checked.stderr[-1500:]}\nbuild: {built.stderr[-1500:]}")
        if built.returncode != 0:
            assert shown_files(root / "output") == before, f"{what}: a failed build changed output/"
