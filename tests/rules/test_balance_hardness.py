"""The balance page's bound: per variant, the clairvoyant oracle beside the best honest player, in both languages."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.site.balance_hardness import pairs

REPO = Path(__file__).resolve().parents[2]
RULEBOOK = {"free-cubes": "buildings", "outposts": "rulebook"}


def _run(run_id: str, policy: str, options: dict, games: int, wins: int, interval: list[float]) -> dict:
    return {"id": run_id, "label": {"de": run_id, "en": run_id}, "policy": policy, "games": games, "wins": wins,
            "win_rate": round(wins / games, 4), "win_interval": interval, "turns": {"mean": 18.0},
            "cooperative": True, "options": {**RULEBOOK, **options}, "causes": {}}


def _figures() -> dict:
    moves, every = {"variant": "beginner", "anomaly": "blocks-moves"}, {"variant": "beginner", "anomaly": "blocks-all"}
    expert = {"variant": "expert", "anomaly": "blocks-moves"}
    return {"runs": [_run("random-moves", "random", moves, 500, 0, [0.0, 0.0076]),
                     _run("greedy-moves", "greedy", moves, 500, 0, [0.0, 0.0076]),
                     _run("greedy-all", "greedy", every, 2000, 0, [0.0, 0.0019]),
                     _run("mcts-all", "mcts:32", every, 100, 2, [0.0055, 0.07]),
                     _run("oracle-moves", "oracle", moves, 10, 4, [0.1682, 0.6873]),
                     _run("oracle-all", "oracle", every, 10, 3, [0.1078, 0.6032]),
                     _run("oracle-expert", "oracle", expert, 10, 0, [0.0, 0.2775])]}


def _page(lang: str, data: dict, tmp_path: Path) -> tuple[str, dict]:
    from generator.site.balance_page import balance_page
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    tree = DocsTree(lang)
    path = balance_page(GameSite(content, lang, tmp_path, tree), data, current=True)
    assert path is not None
    return re.sub(r"</?abbr[^>]*>", "", tree.pages[path]), tree.files


def test_each_oracle_batch_meets_the_honest_batch_of_its_options_that_won_most_the_stronger_on_a_tie():
    data = _figures()
    found = [(o["id"], h["id"] if h else None) for o, h in pairs(data["runs"])]
    assert found == [("oracle-moves", "greedy-moves"), ("oracle-all", "mcts-all"), ("oracle-expert", None)]


def test_the_page_shows_the_oracle_bound_per_variant_with_intervals_in_both_languages(tmp_path: Path):
    en, files = _page("en", _figures(), tmp_path)
    de, files_de = _page("de", _figures(), tmp_path)
    assert "## How hard the game is" in en and "## Wie schwer das Spiel ist" in de
    assert "Every game it wins can therefore be won." in en
    assert "Jede Partie, die er gewinnt, ist also gewinnbar." in de
    assert "the true share of winnable games may be higher" in en
    assert "| Options | Best honest player | Clairvoyant |" in en
    assert "| Optionen | Bester ehrlicher Spieler | Hellseher |" in de
    assert ("| `anomaly=blocks-all`, `free-cubes=buildings`, `outposts=rulebook`, `variant=beginner` "
            "| `mcts:32`: 2 of 100: 2.0 % (0.5 % – 7.0 %) | `oracle`: 3 of 10: 30.0 % (10.8 % – 60.3 %) |") in en
    assert ("| `anomaly=blocks-moves`, `free-cubes=buildings`, `outposts=rulebook`, `variant=beginner` "
            "| `greedy`: 0 of 500: 0.0 % (0.0 % – 0.8 %) | `oracle`: 4 of 10: 40.0 % (16.8 % – 68.7 %) |") in en
    assert "| none recorded | `oracle`: 0 of 10: 0.0 % (0.0 % – 27.8 %) |" in en
    assert "| `mcts:32`: 2 von 100: 2.0 % (0.5 % – 7.0 %) | `oracle`: 3 von 10: 30.0 % (10.8 % – 60.3 %) |" in de
    assert ElementTree.fromstring(files["balance/hardness-en.svg"]).tag == "{http://www.w3.org/2000/svg}svg"
    assert ElementTree.fromstring(files_de["balance/hardness-de.svg"]).tag == "{http://www.w3.org/2000/svg}svg"


def test_a_page_without_an_oracle_batch_has_no_bound(tmp_path: Path):
    data = _figures()
    data["runs"] = [r for r in data["runs"] if r["policy"] != "oracle"]
    en, files = _page("en", data, tmp_path)
    assert "How hard the game is" not in en and "balance/hardness-en.svg" not in files


def test_the_recorded_escape_earth_figures_bound_every_variant_of_the_rulebook_on_the_page(tmp_path: Path):
    from generator.rules.balance import read_results

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    data = read_results(content)
    assert data is not None
    oracles = [r for r in data["runs"] if str(r["policy"]).startswith("oracle")]
    variants = {(r["options"]["variant"], r["options"]["anomaly"]) for r in oracles}
    assert variants == {(v, a) for v in ("beginner", "expert") for a in ("blocks-moves", "blocks-all")}
    assert all(r["options"]["outposts"] == "rulebook" and r["options"]["free-cubes"] == "buildings" for r in oracles)
    assert all(honest is not None for _, honest in pairs(data["runs"]))   # an honest batch of the same options
    for lang, words in (("en", "| Options | Best honest player | Clairvoyant |"),
                        ("de", "| Optionen | Bester ehrlicher Spieler | Hellseher |")):
        page, _ = _page(lang, data, tmp_path)
        assert words in page
        for r in oracles:
            low, high = r["win_interval"]
            cell = f"{r['wins']} {'of' if lang == 'en' else 'von'} {r['games']}: {r['win_rate'] * 100:.1f} % "
            assert f"`{r['policy']}`: {cell}({low * 100:.1f} % – {high * 100:.1f} %) |" in page
