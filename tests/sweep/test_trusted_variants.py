"""A game with its own engine module in a sweep: its variants run the engine the user trusted, nothing else."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.rules import trust
from tests.cli_in_process import run_pnp

POINTS = "cards[id=feast].fields.points"


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The starter game with its own engine module, its folder trusted by `pnp new`."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    assert run_pnp("new", "demo").returncode == 0
    return tmp_path / "content" / "demo"


def sweep(tmp_path: Path, *extra: str) -> tuple[int, str, str]:
    done = run_pnp("sweep", "demo", "--vary", f"{POINTS}=3,5", "--games", "6", "--jobs", "1", "--out",
                   str(tmp_path / "out"), *extra)
    return done.returncode, done.stdout, done.stderr


def test_variants_of_a_trusted_game_play_without_trust_engines(demo: Path, tmp_path: Path) -> None:
    code, out, err = sweep(tmp_path, "--format", "json")
    assert code == 0, err
    assert [v["name"] for v in json.loads(out)["variants"]] == ["base", "points=3", "points=5"]


def test_variants_of_an_untrusted_game_are_refused_at_the_base(demo: Path, tmp_path: Path) -> None:
    trust.revoke(demo)
    code, out, err = sweep(tmp_path)
    assert code == 1
    assert err.strip().startswith("content/demo/game.yaml:") and "error [engine]" in err
    assert "--trust-engines" in err and "variant" not in err and "pnp-sweep-" not in err  # refused at the base
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_copy_runs_only_the_original_engine_byte_for_byte(demo: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    same, other = work / "variant-0" / "demo", work / "variant-1" / "demo"
    for copy in (same, other):
        shutil.copytree(demo, copy)
    engine = other / "engine" / "rules.py"
    engine.write_text(engine.read_text() + "\nBREAK = True\n")
    assert not trust.verdict(same).trusted  # a copy is trusted only while a sweep plays it
    with trust.copies_of(work, demo):
        assert trust.verdict(same).trusted
        assert not trust.verdict(other).trusted
    assert not trust.verdict(same).trusted
