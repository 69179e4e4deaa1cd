"""Every card layout against every print-shop profile's safe zone: what a shop's cut may take off.

A shop cuts within its tolerance of the trim and asks that text and key elements (a cost badge, a
tag, an icon) keep inside its safe line; its figures differ (3 mm at 63 x 88 mm, 1/8 in at
2.5 x 3.5 in, 36 px at MakePlayingCards). Each card is laid out at every profile's trim (the
profiles of one trim and bleed share one layout) and every element a layout's `content` draws is
measured: text by its glyphs' extent, shapes with their stroke, icons by their box. What runs
past the trim into the bleed is background art meant to be cut, and the frame (what every card
of a kind shares: panels, borders) is decoration; neither is measured. A crossing is reported once
per profile and layout line (with the first card showing it and how many faces more), at the
layout file's line: an error for the profile the game declares (`print_profile:`) or the build
uses (`--profile`), a warning for the others (`pnp check` lists them; `--strict` fails on them).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.content.schema import Card
from generator.drawing.fonts import ascent_descent
from generator.drawing.icons import IconError, load_icon
from generator.drawing.shapes import PT_MM, Circle, Icon, Image, Item, Line, Polygon, Rect, Text
from generator.layout.engine import CardLayouts
from generator.layout.profiles import PrintProfile, profiles
from generator.memos import per_build

NOTICED_MM = 0.05  # less is rounding, not a crossing
Box = tuple[float, float, float, float]


@dataclass
class Crossing:
    """An element of a layout that reaches past a profile's safe line, as first seen, and how often."""

    profile: PrintProfile
    mark: Mark
    what: str
    card_id: str
    side: str
    lang: str
    over: float
    faces: int = 1


@per_build(maxsize=256)  # an icon is a file: `pnp serve` reads it again at the next build
def _drawn_part(path: Path) -> Box:
    """The part of an icon's square its shapes cover (0..1 of its side; control points bound the curves)."""
    icon = load_icon(path)
    scale, dx, dy = icon.placement(1.0)
    boxes = []
    for shape in icon.shapes:
        points = [(cmd[i], cmd[i + 1]) for cmd in shape.commands for i in range(1, len(cmd) - 1, 2)]
        if points:
            half = shape.stroke_width / 2 if shape.stroke else 0.0
            boxes.append((min(x for x, _ in points) - half, min(y for _, y in points) - half,
                          max(x for x, _ in points) + half, max(y for _, y in points) + half))
    if not boxes:
        return (0.0, 0.0, 1.0, 1.0)
    x0, y0, x1, y1 = _union(boxes)
    return (dx + x0 * scale, dy + y0 * scale, dx + x1 * scale, dy + y1 * scale)


def extent(item: Item, icons: dict[str, Path] | None = None) -> Box | None:
    """The area an item covers on the card, in mm (None: an item of no extent); an icon of `icons` by what its
    shapes draw, any other by its box."""
    if isinstance(item, Rect):
        half = item.paint.stroke_width / 2 if item.paint.stroke else 0.0
        return (item.x - half, item.y - half, item.x + item.w + half, item.y + item.h + half)
    if isinstance(item, Circle):
        reach = item.r + (item.paint.stroke_width / 2 if item.paint.stroke else 0.0)
        return (item.cx - reach, item.cy - reach, item.cx + reach, item.cy + reach)
    if isinstance(item, Line):
        half = item.paint.stroke_width / 2
        return (min(item.x1, item.x2) - half, min(item.y1, item.y2) - half,
                max(item.x1, item.x2) + half, max(item.y1, item.y2) + half)
    if isinstance(item, Polygon) and item.points:
        xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(item, Icon):
        try:
            part = _drawn_part(icons[item.name]) if icons and item.name in icons else (0.0, 0.0, 1.0, 1.0)
        except IconError:
            part = (0.0, 0.0, 1.0, 1.0)
        return (item.x + part[0] * item.size, item.y + part[1] * item.size, item.x + part[2] * item.size,
                item.y + part[3] * item.size)
    if isinstance(item, Image):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    if isinstance(item, Text):
        ascent, descent = ascent_descent(item.font, item.size)
        return (item.x, item.baseline - ascent * PT_MM, item.x + (item.width or 0.0), item.baseline - descent * PT_MM)
    return None


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _what(items: list[Item]) -> str:
    texts = [item.text for item in items if isinstance(item, Text)]
    if texts:
        shown = " ".join(texts)
        return f"text '{shown[:40]}{'…' if len(shown) > 40 else ''}'"
    first = items[0]
    return f"icon '{first.name}'" if isinstance(first, Icon) else type(first).__name__.lower()


