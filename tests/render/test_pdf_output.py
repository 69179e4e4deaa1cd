"""What the PDFs hold: page sizes and boxes, embedded fonts, crop marks, which card sits where, counts."""

from __future__ import annotations

from collections import Counter

import pdfplumber
import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from generator.render.cards_step import ordered_cards
from generator.render.imposition import fit_grid
from generator.render.sheet_plan import impose
from tests.render.conftest import deck, decks_of

PAGE_PT = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}


def words_in(page, box_mm, page_h_pt):
    """Words whose centre lies inside (x, y, w, h) in mm, PDF orientation (y up)."""
    x, y, w, h = box_mm
    found = []
    for word in page.extract_words():
        cx = (word["x0"] + word["x1"]) / 2 / mm
        cy = (page_h_pt - (word["top"] + word["bottom"]) / 2) / mm
        if x <= cx <= x + w and y <= cy <= y + h:
            found.append(word["text"])
            found.append(word["text"][::-1])  # text on turned cards is read backwards
    return found


@pytest.mark.slow
def test_every_language_and_paper_is_written(built):
    names = {p.name for p in built.files if p.suffix == ".pdf" and p.parent == built.out
             and not p.name.startswith("duplex-calibration")}
    assert names == {f"cards-{lang}-{paper}.pdf" for lang in ("de", "en") for paper in ("a4", "letter", "pod",
                                                                                       "a4-gutterfold",
                                                                                       "letter-gutterfold")}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_pages_have_the_exact_paper_size(built, paper):
    reader = PdfReader(built.out / f"cards-en-{paper}.pdf")
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAGE_PT[paper], abs=0.01)


def _fonts(reader: PdfReader) -> dict[str, object]:
    fonts = {}

    def walk(resources):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
        for xobject in (resources.get("/XObject") or {}).values():
            walk(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return fonts


def test_fonts_are_embedded_truetype_subsets(built):
    fonts = _fonts(PdfReader(built.out / "cards-de-a4.pdf"))
    assert any("DejaVuSansCondensed-Bold" in name for name in fonts)
    assert any(name.endswith("DejaVuSansCondensed") for name in fonts)
    for name, font in fonts.items():
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_card_is_in_its_slot_and_its_back_in_the_mirrored_slot(built, paper):
    content, layouts = built.content, built.layouts
    ids = deck(content)
    plans = impose(decks_of(content), fit_grid(paper, 63, 88))
    page_h = PAGE_PT[paper][1]
    with pdfplumber.open(built.out / f"cards-en-{paper}.pdf") as pdf:
        assert len(pdf.pages) == 2 * len(plans)
        assert sorted(i for plan in plans for i, _ in plan.placed()) == list(range(len(ids)))  # each card once
        for sheet, plan in enumerate(plans):
            front_page, back_page = pdf.pages[2 * sheet], pdf.pages[2 * sheet + 1]
            for (index, s), (same, b) in zip(plan.placed(), plan.placed(back=True), strict=True):
                card = content.card(ids[index])
                front_title = layouts.front(card, "en").title.split()[0]
                back_title = layouts.back(card, "en").title.split()[0]
                assert front_title in words_in(front_page, (s.x, s.y, s.w, s.h), page_h), (card.id, sheet, index)
                assert same == index and b.col == plan.grid.cols - 1 - s.col and b.row == s.row
                assert back_title in words_in(back_page, (b.x, b.y, b.w, b.h), page_h), (card.id, sheet, index)


def test_crop_marks_are_drawn_at_every_cut_outside_the_cards(built):
    grid = fit_grid("a4", 63, 88)
    left, bottom, right, top = grid.block
    xs, ys = grid.trim_lines()
    with pdfplumber.open(built.out / "cards-en-a4.pdf") as pdf:
        page = pdf.pages[0]
        h = page.height
        vertical = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01
                    and top < (h - ln["bottom"]) / mm < top + 5]  # not the scale bar's ticks further out
        horizontal = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["x1"] / mm < left]
    assert sorted({round(ln["x0"] / mm, 2) for ln in vertical}) == pytest.approx(xs, abs=0.01)
    assert sorted({round((h - ln["top"]) / mm, 2) for ln in horizontal}) == pytest.approx(ys, abs=0.01)


