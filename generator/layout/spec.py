"""Card layouts as data: the YAML schema of a layout file and where layout files are found.

A layout places elements in millimetres on the trim box (origin top-left, y down; the bleed is
at negative coordinates). Geometry values are numbers or Jinja expressions over `W`, `H` and the
layout's `constants`/`vars`; texts and colours are Jinja templates. Each face has a `frame`
(what all cards of a kind share: evaluated without card data, drawn once per PDF as a form) and
`content` (per card). `back` is the shared back of single-sided kinds.

Lookup: a kind uses `kind.layout` if set, else a layout named like the kind, else `card`; a game's
own `content/<game>/layouts/<name>.yaml` wins over `templates/layouts/<name>.yaml`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from generator.content.errors import ErrorList, Mark
from generator.content.model_errors import validate_model
from generator.content.yaml_source import SourceMap
from generator.drawing.fonts import FontRole
from generator.layout.art_element import ArtSpec
from generator.layout.element_base import COLOUR, X_MM, Y_MM, ElementId, _BoxElement, _Element, _Spec
from generator.layout.inheritance import MAX_ELEMENTS, MAX_VALUES, read_layout
from generator.layout.templating import MAX_REPEAT, check_compiles

SHARED_LAYOUTS = Path(__file__).resolve().parents[2] / "templates" / "layouts"
DEFAULT_LAYOUT = "card"
TITLE_MIN_PT = 9.0
BODY_MIN_PT = 6.5

Num = float | str
# a shape's paint (rectangles and circles): one definition, so both describe it alike
Fill = Annotated[str | None, Field(description=f"{COLOUR} (default: not filled)")]
Outline = Annotated[str | None, Field(description=f"the outline: {COLOUR} (default: none)")]
OutlineWidth = Annotated[Num, Field(description="the outline's width in mm")]


class RectSpec(_BoxElement):
    """A rectangle, filled and/or outlined."""

    type: Literal["rect"] = Field(description="the kind of element")
    fill: Fill = None
    stroke: Outline = None
    stroke_width: OutlineWidth = 0.0
    radius: Num = Field(default=0.0, description="the corners' radius in mm")


class CircleSpec(_Element):
    """A circle, filled and/or outlined."""

    type: Literal["circle"] = Field(description="the kind of element")
    cx: Num = Field(description="centre, mm from the left (an expression)")
    cy: Num = Field(description="centre, mm from the top (an expression)")
    r: Num = Field(description="radius in mm (an expression)")
    fill: Fill = None
    stroke: Outline = None
    stroke_width: OutlineWidth = 0.0


class LineSpec(_Element):
    """A straight line."""

    type: Literal["line"] = Field(description="the kind of element")
    x1: Num = Field(description="start, mm from the left")
    y1: Num = Field(description="start, mm from the top")
    x2: Num = Field(description="end, mm from the left")
    y2: Num = Field(description="end, mm from the top")
    stroke: str = Field(default="#000000", description=COLOUR)
    stroke_width: Num = Field(default=0.25, description="mm")
    dash: list[float] = Field(default=[], description="[on, off] lengths in mm for a dashed line (default: solid)")


class TextSpec(_BoxElement):
    """Text fitted into a box: it shrinks from `size` to `min_size`; text that still does not fit is an error."""

    type: Literal["text"] = Field(description="the kind of element")
    text: str = Field(description="a template (`{{ face.name }}`); `**bold**`, `:icon:` and new lines work in it")
    field: str = Field(description="the card field this text shows, named in overflow errors")
    font: FontRole = Field(default="regular", description="the font of the game's font set")
    size: float = Field(gt=0, le=200, description="the font size in pt")
    min_size: float | None = Field(default=None, gt=0, le=200, description="the smallest size the text may shrink to "
                                   "(titles at least 9 pt, other text 6.5 pt; default: `size`)")
    color: str = Field(default="#000000", description=COLOUR)
    align: Literal["left", "center", "right"] = Field(default="left", description="horizontal alignment")
    valign: Literal["top", "middle", "bottom"] = Field(default="top", description="vertical alignment in the box")
    leading: float = Field(default=1.18, ge=0.8, le=3, description="line height as a multiple of the size")
    max_lines: int = Field(default=0, ge=0, description="the most lines the text may take (0: no limit)")

    @model_validator(mode="after")
    def _readable(self) -> TextSpec:
        """Printed cards stay readable: titles (field `name`) never below 9 pt, other text never below 6.5 pt."""
        floor = TITLE_MIN_PT if self.field == "name" else BODY_MIN_PT
        smallest = self.min_size or self.size
        if smallest < floor:
            raise ValueError(f"text for `{self.field}` may shrink to {smallest:g} pt; the minimum is {floor:g} pt")
        if self.min_size is not None and self.min_size > self.size:
            raise ValueError(f"min_size {self.min_size:g} is larger than size {self.size:g}")
        return self


class IconSpec(_Element):
    """An icon, drawn in a square."""

    type: Literal["icon"] = Field(description="the kind of element")
    x: Num = Field(description=X_MM)
    y: Num = Field(description=Y_MM)
    size: Num = Field(description="the square's edge in mm (an expression)")
    name: str = Field(description="a template giving the icon's name (`{{ kind.icon or '' }}`; empty: no icon)")


class ImageSpec(_BoxElement):
    """A picture, fitted uncropped and centred in its box."""

    type: Literal["image"] = Field(description="the kind of element")
    src: str = Field(description="template: a .png/.jpg path inside the game's folder")
    optional: bool = Field(default=False, description="a missing file is skipped instead of an error")


PlainElementSpec = Annotated[RectSpec | CircleSpec | LineSpec | TextSpec | IconSpec | ImageSpec | ArtSpec,
                             Field(discriminator="type")]


class GroupSpec(_Element):
    """Elements drawn together: under one `when`, and `repeat`ed (five identical boxes written once)."""

    type: Literal["group"] = Field(description="the kind of element")
    repeat: int | str | None = Field(default=None, description="an expression: a number n draws the elements n "
                                          "times, a list once per item; inside, `index` counts from 0 and `item` is "
                                          f"the item (or the index). At most {MAX_REPEAT} (default: once)")
    elements: list[PlainElementSpec] = Field(min_length=1, max_length=200, description="the elements, drawn in "
                                             "order each time (no groups inside a group)")


ElementSpec = Annotated[RectSpec | CircleSpec | LineSpec | TextSpec | IconSpec | ImageSpec | ArtSpec | GroupSpec,
                        Field(discriminator="type")]


class FaceSpec(_Spec):
    """One side of a card: what every card of the kind shares, and what each card draws."""

    frame: list[ElementSpec] = Field(default=[], max_length=MAX_ELEMENTS, description="drawn once for the kind, "
                                     "without card data")
    content: list[ElementSpec] = Field(default=[], max_length=MAX_ELEMENTS, description="drawn for each card")


class ElementChange(BaseModel):
    """In a layout that `extends` another: the base's element with this `id`, changed key by key or removed."""

    model_config = ConfigDict(extra="allow", frozen=True)

    id: ElementId = Field(description="the id of an element of the base layout, in the same face and part")
    remove: bool = Field(default=False, description="leave the element out")
    before: ElementId | None = Field(default=None, description="move it just before the element with this id")
    after: ElementId | None = Field(default=None, description="move it just after the element with this id")


