"""Rules Markdown is bounded: a page Python-Markdown would hang or crash on is an error at the page,
the same in `pnp check` and `pnp build`, and the build leaves the previous output as it was."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rulestext import markdown_bounds
from generator.rulestext.rules_text import render_rules
from tests.pnp_process import pnp_forked

MAX_CHARS, MAX_NESTING, QUICK_WORK = markdown_bounds.MAX_CHARS, markdown_bounds.MAX_NESTING, markdown_bounds.QUICK_WORK
check_page, heaviest, refuse = markdown_bounds.check_page, markdown_bounds.heaviest, markdown_bounds.refuse
REPO = Path(__file__).resolve().parents[2]
TINY = REPO / "tests" / "content" / "tiny"
PAGE = "tiny/rules/en/90-hostile.md"
UNTOUCHED = "the previous output is untouched"


def indented_lists(levels: int) -> str:
    """`levels` lists, each inside the last item of the one before (four spaces a level)."""
    return "".join("    " * level + "- x\n" for level in range(levels))


def nested_html(levels: int) -> str:
    """`levels` <div markdown> inside each other: md_in_html reads each level by recursion."""
    return '<div markdown="1">\n\n' * levels + "x\n\n" + "</div>\n\n" * levels


# the pages of the audit, and the nesting that ran out of stack: every one is refused before it is read
HOSTILE = {
    "200,000 *a": ("*a" * 200_000, 3, "characters long"),
    "300,000 [": ("[" * 300_000, 3, "characters long"),
    "50,000 <div>": ("<div>" * 50_000, 3, "characters long"),
    "400 indented list levels": (indented_lists(400), 3, "characters long"),
    "400 list markers on a line": ("- " * 400 + "x\n", 3, "nested 400 deep"),
    "40 indented list levels": (indented_lists(40), 35, "nested 33 deep"),
    "400 nested <div markdown>": (nested_html(400), 3 + 2 * MAX_NESTING, "HTML elements nested more than"),
}


@pytest.mark.parametrize("body, line, message", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_page_is_refused_at_its_line(body: str, line: int, message: str) -> None:
    errors = ErrorList()
    assert not check_page("# Hostile\n\n" + body, PAGE, errors)
    [error] = list(errors)
    assert (error.mark.file, error.code) == (PAGE, "rules")
    assert error.mark.line == (1 if "characters" in message else line)
    assert message in error.message and error.message.startswith("rules page: ")


def test_the_audit_pages_are_refused_by_their_size_alone() -> None:
    """Each is far beyond the size limit, so it is refused without being read at all."""
    for body, _, _ in list(HOSTILE.values())[:4]:
        assert len("# Hostile\n\n" + body) > MAX_CHARS


def test_deep_nesting_that_would_exhaust_the_stack_is_refused_not_raised() -> None:
    """Read unbounded, 400 nested `<div markdown>` (11 KB) raise RecursionError: here it is a refusal."""
    import markdown  # type: ignore[import-untyped]

    text = "# Hostile\n\n" + nested_html(400)
    with pytest.raises(RecursionError):
        markdown.Markdown(extensions=markdown_bounds.SITE_EXTENSIONS).convert(text)
    refusal = refuse(text)
    assert refusal is not None and "HTML elements nested" in refusal.message


def test_a_slow_paragraph_is_read_in_a_child_and_stopped_at_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """20,000 `[` in one paragraph (20 KB: within the size and nesting limits) cost Python-Markdown
    quadratic time, about a minute; the child reading it is stopped at its CPU budget."""
    monkeypatch.setattr(markdown_bounds, "MARKDOWN_SECONDS", 1.0)
    text = "# Slow\n\nSome words.\n\n" + "[" * 20_000 + "\n"
    work, line = heaviest(text)
    assert work > QUICK_WORK and line == 5
    refusal = refuse(text)
    assert refusal is not None
    assert (refusal.line, refusal.message) == (5, ("its Markdown takes more than 1 s to read (thousands of "
                                                   "`[`, `*`, `_` or `<` in one paragraph?)"))


def test_without_fork_a_slow_paragraph_is_stopped_in_a_started_child(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no child is forked (not Linux), the page is read in a started child, stopped at a wall-clock limit
    (10 budgets: here 10 s, for a paragraph Python-Markdown reads in tens of seconds)."""
    monkeypatch.setattr(markdown_bounds, "MARKDOWN_SECONDS", 1.0)
    monkeypatch.setattr(markdown_bounds, "can_fork", lambda: False)
    refusal = refuse("# Slow\n\n" + "[" * 20_000 + "\n")
    assert refusal is not None and refusal.line == 3 and "takes more than 1 s to read" in refusal.message


