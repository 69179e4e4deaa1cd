"""Turning one face's layout elements into positioned items, for one card (or one kind) and language.

Values come either from a FaceProgram's single render (`printed`) or, when that is not
available, from evaluating each expression and template on its own; either way a value that is
wrong becomes a LayoutProblem pointing at the layout line, and the element is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import TemplateError

from generator.drawing.fonts import ascent_descent
from generator.drawing.shapes import PT_MM, Circle, Icon, Image, Item, Line, Paint, Rect, Text
from generator.layout import spec as specs
from generator.layout.art_element import ArtSpec, art_items
from generator.layout.face_program import PrintedFace
from generator.layout.geometry import TextBlockInfo
from generator.layout.picture_files import IMAGE_FILES, picture_file
from generator.layout.richtext import set_text
from generator.layout.templating import LayoutTemplateError, evaluate, render, repeat_items

COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
PARAGRAPH_GAP = 0.35


@dataclass(frozen=True)
class LayoutProblem:
    """A card that cannot be drawn as its layout asks, with what to tell the designer."""

    card_id: str | None
    kind_id: str
    side: str
    field: str
    lang: str
    message: str
    hint: str = ""
    layout_mark: Any = None  # a Mark in the layout file when the layout itself is at fault
    severity: str = "error"  # or "warning": reported, the card is still drawn (fails only `pnp check --strict`)


class _Skip(Exception):
    """An element could not be evaluated; its problem is already recorded."""


_SAFE_ZONE_SEEN: dict[tuple, tuple[str, float] | None] = {}
_PLAN = object()  # a memo key's first part for a plan (other keys start with a scope string)


def _merged(plan: list) -> list:
    """The plan with neighbouring shared steps joined: one extend of items and texts for each run of them."""
    merged: list = []
    for step in plan:
        if step[0] is None and merged and merged[-1][0] is None:
            merged[-1] = (None, merged[-1][1] + step[1], merged[-1][2] + step[2])
        else:
            merged.append(step)
    return merged


def _safe_zone_overrun(block: tuple, origin: tuple, runs: tuple[Text, ...], width: float, height: float,
                       safe: float) -> tuple[str, float] | None:
    """The first run of a text block that enters the safe zone, and by how much.

    A block's runs follow from its `block` key and `origin`, so the answer is remembered by those."""
    key = (block, origin, width, height, safe)
    if key not in _SAFE_ZONE_SEEN:
        if len(_SAFE_ZONE_SEEN) > 50_000:
            _SAFE_ZONE_SEEN.clear()
        _SAFE_ZONE_SEEN[key] = _first_overrun(runs, width, height, safe)
    return _SAFE_ZONE_SEEN[key]


def _first_overrun(runs: tuple[Text, ...], width: float, height: float, safe: float) -> tuple[str, float] | None:
    for run in runs:
        ascent, descent = ascent_descent(run.font, run.size)
        box = (run.x, run.baseline - ascent * PT_MM, run.x + (run.width or 0.0), run.baseline - descent * PT_MM)
        over = max(safe - box[0], safe - box[1], box[2] - (width - safe), box[3] - (height - safe))
        if over > 0.05:
            return run.text, over
    return None


