"""Every bundled rulebook opens as a publisher's does: a cover, the components with their counts, the set-up."""

from __future__ import annotations

import re

import pdfplumber
import pytest
from reportlab.lib.units import mm

from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.rulebook.document import MARGIN
from generator.rulebook.front_matter import anatomy_card, front_matter, is_anatomy, kind_count, span, word
from generator.rulebook.step import printed_rules, render_rulebooks
from tests.rulebook.test_outline_fonts import fonts, outline

GAMES = ["astronuts", "escape-earth", "habitable", "terraforming-mars"]
PAPERS = ("a4", "letter")


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def component_rows(pdf: pdfplumber.PDF, last: int) -> list[str]:
    """The components table's lines (name and count, the pictures' column left out) of pages 2..last."""
    rows: list[str] = []
    for page in pdf.pages[1:last]:
        cropped = page.crop((MARGIN + 36 * mm, 0, page.width - MARGIN + 1, page.height - MARGIN))
        rows += [flat(line) for line in (cropped.extract_text() or "").splitlines()]
    return rows


CASES = [pytest.param("terraforming-mars", ("en",), ("a4",), id="terraforming-mars-en-a4")] + [
    pytest.param(game, ("de", "en"), PAPERS, id=game, marks=pytest.mark.slow) for game in GAMES]


@pytest.mark.parametrize(("game", "languages", "papers"), CASES)
def test_every_rulebook_opens_with_cover_components_and_setup(bundled_contents, game, languages, papers, tmp_path):
    content = bundled_contents[game]
    errors = ErrorList()
    written = render_rulebooks(content, tmp_path, BuildOptions(languages=languages, papers=papers), errors)
    assert not list(errors)
    books = [path for path in written if path.name.startswith("rules-")]
    assert len(books) == len(languages) * len(papers)
    players = span(content.game.players.min, content.game.players.max)
    minutes = span(content.game.play_time.min, content.game.play_time.max)
    for book in books:
        lang = book.name.split("-")[1]
        with pdfplumber.open(book) as pdf:
            texts = [flat(page.extract_text() or "") for page in pdf.pages]
            cover = texts[0]
            assert cover.startswith(content.game.title.get(lang)), book.name
            for fact in (word("players", lang, n=players), word("age", lang, n=content.game.age),
                         word("time", lang, n=minutes)):
                assert fact in cover, (book.name, fact)
            assert len(pdf.pages[0].curves + pdf.pages[0].rects) > 20  # the box picture is drawn

            components, setup = word("components", lang), word("setup", lang)
            assert texts[1].startswith(components), book.name
            setup_page = next(i for i, text in enumerate(texts) if text.startswith(setup))
            rows = component_rows(pdf, setup_page)
            for component in content.game.components:
                line = f"{component.name.get(lang)} {component.count}"
                assert line in rows, (book.name, line)
                if component.type == "cards" and component.kind:
                    assert component.count == kind_count(content, component.kind)

            page = pdf.pages[setup_page]
            drawn = len(page.rects) + len(page.curves) + len(page.lines) + len(page.images)
            assert drawn > 20, (book.name, drawn)  # the engine's picture
            assert word("legend", lang) in texts[setup_page]
            assert word("player", lang, n=1) in texts[setup_page]
            legend = front_matter(content, lang).setup_legend   # the picture's own legend, as the site shows it
            assert len(legend) > 1 and all(words in texts[setup_page] for _, words in legend), (book.name, legend)
        assert all(embedded == "yes" for _, embedded in fonts(book)), book.name
        mode, entries = outline(book)
        assert str(mode) == "/'UseOutlines'"
        assert [title for title, _ in entries[:2]] == [components, setup]
        assert all(count >= 0 for _, count in entries)
        explained = anatomy_card(content, lang)
        if explained is not None:  # the card-anatomy page comes first of the rules, its card pictured under its heading
            anatomy = next(slug for slug, _ in printed_rules(content, lang).pages if is_anatomy(slug))
            heading = entries[2][0]
            assert heading.startswith(f"{[slug for slug, _ in printed_rules(content, lang).pages].index(anatomy) + 1} ")
            page = next(text for text in texts[setup_page + 1:] if heading in text)
            assert explained.name.get(lang) in page.split(heading)[1][:300], (book.name, heading)


def test_a_rules_table_and_box_reference_no_helvetica(tmp_path):
    """reportlab's tables set their cells' font (Helvetica by default) even where every cell is a paragraph."""
    from generator.rulebook.document import write_rulebook

    rules = "# Play\n\n| Cost | Action |\n|---|---|\n| 2 | Build |\n\n!!! note\n    Boxed.\n"
    pdf = write_rulebook(tmp_path / "rules.pdf", "Game", "Rules", [("play", rules)], [], "Boards", "a4", "caption")
    found = fonts(pdf)
    assert found and all(embedded == "yes" for _, embedded in found), found
    assert not any("Helvetica" in name for name, _ in found)


@pytest.mark.parametrize("game", GAMES)
def test_every_component_has_its_own_picture(bundled_contents, game):
    from generator.rulebook.front_matter import FacePicture, PiecePicture, ScenePicture, front_matter

    content = bundled_contents[game]
    front = front_matter(content, "en", with_setup=False)
    assert [(name, count) for name, count, _ in front.components] == [
        (component.name.get("en"), component.count) for component in content.game.components]
    boards = {board.id: board for board in content.boards}
    for component, (_, _, picture) in zip(content.game.components, front.components, strict=True):
        if component.type == "cards":
            first = content.cards_of(component.kind)[0]
            assert isinstance(picture, FacePicture) and picture.face.title == first.name.get("en")
        elif component.type in ("board", "tableau"):
            board = boards[component.board or component.id]  # astronuts' boards are named by the component's id
            assert isinstance(picture, ScenePicture) and picture.scene.title == board.name.get("en"), component.id
        else:
            assert isinstance(picture, PiecePicture)
    assert front.faces or not content.cards
