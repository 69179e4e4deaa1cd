"""The base of the content model: strings in every language, ids, sizes and the strict Model.

Every content model derives from `Model` (unknown keys are errors, values are frozen), so the
schema modules share one set of building blocks.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema, model_validator

Language = Literal["de", "en"]
LANGUAGES: tuple[Language, ...] = ("de", "en")

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64)]
Identifier = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
NonEmpty = Annotated[str, StringConstraints(min_length=1, strip_whitespace=True)]

CARD_SIZE_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}
# a preset by name; the schema lists the presets, the validators name them when one is misspelt
CardSizeName = Annotated[str, WithJsonSchema({"type": "string", "enum": list(CARD_SIZE_PRESETS)})]


class Model(BaseModel):
    """Base of every content model: unknown keys are errors, values never change after load."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _text_as_written(schema: dict[str, Any]) -> None:
    """A Text is written `{de: ..., en: ...}` or as one string (the same in every language)."""
    schema["type"] = ["object", "string"]
    schema["minLength"] = 1


class Text(Model):
    """A player-facing string in every language the project ships: `{de: ..., en: ...}`, or one string that is
    the text in every language (a game in one language needs no translations)."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_text_as_written)

    de: NonEmpty = Field(description="German (the source language of the rulebooks)")
    en: NonEmpty = Field(description="English")

    @model_validator(mode="before")
    @classmethod
    def _one_string(cls, data: Any) -> Any:
        if isinstance(data, str):
            return {lang: data for lang in LANGUAGES}
        return data

    def get(self, lang: str) -> str:
        """The text in `lang` (`de` or `en`)."""
        return str(getattr(self, lang))


class Size(Model):
    """A width and height in millimetres."""

    width: float = Field(gt=0, le=2000, description="mm")
    height: float = Field(gt=0, le=2000, description="mm")


class Range(Model):
    """From `min` to `max`, both included (`max` is not below `min`)."""

    min: int = Field(ge=0, description="the smallest value")
    max: int = Field(ge=0, description="the largest value")

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self
