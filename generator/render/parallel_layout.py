"""A deck's faces laid out on every idle core: runs of cards in a pool's forked workers.

Laying out a face (its layout's templates evaluated, its text fitted) is pure Python and is
most of what `pnp cards` and `pnp check` spend on a big deck, and no card's faces depend on
another's. With more than one worker the cards are cut into runs in deck order: this process
lays out the first card, the workers of a pool (generator.pool) each run, and their faces come
back pickled. What a PDF shares between faces is found by value
(generator.drawing.pdf), never by object identity across cards, so the files are byte for byte
the ones a single process makes (tests/render/test_parallel_layout.py).

A worker starts with what this process has warmed (compiled layouts, font metrics): the first
card is laid out before any worker is forked. A deck too small to repay a fork stays here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from generator.content.schema import Card
from generator.forked import children_allowed
from generator.layout.engine import CardLayouts, LayoutProblem
from generator.layout.geometry import FaceLayout
from generator.pool import run_all

MIN_CARDS_PER_WORKER = 150  # below this a child's start and the pickling cost more than its share saves

Faces = list[tuple[FaceLayout | None, FaceLayout | None]]


def worker_count(cards: int, workers: int) -> int:
    """Workers worth using for `cards` cards when `workers` are free."""
    return max(1, min(workers, cards // MIN_CARDS_PER_WORKER))


def _lay_out_run(layouts: CardLayouts, cards: Sequence[Card], lang: str) -> tuple[Faces, list[LayoutProblem]]:
    """Front and back of each card (None where one could not be drawn) and the problems found doing it."""
    before = len(layouts.problems)
    faces = [(layouts.front(card, lang), layouts.back(card, lang)) for card in cards]
    return faces, layouts.problems[before:]


def _runs(count: int, workers: int) -> list[tuple[int, int]]:
    """`workers` runs of near-equal length covering 0..count in order."""
    bounds = [count * share // workers for share in range(workers + 1)]
    return [(bounds[i], bounds[i + 1]) for i in range(workers)]


def lay_out_faces(layouts: CardLayouts, cards: Sequence[Card], lang: str, workers: int = 1) -> Faces:
    """(front, back) of every card in order, on up to `workers` processes; problems go to `layouts.problems`
    in the order one process would have found them."""
    workers = worker_count(len(cards), workers) if children_allowed() else 1
    if workers == 1:
        return _lay_out_run(layouts, cards, lang)[0]
    faces, _ = _lay_out_run(layouts, cards[:1], lang)  # warms what every child needs, before the fork
    runs = [partial(_lay_out_run, layouts, cards[1 + start:1 + end], lang)
            for start, end in _runs(len(cards) - 1, workers)]
    for more, problems in run_all(runs, workers):
        faces += more
        layouts.problems.extend(problems)
    return faces