class FaceChanges(_Spec):
    """One side of a card as a layout file writes it: new elements, or changes to its base's."""

    frame: list[ElementSpec | ElementChange] = Field(default=[], max_length=MAX_ELEMENTS, description="drawn "
                                                           "once for the kind, without card data")
    content: list[ElementSpec | ElementChange] = Field(default=[], max_length=MAX_ELEMENTS,
                                                             description="drawn for each card")


class _LayoutValues(_Spec):
    description: str | None = Field(default=None, description="what the layout is for")
    min_title_size: float | None = Field(default=None, description="pt: a title may not shrink below this")
    constants: dict[str, float | str | bool] = Field(
        default={},
        max_length=MAX_VALUES,
        description="values shared by every card of a kind (expressions over W, H, B, kind, game, lang)",
    )
    vars: dict[str, float | str | bool] = Field(
        default={},
        max_length=MAX_VALUES,
        description="values per card, evaluated in order (expressions that may use the card)",
    )


class LayoutSpec(_LayoutValues):
    """A card layout: the elements of a kind's front (and shared back), placed in mm on the trim box."""

    front: FaceSpec = Field(description="the front face")
    back: FaceSpec | None = Field(default=None, description="the shared back of single-sided kinds")


class LayoutFile(_LayoutValues):
    """A card layout file: a whole layout, or (`extends`) another layout with some of its parts changed.

    `constants`, `vars` and the faces' elements are merged into the base's by name and `id`: a
    value or element with a known name changes it, a new one is added (elements at the end, or
    `before`/`after` an id), `remove: true` leaves an element out.
    """

    extends: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)] | None = Field(
        default=None, description="the name of the layout this one changes (the game's layouts/ first, then "
        "templates/layouts/; a game's `card.yaml` that extends `card` changes the shared one)")
    front: FaceChanges = Field(default=FaceChanges(), description="the front face (required without `extends`)")
    back: FaceChanges | None = Field(default=None, description="the shared back of single-sided kinds")


