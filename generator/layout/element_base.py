"""What every layout element has (an id, a `when`, a place among the others), apart from the element types.

The element types live in generator.layout.spec and, each with its own drawing, in modules of
their own (generator.layout.art_element); they all build on `_Element`.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


ElementId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]*$", max_length=64)]


class InkChoice(Enum):
    """What the ink saver (`--ink saver`) does with an element instead of deriving its light look from its colours."""

    KEEP = "keep"  # drawn as designed (a logo in its brand colour)
    OMIT = "omit"  # left out: decoration only


X_MM = "left edge in mm from the trim's left (an expression)"
Y_MM = "top edge in mm from the trim's top (an expression)"
W_MM = "width in mm (an expression)"
H_MM = "height in mm (an expression)"


class _Element(_Spec):
    id: ElementId | None = Field(default=None, description="names the element (unique in its face), so a layout that "
                                 "`extends` this one can change, move or remove it")
    when: bool | str | None = Field(default=None, description="expression; the element is drawn only when true")
    before: ElementId | None = Field(default=None, description="put this element just before the element with this "
                                     "id (drawn under it) instead of where it would be; in a layout that `extends` "
                                     "another, an element of the base")
    after: ElementId | None = Field(default=None, description="put this element just after the element with this id "
                                    "(drawn over it) instead of where it would be")
    ink: InkChoice | None = Field(default=None, description="in the ink saver's light version (`--ink saver`): "
                                  "`keep` draws it as designed, `omit` leaves it out (decoration); default: made "
                                  "light from its colours")


COLOUR = "a colour `#rrggbb`, as a template (`{{ kind.color | tint(0.8) }}`)"


class _BoxElement(_Element):
    """An element drawn in a box on the trim: rectangles, texts, images, pictures (each narrows `type`)."""

    type: str = Field(description="the kind of element")
    x: float | str = Field(description=X_MM)
    y: float | str = Field(description=Y_MM)
    w: float | str = Field(description=W_MM)
    h: float | str = Field(description=H_MM)
