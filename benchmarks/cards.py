"""Card drawing on one core: pnp-forge's layout + PDF backend against the loop a reportlab expert would write.

    python benchmarks/cards.py [--cards 1000] [--repeat 3] [--variants fair forge] [--languages de en]
    python benchmarks/cards.py --compare DIR [--cards 27] [--sheets 4]   # render pages of both sides, compare

Renders a deck of N distinct cards (Escape Earth's designs with numbered names and varied costs,
so text, inline icons, fields and cost badges are all exercised) onto A4 sheets, 3 x 3 with bleed,
crop marks and mirrored duplex backs (each deck from a new row, gutters between decks with different
backs: generator.render.sheet_plan), in each language asked for (both by default), and prints:

  fair       benchmarks/cards_fair.py: the loop a user who knows reportlab would write for this
             game (each icon, frame, plain back and the crop marks drawn once as a form, one text
             object per box with its runs merged per line, text layout memoised per distinct text,
             records, colours, outlines and fonts prepared before the clock starts)
  forge      pnp-forge's layout step (real metrics, shrink-to-fit, cached text layout) and its PDF
             sheets (generator.render.pdf_sheets) for the same deck, in one process; the layout
             files read, their templates compiled and the fonts registered before the clock
             (`CardLayouts.warm_up`, as `pnp cards` does before it forks) and the icons' outlines read,
             as fair registers its fonts and reads its icons
  no-forms   forge without forms (every frame and icon drawn out per card)
  baseline   with --baseline CHECKOUT: forge as that checkout has it (its generator package)

Each run is a fresh spawned process pinned to the same one core (os.sched_setaffinity), so no
side uses a core the other cannot, with the garbage collector set as every pnp command sets it
(generator.cli.main); the variants alternate within each repeat. "drawing" is the
CPU time of the timed region (the cards' data loaded and, for fair, prepared before it); "process"
the whole child's CPU (imports and loading included); "wall" the whole child's wall time; each as
min / median / max; the ratios compare medians measured in the same run. Run on demand; not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from queue import Empty

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, ratio, spread  # noqa: E402

VERSION = "benchmark"  # the build named on every sheet's label, on both sides


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


def run_forge(size: int, out_dir: Path, use_forms: bool, languages: tuple[str, ...]) -> tuple[float, float]:
    """Each language's layout and sheets in this process, as `pnp cards` makes them on one core."""
    from generator.content.errors import ErrorList
    from generator.drawing.icons import load_icon
    from generator.layout.engine import CardLayouts
    from generator.render.cards_step import lay_out, ordered_cards
    from generator.render.pdf_sheets import write_sheets

    content = synthetic_deck(size)
    layouts = CardLayouts(content, ErrorList())
    cards = ordered_cards(content)
    layouts.warm_up(cards, languages[0])  # layout files read, templates compiled, fonts registered: as fair prepares
    for path in content.icons.values():  # the icons' outlines read, as fair reads them before its clock
        load_icon(path)
    start, wall = time.process_time(), time.perf_counter()
    for lang in languages:
        designs = lay_out(layouts, cards, lang)
        assert designs is not None and not layouts.problems, layouts.problems[:3]
        write_sheets(out_dir / f"{lang}.pdf", [printed for _, printed in designs], "a4", content.icons,
                     content.game.title.get(lang), lang, use_forms=use_forms, version=VERSION)
    return time.process_time() - start, time.perf_counter() - wall


def run_fair(size: int, out_dir: Path, languages: tuple[str, ...]) -> tuple[float, float]:
    """The expert's loop (benchmarks/cards_fair.py), one language after the other."""
    import cards_fair

    content = synthetic_deck(size)
    prepared = [cards_fair.prepare(content, lang, VERSION) for lang in languages]
    start, wall = time.process_time(), time.perf_counter()
    for lang, ready in zip(languages, prepared, strict=True):
        cards_fair.draw(ready, out_dir / f"{lang}.pdf")
    return time.process_time() - start, time.perf_counter() - wall


VARIANTS = ("fair", "forge", "no-forms")


COLLECT_EVERY = (20_000, 50, 50)  # the collector's thresholds as generator.cli.main sets them for every command


def _child(variant: str, size: int, languages: tuple[str, ...], core: int, keep: str, queue,
           baseline: str = "") -> None:
    os.sched_setaffinity(0, {core})
    gc.freeze()  # every side runs as a pnp command does (the fair loop's time does not depend on it)
    gc.set_threshold(*COLLECT_EVERY)
    if variant == "baseline":  # forge as another checkout has it: its generator package comes first
        sys.path.insert(0, baseline)
        import generator

        assert Path(generator.__file__).is_relative_to(baseline), generator.__file__
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = Path(keep) if keep else Path(tmp)
        if variant == "fair":
            cpu, wall = run_fair(size, out_dir, languages)
        else:
            cpu, wall = run_forge(size, out_dir, variant != "no-forms", languages)
        kib = sum((out_dir / f"{lang}.pdf").stat().st_size for lang in languages) / 1024
    usage = resource.getrusage(resource.RUSAGE_SELF)
    queue.put((cpu, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, kib))


