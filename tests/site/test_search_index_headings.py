"""Headings nested in lists and quotes: the theme's search indexer once stopped the build on them.

The Markdown fuzzer found a page (`pages/headings-nested-in-lists.md`) that `pnp check` passes
and on which mkdocs-material's search plugin raised `ValueError: '<li>' is not in list`, failing
the build. The safety hook (site/hooks/safety.py) now hands the indexer HTML it can read: the
page unchanged when it can, else with nested headings as bold paragraphs that keep their ids.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import markdown
from material.plugins.search.plugin import Parser

from tests.content.conftest import TINY, pnp

REPO = Path(__file__).resolve().parents[2]
PAGE = Path(__file__).parent / "pages" / "headings-nested-in-lists.md"
EXTENSIONS = ["tables", "attr_list", "admonition", "md_in_html", "fenced_code", "sane_lists", "toc"]


def safety_hook():
    spec = importlib.util.spec_from_file_location("safety_hook", REPO / "site" / "hooks" / "safety.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_page_the_indexer_reads_is_left_as_it_is():
    page = markdown.markdown("# Title\n\n- ## In a list\n\n> ## In a quote\n\nText &amp; more", extensions=EXTENSIONS)
    assert safety_hook().indexable(page) is page


def test_only_a_page_with_a_heading_inside_another_element_is_tried_on_the_indexer():
    hook = safety_hook()
    flat = markdown.markdown('# Title\n\nText <b title="a > b">bold</b><br>\n\n## Next', extensions=EXTENSIONS)
    assert not hook._heading_inside(flat)
    assert hook._heading_inside(markdown.markdown("- ## In a list", extensions=EXTENSIONS))
    assert hook._heading_inside(markdown.markdown("> ## In a quote", extensions=EXTENSIONS))
    assert hook._heading_inside("<div><p>never closed</p>")  # tags that do not add up: tried, as before
    assert hook._heading_inside("</div><h2>after a stray end tag</h2>")


def test_nested_headings_become_bold_paragraphs_with_their_ids_when_the_indexer_fails():
    page = markdown.markdown("# Title\n\n" + PAGE.read_text(encoding="utf-8"), extensions=EXTENSIONS)
    try:
        Parser().feed(page)
        raise AssertionError("the theme's indexer reads this page now: the hook's rewrite is no longer needed")
    except ValueError:
        pass
    shown = safety_hook().indexable(page)
    Parser().feed(shown)  # reads without failing
    assert '<h1 id="title">Title</h1>' in shown  # a top-level heading stays a heading
    assert shown.count('<p class="pnp-nested-heading" id="card') == 2 and "<h2" not in shown
    assert '<p class="pnp-nested-heading" id="karte_1"><strong>Karte</strong></p>' in shown
    assert "<code>&gt; Karte" in shown  # entities pass through as they were


def test_check_and_build_accept_the_page_and_search_finds_its_words(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(TINY, content / "tiny")
    for lang in ("de", "en"):
        page = content / "tiny" / "rules" / lang / "overview.md"
        title, _, rest = page.read_text(encoding="utf-8").partition("\n")
        page.write_text(f"{title}\n\n{PAGE.read_text(encoding='utf-8')}\n{rest}", encoding="utf-8")
    checked = pnp("check", "--content", str(content), cwd=tmp_path)
    built = pnp("build", "--content", str(content), "--output", str(tmp_path / "output"), "--lang", "de",
                "--paper", "a4", cwd=tmp_path)
    assert (checked.code, built.code) == (0, 0), built.err
    site = tmp_path / "output" / "site" / "tiny" / "de"
    shown = (site / "rules" / "overview.html").read_text(encoding="utf-8")
    assert 'class="pnp-nested-heading" id="card"' in shown
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert any("card" in entry["text"] and entry["location"].startswith("rules/overview.html")
               for entry in index["docs"])
