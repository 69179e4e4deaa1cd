"""Cards a change added, removed or changed: each changed value as a row, and the faces it redrew.

A card's data is compared key by key as it is written (`fields.build_cost`, `back.fields.capacity`,
`effects[0].count`). Its faces are compared as laid out, in every language and on both sides,
so a change that reaches a card only through its layout, its kind or an icon is found too,
and a change that prints nothing (a design note) draws no pictures.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Card
from generator.drawing.shapes import Icon, Image
from generator.layout.engine import CardLayouts
from generator.layout.geometry import FaceLayout
from generator.render.cards_step import ordered_cards, report

SIDES = ("front", "back")


@dataclass(frozen=True)
class FieldChange:
    """One value of a card, before and after (None: the key is not there on that side)."""

    path: str
    old: Any
    new: Any

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "old": self.old, "new": self.new}


@dataclass
class FaceChange:
    """A face drawn differently: its language and side, and (once rendered) the two pictures."""

    lang: str
    side: str
    old: FaceLayout | None = field(default=None, repr=False)
    new: FaceLayout | None = field(default=None, repr=False)
    before: str | None = None          # picture files, relative to the report folder
    after: str | None = None
    size: tuple[int, int] | None = None  # pixels of the pictures
    box: tuple[int, int, int, int] | None = None  # the changed area (left, top, right, bottom) in pixels

    def as_json(self) -> dict[str, Any]:
        return {"lang": self.lang, "side": self.side, "before": self.before, "after": self.after,
                "size": list(self.size) if self.size else None, "box": list(self.box) if self.box else None}


@dataclass
class CardChange:
    card_id: str
    change: str                  # added, removed, changed
    kind: str
    name: dict[str, str]
    fields: list[FieldChange] = field(default_factory=list)
    faces: list[FaceChange] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.card_id, "change": self.change, "kind": self.kind, "name": self.name,
                "fields": [f.as_json() for f in self.fields], "faces": [f.as_json() for f in self.faces]}


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """{'fields': {'cost': 3}} -> {'fields.cost': 3}; lists by position; an effect as written (`op` beside its
    parameters)."""
    if isinstance(value, dict):
        if set(value) == {"op", "args"} and isinstance(value["args"], dict):
            value = {"op": value["op"], **value["args"]}
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{path}.{key}" if path else str(key)))
        return out or ({path: {}} if path else {})
    if isinstance(value, list):
        out = {}
        for index, item in enumerate(value):
            out.update(flatten(item, f"{path}[{index}]"))
        return out or {path: []}
    return {path: value}


def card_values(card: Card) -> dict[str, Any]:
    """A card's data as `path: value`, the way its file writes it."""
    return flatten(card.model_dump(mode="json", exclude_none=True))


def field_changes(old: Card, new: Card) -> list[FieldChange]:
    before, after = card_values(old), card_values(new)
    return [FieldChange(path, before.get(path), after.get(path))
            for path in sorted(before.keys() | after.keys(), key=_path_order)
            if before.get(path) != after.get(path) or (path in before) != (path in after)]


def _path_order(path: str) -> tuple[int, str]:
    """Names and counts first, then fields, effects, the back, notes: as a card file reads."""
    order = ("id", "kind", "count", "name", "cost", "fields", "text", "effects", "icon", "flavor", "science", "back")
    head = path.split(".", 1)[0].split("[", 1)[0]
    return (order.index(head) if head in order else len(order), path)


class FaceSignatures:
    """What a face looks like, as comparable data: its laid-out items, with icons and images by their bytes."""

    def __init__(self, content: GameContent):
        self.content = content
        self._hashes: dict[Path, str] = {}

    def _hash(self, path: Path) -> str:
        if path not in self._hashes:
            try:
                self._hashes[path] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                self._hashes[path] = "unreadable"
        return self._hashes[path]

    def of(self, face: FaceLayout | None) -> tuple[Any, ...] | None:
        if face is None:
            return None
        items: list[Any] = []
        for item in face.all_items():
            if isinstance(item, Icon):
                icon = self.content.icons.get(item.name)
                items.append((item, self._hash(icon) if icon else None))
            elif isinstance(item, Image):
                items.append(("image", self._hash(Path(item.path)), item.x, item.y, item.w, item.h))
            else:
                items.append(item)
        return (face.width, face.height, face.bleed, tuple(items))


class LaidOut:
    """Every card face of one revision, laid out once per language and side as it is asked for."""

    def __init__(self, content: GameContent, errors: ErrorList):
        self.content = content
        self.errors = errors
        self.layouts = CardLayouts(content, errors)
        self.signatures = FaceSignatures(content)
        self._faces: dict[tuple[str, str, str], FaceLayout | None] = {}

    def face(self, card: Card, lang: str, side: str) -> FaceLayout | None:
        key = (card.id, lang, side)
        if key not in self._faces:
            before = len(self.layouts.problems)
            self._faces[key] = self.layouts.front(card, lang) if side == "front" else self.layouts.back(card, lang)
            for problem in self.layouts.problems[before:]:  # text that no longer fits is an error of this revision
                report(self.content, problem, self.errors)
        return self._faces[key]


def faces_may_change(changed_files: list[str]) -> bool:
    """Whether a change can redraw a card whose own data stayed the same (game.yaml, a layout, an icon ...).

    Changes only to card files, examples, rules pages and balance figures redraw only the cards
    whose data changed, so the other cards need not be laid out and compared.
    """
    own = ("cards/", "examples/", "balance/")
    return any(not (path.startswith(own) or (path.startswith("rules/") and path.endswith(".md")))
               for path in changed_files)


def card_changes(old: GameContent, new: GameContent, old_errors: ErrorList, new_errors: ErrorList,
                 every_face: bool = True) -> list[CardChange]:
    """Cards added, removed and changed from `old` to `new`, in the order the new game lists them.

    With `every_face` False (see `faces_may_change`) only the faces of cards whose data changed are compared.
    """
    before = {card.id: card for card in ordered_cards(old)}
    after = {card.id: card for card in ordered_cards(new)}
    old_faces, new_faces = LaidOut(old, old_errors), LaidOut(new, new_errors)
    changes: list[CardChange] = []
    for card_id, card in after.items():
        if card_id not in before:
            changes.append(CardChange(card_id, "added", card.kind, card.name.model_dump(),
                                      [FieldChange(path, None, value) for path, value in card_values(card).items()],
                                      [FaceChange(lang, side, None, new_faces.face(card, lang, side))
                                       for lang in new.languages for side in SIDES]))
            continue
        previous = before[card_id]
        fields = field_changes(previous, card)
        faces = []
        both = tuple(lang for lang in new.languages if lang in old.languages)  # the faces both sides drew
        for lang in (both if fields or every_face else ()):
            for side in SIDES:
                then, now = old_faces.face(previous, lang, side), new_faces.face(card, lang, side)
                if old_faces.signatures.of(then) != new_faces.signatures.of(now):
                    faces.append(FaceChange(lang, side, then, now))
        if fields or faces:
            changes.append(CardChange(card_id, "changed", card.kind, card.name.model_dump(), fields, faces))
    for card_id, card in before.items():
        if card_id not in after:
            changes.append(CardChange(card_id, "removed", card.kind, card.name.model_dump(),
                                      [FieldChange(path, value, None) for path, value in card_values(card).items()],
                                      [FaceChange(lang, side, old_faces.face(card, lang, side), None)
                                       for lang in old.languages for side in SIDES]))
    return changes
