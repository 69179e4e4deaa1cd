"""The picture generator (generator.art): the same per seed, another per card, inside its box, paled on request."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from generator.art.generate import ALIASES, MOTIFS, ArtError, illustration
from generator.drawing.shapes import Circle, Line, Polygon


def digest(items) -> str:
    return hashlib.sha256(repr(items).encode()).hexdigest()


def corners(item) -> list[tuple[float, float]]:
    if isinstance(item, Polygon):
        return list(item.points)
    if isinstance(item, Circle):
        return [(item.cx - item.r, item.cy - item.r), (item.cx + item.r, item.cy + item.r)]
    if isinstance(item, Line):
        return [(item.x1, item.y1), (item.x2, item.y2)]
    raise AssertionError(f"a picture holds only polygons, circles and lines, not {item!r}")


@pytest.mark.parametrize("motif", sorted(MOTIFS))
def test_every_motif_draws_inside_its_box_and_depends_on_the_seed(motif):
    x, y, w, h = 4.0, 20.0, 51.0, 30.0
    first = illustration("game/card-a/front", motif, x, y, w, h, "#2b8a3e", 1.2)
    again = illustration.__wrapped__("game/card-a/front", motif, x, y, w, h, "#2b8a3e", 1.2)  # not the cache's copy
    other = illustration("game/card-b/front", motif, x, y, w, h, "#2b8a3e", 1.2)
    assert len(first) >= 5, "a picture, not a blank box"
    assert digest(first) == digest(again)
    assert digest(first) != digest(other)
    for item in first:
        for px, py in corners(item):
            assert x - 0.011 <= px <= x + w + 0.011 and y - 0.011 <= py <= y + h + 0.011, (motif, item)


def test_the_same_card_draws_the_same_bytes_in_another_process():
    code = ("from generator.art.generate import illustration; import hashlib; "
            "print(hashlib.sha256(repr(illustration('tm/windsegel/front', 'power', 4, 20, 51, 30, '#b4532a', 1.2))"
            ".encode()).hexdigest())")
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                              env={"PYTHONHASHSEED": str(seed), "PATH": ""}).stdout for seed in (1, 2)}
    assert outputs == {digest(illustration("tm/windsegel/front", "power", 4, 20, 51, 30, "#b4532a", 1.2)) + "\n"}


def test_an_alias_stands_for_a_family_and_an_unknown_motif_is_refused():
    assert all(family in MOTIFS for families in ALIASES.values() for family in families)
    assert illustration("g/c/front", "jovian", 0, 0, 40, 30, "#1c7ed6") == \
        illustration("g/c/front", "ringed-planet", 0, 0, 40, 30, "#1c7ed6")
    with pytest.raises(ArtError, match="unknown art motif 'dragon'"):
        illustration("g/c/front", "dragon", 0, 0, 40, 30, "#1c7ed6")
    with pytest.raises(ArtError, match="cannot be drawn"):
        illustration("g/c/front", "comet", 0, 0, 0, 30, "#1c7ed6")


def test_lighten_pales_every_colour_of_the_same_picture():
    plain = illustration("g/c/front", "city", 0, 0, 40, 30, "#c92a2a")
    pale = illustration("g/c/front", "city", 0, 0, 40, 30, "#c92a2a", lighten=0.7)
    assert len(plain) == len(pale)

    def lightness(items) -> float:
        colours = [i.paint.fill for i in items if i.paint.fill] + [i.paint.stroke for i in items if i.paint.stroke]
        return sum(int(c[k:k + 2], 16) for c in colours for k in (1, 3, 5)) / (3 * 255 * len(colours))

    assert 1 - lightness(pale) == pytest.approx(0.3 * (1 - lightness(plain)), abs=0.01)  # 70 % of the way to white
    assert [corners(a) for a in plain] == [corners(b) for b in pale]  # the same shapes, only paler
