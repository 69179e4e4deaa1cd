"""The rulebook's first pages, as a publisher's rulebook opens: a cover, the components, the table after set-up.

Everything is drawn from the game's data with the project's drawing model: the cover's box picture
fans the game's own card faces over its first board, the components page shows a sample face of
each deck, each board and a drawn piece for tokens, cubes and dice with the counts of game.yaml,
and the set-up page is the engine's picture of a seeded game at its default player count (the
picture the rules site shows) with its legend (players' colours, pieces, marks). A game without cards, boards
or an engine that draws simply has less to show; nothing here can fail a build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from generator.boards.scene import Scene
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Card, Component
from generator.layout.geometry import FaceLayout
from generator.rulebook.flow import SectionHeading, Styles
from generator.rulestext.word_tables import words_beside

WORDS = words_beside(__file__)
PIECE_COLOUR = "#868e96"  # a piece game.yaml gives no colour
SAMPLE_CARDS = 5  # faces fanned on the cover


def word(key: str, lang: str, **values: object) -> str:
    """The front matter's own words in `lang` (English where a language is missing)."""
    forms = WORDS[key]
    return forms.get(lang, forms["en"]).format(**values)


def span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


@dataclass
class FrontMatter:
    """What the first pages show in one language: the facts, the pictures and the rows of the components."""

    title: str
    tagline: str
    facts: list[str]
    credits: str
    faces: list[FaceLayout]
    icons: dict[str, Path]
    board: Scene | None
    components: list[tuple[str, int, Flowable | None]]
    setup: Scene | None = None
    anatomy: FaceLayout | None = None  # the card the card-anatomy page explains, pictured under its heading
    setup_players: int = 0
    setup_alt: str = ""
    player_colours: list[str] = field(default_factory=list)
    setup_legend: list[tuple[str, str]] = field(default_factory=list)  # (colour, words) of the picture's legend


# --- what is drawn -------------------------------------------------------------------------------------------
class ScenePicture(Flowable):
    """A board scene (mm, y down) drawn to fit `width` x `height` points, keeping its shape."""

    def __init__(self, scene: Scene, width: float, height: float) -> None:
        super().__init__()
        self.scene = scene
        self.scale = min(width / (scene.width * mm), height / (scene.height * mm))
        self.width, self.height = scene.width * mm * self.scale, scene.height * mm * self.scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        from generator.boards.pdf import draw_scene

        canvas = self.canv
        canvas.saveState()
        canvas.scale(self.scale, self.scale)
        if self.scene.background:
            canvas.setFillColor(HexColor(self.scene.background))
            canvas.rect(0, 0, self.scene.width * mm, self.scene.height * mm, stroke=0, fill=1)
        draw_scene(canvas, self.scene)
        canvas.restoreState()


def draw_face(canvas, face: FaceLayout, icons: dict[str, Path]) -> None:
    """A card face with its trim's bottom-left corner at the origin, clipped to the trim (the bleed is not shown)."""
    from generator.render.pdf_face import PdfFaceDrawer

    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, face.width * mm, face.height * mm)
    canvas.clipPath(clip, stroke=0, fill=0)
    PdfFaceDrawer(canvas, icons, use_forms=False).draw(face)
    canvas.restoreState()
    canvas.setStrokeColor(colors.HexColor("#495057"))
    canvas.setLineWidth(0.4)
    canvas.rect(0, 0, face.width * mm, face.height * mm, stroke=1, fill=0)


class FacePicture(Flowable):
    """One card face, `height` points tall."""

    def __init__(self, face: FaceLayout, icons: dict[str, Path], height: float) -> None:
        super().__init__()
        self.face, self.icons = face, icons
        self.scale = height / (face.height * mm)
        self.width, self.height = face.width * mm * self.scale, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        draw_face(self.canv, self.face, self.icons)
        self.canv.restoreState()


