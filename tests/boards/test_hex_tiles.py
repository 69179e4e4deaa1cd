"""Hex tiles on the token sheets: a cut hexagon per tile, sized like the map's hex spaces."""

from __future__ import annotations

import math

from generator.boards.scene import Polygon
from generator.boards.tokens import CUT, printable_tokens, token_items, token_pages
from generator.checking import load_checked
from generator.content.errors import ErrorList
from tests.boards.conftest import CONTENT


def _game():
    errors = ErrorList()
    [content] = load_checked(CONTENT, ["terraforming-mars"], errors)
    assert not errors, errors.as_text()
    return content


def test_a_hex_tile_is_a_coloured_hexagon_with_a_hexagonal_cut_line():
    content = _game()
    spec = next(s for s in printable_tokens(content) if s.component.id == "ocean-tiles")
    assert spec.shape == "hex"
    items = token_items(spec, 10.0, 20.0, "de", content.icons)
    hexes = [i for i in items if isinstance(i, Polygon) and len(i.points) == 6]
    fill, cut = hexes[0], hexes[-1]
    assert fill.paint.fill == spec.color and cut.paint == CUT
    width = max(x for x, _ in cut.points) - min(x for x, _ in cut.points)
    height = max(y for _, y in cut.points) - min(y for _, y in cut.points)
    assert height == spec.size and math.isclose(width, spec.size * math.sqrt(3) / 2)
    assert width <= 28.0  # fits a 28 mm space of the Mars map
    assert max(x for x, _ in fill.points) - min(x for x, _ in fill.points) > width  # colour runs past the cut


def test_every_tile_is_printed_once_with_its_cut_line():
    content = _game()
    pages = token_pages(content, "a4", "en")
    cuts = [i for page in pages for i in page.items if isinstance(i, Polygon) and len(i.points) == 6 and i.paint == CUT]
    assert len(cuts) == 9 + 30 + 20
    for page in pages:  # nothing leaves the printable area
        for item in page.items:
            if isinstance(item, Polygon):
                assert all(9.0 <= x <= page.width - 9.0 and 9.0 <= y <= page.height - 9.0 for x, y in item.points)