@dataclass
class FaceEvaluation:
    """Evaluates the elements of one face part into `items`; problems go to `problems`."""

    layout: specs.LoadedLayout
    context: dict[str, Any]
    card_id: str | None
    kind_id: str
    side: str
    lang: str
    icons: dict
    problems: list[LayoutProblem]
    game_root: Path = Path(".")
    items: list[Item] = field(default_factory=list)
    texts: list[TextBlockInfo] = field(default_factory=list)
    safe: float | None = None  # mm inside the trim that text must keep clear of (None: not checked)
    memo: dict | None = None  # elements already evaluated from the same values (owned by the caller)
    ink: dict[int, str] = field(default_factory=dict)  # the elements' `ink:` choices, by index into `items`
    placed: list | None = None  # with a list: (layout, where, items) per element drawn (generator.layout.safe_zones)
    _plan: list | None = field(default=None, repr=False)  # the plan `run` is making, if it is making one

    # --- problems ------------------------------------------------------------------------------
    def problem(self, field_name: str, message: str, hint: str = "", mark: Any = None,
                severity: str = "error") -> None:
        self.problems.append(LayoutProblem(self.card_id, self.kind_id, self.side, field_name, self.lang, message,
                                           hint, mark, severity))

    def define(self, section: str, variables: dict[str, Any]) -> bool:
        """Evaluate `constants` or `vars` into the context, in order; False when one fails."""
        for name, value in variables.items():
            try:
                self.context[name] = evaluate(value, self.context)
            except LayoutTemplateError as exc:
                self.problem(name, str(exc), mark=self.layout.mark(section, name))
                return False
        return True

    # --- elements ------------------------------------------------------------------------------
    def run(self, path: tuple, elements: list, printed: PrintedFace | None = None) -> None:
        """Evaluate `elements` (found at `path` in the layout file); `printed` holds precomputed values
        by address (`3` for the fourth element, `3.1.0` for a group's second element in its first copy).

        Cards of one shape (`printed.shape`) share every element but the ones with their own texts: the
        first such card's run is remembered as a plan, the items of the shared elements and where the
        others go, and the next card of that shape follows it."""
        key: tuple | None = None
        if printed is not None and printed.shape is not None and self.memo is not None and self.placed is None:
            key = (_PLAN, path, printed.shape)
            plan = self.memo.get(key)
            if plan is not None:  # made for these elements, so they were plannable
                self._follow(plan, printed)
                return
        if key is not None and self.memo is not None and _plannable(elements):  # a followed plan notes neither
            # where elements went nor their ink
            self._plan, problems = [], len(self.problems)
            try:
                self._run(path, elements, printed)
            finally:
                plan, self._plan = self._plan, None
            if len(self.problems) == problems:
                self.memo[key] = _merged(plan)
            return
        self._run(path, elements, printed)

    def _follow(self, plan: list, printed: PrintedFace) -> None:
        for step in plan:
            if step[0] is None:
                self.items.extend(step[1])
                self.texts.extend(step[2])
                continue
            element, where, address, copy = step
            try:
                self._remembered_element(element, where, printed, address, copy)
            except _Skip:
                continue

    def _run(self, path: tuple, elements: list, printed: PrintedFace | None) -> None:
        for index, element in enumerate(elements):
            where = (*path, index)
            start = len(self.items)
            try:
                self._one(element, where, printed, index)
            finally:
                if not isinstance(element, specs.GroupSpec):
                    self._record(where, start)
            self._mark(element, start)

    def _one(self, element, where: tuple, printed: PrintedFace | None, index: int) -> None:
        try:
            if isinstance(element, specs.GroupSpec):
                self._group(element, where, printed, str(index))
                return
            if printed is not None:
                address = str(index)
                if address not in printed:  # its `when` was false
                    return
                self._remembered_element(element, where, printed, address)
                return
            if element.when is not None and not self._evaluate(element.when, where, "when"):
                return
            self._element(element, where, {})
        except _Skip:
            return

    def _mark(self, element, start: int) -> None:
        """The items an element with an `ink:` choice added (from `start` on) carry its choice."""
        if element.ink is not None:
            self.ink.update(dict.fromkeys(range(start, len(self.items)), element.ink.value))

    def _group(self, group: specs.GroupSpec, where: tuple, printed: PrintedFace | None, address: str) -> None:
        """A group's elements, once per copy its `repeat` gives, with `index` and `item` set for each."""
        if printed is not None:
            if address not in printed:
                return
            for copy in range(printed.copies(address)):
                for child_index, child in enumerate(group.elements):
                    child_address = f"{address}.{child_index}.{copy}"
                    if child_address in printed:
                        start = len(self.items)
                        try:
                            self._remembered_element(child, (*where, "elements", child_index), printed,
                                                     child_address, copy)
                        except _Skip:
                            continue
                        finally:
                            self._mark(child, start)
                            self._record((*where, "elements", child_index), start)
            return
        if group.when is not None and not self._evaluate(group.when, where, "when"):
            return
        try:
            copies = repeat_items(self._evaluate(group.repeat, where, "repeat"))
        except TemplateError as exc:
            self.problem("repeat", str(exc), mark=self.layout.mark(*where, "repeat"))
            return
        saved: dict[str, Any] = {name: self.context[name] for name in ("index", "item") if name in self.context}
        try:
            for copy, item in enumerate(copies):
                self.context.update(index=copy, item=item)
                for child_index, child in enumerate(group.elements):
                    child_where = (*where, "elements", child_index)
                    start = len(self.items)
                    try:
                        if child.when is not None and not self._evaluate(child.when, child_where, "when"):
                            continue
                        self._element(child, child_where, {}, copy)
                    except _Skip:
                        continue
                    finally:
                        self._mark(child, start)
                        self._record(child_where, start)
        finally:
            for name in ("index", "item"):
                self.context.pop(name, None)
            self.context.update(saved)

    def _record(self, where: tuple, start: int) -> None:
        """Note the items an element drew since `start`, when a caller asked (`placed`)."""
        if self.placed is not None and len(self.items) > start:
            self.placed.append((self.layout, where, self.items[start:]))

    def _remembered_element(self, element, where: tuple, printed: PrintedFace, address: str,
                            copy: int | None = None) -> None:
        """An element whose every value is printed: the same values give the same items, so they are
        remembered in `memo` (cards of a kind share panels, effect texts, fields) unless it had a problem.
        Its record (address and the values that vary by card) names them among the cards of its scope."""
        if self.memo is None:
            self._element(element, where, printed.values(address), copy)
            return
        if self._plan is not None:  # a plan is being made: this element's place in it
            if address in printed.filled:
                self._plan.append((element, where, address, copy))
            else:
                self._plan.append((None, self.items, len(self.items), self.texts, len(self.texts)))
        key = (printed.scope, printed.record(address))
        known = self.memo.get(key)
        if known is not None:
            self.items.extend(known[0])
            self.texts.extend(known[1])
            self._planned()
            return
        items, texts, problems = len(self.items), len(self.texts), len(self.problems)
        self._element(element, where, printed.values(address), copy)
        self._planned()
        if len(self.problems) == problems:
            self.memo[key] = (self.items[items:], self.texts[texts:])

    def _planned(self) -> None:
        """A shared element's step of the plan being made gets the items and texts it added."""
        if self._plan and self._plan[-1][0] is None and len(self._plan[-1]) == 5:
            _, items, item_at, texts, text_at = self._plan[-1]
            self._plan[-1] = (None, items[item_at:], texts[text_at:])

    def _evaluate(self, value: Any, where: tuple, key: str) -> Any:
        try:
            return evaluate(value, self.context)
        except LayoutTemplateError as exc:
            self.problem(key, str(exc), mark=self.layout.mark(*where, key))
            raise _Skip from None

    def _element(self, element, where: tuple, printed: dict[str, str], copy: int | None = None) -> None:
        def num(key: str) -> float:
            value = printed[key] if key in printed else self._evaluate(getattr(element, key), where, key)
            try:
                return float(value)
            except (TypeError, ValueError):
                self.problem(key, f"`{key}` is {value!r}, not a number", mark=self.layout.mark(*where, key))
                raise _Skip from None

        def text(key: str) -> str:
            if key in printed:
                return printed[key]
            try:
                return render(getattr(element, key), self.context)
            except LayoutTemplateError as exc:
                self.problem(key, str(exc), mark=self.layout.mark(*where, key))
                raise _Skip from None

        def colour(key: str) -> str | None:
            if getattr(element, key) is None:
                return None
            value = text(key).strip()
            if value in ("", "none"):
                return None
            if not COLOUR_RE.match(value):
                self.problem(
                    key, f"`{key}` is {value!r}, not a colour like #1d2b5a", mark=self.layout.mark(*where, key)
                )
                raise _Skip
            return value.lower()

        if isinstance(element, specs.RectSpec):
            self.items.append(Rect(num("x"), num("y"), num("w"), num("h"),
                                   Paint(colour("fill"), colour("stroke"), num("stroke_width")), num("radius")))
        elif isinstance(element, specs.CircleSpec):
            self.items.append(Circle(num("cx"), num("cy"), num("r"),
                                     Paint(colour("fill"), colour("stroke"), num("stroke_width"))))
        elif isinstance(element, specs.LineSpec):
            self.items.append(
                Line(
                    num("x1"),
                    num("y1"),
                    num("x2"),
                    num("y2"),
                    Paint(None, colour("stroke") or "#000000", num("stroke_width"), tuple(element.dash)),
                )
            )
        elif isinstance(element, specs.IconSpec):
            name = text("name").strip()
            if not name:
                return
            if name not in self.icons:
                self.problem(
                    "icon", f"unknown icon '{name}'", hint=f"add icons/{name}.svg to the game or templates/icons"
                )
                return
            self.items.append(Icon(name, num("x"), num("y"), num("size")))
        elif isinstance(element, specs.ImageSpec):
            source = text("src").strip()
            path = picture_file(self, source, element.optional, IMAGE_FILES) if source else None
            if path is not None:
                self.items.append(Image(str(path), num("x"), num("y"), num("w"), num("h")))
        elif isinstance(element, ArtSpec):
            self.items.extend(art_items(self, element, where, num, text, colour))
        elif isinstance(element, specs.TextSpec):
            markup = text("text").strip()
            if markup:
                self._text_block(element, where, markup, num("x"), num("y"), num("w"), num("h"),
                                 colour("color") or "#000000", copy)

    def _check_safe_zone(self, field_name: str, block: tuple, runs: list[Text], safe: float) -> None:
        """Text that reaches into the outer `safe` mm of the trim, which a print shop's cut may take off."""
        found = _safe_zone_overrun(block, runs[0].origin, tuple(runs), self.context["W"], self.context["H"], safe)
        if found is not None:
            text, over = found
            self.problem(field_name, f"text '{text}' reaches {over:.1f} mm into the {safe:g} mm safe zone "
                         "along the card's edge", hint="move the text box inward or shorten the text")

    # --- text ----------------------------------------------------------------------------------
    def _text_block(self, element: specs.TextSpec, where: tuple, markup: str, x: float, y: float, w: float, h: float,
                    color: str, copy: int | None = None) -> None:
        min_size = element.min_size or element.size
        setting = set_text(markup, element.font, element.size, min_size, round(w, 4), round(h, 4), element.align,
                           element.valign, element.leading, PARAGRAPH_GAP, element.max_lines)
        fitted = setting.fitted
        if not fitted.fits:
            if fitted.overflow_kind == "width":
                what = f"a word is {fitted.overflow:.1f} mm wider than the {w:.1f} mm box"
            elif fitted.overflow_kind == "lines":
                what = f"it is {fitted.overflow:.1f} mm too long for {element.max_lines} line(s) of {w:.1f} mm"
            else:
                what = f"it is {fitted.overflow:.1f} mm taller than the {w:.1f} × {h:.1f} mm box"
            self.problem(element.field, f"text does not fit even at the minimum {min_size:g} pt: {what}",
                         hint="shorten the text")
        for name, dx, dy, edge in setting.icons:
            if name in self.icons:
                self.items.append(Icon(name, x + dx, y + dy, edge))
            else:
                self.problem(element.field, f"unknown icon ':{name}:' in the text",
                             hint="icons are SVG files in the game's icons/ or templates/icons")
        if setting.missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in setting.missing)
            self.problem(element.field, f"the font has no glyph for {shown}", hint="use another character or an :icon:")
        size = fitted.size
        block = (markup, element.font, element.size, min_size, round(w, 4), round(h, 4), element.align,
                 element.valign, element.leading, element.max_lines, color)
        runs = [Text(x + dx, y + db, text, face, size, color, width=width, block=block, origin=(x, y))
                for dx, db, text, face, width in setting.runs]
        self.items.extend(runs)
        if self.safe is not None and fitted.fits:
            self._check_safe_zone(element.field, block, runs, self.safe)
        element_id = ".".join(str(p) for p in where) + (f"#{copy}" if copy is not None else "")
        self.texts.append(TextBlockInfo(element_id, element.field, fitted.size, fitted.lines, markup))


def _plannable(elements: list) -> bool:
    """Whether cards may follow a plan through `elements`: none of them (or their groups' children) makes an
    `ink:` choice, which is noted per item as a card is evaluated."""
    return all(element.ink is None and (not isinstance(element, specs.GroupSpec) or _plannable(element.elements))
               for element in elements)
