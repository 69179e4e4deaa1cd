"""`pnp balance`: the declared batches are played, recorded in the game's folder and shown on its site page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.balance import read_results, results_are_current
from generator.site.balance_page import balance_page, chart_svg
from tests.cli_in_process import run_pnp

REPO = Path(__file__).resolve().parents[2]


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_pnp(*args, cwd=cwd)


@pytest.fixture
def small_game(tmp_path: Path) -> Path:
    """A copy of Escape Earth whose balance section declares two quick batches."""
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "escape-earth", content / "escape-earth")
    game_yaml = content / "escape-earth" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    start = text.index("\nbalance:")
    end = text.index("\nglossary:")
    text = (
        text[:start]
        + """
balance:
  - {id: random-beginner, label: {de: "Zufällig", en: "Random"}, policy: random, \
options: {variant: beginner}, games: 12, seed: 3}
  - {id: greedy-beginner, label: {de: "Gierig", en: "Greedy"}, policy: greedy, \
options: {variant: beginner}, games: 10, seed: 3}
"""
        + text[end:]
    )
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
    [svg] = [p for p in tree.files if p.startswith("balance/")]
    assert svg == "balance/win-rates-en.svg" and f"![Win rate per batch with 95 % interval]({svg})" in page
    chart = ElementTree.fromstring(tree.files[svg])                     # well-formed, the label escaped
    assert "Greedy <b>x</b>" in [t.text for t in chart.iter("{http://www.w3.org/2000/svg}text")]
    assert chart_svg(data["runs"], "en") == chart_svg(data["runs"], "en")   # deterministic bytes
    fresh = DocsTree("en")
    balance_page(GameSite(content, "en", tmp_path, fresh), data, current=True)
    assert "earlier version" not in next(iter(fresh.pages.values()))


def test_card_figures_count_takers_once_per_game_and_weigh_them_against_every_players_rate():
    from generator.rules.simulate import GameResult, card_figures

    results = [GameResult(1, True, "score", 10, 30, winners=(0,), scores=(5, 3), taken=(("a", "a", "b"), ("b",))),
               GameResult(2, True, "score", 10, 30, winners=(1,), scores=(2, 4), taken=(("b",), ("c",))),
               GameResult(3, True, "score", 10, 30, winners=(0, 1), scores=(4, 4), taken=((), ("a",)))]
    rows = {r["card"]: r for r in card_figures(results)}
    assert rows["a"]["games"] == 2 and rows["a"]["copies"] == 3 and rows["a"]["takers"] == 2
    assert rows["a"]["taker_wins"] == 2 and rows["a"]["win_rate"] == 1.0
    assert rows["b"]["games"] == 2 and rows["b"]["takers"] == 3 and rows["b"]["taker_wins"] == 1
    assert rows["c"]["taker_wins"] == 1
    assert rows["a"]["baseline"] == round(4 / 6, 4)            # 4 winning player-games of 6
    assert [r["card"] for r in card_figures(results)] == ["a", "c", "b"]   # best takers' rate first


def test_group_figures_count_each_player_once_per_group_and_compare_winners_cards_with_the_others():
    from generator.rules.simulate import GameResult, group_figures, summarize, wilson

    groups = {"a": ("x", "y"), "b": ("x",), "c": ("y", "y"), "d": ()}
    results = [GameResult(1, True, "score", 10, 30, winners=(0,), scores=(5, 3), taken=(("a", "a", "b"), ("b",))),
               GameResult(2, True, "score", 10, 30, winners=(1,), scores=(2, 4), taken=(("b",), ("c", "z"))),
               GameResult(3, True, "score", 10, 30, winners=(0, 1), scores=(4, 4), taken=((), ("a", "d"))),
               GameResult(4, False, "unfinished", 99, 300)]          # no results: no players
    rows = group_figures(results, groups)
    assert [r["group"] for r in rows] == ["y", "x"]                  # best players' rate first
    x, y = rows[1], rows[0]
    assert (x["players"], x["player_wins"], x["win_rate"]) == (4, 2, 0.5)       # 4 of 6 player-games played x
    assert (y["players"], y["player_wins"], y["win_rate"]) == (3, 3, 1.0)       # "y" twice on c counts once
    assert x["player_rate"] == round(4 / 6, 4) and y["player_rate"] == 0.5
    assert x["baseline"] == y["baseline"] == round(4 / 6, 4)                    # 4 winners among 6 players
    assert y["interval"] == [round(v, 4) for v in wilson(3, 3)]
    assert (x["winner_mean"], x["other_mean"]) == (1.0, 1.0)        # winners 3 + 0 + 0 + 1 of 4; others 1 + 1 of 2
    assert (y["winner_mean"], y["other_mean"]) == (1.0, 0.0)        # winners 2 + 1 + 0 + 1 of 4
    assert group_figures(results, {}) == []
    summary = summarize("g", "greedy", {}, 0, results, cooperative=False, groups=groups)
    assert summary.as_json()["groups"] == rows


def test_a_competitive_game_shows_seat_rates_and_the_cards_winners_took(tmp_path: Path):
    from generator.rules.registry import make_game
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["habitable"], errors)
    card = content.cards[0].id
    seats = [{"seat": 1, "wins": 30, "rate": 0.3, "interval": [0.22, 0.39]},
             {"seat": 2, "wins": 72, "rate": 0.72, "interval": [0.62, 0.80]}]
    cards = [{"card": card, "games": 40, "game_rate": 0.4, "copies": 44, "takers": 41, "taker_wins": 30,
              "win_rate": 0.7317, "interval": [0.58, 0.84], "baseline": 0.51},
             {"card": "$x$ <script>", "games": 3, "game_rate": 0.03, "copies": 3, "takers": 3, "taker_wins": 0,
              "win_rate": 0.0, "interval": [0.0, 0.56], "baseline": 0.51}]
    data = {"runs": [{"id": "mcts-4", "label": {"de": "Gierig, 2", "en": "Greedy, 2"}, "policy": "greedy",
                      "games": 100, "wins": 100, "win_rate": 1.0, "win_interval": [0.96, 1.0], "cooperative": False,
                      "turns": {"mean": 41.2}, "seats": seats, "cards": cards}]}
    tree = DocsTree("en")
    game = make_game(content, {})
    path = balance_page(GameSite(content, "en", tmp_path, tree), data, current=True,
                        name_of=game.presentation.taken_name)
    page = tree.pages[path]
    assert "| Greedy, 2 | greedy | 2 | 100 | 41.2 | 30.0 % (22.0 % – 39.0 %) | 72.0 % (62.0 % – 80.0 %) |" in page
    title = game.presentation.taken_name(card, "en")
    assert title != card
    assert f"| {title} | 40 (40.0 %) | 41 | 30 (73.2 %) | 58.0 % – 84.0 % |" in page
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert '??? info "Cards taken: Greedy, 2"' in page
    assert "every player's win rate (51.0 %)" in page
    charts = sorted(p for p in tree.files if p.startswith("balance/"))
    assert [p.rsplit("/", 1)[-1] for p in charts] == ["cards-mcts-4-en.svg", "seats-en.svg"]
    note = next(run.note for run in content.game.balance if run.id == "mcts-4")
    plain = re.sub(r"</?abbr[^>]*>", "", page)                   # glossary terms in it carry their tooltip
    assert f"- **Greedy, 2**: {note.en}" in plain                # the designer's words from game.yaml
    assert all(ElementTree.fromstring(tree.files[p]).tag == "{http://www.w3.org/2000/svg}svg" for p in charts)
    assert "Tags played" not in page                              # figures without `groups`: no tag rows


def test_the_balance_page_shows_the_tags_winners_played_named_by_the_game_with_a_chart(tmp_path: Path):
    from generator.rules.registry import make_game
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["terraforming-mars"], errors)
    seats = [{"seat": 1, "wins": 50, "rate": 0.5, "interval": [0.4, 0.6]},
             {"seat": 2, "wins": 50, "rate": 0.5, "interval": [0.4, 0.6]}]
    groups = [{"group": "jovian", "players": 40, "player_rate": 0.2, "player_wins": 30, "win_rate": 0.75,
               "interval": [0.6, 0.86], "baseline": 0.5, "winner_mean": 1.25, "other_mean": 0.4},
              {"group": "$x$ <b>|", "players": 3, "player_rate": 0.015, "player_wins": 0, "win_rate": 0.0,
               "interval": [0.0, 0.56], "baseline": 0.5, "winner_mean": 0.0, "other_mean": 0.02}]
    data = {"runs": [{"id": "greedy-2", "label": {"de": "Gierig, 2", "en": "Greedy, 2"}, "policy": "greedy",
                      "games": 100, "wins": 100, "win_rate": 1.0, "win_interval": [0.96, 1.0], "cooperative": False,
                      "turns": {"mean": 19.0}, "seats": seats, "cards": [], "groups": groups}]}
    game = make_game(content, {})
    pages = {}
    for lang in ("de", "en"):
        tree = DocsTree(lang)
        path = balance_page(GameSite(content, lang, tmp_path, tree), data, current=True,
                            name_of=game.presentation.taken_name, group_name=game.presentation.group_name)
        pages[lang] = re.sub(r"</?abbr[^>]*>", "", tree.pages[path])
        chart = ElementTree.fromstring(tree.files[f"balance/tags-greedy-2-{lang}.svg"])
        assert "$x$ <b>|" in [t.text for t in chart.iter("{http://www.w3.org/2000/svg}text")]
        assert "icons/jovian.svg" in tree.files
    en, de = pages["en"], pages["de"]
    assert '??? info "Tags played: Greedy, 2"' in en and '??? info "Gespielte Symbole: Gierig, 2"' in de
    assert "![Players' win rate per tag with 95 % interval](balance/tags-greedy-2-en.svg)" in en
    assert ("    | ![Jupiter](icons/jovian.svg){ .pnp-icon } Jupiter | 40 (20.0 %) | 30 (75.0 %) "
            "| 60.0 % – 86.0 % | 1.25 | 0.40 |") in en
    assert "<b>" not in en
    assert r"    | $x$ &lt;b&gt;\| | 3 (1.5 %) | 0 (0.0 %) | 0.0 % – 56.0 % | 0.00 | 0.02 |" in en   # no word, no icon
    assert "every player's win rate (50.0 %)" in en
    assert (
        "| Symbol | Spieler damit | davon gewonnen | 95-%-Intervall | Karten je Gewinner | je anderem Spieler |" in de
    )


def _games_with_balance() -> list[str]:
    return sorted(p.parent.name for p in (REPO / "content").glob("*/game.yaml") if "\nbalance:" in p.read_text("utf-8"))


@pytest.mark.parametrize("game", _games_with_balance())
def test_every_bundled_game_records_the_figures_of_every_batch_it_declares_for_its_current_rules(game: str):
    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    data = read_results(content)
    assert data is not None, f"run: pnp balance {game}"
    assert [r["id"] for r in data["runs"]] == [run.id for run in content.game.balance]
    assert results_are_current(content, data), f"the figures are older than the rules: pnp balance {game}"
    for run, figures in zip(content.game.balance, data["runs"], strict=False):
        assert figures["games"] == run.games and figures["policy"] == run.policy
    from generator.rules.registry import make_game

    engine = make_game(content, {})
    if engine.card_groups() and not engine.cooperative:       # an engine that groups cards records the groups
        assert all(figures.get("groups") for figures in data["runs"]), f"no group figures: pnp balance {game}"


def test_the_balance_page_shows_shared_wins_apart_from_outright_ones_and_old_figures_as_they_were(tmp_path: Path):
    from generator.rules.simulate import GameResult, summarize
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["habitable"], errors)
    results = [GameResult(i, True, "score", 20, 60, w, (1.0, 1.0))
               for i, w in enumerate([(0,)] * 5 + [(1,)] * 3 + [(0, 1)] * 2)]
    run = summarize("habitable", "greedy", {}, 0, results, cooperative=False).as_json()
    run.update({"id": "greedy-2", "label": {"de": "Gierig, 2", "en": "Greedy, 2"}})
    tree = DocsTree("en")
    page = tree.pages[balance_page(GameSite(content, "en", tmp_path, tree), {"runs": [run]}, current=True)]
    assert "wins alone, and apart from them shared wins" in page and "add up to at most 100 %" in page
    assert "| Greedy, 2 | greedy | 2 | 10 | 20.0 | 50.0 % (" in page       # seat 1: 5 of 10 alone
    assert "%), 20.0 % shared | 30.0 % (" in page                         # ... and 2 of 10 shared; seat 2: 3 alone
    assert "| Seat 1 | Seat 2 |" in page and "Seat 0" not in page        # seats from 0 in the figures, from 1 here
    old = dict(run, seats=[{"seat": 1, "wins": 7, "rate": 0.7, "interval": [0.4, 0.89]},
                           {"seat": 2, "wins": 5, "rate": 0.5, "interval": [0.24, 0.76]}])
    del old["ties"]                                                       # figures recorded before ties counted apart
    tree = DocsTree("en")
    page = tree.pages[balance_page(GameSite(content, "en", tmp_path, tree), {"runs": [old]}, current=True)]
    assert "the seats add up to a little over 100 %" in page and "shared" not in page
    assert "| 70.0 % (40.0 % – 89.0 %) | 50.0 % (24.0 % – 76.0 %) |" in page


def test_a_page_of_split_and_older_figures_names_the_batches_whose_ties_count_for_each_seat(tmp_path: Path):
    from generator.rules.simulate import GameResult, summarize
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["habitable"], errors)
    results = [GameResult(i, True, "score", 20, 60, w, (1.0, 1.0)) for i, w in enumerate([(0,), (0, 1)])]
    new = dict(summarize("habitable", "greedy", {}, 0, results, cooperative=False).as_json(), id="greedy-2",
               label={"de": "Gierig, 2", "en": "Greedy, 2"})
    old = dict(new, id="mcts-2", label={"de": "Baumsuche, 2", "en": "Tree search, 2"}, policy="mcts:50",
               seats=[{"seat": 1, "wins": 2, "rate": 1.0, "interval": [0.34, 1.0]},
                      {"seat": 2, "wins": 1, "rate": 0.5, "interval": [0.09, 0.91]}])
    del old["ties"]
    tree = DocsTree("en")
    page = tree.pages[balance_page(GameSite(content, "en", tmp_path, tree), {"runs": [new, old]}, current=True)]
    assert "wins alone, and apart from them shared wins" in page and "a little over 100 %" not in page
    assert "Tree search, 2: recorded before shared wins were counted apart" in page
    assert "| Tree search, 2 | mcts:50 | 2 | 2 | 20.0 | 100.0 % (34.0 % – 100.0 %) | 50.0 % (9.0 % – 91.0 %) |" in page
