"""The `cards` build step: lay out every card once per language, then write sheets, POD, uploads and SVG faces.

Outputs under the game's staging folder (moved to output/<game>/ only if the whole build passes;
the names come from generator.output_files):
  cards-<lang>-<paper>.pdf        sheets with crop marks, a back page after each front page
  cards-<lang>-<paper>-gutterfold.pdf  fronts and backs side by side, folded (single-sided printers)
  duplex-calibration-<lang>-<paper>.pdf  one sheet that measures the printer's back-side shift
  ink-saver/cards-<lang>-<paper>[-gutterfold].pdf  the sheets' light versions (`--ink saver`, game.yaml
                                  `print.ink`; generator.drawing.ink)
  cards-<lang>-pod.pdf            one card per page, TrimBox/BleedBox set, front then back
                                  (at the print-shop profile's size when the build has one)
  pod/<lang>/<deck>-<size>.pdf    the same per deck and card size, in the profile's page order (back first
                                  for DriveThruCards); `-pdfx.pdf` beside it: CMYK PDF/X (generator.render.pod)
  print-shop/<profile>/<lang>/    with a profile: per design a PDF and front/back PNGs
  cards/<lang>/<id>-front.svg     one SVG per design and side, for the rules site
  cards/<lang>/<id>-back.svg
  cards/<lang>/cards.json         the gallery's index: names, kinds, counts, files, texts
  tts/<lang>/<deck>-*.png, .json  Tabletop Simulator: face sheets, back image, saved object per deck
                                  (unless `options.tts` is off: `pnp cards` without --tts)
A game without cards writes nothing. Layout problems become content errors with the card's
file:line, so the build fails and the previous output stays.
"""

from __future__ import annotations

import json
import shutil
from functools import partial
from pathlib import Path
from typing import Any

from generator import output_files as names
from generator.build_cache import active_cache, icons_digest, remembered_files
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Card
from generator.content.schema_version import version_line
from generator.drawing.ink import LightArt
from generator.forked import children_allowed
from generator.layout.engine import DECK_PREFIX, CardLayouts, LayoutProblem
from generator.layout.geometry import FaceLayout
from generator.layout.profiles import PrintProfile, profiles
from generator.layout.safe_zones import check_safe_zones
from generator.pool import run_all
from generator.render.calibration import write_calibration
from generator.render.ink import saver_deck, saver_wanted
from generator.render.parallel_layout import lay_out_faces
from generator.render.pdf_sheets import PrintCard, plan_sheets, write_gutterfold, write_pod, write_sheets
from generator.render.pdfx import PdfxUnavailable
from generator.render.pod import write_pods
from generator.render.print_shop import Design, write_uploads
from generator.render.sheet_plan import TOLERANCE, bleed_problems
from generator.render.svg import write_face_svg
from generator.render.tts import write_decks


def build_version(content: GameContent, lang: str, scope: str = "print") -> str:
    """What a printed sheet names as its version: the game's rules version and date (`Version 1.0 · 28
    November 2026`); a game without one is a draft named by the hash of the content as that language's sheets of this
    kind show it (`scope`, see generator.build_cache.SCOPES). An edit the sheet does not show (the German text,
    a rules page) leaves it byte-identical, so an incremental build need not draw it again."""
    from generator.build_cache import language_fingerprint

    version = content.game.version
    return version_line(version, lang, language_fingerprint(content, lang, scope)[:8] if version is None else "")


def ordered_cards(content: GameContent) -> list[Card]:
    """Cards by the order of their kinds in game.yaml, then as the card files list them."""
    order = {kind.id: i for i, kind in enumerate(content.game.kinds)}
    return sorted(content.cards, key=lambda c: order.get(c.kind, len(order)))


def report_problems(content: GameContent, problems: list[LayoutProblem], errors: ErrorList) -> None:
    """Turn layout problems into content errors; a mistake of the layout itself is reported once at its line,
    however many cards and languages it spoiled."""
    at_layout: dict[object, list[LayoutProblem]] = {}
    for problem in problems:
        if problem.layout_mark is None:
            report(content, problem, errors)
        else:
            at_layout.setdefault(problem.layout_mark, []).append(problem)
    for same in at_layout.values():
        report(content, same[0], errors, more=len({(p.card_id, p.kind_id, p.side, p.lang) for p in same}) - 1)


