"""`pnp build` makes the Tabletop Simulator decks only when asked (--tts, or --tts-url, which names where they go)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.build import BuildOptions
from generator.cli import cli


@pytest.mark.parametrize(("args", "decks"), [((), False), (("--tts",), True),
                                             (("--tts-url", "https://example.org/pnp"), True)])
def test_the_build_makes_tabletop_decks_only_when_asked(tmp_path, monkeypatch, args, decks):
    seen: list[BuildOptions] = []

    def build(content_dir, games, output_dir, options, **_kwargs):
        seen.append(options)
        return {}

    monkeypatch.setattr("generator.commands.build.build", build)
    result = CliRunner().invoke(cli, ["build", "--output", str(tmp_path / "out"), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    [options] = seen
    assert options.tts is decks
    assert options.tts_url == (args[1] if len(args) == 2 else (tmp_path / "out").resolve().as_uri())
