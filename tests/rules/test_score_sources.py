"""Where the points come from: engines' breakdowns summed per policy and source, and the page that shows them."""

from __future__ import annotations

import math
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.registry import make_game
from generator.rules.score_sources import seat_policies, source_figures
from generator.rules.simulate import GameResult, game_seed, play_out, summarize
from tests.quick import first_quick

REPO = Path(__file__).resolve().parents[2]
COMPETITIVE = ("astronuts", "habitable", "terraforming-mars")


def _content(game: str):
    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    return content


def test_sources_pool_the_seats_of_each_policy_and_add_up_to_their_mean_score():
    def seat(life: float, goals: float) -> tuple[tuple[str, float], ...]:
        return (("life", life), ("goals", goals))

    games = [((0,), (seat(2.0, 3.0), seat(0.0, 1.0), seat(1.0, 0.0))),
             ((1, 2), (seat(0.0, 0.0), seat(1.0, 1.0), seat(0.0, 2.0))),
             ((), ())]                                                            # an unfinished game: left out
    [expert, greedy] = source_figures("expert,greedy,greedy", games)
    assert seat_policies("expert,greedy,greedy", 3) == ["expert", "greedy", "greedy"]
    assert seat_policies("mcts:8", 2) == ["mcts:8", "mcts:8"]
    assert (expert["policy"], expert["players"], expert["winners"], expert["mean_score"]) == ("expert", 2, 1, 2.5)
    assert expert["sources"] == [
        {"source": "life", "mean": 1.0, "share": 0.4, "players": 1, "winner_mean": 2.0, "other_mean": 0.0},
        {"source": "goals", "mean": 1.5, "share": 0.6, "players": 1, "winner_mean": 3.0, "other_mean": 0.0}]
    assert (greedy["players"], greedy["winners"], greedy["mean_score"]) == (4, 2, 1.5)
    assert [s["players"] for s in greedy["sources"]] == [2, 3]
    assert math.isclose(sum(s["mean"] for s in greedy["sources"]), greedy["mean_score"])


@pytest.mark.parametrize("game", COMPETITIVE)
def test_every_competitive_engine_breaks_each_final_score_down_and_the_sums_equal_the_scores(game: str):
    rules = make_game(_content(game), {"players": "2"})
    results = [play_out(rules, game_seed(5, i), "greedy", max_turns=200) for i in range(1)]
    finished = [r for r in results if r.cause != "unfinished"]
    assert finished, "a greedy game ends"
    for r in finished:
        assert len(r.breakdowns) == len(r.scores)
        for score, parts in zip(r.scores, r.breakdowns, strict=True):
            assert parts and math.isclose(sum(points for _, points in parts), score), (game, parts, score)
    summary = summarize(game, "greedy", rules.options, 5, results, cooperative=False)
    [pool] = summary.sources
    scores = [s for r in finished for s in r.scores]
    assert pool["players"] == len(scores)
    assert math.isclose(pool["mean_score"], sum(scores) / len(scores), abs_tol=1e-3)
    assert math.isclose(sum(s["mean"] for s in pool["sources"]), pool["mean_score"], abs_tol=0.01)
    assert [s["source"] for s in pool["sources"]] == [k for k, _ in finished[0].breakdowns[0]]


def test_a_cooperative_batch_has_no_sources():
    rules = make_game(_content("escape-earth"), {})
    summary = summarize("escape-earth", "random", rules.options, 1,
                        [GameResult(1, False, "chaos", 3, 6, (), (0.0, 0.0), (), ((("ocean-planet", 0.0),),) * 2)])
    assert summary.sources == []


def _habitable_figures() -> dict:
    greedy = {"policy": "greedy", "players": 48, "winners": 15, "mean_score": 1.833, "sources": [
        {"source": "planets", "mean": 0.312, "share": 0.1705, "players": 8, "winner_mean": 0.267, "other_mean": 0.333},
        {"source": "goals", "mean": 1.521, "share": 0.8295, "players": 27, "winner_mean": 3.133, "other_mean": 0.788},
        {"source": "tokens", "mean": 0.0, "share": 0.0, "players": 0, "winner_mean": 0.0, "other_mean": 0.0}]}
    expert = {"policy": "expert", "players": 40, "winners": 24, "mean_score": 3.4, "sources": [
        {"source": "planets", "mean": 0.9, "share": 0.2647, "players": 20, "winner_mean": 1.2, "other_mean": 0.45},
        {"source": "goals", "mean": 2.5, "share": 0.7353, "players": 38, "winner_mean": 3.0, "other_mean": 1.75},
        {"source": "tokens", "mean": 0.0, "share": 0.0, "players": 0, "winner_mean": 0.0, "other_mean": 0.0}]}
    seats = [{"seat": 0, "outright": 30, "shared": 0, "lost": 70, "wins": 30, "rate": 0.3, "interval": [0.2, 0.4],
              "outright_rate": 0.3, "outright_interval": [0.2, 0.4], "shared_rate": 0.0}] * 4
    run = {"games": 100, "wins": 100, "win_rate": 1.0, "win_interval": [0.96, 1.0], "cooperative": False,
           "turns": {"mean": 28.0}, "seats": seats, "ties": "shared"}
    return {"runs": [{**run, "id": "greedy-4", "label": {"de": "Gierig, 4", "en": "Greedy, 4"}, "policy": "greedy",
                      "sources": [greedy]},
                     {**run, "id": "expert-4", "label": {"de": "Experte, 4", "en": "Expert, 4"},
                      "policy": "expert,greedy,greedy,greedy", "sources": [expert, greedy]},
                     {**run, "id": "old", "label": {"de": "Alt", "en": "Old"}, "policy": "mcts:50"}]}


