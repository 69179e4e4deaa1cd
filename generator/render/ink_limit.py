"""Total ink coverage kept under a shop's limit in a CMYK PDF (DriveThruCards: at most 240 %).

Ghostscript separates our colours through the SWOP profile, whose darkest colours reach about
295 % (C+M+Y+K): a shop that prints on toner asks for less, or the ink smears. Ghostscript's
pdfwrite has no ink limit, so each DeviceCMYK colour of the content (the `k`/`K` operators; our
PDF/X files draw no images and no shadings) that exceeds it is replaced by the colour under the
limit that looks most like it through the same output profile: candidates take grey out of the
three colour inks into black (as a press's under-colour removal does) in steps, and littleCMS
(Pillow's ImageCms) measures each in CIELAB; the nearest wins (a dark navy back of 291 % becomes
one of 237 % that is the same colour to within the 8-bit Lab grid). Colours under the limit stay
exactly as Ghostscript separated them. pikepdf (qpdf) parses and writes the content streams and
gives the file an /ID from its content, so the same input gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path

CMYK_OPERATORS = {"k", "K"}
BLACK_STEPS, GREY_STEPS = 100, 20  # black in 1 % steps, grey removal in 5 % steps of the grey the inks share

Colour = tuple[float, float, float, float]


def candidates(colour: Colour, limit: float) -> list[Colour]:
    """Colours of at most `limit` total ink (2.4 for 240 %) near `colour`: each black level with each share of
    the colour inks' common grey taken out, the rest scaled down only as far as the limit needs."""
    c, m, y, _ = colour
    grey = min(c, m, y)
    found = []
    for black_step in range(BLACK_STEPS + 1):
        black = black_step / BLACK_STEPS
        if black > limit:
            break
        for grey_step in range(GREY_STEPS + 1):
            taken = grey * grey_step / GREY_STEPS
            inks = (c - taken, m - taken, y - taken)
            total = sum(inks)
            share = min(1.0, (limit - black) / total) if total > 0 else 1.0
            found.append((inks[0] * share, inks[1] * share, inks[2] * share, black))
    return found


class InkMatcher:
    """Measures CMYK colours in CIELAB through an output profile (littleCMS) and picks the nearest under a limit."""

    def __init__(self, profile: Path):
        from PIL import ImageCms

        self._cms = ImageCms
        self._to_lab = ImageCms.buildTransform(ImageCms.getOpenProfile(str(profile)), ImageCms.createProfile("LAB"),
                                               "CMYK", "LAB")

    def lab(self, colours: list[Colour]) -> list[tuple[float, float, float]]:
        """L*, a*, b* of each colour (Pillow's 8-bit Lab: L* in 100/255 steps, a* and b* in units)."""
        from PIL import Image

        image = Image.new("CMYK", (len(colours), 1))
        image.putdata([tuple(round(v * 255) for v in colour) for colour in colours])
        measured = self._cms.applyTransform(image, self._to_lab)
        assert measured is not None
        pixels: list[tuple[int, int, int]] = [measured.getpixel((x, 0)) for x in range(len(colours))]  # type: ignore[misc]
        return [(px[0] * 100 / 255, px[1] - 128.0, px[2] - 128.0) for px in pixels]

    def nearest_under(self, colour: Colour, limit: float) -> Colour:
        """The candidate (see `candidates`) that looks most like `colour`; the lower total ink on a tie."""
        options = candidates(colour, limit)
        target, *measured = self.lab([colour, *options])
        distance = [sum((a - b) ** 2 for a, b in zip(target, lab, strict=True)) for lab in measured]
        best = min(range(len(options)), key=lambda i: (round(distance[i], 6), sum(options[i])))
        return options[best]


def limit_ink(path: Path, percent: int | None, target: Path | None = None, profile: Path | None = None) -> int:
    """Replace the colours of `path` over `percent` total ink (see the module docstring; None: no limit), measured
    through the output `profile`, and write the file to `target` (default: `path`), with a content-derived /ID.
    Returns how many colour operators changed."""
    from decimal import Decimal

    import pikepdf  # here: only PDF/X output needs it

    limit = (percent if percent is not None else 400) / 100 - 1e-4  # four decimals written: never round back over
    matcher = InkMatcher(profile) if percent is not None and profile is not None else None
    chosen: dict[Colour, Colour] = {}
    changed = 0
    with pikepdf.open(path, allow_overwriting_input=target is None) as pdf:
        seen: set[tuple[int, int]] = set()
        holders: list[pikepdf.Object] = []
        for page in pdf.pages:
            page.contents_coalesce()
            holders.append(page.obj.Contents)
            holders += _forms(page.obj.get("/Resources"), seen)
        for holder in holders:
            instructions = []
            touched = False
            for instruction in pikepdf.parse_content_stream(holder):
                if isinstance(instruction, pikepdf.ContentStreamInstruction) \
                        and str(instruction.operator) in CMYK_OPERATORS and len(instruction.operands) == 4:
                    values: Colour = tuple(float(v) for v in instruction.operands)  # type: ignore[assignment]
                    if sum(values) > limit:
                        if values not in chosen:
                            chosen[values] = matcher.nearest_under(values, limit) if matcher else \
                                tuple(v * limit / sum(values) for v in values)  # type: ignore[assignment]
                        instruction = pikepdf.ContentStreamInstruction(
                            [Decimal(f"{v:.4f}") for v in chosen[values]], instruction.operator)
                        changed += 1
                        touched = True
                instructions.append(instruction)
            if touched:
                holder.write(pikepdf.unparse_content_stream(instructions))
        if "/ID" in pdf.trailer:  # Ghostscript's, random: qpdf would keep its first half
            del pdf.trailer["/ID"]
        pdf.save(target or path, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return changed


def _forms(resources, seen: set[tuple[int, int]]) -> list:
    """Every form XObject a resource dictionary reaches, once each."""
    found = []
    for xobject in ((resources or {}).get("/XObject") or {}).values():
        if xobject.get("/Subtype") != "/Form" or xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        found.append(xobject)
        found += _forms(xobject.get("/Resources"), seen)
    return found
