"""Every PDF the build writes is valid: qpdf finds nothing, poppler and Ghostscript render every page silently.

The games under content/ are built (every per-game step: cards, boards, tokens, print-shop and
calibration files, with a print-shop profile, PDF/X files and a back offset) into a temporary folder once;
every PDF found there is checked. The tools are
Debian's qpdf, poppler-utils and ghostscript (installed by .ci/run).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from generator.build import STEPS, BuildOptions
from generator.content.errors import ErrorList
from generator.content.library import resolve_games
from tests.layout.conftest import CONTENT, load_game

TOOLS = ("qpdf", "pdftoppm", "gs")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS),
                                 reason="needs qpdf, poppler-utils and ghostscript (apt-get install, see .ci/run)")]


PRINT_SHOP_GAME = "escape-earth"     # the print-shop files are one writer per design: one game shows them
PRINT_SHOP_SAMPLE = 3                # ... and the first designs of each of its folders are checked


@pytest.fixture(scope="module")
def built_pdfs(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("all-games")
    errors = ErrorList()
    for game in resolve_games(CONTENT, []):
        content = load_game(CONTENT, game, expect_cards=False)
        (out / game).mkdir()
        options = BuildOptions(profile="poker-2.5x3.5" if game == PRINT_SHOP_GAME else None, back_offset=(0.5, -0.5),
                               pdfx=game == PRINT_SHOP_GAME)
        for _, step in STEPS:
            step(content, out / game, options, errors)
    assert not errors, errors.as_text()
    pdfs = sorted(p for p in out.rglob("*.pdf") if "print-shop" not in p.parts)
    shop = sorted(p for p in out.rglob("*.pdf") if "print-shop" in p.parts)
    folders = sorted({p.parent for p in shop})
    return pdfs + [p for folder in folders for p in sorted(q for q in shop if q.parent == folder)[:PRINT_SHOP_SAMPLE]]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=300)


def test_the_build_writes_pdfs_of_every_kind(built_pdfs):
    names = {p.name for p in built_pdfs}
    for expected in ("cards-de-a4.pdf", "cards-en-letter.pdf", "cards-de-a4-gutterfold.pdf",
                     "duplex-calibration-en-letter.pdf", "cards-en-pod.pdf", "01-erde-x1.pdf", "tokens-en-a4.pdf",
                     "map-de-a4-tiled.pdf", "map-en-full.pdf", "rules-de-a4.pdf", "player-aid-en-letter.pdf",
                     "galaxy-poker.pdf", "galaxy-poker-pdfx.pdf"):
        assert expected in names


def test_qpdf_finds_no_problem(built_pdfs):
    for path in built_pdfs:
        result = _run("qpdf", "--check", str(path))
        assert result.returncode == 0 and "WARNING" not in result.stdout + result.stderr, (path.name, result.stdout,
                                                                                          result.stderr)


def test_poppler_renders_every_page_without_a_message(built_pdfs, tmp_path):
    for path in built_pdfs:
        result = _run("pdftoppm", "-r", "12", "-png", str(path), str(tmp_path / "page"))
        assert result.returncode == 0 and result.stderr == "", (path.name, result.stderr[:500])


def test_ghostscript_renders_every_page_without_a_message(built_pdfs):
    for path in built_pdfs:
        result = _run("gs", "-o", "/dev/null", "-sDEVICE=nullpage", "-dNOPAUSE", "-dBATCH", "-q", str(path))
        assert result.returncode == 0 and (result.stdout + result.stderr).strip() == "", (path.name,
                                                                                           result.stdout[:500])
