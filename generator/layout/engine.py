"""The layout step: card + layout file -> FaceLayout, with every box, line, size and icon fixed.

This is the only place that measures text. Problems a designer must fix (text that does not fit
even at the minimum size, a character the font lacks, an unknown icon, a template naming a
variable that does not exist) are collected as `LayoutProblem`s with the card, side, field and
language, so the build can report all of them at once with the card's file:line.

What cards share is computed once: a kind's frame and shared back per language, the layout's
constants, and the compiled one-render program of the per-card content.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Card, CardKind, Deck, Face, KindBack
from generator.layout import spec as specs
from generator.layout.context import face_context, static_context
from generator.layout.evaluation import FaceEvaluation, LayoutProblem
from generator.layout.face_program import FaceProgram, ProgramMiss, compile_face
from generator.layout.geometry import FaceLayout, Item, TextBlockInfo
from generator.layout.profiles import PrintProfile

__all__ = ["BLEED_MM", "DECK_PREFIX", "CardLayouts", "LayoutProblem", "deck_as_kind"]

BLEED_MM = 3.0
SAFE_MM = 3.0
DECK_PREFIX = "deck:"


def deck_as_kind(deck: Deck, first: CardKind) -> CardKind:
    """What a shared deck back's templates see as `kind`: the deck's name, colour and icon, the first kind's size."""
    back = KindBack(title=deck.back.title or deck.name, color=deck.back.color or deck.color,
                    icon=deck.back.icon or deck.icon)
    return CardKind.model_construct(id=DECK_PREFIX + deck.id, name=deck.name, size=first.size, color=deck.color,
                                    icon=deck.icon, double_sided=False, back=back, layout=first.layout, badge=None,
                                    fields={})