class PiecePicture(Flowable):
    """A token, cube, die or pawn drawn as a small shape in its colour."""

    def __init__(self, component: Component, colour: str, size: float) -> None:
        super().__init__()
        self.component, self.colour = component, colour
        self.width = self.height = size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas, s = self.canv, self.width
        canvas.setFillColor(HexColor(self.colour))
        canvas.setStrokeColor(colors.HexColor("#212529"))
        canvas.setLineWidth(0.6)
        kind = self.component.type
        if kind in ("cube", "tile", "marker") or self.component.shape == "square":
            canvas.rect(s * 0.15, s * 0.15, s * 0.7, s * 0.7, stroke=1, fill=1)
        elif kind == "die":
            canvas.setFillColor(colors.white)
            canvas.roundRect(s * 0.1, s * 0.1, s * 0.8, s * 0.8, s * 0.12, stroke=1, fill=1)
            canvas.setFillColor(colors.HexColor("#212529"))
            for x, y in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.7)):
                canvas.circle(s * x, s * y, s * 0.07, stroke=0, fill=1)
        elif kind in ("ship", "pawn"):
            path = canvas.beginPath()
            path.moveTo(s * 0.5, s * 0.92)
            path.lineTo(s * 0.85, s * 0.1)
            path.lineTo(s * 0.15, s * 0.1)
            path.close()
            canvas.drawPath(path, stroke=1, fill=1)
        else:
            canvas.circle(s * 0.5, s * 0.5, s * 0.4, stroke=1, fill=1)


