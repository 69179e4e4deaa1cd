"""The quick reference: made from the content data, the same on the site's page and in the player aid.

Every bundled game has one in both languages with an action/cost table and an icon legend; a cost changed
in a copy of the content changes the table; the legend lists every icon the card faces draw; the player
aid PDF holds the same tables; the page's card links resolve and content text is escaped.
"""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pdfplumber
import pytest

from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.rulestext.quick_reference import card_icons, quick_reference
from tests.site.conftest import REPO

GAMES = ["astronuts", "escape-earth", "habitable", "terraforming-mars"]
NUMBER = re.compile(r"\d+")


def loaded(root: Path):
    errors = ErrorList()
    content = load_game(root, errors)
    assert content is not None and not errors, errors.as_text()
    return content


def game_copy(tmp_path: Path, game: str) -> Path:
    target = tmp_path / game
    shutil.copytree(REPO / "content" / game, target, ignore=shutil.ignore_patterns("balance", "playthroughs"))
    return target


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_game_has_a_quick_reference_with_an_action_cost_table_and_an_icon_legend(bundled_contents, game,
                                                                                        lang):
    errors = ErrorList()
    reference = quick_reference(bundled_contents[game], lang, errors)
    assert not errors, errors.as_text()
    assert reference is not None and reference.turn and reference.end
    assert reference.tables and all(table.rows for table in reference.tables)
    assert any(NUMBER.search(cost) for table in reference.tables for _, cost, _ in table.rows)
    assert reference.icons
    markdown = reference.markdown()
    assert "{{" not in markdown and "{%" not in markdown  # every template rendered
    for table in reference.tables:
        assert f"## {table.title}" in markdown


@pytest.mark.parametrize("game", ["escape-earth", "habitable", "terraforming-mars"])
def test_the_icon_legend_lists_every_icon_the_cards_draw(bundled_contents, game):
    content = bundled_contents[game]
    for lang in ("de", "en"):
        reference = quick_reference(content, lang, ErrorList())
        assert reference is not None
        legend = {name for name, _ in reference.icons}
        drawn = {name for name in card_icons(content, lang) if name in content.icons}
        assert drawn and drawn <= legend, drawn - legend
        # each icon is named in words, never by a file name ("event-draw")
        assert not [name for name, words in reference.icons if words == name and "-" in name]


def test_the_table_follows_a_cost_changed_in_the_data(tmp_path):
    root = game_copy(tmp_path, "terraforming-mars")
    before = quick_reference(loaded(root), "en", ErrorList())
    assert before is not None
    projects = {t.title: t for t in before.tables}["Standard projects"]
    assert ("11 :megacredits:" in [cost for _, cost, _ in projects.rows])
    cards = root / "cards" / "reference.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("id: kraftwerk-bauen\n    kind: standard_project\n    cost: 11", "id: kraftwerk-bauen\n"
                        "    kind: standard_project\n    cost: 12")
    text = text.replace("threshold: 35, claim_cost: 8", "threshold: 35, claim_cost: 9")
    cards.write_text(text, encoding="utf-8")
    after = quick_reference(loaded(root), "en", ErrorList())
    assert after is not None
    projects = {t.title: t for t in after.tables}["Standard projects"]
    power = next(row for row in projects.rows if row[0] == "Power station")
    assert power[1] == "12 :megacredits:"
    actions = {t.title: t for t in after.tables}["Actions A to G"]
    milestone = next(row for row in actions.rows if row[0].startswith("C "))
    assert milestone[1] == "9 :megacredits:"


def test_a_misspelt_card_in_the_quick_reference_is_an_error_at_game_yaml(tmp_path):
    root = game_copy(tmp_path, "escape-earth")
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("card('bauen-1').name", "card('bauen-9').name"),
                    encoding="utf-8")
    errors = ErrorList()
    reference = quick_reference(loaded(root), "en", errors)
    assert reference is not None
    [error] = errors.errors
    assert error.mark.file.endswith("escape-earth/game.yaml")
    text = game.read_text(encoding="utf-8")
    assert error.mark.line == text[:text.index("\nquick_reference:")].count("\n") + 2
    assert "quick_reference.tables[0].rows[2].cost" in error.message and "bauen-9" in error.message


def test_content_text_in_the_reference_is_escaped(tmp_path):
    root = game_copy(tmp_path, "escape-earth")
    cards = root / "cards" / "buildings.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: {de: Robomine, en: Robomine}",
                                                               "name: {de: Robomine, en: 'Robo*mine* <b>'}"),
                     encoding="utf-8")
    reference = quick_reference(loaded(root), "en", ErrorList())
    assert reference is not None
    [row] = [row for t in reference.tables for row in t.rows if "Robo" in row[0]]
    assert row[0] == r"Robo\*mine\* \<b\>"