class CardLayouts:
    """Lays out the cards of one game, at their kinds' sizes or at a print-shop profile's.

    Text must keep `safe` mm clear of the trim (the profile's safe zone, else SAFE_MM)."""

    def __init__(self, content: GameContent, errors: ErrorList, profile: PrintProfile | None = None):
        self.content = content
        self.profile = profile
        self.bleed = profile.bleed if profile else BLEED_MM
        self.safe = profile.safe if profile else SAFE_MM
        self.problems: list[LayoutProblem] = []
        self.placed: list | None = None  # with a list: what each content element drew (generator.layout.safe_zones)
        self._errors = errors
        self._layouts: dict[str, specs.LoadedLayout | None] = {}
        self._files: dict[Path, specs.LoadedLayout | None] = {}
        self._shared: dict[str, tuple[list[Item], list[TextBlockInfo], dict[int, str]]] = {}
        self._constants: dict[str, dict[str, Any] | None] = {}
        self._programs: dict[str, FaceProgram | None] = {}
        self._static_values: dict[str, dict[str, dict[str, str]]] = {}
        self._elements: dict[tuple, tuple[list, list]] = {}  # see FaceEvaluation.memo
        self._static_contexts: dict[tuple[str, str, str], dict[str, Any]] = {}
        self._backs: dict[object, FaceLayout] = {}  # by key, and by (kind id, language) for `back`

    # --- layouts -------------------------------------------------------------------------------
    def layout_for(self, kind: CardKind) -> specs.LoadedLayout | None:
        """The layout a kind uses (see generator.layout.spec for the lookup order)."""
        if kind.id in self._layouts:
            return self._layouts[kind.id]
        names = [kind.layout] if kind.layout else [kind.id, specs.DEFAULT_LAYOUT]
        path = next((p for p in (specs.find_layout_file(n, self.content.root) for n in names) if p), None)
        loaded = None
        if path is None:
            self._errors.add(
                self.content.mark_of("game", self.content.id),
                f"no layout '{names[0]}' for card kind '{kind.id}'",
                hint=f"add content/{self.content.id}/layouts/{names[0]}.yaml",
                code="layout",
            )
        elif path in self._files:
            loaded = self._files[path]
        else:
            before = len(self._errors)
            loaded = specs.load_layout(path, self._errors)
            if len(self._errors) != before:
                loaded = None
            self._files[path] = loaded
        self._layouts[kind.id] = loaded
        return loaded

    def warm_up(self, cards: list[Card], lang: str) -> None:
        """Lay out the first card of each kind once and forget it: its layout is loaded, its program compiled
        and its fonts registered, so forked workers start with them. Its problems are found again when
        the card is laid out for real; errors in layout files are reported here, once."""
        before = len(self.problems)
        seen: set[str] = set()
        for card in cards:
            if card.kind not in seen:
                seen.add(card.kind)
                self.front(card, lang)
                self.back(card, lang)
        del self.problems[before:]

    # --- faces ---------------------------------------------------------------------------------
    def front(self, card: Card, lang: str) -> FaceLayout | None:
        return self._card_face(card, card, lang, "front")

    def back(self, card: Card, lang: str) -> FaceLayout | None:
        """The card's back: its own second face for double-sided kinds, else the kind's back."""
        if card.back is not None:
            return self._card_face(card, card.back, lang, "back")
        known = self._backs.get((card.kind, lang))
        if known is None:
            known = self.kind_back(self.content.game.kind(card.kind), lang)
            if known is not None:
                self._backs[(card.kind, lang)] = known
        return known

    def kind_back(self, kind: CardKind, lang: str) -> FaceLayout | None:
        """The back all cards of a single-sided kind's deck share: entirely a frame (drawn once per PDF).

        A deck of several kinds draws its back from the deck (its colour, icon and title) with its
        first kind's layout, so every card of the deck gets the very same back."""
        deck = self.content.game.deck_of(kind.id)
        if deck.shared:
            first = self.content.game.kind(deck.kinds[0])
            layout = self.layout_for(first)
            kind = deck_as_kind(deck, first)
        else:
            layout = self.layout_for(kind)
        if layout is None:
            return None
        if layout.spec.back is None:
            self.problems.append(
                LayoutProblem(
                    None,
                    kind.id,
                    "back",
                    "back",
                    lang,
                    f"layout '{layout.name}' has no `back:` for single-sided kind '{kind.id}'",
                    hint="add a `back:` face to the layout or make the kind double_sided",
                    layout_mark=layout.mark(),
                )
            )
            return None
        key = f"{layout.name}/{kind.id}/{lang}/back"  # a deck's kind id is `deck:<id>`, apart from every kind's
        known = self._backs.get(key)
        if known is None:  # every card of the deck gets this one face: the PDF draws it once and replays it
            items, texts, ink = self._shared_part(key, layout, kind, lang, "back", ("frame", "content"))
            width, height = self.size_of(kind)
            title = kind.back.title.get(lang) if kind.back.title else kind.name.get(lang)
            known = self._backs[key] = FaceLayout(width, height, self.bleed, key, list(items), [], list(texts), title,
                                                  frame_ink=ink)
        return known

    def size_of(self, kind: CardKind) -> tuple[float, float]:
        """The trim a kind's cards are laid out at."""
        return self.profile.trim_for(kind) if self.profile else kind.size_mm

    def _card_face(self, card: Card, face: Face, lang: str, side: str) -> FaceLayout | None:
        """`face` is the card itself (its front) or its own back."""
        kind = self.content.game.kind(card.kind)
        layout = self.layout_for(kind)
        if layout is None:
            return None
        key = f"{layout.name}/{kind.id}/{lang}/{side}-frame"
        frame, frame_texts, frame_ink = self._shared_part(key, layout, kind, lang, side, ("frame",), spec_side="front")
        width, height = self.size_of(kind)
        result = FaceLayout(width, height, self.bleed, key, list(frame), [], list(frame_texts), face.name.get(lang),
                            frame_ink=frame_ink)
        constants = self._constants_for(layout, kind, lang, side)
        if constants is None:
            return result
        static_key = (kind.id, lang, side)
        if static_key not in self._static_contexts:  # the templates cannot change it (an immutable sandbox)
            self._static_contexts[static_key] = static_context(self.content, kind, lang, side, self.size_of(kind),
                                                               self.bleed)
        context = face_context(self.content, card, face, side, lang, static=self._static_contexts[static_key])
        context.update(constants)
        evaluation = FaceEvaluation(layout, context, card.id, kind.id, side, lang, self.content.icons, self.problems,
                                    self.content.root, result.items, result.texts, self.safe, self._elements,
                                    result.items_ink, self.placed)
        elements = layout.spec.front.content
        program = self._program_for(layout)
        printed = None
        if program is not None:
            try:
                shared_key = f"{layout.source.file}/{kind.id}/{lang}/{side}"
                if shared_key not in self._static_values:
                    self._static_values[shared_key] = program.run_static(context)
                printed = program.run(context, self._static_values[shared_key], shared_key)
            except ProgramMiss:
                printed = None
        if printed is None and not evaluation.define("vars", layout.spec.vars):
            return result
        evaluation.run(("front", "content"), elements, printed)
        return result

    # --- shared parts --------------------------------------------------------------------------
    def _constants_for(self, layout: specs.LoadedLayout, kind: CardKind, lang: str, side: str) -> dict[str, Any] | None:
        key = f"{layout.name}/{kind.id}/{lang}/{side}"
        if key not in self._constants:
            context = static_context(self.content, kind, lang, side, self.size_of(kind), self.bleed)
            evaluation = FaceEvaluation(layout, context, None, kind.id, side, lang, self.content.icons, self.problems,
                                        self.content.root)
            self._constants[key] = ({name: context[name] for name in layout.spec.constants}
                                    if evaluation.define("constants", layout.spec.constants) else None)
        return self._constants[key]

    def _shared_part(self, key: str, layout: specs.LoadedLayout, kind: CardKind, lang: str, side: str,
                     parts: tuple[str, ...], spec_side: str | None = None
                     ) -> tuple[list[Item], list[TextBlockInfo], dict[int, str]]:
        if key not in self._shared:
            face_spec = getattr(layout.spec, spec_side or side)
            constants = self._constants_for(layout, kind, lang, side)
            context = {**static_context(self.content, kind, lang, side, self.size_of(kind), self.bleed),
                       **(constants or {})}
            evaluation = FaceEvaluation(layout, context, None, kind.id, side, lang, self.content.icons, self.problems,
                                        self.content.root, safe=self.safe)
            if constants is not None:
                for part in parts:
                    evaluation.placed = self.placed if part == "content" else None
                    evaluation.run((spec_side or side, part), getattr(face_spec, part))
            self._shared[key] = (evaluation.items, evaluation.texts, evaluation.ink)
        return self._shared[key]

    def _program_for(self, layout: specs.LoadedLayout) -> FaceProgram | None:
        key = layout.source.file
        if key not in self._programs:
            self._programs[key] = compile_face(layout.spec.vars, set(layout.spec.constants), layout.spec.front)
        return self._programs[key]