def _page(game: str, data: dict, lang: str, tmp_path: Path) -> tuple[str, dict]:
    from generator.site.balance_page import balance_page
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    content = _content(game)
    tree = DocsTree(lang)
    path = balance_page(GameSite(content, lang, tmp_path, tree), data, current=True)
    assert path is not None
    return re.sub(r"</?abbr[^>]*>", "", tree.pages[path]), tree.files


def test_the_habitable_page_shows_the_points_by_source_per_policy_and_says_the_game_departs_from_its_goal(
        tmp_path: Path):
    data = _habitable_figures()
    en, files = _page("habitable", data, "en", tmp_path)
    de, files_de = _page("habitable", data, "de", tmp_path)
    assert "## Where the points come from" in en and "## Woher die Punkte kommen" in de
    assert "The sources add up to the score." in en and "Die Quellen ergeben zusammen die Wertung." in de
    assert ("| Batch | Policy | Score (mean) | life on planets | goal cards | life tokens |" in en)
    assert ("| Greedy, 4 | greedy | 1.83 | 0.31 (17 %; 8 of 48 players) | 1.52 (83 %; 27 of 48 players) "
            "| 0.00 (0 %; 0 of 48 players) |") in en
    assert "| Expert, 4 | expert | 3.40 | 0.90 (26 %; 20 of 40 players) | 2.50 (74 %; 38 of 40 players) |" in en
    assert "| Expert, 4 | greedy | 1.83 |" in en                                   # per policy within a batch
    assert "| Greedy, 4 | greedy | winners 0.27 · others 0.33 | winners 3.13 · others 0.79 |" in en
    assert "| Gierig, 4 | greedy | 1.83 | 0.31 (17 %; 8 von 48 Spielern) |" in de
    assert "| Old |" not in en.split("## Where the points come from")[1]         # recorded before sources
    assert ("Under the strongest policy recorded (expert, Expert, 4), however, 74 % of the points come from goal "
            "cards and only 26 % from life on planets: played this way, the game is decided by goal cards, not by "
            "life on planets.") in en
    assert ("Beim stärksten aufgezeichneten Verfahren (expert, Experte, 4) kommen aber 74 % der Punkte aus "
            "Zielkarten und nur 26 % aus Leben auf Planeten") in de
    assert "das Leben auf ihnen" in en and "das Leben auf ihnen" in de           # the rulebook's own words
    assert ElementTree.fromstring(files["balance/sources-en.svg"]).tag == "{http://www.w3.org/2000/svg}svg"
    assert ElementTree.fromstring(files_de["balance/sources-de.svg"]).tag == "{http://www.w3.org/2000/svg}svg"


def test_a_game_whose_strongest_player_scores_from_its_goal_says_so(tmp_path: Path):
    data = _habitable_figures()
    expert = data["runs"][1]["sources"][0]
    expert["sources"][0]["share"], expert["sources"][1]["share"] = 0.7, 0.3
    en, _ = _page("habitable", data, "en", tmp_path)
    assert "70 % of the points come from life on planets, more than from any other source" in en
    assert "the game is decided by" not in en


def test_a_game_whose_content_names_no_goal_source_shows_the_breakdown_without_a_goal_sentence(tmp_path: Path):
    data = _habitable_figures()
    for run in data["runs"]:
        for pool in run.get("sources", []):
            for s, name in zip(pool["sources"], ("tr", "cards", "awards"), strict=True):
                s["source"] = name
    en, _ = _page("terraforming-mars", data, "en", tmp_path)
    assert "| Batch | Policy | Score (mean) | TR | cards | awards |" in en
    assert "The rulebook states the goal" not in en


@pytest.mark.parametrize("game", first_quick(COMPETITIVE))  # the habitable page also has a quick test of its own
def test_every_competitive_game_records_its_points_by_source_and_its_page_shows_them(game: str, tmp_path: Path):
    from generator.rules.balance import read_results

    data = read_results(_content(game))
    assert data is not None
    recorded = [r for r in data["runs"] if r.get("sources")]
    assert recorded, f"no batch records its points by source: pnp balance {game}"
    for lang, title in (("en", "## Where the points come from"), ("de", "## Woher die Punkte kommen")):
        page, _ = _page(game, data, lang, tmp_path)
        assert title in page


def test_the_recorded_habitable_page_says_where_the_experts_points_come_from_against_the_rulebooks_goal(
        tmp_path: Path):
    from generator.rules.balance import read_results

    data = read_results(_content("habitable"))
    assert data is not None
    [run] = [r for r in data["runs"] if r["id"] == "expert-4"]
    [expert] = [pool for pool in run["sources"] if pool["policy"] == "expert"]
    shares = {s["source"]: s["share"] for s in expert["sources"]}
    assert max(shares, key=lambda s: shares[s]) == "goals"                      # the expert scores from goal cards
    goals, planets = f"{shares['goals'] * 100:.0f} %", f"{shares['planets'] * 100:.0f} %"
    en, _ = _page("habitable", data, "en", tmp_path)
    de, _ = _page("habitable", data, "de", tmp_path)
    assert "The rulebook states the goal:" in en and "Das Regelheft nennt als Ziel:" in de
    assert (f"Under the strongest policy recorded (expert, Expert (seat 1) against 3 greedy players, 4 players), "
            f"however, {goals} of the points come from goal cards and only {planets} from life on planets: played "
            f"this way, the game is decided by goal cards, not by life on planets.") in en
    assert (f"kommen aber {goals} der Punkte aus Zielkarten und nur {planets} aus Leben auf Planeten: So gespielt, "
            f"fällt die Entscheidung über Zielkarten, nicht über Leben auf Planeten.") in de
