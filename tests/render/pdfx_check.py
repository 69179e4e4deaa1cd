"""A PDF/X check with pikepdf, for the tests: what a print shop's preflight refuses first.

veraPDF is not at hand; this checks what PDF/X-1a and PDF/X-3 share and a shop's preflight looks at
first: an output intent (GTS_PDFX) with a CMYK destination profile, the version key in the document
information, a TrimBox and a BleedBox on every page with MediaBox ⊇ BleedBox ⊇ TrimBox, only CMYK or
gray colour (device or ICC-based, in content streams, forms, images, inline images and shadings),
and every font embedded. `pdfx_problems` lists what fails, one sentence each (empty: it passes);
`most_ink` is the highest total ink (C+M+Y+K, %) of a CMYK colour the content sets.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf

ALLOWED_DEVICE = {"/DeviceCMYK", "/DeviceGray"}
SHORT_NAMES = {"/CMYK": "/DeviceCMYK", "/G": "/DeviceGray", "/RGB": "/DeviceRGB", "/I": "/Indexed"}
RGB_OPERATORS = {"rg", "RG"}
SPACE_OPERATORS = {"cs", "CS"}
TOLERANCE = 0.01  # points


def pdfx_problems(path: Path) -> list[str]:
    """Every way `path` falls short of the PDF/X check (see the module docstring)."""
    problems: list[str] = []
    with pikepdf.open(path) as pdf:
        problems += _intent_problems(pdf)
        version = pdf.docinfo.get("/GTS_PDFXVersion") if pdf.trailer.get("/Info") is not None else None
        if version is None or not str(version).startswith("PDF/X-"):
            problems.append("the document information has no GTS_PDFXVersion")
        seen: set[tuple[int, int]] = set()
        for number, page in enumerate(pdf.pages, 1):
            problems += [f"page {number}: {p}" for p in _box_problems(page.obj)]
            problems += [f"page {number}: {p}" for p in _content_problems(page.obj, page.obj.get("/Resources"), seen)]
    return list(dict.fromkeys(problems))


def _intent_problems(pdf: pikepdf.Pdf) -> list[str]:
    intents = pdf.Root.get("/OutputIntents")
    found = [i for i in (intents or []) if i.get("/S") == "/GTS_PDFX"]
    if not found:
        return ["the catalogue has no GTS_PDFX output intent"]
    profile = found[0].get("/DestOutputProfile")
    if profile is None:
        return ["the output intent has no DestOutputProfile"]
    data = profile.read_bytes()
    if data[16:20] != b"CMYK":
        return [f"the output intent's profile is for {data[16:20]!r}, not CMYK"]
    return []


def _box(page: pikepdf.Dictionary, name: str) -> list[float] | None:
    box = page.get(name)
    if box is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in box)
    return [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]


def _inside(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - TOLERANCE and inner[1] >= outer[1] - TOLERANCE
            and inner[2] <= outer[2] + TOLERANCE and inner[3] <= outer[3] + TOLERANCE)


def _box_problems(page: pikepdf.Dictionary) -> list[str]:
    media, bleed, trim = _box(page, "/MediaBox"), _box(page, "/BleedBox"), _box(page, "/TrimBox")
    problems = [f"no {name}" for name, box in (("TrimBox", trim), ("BleedBox", bleed)) if box is None]
    if media is not None and bleed is not None and not _inside(bleed, media):
        problems.append(f"the BleedBox {bleed} is not inside the MediaBox {media}")
    if bleed is not None and trim is not None and not _inside(trim, bleed):
        problems.append(f"the TrimBox {trim} is not inside the BleedBox {bleed}")
    return problems


def _space_problem(space: object, resources: pikepdf.Dictionary | None) -> str | None:
    """What is wrong with a colour space (a name, a resource name or an array), or None."""
    if isinstance(space, pikepdf.Name):
        name = SHORT_NAMES.get(str(space), str(space))
        if name in ALLOWED_DEVICE or name == "/Pattern":
            return None
        named = (resources or {}).get("/ColorSpace", {}).get(name) if resources is not None else None
        if named is not None:
            return _space_problem(named, resources)
        return f"colour space {name}"
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        family = str(space[0])
        if family == "/ICCBased":
            components = int(space[1].get("/N", 0))
            return None if components in (1, 4) else f"an ICC-based colour space of {components} components"
        if family in ("/Indexed", "/I"):
            return _space_problem(space[1], resources)
        if family in ("/Separation", "/DeviceN"):
            return _space_problem(space[2], resources)
        if family == "/Pattern":
            return None if len(space) < 2 else _space_problem(space[1], resources)
        return f"colour space {family}"
    return f"colour space {space!r}"


def _content_problems(holder: pikepdf.Object, resources: pikepdf.Dictionary | None,
                      seen: set[tuple[int, int]]) -> list[str]:
    """Colour and font problems of a page's or form's content and everything it draws."""
    problems: list[str] = []
    for operands, operator in pikepdf.parse_content_stream(holder):
        op = str(operator)
        if op in RGB_OPERATORS:
            problems.append("DeviceRGB colour (rg/RG) in the content")
        elif op in SPACE_OPERATORS:
            problem = _space_problem(operands[0], resources)
            if problem:
                problems.append(f"{problem} in the content")
        elif op == "BI":  # an inline image: its dictionary is the operand
            image = operands[0] if operands else None
            space = getattr(image, "get", lambda *_: None)("/CS") if image is not None else None
            if space is not None:
                problem = _space_problem(space, resources)
                if problem:
                    problems.append(f"an inline image in {problem}")
    for name, xobject in ((resources or {}).get("/XObject") or {}).items():
        problems += _xobject_problems(name, xobject, seen)
    for name, shading in ((resources or {}).get("/Shading") or {}).items():
        problem = _space_problem(shading.get("/ColorSpace"), resources)
        if problem:
            problems.append(f"shading {name} in {problem}")
    for name, font in ((resources or {}).get("/Font") or {}).items():
        problems += _font_problems(name, font)
    return problems


def _xobject_problems(name: str, xobject: pikepdf.Object, seen: set[tuple[int, int]]) -> list[str]:
    key = xobject.objgen
    if key != (0, 0) and key in seen:
        return []
    seen.add(key)
    subtype = xobject.get("/Subtype")
    if subtype == "/Image":
        if xobject.get("/ImageMask", False):
            return []
        problem = _space_problem(xobject.get("/ColorSpace"), None)
        return [f"image {name} in {problem}"] if problem else []
    if subtype == "/Form":
        return _content_problems(xobject, xobject.get("/Resources"), seen)
    return []


def _font_problems(name: str, font: pikepdf.Dictionary) -> list[str]:
    if font.get("/Subtype") == "/Type3":
        return []
    fonts = list(font.get("/DescendantFonts", [])) if font.get("/Subtype") == "/Type0" else [font]
    for each in fonts:
        descriptor = each.get("/FontDescriptor")
        if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            return [f"font {name} ({each.get('/BaseFont')}) is not embedded"]
    return []


def most_ink(path: Path) -> float:
    """The highest C+M+Y+K (in %) of any `k`/`K` colour in the pages' and forms' content."""
    highest = 0.0
    with pikepdf.open(path) as pdf:
        seen: set[tuple[int, int]] = set()
        holders: list[pikepdf.Object] = [page.obj for page in pdf.pages]
        while holders:
            holder = holders.pop()
            for operands, operator in pikepdf.parse_content_stream(holder):
                if str(operator) in ("k", "K"):
                    highest = max(highest, 100 * sum(float(v) for v in operands))
            for xobject in ((holder.get("/Resources") or {}).get("/XObject") or {}).values():
                if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                    seen.add(xobject.objgen)
                    holders.append(xobject)
    return highest
