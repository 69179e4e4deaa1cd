"""`pnp sweep`: variants made and checked, played on the same seeds, compared in pairs, reported in three forms."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.cli_in_process import run_pnp
from tests.site.conftest import REPO

CONTENT = str(REPO / "content")
OUTPOST = "cards[id=aussenposten].fields.build_cost"
FARM = "cards[id=hydroponische-farm].fields.capacity"


def sweep(*args: str, content: str = CONTENT) -> tuple[int, str, str]:
    done = run_pnp("sweep", *args, "--content", content, "--jobs", "1")
    return done.returncode, done.stdout, done.stderr


@pytest.mark.slow
def test_a_grid_of_two_values_plays_every_variant_on_the_base_games_seeds(tmp_path: Path) -> None:
    code, out, err = sweep("escape-earth", "--vary", f"{OUTPOST}=2,3", "--vary", f"{FARM}=1,2", "--games", "24",
                           "--policy", "random", "--out", str(tmp_path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    names = [v["name"] for v in data["variants"]]
    assert names == ["base", "build_cost=2, capacity=1", "build_cost=2, capacity=2", "build_cost=3, capacity=1",
                     "build_cost=3, capacity=2"]
    base = data["variants"][0]
    same = data["variants"][3]  # the bundled values: the base game itself, played again on the same seeds
    assert same["content_hash"] == base["content_hash"] and same["summary"]["turns"] == base["summary"]["turns"]
    for variant in data["variants"]:
        assert variant["summary"]["games"] == 24 and variant["summary"]["batch_seed"] == 0
        rows = {row["label"]: row for row in variant["paired"]}
        assert rows["won"]["test"].startswith("McNemar's exact test") and 0 <= rows["won"]["p_value"] <= 1
        assert rows["turns per game"]["test"].startswith("paired t-test")
        low, high = variant["summary"]["win_interval"]
        assert low <= variant["summary"]["win_rate"] <= high
    assert all(row["difference"] == 0 and row["p_value"] == 1 for row in same["paired"])
    assert data["variants"][1]["places"][OUTPOST] == {"file": "cards/buildings.yaml",
                                                       "path": "cards[0].fields.build_cost"}
    written = {k: Path(v) for k, v in data["written"].items()}
    assert {p.parent for p in written.values()} == {tmp_path}
    assert written["plot"].read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert f'src="{written["plot"].name}"' in written["html"].read_text(encoding="utf-8")
    assert json.loads(written["json"].read_text(encoding="utf-8"))["variants"][1]["name"] == names[1]


def test_the_terminal_table_shows_each_variant_its_rates_and_its_difference_to_the_base(tmp_path: Path) -> None:
    code, out, err = sweep("escape-earth", "--vary", f"{OUTPOST}=2", "--games", "12", "--policy", "random",
                           "--out", str(tmp_path))
    assert code == 0, err
    assert "build_cost=2" in out and "Δ base" in out and "McNemar" in out
    assert f"report written to {tmp_path}" in out.replace("\n", "")


def test_a_variant_that_breaks_the_game_is_a_content_error_before_any_game(tmp_path: Path) -> None:
    code, out, err = sweep("escape-earth", "--vary", "cards[id=aussenposten].count=5,-1", "--games", "12",
                           "--out", str(tmp_path / "report"))
    assert code == 1
    assert "content/escape-earth/cards/buildings.yaml:8" in err and "in the variant count=-1" in err
    assert "cards[id=aussenposten].count=-1" in err and "count=5" not in err
    assert "no game was played" in err
    assert not list((tmp_path / "report").glob("*.html"))


def test_a_path_to_nothing_is_bad_usage_named_by_the_path(tmp_path: Path) -> None:
    code, _, err = sweep("escape-earth", "--vary", "cards[id=no-such-card].cost=1", "--out", str(tmp_path))
    assert code == 2 and "no card with id 'no-such-card'" in err
    code, _, err = sweep("escape-earth", "--out", str(tmp_path))
    assert code == 2 and "--vary" in err and "declared in game.yaml: none" in err


def test_everything_from_the_content_is_escaped_in_the_html(tmp_path: Path) -> None:
    code, out, err = sweep("escape-earth", "--vary", "cards[id=aussenposten].name.en=<b>Hub</b>", "--games", "10",
                           "--policy", "random", "--out", str(tmp_path), "--format", "json")
    assert code == 0, err
    page = Path(json.loads(out)["written"]["html"]).read_text(encoding="utf-8")
    assert "<b>Hub</b>" not in page and "&lt;b&gt;Hub&lt;/b&gt;" in page


def test_a_sweep_declared_in_game_yaml_plays_with_its_own_settings(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "escape-earth", content / "escape-earth")
    with (content / "escape-earth" / "game.yaml").open("a", encoding="utf-8") as game:
        game.write(f"sweeps:\n  - id: outpost-cost\n    vary:\n      '{OUTPOST}': [2, 4]\n"
                   "    games: 12\n    policy: random\n    seed: 5\n")
    code, out, err = sweep("escape-earth", "--out", str(tmp_path / "out"), "--format", "json", content=str(content))
    assert code == 0, err
    data = json.loads(out)
    assert (data["games"], data["policy"], data["batch_seed"]) == (12, "random", 5)
    assert [v["name"] for v in data["variants"]] == ["base", "build_cost=2", "build_cost=4"]
    assert Path(data["written"]["html"]).name.startswith("escape-earth-outpost-cost-")


def test_without_ray_the_cluster_option_says_how_to_install_it(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    code, _, err = sweep("escape-earth", "--vary", f"{OUTPOST}=2", "--cluster", "local", "--out", str(tmp_path))
    assert code == 2 and "pip install 'pnp-forge[cluster]'" in err
    assert not list(tmp_path.iterdir())


def test_the_report_names_its_games_by_a_digest_that_two_runs_share(tmp_path: Path) -> None:
    runs = []
    for jobs in ("1", "2"):
        done = run_pnp("sweep", "escape-earth", "--vary", f"{OUTPOST}=2,5", "--games", "30", "--policy", "random",
                       "--content", CONTENT, "--jobs", jobs, "--out", str(tmp_path / jobs), "--format", "json")
        assert done.returncode == 0, done.stderr
        runs.append([v["games_sha256"] for v in json.loads(done.stdout)["variants"]])
    assert runs[0] == runs[1] and len(runs[0]) == 3 and len(set(runs[0])) > 1  # same games on 1 process and 2