def _trim_group(content: GameContent, profile: PrintProfile) -> tuple:
    """What decides a profile's layouts: each kind's trim, and the bleed (the profiles of one group share them)."""
    layouts = CardLayouts(content, ErrorList(), profile)
    return (tuple(layouts.size_of(kind) for kind in content.game.kinds), profile.bleed)


def crossings(content: GameContent, cards: list[Card], chosen: list[PrintProfile],
              text: bool = True) -> list[Crossing]:
    """Every element of the cards' faces, in every language, that crosses a chosen profile's safe line
    (without `text`: only the other elements, for a build whose layout already refuses text there)."""
    groups: dict[tuple, list[PrintProfile]] = {}
    for profile in chosen:
        groups.setdefault(_trim_group(content, profile), []).append(profile)
    found: dict[tuple[str, Mark], Crossing] = {}
    for members in groups.values():
        layouts = CardLayouts(content, ErrorList(), members[0])
        for lang in content.languages:
            for card in cards:
                for side, lay_out in (("front", layouts.front), ("back", layouts.back)):
                    layouts.placed = []
                    face = lay_out(card, lang)
                    if face is None:
                        continue
                    for layout, where, items in layouts.placed:
                        if not text and any(isinstance(item, Text) for item in items):
                            continue
                        boxes = [box for box in (extent(item, content.icons) for item in items) if box is not None]
                        if not boxes:
                            continue
                        x0, y0, x1, y1 = _union(boxes)
                        if x0 <= 0 or y0 <= 0 or x1 >= face.width or y1 >= face.height:
                            continue  # it runs into the bleed: art meant to be cut
                        for profile in members:
                            safe = profile.safe
                            over = max(safe - x0, safe - y0, x1 - (face.width - safe), y1 - (face.height - safe))
                            if over <= NOTICED_MM:
                                continue
                            mark = layout.mark(*where)
                            known = found.get((profile.id, mark))
                            if known is None:
                                found[(profile.id, mark)] = Crossing(profile, mark, _what(items), card.id, side, lang,
                                                                     over)
                            else:
                                known.faces += 1
                                known.over = max(known.over, over)
    return sorted(found.values(), key=lambda c: (c.mark.file, c.mark.line, c.mark.column, c.profile.id))


def check_safe_zones(content: GameContent, cards: list[Card], errors: ErrorList, declared: str | None = None,
                     only_declared: bool = False, text: bool = True) -> None:
    """Report every crossing (see the module docstring): an error for the `declared` profile (else the game's
    `print_profile`), a warning for the others; with `only_declared`, the others are not looked at."""
    known = profiles()
    declared = declared or content.game.print_profile
    others = [] if only_declared else [profile for profile in known.values() if profile.id != declared]
    chosen = ([known[declared]] if declared in known else []) + others
    for crossing in crossings(content, cards, chosen, text):
        more = f" (and {crossing.faces - 1} more {'face' if crossing.faces == 2 else 'faces'})" \
            if crossing.faces > 1 else ""
        message = (f"{content.id}: {crossing.what} on the {crossing.side} of card '{crossing.card_id}' "
                   f"({crossing.lang}) crosses the {crossing.profile.safe:g} mm safe line of print profile "
                   f"'{crossing.profile.id}' by {crossing.over:.2f} mm{more}")
        hint = (f"move it at least {crossing.over:.2f} mm inward: the shop's cut may take off what lies outside "
                "its safe line")
        if crossing.profile.id == declared:
            errors.add(crossing.mark, message, hint=hint, code="safe-zone")
        else:
            errors.warn(crossing.mark, message, hint=hint, code="safe-zone")
