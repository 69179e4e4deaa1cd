"""The rulebook PDF opens with its bookmarks shown and unfolded, and references only fonts it embeds."""

from __future__ import annotations

import subprocess
from pathlib import Path

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import resolve1
from pdfminer.utils import decode_text

from generator.rulebook.document import write_rulebook
from generator.rulebook.player_aid import write_player_aid

RULES = "# Play\n\nText.\n\n## A turn\n\nMore.\n\n### Actions\n\nEven more.\n\n# End\n\nDone.\n"


def fonts(pdf: Path) -> list[tuple[str, str]]:
    """(name, embedded yes/no) of every font pdffonts finds referenced in `pdf`."""
    lines = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True, timeout=60).stdout
    rows = [line.split() for line in lines.splitlines()[2:] if line.strip()]
    return [(row[0], row[-5]) for row in rows]


def outline(pdf: Path) -> tuple[object, list[tuple[str, int]]]:
    """The catalog's page mode, and each bookmark's title with its /Count (above 0: shown unfolded)."""
    with pdf.open("rb") as handle:
        document = PDFDocument(PDFParser(handle))
        entries: list[tuple[str, int]] = []

        def walk(node: dict) -> None:
            while node:
                entries.append((decode_text(node["Title"]), node.get("Count", 0)))  # PDFDocEncoding or UTF-16
                if "First" in node:
                    walk(resolve1(node["First"]))
                node = resolve1(node["Next"]) if "Next" in node else None

        walk(resolve1(resolve1(document.catalog["Outlines"])["First"]))
        return document.catalog.get("PageMode"), entries


def test_the_bookmarks_open_unfolded_and_every_font_is_embedded(tmp_path):
    pdf = tmp_path / "rules.pdf"
    write_rulebook(pdf, "Game", "Rules", [("play", RULES)], [], "Boards", "a4", "caption")
    mode, entries = outline(pdf)
    assert str(mode) == "/'UseOutlines'"
    titles = [title for title, _ in entries]
    assert titles == ["Play", "A turn", "Actions", "End"]
    assert all(count >= 0 for _, count in entries)  # no folded entry (a negative count folds its children)
    assert dict(entries)["Play"] == 2 and dict(entries)["A turn"] == 1
    found = fonts(pdf)
    assert found and all(embedded == "yes" for _, embedded in found), found
    assert not any("Helvetica" in name for name, _ in found)


def test_the_player_aid_references_only_embedded_fonts(tmp_path):
    aid = write_player_aid(tmp_path / "aid.pdf", "Game · Player aid", [RULES], "a4", "caption", None)
    assert aid is not None
    found = fonts(tmp_path / "aid.pdf")
    assert found and all(embedded == "yes" for _, embedded in found), found