PLAYERS = re.compile(r'<article class="md-content__inner[^"]*">(.*?)</article>', re.S)


@pytest.mark.slow
def test_the_site_page_and_the_player_aid_show_the_same_tables(built_all, bundled_contents):
    for game in GAMES:
        content = bundled_contents[game]
        for lang in ("de", "en"):
            reference = quick_reference(content, lang, ErrorList())
            assert reference is not None
            page = built_all.site / game / lang / "quick-reference.html"
            html = page.read_text(encoding="utf-8")
            article = PLAYERS.search(html)
            assert article, page
            body = article.group(1)
            assert "<table" in body and "<script" not in body
            shown = unescape(re.sub(r"<[^>]+>", " ", body))
            # every card link leads to a card page that exists
            for target in re.findall(r'href="(cards/[^"#]+)"', body):
                assert (page.parent / target).is_file(), (game, lang, target)
            # the legend shows each icon as a picture with its words
            assert body.count('class="pnp-icon"') >= len(reference.icons) or body.count("<img") >= len(reference.icons)
            with pdfplumber.open(built_all.output / game / f"player-aid-{lang}-a4.pdf") as pdf:
                printed = " ".join(pdf.pages[0].extract_text().split())
            for table in reference.tables:
                assert table.title in shown and table.title in printed
                for name, cost, _ in table.rows:
                    words = re.sub(r":[a-z0-9-]+:|\\|\[|\]\([^)]*\)\{[^}]*\}", " ", name).split()
                    assert " ".join(words) in " ".join(shown.split()), (game, lang, name)
                    for number in NUMBER.findall(cost):
                        assert number in printed and number in shown, (game, lang, name, cost)
            # the navigation and the overview link the page
            overview = (built_all.site / game / lang / "index.html").read_text(encoding="utf-8")
            assert 'href="quick-reference.html"' in overview


def rules_parts(content, lang: str):
    from generator.rulestext.rule_sections import number_sections
    from generator.rulestext.rules_text import render_rules
    from generator.site.term_index import page_sections

    parts = []
    for number, page in enumerate(render_rules(content, lang, ErrorList()), start=1):
        parts += page_sections(f"rules/{page.slug}.md", page.markdown, number_sections(page.markdown, number))
    return parts


@pytest.mark.parametrize("game", GAMES)
def test_the_term_index_links_every_term_to_its_defining_section_and_its_uses(bundled_contents, game, tmp_path):
    from generator.site.game_site import GameSite
    from generator.site.term_index import term_index_page
    from generator.site.tree import DocsTree

    content = bundled_contents[game]
    for lang in ("de", "en"):
        tree = DocsTree(lang)
        site = GameSite(content, lang, tmp_path, tree)
        parts = rules_parts(content, lang)
        page = term_index_page(site, parts)
        assert page == "term-index.md"
        text = tree.pages[page]
        targets = {part.target for part in parts}
        links = re.findall(r"\]\((rules/[^)]+)\)", text)
        assert links and set(links) <= targets, set(links) - targets
        terms = re.findall(r"^- \*\*(.+?)\*\*", text, re.M)
        assert len(terms) == len(content.game.glossary)
        assert [t.casefold() for t in terms] == sorted(t.casefold() for t in terms)
        # every term that the glossary marks find in the rules has its uses, and a defining section
        assert text.count(" — ") >= len(terms) - 1
        letters = re.findall(r"^## (\S+) \{ #index-", text, re.M)
        assert letters == sorted(letters)


def test_the_defining_section_is_the_one_whose_heading_starts_with_the_term(bundled_contents, tmp_path):
    from generator.site.game_site import GameSite
    from generator.site.term_index import term_index_page
    from generator.site.tree import DocsTree

    tree = DocsTree("en")
    site = GameSite(bundled_contents["escape-earth"], "en", tmp_path, tree)
    text = tree.pages[term_index_page(site, rules_parts(bundled_contents["escape-earth"], "en"))]
    [line] = [line for line in text.split("\n") if line.startswith("- **galaxy card**")]
    assert re.match(r"- \*\*galaxy card\*\* — defined in \[2\.1 Galaxy cards\]\(rules/setup\.md#rule-2-1\); "
                    r"used in \[", line), line