def measure(
    variant: str, size: int, languages: tuple[str, ...], core: int, keep: str = "", baseline: str = ""
) -> tuple:
    """(drawing CPU s, drawing wall s, process CPU s, process wall s, peak RSS MB, PDF KiB) of one run of
    `variant` in a fresh process pinned to `core`."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    started = time.perf_counter()
    process = ctx.Process(target=_child, args=(variant, size, languages, core, keep, queue, baseline))
    process.start()
    while True:
        try:
            cpu, wall, process_cpu, peak, kib = queue.get(timeout=1.0)
            break
        except Empty:
            if not process.is_alive():
                raise SystemExit(f"the {variant} run failed (its traceback is above)") from None
    process.join()
    return cpu, wall, process_cpu, time.perf_counter() - started, peak, kib


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def compare(folder: Path, size: int, languages: tuple[str, ...], core: int, sheets: int = 4) -> None:
    """Fronts and backs of `sheets` sheets spread over the deck (0: every sheet), both sides, at 150 dpi
    (pdftoppm) into `folder`, and how many pixels differ."""
    from PIL import Image, ImageChops

    for variant in ("fair", "forge"):
        (folder / variant).mkdir(parents=True, exist_ok=True)
        measure(variant, size, languages, core, keep=str(folder / variant))
    total = _pages(folder / "forge" / f"{languages[0]}.pdf") // 2
    if _pages(folder / "fair" / f"{languages[0]}.pdf") != 2 * total:
        print(f"the sides differ in sheets: fair {_pages(folder / 'fair' / f'{languages[0]}.pdf') // 2}, "
              f"forge {total}")
    sheets = sheets or total
    chosen = sorted({round(n * (total - 1) / max(1, sheets - 1)) for n in range(sheets)})
    pages = [page for sheet in chosen for page in (2 * sheet + 1, 2 * sheet + 2)]
    for variant in ("fair", "forge"):
        for lang in languages:
            for page in pages:
                subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", str(page), "-l", str(page), "-singlefile",
                                str(folder / variant / f"{lang}.pdf"), str(folder / variant / f"{lang}-{page:04d}")],
                               check=True)
    print(f"pages {', '.join(map(str, pages))} of {size} cards at 150 dpi, fair against forge "
          f"(PNGs in {folder}/fair and {folder}/forge):")
    for page in sorted((folder / "forge").glob("*.png")):
        theirs, ours = Image.open(folder / "fair" / page.name).convert("RGB"), Image.open(page).convert("RGB")
        diff = ImageChops.difference(theirs, ours).convert("L")
        histogram = diff.histogram()
        total = sum(histogram)
        off = sum(histogram[33:]) / total  # more than 32 of 255 apart in the brightest channel difference
        mean = sum(value * count for value, count in enumerate(histogram)) / total
        ImageChops.invert(diff).save(folder / f"diff-{page.name}")
        print(f"  {page.name}: {total - histogram[0]:7d} pixels differ at all, {off:6.2%} by more than 32/255, "
              f"mean difference {mean:.3f}/255")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="runs per variant, alternating the variants")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--languages", nargs="+", default=["de", "en"], choices=["de", "en"],
                        help="languages to make (default: both, as pnp cards does for every bundled game)")
    parser.add_argument("--baseline", type=Path, default=None, metavar="CHECKOUT",
                        help="also run forge as another checkout has it (e.g. the main branch), as `baseline`")
    parser.add_argument("--compare", type=Path, default=None, metavar="DIR",
                        help="render the first pages of both sides into DIR and print how much they differ")
    parser.add_argument("--sheets", type=int, default=4, metavar="N",
                        help="with --compare: how many sheets, spread over the deck, to render (0: all)")
    args = parser.parse_args()
    languages = tuple(args.languages)
    core = max(os.sched_getaffinity(0))  # every run on this one core
    if args.compare:
        compare(args.compare, args.cards, languages, core, args.sheets)
        return
    variants = [*args.variants, *(["baseline"] if args.baseline else [])]
    baseline = str(args.baseline.resolve()) if args.baseline else ""
    drawing = {v: Timings(v) for v in variants}
    process = {v: Timings(v) for v in variants}
    extra: dict[str, tuple[float, float]] = {}
    for _ in range(args.repeat):  # alternated, so a busy moment of the machine hits every variant
        for variant in variants:
            cpu, wall, process_cpu, process_wall, peak, kib = measure(variant, args.cards, languages, core,
                                                                      baseline=baseline)
            drawing[variant].add(cpu, wall)
            process[variant].add(process_cpu, process_wall)
            extra[variant] = (max(peak, extra.get(variant, (0.0, 0.0))[0]), kib)
    load = os.getloadavg()[0]
    print(f"{args.cards} cards in {' and '.join(languages)} (fronts and backs on A4 sheets), {args.repeat} runs each "
          f"on core {core}, load {load:.1f}, min / median / max")
    for variant in variants:
        rate = args.cards * len(languages) / statistics.median(drawing[variant].cpu)
        peak, kib = extra[variant]
        print(
            f"  {variant:<9} drawing CPU {spread(drawing[variant].cpu)} s"
            f"   process CPU {spread(process[variant].cpu)} s"
            f"   wall {spread(process[variant].wall)} s   {rate:6.0f} cards/CPU s   peak RSS {peak:4.0f} MB"
            f"   PDF {kib / 1024:5.1f} MB"
        )
    for subject in ("forge", "no-forms", "baseline"):
        if "fair" in drawing and subject in drawing:
            print(f"  {subject:<8} vs fair, drawing: {ratio(drawing['fair'], drawing[subject])}")
            print(f"  {subject:<8} vs fair, process: {ratio(process['fair'], process[subject])}")
    if "baseline" in drawing and "forge" in drawing:
        print(f"  forge    vs baseline, drawing: {ratio(drawing['baseline'], drawing['forge'])}")


if __name__ == "__main__":
    main()
