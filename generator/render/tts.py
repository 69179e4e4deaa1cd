"""Tabletop Simulator exports: per deck, sheets of card faces, one back image and a saved object that imports it.

Tabletop Simulator's custom deck takes sheets of at most 10 x 7 cards and at most 4096 px a
side; the last slot of a sheet's grid is the face shown for a hidden card (here: the deck's back),
however many slots before it the designs fill. A sheet holds each design once; the saved object
lists one `Card` per copy, each object with a GUID of its own (derived from the deck, so a
rebuild writes the same), and scales the deck to the card's real size and aspect (TTS's card is
a 2.5 x 3.5 in poker card at scale 1: a tarot card is 1.10 wide and 1.35 long). Decks are the game's
decks (kinds shuffled together), so a deck that shares one back gets one back image; a
double-sided kind gets sheets of backs in the same grid (`UniqueBack`).

Images are rendered from a PDF the vector backend draws (one page per sheet), so they show what
prints. Image URLs in the saved object are `base_url` + the file's path inside the game's output
folder (the build uses the output folder's file:// address; upload the PNGs and pass
`--tts-url` to share the object).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reportlab.lib.units import mm

from generator import output_files as names
from generator.build_cache import icons_digest, remembered_files
from generator.content.loader import GameContent
from generator.content.schema import Card, Deck
from generator.layout.geometry import FaceLayout
from generator.render.pdf_face import PdfFaceDrawer
from generator.render.pdf_sheets import PrintCard, new_canvas
from generator.render.raster import save_pages, save_png

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
CARD_PX = 409  # card width on a sheet: ten cards stay under 4096 px (about 165 dpi for a poker card)
BOARD_DPI = 120
SHEET_DPI = 165  # recorded in the PNGs; Tabletop Simulator only counts pixels
TTS_CARD_MM = (63.5, 88.9)  # the card Tabletop Simulator draws at scale 1 (2.5 x 3.5 in)


@dataclass(frozen=True)
class SheetLayout:
    """A sheet's grid and pixel size for `slots` cards (designs plus the hidden-card face)."""

    cols: int
    rows: int
    card_px: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.card_px[0], self.rows * self.card_px[1]


def sheet_layout(slots: int, card_w: float, card_h: float) -> SheetLayout:
    """The smallest grid of at most 10 x 7 for `slots` cards, cards as wide as fits in 4096 px."""
    cols = min(MAX_COLS, slots)
    rows = math.ceil(slots / cols)
    width = min(CARD_PX, MAX_PX // cols)
    height = round(width * card_h / card_w)
    if rows * height > MAX_PX:
        height = MAX_PX // rows
        width = round(height * card_w / card_h)
    return SheetLayout(cols, rows, (width, height))


def _draw_sheet(canvas, drawer: PdfFaceDrawer, faces: list[FaceLayout | None], layout: SheetLayout, card_w: float,
                card_h: float) -> None:
    """One page: the faces in reading order at trim size, clipped to their trim boxes (None: a slot left empty)."""
    canvas.setPageSize((layout.cols * card_w * mm, layout.rows * card_h * mm))
    for index, face in enumerate(faces):
        if face is None:
            continue
        row, col = divmod(index, layout.cols)
        x, y = col * card_w, (layout.rows - 1 - row) * card_h
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(x * mm, y * mm, card_w * mm, card_h * mm)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.translate(x * mm, y * mm)
        drawer.draw(face)
        canvas.restoreState()
    canvas.showPage()


def _transform(x: float = 0.0, card_mm: tuple[float, float] = TTS_CARD_MM) -> dict:
    """Face down on the table, scaled so the card has its real size and aspect."""
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": round(card_mm[0] / TTS_CARD_MM[0], 4), "scaleY": 1.0,
            "scaleZ": round(card_mm[1] / TTS_CARD_MM[1], 4)}


