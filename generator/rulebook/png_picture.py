"""A PNG printed in a PDF as it is: its compressed rows become the image's stream, which PDF reads with PNG's own
row filters (FlateDecode with predictor 15), so a board's picture is neither decoded nor compressed again for each
rulebook and paper that prints it (reportlab's own image path decodes the pixels, hashes them and compresses them
once more: 80 ms a board picture, half of what a rulebook with two boards cost to write).

Only plain 8-bit RGB or grey PNGs without interlacing or transparency are taken so (those the build renders from
its PDFs); any other picture is drawn by reportlab's Image, as before.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.platypus import Flowable, Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOURS = {0: ("DeviceGray", 1), 2: ("DeviceRGB", 3)}  # PNG colour type -> PDF colour space, samples per pixel


@dataclass(frozen=True)
class PngRows:
    """What PDF needs of a PNG: its size, colours and the zlib stream of its filtered rows."""

    width: int
    height: int
    colour_space: str
    colours: int
    rows: bytes
    name: str  # the image's name in the PDF: a digest of the file


def png_rows(path: Path) -> PngRows | None:
    """The PNG's rows as they are stored; None when the file is not a PNG PDF can read so."""
    data = path.read_bytes()
    if not data.startswith(PNG_SIGNATURE):
        return None
    at, header, parts = len(PNG_SIGNATURE), None, []
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            parts.append(body)
        elif kind in (b"tRNS", b"PLTE"):  # transparency or a palette: reportlab's path handles those
            return None
        elif kind == b"IEND":
            break
        at += 12 + length
    if header is None or not parts:
        return None
    width, height, depth, colour_type, method, row_filter, interlace = header
    if depth != 8 or colour_type not in COLOURS or (method, row_filter, interlace) != (0, 0, 0):
        return None
    rows = b"".join(parts)
    space, colours = COLOURS[colour_type]
    return PngRows(width, height, space, colours, rows, "png" + hashlib.md5(data, usedforsecurity=False).hexdigest())


class _PngXObject(pdfdoc.PDFImageXObject):
    """The image XObject of PNG rows: FlateDecode with PNG predictors."""

    def __init__(self, png: PngRows) -> None:
        super().__init__(png.name)
        self.width, self.height = png.width, png.height
        self.bitsPerComponent = 8
        self.colorSpace = png.colour_space
        self.streamContent = png.rows  # type: ignore[assignment]  # reportlab's str or bytes
        self._filters = ("FlateDecode",)
        self.mask = None
        self.png = png

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        stream = pdfdoc.PDFStream(content=self.streamContent)
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = self.width
        entries["Height"] = self.height
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
        entries["Filter"] = pdfdoc.PDFName("FlateDecode")  # a name, not an array: its parameters are one dictionary
        entries["DecodeParms"] = pdfdoc.PDFDictionary({"Predictor": 15, "Colors": self.png.colours,
                                                       "BitsPerComponent": 8, "Columns": self.width})
        entries["Length"] = len(self.streamContent)
        return stream.format(document)


class PngPicture(Flowable):
    """A PNG at a given size, its rows copied into the PDF once per document (see the module's docstring)."""

    def __init__(self, png: PngRows, width: float, height: float) -> None:
        super().__init__()
        self.png = png
        self.width, self.height = width, height
        self.hAlign = "LEFT"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas: Any = self.canv  # reportlab's own internals, as Canvas.drawImage uses them
        document = canvas._doc
        registered = document.getXObjectName(self.png.name)
        if not document.idToObject.get(registered):  # as Canvas.drawImage registers an image it has not seen
            image = _PngXObject(self.png)
            canvas._setXObjects(image)
            document.Reference(image, registered)
            document.addForm(self.png.name, image)
        canvas._currentPageHasImages = 1
        canvas.saveState()
        canvas.scale(self.width, self.height)
        canvas._code.append(f"/{registered} Do")
        canvas.restoreState()
        canvas._formsinuse.append(self.png.name)


def picture(path: Path, width: float, height: float) -> Flowable:
    """`path` drawn `width` × `height` points: its rows as they are when PDF can read them so, else by reportlab."""
    png = png_rows(path)
    if png is None:
        return Image(str(path), width, height, hAlign="LEFT")
    return PngPicture(png, width, height)


def pixel_size(path: Path) -> tuple[int, int] | None:
    """The PNG's size in pixels from its header, without reading its rows; None when it is not a PNG."""
    with path.open("rb") as file:
        head = file.read(24)
    if not head.startswith(PNG_SIGNATURE) or head[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return width, height

