"""The base of the content model: strings in every language, ids, sizes and the strict Model.

Every content model derives from `Model` (unknown keys are errors, values are frozen), so the
schema modules share one set of building blocks.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)

Language = Literal["de", "en"]
LANGUAGES: tuple[Language, ...] = ("de", "en")  # the languages pnp-forge makes games in; a game ships in some of them


def declared_languages(data: Any) -> tuple[str, ...]:
    """The languages game.yaml's data declares (`languages:`), in its order; every supported language when the
    key is absent or not a list of supported languages (the schema then says what is wrong with it)."""
    listed = data.get("languages") if isinstance(data, dict) else None
    if isinstance(listed, list) and listed and all(isinstance(lang, str) and lang in LANGUAGES for lang in listed):
        return tuple(dict.fromkeys(listed))
    return LANGUAGES


def in_languages(data: Any, languages: tuple[str, ...]) -> Any:
    """Dumped model data with every `{de: ..., en: ...}` mapping cut down to `languages`: what a game made in one
    language publishes of its texts (the entry of a language it does not ship is a stand-in, never read)."""
    if isinstance(data, dict):
        if data and set(data) == set(LANGUAGES):
            return {lang: in_languages(data[lang], languages) for lang in LANGUAGES if lang in languages}
        return {key: in_languages(value, languages) for key, value in data.items()}
    if isinstance(data, list):
        return [in_languages(item, languages) for item in data]
    return data


def languages_context(languages: tuple[str, ...] | None) -> dict[str, Any] | None:
    """The validation context of a file of a game in `languages`: a text of a one-language game may be a
    mapping with only that language (`{en: ...}`)."""
    return {"languages": tuple(languages)} if languages else None

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
    the text in every language (a game in one language needs no translations). A game in one language may
    also write `{en: ...}`; the other language's entry is then that text, never read (a `{de, en}` mapping
    in such a game is fine too: only the game's language is read)."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_text_as_written)

    de: NonEmpty = Field(description="German (the source language of the rulebooks)")
    en: NonEmpty = Field(description="English")

    @model_validator(mode="before")
    @classmethod
    def _one_string(cls, data: Any, info: ValidationInfo) -> Any:
        if isinstance(data, str):
            return {lang: data for lang in LANGUAGES}
        languages = (info.context or {}).get("languages") or LANGUAGES
        if isinstance(data, dict) and all(isinstance(data.get(lang), str) for lang in languages):
            # the languages the game does not ship read its first language's text (as one string does)
            return {**{lang: data[languages[0]] for lang in LANGUAGES if lang not in data}, **data}
        return data

    def get(self, lang: str) -> str:
        """The text in `lang` (`de` or `en`)."""
        return str(getattr(self, lang))


class Size(Model):
    """A width and height in millimetres."""

    width: float = Field(gt=0, le=2000, description="mm")
    height: float = Field(gt=0, le=2000, description="mm")


def known_card_size(value: str | Size) -> str | Size:
    """A card size as content gives it: a preset's name (checked here; the schema's enum only documents it) or
    {width, height}."""
    if isinstance(value, str) and value not in CARD_SIZE_PRESETS:
        raise ValueError(f"unknown card size '{value}'; use one of {', '.join(CARD_SIZE_PRESETS)} or {{width, height}}")
    return value


def card_size_mm(value: str | Size) -> tuple[float, float]:
    """A card size's width and height in millimetres (a preset's name looked up)."""
    if isinstance(value, Size):
        return (value.width, value.height)
    return CARD_SIZE_PRESETS[value]


# a card size field: a card kind's size, a board's card slot
CardSize = Annotated[CardSizeName | Size, AfterValidator(known_card_size)]


class Range(Model):
    """From `min` to `max`, both included (`max` is not below `min`)."""

    min: int = Field(ge=0, description="the smallest value")
    max: int = Field(ge=0, description="the largest value")

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self
