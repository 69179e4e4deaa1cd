"""Nothing unrendered: a rules page that shows template text (`{amount}`, `:{resource}:`) or a heading
that holds a brace is refused at the line that wrote it, by `pnp check` and by `pnp build` (which then
leaves the previous output as it was); an operation's general form reads X, Y and the page's words."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import markdown  # type: ignore[import-untyped]
import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rulestext.rule_sections import number_sections, numbered_markdown
from generator.rulestext.rules_text import render_rules_page, rules_context
from tests.cli_in_process import run_pnp

REPO = Path(__file__).resolve().parents[2]
TINY = REPO / "tests" / "content" / "tiny"
PAGE = "tiny/rules/en/x.md"


@pytest.fixture(scope="module")
def tiny():
    errors = ErrorList()
    [content] = load_checked(TINY.parent, ["tiny"], errors)
    assert not errors, errors.as_text()
    return content


def render(content, text: str) -> tuple[str | None, ErrorList]:
    errors = ErrorList()
    return render_rules_page(text, rules_context(content, "en"), PAGE, errors), errors


def test_a_placeholder_written_on_the_page_is_refused_at_its_line(tiny) -> None:
    out, errors = render(tiny, "# Rules\n\nText.\nYou lose {amount} food.\n\nMore.\n")
    assert out is None
    [error] = errors.errors
    assert (error.mark.file, error.mark.line, error.code) == (PAGE, 4, "rules")
    assert "unrendered template text '{amount}'" in error.message and "You lose {amount} food" in error.message


def test_an_operation_template_printed_in_a_loop_is_named_once_at_the_printing_line(tiny) -> None:
    text = "# Effects\n\n{% for op in game.operations %}\n### {{ t(op.text) }}\n\nMeaning.\n{% endfor %}\n"
    out, errors = render(tiny, text)
    assert out is None
    [error] = errors.errors
    assert error.mark.line == 4
    assert "'{amount}'" in error.message and "':{resource}:'" in error.message


def test_a_placeholder_after_a_loop_is_found_by_its_words(tiny) -> None:
    text = "# T\n\n{% for x in [1, 2] %}\n- {{ x }}\n{% endfor %}\n\nok\n\nand {{ 'then' }} {count} more\n"
    out, errors = render(tiny, text)
    assert out is None
    assert [error.mark.line for error in errors.errors] == [9]


def test_a_heading_holding_a_brace_is_refused(tiny) -> None:
    out, errors = render(tiny, "# T\n\n## Sets {A, B} of cards\n\nText.\n")
    assert out is None
    [error] = errors.errors
    assert error.mark.line == 3 and "heading 'Sets {A, B} of cards' holds a brace" in error.message


def test_attribute_lists_and_braces_in_code_fences_pass(tiny) -> None:
    text = "# T { .player-aid }\n\n## A { #own-id }\n\n```\n## {a, b} in a fence\n```\n\n[a](b.md){ .c }\n"
    out, errors = render(tiny, text)
    assert not errors.errors and out is not None


def test_sentence_gives_an_operations_general_form(tiny) -> None:
    out, errors = render(tiny, "# T\n\n{{ sentence('lose_cube', resource='resource') }}\n")
    assert not errors.errors
    assert out is not None and "Lose *X* *resource*." in out


def test_sentence_asks_for_the_words_it_cannot_make(tiny) -> None:
    out, errors = render(tiny, "# T\n\n{{ sentence('lose_cube') }}\n")
    assert out is None
    [error] = errors.errors
    assert error.mark.line == 3 and "give a word for 'resource'" in error.message
    out, errors = render(tiny, "# T\n\n{{ sentence('lose_cubes', resource='r') }}\n")
    assert out is None and "unknown operation 'lose_cubes'" in errors.errors[0].message


def test_an_icon_at_the_end_of_a_heading_keeps_its_size_and_the_heading_its_anchor() -> None:
    text = "# P\n\n## Temperature +2 ![Temperature](../icons/t.svg){ .pnp-icon }\n"
    html = markdown.Markdown(extensions=["attr_list", "toc"]).convert(numbered_markdown(text, number_sections(text, 7)))
    assert '<h2 id="rule-7-1">' in html
    assert '<img alt="Temperature" class="pnp-icon" src="../icons/t.svg" />' in html


@pytest.mark.parametrize("game", ["astronuts", "escape-earth", "habitable", "terraforming-mars"])
def test_every_bundled_rules_page_renders_in_full(game: str) -> None:
    from generator.rulestext.rules_text import render_rules

    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    for lang in ("de", "en"):
        assert render_rules(content, lang, errors) and not errors, errors.as_text()


# --- the commands ----------------------------------------------------------------------------------
def snapshot(output: Path) -> dict[str, bytes]:
    return {str(path.relative_to(output)): path.read_bytes() for path in sorted(output.rglob("*"))
            if path.is_file() and ".pnp" not in path.relative_to(output).parts}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The tiny game, built once; each test plants a mistake and takes it away again."""
    root = tmp_path_factory.mktemp("unrendered")
    shutil.copytree(TINY, root / "content" / "tiny")
    first = run_pnp("build", "--content", "content", "--output", "output", "--paper", "a4", cwd=root)
    assert first.returncode == 0, first.stderr
    yield root


