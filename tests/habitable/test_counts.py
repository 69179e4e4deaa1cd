"""Every number of the rulebook's component list holds in the content, as `pnp info` reports it."""

from __future__ import annotations

import json
from collections import Counter

from tests.content.conftest import pnp
from tests.habitable.conftest import CONTENT

COLOURS = ("blue", "purple", "pink", "white", "black")


def info() -> dict:
    result = pnp("info", "habitable", "--content", str(CONTENT), "--format", "json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_info_reports_the_rulebooks_card_counts() -> None:
    data = info()
    assert data["players"] == {"min": 2, "max": 5}
    assert data["cards_by_kind"] == {"epoch_one": 38, "epoch_two": 34, "starter": 50, "event": 7, "goal": 7,
                                     "planet": 16}


def test_info_reports_the_rulebooks_components() -> None:
    comps = {c["id"]: c for c in info()["components"]}
    assert comps["board"]["count"] == 1 and comps["board"]["type"] == "board"
    assert comps["player-boards"]["count"] == 5
    assert comps["distance-dice"]["count"] == 2 and comps["distance-dice"]["type"] == "die"
    assert comps["start-marker"]["count"] == 1
    assert comps["life-tokens"]["count"] > 0
    for colour in COLOURS:  # 6 numbered planet tiles (2 each of 1, 2, 3) and 12 markers per player
        assert [comps[f"tiles-{colour}-{n}"]["count"] for n in (1, 2, 3)] == [2, 2, 2]
        assert comps[f"markers-{colour}"]["count"] == 12
    assert sum(1 for cid in comps if cid.startswith("markers-")) == 5


def test_five_identical_starter_decks_of_ten(habitable) -> None:
    starter = habitable.cards_of("starter")
    assert all(card.count % 5 == 0 for card in starter)
    assert sum(card.count // 5 for card in starter) == 10
    names = Counter(card.name.de for card in starter)
    assert names["Planetensuche"] and names["Mond"]


def test_the_difficulty_table_is_the_rulebooks(habitable) -> None:
    table = {v.id: (v.settings["events_epoch_one"], v.settings["events_epoch_two"]) for v in habitable.game.variants}
    assert table == {"easy": (1, 1), "normal": (1, 2), "hard": (2, 2)}
    assert [v.name.de for v in habitable.game.variants] == ["Einfach", "Normal", "Schwer"]
    assert max(sum(v) for v in table.values()) <= len(habitable.cards_of("event"))
