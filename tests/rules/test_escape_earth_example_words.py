"""Escape Earth's example narratives agree with the table the engine replays.

A narrative that says where an activity card lies ("Player 1's Build card lies at position 4:
active, 4 build points") is checked against the engine's summary of the table before that step,
in both languages, so text and table cannot contradict each other on the same page.
"""

from __future__ import annotations

import re

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.examples import replay_example
from tests.site.conftest import REPO

# where a narrative says an activity card lies before its step; `player` when it names one
CLAIMS = {
    "en": [
        r"(?:Player (?P<player>\d)'s |The |the )(?P<card>[A-Z][\w ]*?) card (?:lies at|has slid to|slid to) "
        r"position (?P<pos>\d)(?P<rest>[^.]*)",
        r"with the (?P<card>[A-Z][\w ]*?) card \(position (?P<pos>\d)(?P<rest>[^)]*)",
        r"slid the (?P<card>[A-Z][\w ]*?) card to position (?P<pos>\d)(?P<rest>[^.]*)",
    ],
    "de": [
        r"Die Karte (?P<card>[A-ZÄÖÜ][\wäöüß ]*?) (?:von Spieler (?P<player>\d) )?(?:liegt auf|ist jetzt auf|ist auf) "
        r"Position (?P<pos>\d)(?P<rest>[^.]*)",
        r"mit der Karte (?P<card>[A-ZÄÖÜ][\wäöüß ]*?) \(Position (?P<pos>\d)(?P<rest>[^)]*)",
        r"ist die Karte (?P<card>[A-ZÄÖÜ][\wäöüß ]*?) auf Position (?P<pos>\d)(?P<rest>[^.]*)",
    ],
}
BUILD_POINTS = {"en": r"(\d) build points", "de": r"(\d) Baupunkte"}
ROW_LABEL = {"en": "Activities player {p}", "de": "Aktivitäten Spieler {p}"}
ROW_ITEM = re.compile(r"(\d) ([^·(✓]+?)✓? \(")


@pytest.fixture(scope="module")
def escape_earth():
    errors = ErrorList()
    [game] = load_checked(REPO / "content", ["escape-earth"], errors)
    assert not errors
    return game


def claims(escape_earth):
    """(example, step, lang, player, card, position, build points or None) of every narrative claim."""
    for example in escape_earth.examples:
        replay = replay_example(escape_earth, example)
        for step in replay.steps:
            for lang, patterns in CLAIMS.items():
                text = " ".join(step.narrative.get(lang).split())
                for pattern in patterns:
                    for match in re.finditer(pattern, text):
                        points = re.search(BUILD_POINTS[lang], match.group("rest"))
                        player = int(match.groupdict().get("player") or step.player + 1)  # as narratives count
                        yield (example.id, step, lang, player, match.group("card").strip(), int(match.group("pos")),
                               int(points.group(1)) if points else None)


def test_narratives_name_the_positions_the_engine_shows(escape_earth):
    found = list(claims(escape_earth))
    assert len(found) >= 12, "the narratives' claims were not recognised"
    assert {(f[0], f[1].index, f[2]) for f in found} >= {("beginner-opening", 1, "en"), ("beginner-opening", 1, "de")}
    wrong = []
    for example_id, step, lang, player, card, position, points in found:
        rows = dict(step.before[lang])
        row = dict((int(pos), name.strip()) for pos, name in ROW_ITEM.findall(rows[ROW_LABEL[lang].format(p=player)]))
        if row.get(position) != card:
            wrong.append(f"{example_id} step {step.index} ({lang}): {card} at {position}, the table shows {row}")
        elif points is not None:
            [activity] = [c for c in escape_earth.cards if c.kind == "activity" and c.fields["player"] == player
                          and c.name.get(lang) == card]
            expected = activity.fields["build_points"][position - 1]
            if points != expected:
                wrong.append(
                    f"{example_id} step {step.index} ({lang}): {points} build points, the card gives {expected}"
                )
    assert not wrong, "\n".join(wrong)
