"""Fixtures shared across test folders: one whole build of every bundled game per session."""

from __future__ import annotations

import pytest

from tests.site.conftest import Build, copy_content, pnp_build


@pytest.fixture(scope="session")
def built_all(tmp_path_factory) -> Build:
    """Every bundled game built together by `pnp build` (a whole build: only slow tests use it;
    they read it and never change it)."""
    root = tmp_path_factory.mktemp("built-all")
    content = copy_content(root / "content")
    build = pnp_build(root, content)
    assert build.code == 0, build.err
    build.content = content
    return build