def report(content: GameContent, problem: LayoutProblem, errors: ErrorList, more: int = 0) -> None:
    """Turn a layout problem into a content error at the card's (or the layout's) file:line."""
    if problem.card_id:
        where = f"{content.id}: card '{problem.card_id}'"
    elif problem.kind_id.startswith(DECK_PREFIX):
        where = f"{content.id}: back of deck '{problem.kind_id.removeprefix(DECK_PREFIX)}'"
    else:
        where = f"{content.id}: back of kind '{problem.kind_id}'"
    message = f"{where}, {problem.side}, field '{problem.field}', {problem.lang}: {problem.message}"
    add = errors.warn if problem.severity == "warning" else errors.add  # a warning's card is drawn all the same
    if problem.layout_mark is not None:
        also = f" (and {more} more {'face' if more == 1 else 'faces'})" if more else ""
        add(problem.layout_mark, message + also, hint=problem.hint or "fix the layout file", code="layout")
        return
    if problem.card_id is None and problem.kind_id.startswith(DECK_PREFIX):
        index = next(i for i, d in enumerate(content.game.decks) if DECK_PREFIX + d.id == problem.kind_id)
        sub = ("decks", index, "back", "title", problem.lang) if content.game.decks[index].back.title else \
            ("decks", index, "name", problem.lang)
        add(content.mark_of("game", content.id, *sub), message, sub, hint=problem.hint, code="layout")
        return
    if problem.card_id is None:
        index = next(i for i, k in enumerate(content.game.kinds) if k.id == problem.kind_id)
        sub = ("kinds", index, "back", "title", problem.lang)
        add(content.mark_of("game", content.id, *sub), message, sub, hint=problem.hint, code="layout")
        return
    card = content.card(problem.card_id)
    side = ("back",) if problem.side == "back" and card.back is not None else ()
    sub = (*side, *problem.field.split("."), problem.lang)
    origin = content.origin("card", problem.card_id)
    path = (origin.path if origin else ()) + sub
    add(content.mark_of("card", problem.card_id, *sub), message, path, hint=problem.hint, code="layout")


def lay_out(layouts: CardLayouts, cards: list[Card], lang: str,
            workers: int = 1) -> list[tuple[Card, PrintCard]] | None:
    """Every design laid out in one language, on up to `workers` processes (generator.render.parallel_layout);
    None when a card could not be drawn (its problems are in `layouts.problems`, reported together by the caller)."""
    before = len(layouts.problems)
    designs: list[tuple[Card, PrintCard]] = []
    looks: dict[object, str] = {}
    for card, (front, back) in zip(cards, lay_out_faces(layouts, cards, lang, workers), strict=False):
        if front is not None and back is not None:
            designs.append((card, PrintCard(card.id, front, back, _back_group(layouts.content, card, back, looks))))
    return None if any(p.severity == "error" for p in layouts.problems[before:]) else designs


def _back_group(content: GameContent, card: Card, back: FaceLayout, looks: dict[object, str]) -> str:
    """What keeps cards apart on a sheet: their deck, unless the deck's back looks exactly like an earlier deck's
    (it cannot mark those cards, so the earlier deck's name stands for both). Cards of a double-sided kind each
    show their own back, and keep their deck."""
    deck = content.game.deck_of(card.kind).id
    if content.game.kind(card.kind).double_sided:
        return deck
    return looks.setdefault((tuple(back.frame), tuple(back.items)), deck)


def print_profile(content: GameContent, options) -> PrintProfile | None:
    """The print-shop profile of this build: `--profile`, else the game's `print_profile`, else none."""
    chosen = getattr(options, "profile", None) or content.game.print_profile
    return profiles()[chosen] if chosen else None