def test_a_planted_placeholder_fails_check_and_build_at_its_line_and_the_output_stays(tree: Path) -> None:
    page = tree / "content" / "tiny" / "rules" / "en" / "overview.md"
    original = page.read_text(encoding="utf-8")
    lines = original.rstrip("\n").split("\n")
    planted = len(lines) + 2
    before = snapshot(tree / "output")
    page.write_text(original.rstrip("\n") + "\n\nEach player loses {amount} :{resource}: here.\n", encoding="utf-8")
    try:
        for command in (("check", "--content", "content"),
                        ("build", "--content", "content", "--output", "output", "--paper", "a4")):
            done = run_pnp(*command, cwd=tree)
            assert done.returncode == 1, (command, done.stderr)
            assert f"tiny/rules/en/overview.md:{planted}:1: error: the page shows unrendered template text " \
                   f"'{{amount}}', ':{{resource}}:'" in done.stderr
            assert "Traceback" not in done.stderr
        assert "the previous output is untouched" in done.stderr
        assert snapshot(tree / "output") == before
    finally:
        page.write_text(original, encoding="utf-8")


def plant(path: Path, old: str, new: str) -> str:
    original = path.read_text(encoding="utf-8")
    assert old in original
    path.write_text(original.replace(old, new), encoding="utf-8")
    return original


@pytest.mark.parametrize("where, old, new, source, shown", [
    ("cards/events.yaml", 'en: "A storm :food:"', 'en: "A storm takes {amount} :food:"', "tiny/cards/events.yaml:12:1",
     "shows unrendered text '{amount}'"),
    ("game.yaml", "en: A test game.}", 'en: "A test game for {players} players."}', "tiny/game.yaml:3:1",
     "site/tiny/en/index.html (and 2 more files) shows unrendered text '{players}'"),
], ids=["a card's text: faces, sheets and PDFs", "the game's description: site pages and search"])
def test_text_the_rules_check_cannot_see_is_caught_in_the_outputs_and_the_output_stays(
        tree: Path, where: str, old: str, new: str, source: str, shown: str) -> None:
    path = tree / "content" / "tiny" / where
    before = snapshot(tree / "output")
    original = plant(path, old, new)
    try:
        done = run_pnp("build", "--content", "content", "--output", "output", "--paper", "a4", cwd=tree)
        assert done.returncode == 1, done.stderr
        [line] = [line for line in done.stderr.splitlines() if ": error: " in line]
        assert line.startswith(f"content/{source}: error: ") and shown in line, line
        assert "the previous output is untouched" in done.stderr and "Traceback" not in done.stderr
        assert snapshot(tree / "output") == before
    finally:
        path.write_text(original, encoding="utf-8")


