"""Where a reading of the Escape Earth rulebook was once a ruling of ours, the default now follows its words.

Each test quotes the sentence it holds the engine to; the earlier reading stays playable as a
named option (never the default), and is tested too.
"""

from __future__ import annotations

import pytest

from generator.rules.core import RuleError
from generator.rules.escape_earth import EscapeEarthGame
from generator.rules.presentation import parse_action
from tests.rules.conftest import names, put


def test_outposts_reveal_the_cards_after_their_own_position(table):
    """„Außenposten decken die nächsten 2 (oder 3) Galaxiekarten nach ihrer Position auf“."""
    s = table(revealed=6, ships=[3, 0])          # cards 1-6 face up; the ship stands on card 4
    s.apply(("build", "aussenposten"))
    assert s.revealed == 6                       # cards 5 and 6 are already face up: nothing new
    frontier = table(revealed=6, ships=[4, 0])   # on card 5: the cards after it are 6 (up) and 7
    frontier.apply(("build", "aussenposten"))
    assert frontier.revealed == 7


def test_an_upgraded_outpost_reveals_the_third_card_after_its_own(table):
    """„… (oder 3) Galaxiekarten nach ihrer Position“: the stronger side reaches one card further."""
    s = table(revealed=4, ships=[3, 0])
    s.apply(("build", "aussenposten"))           # reveals cards 5 and 6
    assert s.revealed == 6
    put(s, 1, "lab", cubes=1)
    s.apply(("upgrade", 3, ((1, "knowledge", 1),)))
    assert s.revealed == 7                       # card 7 = the third after card 4


def test_the_frontier_reading_remains_as_an_option(table):
    s = table(revealed=6, ships=[3, 0], options={"outposts": "frontier"})
    s.apply(("build", "aussenposten"))
    assert s.revealed == 8                       # the next 2 face-down cards, wherever they are


def test_cubes_are_paid_from_buildings_so_a_bare_planets_free_cube_does_not_pay(table):
    """„Nimm alle benötigten Aktivitätswürfel von deinen Gebäuden“."""
    s = table(events=["hungersnot"])
    s.free[4] = "food"                           # the food planet's free cube, no building there
    s.supply["food"] -= 1
    s._legal = None
    assert not [a for a in s.legal_actions() if a[0] == "fight"]
    with pytest.raises(RuleError) as info:
        s.apply(parse_action(s, "fight hungersnot pay food@5"))
    assert info.value.rule == "payment.missing" and "paid from buildings" in str(info.value)
    put(s, 4, "lab")                             # a building on that planet: its cube is "at" a building now
    assert "fight hungersnot pay food@5" in names(s)


def test_a_bare_planets_free_cube_pays_with_the_anywhere_option(table):
    s = table(events=["hungersnot"], options={"free-cubes": "anywhere"})
    s.free[4] = "food"
    s.supply["food"] -= 1
    s._legal = None
    assert "fight hungersnot pay food@5" in names(s)


def test_in_the_blocks_all_variant_the_anomalys_building_gives_no_cubes_and_cannot_be_upgraded(table):
    """The variant reads the aliens' „Ein Gebäude auf einer blockierten Galaxiekarte kann nicht verbessert
    werden, keine Aktivitätswürfel produzieren ...“ into the anomaly too; buildings beside it still work."""
    s = table(revealed=10, events=["hungersnot", "weltraumanomalie"], anomaly=6, options={"anomaly": "blocks-all"})
    put(s, 6, "farm", cubes=1)
    put(s, 5, "mine", cubes=1)
    s._legal = None
    assert not [a for a in s.legal_actions() if a[0] == "fight" and a[1] == "hungersnot"]
    with pytest.raises(RuleError) as info:
        s.apply(parse_action(s, "fight hungersnot pay food@7"))
    assert info.value.rule == "blocked.anomaly-cubes"
    with pytest.raises(RuleError) as info:
        s.apply(parse_action(s, "upgrade 7 pay material@6"))
    assert info.value.rule == "blocked.anomaly-upgrade"
    put(s, 4, "farm", cubes=1)                   # beside the anomaly: usable
    assert "fight hungersnot pay food@5" in names(s)


def test_by_the_rulebooks_words_the_anomaly_blocks_ships_only(table):
    """„Die Galaxiekarte mit der Anomalie ist blockiert und kein Raumschiff kann auf oder über diese Karte
    ziehen“; „Gebäude neben oder hinter der Anomalie können verbessert und ihre Aktivitätswürfel genutzt
    werden“, and a building lies „neben die Galaxiekarte mit deinem Raumschiff“: the building beside the
    anomaly's card gives its cubes and can be upgraded."""
    for options in ({}, {"anomaly": "blocks-moves"}):
        s = table(revealed=10, events=["hungersnot", "weltraumanomalie"], anomaly=6, options=options)
        put(s, 6, "farm", cubes=1)
        put(s, 5, "mine", cubes=1)
        s._legal = None
        assert "fight hungersnot pay food@7" in names(s)
        assert "upgrade 7 pay material@6" in names(s)


def test_earth_counts_as_a_planet(content, table):
    """A ruling: the rulebook lists Earth among the galaxy cards (1 parsec) and says hydroponic
    farms and robomines need a planet; this edition counts Earth as one."""
    earth = content.card("erde")
    assert earth.fields["planet"] is True
    s = table(ships=[0, 0])
    assert "build farm" in names(s)


def test_the_defaults_are_the_rulebooks_words(content):
    game = EscapeEarthGame(content)
    assert game.options == {"variant": "expert", "outposts": "rulebook", "free-cubes": "buildings",
                            "anomaly": "blocks-moves"}