class BoxPicture(Flowable):
    """The cover's box picture: the first board behind, the sample faces fanned in front, pieces beside them."""

    def __init__(self, front: FrontMatter, width: float, height: float) -> None:
        super().__init__()
        self.front, self.width, self.height = front, width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas, w, h = self.canv, self.width, self.height
        canvas.saveState()
        canvas.setFillColor(colors.HexColor("#1a237e"))
        box = canvas.beginPath()
        box.roundRect(0, 0, w, h, 6 * mm)
        canvas.clipPath(box, stroke=0, fill=1)  # the box's edge trims the fan and the board
        board = self.front.board
        if board is not None:
            board_picture = ScenePicture(board, w * 0.8, h * 0.62)
            canvas.saveState()
            canvas.translate(w - board_picture.width - 6 * mm, h - board_picture.height - 6 * mm)
            board_picture.canv = canvas
            board_picture.draw()
            canvas.restoreState()
        faces = self.front.faces
        if faces:
            card_h = h * 0.55
            spread = 12.0  # degrees between neighbouring cards of the fan
            centre = (len(faces) - 1) / 2
            for index, face in enumerate(faces):
                scale = card_h / (face.height * mm)
                canvas.saveState()
                canvas.translate(w * 0.36, -card_h * 0.55)
                canvas.rotate((centre - index) * spread)
                canvas.translate(-face.width * mm * scale / 2, card_h * 0.75)
                canvas.scale(scale, scale)
                draw_face(canvas, face, self.front.icons)
                canvas.restoreState()
        pieces = [(component, colour) for _, _, picture in self.front.components
                  if isinstance(picture, PiecePicture) for component, colour in [(picture.component, picture.colour)]]
        size = 11 * mm
        for index, (component, colour) in enumerate(pieces[:8]):
            piece = PiecePicture(component, colour, size)
            piece.canv = canvas
            canvas.saveState()
            canvas.translate(w - 8 * mm - (index % 4 + 1) * size * 1.1, 6 * mm + (index // 4) * size * 1.1)
            piece.draw()
            canvas.restoreState()
        canvas.restoreState()


# --- what is shown -----------------------------------------------------------------------------------------
def sample_cards(content: GameContent) -> dict[str, Card]:
    """The first card of each kind, in the order the card files give them."""
    found: dict[str, Card] = {}
    for card in content.cards:
        found.setdefault(card.kind, card)
    return found


def pictured_inputs(content: GameContent, lang: str) -> list[object]:
    """What `lang`'s pictures read that the rulebook's cache scope leaves out: the sample cards, the card layouts
    and the card of the game's card-anatomy page (named by the rules, which the scope holds), the cards' texts in
    `lang` only, so an edit of another language's text leaves this rulebook (and its draft id) as it was."""
    import hashlib

    explained = [anatomy_card(content, lang)]
    layouts = content.root / "layouts"
    files = sorted(path for path in layouts.rglob("*") if path.is_file()) if layouts.is_dir() else []
    languages: set[str] = set(content.game.languages)
    return ([_in_language(card.model_dump(mode="json"), lang, languages)
             for card in list(sample_cards(content).values()) + explained if card]
            + [[path.relative_to(content.root).as_posix(), hashlib.sha256(path.read_bytes()).hexdigest()]
               for path in files])


def _in_language(data: object, lang: str, languages: set[str]) -> object:
    """`data` (a model's JSON dump) with every text given in the game's languages reduced to `lang`'s."""
    if isinstance(data, dict):
        if data and set(data) <= languages:
            return data.get(lang)
        return {key: _in_language(value, lang, languages) for key, value in data.items()}
    if isinstance(data, list):
        return [_in_language(value, lang, languages) for value in data]
    return data


def kind_count(content: GameContent, kind: str) -> int:
    return sum(card.count for card in content.cards if card.kind == kind)


def front_matter(content: GameContent, lang: str, with_setup: bool = True) -> FrontMatter:
    """The first pages' contents for `lang`, made from the game's data, its card layouts and its engine."""
    from generator.layout.engine import CardLayouts

    game = content.game
    facts = [word("players", lang, n=span(game.players.min, game.players.max)), word("age", lang, n=game.age),
             word("time", lang, n=span(game.play_time.min, game.play_time.max))]
    credits = word("by", lang, names=", ".join(game.designers)) if game.designers else ""
    if game.publisher:
        credits += (" · " if credits else "") + game.publisher + (f" {game.year}" if game.year else "")
    layouts = CardLayouts(content, ErrorList())  # a card that fails is the cards step's error to report
    samples = sample_cards(content)
    faces: dict[str, FaceLayout] = {}
    for kind, card in samples.items():
        face = layouts.front(card, lang)
        if face is not None:
            faces[kind] = face
    boards = {board.id: board for board in content.boards}
    scenes: dict[str, Scene] = {}

    def board_scene(board_id: str) -> Scene | None:
        if board_id not in scenes and board_id in boards:
            from generator.boards.layout import layout_board

            scenes[board_id] = layout_board(boards[board_id], lang, content.icons)[0]
        return scenes.get(board_id)

    resources = {resource.id: str(resource.color) for resource in game.resources}
    named = {component.board or component.id for component in game.components}
    unnamed = [board.id for board in content.boards if board.id not in named]  # for board components naming none
    rows: list[tuple[str, int, Flowable | None]] = []
    for component in game.components:
        picture: Flowable | None = None
        if component.type == "cards" and component.kind in faces:
            picture = FacePicture(faces[component.kind], content.icons, 22 * mm)
        elif component.type in ("board", "tableau") and (component.board or component.id in boards or unnamed):
            scene = board_scene(component.board or (component.id if component.id in boards else unnamed.pop(0)))
            picture = ScenePicture(scene, 30 * mm, 22 * mm) if scene is not None else None
        elif component.type != "cards":
            colour = str(component.color or resources.get(component.resource or "", PIECE_COLOUR))
            picture = PiecePicture(component, colour, 9 * mm)
        rows.append((component.name.get(lang), component.count, picture))
    drawn = [scene for scene in (board_scene(board.id) for board in content.boards) if scene is not None]
    first_board = max(drawn, key=lambda scene: scene.width * scene.height, default=None)  # the box shows the largest
    front = FrontMatter(game.title.get(lang), game.tagline.get(lang) if game.tagline else "", facts, credits,
                        list(faces.values())[:SAMPLE_CARDS], content.icons, first_board, rows)
    if with_setup:
        _add_setup(content, lang, front)
    explained = anatomy_card(content, lang)
    if explained is not None:
        front.anatomy = layouts.front(explained, lang)
    return front


ANATOMY = "anatomy"  # a rules page whose slug holds this word explains a card's parts: it comes before the rules
CARD_NAMED = re.compile(r"card\(\s*['\"]([a-z0-9][a-z0-9_-]*)['\"]")


def is_anatomy(slug: str) -> bool:
    return ANATOMY in slug


def anatomy_first(pages: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The rules pages with a card-anatomy page moved to the front, as a publisher's rulebook explains the card
    before the rules that read it (the section numbers stay the site's)."""
    return [page for page in pages if is_anatomy(page[0])] + [page for page in pages if not is_anatomy(page[0])]


def anatomy_card(content: GameContent, lang: str) -> Card | None:
    """The card the anatomy page's source names first (`card('id')`), else the first card of the largest kind."""
    from generator.rulestext.rules_text import page_slug

    folder = content.root / "rules" / lang
    pages = sorted(folder.glob("*.md")) if folder.is_dir() else []
    if not any(is_anatomy(page_slug(page.name)) for page in pages):
        return None
    by_id = {card.id: card for card in content.cards}
    for page in pages:
        if is_anatomy(page_slug(page.name)):
            for card_id in CARD_NAMED.findall(page.read_text(encoding="utf-8")):
                if card_id in by_id:
                    return by_id[card_id]
    kinds = sample_cards(content)
    largest = max(kinds, key=lambda kind: kind_count(content, kind), default=None)
    return kinds[largest] if largest is not None else None


SETUP_SEED = 1  # the seeded game whose table the set-up page shows


def _add_setup(content: GameContent, lang: str, front: FrontMatter) -> None:
    """The engine's picture of the table right after set-up, at the default player count (none without one)."""
    if not content.game.engine:
        return
    from generator.rules.picture import player_colours
    from generator.rules.registry import make_game

    try:
        game = make_game(content)
        state = game.new_initial_state(SETUP_SEED)
        picture = game.presentation.picture(state, lang)
    except Exception:  # noqa: BLE001 (an engine's fault is `pnp test`'s and the site's to report; the book goes on)
        return
    if picture is None:
        return
    players = game.num_players()
    front.setup, front.setup_players, front.setup_alt = picture.scene, players, picture.alt
    front.player_colours = player_colours(content, players)
    front.setup_legend = [(entry.colour, entry.words) for entry in picture.legend]


# --- the pages -----------------------------------------------------------------------------------------------
def front_pages(front: FrontMatter, styles: Styles, width: float, height: float, lang: str) -> list[Flowable]:
    """Cover, components page and set-up page as flowables, each starting a page of its own after the cover."""
    title_style = ParagraphStyle("cover-title", parent=styles.headings[1], fontSize=40, leading=46, spaceAfter=6)
    tagline_style = ParagraphStyle("cover-tagline", parent=styles.body, fontSize=15, leading=19, spaceAfter=8)
    facts_style = ParagraphStyle("cover-facts", parent=styles.body, fontSize=13, leading=17, spaceAfter=4,
                                 textColor=colors.HexColor("#1a237e"))
    story: list[Flowable] = [Paragraph(escape(front.title), title_style)]
    if front.tagline:
        story.append(Paragraph(escape(front.tagline), tagline_style))
    story.append(Paragraph("<b>" + escape("  ·  ".join(front.facts)) + "</b>", facts_style))
    story.append(Spacer(1, 6 * mm))
    story.append(BoxPicture(front, width, min(height * 0.6, width * 0.85)))
    if front.credits:
        story += [Spacer(1, 5 * mm), Paragraph(escape(front.credits), styles.body)]
    story.append(PageBreak())

    components = word("components", lang)
    story.append(SectionHeading(escape(components), styles.headings[1], "components", components, 0))
    data = [[picture or Spacer(1, 1), Paragraph(escape(name), styles.body),
             Paragraph(f"<b>{count}</b>", styles.body)] for name, count, picture in front.components]
    if data:
        table = Table(data, colWidths=[36 * mm, width - 56 * mm, 20 * mm], hAlign="LEFT")
        table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), styles.body.fontName),  # not Helvetica
                                   ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("ALIGN", (0, 0), (0, -1), "CENTER"),
                                   ("ALIGN", (2, 0), (2, -1), "RIGHT"),
                                   ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#ced4da")),
                                   ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
        story.append(table)
    story.append(PageBreak())

    if front.setup is not None:
        setup = word("setup", lang)
        story.append(SectionHeading(escape(setup), styles.headings[1], "setup", setup, 0))
        story.append(Paragraph(escape(word("setup_intro", lang, n=front.setup_players)), styles.body))
        story.append(ScenePicture(front.setup, width, height * 0.62))
        story.append(Spacer(1, 3 * mm))
        story.append(Paragraph(f"<b>{escape(word('legend', lang))}</b>", styles.body))
        legend = front.setup_legend or [(colour, word("player", lang, n=seat + 1))
                                        for seat, colour in enumerate(front.player_colours)]
        cells: list[Flowable | str] = []
        for colour, words in legend:                       # two entries a row: the legend stays on the page
            cells += [Swatch(colour), Paragraph(escape(words), styles.body)]
        if cells:
            cells += [""] * (len(cells) % 4)
            rows = [cells[i:i + 4] for i in range(0, len(cells), 4)]
            story.append(Table(rows, colWidths=[7 * mm, width / 2 - 7 * mm] * 2, hAlign="LEFT",
                               style=[("FONTNAME", (0, 0), (-1, -1), styles.body.fontName),
                                      ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
        if front.setup_alt:
            story.append(Paragraph(escape(front.setup_alt), styles.body))
        story.append(PageBreak())
    return story


class Swatch(Flowable):
    """A colour of the set-up legend: a player's, a piece's, a mark's."""

    def __init__(self, colour: str) -> None:
        super().__init__()
        self.colour = colour
        self.width = self.height = 4 * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.setFillColor(HexColor(self.colour))
        self.canv.setStrokeColor(colors.HexColor("#212529"))
        self.canv.rect(0, 0, self.width, self.height, stroke=1, fill=1)
