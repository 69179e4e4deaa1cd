"""The built site and the printable rulebook cite the same section numbers; the downloads page offers rulebook and
player aid."""

from __future__ import annotations

import re

import pytest

from tests.rulebook.test_rulebook import pdf_headings

HEADING_RE = re.compile(r'<h([1-6])[^>]*? id="(rule-[0-9-]+)"[^>]*>(?:<span id="[^"]*"></span>)?([0-9.]+) ')


def site_headings(rules_dir) -> list[tuple[str, str]]:
    """(number, anchor) of every numbered heading of a game's rules pages, in the site's page order."""
    found = []
    for page in sorted(rules_dir.glob("*.html")):
        for _level, anchor, number in HEADING_RE.findall(page.read_text(encoding="utf-8")):
            assert anchor == "rule-" + number.replace(".", "-")
            found.append((number, anchor))
    return found


@pytest.mark.slow
def test_site_and_rulebook_share_section_numbers_in_both_languages(built):
    numbers = {}
    for lang in ("de", "en"):
        headings = site_headings(built.site / "escape-earth" / lang / "rules")
        ordered = sorted(n for n, _ in headings)
        pdf = pdf_headings(built.output / "escape-earth" / f"rules-{lang}-a4.pdf")
        assert sorted(h.split(" ")[0] for h in pdf) == ordered
        numbers[lang] = ordered
    assert numbers["de"] == numbers["en"] and "4.6" in numbers["en"]
    events = (built.site / "escape-earth" / "en" / "rules" / "events.html").read_text(encoding="utf-8")
    assert '<h3 id="rule-5-2-1"><span id="fighting-at-once"></span>5.2.1 Fighting at once' in events


def test_the_downloads_page_offers_the_rulebook_and_the_player_aid(built):
    for lang in ("de", "en"):
        page = (built.site / "escape-earth" / lang / "downloads.html").read_text(encoding="utf-8")
        for paper in ("a4", "letter"):
            for kind in ("rules", "player-aid"):
                assert f'href="downloads/{kind}-{lang}-{paper}.pdf"' in page
                assert (built.site / "escape-earth" / lang / "downloads" / f"{kind}-{lang}-{paper}.pdf").is_file()
    assert "Printable rulebook to keep at the table" in (
        built.site / "escape-earth" / "en" / "downloads.html"
    ).read_text(encoding="utf-8")