class LoadedLayout:
    """A validated layout with its name and the file it came from."""

    def __init__(self, name: str, spec: LayoutSpec, source: SourceMap):
        self.name = name
        self.spec = spec
        self.source = source

    def mark(self, *path: str | int) -> Mark:
        return self.source.mark(path)


_TEXT_KEYS = {"text", "name", "fill", "stroke", "color", "src", "seed", "motif"}
_PLAIN_KEYS = {"type", "id", "before", "after", "field", "font", "align", "valign", "dash", "optional", "elements"}
# `repeat` is an expression but no element key: it is compiled with the others and evaluated by the group


def _values(layout: LoadedLayout) -> list[tuple[tuple[Any, ...], str, bool]]:
    """Every Jinja value of the file: (YAML path, source, is a text template rather than an expression)."""
    data = layout.spec
    found: list[tuple[tuple[Any, ...], str, bool]] = [
        (("constants", k), v, False) for k, v in data.constants.items() if isinstance(v, str)]
    found += [(("vars", k), v, False) for k, v in data.vars.items() if isinstance(v, str)]
    faces = [("front", data.front)] + ([("back", data.back)] if data.back else [])
    for face_name, face_spec in faces:
        for part in ("frame", "content"):
            for where, element in elements_at((face_name, part), getattr(face_spec, part)):
                for key, value in element:
                    if key not in _PLAIN_KEYS and isinstance(value, str):
                        found.append(((*where, key), value, key in _TEXT_KEYS))
    return found


def elements_at(path: tuple[Any, ...], elements: list[Any]) -> list[tuple[tuple[Any, ...], Any]]:
    """Every element of a face part with its YAML path, a group's own elements after the group."""
    found: list[tuple[tuple[Any, ...], Any]] = []
    for index, element in enumerate(elements):
        found.append(((*path, index), element))
        if isinstance(element, GroupSpec):
            found += [((*path, index, "elements", j), child) for j, child in enumerate(element.elements)]
    return found


def _compile_errors(layout: LoadedLayout, errors: ErrorList) -> None:
    """Report every template/expression of the file that does not compile, at its line.

    All values are first compiled together as one template (one Jinja compile instead of ~200);
    only when that fails is each value compiled alone to find the lines at fault.
    """
    values = _values(layout)
    combined = "".join(v if is_template else "{{ (" + v + ") }}" for _, v, is_template in values)
    if check_compiles(combined, template=True) is None:
        return
    for path, value, is_template in values:
        problem = check_compiles(value, template=is_template)
        if problem:
            errors.add(layout.mark(*path), problem, path, code="layout")


