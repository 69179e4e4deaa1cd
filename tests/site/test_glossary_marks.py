"""Glossary tooltips: word forms, longest match first, whole words, senses, and where nothing is marked."""

from __future__ import annotations

import re

from generator.site.glossary_marks import Marker, Term, title_attribute

REEF = Term("reef", ("Reef",), "Your row of creatures.")
SHARK = Term("reef_shark", ("Reef shark", "Reef sharks"), "A creature of the open water.")
COLONY = Term("colony", ("Colony", "colonies"), "A pawn on a planet.")
ACTIVE = Term("active", ("active",), "An activity card is active at the positions on its top edge.",
              avoid=("becomes active", "stays active", "active events"))


def marked(markdown: str, *terms: Term) -> list[tuple[str, str]]:
    """(tooltip, marked words) of every tooltip on the page, in order."""
    html = Marker(terms).mark(markdown)
    return re.findall(r'<abbr title="([^"]*)">([^<]*)</abbr>', html)


def test_a_term_is_not_marked_inside_a_longer_term():
    assert marked("A Reef shark hunts in your Reef.", REEF, SHARK) == [
        ("A creature of the open water.", "Reef shark"), ("Your row of creatures.", "Reef")]
    assert marked("Two reef sharks.", REEF, SHARK) == [("A creature of the open water.", "reef sharks")]


def test_a_term_is_not_marked_inside_a_longer_word():
    assert marked("Reefs, Reef-Set, Coralreef and reefkeeper.", REEF) == []
    kolonie = Term("colony", ("Kolonie", "Kolonien"), "Ein Männchen.")
    assert marked("Koloniegröße, Großkolonie; zwei Kolonien.", kolonie) == [("Ein Männchen.", "Kolonien")]


def test_umlauts_and_sharp_s_are_letters_of_a_word():
    outpost = Term("outpost", ("Außenposten",), "Ein Gebäude.")
    assert marked("Außenposten und Außenpostenkarte", outpost) == [("Ein Gebäude.", "Außenposten")]
    oel = Term("oil", ("Öl",), "Ein Rohstoff.")
    assert marked("Kein Ölfass, aber Öl.", oel) == [("Ein Rohstoff.", "Öl")]


def test_word_forms_get_the_term_tooltip_whatever_their_case():
    assert marked("Count your colonies.\n\nColonies win.", COLONY) == [
        ("A pawn on a planet.", "colonies"), ("A pawn on a planet.", "Colonies")]


def test_a_phrase_of_another_sense_is_not_marked():
    page = "This event becomes **active**.\n\nThe event stays active.\n\nThe active events count.\n\n" \
           "The card is active at position 4."
    assert marked(page, ACTIVE) == [(ACTIVE.definition, "active")]
    assert "is <abbr" in Marker([ACTIVE]).mark(page)


def test_an_acronym_matches_in_capitals_only():
    tr = Term("tr", ("TR",), "Terraform rating.")
    assert marked("Raise your TR; tr is no word.", tr) == [("Terraform rating.", "TR")]


def test_each_term_is_marked_once_per_block():
    page = "Colony here, colony there.\nStill the same paragraph: colony.\n\n- colony in a list\n- colony again\n" \
           "\n| Colony | colony |\n|---|---|\n| colony | colony |"
    assert [words for _, words in marked(page, COLONY)] == ["Colony", "colony", "colony", "Colony", "colony"]


def test_headings_links_code_html_and_attributes_are_never_marked():
    page = "\n".join([
        "# Colony", "## Your colony { #colony }", "[a colony](colony.md) and ![colony](colony.svg)",
        "`colony` and <span title=\"colony\">x</span>", "```", "colony", "```", "*[colony]: old style",
        "!!! note \"colony\"", "Text { .colony }"])
    assert marked(page, COLONY) == []
    assert Marker([COLONY]).mark(page) == page


def test_definitions_are_escaped_for_html_and_markdown():
    evil = Term("x", ("Parsec",), '"><img src=x onerror=alert(1)> | *a* [b](c) `d` \\e')
    html = Marker([evil]).mark("| Parsec | 1 |")
    assert "<img" not in html and 'onerror' in html and '"><' not in html
    assert html.count("|") == 3, "a pipe in a definition would split the table row"
    assert title_attribute('a "b" <c>') == "a &#34;b&#34; &#60;c&#62;"


def test_a_phrase_wrapped_over_two_lines_is_still_one_phrase():
    event = Term("active_event", ("active event", "active events"), "A revealed event card not yet fought.")
    card_sense = Term("active", ("active",), "An activity card at a position on its top edge.",
                      avoid=("becomes active",))
    assert marked("It joins the active\nevents at once.", card_sense, event) == [
        ("A revealed event card not yet fought.", "active\nevents")]
    assert marked("The event\nbecomes active.", card_sense, event) == []


def test_a_compound_word_gets_no_tooltip_unless_declared_as_a_form():
    outpost = Term("outpost", ("Außenposten",), "Ein Gebäude.")
    galaxy = Term("galaxy_card", ("Galaxiekarte", "Galaxiekarten"), "Eine Karte der Galaxie.")
    page = "Außenpostenkarte, Galaxiekartenstapel und M€-Produktion; Galaxiekarten und Außenposten."
    megacredits = Term("megacredits", ("M€",), "Das Geld.")
    assert marked(page, outpost, galaxy, megacredits) == [("Eine Karte der Galaxie.", "Galaxiekarten"),
                                                         ("Ein Gebäude.", "Außenposten")]
    # declared as a form, the compound carries the term's tooltip, whole and before its shorter part
    declared = Term("outpost", ("Außenposten", "Außenpostenkarte"), "Ein Gebäude.")
    assert marked("Die Außenpostenkarte zeigt den Außenposten.", declared) == [("Ein Gebäude.", "Außenpostenkarte")]
    hyphenated = Term("megacredits", ("M€", "M€-Produktion"), "Das Geld.")
    assert marked("Deine M€-Produktion steigt.", hyphenated) == [("Das Geld.", "M€-Produktion")]
