"""`pnp balance`: the declared batches are played, recorded in the game's folder and shown on its site page."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.balance import read_results, results_are_current
from generator.site.balance_page import balance_page, chart_png

REPO = Path(__file__).resolve().parents[2]


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture
def small_game(tmp_path: Path) -> Path:
    """A copy of Escape Earth whose balance section declares two quick batches."""
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "escape-earth", content / "escape-earth")
    game_yaml = content / "escape-earth" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    start = text.index("\nbalance:")
    end = text.index("\nglossary:")
    text = text[:start] + """
balance:
  - {id: random-beginner, label: {de: "Zufällig", en: "Random"}, policy: random, options: {variant: beginner}, games: 12, seed: 3}
  - {id: greedy-beginner, label: {de: "Gierig", en: "Greedy"}, policy: greedy, options: {variant: beginner}, games: 10, seed: 3}
""" + text[end:]
    game_yaml.write_text(text, encoding="utf-8")
    results = content / "escape-earth" / "balance" / "results.json"
    if results.exists():
        results.unlink()
    return content


def test_pnp_balance_records_every_declared_batch_with_what_it_was_played_with(small_game: Path, tmp_path: Path):
    run = pnp("balance", "escape-earth", "--content", str(small_game), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads((small_game / "escape-earth" / "balance" / "results.json").read_text())
    assert [r["id"] for r in data["runs"]] == ["random-beginner", "greedy-beginner"]
    assert data["runs"][0]["games"] == 12 and data["runs"][1]["games"] == 10
    assert data["runs"][0]["wins"] == 0                         # random play never escapes Earth
    assert data["engine"] == "escape-earth" and data["engine_version"]
    again = pnp("balance", "escape-earth", "--content", str(small_game), "--only", "random-beginner", cwd=tmp_path)
    assert again.returncode == 0
    assert json.loads((small_game / "escape-earth" / "balance" / "results.json").read_text()) == data

    errors = ErrorList()
    [content] = load_checked(small_game, ["escape-earth"], errors)
    assert results_are_current(content, read_results(content))


def test_an_unknown_batch_is_a_usage_error(small_game: Path, tmp_path: Path):
    run = pnp("balance", "escape-earth", "--content", str(small_game), "--only", "nope", cwd=tmp_path)
    assert run.returncode == 2 and "no balance run nope" in run.stderr


def test_the_balance_page_shows_the_figures_a_chart_and_says_when_they_are_stale(small_game: Path, tmp_path: Path):
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    errors = ErrorList()
    [content] = load_checked(small_game, ["escape-earth"], errors)
    data = {"engine_version": "0", "content_hash": "old", "runs": [
        {"id": "a", "label": {"de": "Gierig <b>x</b>", "en": "Greedy <b>x</b>"}, "policy": "greedy", "games": 100,
         "wins": 12, "win_rate": 0.12, "win_interval": [0.07, 0.2], "turns": {"mean": 17.5},
         "causes": {"chaos": {"rate": 0.8}, "ocean-planet": {"rate": 0.12}}}]}
    tree = DocsTree("en")
    site = GameSite(content, "en", tmp_path, tree)
    path = balance_page(site, data, current=False)
    page = tree.pages[path]
    assert "| Greedy &lt;b&gt;x&lt;/b&gt; | greedy | 100 | 12.0 % | 7.0 % – 20.0 % | 17.5 |" in page
    assert "earlier version of the rules" in page
    [png] = [p for p in tree.files if p.endswith(".png")]
    assert tree.files[png][:8] == b"\x89PNG\r\n\x1a\n"
    assert chart_png(data["runs"], "en") == chart_png(data["runs"], "en")   # deterministic bytes
    fresh = DocsTree("en")
    balance_page(GameSite(content, "en", tmp_path, fresh), data, current=True)
    assert "earlier version" not in next(iter(fresh.pages.values()))
