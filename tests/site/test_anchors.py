"""Section anchors keep their letters: the base config's slugify keeps ß and umlauts."""

from __future__ import annotations

import re

import markdown
import pytest
from mkdocs.utils.yaml import yaml_load

from tests.site.conftest import REPO


def toc_config() -> dict:
    """The `toc` settings of site/mkdocs.base.yml, read as mkdocs reads them (python tags included)."""
    with (REPO / "site" / "mkdocs.base.yml").open(encoding="utf-8") as handle:
        config = yaml_load(handle)
    [toc] = [ext["toc"] for ext in config["markdown_extensions"] if isinstance(ext, dict) and "toc" in ext]
    return toc


def anchors(text: str) -> list[str]:
    html = markdown.markdown(text, extensions=["toc"], extension_configs={"toc": toc_config()})
    return re.findall(r'<h\d id="([^"]+)"', html)


def test_anchors_keep_sharp_s_and_umlauts():
    assert anchors("## Außenposten\n\n## Ein Ereignis sofort bekämpfen\n\n## Öl & Übersicht: Schritt 1\n") == [
        "außenposten", "ein-ereignis-sofort-bekämpfen", "öl-übersicht-schritt-1"]


def test_anchors_of_english_headings_are_as_before():
    assert anchors("## Fight an event\n\n## Step 2: Player 1 builds (Outpost)\n") == [
        "fight-an-event", "step-2-player-1-builds-outpost"]


@pytest.mark.slow
def test_a_built_page_carries_the_anchor_its_links_use(built):
    html = (built.site / "escape-earth" / "de" / "rules" / "rulings.html").read_text(encoding="utf-8")
    assert 'id="ein-ereignis-sofort-bekämpfen"' in html
    assert 'id="außenposten-decken-die-karten-nach-ihrer-eigenen-karte-auf"' in html  # ß kept, not "auenposten"
    events = (built.site / "escape-earth" / "de" / "rules" / "events.html").read_text(encoding="utf-8")
    # the link is written against the words' anchor; the site leads it to the section's number, as print does
    number = re.search(r'<h2 id="(rule-[\d-]+)"><span id="ein-ereignis-sofort-bekämpfen">', html)
    assert number is not None
    assert f'href="rulings.html#{number.group(1)}">Entscheidungen ({number.group(1)[5:].replace("-", ".")})' in events
