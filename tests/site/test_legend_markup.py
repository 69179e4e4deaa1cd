"""The legend under a picture of the table on a site page: an HTML list of escaped words, each with a small
picture of its piece written into the site (the page's HTML allow-list keeps every tag and attribute it uses)."""

from __future__ import annotations

from generator.rules.picture import Legend
from generator.site.picture_legend import legend_html, symbol_svg


def test_the_site_legend_is_an_escaped_list_with_a_picture_of_each_piece():
    legend = Legend()
    legend.add("disc", "#4dabf7", 'planet <script>alert(1)</script> & "x"', "?")
    legend.add("mark", "#8ce99a", "aktiv", "✓")
    written: dict[str, bytes] = {}

    def write(name: str, svg: bytes) -> str:
        written[name] = svg
        return f"../pictures/legend/{name}"

    html = legend_html(tuple(legend.entries), "de", {}, write)
    assert html.startswith('<ul class="pnp-legend" title="Legende">') and html.count("<li ") == 2
    assert "<script>" not in html and "Planet &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;" in html
    assert 'alt=""' in html and len(written) == 2
    assert b'fill="#4dabf7"' in symbol_svg(legend.entries[0], {}) and "Aktiv" in html
    assert legend_html((), "en", {}, write) == ""


def test_the_legend_uses_only_what_the_pages_allow_list_keeps():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("safety", Path(__file__).resolve().parents[2] / "site" / "hooks"
                                                  / "safety.py")
    assert spec is not None and spec.loader is not None
    safety = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(safety)
    legend = Legend()
    legend.add("ship", "#d6336c", "Player 1", "1")
    html = legend_html(tuple(legend.entries), "en", {}, lambda name, svg: f"../pictures/legend/{name}")
    assert safety.clean(html) == html                     # nothing of it is dropped on the way to the page