def test_page_faults_name_a_rules_heading_without_its_anchor_and_an_icon_without_its_class() -> None:
    from generator.rulestext.output_scan import page_faults

    page = ('<article><h1 id="rule-7">7 A</h1><h3 id="gain-x">7.1.7 Gain <em>X</em>'
            '<a class="headerlink" href="#gain-x">¶</a></h3>'
            '<p>Pay <img alt="Steel" src="../icons/steel.svg"> or <img alt="M" class="pnp-icon" '
            'src="../icons/m.svg"> <img src="../components/board.svg"></p></article>')
    assert page_faults(page, rules_page=True) == [
        "the rules heading '7.1.7 Gain X' (h3) has no anchor #rule-7-1-7",
        "the inline icon '../icons/steel.svg' is drawn without the class that keeps it one line high"]
    assert page_faults(page, rules_page=False) == page_faults(page, True)[1:]


def test_reader_text_reads_titles_and_alt_text_but_not_scripts() -> None:
    from generator.rulestext.output_scan import markup_text
    from generator.rulestext.unrendered import find

    text = markup_text('<p title="Lose {amount}">A</p><script>var a = {x: 1}; b = {y}</script><style>p {}</style>'
                       '<img alt=":{resource}:">&#123;count&#125;')
    assert [piece.text for piece in find(text)] == ["{count}", "{amount}", ":{resource}:"]


def test_print_on_demand_files_are_not_read_again_but_a_rulebook_is(tmp_path: Path, bundled_contents) -> None:
    """The print-on-demand files draw the faces the SVG faces hold (read there); other PDFs are read."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulestext.output_scan import check_outputs

    written = []
    for name in ("pod/en/galaxy-poker.pdf", "cards-en-pod.pdf", "rules-en-a4.pdf"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        canvas = Canvas(str(path))
        canvas.drawString(72, 720, "Gain {amount} energy")
        canvas.save()
        written.append(path)
    errors = ErrorList()
    assert not check_outputs(bundled_contents["escape-earth"], "en", tmp_path, written, errors)
    [error] = errors.errors
    assert "rules-en-a4.pdf shows unrendered text '{amount}'" in error.message, error.message


# --- every bundled output --------------------------------------------------------------------------
@pytest.mark.slow
def test_no_bundled_output_file_holds_unrendered_text(built_all) -> None:
    """Every file of the whole build as its reader meets it (site pages, search indexes, pictures, card faces,
    Tabletop Simulator objects, every PDF's text): no template field, tag or attribute list; every rules
    heading anchored by its number; every inline icon one line high."""
    from generator.rulestext.output_scan import page_faults, reader_text
    from generator.rulestext.unrendered import find

    current = (built_all.output / ".pnp" / "current").resolve()  # what output/<game> and output/site lead to
    found: list[str] = []
    read = {".html": 0, ".pdf": 0, ".svg": 0, ".json": 0, ".js": 0}
    for path in sorted(p for p in current.rglob("*") if p.is_file()):
        text = reader_text(path)
        if text is None:
            continue
        read[path.suffix] += 1
        found += [f"{path}: {piece.text} in '{piece.context}'" for piece in find(text)]
        if path.suffix == ".html":
            found += [f"{path}: {fault}" for fault in page_faults(path.read_text(encoding="utf-8"),
                                                                   "/rules/" in path.as_posix())]
    assert found == []
    assert read[".pdf"] >= 40 and read[".html"] >= 500 and read[".svg"] >= 1000 and read[".js"] >= 8, read


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_terraforming_mars_anatomy_page_is_rendered_in_full(built_all, lang: str) -> None:
    page = (built_all.site / "terraforming-mars" / lang / "rules" / "card-anatomy.html").read_text(encoding="utf-8")
    anchors = re.findall(r'<h3 id="(rule-7-1-\d+)"', page)
    assert anchors == [f"rule-7-1-{n}" for n in range(1, 33)]
    assert "{" not in re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    assert not re.search(r'<img (?![^>]*class="pnp-icon")[^>]*src="\.\./icons/', page)
