"""Print-shop profiles, kept as data in templates/print/profiles.yaml: trim per card size, bleed, safe zone, dpi,
page order, colour and the files a shop takes, each shop's with the page of its own that says so.

A profile says how a shop wants its upload: the poker card of the common print-on-demand
template is 2.5 x 3.5 in with 1/8 in bleed (825 x 1125 px at 300 dpi), not the 63 x 88 mm the
home sheets use. The cards are laid out again at the profile's size, so nothing is stretched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from generator.content.errors import ErrorList
from generator.content.model_errors import validate_model
from generator.content.schema import CardKind
from generator.content.schema_base import Model, Size, Text
from generator.content.yaml_source import load_yaml
from generator.memos import per_build

PROFILES_FILE = Path(__file__).resolve().parents[2] / "templates" / "print" / "profiles.yaml"


class ProfileSource(Model):
    """Where a shop publishes its figures, and what that page says (in our words)."""

    url: str = Field(pattern=r"^https://")
    says: str = Field(min_length=20)
    also: str | None = Field(default=None, pattern=r"^https://")


class PrintProfile(Model):
    """One shop's card template."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.x-]*$")
    name: Text
    sizes: dict[str, Size]
    bleed: float = Field(ge=0, le=10)
    safe: float = Field(ge=0, le=15)
    dpi: int = Field(ge=72, le=1200)
    page_order: Literal["front-first", "back-first"] = "front-first"
    colour: Literal["rgb", "cmyk"] = "rgb"
    files: Literal["pdf", "png"] = "png"
    pdfx: Literal["PDF/X-1a:2003", "PDF/X-3:2002"] | None = None
    ink_limit: int | None = Field(default=None, ge=100, le=400)
    source: ProfileSource | None = None

    @property
    def back_first(self) -> bool:
        """Each card's back comes before its front in the shop's file (DriveThruCards)."""
        return self.page_order == "back-first"

    def trim_for(self, kind: CardKind) -> tuple[float, float]:
        """The trim a kind's cards get in this profile: the shop's size for its size name, else its own."""
        if isinstance(kind.size, str) and kind.size in self.sizes:
            size = self.sizes[kind.size]
            return (size.width, size.height)
        return kind.size_mm

    def pixels(self, trim: tuple[float, float]) -> tuple[int, int]:
        """Width and height in pixels of a card with its bleed at the profile's dpi."""
        width, height = trim
        return (round((width + 2 * self.bleed) / 25.4 * self.dpi), round((height + 2 * self.bleed) / 25.4 * self.dpi))


class ProfileFile(Model):
    profiles: list[PrintProfile]


@per_build(maxsize=1)  # templates/print/profiles.yaml: `pnp serve` watches the templates
def profiles() -> dict[str, PrintProfile]:
    """Every known profile by id (the file ships with pnp-forge; an error in it is a bug, so it raises)."""
    errors = ErrorList()
    doc = load_yaml(PROFILES_FILE, errors, "templates/print/profiles.yaml")
    loaded = validate_model(ProfileFile, doc.data, doc.source, errors) if doc.data is not None else None
    if errors or loaded is None:
        raise ValueError(errors.as_text())
    return {profile.id: profile for profile in loaded.profiles}
