"""Card names in rules prose link to their card pages, as glossary terms are marked: not in headings,
links, code or attribute lists, once per block, whole words in the name's own capitals."""

from __future__ import annotations

import re

import pytest

from generator.site.card_marks import CardMarker


def marker() -> CardMarker:
    names = [("aufstaende", "Riots"), ("elevator", "Space Elevator"), ("lift", "Elevator"), ("ab", "Ab")]
    return CardMarker(names, lambda card_id: f"../cards/{card_id}.html")


def test_the_first_use_of_a_name_in_each_block_links_the_card():
    marks = marker()
    out = marks.mark("Draw Riots, then Riots again.\n\n- Riots end a turn.")
    assert out == ("Draw [Riots](../cards/aufstaende.html){ .pnp-card-link }, then Riots again.\n\n"
                   "- [Riots](../cards/aufstaende.html){ .pnp-card-link } end a turn.")
    assert marks.linked == {"aufstaende"}


def test_the_longest_name_wins_and_a_name_may_wrap_a_line():
    out = marker().mark("The Space\nElevator and the Elevator.")
    assert out == ("The [Space\nElevator](../cards/elevator.html){ .pnp-card-link } and the "
                   "[Elevator](../cards/lift.html){ .pnp-card-link }.")


def test_headings_links_code_html_and_other_words_are_left_alone():
    text = ("# Riots\n\n[Riots](../cards/aufstaende.html){ .pnp-card-link } `Riots` <a href='x'>Riots</a> riots Riotsy "
            "{ #Riots } Ab")
    marks = marker()
    assert marks.mark(text) == text                 # "Ab": names shorter than three letters are never linked
    assert marks.linked == set()


def test_a_table_row_is_a_block_of_its_own():
    out = marker().mark("| Riots | Riots |\n|---|---|\n| Riots | x |")
    assert out.count("{ .pnp-card-link }") == 2


def test_a_game_without_cards_links_nothing():
    assert CardMarker([], lambda card_id: card_id).mark("Riots") == "Riots"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_built_rules_link_the_cards_they_name_to_pages_that_exist(built_all, lang):
    linked: dict[str, set[str]] = {}
    for game in ("escape-earth", "habitable", "terraforming-mars"):
        for page in sorted((built_all.site / game / lang / "rules").glob("*.html")):
            html = page.read_text(encoding="utf-8")
            for heading in re.findall(r"<h[1-6][^>]*>.*?</h[1-6]>", html, re.DOTALL):
                assert "pnp-card-link" not in heading, (page, heading)
            for target in re.findall(r'<a class="pnp-card-link" href="([^"]+)"', html) + re.findall(
                    r'<a href="([^"]+)" class="pnp-card-link"', html):
                assert (page.parent / target).resolve().is_file(), (page, target)
                linked.setdefault(game, set()).add(target)
    assert set(linked) == {"escape-earth", "habitable", "terraforming-mars"}
    assert len(linked["terraforming-mars"]) >= 5 and len(linked["habitable"]) >= 5, linked
