"""A game's rules version and its errata: what players see on every page and sheet, and what each version fixed.

`version:` in game.yaml names the rules version and the day it was published; the site's
footer, the rulebook, the player aid and every printed sheet show it (a game without one shows
that it is a draft). `errata:` lists corrections, each with the version that made it and a
sentence per language; the site's errata page and changelog show them. The changelog itself
comes from git tags (generator.diff.history), never from these fields.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any

from pydantic import Field, StringConstraints, field_validator

from generator.content.schema_base import Model, Text

VERSION_PATTERN = r"^[0-9]{1,4}(\.[0-9]{1,4}){0,3}$"
VersionNumber = Annotated[str, StringConstraints(pattern=VERSION_PATTERN)]


def _quoted_number(value: Any) -> Any:
    """A version written as a YAML number (`1.10` reads as 1.1) is refused with the way to write it."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError(f'write the version number in quotes, as `"{value}"`: unquoted, 1.10 would read as 1.1')
    return value


class RulesVersion(Model):
    """The rules version players see (footer, rulebook, sheets) and the day it was published."""

    number: VersionNumber = Field(description='the version, in quotes: `"1.0"`, `"1.2"` (numbers joined by dots); '
                                  "a git tag `v1.2` or `<game-id>/v1.2` marks the commit that published it")
    date: datetime.date = Field(description="the day the version was published, as YYYY-MM-DD (`2026-11-28`)")

    @field_validator("number", mode="before")
    @classmethod
    def _number_in_quotes(cls, value: Any) -> Any:
        return _quoted_number(value)


class Erratum(Model):
    """A correction of the rules or a card, listed on the errata page and in the changelog's version."""

    version: VersionNumber = Field(description='the version that makes the correction (`"1.1"`)')
    text: Text = Field(description="the correction in a sentence players read")

    @field_validator("version", mode="before")
    @classmethod
    def _version_in_quotes(cls, value: Any) -> Any:
        return _quoted_number(value)


def version_key(number: str) -> tuple[int, ...]:
    """`"1.10"` -> (1, 10): versions in their order (1.9 before 1.10)."""
    return tuple(int(part) for part in number.split("."))


DRAFT = {"de": "Entwurf", "en": "Draft"}
MONTHS = {
    "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
           "November", "Dezember"),
    "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"),
}


def long_date(day: datetime.date, lang: str) -> str:
    """28. November 2026 / 28 November 2026."""
    month = MONTHS["de" if lang == "de" else "en"][day.month - 1]
    return f"{day.day}. {month} {day.year}" if lang == "de" else f"{day.day} {month} {day.year}"


def version_line(version: RulesVersion | None, lang: str, draft_id: str = "") -> str:
    """What a page or sheet says of the rules it shows: `Version 1.0 · 28. November 2026`; a game without a
    version is a draft (`Draft · 3f9a1c2e`, the id telling two printed drafts apart)."""
    if version is None:
        return DRAFT["de" if lang == "de" else "en"] + (f" · {draft_id}" if draft_id else "")
    return f"Version {version.number} · {long_date(version.date, lang)}"
