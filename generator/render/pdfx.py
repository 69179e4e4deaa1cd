"""CMYK PDF/X from our RGB PDFs, made by Ghostscript's pdfwrite with an ICC output profile Ghostscript ships.

Shops that print offset or on toner presses (DriveThruCards) take PDF/X-1a: every colour in CMYK,
fonts embedded, trim and bleed boxes on each page, and an output intent naming the press
condition the colours were separated for. Ghostscript converts every colour (vector and image) to
DeviceCMYK through the output profile and writes the output intent our definition file asks for;
its profile `default_cmyk.icc` ("Artifex CMYK SWOP Profile", Debian's libgs-common) stands for
SWOP (CGATS TR 001), the US web-offset condition DriveThruCards' guide names. Colour management
stays Ghostscript's (littleCMS): nothing here computes a colour.

Ghostscript stamps each file with a random /ID; the dates come from SOURCE_DATE_EPOCH. The file is
then written again by qpdf (generator.render.ink_limit, which also holds the colours under a shop's
ink limit) with an /ID made from its content, so the same input gives the same bytes.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from generator.render.ink_limit import limit_ink

PROFILE_NAME = "default_cmyk.icc"
# Debian's libgs-common installs Ghostscript's profiles here; a Ghostscript built from source keeps them in its share
PROFILE_PLACES = ("/usr/share/color/icc/ghostscript", "/usr/share/ghostscript/*/iccprofiles",
                  "/usr/local/share/ghostscript/*/iccprofiles")
OUTPUT_CONDITION = ("SWOP (Artifex CMYK SWOP Profile)", "CGATS TR 001")  # the condition and its ICC registry name
SOURCE_DATE = "946684800"  # 2000-01-01, the date reportlab's invariant mode writes in every PDF of ours
TIMEOUT_S = 600


class PdfxUnavailable(Exception):
    """Ghostscript or its CMYK profile is missing, or Ghostscript failed: the sentence says which."""


def output_profile() -> Path:
    """Ghostscript's CMYK output profile (see PROFILE_PLACES)."""
    for place in PROFILE_PLACES:
        for folder in sorted(glob.glob(place)):
            path = Path(folder) / PROFILE_NAME
            if path.is_file():
                return path
    raise PdfxUnavailable(f"Ghostscript's CMYK profile {PROFILE_NAME} is not installed; install Debian's "
                          "ghostscript package (its libgs-common ships the profile)")


def ghostscript() -> str:
    found = shutil.which("gs")
    if found is None:
        raise PdfxUnavailable("PDF/X output needs Ghostscript (`gs`); install the ghostscript package")
    return found


def _definition(profile: Path, version: str) -> str:
    """The PostScript that gives the file its PDF/X version key and its output intent (Ghostscript's PDFX_def.ps,
    filled in)."""
    condition, identifier = OUTPUT_CONDITION
    return f"""%!
[ /GTS_PDFXVersion ({version}) /Trapped /False /DOCINFO pdfmark
[ /_objdef {{icc_PDFX}} /type /stream /OBJ pdfmark
[ {{icc_PDFX}} << /N 4 >> /PUT pdfmark
[ {{icc_PDFX}} ({profile}) (r) file /PUT pdfmark
[ /_objdef {{OutputIntent_PDFX}} /type /dict /OBJ pdfmark
[ {{OutputIntent_PDFX}} <<
  /Type /OutputIntent /S /GTS_PDFX
  /OutputCondition ({condition}) /OutputConditionIdentifier ({identifier})
  /Info ({condition}) /RegistryName (http://www.color.org)
  /DestOutputProfile {{icc_PDFX}}
>> /PUT pdfmark
[ {{Catalog}} << /OutputIntents [ {{OutputIntent_PDFX}} ] >> /PUT pdfmark
"""


def to_pdfx(source: Path, target: Path, version: str = "PDF/X-1a:2003", ink_limit: int | None = None) -> Path:
    """`source` (any PDF of ours) as a CMYK PDF/X file at `target`, declaring `version`, its total ink at most
    `ink_limit` % (None: as separated).

    Ghostscript's PDF/X mode writes PDF 1.3 with DeviceCMYK only, every font embedded and each page's
    TrimBox and BleedBox kept: what PDF/X-1a:2003 and PDF/X-3:2002 ask."""
    gs, profile = ghostscript(), output_profile()
    with tempfile.TemporaryDirectory(prefix="pnp-pdfx-") as scratch:
        definition = Path(scratch) / "pdfx_def.ps"
        definition.write_text(_definition(profile, version), encoding="ascii")
        written = Path(scratch) / "out.pdf"
        command = [gs, "-q", "-dBATCH", "-dNOPAUSE", "-dPDFX", "-sDEVICE=pdfwrite", "-dPDFSETTINGS=/prepress",
                   "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK", "-dEmbedAllFonts=true",
                   f"--permit-file-read={profile.parent}/", f"-sOutputFile={written}", str(definition), str(source)]
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE}
        try:
            done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise PdfxUnavailable(f"Ghostscript took over {TIMEOUT_S} s to convert {source.name}") from None
        if done.returncode != 0 or not written.is_file():
            said = (done.stderr or done.stdout).strip().splitlines()
            raise PdfxUnavailable(f"Ghostscript could not convert {source.name} to PDF/X"
                                  + (f": {said[-1]}" if said else ""))
        target.parent.mkdir(parents=True, exist_ok=True)
        limit_ink(written, ink_limit, target, profile)
    return target