def render_cards(content: GameContent, out_dir: Path, options, errors: ErrorList) -> list[Path]:
    """The build step (see module docstring). Returns the files written.

    With `options.workers` above 1 (cores that would idle) and several languages, each language is
    made in a pool's forked worker (generator.pool) beside the others, and each shares out its layout
    (generator.render.parallel_layout); what is written is the same as in one process."""
    cards = ordered_cards(content)
    if not cards:
        return []
    profile = print_profile(content, options)
    layouts = CardLayouts(content, errors)
    shop_layouts = CardLayouts(content, errors, profile) if profile else None
    workers = getattr(options, "workers", 1)
    languages = tuple(options.languages)
    side_by_side = workers > 1 and len(languages) > 1 and children_allowed() and active_cache() is None
    if side_by_side:  # layout files load (and report their errors) once, and fonts register, before the fork
        for warm in (layouts, shop_layouts):
            if warm is not None:
                warm.warm_up(cards, languages[0])
    each = max(1, workers // len(languages)) if side_by_side else workers
    made = [partial(_render_language, content, cards, out_dir, options, lang, profile, layouts, shop_layouts, each,
                    errors) for lang in languages]
    results = run_all(made, len(made)) if side_by_side else [make() for make in made]
    written: list[Path] = []
    problems: list[LayoutProblem] = []
    shop_problems: list[LayoutProblem] = []
    for files, found, shop_found, more_errors in results:
        written += files
        problems += found
        shop_problems += shop_found
        if side_by_side:  # a worker's; this process's own are in `errors` already
            errors.extend(more_errors)
    report_problems(content, problems + shop_problems, errors)
    if profile is not None and not errors:  # the profile's text is checked as laid out; its other key elements here
        check_safe_zones(content, cards, errors, declared=profile.id, only_declared=True, text=False)
    return written


Rendered = tuple[list[Path], list[LayoutProblem], list[LayoutProblem], list]


def _render_language(content: GameContent, cards: list[Card], out_dir: Path, options, lang: str,
                     profile: PrintProfile | None, layouts: CardLayouts, shop_layouts: CardLayouts | None,
                     workers: int, errors: ErrorList) -> Rendered:
    """One language's files, its layout problems (at the cards' sizes, at the profile's) and the errors it
    added to `errors` (the layouts' own list: a layout file found broken)."""
    problems_at, errors_at = len(layouts.problems), len(errors.errors)
    shop_problems_at = len(shop_layouts.problems) if shop_layouts else 0
    written: list[Path] = []
    designs = lay_out(layouts, cards, lang, workers)
    shop_designs = lay_out(shop_layouts, cards, lang, workers) if shop_layouts else designs
    if not errors and designs and shop_designs:
        check_decks_apart(content, [printed for card, printed in designs for _ in range(card.count)], options.papers,
                          errors)
    if not errors and designs and shop_designs:
        written += _write_prints(content, out_dir, options, lang, designs, shop_designs, profile)
        written += _write_pods(content, out_dir, options, lang, shop_designs, profile, errors)
        written += _write_faces(content, out_dir, lang, designs)
        if getattr(options, "tts", True):
            written += write_decks(content, out_dir, lang, designs, tts_base(content, options))
    shop_found = shop_layouts.problems[shop_problems_at:] if shop_layouts else []
    return written, layouts.problems[problems_at:], shop_found, errors.errors[errors_at:]


def check_decks_apart(content: GameContent, deck: list[PrintCard], papers: tuple[str, ...] | list[str],
                      errors: ErrorList) -> None:
    """Refuse sheets on which a card cut TOLERANCE off could show another deck's back (a marked card) or bare
    paper: one error per deck and sheet, at the deck's (or its kind's) line in game.yaml."""
    game = content.game
    for paper in papers:
        for folded in (False, True):
            sheets = plan_sheets(deck, paper, folded=folded)
            reported: set[tuple[int, str]] = set()
            for problem in bleed_problems([plan for plan, _ in sheets]):
                if (problem.sheet, problem.deck) in reported:
                    continue
                reported.add((problem.sheet, problem.deck))
                card = sheets[problem.sheet - 1][1][problem.card]
                what = f"deck '{problem.other}'" if problem.other else "bare paper"
                kind = "gutterfold sheet" if folded else "sheet"
                side = "" if folded else " (back)" if problem.back else " (front)"
                declared = next((i for i, d in enumerate(game.decks) if d.id == problem.deck), None)
                sub: tuple[str | int, ...] = ("decks", declared) if declared is not None else \
                    ("kinds", next(i for i, k in enumerate(game.kinds) if k.id == problem.deck))
                errors.add(content.mark_of("game", content.id, *sub),
                           f"{content.id}: deck '{problem.deck}' on {paper} {kind} {problem.sheet}{side}: card "
                           f"'{card.card_id}' cut {TOLERANCE:g} mm off could show {what}", sub,
                           hint="cards of different decks must not touch on a sheet; this is a bug in pnp-forge's "
                                "imposition, please report it", code="imposition")


def tts_base(content: GameContent, options) -> str:
    """The prefix of image URLs in Tabletop Simulator objects: the game's output folder's address, or none."""
    url = getattr(options, "tts_url", None)
    return f"{url.rstrip('/')}/{content.id}/" if url else ""


def _write_prints(content: GameContent, out_dir: Path, options, lang: str, designs: list[tuple[Card, PrintCard]],
                  shop_designs: list[tuple[Card, PrintCard]], profile: PrintProfile | None) -> list[Path]:
    title = content.game.title.get(lang)
    deck = [printed for card, printed in designs for _ in range(card.count)]
    written: list[Path] = []
    for paper in options.papers:
        path = out_dir / names.card_sheets(lang, paper)
        write_sheets(path, deck, paper, content.icons, title, lang, cut_lines=options.cut_lines,
                     version=build_version(content, lang), back_offset=getattr(options, "back_offset", (0.0, 0.0)))
        written.append(path)
        calibration = out_dir / names.duplex_calibration(lang, paper)
        shift = getattr(options, "back_offset", (0.0, 0.0))
        version = build_version(content, lang)  # the only part of the game the sheet shows
        written += remembered_files(("duplex-calibration", lang, paper, version, shift), out_dir,
                                    partial(_write_calibration, calibration, paper, lang, version, shift))
        fold = out_dir / names.gutterfold(lang, paper)
        write_gutterfold(fold, deck, paper, content.icons, title, lang, version=build_version(content, lang))
        written.append(fold)
    if saver_wanted(content, options):
        written += _write_saver_sheets(content, out_dir, options, lang, deck)
    pod = out_dir / names.card_pod(lang)
    write_pod(pod, [printed for card, printed in shop_designs for _ in range(card.count)], content.icons, title)
    written.append(pod)
    if profile is not None:
        uploads = [Design(card.id, card.count, printed) for card, printed in shop_designs]
        written.extend(write_uploads(out_dir, uploads, profile, lang, content.icons, title))
    return written


def _write_saver_sheets(content: GameContent, out_dir: Path, options, lang: str, deck: list[PrintCard]) -> list[Path]:
    """The sheets and gutterfold sheets in the ink saver's light version, imposed as the designed ones (their art
    drawn from light copies made for the while)."""
    title = content.game.title.get(lang)
    (out_dir / names.INK_SAVER).mkdir(exist_ok=True)
    art = LightArt(out_dir / names.ink_saver(f".art-{lang}"), content.icons)
    written: list[Path] = []
    try:
        deck = saver_deck(deck, art)
        for paper in options.papers:
            path = out_dir / names.ink_saver(names.card_sheets(lang, paper))
            write_sheets(path, deck, paper, art.icons, title, lang, cut_lines=options.cut_lines,
                         version=build_version(content, lang), back_offset=getattr(options, "back_offset", (0.0, 0.0)))
            fold = out_dir / names.ink_saver(names.gutterfold(lang, paper))
            write_gutterfold(fold, deck, paper, art.icons, title, lang, version=build_version(content, lang))
            written += [path, fold]
    finally:
        shutil.rmtree(art.folder, ignore_errors=True)
    return written


def _write_pods(content: GameContent, out_dir: Path, options, lang: str, shop_designs: list[tuple[Card, PrintCard]],
               profile: PrintProfile | None, errors: ErrorList) -> list[Path]:
    """The print-on-demand files per deck and size (generator.render.pod); Ghostscript missing for a PDF/X variant
    is an error of the build, said in one sentence."""
    try:
        return write_pods(out_dir, content, lang, shop_designs, profile, getattr(options, "pdfx", False))
    except PdfxUnavailable as exc:
        errors.add(content.mark_of("game", content.id), f"{content.id}: {exc}",
                   hint="build without --pdfx and without a CMYK profile, or install Ghostscript", code="pdfx")
        return []


def _write_faces(content: GameContent, out_dir: Path, lang: str, designs: list[tuple[Card, PrintCard]]) -> list[Path]:
    """SVG faces for the site and the gallery's index."""
    svg_dir = out_dir / names.card_faces(lang)
    svg_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    index = []
    icons = icons_digest(content)
    for card, printed in designs:
        kind = content.game.kind(card.kind)
        faces: dict[str, dict[str, Any]] = {}
        entry = {"id": card.id, "kind": kind.id, "kind_name": kind.name.get(lang), "count": card.count,
                 "name": card.name.get(lang), "faces": faces}
        # a rebuild draws again only the faces of cards that changed (what is drawn is in the printed faces)
        written += remembered_files(("svg-faces", content.id, lang, card.id, icons, repr(printed.front),
                                     repr(printed.back)), out_dir, partial(_write_card_svgs, content, out_dir, lang,
                                                                           card.id, printed))
        for side, face in (("front", printed.front), ("back", printed.back)):
            faces[side] = {"file": Path(names.card_face(lang, card.id, side)).name, "title": face.title,
                           "texts": [{"field": t.field, "text": t.text} for t in face.texts]}
        index.append(entry)
    index_path = out_dir / names.card_index(lang)
    index_path.write_text(json.dumps({"game": content.id, "lang": lang, "cards": index}, indent=2,
                                     ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(index_path)
    return written


def _write_card_svgs(content: GameContent, out_dir: Path, lang: str, card_id: str, printed: PrintCard) -> list[Path]:
    """One design's front and back as SVG."""
    written: list[Path] = []
    for side, face in (("front", printed.front), ("back", printed.back)):
        path = out_dir / names.card_face(lang, card_id, side)
        write_face_svg(path, face, content.icons, face.title, card_id, side)
        written.append(path)
    return written


def _write_calibration(path: Path, paper: str, lang: str, version: str, shift: tuple[float, float]) -> list[Path]:
    return [write_calibration(path, paper, lang, version, shift)]
