"""Fixtures: the repository's games built once per session (cards, boards, site) into a temp folder."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli_in_process import run_pnp
from tests.once import once_per_run

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Build:
    """One `pnp build` run: where it ran, its exit code and what it printed."""

    root: Path
    code: int
    out: str
    err: str
    content: Path | None = None

    @property
    def output(self) -> Path:
        return self.root / "output"

    @property
    def site(self) -> Path:
        return self.output / "site"


def pnp_build(root: Path, content: Path, *args: str) -> Build:
    """Run `pnp build` as a user would, from `root` (so output/ lands there), in this process
    (tests.cli_in_process): the same exit code and streams, without a Python start and a cold import per build."""
    result = run_pnp("build", "--content", str(content), "--output", "output", *args, cwd=root)
    return Build(root, result.returncode, result.stdout, result.stderr)


def copy_content(target: Path) -> Path:
    """A private copy of the repository's content tree that a test may edit."""
    shutil.copytree(REPO / "content", target)
    return target


def edited_rules(content, lang: str, page: str, old: str, new: str):
    """A copy of loaded content with one rules page's text `old` replaced by `new` (the original stays as it is)."""
    import copy

    changed = copy.copy(content)
    changed.rules = {code: dict(pages) for code, pages in content.rules.items()}
    assert old in changed.rules[lang][page], (lang, page, old)
    changed.rules[lang][page] = changed.rules[lang][page].replace(old, new)
    return changed


def shared_build(factory: pytest.TempPathFactory, name: str, *args: str) -> Build:
    """A copy of the repository's content built by `pnp build ARGS` once per test run (tests.once: also once
    across pytest-xdist's workers); tests only read it."""

    def make(root: Path) -> dict:
        build = pnp_build(root, copy_content(root / "content"), *args)
        return {"code": build.code, "out": build.out, "err": build.err}

    root, facts = once_per_run(factory, name, make)
    build = Build(root, facts["code"], facts["out"], facts["err"], content=root / "content")
    assert build.code == 0, build.err
    return build


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Build:
    """The repository's content, snapshotted and built once (with the Tabletop Simulator decks); tests only read it."""
    return shared_build(tmp_path_factory, "built", "escape-earth", "--tts")
