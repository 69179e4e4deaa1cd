"""The layout step: card + layout file -> FaceLayout, with every box, line, size and icon fixed.

This is the only place that measures text. Problems a designer must fix (text that does not fit
even at the minimum size, a character the font lacks, an unknown icon, a template naming a
variable that does not exist) are collected as `LayoutProblem`s with the card, side, field and
language, so the build can report all of them at once with the card's file:line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Card, CardKind
from generator.layout import spec as specs
from generator.layout.context import face_context, static_context
from generator.layout.fonts import missing_glyphs, text_width_pt
from generator.layout.geometry import (PT_MM, CircleShape, FaceLayout, IconPlacement, Item, LineShape, RectShape,
                                       TextBlockInfo, TextRun)
from generator.layout.richtext import fit_text, icon_edge
from generator.layout.templating import LayoutTemplateError, evaluate, render

BLEED_MM = 3.0
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")


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


class _Skip(Exception):
    """Internal: an element could not be evaluated; its problem is already recorded."""


class CardLayouts:
    """Lays out the cards of one game. Frames and shared backs are computed once per kind and language."""

    def __init__(self, content: GameContent, errors: ErrorList):
        self.content = content
        self.problems: list[LayoutProblem] = []
        self._layouts: dict[str, specs.LoadedLayout | None] = {}
        self._frames: dict[str, tuple[list[Item], list[TextBlockInfo]]] = {}
        self._errors = errors

    # --- layouts -------------------------------------------------------------------------------
    def layout_for(self, kind: CardKind) -> specs.LoadedLayout | None:
        """The layout a kind uses (see generator.layout.spec for the lookup order)."""
        if kind.id in self._layouts:
            return self._layouts[kind.id]
        names = [kind.layout] if kind.layout else [kind.id, specs.DEFAULT_LAYOUT]
        path = next((p for p in (specs.find_layout_file(n, self.content.root) for n in names) if p), None)
        loaded = None
        if path is None:
            self._errors.add(self.content.mark_of("game", self.content.id), f"no layout '{names[0]}' for card kind "
                             f"'{kind.id}'", hint=f"add content/{self.content.id}/layouts/{names[0]}.yaml", code="layout")
        else:
            before = len(self._errors)
            loaded = specs.load_layout(path, self._errors)
            if len(self._errors) != before:
                loaded = None
        self._layouts[kind.id] = loaded
        return loaded

    # --- faces ---------------------------------------------------------------------------------
    def front(self, card: Card, lang: str) -> FaceLayout | None:
        return self._card_face(card, lang, "front")

    def back(self, card: Card, lang: str) -> FaceLayout | None:
        """The card's back: its own second face for double-sided kinds, else the kind's back."""
        kind = self.content.game.kind(card.kind)
        if card.back is not None:
            return self._card_face(card, lang, "back")
        return self.kind_back(kind, lang)

    def kind_back(self, kind: CardKind, lang: str) -> FaceLayout | None:
        layout = self.layout_for(kind)
        if layout is None:
            return None
        width, height = kind.size_mm
        key = f"{layout.name}/{kind.id}/{lang}/back"
        face_spec = layout.spec.back
        if face_spec is None:
            self.problems.append(LayoutProblem(None, kind.id, "back", "back", lang,
                                               f"layout '{layout.name}' has no `back:` for single-sided kind '{kind.id}'",
                                               hint="add a `back:` face to the layout or make the kind double_sided",
                                               layout_mark=layout.mark()))
            return None
        if key not in self._frames:
            context = self._with_constants(layout, static_context(self.content, kind, lang, "back"), None, kind, lang)
            items: list[Item] = []
            texts: list[TextBlockInfo] = []
            if context is not None:
                for part in ("frame", "content"):
                    self._elements(layout, ("back", part), getattr(face_spec, part), context, None, kind, "back",
                                   lang, items, texts)
            self._frames[key] = (items, texts)
        items, texts = self._frames[key]
        return FaceLayout(width, height, BLEED_MM, key, list(items), [], list(texts), kind.back.title.get(lang)
                          if kind.back.title else kind.name.get(lang))

    def _card_face(self, card: Card, lang: str, side: str) -> FaceLayout | None:
        kind = self.content.game.kind(card.kind)
        layout = self.layout_for(kind)
        if layout is None:
            return None
        face = card if side == "front" else card.back
        width, height = kind.size_mm
        key = f"{layout.name}/{kind.id}/{lang}/{side}-frame"
        if key not in self._frames:
            context = self._with_constants(layout, static_context(self.content, kind, lang, side), None, kind, lang)
            items: list[Item] = []
            texts: list[TextBlockInfo] = []
            if context is not None:
                self._elements(layout, ("front", "frame"), layout.spec.front.frame, context, None, kind, side, lang,
                               items, texts)
            self._frames[key] = (items, texts)
        frame, frame_texts = self._frames[key]
        context = self._with_constants(layout, face_context(self.content, card, face, side, lang), card, kind, lang)
        result = FaceLayout(width, height, BLEED_MM, key, list(frame), [], list(frame_texts), face.name.get(lang))
        if context is None:
            return result
        context = self._with_vars(layout, context, card, kind, side, lang)
        if context is None:
            return result
        self._elements(layout, ("front", "content"), layout.spec.front.content, context, card, kind, side, lang,
                       result.items, result.texts)
        return result

    # --- evaluation ----------------------------------------------------------------------------
    def _problem(self, card: Card | None, kind: CardKind, side: str, field: str, lang: str, message: str,
                 hint: str = "", layout_mark: Any = None) -> None:
        self.problems.append(LayoutProblem(card.id if card else None, kind.id, side, field, lang, message, hint,
                                           layout_mark))

    def _with_constants(self, layout, context, card, kind, lang):
        for name, value in layout.spec.constants.items():
            try:
                context[name] = evaluate(value, context)
            except LayoutTemplateError as exc:
                self._problem(card, kind, context["side"], name, lang, str(exc), layout_mark=layout.mark("constants", name))
                return None
        return context

    def _with_vars(self, layout, context, card, kind, side, lang):
        for name, value in layout.spec.vars.items():
            try:
                context[name] = evaluate(value, context)
            except LayoutTemplateError as exc:
                self._problem(card, kind, side, name, lang, str(exc), layout_mark=layout.mark("vars", name))
                return None
        return context

    def _elements(self, layout, path: tuple, elements, context, card, kind, side, lang, items, texts) -> None:
        for index, element in enumerate(elements):
            where = (*path, index)
            try:
                if element.when is not None and not self._value(element.when, context, layout, where, "when", card,
                                                                 kind, side, lang):
                    continue
                self._element(layout, where, element, context, card, kind, side, lang, items, texts)
            except _Skip:
                continue

    def _value(self, value, context, layout, where, key, card, kind, side, lang):
        try:
            return evaluate(value, context)
        except LayoutTemplateError as exc:
            self._problem(card, kind, side, key, lang, str(exc), layout_mark=layout.mark(*where, key))
            raise _Skip from None

    def _num(self, element, key, context, layout, where, card, kind, side, lang) -> float:
        value = self._value(getattr(element, key), context, layout, where, key, card, kind, side, lang)
        try:
            return float(value)
        except (TypeError, ValueError):
            self._problem(card, kind, side, key, lang, f"`{key}` is {value!r}, not a number",
                          layout_mark=layout.mark(*where, key))
            raise _Skip from None

    def _text(self, source, context, layout, where, key, card, kind, side, lang) -> str:
        try:
            return render(source, context)
        except LayoutTemplateError as exc:
            self._problem(card, kind, side, key, lang, str(exc), layout_mark=layout.mark(*where, key))
            raise _Skip from None

    def _colour(self, source, context, layout, where, key, card, kind, side, lang) -> str | None:
        if source is None:
            return None
        value = self._text(source, context, layout, where, key, card, kind, side, lang).strip()
        if value in ("", "none"):
            return None
        if not COLOUR_RE.match(value):
            self._problem(card, kind, side, key, lang, f"`{key}` is {value!r}, not a colour like #1d2b5a",
                          layout_mark=layout.mark(*where, key))
            raise _Skip
        return value.lower()

    def _element(self, layout, where, element, context, card, kind, side, lang, items, texts) -> None:
        args = (context, layout, where)
        who = (card, kind, side, lang)
        num = lambda key: self._num(element, key, *args, *who)  # noqa: E731
        colour = lambda key: self._colour(getattr(element, key), *args, key, *who)  # noqa: E731
        if isinstance(element, specs.RectSpec):
            items.append(RectShape(num("x"), num("y"), num("w"), num("h"), colour("fill"), colour("stroke"),
                                   num("stroke_width"), num("radius")))
        elif isinstance(element, specs.CircleSpec):
            items.append(CircleShape(num("cx"), num("cy"), num("r"), colour("fill"), colour("stroke"),
                                     num("stroke_width")))
        elif isinstance(element, specs.LineSpec):
            items.append(LineShape(num("x1"), num("y1"), num("x2"), num("y2"), colour("stroke") or "#000000",
                                   num("stroke_width"), tuple(element.dash)))
        elif isinstance(element, specs.IconSpec):
            name = self._text(element.name, *args, "name", *who).strip()
            if not name:
                return
            if name not in self.content.icons:
                self._problem(card, kind, side, "icon", lang, f"unknown icon '{name}'",
                              hint=f"add icons/{name}.svg to the game or templates/icons")
                return
            items.append(IconPlacement(name, num("x"), num("y"), num("size")))
        elif isinstance(element, specs.TextSpec):
            self._text_element(element, context, layout, where, card, kind, side, lang, items, texts, num, colour)

    def _text_element(self, element: specs.TextSpec, context, layout, where, card, kind, side, lang, items, texts,
                      num, colour) -> None:
        markup = self._text(element.text, context, layout, where, "text", card, kind, side, lang).strip()
        if not markup:
            return
        x, y, w, h = num("x"), num("y"), num("w"), num("h")
        color = colour("color") or "#000000"
        min_size = element.min_size or element.size
        fitted = fit_text(markup, element.font, element.size, min_size, round(w, 4), round(h, 4), element.align,
                          element.valign, element.leading, 0.35, element.max_lines)
        if not fitted.fits:
            if fitted.overflow_kind == "width":
                what = f"a word is {fitted.overflow:.1f} mm wider than the {w:.1f} mm box"
            elif fitted.overflow_kind == "lines":
                what = (f"it is {fitted.overflow:.1f} mm too long for {element.max_lines} line(s) of {w:.1f} mm")
            else:
                what = f"it is {fitted.overflow:.1f} mm taller than the {w:.1f} × {h:.1f} mm box"
            self._problem(card, kind, side, element.field, lang,
                          f"text does not fit even at the minimum {min_size:g} pt: {what}",
                          hint="shorten the text")
        runs: list[TextRun] = []
        last: TextRun | None = None
        for placed in fitted.pieces:
            piece = placed.piece
            if piece.icon:
                last = None  # text after an icon starts a new run
                if piece.text not in self.content.icons:
                    self._problem(card, kind, side, element.field, lang, f"unknown icon ':{piece.text}:' in the text",
                                  hint="icons are SVG files in the game's icons/ or templates/icons")
                    continue
                edge = icon_edge(fitted.size)
                items.append(IconPlacement(piece.text, x + placed.x + (placed.width - edge) / 2,
                                           y + placed.baseline - 0.36 * fitted.size * PT_MM - edge / 2, edge))
                continue
            missing = missing_glyphs(piece.text, piece.role)
            if missing:
                shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
                self._problem(card, kind, side, element.field, lang, f"the font has no glyph for {shown}",
                              hint="use another character or an :icon:")
            px, baseline = x + placed.x, y + placed.baseline
            joined = None
            if last is not None and last.font == piece.role and abs(last.baseline - baseline) < 1e-6:
                gap = px - (last.x + last.width)
                if abs(gap) < 1e-6:
                    joined = last.text + piece.text
                elif abs(gap - text_width_pt(" ", piece.role, fitted.size) * PT_MM) < 1e-6:
                    joined = last.text + " " + piece.text
            if joined is not None:
                last = TextRun(last.x, last.baseline, joined, last.font, last.size, color, px + placed.width - last.x)
                runs[-1] = last
            else:
                last = TextRun(px, baseline, piece.text, piece.role, fitted.size, color, placed.width)
                runs.append(last)
        items.extend(runs)
        texts.append(TextBlockInfo(".".join(str(p) for p in where), element.field, fitted.size, fitted.lines, markup))
