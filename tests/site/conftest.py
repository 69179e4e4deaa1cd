"""Fixtures: the repository's games built once per session (cards, boards, site) into a temp folder."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

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
    """Run `pnp build` as a user would, from `root` (so output/ lands there)."""
    result = subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", "build",
                             "--content", str(content), "--output", "output", *args],
                            cwd=root, capture_output=True, text=True, timeout=900)
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


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Build:
    """The repository's content, snapshotted and built once; tests only read it."""
    root = tmp_path_factory.mktemp("built")
    content = copy_content(root / "content")
    build = pnp_build(root, content, "escape-earth")
    assert build.code == 0, build.err
    build.content = content
    return build
