"""Card rendering throughput: pnp-forge's layout + PDF backend against reportlab loops a user would write.

    python benchmarks/cards.py [--cards 1000] [--repeat 3] [--variants fair forge] [--languages de en]

Renders a deck of N distinct cards (Escape Earth's designs with numbered names and varied costs,
so text, inline icons, fields and cost badges are all exercised) onto A4 sheets with backs, in
each language asked for (both by default, as `pnp cards` makes every bundled game), and prints
cards per CPU second (a card in two languages counts twice) and peak memory for:

  naive      a reportlab canvas loop drawing the same design (templates/layouts/card.yaml) card
             by card: rectangles, badge, title, icons as paths, and the fields, rules and
             flavour text as Paragraphs in Frames (no shrinking, no inline icons, no sharing)
  fair       the loop a user who knows reportlab would write, the baseline forge is judged by:
             the same fonts, text and design, each icon drawn once as a form and placed by
             reference, each kind's back drawn once as a form, Paragraphs drawn straight onto
             the canvas (wrapOn/drawOn, no Frame), crop marks on every sheet
  forge      pnp-forge as `pnp cards` runs it on the idle cores: the languages side by side in
             forked children, a language's layout shared out when cores are left
             (generator.render.parallel_layout); the layout step (real metrics, shrink-to-fit,
             cached text layout), then the PDF backend with shared frames and icons as PDF forms
  forge-1    the same in one process (what forge costs in CPU, and on a machine with no idle core)
  no-forms   forge-1 without forms (every frame and icon drawn out per card)

Each variant runs in its own process so its peak RSS is its own; the variants alternate within
each repeat. Times are CPU seconds of the rendering (forge's forked workers included; CPU time
is steadier than wall time on a shared machine) next to wall seconds, as min / median / max;
the ratios compare medians with the baselines measured in the same run. The fair loop makes one
language after the other on one core, as a user's loop would; forge's wall time is what
`pnp cards` makes a user wait on this machine, its CPU time what the work costs (forge-1 shows
it without the second core). Run on demand; not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from queue import Empty

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, cpu_with_children, ratio  # noqa: E402


def _base36(number: int) -> str:
    """`number` in base 36, capitals (numpy.base_repr would do, but importing numpy changes what is measured)."""
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[digit] + digits
        if not number:
            return digits


def synthetic_deck(size: int):
    """Escape Earth with `size` distinct cards derived from its designs: each name ends in the card's
    number in base 36 (two letters up to 1,296 cards), which fits the longest German title."""
    from generator.content.errors import ErrorList
    from generator.content.loader import load_game
    from generator.content.schema import Text

    content = load_game(REPO / "content" / "escape-earth", ErrorList())
    designs = content.cards
    cards = []
    for n in range(size):
        base = designs[n % len(designs)]
        number = _base36(n + 1)
        name = Text(de=f"{base.name.de} {number}", en=f"{base.name.en} {number}")
        cards.append(base.model_copy(update={"id": f"{base.id}-{n + 1}", "name": name, "count": 1,
                                             "cost": n % 7 if base.kind != "building" else None}))
    return dataclasses.replace(content, cards=cards)


def run_forge(size: int, out: Path, use_forms: bool, workers: int, languages: tuple[str, ...]) -> tuple[float, float]:
    """Each language's layout and sheets, the languages side by side on `workers` cores as `pnp cards`
    makes them (generator.forked.run_side_by_side), each sharing out its layout when cores are left."""
    from functools import partial

    from generator.content.errors import ErrorList
    from generator.forked import run_side_by_side
    from generator.layout.engine import CardLayouts
    from generator.render.cards_step import lay_out, ordered_cards
    from generator.render.pdf_sheets import write_sheets

    content = synthetic_deck(size)
    start, wall = cpu_with_children(), time.perf_counter()
    layouts = CardLayouts(content, ErrorList())
    cards = ordered_cards(content)

    def language(lang: str, each: int) -> None:
        designs = lay_out(layouts, cards, lang, each)
        assert designs is not None and not layouts.problems, layouts.problems[:3]
        write_sheets(out.with_name(f"{out.stem}-{lang}.pdf"), [printed for _, printed in designs], "a4",
                     content.icons, "benchmark", lang, use_forms=use_forms)

    if workers > 1 and len(languages) > 1:
        layouts.warm_up(cards, languages[0])  # as render_cards does before it forks
        run_side_by_side([partial(language, lang, max(1, workers // len(languages))) for lang in languages])
    else:
        for lang in languages:
            language(lang, workers)
    return cpu_with_children() - start, time.perf_counter() - wall


def run_naive(size: int, out: Path, languages: tuple[str, ...]) -> tuple[float, float]:
    """The naive baseline: what a first version would do with reportlab's own text flowables."""
    content = synthetic_deck(size)
    start, wall = cpu_with_children(), time.perf_counter()
    for lang in languages:
        run_reportlab(content, out.with_name(f"{out.stem}-{lang}.pdf"), False, lang)
    return cpu_with_children() - start, time.perf_counter() - wall


