"""The bundled Escape Earth content holds every number of the rulebook."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from tests.content.conftest import pnp

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def game():
    errors = ErrorList()
    [content] = load_checked(CONTENT, ["escape-earth"], errors)
    assert not errors, errors.as_text()
    return content


def count(content, card_id: str) -> int:
    return content.card(card_id).count


def test_info_reports_cards_by_kind() -> None:
    result = pnp("info", "escape-earth", "--content", str(CONTENT), "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["cards_by_kind"] == {"galaxy": 18, "building": 17, "activity": 10, "time": 6, "event": 12}
    comps = {c["id"]: c["count"] for c in data["components"]}
    assert comps["ships"] == 2
    assert sum(n for cid, n in comps.items() if cid.endswith("-cubes")) == 30
    assert comps["aliens-token"] == 1 and comps["anomaly-token"] == 1


def test_galaxy_cards_as_listed(game) -> None:
    assert [count(game, c) for c in ("erde", "ozeanplanet", "nahrungsplanet", "ressourcenplanet", "planet", "weltraum",
                                     "asteroidenfeld")] == [1, 1, 1, 1, 3, 8, 3]
    parsecs = {c.id: c.fields["parsecs"] for c in game.cards_of("galaxy")}
    assert parsecs.pop("asteroidenfeld") == 2
    assert set(parsecs.values()) == {1}
    assert game.card("nahrungsplanet").effects[0].args == {"resource": "food"}
    assert game.card("ressourcenplanet").effects[0].args == {"resource": "material"}


def test_buildings_costs_and_sides(game) -> None:
    expected = {"aussenposten": (5, 3, {"knowledge": 1}), "hydroponische-farm": (3, 3, {"material": 1}),
                "robomine": (3, 3, {"knowledge": 1}), "weltraumlabor": (3, 3, {"food": 1}),
                "sternenbasis": (3, 4, {"material": 1})}
    for card_id, (copies, cost, upgrade) in expected.items():
        card = game.card(card_id)
        assert (card.count, card.fields["build_cost"], card.fields["upgrade_cost"]) == (copies, cost, upgrade)
        assert card.back is not None and card.back.fields["upgraded"] is True
    assert game.card("hydroponische-farm").fields["planet_only"] and game.card("robomine").fields["planet_only"]
    assert not any(game.card(c).fields["planet_only"] for c in ("aussenposten", "weltraumlabor", "sternenbasis"))
    assert game.card("aussenposten").effects[0].args == {"count": 2}
    assert game.card("aussenposten").back.effects[0].args == {"count": 3}
    for card in game.cards_of("building"):
        if card.fields["building"] != "outpost":
            assert (card.fields["capacity"], card.back.fields["capacity"]) == (1, 2)


def test_activity_cards_per_player(game) -> None:
    for player in (1, 2):
        cards = [c for c in game.cards_of("activity") if c.fields["player"] == player]
        assert sorted(c.fields["activity"] for c in cards) == ["build", "food", "knowledge", "material", "military"]
        assert Counter(c.fields["travel"] for c in cards) == {2: 3, 3: 2}


def test_time_and_event_cards(game) -> None:
    assert [count(game, c) for c in ("die-zeit-vergeht", "ereignis", "aliens")] == [3, 1, 2]
    assert game.card("aliens").effects[0].args == {"cards": 2}
    events = {c.id: (c.count, c.fields["fight_cost"]) for c in game.cards_of("event")}
    assert events == {"hungersnot": (4, {"food": 1}), "aufstaende": (2, {"military": 1}),
                      "raeuber": (2, {"military": 2}), "weltraumanomalie": (2, {"knowledge": 1}),
                      "seuchenausbruch": (2, {"knowledge": 2})}
    assert game.card("raeuber").effects[0].args == {"resource": "material"}
    assert game.card("seuchenausbruch").effects[0].args == {"resource": "food"}


def test_check_replays_the_examples_and_names_a_refused_step(tmp_path) -> None:
    import shutil

    root = tmp_path / "content"
    shutil.copytree(CONTENT / "escape-earth", root / "escape-earth")
    buildings = root / "escape-earth/cards/buildings.yaml"
    # outposts cost 5 build points now: the first-turn example's build is no longer legal
    text = buildings.read_text(encoding="utf-8")
    buildings.write_text(text.replace("fields: {building: outpost, upgraded: false, build_cost: 3",
                                   "fields: {building: outpost, upgraded: false, build_cost: 5", 1), encoding="utf-8")
    result = pnp("check", "escape-earth", "--content", str(root))
    assert result.code == 1, result.out
    assert "examples/first-turn.yaml:" in result.err
    assert "example 'first-turn' step 2" in result.err and "is refused by the engine" in result.err
    assert "Traceback" not in result.err


def test_named_cards_and_upgraded_sides_have_pictures_of_their_own():
    """Every named event, time card and special planet has its own icon; an upgraded side its own, stronger one."""
    from tests.layout.conftest import CONTENT, load_game

    content = load_game(CONTENT, "escape-earth")
    for kind in ("event", "time"):
        icons = [card.icon for card in content.cards if card.kind == kind]
        assert len(set(icons)) == len(icons), (kind, icons)
    special = [card.icon for card in content.cards if card.kind == "galaxy"
               and card.fields["role"] in ("earth", "ocean_planet", "food_planet", "resource_planet")]
    assert len(set(special)) == 4 and "planet" not in special
    for card in content.cards:
        if card.kind == "building":
            assert card.back.icon != card.icon and card.back.icon in content.icons
    for name in {c.icon for c in content.cards} | {c.back.icon for c in content.cards if c.back}:
        assert name in content.icons, name


def test_the_hourglass_is_drawn_on_both_sides():
    """templates/icons/time.svg is mirror-symmetric: every outline point has its twin across the middle."""
    from generator.drawing.icons import load_icon
    from tests.layout.conftest import REPO

    icon = load_icon(REPO / "templates" / "icons" / "time.svg")
    vx, _, vw, _ = icon.view
    middle = vx + vw / 2
    points = {(round(cmd[-2], 1), round(cmd[-1], 1)) for shape in icon.shapes for cmd in shape.commands if len(cmd) > 1}
    missing = [(x, y) for x, y in points if (round(2 * middle - x, 1), y) not in points]
    assert missing == []
