"""`pnp check` warns of card text set below 7 pt after shrink-to-fit; `--strict` fails on it; the bundled games pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.commands.check import check as check_games
from tests.content.conftest import line_of, pnp

SMALL_LABEL = """extends: card
front:
  content:
    - {id: kind-name, size: 6.5}
"""


def with_small_label(content: Path) -> Path:
    layouts = content / "tiny" / "layouts"
    layouts.mkdir()
    (layouts / "card.yaml").write_text(SMALL_LABEL, encoding="utf-8")
    return content / "tiny" / "cards" / "events.yaml"


def test_the_tiny_game_sets_no_text_below_7_pt(content: Path) -> None:
    result = pnp("check", "--content", str(content), "--strict")
    assert result.code == 0, result.err
    assert "below 7 pt" not in result.out + result.err


def test_text_below_7_pt_is_a_warning_naming_card_field_and_size_at_the_cards_line(content: Path) -> None:
    cards = with_small_label(content)
    result = pnp("check", "--content", str(content))
    assert result.code == 0, result.err  # a warning: listed, not failing
    line = line_of(cards, "- id: hunger")
    expected = (f"tiny/cards/events.yaml:{line}:5: warning: tiny: card 'hunger', front, field 'kind', de/en: text set "
                f"at 6.5 pt, below 7 pt (and 1 more card)")
    assert expected in result.out + result.err
    assert "at least 7 pt" in result.out + result.err  # the hint says what to do


def test_strict_makes_small_text_an_error(content: Path) -> None:
    with_small_label(content)
    result = pnp("check", "--content", str(content), "--strict")
    assert result.code == 1
    assert "field 'kind', de/en: text set at 6.5 pt, below 7 pt" in result.err
    assert "Traceback" not in result.err


def test_text_that_shrinks_below_7_pt_to_fit_is_named_at_the_size_it_was_set(content: Path) -> None:
    layouts = content / "tiny" / "layouts"
    layouts.mkdir()
    (layouts / "card.yaml").write_text("extends: card\nfront:\n  content:\n"
                                       "    - {id: rules, size: 7, min_size: 6.5, h: 8.4}\n", encoding="utf-8")
    cards = content / "tiny" / "cards" / "events.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace('en: "A storm :food:"', 'en: "A storm :food: that runs on, and on, and on '
                                                          'over the fields until the harvest is lost"'),
                     encoding="utf-8")
    result = pnp("check", "--content", str(content))
    assert result.code == 0, result.err
    found = [ln for ln in (result.out + result.err).splitlines() if "card 'sturm', front, field 'text', en" in ln]
    assert found and "below 7 pt" in found[0] and "text set at 7 pt" not in found[0], result.out + result.err


@pytest.mark.slow
def test_the_bundled_games_pass_strict() -> None:
    checked = check_games(Path("content"), [], strict=True)  # raises (exit 1) on any warning
    assert {game.id for game in checked.games} >= {"escape-earth", "habitable", "terraforming-mars"}
    assert checked.warnings == []
