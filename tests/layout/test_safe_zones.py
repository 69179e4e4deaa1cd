"""Every layout against every print-shop profile's safe zone, reported at the layout's line naming the profile."""

from __future__ import annotations

import pytest

from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.layout.profiles import profiles
from generator.layout.safe_zones import check_safe_zones, crossings
from generator.render.cards_step import ordered_cards, render_cards
from tests.cli_in_process import run_pnp
from tests.layout.conftest import CONTENT, load_game

BADGE_MOVED = "extends: card\nfront:\n  content:\n    - {id: kind-badge, cx: W - 4.0}\n"  # its edge 0.4 mm from the cut


@pytest.mark.parametrize("game", ["escape-earth", "habitable", "terraforming-mars", "astronuts"])
def test_every_bundled_layout_keeps_inside_every_profiles_safe_line(game):
    content = load_game(CONTENT, game, expect_cards=False)
    found = crossings(content, ordered_cards(content), list(profiles().values()))
    assert [(c.profile.id, c.mark.file, c.mark.line, c.what, round(c.over, 2)) for c in found] == []


def test_the_terraforming_mars_cost_badge_keeps_inside_the_eighth_inch_safe_line():
    """It crossed the 1/8 in line by 0.78 mm (1.07 mm with its outline) on every project card."""
    content = load_game(CONTENT, "terraforming-mars")
    projects = [card for card in ordered_cards(content) if card.kind in ("automated", "active", "event")]
    assert len(projects) == 107
    assert crossings(content, projects, [profiles()["drivethrucards"]]) == []


def test_a_key_element_crossing_is_a_warning_per_profile_at_the_layout_line(game_copy):
    (game_copy / "layouts" / "galaxy.yaml").write_text(BADGE_MOVED, encoding="utf-8")
    content = load_game(game_copy.parent, "escape-earth")
    errors = ErrorList()
    check_safe_zones(content, ordered_cards(content), errors)
    assert not errors.errors
    named = {w.message.split("print profile '")[1].split("'")[0] for w in errors.warnings}
    assert named == set(profiles())
    for warning in errors.warnings:
        assert warning.mark.file.endswith("layouts/galaxy.yaml") and warning.mark.line == 4, warning.mark
        assert "circle on the front of card 'erde'" in warning.message and "more faces" in warning.message
    dtc = next(w for w in errors.warnings if "'drivethrucards'" in w.message)
    assert "crosses the 3.175 mm safe line" in dtc.message and "by 2.75 mm" in dtc.message, dtc.message


def test_for_the_profile_a_game_declares_it_is_an_error_and_check_fails(game_copy):
    (game_copy / "layouts" / "galaxy.yaml").write_text(BADGE_MOVED, encoding="utf-8")
    game = game_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "engine: escape-earth", "engine: escape-earth\nprint_profile: makeplayingcards"), encoding="utf-8")
    done = run_pnp("check", "escape-earth", "--content", str(game_copy.parent), "--trust-engines")
    assert done.returncode == 1, done.stdout + done.stderr
    said = done.stdout + done.stderr
    assert "galaxy.yaml:4" in said and "print profile 'makeplayingcards' by 2.62 mm" in said, said


def test_check_lists_the_other_profiles_as_warnings_and_strict_fails_on_them(game_copy):
    (game_copy / "layouts" / "galaxy.yaml").write_text(BADGE_MOVED, encoding="utf-8")
    done = run_pnp("check", "escape-earth", "--content", str(game_copy.parent), "--trust-engines", "--no-rulebook")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "galaxy.yaml:4" in done.stdout + done.stderr and "'thegamecrafter'" in done.stdout + done.stderr
    strict = run_pnp("check", "escape-earth", "--content", str(game_copy.parent), "--trust-engines", "--strict",
                     "--no-rulebook")
    assert strict.returncode == 1


def test_a_build_for_a_profile_refuses_a_key_element_past_its_safe_line(game_copy, tmp_path):
    (game_copy / "layouts" / "galaxy.yaml").write_text(BADGE_MOVED, encoding="utf-8")
    content = load_game(game_copy.parent, "escape-earth")
    errors = ErrorList()
    render_cards(content, tmp_path, BuildOptions(languages=("en",), papers=("a4",), profile="poker-63x88",
                                                 tts=False), errors)
    assert [e.mark.line for e in errors.errors if e.code == "safe-zone"] == [4], errors.as_text()
    assert "'poker-63x88'" in errors.errors[0].message
