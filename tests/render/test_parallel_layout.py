"""A big deck laid out on several processes gives the very files, faces and problems one process gives."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator import pool
from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.content.schema import Text
from generator.forked import children_allowed
from generator.layout.engine import CardLayouts
from generator.render.cards_step import lay_out, ordered_cards, render_cards
from generator.render.parallel_layout import MIN_CARDS_PER_WORKER, _runs, lay_out_faces, worker_count
from generator.render.pdf_sheets import write_sheets

needs_two_cores = pytest.mark.skipif(children_allowed() < 2, reason="forked workers need two cores and Linux")


def big_deck(content, size: int, overflow_at: tuple[int, ...] = ()):
    """Escape Earth with `size` distinct cards; those at `overflow_at` get a name far too long for the title."""
    designs = content.cards
    cards = []
    for n in range(size):
        base = designs[n % len(designs)]
        suffix = " and a name that no title line could ever hold" * 6 if n in overflow_at else ""
        name = Text(de=f"{base.name.de} {n + 1}{suffix}", en=f"{base.name.en} {n + 1}{suffix}")
        cards.append(base.model_copy(update={"id": f"{base.id}-{n + 1}", "name": name, "count": 1}))
    return dataclasses.replace(content, cards=cards)


@pytest.fixture
def forks(monkeypatch) -> list[int]:
    """Counts the pools of forked workers the layout starts."""
    started: list[int] = []
    real = pool.Pool

    def counting(*args, **kwargs):
        started.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pool, "Pool", counting)
    return started


def test_runs_cover_the_deck_in_order_with_near_equal_shares():
    assert _runs(10, 3) == [(0, 3), (3, 6), (6, 10)]
    assert _runs(7, 1) == [(0, 7)]
    assert worker_count(MIN_CARDS_PER_WORKER * 2 - 1, 8) == 1
    assert worker_count(MIN_CARDS_PER_WORKER * 3, 2) == 2
    assert worker_count(10_000, 1) == 1


@needs_two_cores
def test_sheets_from_two_workers_are_byte_for_byte_those_of_one(escape_earth_content, forks, tmp_path):
    content = big_deck(escape_earth_content, 2 * MIN_CARDS_PER_WORKER + 20)
    cards = ordered_cards(content)
    files = []
    for workers in (1, 2):
        layouts = CardLayouts(content, ErrorList())
        designs = lay_out(layouts, cards, "en", workers)
        assert designs is not None and not layouts.problems
        assert [card.id for card, _ in designs] == [card.id for card in cards]
        path = tmp_path / f"sheets-{workers}.pdf"
        write_sheets(path, [printed for _, printed in designs], "a4", content.icons, "test", "en")
        files.append(path.read_bytes())
    assert len(forks) == 1  # the second run shared out the layout on a pool; the first did not
    assert files[0] == files[1]


@needs_two_cores
def test_problems_found_in_a_child_are_reported_in_deck_order(escape_earth_content, forks):
    size = 2 * MIN_CARDS_PER_WORKER + 20
    content = big_deck(escape_earth_content, size, overflow_at=(5, size - 3))
    cards = ordered_cards(content)
    alone = CardLayouts(content, ErrorList())
    one = lay_out_faces(alone, cards, "en", 1)
    shared = CardLayouts(content, ErrorList())
    two = lay_out_faces(shared, cards, "en", 2)
    assert len(forks) == 1
    named = [problem.card_id for problem in shared.problems]
    too_long = [card.id for card in cards if "could ever hold" in card.name.en]
    assert cards.index(next(c for c in cards if c.id == too_long[-1])) > size // 2  # found by the child
    assert sorted(set(named), key=named.index) == too_long  # in deck order
    assert shared.problems == alone.problems
    assert two == one


def test_a_small_deck_is_laid_out_without_a_fork(escape_earth_content, forks):
    content = big_deck(escape_earth_content, MIN_CARDS_PER_WORKER)
    layouts = CardLayouts(content, ErrorList())
    faces = lay_out_faces(layouts, ordered_cards(content), "en", 8)
    assert len(faces) == MIN_CARDS_PER_WORKER and forks == []


def _files(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.mark.slow
@needs_two_cores
def test_languages_made_side_by_side_write_the_files_one_process_writes(escape_earth_content, forks, tmp_path):
    made = {}
    for workers in (1, 2):
        out = tmp_path / f"workers-{workers}"
        out.mkdir()
        errors = ErrorList()
        written = render_cards(escape_earth_content, out, BuildOptions(workers=workers), errors)
        assert not errors, errors.as_text()
        assert sorted(written) == sorted(path for path in out.rglob("*") if path.is_file())
        made[workers] = _files(out)
    assert len(forks) == 1  # the languages side by side; the deck is too small to share out its layout
    assert any(name.startswith("cards-en") for name in made[2]) and any(name.startswith("cards-de") for name in made[2])
    assert made[1] == made[2]


@pytest.mark.slow
@needs_two_cores
def test_a_problem_of_the_language_made_in_a_child_is_reported_as_one_process_reports_it(escape_earth_content,
                                                                                         forks, tmp_path):
    first = escape_earth_content.cards[0]
    too_long = first.model_copy(update={"name": Text(de=first.name.de, en="A name far too long " * 12)})
    content = dataclasses.replace(escape_earth_content, cards=[too_long, *escape_earth_content.cards[1:]])
    reports = []
    for workers in (1, 2):
        errors = ErrorList()
        (tmp_path / f"w{workers}").mkdir()
        written = render_cards(content, tmp_path / f"w{workers}", BuildOptions(workers=workers), errors)
        assert errors and not any("cards-en" in path.name for path in written)
        reports.append(errors.as_text())
    assert len(forks) == 1
    assert reports[0] == reports[1] and "name.en]" in reports[0] and "does not fit" in reports[0]


def test_idle_cores_leave_out_what_runs_now(monkeypatch):
    import builtins
    import io

    from generator import pool

    monkeypatch.setattr(pool, "children_allowed", lambda: 4)
    real_open = builtins.open

    def loadavg(running: int):
        def fake(path, *args, **kwargs):
            if path == "/proc/loadavg":
                return io.StringIO(f"3.90 3.10 2.00 {running}/412 99999\n")
            return real_open(path, *args, **kwargs)
        return fake

    monkeypatch.setattr(builtins, "open", loadavg(1))  # only this process runs: every core is free
    assert pool.idle_cores() == 4
    monkeypatch.setattr(builtins, "open", loadavg(3))  # two others run now
    assert pool.idle_cores() == 2
    monkeypatch.setattr(builtins, "open", loadavg(9))
    assert pool.idle_cores() == 1