def guid(seed: str) -> str:
    """A Tabletop Simulator object id (six hex digits) that the same seed always gives."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()[:6]


def saved_object(deck_name: str, cards: list[tuple[str, int, int]], sheets: list[dict], x: float = 0.0,
                 card_mm: tuple[float, float] = TTS_CARD_MM, seed: str = "") -> dict:
    """A Tabletop Simulator saved object holding one custom deck.

    `cards` are (name, sheet number from 1, slot) per copy; `sheets` the CustomDeck entries;
    `card_mm` the card's trim size; `seed` makes the objects' GUIDs (the deck's name if empty)."""
    seed = seed or deck_name
    custom = {str(number): sheet for number, sheet in enumerate(sheets, 1)}
    contained = []
    ids = []
    for copy, (name, sheet, slot) in enumerate(cards):
        card_id = sheet * 100 + slot
        ids.append(card_id)
        contained.append({"Name": "Card", "GUID": guid(f"{seed}/{copy}"), "Nickname": name, "CardID": card_id,
                          "Transform": _transform(x, card_mm), "CustomDeck": {str(sheet): custom[str(sheet)]}})
    deck = {"Name": "DeckCustom", "GUID": guid(seed), "Nickname": deck_name, "Transform": _transform(x, card_mm),
            "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained, "Hands": False,
            "SidewaysCard": False}
    if len(contained) == 1:  # a deck of one card is a card
        deck = {**contained[0], "Nickname": deck_name}
    return saved_file([deck])


def saved_file(objects: list[dict]) -> dict:
    """What Tabletop Simulator writes for Saved Objects: an empty save around the objects."""
    return {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects}


def write_deck(content: GameContent, out_dir: Path, lang: str, deck: Deck, designs: list[tuple[Card, PrintCard]],
               base_url: str) -> list[Path]:
    """The sheets, back image(s) and saved object of one deck in one language."""
    if not designs:
        return []
    first = designs[0][1].front
    card_w, card_h = first.width, first.height
    unique_backs = len({printed.back.frame_key + repr(printed.back.items) for _, printed in designs}) > 1
    hidden = designs[0][1].back  # what a hidden card shows: the back of the deck
    per_sheet = MAX_COLS * MAX_ROWS - 1
    chunks = [designs[i:i + per_sheet] for i in range(0, len(designs), per_sheet)]
    pdf = out_dir / names.tts(lang) / f".{deck.id}-sheets.pdf"
    pdf.parent.mkdir(parents=True, exist_ok=True)
    canvas = new_canvas(pdf, card_w, card_h, deck.id)
    drawer = PdfFaceDrawer(canvas, content.icons)
    layouts: list[SheetLayout] = []
    for chunk in chunks:
        layout = sheet_layout(len(chunk) + 1, card_w, card_h)
        layouts.append(layout)
        gap: list[FaceLayout | None] = [None] * (layout.cols * layout.rows - 1 - len(chunk))  # hidden goes last
        _draw_sheet(canvas, drawer, [p.front for _, p in chunk] + gap + [hidden], layout, card_w, card_h)
        if unique_backs:
            _draw_sheet(canvas, drawer, [p.back for _, p in chunk] + gap + [hidden], layout, card_w, card_h)
    back_px = layouts[0].card_px
    _draw_sheet(canvas, drawer, [hidden], SheetLayout(1, 1, back_px), card_w, card_h)
    canvas.save()
    sizes = [layout.size for layout in layouts for _ in range(2 if unique_backs else 1)] + [back_px]
    back_path = out_dir / names.tts_back(lang, deck.id)
    pngs: list[Path] = []  # in page order: each sheet's faces (and its backs), then the deck's back
    sheets: list[dict] = []
    cards: list[tuple[str, int, int]] = []
    for number, (chunk, layout) in enumerate(zip(chunks, layouts, strict=False), 1):
        pngs.append(out_dir / names.tts_sheet(lang, deck.id, number))
        back_url = base_url + names.tts_back(lang, deck.id)
        if unique_backs:
            pngs.append(out_dir / names.tts_sheet(lang, deck.id, number, "backs"))
            back_url = base_url + names.tts_sheet(lang, deck.id, number, "backs")
        sheets.append({"FaceURL": base_url + names.tts_sheet(lang, deck.id, number), "BackURL": back_url,
                       "NumWidth": layout.cols, "NumHeight": layout.rows, "BackIsHidden": True,
                       "UniqueBack": unique_backs, "Type": 0})
        for slot, (card, _) in enumerate(chunk):
            cards.extend([(card.name.get(lang), number, slot)] * card.count)
    save_pages(pdf, SHEET_DPI, sizes, pngs + [back_path])
    pdf.unlink()
    written: list[Path] = [back_path, *pngs]
    document = saved_object(deck.name.get(lang), cards, sheets, card_mm=(card_w, card_h),
                            seed=f"{content.id}/{deck.id}/{lang}")
    path = out_dir / names.tts_object(lang, deck.id)
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(path)
    return written


def write_decks(content: GameContent, out_dir: Path, lang: str, designs: list[tuple[Card, PrintCard]],
                base_url: str) -> list[Path]:
    """Every deck of the game in one language."""
    written: list[Path] = []
    for deck in content.game.all_decks():
        members = [(card, printed) for card, printed in designs if card.kind in deck.kinds]
        # a rebuild draws again only the decks whose cards changed (what is drawn is in the printed faces)
        drawn = ("tts-deck", content.id, lang, deck.model_dump(mode="json"), base_url, icons_digest(content),
                 [(card.id, card.name.get(lang), card.count, repr(printed)) for card, printed in members])
        written.extend(remembered_files(drawn, out_dir, partial(write_deck, content, out_dir, lang, deck, members,
                                                                base_url)))
    return written


def write_board_image(full_pdf: Path, out_dir: Path, lang: str, board_id: str, bleed: float) -> Path:
    """A board as one image for a Tabletop Simulator custom board: the trim at 120 dpi, at most 4096 px a side."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(full_pdf))
    try:
        page = document[0]
        b = bleed * mm
        width, height = page.get_width() - 2 * b, page.get_height() - 2 * b
        scale = min(MAX_PX / max(width, height), BOARD_DPI / 72)
        image = page.render(scale=scale, crop=(b, b, b, b), draw_annots=False).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    return save_png(image, out_dir / names.tts_board(lang, board_id), round(scale * 72))
