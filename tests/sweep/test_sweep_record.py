"""`pnp sweep --record`: the figures go into the game's balance/sweeps.json, and the designer site shows each
recorded sweep with its plot, everything from the record escaped and every number checked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.balance import SWEEPS_FILE
from tests.cli_in_process import run_pnp
from tests.site.conftest import REPO

OUTPOST = "cards[id=aussenposten].fields.build_cost"


@pytest.fixture
def content(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "content" / "escape-earth", tmp_path / "content" / "escape-earth")
    return tmp_path / "content"


def designer_pages(content: Path, tmp_path: Path) -> tuple[dict[str, str], dict[str, bytes]]:
    from generator.site.designer import designer_site

    errors = ErrorList()
    [game] = load_checked(content, ["escape-earth"], errors)
    site = designer_site(game, "en", ("de", "en"), tmp_path / "out", errors)
    assert not errors, errors.as_text()
    return site.tree.pages, {k: v for k, v in site.tree.files.items() if isinstance(v, bytes)}


def test_a_recorded_sweep_is_shown_on_the_designer_site_with_its_plot(content: Path, tmp_path: Path) -> None:
    pages, _ = designer_pages(content, tmp_path)
    assert "sweeps.md" not in pages  # nothing recorded: no page
    done = run_pnp("sweep", "escape-earth", "--vary", f"{OUTPOST}=2,5", "--games", "12", "--policy", "random",
                   "--jobs", "1", "--record", "--content", str(content), "--out", str(tmp_path / "report"))
    assert done.returncode == 0, done.stderr
    assert "designer site" in done.stdout
    recorded = json.loads((content / "escape-earth" / SWEEPS_FILE).read_text(encoding="utf-8"))
    [record] = recorded["sweeps"]
    assert [v["name"] for v in record["variants"]] == ["base", "build_cost=2", "build_cost=5"]
    assert "results" not in json.dumps(record)  # no per-game rows
    pages, files = designer_pages(content, tmp_path)
    page = pages["sweeps.md"]
    assert "cards\\[id=aussenposten\\].fields.build\\_cost" in page and "12 games per variant" in page
    assert "build\\_cost=5" in page and "![" in page
    [(plot_path, plot)] = [(k, v) for k, v in files.items() if k.startswith("sweeps/")]
    assert plot_path in page and plot.startswith(b"<svg") and b"<circle" in plot
    assert "sweeps.md" in json.dumps(designer_site_nav(content, tmp_path))


def designer_site_nav(content: Path, tmp_path: Path) -> object:
    from generator.site.designer import designer_site

    errors = ErrorList()
    [game] = load_checked(content, ["escape-earth"], errors)
    return designer_site(game, "en", ("de", "en"), tmp_path / "out", errors).config["nav"]


def test_a_record_is_escaped_and_one_whose_numbers_are_not_numbers_is_left_out(content: Path, tmp_path: Path) -> None:
    line = {"label": "won", "value": 0.5, "interval": [0.4, 0.6], "difference": 0.0, "difference_interval": [0, 0],
            "p_value": 1.0, "significant": False}
    evil = "<script>alert(1)</script>"
    good = {"id": "../../x<y>", "varies": [{"path": evil, "values": [1]}], "games": 10, "policy": evil, "seed": 0,
            "variants": [{"name": "base", "values": {}, "lines": [line]},
                         {"name": evil, "values": {evil: 1}, "lines": [{**line, "label": evil}]}]}
    bad = {**good, "id": "bad", "variants": [{"name": "base", "values": {}, "lines": [{**line, "value": "NaN"}]}]}
    target = content / "escape-earth" / SWEEPS_FILE
    target.write_text(json.dumps({"sweeps": [good, bad]}), encoding="utf-8")
    pages, files = designer_pages(content, tmp_path)
    page = pages["sweeps.md"]
    assert "<script" not in page and "&lt;script&gt;" in page
    assert page.count("## ") == 1  # the bad record is left out
    [(plot_path, plot)] = [(k, v) for k, v in files.items() if k.startswith("sweeps/")]
    assert "/" not in plot_path.split("/", 1)[1] and ".." not in plot_path
    assert b"<script" not in plot and b"&lt;script&gt;" in plot
