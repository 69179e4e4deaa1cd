"""The printable rulebook: a valid PDF per game, language and paper whose headings carry the site's section numbers."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest

from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.rulebook.document import write_rulebook
from generator.rulebook.flow import HEADING_COLOR, inline
from generator.rulebook.front_matter import is_anatomy, word
from generator.rulebook.html_tree import parse_html
from generator.rulebook.step import printed_rules, render_rulebooks
from generator.rulestext.quick_reference import quick_reference
from generator.rulestext.rule_sections import number_sections, numbered_markdown
from generator.rulestext.rules_text import render_rules

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())
NUMBER_RE = re.compile(r"^(\d+(?:\.\d+)*) ")
needs_qpdf = pytest.mark.skipif(shutil.which("qpdf") is None, reason="needs Debian's qpdf")


def pdf_headings(path: Path, columns: int = 1) -> list[str]:
    """The numbered heading lines of a rulebook: bold lines in the headings' colour that start with a number
    (column by column on a page of `columns`, such as the player aid's two)."""
    colour = tuple(round(v, 3) for v in HEADING_COLOR.rgb())
    found = []
    with pdfplumber.open(path) as pdf:
        for whole in pdf.pages[rules_start(pdf):]:
            step = whole.width / columns
            parts = [whole.crop((i * step, 0, (i + 1) * step, whole.height)) for i in range(columns)]
            for line in (line for page in parts for line in page.extract_text_lines(return_chars=True)):
                first = line["chars"][0]
                shown = tuple(round(v, 3) for v in first["non_stroking_color"] or ())
                if "Bold" in first["fontname"] and shown == colour and NUMBER_RE.match(line["text"]):
                    found.append(line["text"])
    return found


def qpdf_check(path: Path) -> None:
    result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "WARNING" not in result.stdout + result.stderr, (path.name, result.stdout)


def site_sections(content, lang: str) -> list[str]:
    """Section labels as the site numbers them (rule_sections over the same rendered pages)."""
    errors = ErrorList()
    labels = []
    for number, page in enumerate(render_rules(content, lang, errors), start=1):
        labels += [s.label for s in number_sections(page.markdown, number)]
    assert not errors, errors.as_text()
    return labels


def rules_start(pdf: pdfplumber.PDF) -> int:
    """The first page after the cover, components and set-up pages (whose cards and facts are not headings)."""
    setups = {word("setup", lang) for lang in ("de", "en")}
    first_lines = [((page.extract_text() or "").strip().splitlines() or [""])[0] for page in pdf.pages[:6]]
    return next((at + 1 for at, line in enumerate(first_lines) if line in setups), 0)


def check_rulebooks(content, out: Path, languages: tuple[str, ...], papers: tuple[str, ...]) -> None:
    errors = ErrorList()
    written = render_rulebooks(content, out, BuildOptions(languages=languages, papers=papers), errors)
    assert not errors, errors.as_text()
    assert sorted(p.name for p in written) == sorted(f"{kind}-{lang}-{paper}.pdf" for kind in ("rules", "player-aid")
                                                     for lang in languages for paper in papers)
    for lang in languages:
        expected = [label.split(" ")[0] for label in site_sections(content, lang)]
        slugs = [slug for slug, _ in printed_rules(content, lang).pages]
        first = {str(slugs.index(slug) + 1) for slug in slugs if is_anatomy(slug)}  # printed before the rules
        expected = ([n for n in expected if n.split(".")[0] in first]
                    + [n for n in expected if n.split(".")[0] not in first])
        assert len(expected) >= 10
        for paper in papers:
            path = out / f"rules-{lang}-{paper}.pdf"
            qpdf_check(path)
            headings = pdf_headings(path)
            assert [NUMBER_RE.match(h).group(1) for h in headings] == expected, (content.id, lang, paper)
            aid = out / f"player-aid-{lang}-{paper}.pdf"
            qpdf_check(aid)
            with pdfplumber.open(aid) as pdf:
                assert len(pdf.pages) == 1
                text = " ".join(pdf.pages[0].extract_text().split())
            reference = quick_reference(content, lang, ErrorList())
            assert reference is not None
            for table in reference.tables:  # the quick reference's tables, by their titles
                assert table.title in text, (content.id, lang, table.title)


@pytest.mark.slow
@needs_qpdf
def test_escape_earth_rulebook_in_english_on_a4(bundled_contents, tmp_path):
    check_rulebooks(bundled_contents["escape-earth"], tmp_path, ("en",), ("a4",))
    headings = pdf_headings(tmp_path / "rules-en-a4.pdf")
    assert "3.2 Take up to 2 actions" in headings
    assert "5.2.1 Fighting at once" in headings
    # a link to another rules section names its number and leads there inside the PDF
    with pdfplumber.open(tmp_path / "rules-en-a4.pdf") as pdf:
        [page] = [p for p in pdf.pages if "Fighting an event costs" in p.extract_text()]
        assert "costs one action (see Actions (4.6))" in " ".join(page.extract_text().split())
        assert any(annot["data"].get("Dest") for annot in page.annots)  # internal links, no URI
        assert not any(annot.get("uri") for annot in page.annots)
    # icons are drawn as vectors in the text, not printed as their words
    with pdfplumber.open(tmp_path / "rules-en-a4.pdf") as pdf:
        [page] = [p for p in pdf.pages if "Events and their effects" in p.extract_text()]
        text = " ".join(page.extract_text().split())
        assert "Food Food" not in text and "1 × Food" in text.replace("\xa0", " ").replace("  ", " ")
        [famine] = [w for w in page.extract_words() if w["text"] == "Famine"]
        row = [c for c in page.curves if abs(c["top"] - famine["top"]) < 8]
        assert row, "the food icon of the famine row is drawn"
    # the same content gives the same bytes
    again = tmp_path / "again"
    render_rulebooks(
        bundled_contents["escape-earth"], again, BuildOptions(languages=("en",), papers=("a4",)), ErrorList()
    )
    for name in ("rules-en-a4.pdf", "player-aid-en-a4.pdf"):
        assert (again / name).read_bytes() == (tmp_path / name).read_bytes()
    # the player aid: the quick reference's parts, turn order to game end
    with pdfplumber.open(tmp_path / "player-aid-en-a4.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    for heading in ("Turn order", "Actions", "Buildings", "Events", "Icons", "End of the game"):
        assert heading in text


@pytest.mark.slow
@needs_qpdf
@pytest.mark.parametrize("game", GAMES)
def test_every_game_language_and_paper(bundled_contents, game, tmp_path):
    check_rulebooks(bundled_contents[game], tmp_path, ("de", "en"), ("a4", "letter"))
    with pdfplumber.open(tmp_path / "rules-en-letter.pdf") as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)
    with pdfplumber.open(tmp_path / "rules-de-a4.pdf") as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (595, 842)
        fonts = {char["fontname"].split("+")[-1] for page in pdf.pages for char in page.chars}
        assert all(font.startswith("DejaVuSans") for font in fonts), fonts  # card faces pictured add DejaVuSans-Bold


HOSTILE = """# Costs <b>& more</b>

Plain <b>bold</b> & <font color="red" size="40">big</font> &lt;para&gt; <img src="/etc/passwd" alt="pic">
`<i>code</i>` and <a href="javascript:alert(1)">a link</a> <span onclick="x">&amp;amp;</span>

## Step <para>two</para> & <br/> three

| A <b>x</b> | B & C |
|---|---|
| <font size="30">1</font> | <unknown>2</unknown> |

- item <strike>one</strike>
- item & <super>two</super>
"""


def test_markup_in_a_rules_page_is_printed_as_text_not_obeyed(tmp_path):
    pages = [("hostile", numbered_markdown(HOSTILE, number_sections(HOSTILE, 1), keep_text_anchors=False))]
    path = write_rulebook(tmp_path / "rules.pdf", "A & <b>B</b>", "<i>sub</i>", pages, [], "Boards", "a4", "x <y>")
    if shutil.which("qpdf"):
        qpdf_check(path)
    with pdfplumber.open(path) as pdf:
        [page] = pdf.pages
        text = page.extract_text()
        assert not page.images  # the content's <img> drew nothing
        words = page.extract_words(extra_attrs=["size", "non_stroking_color"])
        [big] = [w for w in words if w["text"] == "big"]
        [one] = [w for w in words if w["text"] == "1" and 8 < w["size"] < 10]
        assert round(big["size"], 1) == 9.5 and round(one["size"], 1) == 8.5  # not 40 and 30
        assert big["non_stroking_color"] in ((0,), [0], (0, 0, 0), [0, 0, 0]), big  # not red
    assert "A & <b>B</b>" in text and "<i>sub</i>" in text
    assert "1 Costs & more" in text
    assert "Plain bold & big <para> pic" in text
    assert "<i>code</i> and a link &amp;" in text
    assert "1.1 Step two &" in text  # the heading's own <para> is no paragraph tag of reportlab's
    assert "item one" in text and "item & two" in text
    assert pdf_headings(path) == ["1 Costs & more", "1.1 Step two &"]


def test_inline_markup_is_escaped_and_limited_to_known_tags():
    tree = parse_html(
        '<p>a &lt; b <b>c</b> <font face="x">d</font> <a href="h">e</a> <img src="/x" alt="&lt;f&gt;"></p>'
    )
    [paragraph] = tree.children
    assert inline(paragraph.children) == "a &lt; b <b>c</b> d e &lt;f&gt;"


def test_icon_names_become_icons_only_for_the_games_own_readable_icons(tmp_path):
    from generator.rulebook.icons import CALLBACK, InlineIcons

    good = REPO / "content" / "escape-earth" / "icons"
    [food] = sorted(good.glob("food.svg")) or sorted((REPO / "templates" / "icons").glob("food.svg"))
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg><path d='M0 0 L'", encoding="utf-8")
    icons = InlineIcons({"food": food, "broken": broken}, lambda name: f"<{name}>")
    markup = icons.text("a :food: & :broken: :nothing: <b>", 9.5)
    assert markup.startswith(f'a <ondraw name="{CALLBACK}" label="food 9.50"/>')
    assert markup.endswith(" &amp; &lt;broken&gt; :nothing: &lt;b&gt;")


NESTED_IN_LIST_ITEMS = Path(__file__).parent / "nested-in-list-items.md"  # a page the Markdown fuzzer wrote


@pytest.mark.parametrize("page", [
    NESTED_IN_LIST_ITEMS.read_text(encoding="utf-8"),
    "1. x\n\n    | a |\n    |---|\n    | 1 |\n\n    ## Heading in a list\n",
    "- x\n\n    > | a |\n    > |---|\n    > | 1 |\n\n    ### Heading in a list\n",
], ids=["fuzzer-page", "table-then-heading", "quoted-table-then-heading"])
def test_keep_together_content_in_list_items_is_laid_out(tmp_path, page):
    """A short table and a heading inside a list item: reportlab's layout once looped on these for ever."""
    path = write_rulebook(tmp_path / "rules.pdf", "T", "S", [("overview", page)], [], "B", "a4", "caption")
    with pdfplumber.open(path) as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
    if "Heading in a list" in page:
        assert "x\na\n1\nHeading in a list\n" in text, text  # the table's two cells, then the heading


def test_a_layout_that_makes_no_progress_is_a_layout_error(tmp_path):
    """The budget behind the build: the shape that looped, built straight in reportlab, stops with a LayoutError."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Frame, KeepTogether, ListFlowable, ListItem, PageTemplate, Paragraph, Table
    from reportlab.platypus.doctemplate import LayoutError

    from generator.rulebook.bounded_doc import MAX_FLOWABLES_PER_PAGE, BoundedDocTemplate

    doc = BoundedDocTemplate(str(tmp_path / "loop.pdf"))
    doc.addPageTemplates([PageTemplate("page", [Frame(40, 40, 500, 700)])])
    kept = ParagraphStyle("kept", keepWithNext=1)
    story = [ListFlowable([ListItem([KeepTogether([Table([["a"], ["1"]])]), Paragraph("heading", kept)])])]
    handled = 0
    original = BoundedDocTemplate.handle_flowable

    def counted(self, flowables):
        nonlocal handled
        handled += 1
        return original(self, flowables)

    doc.handle_flowable = counted.__get__(doc)  # type: ignore[method-assign]
    with pytest.raises(LayoutError, match="makes no progress on page"):
        doc.build(story)
    assert MAX_FLOWABLES_PER_PAGE < handled <= MAX_FLOWABLES_PER_PAGE + 3  # stopped by the count on page 2


@pytest.mark.slow
def test_a_build_with_content_nested_in_list_items_writes_both_rulebooks(tmp_path):
    """The fuzzer's page in both languages of the tiny game: the build ends with exit 0 and prints it,
    once the one attribute list Markdown leaves as text in a quote (line 34) is gone: that the build
    refuses, at its line, as unrendered text in the printed rulebook."""
    from tests.content.conftest import TINY, pnp

    content = tmp_path / "content"
    shutil.copytree(TINY, content / "tiny")
    for lang in ("de", "en"):
        shutil.copy(NESTED_IN_LIST_ITEMS, content / "tiny" / "rules" / lang / "overview.md")
    refused = pnp("build", "--content", str(content), "--output", str(tmp_path / "output"), "--lang", "all",
                  "--paper", "a4", cwd=tmp_path)
    rows = [row for row in refused.err.splitlines() if ": error: " in row]
    assert refused.code == 1 and [row.split(": error: ")[0] for row in rows] == [
        "tiny/rules/de/overview.md:34:1", "tiny/rules/en/overview.md:34:1"], refused.err
    assert all("shows unrendered text '{ .note }'" in row for row in rows)
    for lang in ("de", "en"):
        page = content / "tiny" / "rules" / lang / "overview.md"
        page.write_text(page.read_text(encoding="utf-8").replace("{ .note }", ""), encoding="utf-8")
    checked = pnp("check", "--content", str(content), cwd=tmp_path)
    built = pnp("build", "--content", str(content), "--output", str(tmp_path / "output"), "--lang", "all",
                "--paper", "a4", cwd=tmp_path)
    assert (checked.code, built.code) == (0, 0), built.err
    for lang in ("de", "en"):
        with pdfplumber.open(tmp_path / "output" / "tiny" / f"rules-{lang}-a4.pdf") as pdf:
            assert "Nahrung" in "".join(p.extract_text() or "" for p in pdf.pages)


def test_a_box_longer_than_a_page_is_refused_by_check_and_build_alike_at_its_page(tmp_path):
    """An admonition is a box that cannot split: longer than a page, both commands name the page in words."""
    from tests.content.conftest import TINY, pnp

    content = tmp_path / "content"
    shutil.copytree(TINY, content / "tiny")
    long_box = "!!! note\n\n" + "\n\n".join(f"    Absatz {i}: " + "Wort " * 40 for i in range(80))
    page = content / "tiny" / "rules" / "de" / "overview.md"
    title, _, rest = page.read_text(encoding="utf-8").partition("\n")
    page.write_text(f"{title}\n\n{long_box}\n\n{rest}", encoding="utf-8")
    checked = pnp("check", "--content", str(content), cwd=tmp_path)
    built = pnp("build", "--content", str(content), "--output", str(tmp_path / "output"), cwd=tmp_path)
    assert (checked.code, built.code) == (1, 1), (checked.err, built.err)
    for run in (checked, built):
        rows = [row for row in run.err.splitlines() if ": error: " in row]
        assert [row.split(": error: ")[0] for row in rows] == ["tiny/rules/de/overview.md:1:1"] * 2, run.err
        assert all("is taller than a page" in row and "(it starts “Note”)" in row and "0x" not in row
                   for row in rows), run.err
    assert not (tmp_path / "output" / "tiny").exists()


def test_check_without_the_rulebook_skips_only_its_layout(tmp_path):
    """`pnp check --no-rulebook` (the quick check most content tests use) does not lay out the printed rulebook:
    the box longer than a page passes it, while a page the rules templates refuse still fails it."""
    from tests.content.conftest import TINY, pnp

    content = tmp_path / "content"
    shutil.copytree(TINY, content / "tiny")
    page = content / "tiny" / "rules" / "de" / "overview.md"
    title, _, rest = page.read_text(encoding="utf-8").partition("\n")
    long_box = "!!! note\n\n" + "\n\n".join(f"    Absatz {i}: " + "Wort " * 40 for i in range(80))
    page.write_text(f"{title}\n\n{long_box}\n\n{rest}", encoding="utf-8")
    quick = pnp("check", "--content", str(content), "--no-rulebook", cwd=tmp_path)
    assert quick.code == 0 and "tiny: " in quick.out, quick.err
    page.write_text(f"{title}\n\n{{{{ no_such_name.x }}}}\n\n{rest}", encoding="utf-8")
    refused = pnp("check", "--content", str(content), "--no-rulebook", cwd=tmp_path)
    assert refused.code == 1 and "tiny/rules/de/overview.md:3:" in refused.err, refused.err