def layout_folders(game_root: Path | None) -> list[Path]:
    """Folders searched for layouts, the game's own first."""
    folders = [game_root / "layouts"] if game_root is not None else []
    return [*folders, SHARED_LAYOUTS]


LAYOUT_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def find_layout_file(name: str, game_root: Path | None) -> Path | None:
    """The layout file called `name`: a plain name, looked up only in the layout folders (never a path)."""
    if not LAYOUT_NAME.match(name):
        return None
    for folder in layout_folders(game_root):
        for suffix in (".yaml", ".yml"):
            candidate = folder / f"{name}{suffix}"
            if candidate.is_file() or candidate.is_symlink():  # a link is found, and refused when read
                return candidate
    return None


ELEMENT_TYPES: dict[str, type[_Element]] = {"rect": RectSpec, "circle": CircleSpec, "line": LineSpec,
                                             "text": TextSpec, "icon": IconSpec, "image": ImageSpec,
                                             "art": ArtSpec, "group": GroupSpec}


def _elements_valid(data, source: SourceMap, errors: ErrorList) -> bool:
    """Check each element against the model its `type` names, so errors speak of that type's keys."""
    valid = True
    if not isinstance(data, dict):
        return True  # the file-level validation reports it
    for face_name in ("front", "back"):
        face_data = data.get(face_name)
        if not isinstance(face_data, dict):
            continue
        for part in ("frame", "content"):
            elements = face_data.get(part)
            if not isinstance(elements, list):
                continue
            for index, element in enumerate(elements):
                valid = _element_valid(element, (face_name, part, index), source, errors) and valid
    return valid


def _element_valid(element: Any, path: tuple[Any, ...], source: SourceMap, errors: ErrorList,
                   in_group: bool = False) -> bool:
    kind = element.get("type") if isinstance(element, dict) else None
    model = ELEMENT_TYPES.get(kind) if isinstance(kind, str) else None
    if model is None or (in_group and model is GroupSpec):
        known = [name for name in ELEMENT_TYPES if not (in_group and name == "group")]
        problem = "a group holds no group" if model is GroupSpec else f"unknown element type {kind!r}"
        if kind is None and isinstance(element, dict) and "id" in element:
            problem = f"element '{element['id']}' has no `type` (and changes no element of a base layout)"
        errors.add(source.mark(path + ("type",)), problem, path + ("type",),
                   hint=f"use one of {', '.join(known)}", code="layout")
        return False
    if model is GroupSpec and isinstance(element.get("elements"), list):
        children = [_element_valid(child, path + ("elements", j), source, errors, in_group=True)
                    for j, child in enumerate(element["elements"])]
        if not all(children):
            return False
    return validate_model(model, element, source, errors, path) is not None


def _game_root_of(path: Path) -> Path | None:
    """The game folder a layout file belongs to (None for the shared layouts, which extend only each other)."""
    return None if path.parent.resolve() == SHARED_LAYOUTS.resolve() else path.parent.parent


def load_layout(path: Path, errors: ErrorList) -> LoadedLayout | None:
    """Read and check one layout file, its `extends` resolved; problems go to `errors` with file:line."""
    before = len(errors)
    resolved = read_layout(path, layout_folders(_game_root_of(path)), errors)
    if resolved is None or len(errors) != before:
        return None
    if not _elements_valid(resolved.data, resolved.source, errors):
        return None
    spec = validate_model(LayoutSpec, resolved.data, resolved.source, errors)
    if spec is None:
        return None
    layout = LoadedLayout(path.stem, spec, resolved.source)
    _compile_errors(layout, errors)
    return layout
