"""The illustration of one card: a motif family, a seed and a palette -> shapes in a box.

The seed (a game's and a card's ids) drives every random choice through its SHA-256, so the
picture is the same in every process and on every machine, and two cards get two pictures.
Motifs are known by family names and a few aliases (an icon's or a tag's name), so a layout can
pass the card's first tag or its icon straight through.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from random import Random

from generator.art import ground, space
from generator.art.palette import Palette, mix, palette_for
from generator.art.sketch import Sketch
from generator.drawing.shapes import Item

Motif = Callable[[Sketch, Random, Palette], None]

MOTIFS: dict[str, Motif] = {
    "planet": space.cratered_planet,
    "ringed-planet": space.ringed_giant,
    "blue-planet": space.blue_world,
    "station": space.space_station,
    "comet": space.comet,
    "orbits": space.orbits,
    "star-burst": space.burst,
    "magnetosphere": space.magnetosphere,
    "core": space.cutaway,
    "atmosphere": space.atmosphere,
    "mars": ground.mars_plain,
    "outpost": ground.outpost,
    "city": ground.city,
    "forest": ground.forest,
    "ocean": ground.sea,
    "power-plant": ground.power_plant,
    "factory": ground.factory,
    "laboratory": ground.laboratory,
    "volcano": ground.volcano,
    "ice": ground.ice,
    "microbes": ground.microbes,
    "sea-life": ground.sea_life,
    "animals": ground.animals,
}
"""Motif families by name; `illustration` refuses any other name (after ALIASES)."""

ALIASES: dict[str, tuple[str, ...]] = {
    # Terraforming Mars' tags: a tag many cards carry stands for a few families, the seed picks one
    "building": ("factory", "outpost", "city"), "space": ("station", "comet", "orbits"), "power": ("power-plant",),
    "science": ("laboratory",), "jovian": ("ringed-planet",), "earth": ("blue-planet",),
    "plant": ("forest", "atmosphere"), "microbe": ("microbes",), "animal": ("animals",), "event": ("comet",),
    # picture words of the bundled games' icons
    "moon": ("planet",), "telescope": ("laboratory", "orbits"), "migration": ("orbits",), "impact": ("comet",),
    "trilobite": ("sea-life",), "leaf": ("forest",), "cell": ("microbes",), "oxygen": ("atmosphere",),
    "event-star": ("star-burst",), "solar-wind": ("magnetosphere",), "greenhouse": ("atmosphere",),
    "shield": ("magnetosphere",), "magnetism": ("magnetosphere",), "habitable": ("blue-planet",),
    "water": ("ocean",), "snowball": ("ice",), "plates": ("volcano",), "tides": ("ocean",),
    "civilisation": ("city",), "life": ("sea-life",), "epoch-one": ("planet",), "uninhabitable": ("planet",),
}
"""Other words for a family: a card's tag or icon name works as its motif."""

MAX_ART_MM = 1000.0  # a box larger than a metre is a layout mistake, not a picture


class ArtError(ValueError):
    """A motif or a box the generator cannot draw (the message names it)."""


def motif_families(name: str) -> tuple[str, ...]:
    """The families a motif name (or alias) stands for; ArtError for an unknown one."""
    families = ALIASES.get(name, (name,))
    if not all(family in MOTIFS for family in families):
        raise ArtError(f"unknown art motif {name!r}")
    return families


def seed_value(seed: str) -> int:
    """A stable integer from the seed text (the same in every process: no Python hash())."""
    return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")


@lru_cache(maxsize=4096)  # a card's front is laid out once per language and size: draw its picture once
def illustration(seed: str, motif: str, x: float, y: float, w: float, h: float, colour: str,
                 radius: float = 0.0, lighten: float = 0.0) -> tuple[Item, ...]:
    """The picture for `seed` in the motif family `motif`, filling the box (x, y, w, h) mm with corners of `radius`.

    `colour` is the base of the palette (a kind's colour); `lighten` (0..1) pales every colour, for an
    ink-saving print."""
    families = motif_families(motif)
    if not (0 < w <= MAX_ART_MM and 0 < h <= MAX_ART_MM):
        raise ArtError(f"an art box of {w:g} x {h:g} mm cannot be drawn")
    rng = Random(seed_value(seed))
    family = families[rng.randrange(len(families))] if len(families) > 1 else families[0]
    palette = palette_for(colour, rng.uniform(-0.06, 0.06))
    sketch = Sketch(w, h, radius)
    MOTIFS[family](sketch, rng, palette)
    placed = sketch.placed(x, y)
    return tuple(_lightened(item, lighten) for item in placed) if lighten > 0 else placed


def _lightened(item: Item, amount: float) -> Item:
    """The item with its fill and outline mixed with white by `amount` (the motifs' own fixed colours too)."""
    paint = getattr(item, "paint", None)
    if paint is None:
        return item
    fill = mix(paint.fill, "#ffffff", amount) if paint.fill else None
    stroke = mix(paint.stroke, "#ffffff", amount) if paint.stroke else None
    return replace(item, paint=replace(paint, fill=fill, stroke=stroke))
