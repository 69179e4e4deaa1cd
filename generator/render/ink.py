"""Card faces and decks in the ink saver's light version (generator.drawing.ink), for the ink-saver sheets.

Copies of a card are one FaceLayout drawn again (generator.render.pdf_face replays them), so a deck is
turned light face by face, each face once; the frame keeps a key of its own, apart from the designed one.
"""

from __future__ import annotations

from dataclasses import replace

from generator.content.loader import GameContent
from generator.drawing.ink import InkSaver, LightArt
from generator.layout.geometry import FaceLayout
from generator.render.pdf_sheets import PrintCard

SAVER_KEY = "~ink-saver"


def saver_face(face: FaceLayout, art: LightArt | None = None) -> FaceLayout:
    """The face's light version: its frame and its own items worked through in drawing order (its art from
    `art`'s light copies; None: as designed)."""
    saver = InkSaver(face.width, face.height, art=art)
    frame = saver.items(face.frame, face.frame_ink)
    items = saver.items(face.items, face.items_ink)
    return replace(face, frame_key=face.frame_key + SAVER_KEY, frame=frame, items=items, frame_ink={}, items_ink={})


def saver_deck(deck: list[PrintCard], art: LightArt | None = None) -> list[PrintCard]:
    """Every printed card with light faces; the same face (a copy, a shared back) stays one object."""
    faces: dict[int, FaceLayout] = {}

    def light(face: FaceLayout) -> FaceLayout:
        if id(face) not in faces:
            faces[id(face)] = saver_face(face, art)
        return faces[id(face)]

    cards: dict[int, PrintCard] = {}
    for card in deck:
        if id(card) not in cards:
            cards[id(card)] = replace(card, front=light(card.front), back=light(card.back))
    return [cards[id(card)] for card in deck]


def saver_wanted(content: GameContent, options: object) -> bool:
    """Whether this build also writes the light versions: `--ink`, else the game's `print.ink`."""
    chosen = getattr(options, "ink", None) or (content.game.print.ink if content.game.print else "designed")
    return chosen == "saver"