def test_card_counts_are_honoured(built):
    with pdfplumber.open(built.out / "cards-en-a4.pdf") as pdf:
        titles = Counter(w["text"] for p in pdf.pages[0::2] for w in p.extract_words())
    assert titles["Famine"] == 4
    assert titles["Riots"] == 2


def test_the_pod_file_has_one_face_per_page_with_trim_and_bleed_boxes(built):
    content = built.content
    reader = PdfReader(built.out / "cards-de-pod.pdf")
    total = sum(card.count for card in content.cards)
    assert len(reader.pages) == 2 * total
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((69 * mm, 94 * mm), abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([3 * mm, 3 * mm, 66 * mm, 91 * mm], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 69 * mm, 94 * mm], abs=0.01)
    first = ordered_cards(content)[0]
    assert first.name.de in reader.pages[0].extract_text()
    assert "Galaxie" in reader.pages[1].extract_text()  # the kind's back follows its front


@pytest.mark.slow
def test_rebuilding_gives_byte_identical_files(built, escape_earth_content, tmp_path):
    from tests.render.conftest import build_cards
    again = build_cards(escape_earth_content, tmp_path / "escape-earth")
    first = {p.relative_to(built.out): p.read_bytes() for p in built.files}
    second = {p.relative_to(tmp_path / "escape-earth"): p.read_bytes() for p in again}
    assert first.keys() == second.keys()
    different = [str(name) for name in first if first[name] != second[name]]
    assert different == []


def test_kinds_of_other_sizes_get_their_own_sheets_and_grids(game_copy, tmp_path):
    from tests.layout.conftest import load_game
    from tests.render.conftest import build_cards

    game = game_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace("name: {de: Galaxiekarte, en: Galaxy card}\n    size: poker",
                        "name: {de: Galaxiekarte, en: Galaxy card}\n    size: mini")
    # a 44 mm card has no room for the travel-cost badge beside "Asteroid field" (a fit error, rightly)
    text = text.replace("    badge: parsecs", "")
    game.write_text(text.replace("name: {de: Ereigniskarte, en: Event card}\n    size: poker",
                                 "name: {de: Ereigniskarte, en: Event card}\n    size: tarot"), encoding="utf-8")
    content = load_game(game_copy.parent, "escape-earth")
    build_cards(content, tmp_path / "out", languages=("en",), papers=("a4",))
    ids = deck(content)
    sizes = [content.game.kind(content.card(i).kind).size_mm for i in ids]
    decks = decks_of(content)
    expected_pages = 0
    for size in dict.fromkeys(sizes):
        same = [d for d, s in zip(decks, sizes, strict=True) if s == size]
        expected_pages += 2 * len(impose(same, fit_grid("a4", *size)))
    with pdfplumber.open(tmp_path / "out" / "cards-en-a4.pdf") as pdf:
        assert len(pdf.pages) == expected_pages
        mini = fit_grid("a4", 44, 63)
        assert mini.per_page == 18
        first = mini.slot(0)
        assert "Earth" in words_in(pdf.pages[0], (first.x, first.y, first.w, first.h), PAGE_PT["a4"][1])
    pod = PdfReader(tmp_path / "out" / "cards-en-pod.pdf")
    assert (float(pod.pages[0].mediabox.width), float(pod.pages[0].mediabox.height)) == pytest.approx(
        (50 * mm, 69 * mm)
    )
    assert (float(pod.pages[-1].mediabox.width), float(pod.pages[-1].mediabox.height)) == pytest.approx(
        (76 * mm, 126 * mm)
    )


def test_what_cards_share_is_stored_once(built):
    import re
    reader = PdfReader(built.out / "cards-en-a4.pdf")
    uses = [re.findall(rb"/([^\s/]+) Do", page.get_contents().get_data()) for page in reader.pages]
    forms = set(reader.pages[0]["/Resources"]["/XObject"].keys())
    # the first thing drawn on each galaxy sheet is the galaxy frame: the same form on both sheets
    assert uses[0][0] == uses[2][0]
    assert sum(len(u) for u in uses) > 3 * len(forms)  # forms are drawn far more often than stored
    frames = [u[0] for u in uses[0::2]]
    assert len(set(frames)) < len(frames)