def test_a_page_with_many_marks_that_reads_quickly_passes_in_the_child() -> None:
    text = "# Many\n\n" + "| a | b |\n|---|---|\n" + "| [x](y.md) | *z* |\n" * 1_000
    assert heaviest(text)[0] > QUICK_WORK  # read in a child, and it reads well within the budget
    assert refuse(text) is None


def test_ordinary_nesting_and_rules_pass() -> None:
    text = ("# Fine\n\n- a\n    - b\n        - c\n\n> quoted\n> > twice\n\n- - - -\n\n"
            "<div markdown=\"1\">\n<p>open paragraph<br>\n*x*\n</div>\n")
    assert refuse(text) is None


def test_the_site_reads_with_the_extensions_the_bounds_read_with() -> None:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: suffix)
    base = yaml.load((REPO / "site" / "mkdocs.base.yml").read_text(encoding="utf-8"), Loader=Loader)
    names = [entry if isinstance(entry, str) else next(iter(entry)) for entry in base["markdown_extensions"]]
    assert sorted(names) == sorted(markdown_bounds.SITE_EXTENSIONS)


@pytest.mark.parametrize("game", ["astronuts", "escape-earth", "habitable", "terraforming-mars"])
def test_every_bundled_page_passes_and_is_read_in_process(game: str) -> None:
    """The bundled pages are far inside every bound: none needs a child (which would slow builds)."""
    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    assert not errors, errors.as_text()
    for lang in ("de", "en"):
        pages = render_rules(content, lang, errors)
        assert pages and not errors, errors.as_text()
        for page in pages:
            assert len(page.markdown) < MAX_CHARS // 5
            assert heaviest(page.markdown)[0] <= QUICK_WORK // 4, page.source


# --- the commands ----------------------------------------------------------------------------------
def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    if args[0] == "build":
        args = (*args, "--tts-url", "https://tts.example.org/tiny")
    return pnp_forked(*args, cwd=cwd, ceiling=300)


def snapshot(output: Path) -> dict[str, bytes]:
    return {str(path.relative_to(output)): path.read_bytes() for path in sorted(output.rglob("*"))
            if path.is_file() and ".pnp" not in path.relative_to(output).parts}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The tiny game, built once; each test adds a page and takes it away again."""
    root = tmp_path_factory.mktemp("bounds")
    shutil.copytree(TINY, root / "content" / "tiny")
    first = pnp("build", "--content", "content", "--output", "output", cwd=root)
    assert first.returncode == 0, first.stderr
    yield root


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) for name in (  # each a check and a build
    "200,000 *a", "300,000 [", "50,000 <div>", "400 indented list levels")] + ["400 nested <div markdown>"])
def test_check_and_build_refuse_the_page_and_the_output_stays(tree: Path, name: str) -> None:
    body, line, message = HOSTILE[name]
    line = 1 if "characters" in message else line
    page = tree / "content" / PAGE
    translation = page.parent.parent / "de" / page.name
    before = snapshot(tree / "output")
    page.write_text("# Hostile\n\n" + body, encoding="utf-8")
    translation.write_text("# Feindlich\n\nText.\n", encoding="utf-8")
    try:
        for command in (("check", "--content", "content"),
                        ("build", "--content", "content", "--output", "output")):
            done = pnp(*command, cwd=tree)
            assert done.returncode == 1, (command, done.stderr)
            assert f"{PAGE}:{line}:1: error: rules page: " in done.stderr and message in done.stderr
            assert "Traceback" not in done.stderr and "mkdocs" not in done.stderr  # refused before the site is built
        assert UNTOUCHED in done.stderr
        assert snapshot(tree / "output") == before
    finally:
        page.unlink()
        translation.unlink()


def test_a_page_starting_with_a_byte_order_mark_checks_and_builds(tree: Path) -> None:
    page = tree / "content" / "tiny" / "rules" / "en" / "overview.md"
    original = page.read_bytes()
    page.write_bytes(b"\xef\xbb\xbf# Marked rules\n\nText.\n")
    try:
        assert (done := pnp("check", "--content", "content", cwd=tree)).returncode == 0, done.stderr
        assert (done := pnp("build", "--content", "content", "--output", "output", cwd=tree)).returncode == 0, (
            done.stderr
        )
        html = (tree / "output" / "site" / "tiny" / "en" / "rules" / "overview.html").read_text(encoding="utf-8")
        assert "Marked rules" in html and "\ufeff" not in html
    finally:
        page.write_bytes(original)
