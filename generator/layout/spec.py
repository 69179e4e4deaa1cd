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
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.content.errors import ErrorList, Mark, relative
from generator.content.model_errors import validate_model
from generator.content.yaml_source import SourceMap, load_yaml
from generator.layout.fonts import FontRole
from generator.layout.templating import check_compiles

SHARED_LAYOUTS = Path(__file__).resolve().parents[2] / "templates" / "layouts"
DEFAULT_LAYOUT = "card"
TITLE_MIN_PT = 9.0
BODY_MIN_PT = 6.5

Num = Union[float, str]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Element(_Spec):
    when: Union[bool, str, None] = Field(default=None, description="expression; the element is drawn only when true")


class RectSpec(_Element):
    type: Literal["rect"]
    x: Num
    y: Num
    w: Num
    h: Num
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Num = 0.0
    radius: Num = 0.0


class CircleSpec(_Element):
    type: Literal["circle"]
    cx: Num
    cy: Num
    r: Num
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Num = 0.0


class LineSpec(_Element):
    type: Literal["line"]
    x1: Num
    y1: Num
    x2: Num
    y2: Num
    stroke: str = "#000000"
    stroke_width: Num = 0.25
    dash: list[float] = []


class TextSpec(_Element):
    type: Literal["text"]
    x: Num
    y: Num
    w: Num
    h: Num
    text: str
    field: str = Field(description="the card field this text shows, named in overflow errors")
    font: FontRole = "regular"
    size: float = Field(gt=0, le=200)
    min_size: float | None = Field(default=None, gt=0, le=200)
    color: str = "#000000"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: float = Field(default=1.18, ge=0.8, le=3)
    max_lines: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _readable(self) -> "TextSpec":
        """Printed cards stay readable: titles (field `name`) never below 9 pt, other text never below 6.5 pt."""
        floor = TITLE_MIN_PT if self.field == "name" else BODY_MIN_PT
        smallest = self.min_size or self.size
        if smallest < floor:
            raise ValueError(f"text for `{self.field}` may shrink to {smallest:g} pt; the minimum is {floor:g} pt")
        if self.min_size is not None and self.min_size > self.size:
            raise ValueError(f"min_size {self.min_size:g} is larger than size {self.size:g}")
        return self


class IconSpec(_Element):
    type: Literal["icon"]
    x: Num
    y: Num
    size: Num
    name: str


class ImageSpec(_Element):
    type: Literal["image"]
    x: Num
    y: Num
    w: Num
    h: Num
    src: str = Field(description="template: a .png/.jpg path inside the game's folder")
    optional: bool = Field(default=False, description="a missing file is skipped instead of an error")


ElementSpec = Annotated[Union[RectSpec, CircleSpec, LineSpec, TextSpec, IconSpec, ImageSpec],
                        Field(discriminator="type")]


class FaceSpec(_Spec):
    frame: list[ElementSpec] = []
    content: list[ElementSpec] = []


class LayoutSpec(_Spec):
    """One layout file."""

    description: str | None = None
    min_title_size: float | None = None
    constants: dict[str, Union[float, str, bool]] = {}
    vars: dict[str, Union[float, str, bool]] = {}
    front: FaceSpec
    back: FaceSpec | None = None


class LoadedLayout:
    """A validated layout with its name and the file it came from."""

    def __init__(self, name: str, spec: LayoutSpec, source: SourceMap):
        self.name = name
        self.spec = spec
        self.source = source

    def mark(self, *path: str | int) -> Mark:
        return self.source.mark(path)


_TEXT_KEYS = {"text", "name", "fill", "stroke", "color", "src"}
_PLAIN_KEYS = {"type", "field", "font", "align", "valign", "dash", "optional"}


def _values(layout: LoadedLayout) -> list[tuple[tuple[Any, ...], str, bool]]:
    """Every Jinja value of the file: (YAML path, source, is a text template rather than an expression)."""
    data = layout.spec
    found: list[tuple[tuple[Any, ...], str, bool]] = [
        (("constants", k), v, False) for k, v in data.constants.items() if isinstance(v, str)]
    found += [(("vars", k), v, False) for k, v in data.vars.items() if isinstance(v, str)]
    faces = [("front", data.front)] + ([("back", data.back)] if data.back else [])
    for face_name, face_spec in faces:
        for part in ("frame", "content"):
            for index, element in enumerate(getattr(face_spec, part)):
                for key, value in element:
                    if key not in _PLAIN_KEYS and isinstance(value, str):
                        found.append(((face_name, part, index, key), value, key in _TEXT_KEYS))
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
                                             "text": TextSpec, "icon": IconSpec, "image": ImageSpec}


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
                path = (face_name, part, index)
                kind = element.get("type") if isinstance(element, dict) else None
                model = ELEMENT_TYPES.get(kind) if isinstance(kind, str) else None
                if model is None:
                    errors.add(source.mark(path + ("type",)), f"unknown element type {kind!r}", path + ("type",),
                               hint=f"use one of {', '.join(ELEMENT_TYPES)}", code="layout")
                    valid = False
                elif validate_model(model, element, source, errors, path) is None:
                    valid = False
    return valid


def load_layout(path: Path, errors: ErrorList) -> LoadedLayout | None:
    """Read and check one layout file; problems go to `errors` with file:line."""
    doc = load_yaml(path, errors, relative(path), root=path.parent.parent)  # the game folder or templates/
    if doc.data is None:
        return None
    if not _elements_valid(doc.data, doc.source, errors):
        return None
    spec = validate_model(LayoutSpec, doc.data, doc.source, errors)
    if spec is None:
        return None
    layout = LoadedLayout(path.stem, spec, doc.source)
    _compile_errors(layout, errors)
    return layout