@pytest.mark.slow
def test_the_term_index_and_learn_to_play_pages_resolve_on_the_built_site(built_all, bundled_contents):
    for game in GAMES:
        for lang in ("de", "en"):
            folder = built_all.site / game / lang
            for name in ("term-index.html", "learn-to-play.html"):
                body = PLAYERS.search((folder / name).read_text(encoding="utf-8"))
                assert body, (game, lang, name)
                for target in re.findall(r'(?:href|src)="([^"#:]+)(?:#([^"]*))?"', body.group(1)):
                    path, anchor = target
                    assert (folder / path).is_file(), (game, lang, name, path)
                    if anchor and path.endswith(".html"):
                        assert f'id="{anchor}"' in (folder / path).read_text(encoding="utf-8"), (game, lang, target)
            learn = (folder / "learn-to-play.html").read_text(encoding="utf-8")
            assert 'href="examples/' in learn and "pictures/examples/" in learn  # the first turn, with pictures
            assert 'href="rules/setup.html#rule-2' in learn


def test_a_ruling_is_shown_beside_the_rule_it_clarifies_and_on_the_card_it_names(bundled_contents):
    from generator.site.rulings_beside import card_rulings, rulings_cards_of, rulings_map, with_rulings

    content = bundled_contents["escape-earth"]
    for lang in ("de", "en"):
        parts = rules_parts(content, lang)
        by_rule, by_card = rulings_map(parts, {}, rulings_cards_of(content, lang, parts))
        # the aliens' rulings (the cards they name in both languages) stand under "Moving the aliens" (6.1)
        assert [r.number for r in by_rule["rule-6-1@rules/aliens-anomaly.md"]] == ["9.2", "9.6"]
        assert [r.number for r in by_card["aliens"]] == ["9.2", "9.6"]
        page = "# <span id=\"x\"></span>6 A { #rule-6 }\n\n## 6.1 B { #rule-6-1 }\n\nText.\n\n## 6.2 C { #rule-6-2 }\n"
        shown = with_rulings(page, "rules/aliens-anomaly.md", by_rule, lang)
        before, after = shown.split("## 6.2 C")
        assert "](rulings.md#rule-9-2)" in before and "](rulings.md#rule-9-6)" in before and "rulings.md" not in after
        assert "](../rules/rulings.md#rule-9-2)" in card_rulings(by_card["aliens"], lang)
    # a card name that is a common noun in one language only ("Ereignis", the time card) names no card
    assert "ereignis" not in rulings_map(rules_parts(content, "de"), {}, rulings_cards_of(
        content, "de", rules_parts(content, "de")))[1]


@pytest.mark.slow
def test_the_rulings_stand_beside_their_rule_and_on_their_card_page_on_the_built_site(built_all):
    for lang in ("de", "en"):
        folder = built_all.site / "escape-earth" / lang
        rules = (folder / "rules" / "aliens-anomaly.html").read_text(encoding="utf-8")
        section = rules[rules.index('id="rule-6-1"'):rules.index('id="rule-6-2"')]
        assert 'href="rulings.html#rule-9-2"' in section and 'href="rulings.html#rule-9-6"' in section
        card = (folder / "cards" / "aliens.html").read_text(encoding="utf-8")
        assert 'href="../rules/rulings.html#rule-9-2"' in card
        assert 'id="rule-9-2"' in (folder / "rules" / "rulings.html").read_text(encoding="utf-8")


def test_the_quick_reference_page_links_the_sections_it_sums_up(bundled_contents, tmp_path):
    from generator.site.game_site import GameSite
    from generator.site.quick_reference import quick_reference_page
    from generator.site.tree import DocsTree

    content = bundled_contents["escape-earth"]
    tree = DocsTree("en")
    errors = ErrorList()
    page = quick_reference_page(GameSite(content, "en", tmp_path, tree), errors, rules_parts(content, "en"))
    assert not errors and page == "quick-reference.md"
    text = tree.pages[page]
    assert text.startswith("# Escape Earth · Quick reference\n")
    # the sections the rules mark { .player-aid }, by number, at the end
    assert re.findall(r"\]\((rules/[a-z-]+\.md#rule-[0-9-]+)\)", text.split("## The rules in full")[1]) == [
        "rules/turn.md#rule-3-1", "rules/turn.md#rule-3-2", "rules/aliens-anomaly.md#rule-6-1",
        "rules/aliens-anomaly.md#rule-6-2", "rules/end.md#rule-7"]
    # card names link to their pages, icons are pictures with words
    assert "[Outpost](cards/aussenposten.md){ .pnp-card-link }" in text
    assert "![Knowledge](icons/knowledge.svg)" in text or "icons/knowledge.svg" in text
