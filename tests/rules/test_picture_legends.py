"""A picture of the table says what it shows and reads at page width: every engine's picture carries a legend of the
pieces it drew, in its language, and no text smaller than the readable size for its width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.boards.scene import Circle, Polygon, Rect, Scene, Text
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.rules.examples import replay_example
from generator.rules.picture import DISPLAY_PX, READABLE_PX, Legend, board_picture, card, cube, disc, readable_pt

CONTENT = Path(__file__).resolve().parents[2] / "content"
ENGINES = ("escape-earth", "astronuts", "habitable", "terraforming-mars")
PLAYER = {"en": "Player {n}", "de": "Person {n}"}


def first_pictures(game: str):
    errors = ErrorList()
    content = load_game(CONTENT / game, errors)
    assert content is not None and not errors, errors
    played = replay_example(content, content.examples[0], draw=True)
    return content, [played.start_picture] + [step.picture for step in played.steps[:2]]


def colours_of(scene: Scene) -> set[str]:
    found = set()
    for item in scene.items:
        if isinstance(item, Circle | Polygon | Rect):
            found |= {item.paint.fill, item.paint.stroke}
        elif isinstance(item, Text):
            found.add(item.color)
    return {c.lower() for c in found if c}


@pytest.mark.parametrize("game", ENGINES)
def test_every_text_of_a_picture_reads_at_the_width_the_site_shows_it(game):
    _, pictures = first_pictures(game)
    for by_lang in pictures:
        for picture in by_lang.values():
            scene = picture.scene
            smallest = min(t.size for t in scene.texts())
            assert smallest >= readable_pt(scene) - 1e-6
            assert smallest * 0.3528 * DISPLAY_PX / scene.width >= READABLE_PX - 1e-3


@pytest.mark.parametrize("game", ENGINES)
def test_every_picture_has_a_legend_of_the_pieces_it_draws_in_its_language(game):
    content, pictures = first_pictures(game)
    for by_lang in pictures:
        for lang, picture in by_lang.items():
            words = [entry.words for entry in picture.legend]
            assert PLAYER[lang].format(n=1) in words, (game, lang, words)
            assert len(words) == len(set(words))
            drawn = colours_of(picture.scene)
            for entry in picture.legend:
                if entry.symbol == "icon":         # an icon a board's panel explains: the picture draws the board
                    assert entry.mark in content.icons, entry
                else:
                    assert entry.colour.lower() in drawn, (game, lang, entry)
                assert entry.words[:1].isupper() and not re.search(r"\b[a-z]+[-_][a-z]+\b", entry.words), entry
        assert [e.words for e in by_lang["de"].legend] != [e.words for e in by_lang["en"].legend]


def test_a_board_picture_leaves_out_its_panels_and_its_smallest_texts():
    errors = ErrorList()
    content = load_game(CONTENT / "astronuts", errors)
    scene, spots = board_picture(content, "map", "en")
    texts = [t.text for t in scene.texts()]
    assert "Hazelnut" in texts and "Macadamia" in texts            # the spaces' names, raised to the readable size
    assert not any(t.startswith("One space per action") for t in texts)   # the panel's rule summary is left out
    assert scene.height < 653                                      # and the strip it stood in
    assert min(t.size for t in scene.texts()) >= readable_pt(scene) - 1e-6


def test_the_icons_a_boards_panel_explains_come_into_the_legend():
    from generator.rules.picture import board_legend

    for game, board, expected in (("habitable", "main", {"Habitable zone +2", "Outside the habitable zone"}),
                                  ("terraforming-mars", "mars", {"Steel", "Plants"})):
        content = load_game(CONTENT / game, ErrorList())
        legend = Legend()
        board_legend(content, board, "en", legend)
        words = {entry.words for entry in legend.entries}
        assert expected <= words, words
        assert not any("production" in w for w in words)   # a rule summary's icons are no legend


def test_pieces_note_their_legend_once_and_grow_to_hold_a_readable_label():
    scene, legend = Scene(500, 300), Legend()
    cube(scene, 10, 10, 2.0, "#d6336c", "1", legend, "player 1")
    cube(scene, 40, 10, 2.0, "#d6336c", "1", legend, "player 1")
    disc(scene, 70, 10, 1.0, "#7048e8", legend=legend, words="")   # no words: drawn, not in the legend
    assert [(e.symbol, e.colour, e.words, e.mark) for e in legend.entries] == [("cube", "#d6336c", "Player 1", "1")]
    side = next(item for item in scene.items if isinstance(item, Rect)).w
    label = next(t for t in scene.texts() if t.text == "1")
    assert side > 2.0 and label.size >= readable_pt(scene) - 1e-6
    card(scene, 100, 100, 40, 30, "#ffffff", ["Hydroponic farm and more"], 7)
    assert len([t for t in scene.texts() if t.text != "1"]) == 2      # too wide for one line: two
