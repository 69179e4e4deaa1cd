"""SVG faces for the site: one file per design and side, drawn from the same layout as the PDF."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from generator.drawing.shapes import Icon, Text

NS = {"svg": "http://www.w3.org/2000/svg", "xlink": "http://www.w3.org/1999/xlink"}


def parse(path):
    return ET.parse(path).getroot()


def test_every_design_has_a_front_and_a_back_in_each_language(built):
    for lang in ("de", "en"):
        folder = built.out / "cards" / lang
        for card in built.content.cards:
            assert (folder / f"{card.id}-front.svg").is_file()
            assert (folder / f"{card.id}-back.svg").is_file()


def test_faces_are_true_size_with_a_trim_view(built):
    root = parse(built.out / "cards" / "en" / "erde-front.svg")
    assert root.get("width") == "63mm" and root.get("height") == "88mm"
    assert root.get("viewBox") == "0 0 63 88"
    assert root.get("data-card") == "erde" and root.get("data-side") == "front"
    assert root.find("svg:title", NS).text == "Earth"


def test_text_runs_are_where_the_layout_put_them(built):
    card = built.content.card("raeuber")
    face = built.layouts.front(card, "de")
    root = parse(built.out / "cards" / "de" / "raeuber-front.svg")
    texts = {
        (t.text, round(float(t.get("x")), 3), round(float(t.get("y")), 3)): t for t in root.iter(f"{{{NS['svg']}}}text")
    }
    for run in (i for i in face.all_items() if isinstance(i, Text)):
        key = (run.text, round(run.x, 3), round(run.baseline, 3))
        assert key in texts, key
        assert float(texts[key].get("textLength")) == pytest.approx(run.width, abs=0.001)
    assert tuple(k[0] for k in texts if k[0] == "Räuber") == ("Räuber", )


def test_icons_are_vector_symbols_used_at_their_places(built):
    card = built.content.card("raeuber")
    face = built.layouts.front(card, "en")
    root = parse(built.out / "cards" / "en" / "raeuber-front.svg")
    symbols = {s.get("id"): s for s in root.iter(f"{{{NS['svg']}}}symbol")}
    uses = list(root.iter(f"{{{NS['svg']}}}use"))
    placed = [i for i in face.all_items() if isinstance(i, Icon)]
    assert len(uses) == len(placed)
    for use in uses:
        href = use.get(f"{{{NS['xlink']}}}href") or use.get("href")
        assert href.lstrip("#") in symbols
        assert symbols[href.lstrip("#")].findall("svg:path", NS)
    assert "icon-material" in symbols  # the inline icon of "You lose 1 :material:"


def test_the_gallery_index_lists_each_design_with_its_texts(built):
    index = json.loads((built.out / "cards" / "en" / "cards.json").read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in index["cards"]}
    assert set(by_id) == {c.id for c in built.content.cards}
    famine = by_id["hungersnot"]
    assert famine["count"] == 4 and famine["name"] == "Famine" and famine["kind"] == "event"
    assert famine["faces"]["front"]["file"] == "hungersnot-front.svg"
    assert any("until you fight it" in t["text"] for t in famine["faces"]["front"]["texts"])
