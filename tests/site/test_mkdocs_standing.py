"""`pnp serve`'s mkdocs children stay up between rebuilds, and one that died is replaced."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from generator.authoring.starter import write_starter
from generator.build import BuildOptions
from generator.build_cache import BuildCache
from generator.commands.build import build
from generator.rules import trust
from generator.site import mkdocs_batch

GAME = "reef-keepers"


def rename(content: Path, english: str) -> None:
    path = content / GAME / "cards" / "jobs.yaml"
    text = path.read_text(encoding="utf-8")
    old = text.split("name: {de: Feld, en: ", 1)[1].split("}", 1)[0]
    path.write_text(text.replace(f"name: {{de: Feld, en: {old}}}", f"name: {{de: Feld, en: {english}}}"),
                    encoding="utf-8")


def card_page(output: Path) -> str:
    return (output / "site" / GAME / "en" / "cards" / "field.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_standing_children_build_every_rebuild_and_a_dead_one_is_replaced(tmp_path: Path) -> None:
    content, output = tmp_path / "content", tmp_path / "output"
    write_starter(content, GAME)
    trust.grant(content / GAME)  # as `pnp new` does: its engine runs
    with mkdocs_batch.standing_workers():
        build(content, [GAME], output, BuildOptions(), cache=BuildCache.of_output(output))
        assert mkdocs_batch._STANDING, "the first build started the children"
        first = [child.process.pid for child in mkdocs_batch._STANDING]

        rename(content, "Meadow")
        cache = BuildCache.of_output(output)
        build(content, [GAME], output, BuildOptions(), cache=cache)
        assert cache.made.count(f"{GAME}/site/en") == 1
        assert [child.process.pid for child in mkdocs_batch._STANDING] == first, "the same children built it"
        assert "Meadow" in card_page(output)

        os.kill(first[0], signal.SIGKILL)
        mkdocs_batch._STANDING[0].process.wait()
        rename(content, "Pasture")
        build(content, [GAME], output, BuildOptions(), cache=BuildCache.of_output(output))
        assert "Pasture" in card_page(output)
        assert first[0] not in [child.process.pid for child in mkdocs_batch._STANDING]
        children = list(mkdocs_batch._STANDING)
    assert mkdocs_batch._STANDING is None
    assert all(child.process.poll() is not None for child in children), "the children leave with the block"


def test_theme_listings_kept_per_folder_are_jinjas_listing_without_dot_folders(tmp_path, monkeypatch):
    import jinja2

    from generator.site import mkdocs_worker

    monkeypatch.setattr(jinja2.FileSystemLoader, "list_templates", jinja2.FileSystemLoader.list_templates)
    custom, theme = tmp_path / "custom", tmp_path / "theme"
    for folder, names in ((custom, ["main.html", "partials/nav.html"]),
                          (theme, ["main.html", "base.html", "partials/nav.html", ".icons/a.svg", "assets/x.css"])):
        for name in names:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(name, encoding="utf-8")
    expected = [name for name in jinja2.FileSystemLoader([str(custom), str(theme)]).list_templates()
                if not name.startswith(".")]
    mkdocs_worker.remember_theme_listings()
    assert jinja2.FileSystemLoader([str(custom), str(theme)]).list_templates() == expected
    (theme / "late.html").write_text("made after the first listing", encoding="utf-8")
    next_build = tmp_path / "next-build-custom"  # the next build's overrides lie in its own staging folder
    next_build.mkdir()
    (next_build / "extra.html").write_text("an override", encoding="utf-8")
    again = jinja2.FileSystemLoader([str(next_build), str(theme)]).list_templates()
    assert "late.html" not in again  # the theme folder was listed once
    assert again == sorted({"extra.html", "main.html", "base.html", "partials/nav.html", "assets/x.css"})