def run_fair(size: int, out: Path, languages: tuple[str, ...]) -> tuple[float, float]:
    """The fair baseline: the loop a user who knows reportlab would write (see the module docstring),
    once per language."""
    content = synthetic_deck(size)
    start, wall = cpu_with_children(), time.perf_counter()
    for lang in languages:
        run_reportlab(content, out.with_name(f"{out.stem}-{lang}.pdf"), True, lang)
    return cpu_with_children() - start, time.perf_counter() - wall


def run_reportlab(content, out: Path, fair: bool, lang: str) -> None:
    """The same design as templates/layouts/card.yaml drawn element by element for every card.

    naive (`fair` false): icons replayed as paths on every card, every back drawn out, text as
    Paragraphs in Frames. fair: each icon and each kind's back drawn once as a form and placed
    by reference, Paragraphs drawn straight onto the canvas, crop marks on every sheet."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import registerFontFamily
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, Paragraph

    from generator.drawing.fonts import face
    from generator.drawing.icons import load_icon
    from generator.layout.context import face_context
    from generator.layout.templating import tint
    from generator.render.cards_step import ordered_cards

    regular, bold, italic = face("regular").pdf_name, face("bold").pdf_name, face("italic").pdf_name
    registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold)
    body = ParagraphStyle("body", fontName=regular, fontSize=8.5, leading=10, alignment=1)
    fields_style = ParagraphStyle("fields", fontName=regular, fontSize=7.5, leading=8.4)
    flavour = ParagraphStyle("flavour", fontName=italic, fontSize=7, leading=8.2, alignment=1)
    canvas = Canvas(str(out), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    cards = ordered_cards(content)
    forms: dict[str, str] = {}
    icon_edge = 100.0

    def fill(colour: str) -> None:
        canvas.setFillColor(HexColor(colour))

    def icon_paths(name: str, x: float, y: float, edge: float) -> None:
        drawn = load_icon(content.icons[name])
        scale, dx, dy = drawn.placement(edge)
        for shape in drawn.shapes:
            path = canvas.beginPath()
            for cmd in shape.commands:
                pts = [(x + dx + cmd[i] * scale, y + edge - (dy + cmd[i + 1] * scale)) for i in range(1, len(cmd), 2)]
                if cmd[0] == "M":
                    path.moveTo(*pts[0])
                elif cmd[0] == "L":
                    path.lineTo(*pts[0])
                elif cmd[0] == "C":
                    path.curveTo(*pts[0], *pts[1], *pts[2])
                else:
                    path.close()
            if shape.fill:
                canvas.setFillColor(HexColor(shape.fill))
            if shape.stroke:
                canvas.setStrokeColor(HexColor(shape.stroke))
                canvas.setLineWidth(shape.stroke_width * scale)
            canvas.drawPath(path, stroke=int(bool(shape.stroke)), fill=int(bool(shape.fill)))

    def icon_form(name: str) -> str:
        if name not in forms:  # each icon drawn once into a form, then placed by reference
            forms[name] = f"icon{len(forms)}"
            canvas.beginForm(forms[name], 0, 0, icon_edge, icon_edge)
            icon_paths(name, 0, 0, icon_edge)
            canvas.endForm()
        return forms[name]

    def icon(name: str, x: float, y: float, edge: float) -> None:
        if not fair:
            icon_paths(name, x, y, edge)
            return
        icon_form(name)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(edge / icon_edge, edge / icon_edge)
        canvas.doForm(forms[name])
        canvas.restoreState()

    def para(markup: str, style, left: float, bottom: float, width: float, height: float) -> None:
        text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", markup).replace("\n", "<br/>")
        paragraph = Paragraph(text, style)
        if not fair:
            Frame(left, bottom, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                  showBoundary=0).addFromList([paragraph], canvas)
            return
        _, used = paragraph.wrapOn(canvas, width, height)
        paragraph.drawOn(canvas, left, bottom + height - used)  # top-aligned in its box, like a Frame

    def crop_marks() -> None:  # the 3 x 3 grid's cut lines, marked outside the block, white under black
        xs = [(1.5 + col * 69 + 3 + dx) * mm for col in range(3) for dx in (0, 63)]
        ys = [(297 - 7.5 - (row + 1) * 94 + 3 + dy) * mm for row in range(3) for dy in (0, 88)]
        left, right, bottom, top = 1.5 * mm, (1.5 + 3 * 69) * mm, (297 - 7.5 - 3 * 94) * mm, (297 - 7.5) * mm
        canvas.saveState()
        for colour, width in (("#ffffff", 1.1), ("#000000", 0.35)):
            canvas.setStrokeColor(HexColor(colour))
            canvas.setLineWidth(width)
            for mark_x in xs:
                canvas.line(mark_x, top + 1 * mm, mark_x, top + 5 * mm)
                canvas.line(mark_x, bottom - 5 * mm, mark_x, bottom - 1 * mm)
            for mark_y in ys:
                canvas.line(left - 1.4 * mm, mark_y, left - 0.4 * mm, mark_y)
                canvas.line(right + 0.4 * mm, mark_y, right + 1.4 * mm, mark_y)
        canvas.restoreState()

    def back(kind, ctx, x: float, y: float) -> None:
        colour = kind.back.color or kind.color
        fill(colour)
        canvas.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 94 * mm, stroke=0, fill=1)
        canvas.setStrokeColor(HexColor(tint(colour, 0.45)))
        canvas.setLineWidth(0.6 * mm)
        canvas.roundRect(x + 3.5 * mm, y + 3.5 * mm, 56 * mm, 81 * mm, 2.5 * mm, stroke=1, fill=0)
        canvas.setStrokeColor(HexColor(tint(colour, 0.25)))
        canvas.setLineWidth(0.25 * mm)
        canvas.roundRect(x + 5.1 * mm, y + 5.1 * mm, 52.8 * mm, 77.8 * mm, 1.8 * mm, stroke=1, fill=0)
        fill(tint(colour, 0.9))
        canvas.circle(x + 31.5 * mm, y + 49 * mm, 17 * mm, stroke=0, fill=1)
        icon(kind.back.icon or kind.icon, x + 19.5 * mm, y + 37 * mm, 24 * mm)
        fill("#ffffff")
        canvas.setFont(bold, 15)
        canvas.drawCentredString(x + 31.5 * mm, y + 24 * mm, ctx["kind"]["back"]["title"])
        fill(tint(colour, 0.6))
        canvas.setFont(regular, 7)
        canvas.drawCentredString(x + 31.5 * mm, y + 8 * mm, ctx["game"]["title"])

    backs: dict[str, str] = {}

    def back_form(kind_id: str, kind, ctx) -> str:
        """Each kind's back drawn once into a form (its icon's form made first: forms do not nest open)."""
        if kind_id not in backs:
            icon_form(kind.back.icon or kind.icon)
            backs[kind_id] = f"back{len(backs)}"
            canvas.beginForm(backs[kind_id], -3 * mm, -3 * mm, 66 * mm, 91 * mm)
            back(kind, ctx, 0, 0)
            canvas.endForm()
        return backs[kind_id]

    for page_start in range(0, len(cards), 9):
        chunk = cards[page_start:page_start + 9]
        for backs_page in (False, True):
            for index, card in enumerate(chunk):
                kind = content.game.kind(card.kind)
                col, row = index % 3, index // 3
                if backs_page:
                    col = 2 - col
                x, y = (1.5 + col * 69 + 3) * mm, (297 - 7.5 - (row + 1) * 94 + 3) * mm
                top = y + 88 * mm
                side = "back" if backs_page and card.back else "front"
                ctx = face_context(content, card, card.back if side == "back" else card, side, lang)
                if backs_page and not card.back:
                    if fair:
                        canvas.saveState()
                        canvas.translate(x, y)
                        canvas.doForm(back_form(card.kind, kind, ctx))
                        canvas.restoreState()
                    else:
                        back(kind, ctx, x, y)
                    continue
                fill(kind.color)
                canvas.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 94 * mm, stroke=0, fill=1)
                fill("#fbf8f1")
                canvas.roundRect(x + 3.5 * mm, y + 3.5 * mm, 56 * mm, 69.5 * mm, 1.6 * mm, stroke=0, fill=1)
                fill(tint(kind.color, 0.84))
                canvas.roundRect(x + 4.7 * mm, top - 39 * mm, 53.6 * mm, 22 * mm, 1.2 * mm, stroke=0, fill=1)
                fill("#ffffff")
                canvas.setStrokeColor(HexColor(tint(kind.color, 0.45)))
                canvas.setLineWidth(0.35 * mm)
                canvas.circle(x + 54.3 * mm, top - 35 * mm, 3.4 * mm, stroke=1, fill=1)
                icon(kind.icon, x + 51.8 * mm, top - 37.5 * mm, 5 * mm)
                title_x = 4.4
                if ctx["cost"] is not None:
                    title_x = 17.5
                    fill("#f2c94c")
                    canvas.setStrokeColor(HexColor("#8a6a12"))
                    canvas.setLineWidth(0.6 * mm)
                    canvas.circle(x + 10 * mm, top - 9.2 * mm, 5.6 * mm, stroke=1, fill=1)
                    fill("#3a2c00")
                    canvas.setFont(bold, 14)
                    canvas.drawCentredString(x + 10 * mm, top - 11.5 * mm, str(ctx["cost"]))
                fill("#ffffff")
                canvas.setFont(bold, 11.5)
                canvas.drawString(x + title_x * mm, top - 8.5 * mm, ctx["face"]["name"])
                fill(tint(kind.color, 0.7))
                canvas.setFont(regular, 6.5)
                canvas.drawString(x + title_x * mm, top - 12.5 * mm, ctx["kind"]["name"])
                icon(ctx["face"]["icon"], x + 22 * mm, top - 37.5 * mm, 19 * mm)
                if ctx["fields"]:
                    fill("#ffffff")
                    canvas.setStrokeColor(HexColor(tint(kind.color, 0.55)))
                    canvas.setLineWidth(0.3 * mm)
                    canvas.roundRect(x + 4.7 * mm, top - 57 * mm, 53.6 * mm, 15 * mm, 1 * mm, stroke=1, fill=1)
                    para(ctx["fields_text"], fields_style, x + 6.1 * mm, top - 56 * mm, 50.8 * mm, 13 * mm)
                if ctx["body"]:
                    para(ctx["body"], body, x + 5.7 * mm, y + 18 * mm, 51.6 * mm, 12 * mm)
                strip = "\n".join(t for t in (ctx["face"]["flavor"], ctx["face"]["science"]) if t)
                if strip:
                    fill(tint(kind.color, 0.86))
                    canvas.roundRect(x + 4.7 * mm, y + 4.7 * mm, 53.6 * mm, 12.5 * mm, 1.2 * mm, stroke=0, fill=1)
                    para(strip, flavour, x + 6.1 * mm, y + 5.5 * mm, 50.8 * mm, 10.9 * mm)
            if fair:
                crop_marks()
            canvas.showPage()
    canvas.save()


RUNNERS = {"naive": run_naive, "fair": run_fair}
VARIANTS = ("naive", "fair", "forge", "forge-1", "no-forms")


def _child(variant: str, size: int, languages: tuple[str, ...], queue) -> None:
    from generator.render.parallel_layout import idle_cores

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"{variant}.pdf"
        if variant in RUNNERS:
            cpu, wall = RUNNERS[variant](size, out, languages)
        else:
            workers = idle_cores() if variant == "forge" else 1
            cpu, wall = run_forge(size, out, variant != "no-forms", workers, languages)
        kib = sum(path.stat().st_size for path in Path(tmp).glob("*.pdf")) / 1024
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((cpu, wall, peak_mb, kib))


def measure(variant: str, size: int, languages: tuple[str, ...]) -> tuple[float, float, float, float]:
    """(CPU s, wall s, peak RSS MB, PDF KiB) of one run of `variant` in a fresh process."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    process = ctx.Process(target=_child, args=(variant, size, languages, queue))
    process.start()
    while True:
        try:
            result = queue.get(timeout=1.0)
            break
        except Empty:
            if not process.is_alive():
                raise SystemExit(f"the {variant} run failed (its traceback is above)") from None
    process.join()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="runs per variant, alternating the variants")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--languages", nargs="+", default=["de", "en"], choices=["de", "en"],
                        help="languages to make (default: both, as pnp cards does for every bundled game)")
    args = parser.parse_args()
    languages = tuple(args.languages)
    figures = {v: Timings(v) for v in args.variants}
    extra: dict[str, tuple[float, float]] = {}
    for _ in range(args.repeat):  # alternated, so a busy moment of the machine hits every variant
        for variant in args.variants:
            cpu, wall, peak, kib = measure(variant, args.cards, languages)
            figures[variant].add(cpu, wall)
            extra[variant] = (max(peak, extra.get(variant, (0.0, 0.0))[0]), kib)
    print(f"{args.cards} cards in {' and '.join(languages)} (fronts and backs on A4 sheets), {args.repeat} runs each, "
          "min / median / max")
    for variant in args.variants:
        rate = args.cards * len(languages) / statistics.median(figures[variant].cpu)
        peak, kib = extra[variant]
        print(f"  {figures[variant].line(9)}   {rate:6.0f} cards/CPU s   peak RSS {peak:4.0f} MB   PDF {kib / 1024:5.1f} MB")
    for subject in ("forge", "forge-1"):
        for baseline in ("fair", "naive"):
            if baseline in figures and subject in figures:
                print(f"  {subject:<7} vs {baseline:<6} {ratio(figures[baseline], figures[subject])}")


if __name__ == "__main__":
    main()
