"""What `pnp build` writes for the site: both languages, the same pages in each, data in the text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.conftest import copy_content, pnp_build


def pages(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*.html")}


def test_both_languages_have_the_same_pages(built):
    de, en = pages(built.site / "escape-earth" / "de"), pages(built.site / "escape-earth" / "en")
    assert de == en
    for page in ("index.html", "components.html", "cards.html", "downloads.html", "glossary.html",
                 "rules/setup.html", "rules/turn.html", "rules/actions.html"):
        assert page in de, page
    assert (built.site / "index.html").is_file() and (built.site / "escape-earth" / "index.html").is_file()
    # a game built alone gets its site alone: the list of games holds it and nothing else
    assert sorted(p.name for p in built.site.iterdir()) == ["escape-earth", "index.html"]
    assert re.findall(r'class="pnp-game" href="([^"]+)"', (built.site / "index.html").read_text(encoding="utf-8")) \
        == ["escape-earth/index.html"]
    assert (built.output / ".pnp" / "project" / "docs" / "escape-earth" / "mkdocs.de.yml").is_file(), \
        "the mkdocs project is kept in output/.pnp/project"
    assert not (built.root / "site").exists(), "nothing is written beside the output folder"


def test_language_switch_links_each_page_to_its_twin(built):
    html = (built.site / "escape-earth" / "de" / "rules" / "setup.html").read_text(encoding="utf-8")
    links = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w+)" class="md-select__link"', html))
    assert {v: k for k, v in links.items()}["en"] == "../../en/rules/setup.html"
    assert 'rel="alternate"' not in html, "the theme's sitemap-based switch would send readers to the start page"


def test_rules_numbers_and_designed_marks_come_from_content(built):
    html = (built.site / "escape-earth" / "en" / "rules" / "card-reference.html").read_text(encoding="utf-8")
    row = re.search(r"<td>(?:<a [^>]*>)?Starbase(?:</a>)?</td>\s*<td>(\d+)</td>\s*<td>(\d+)</td>", html)
    assert row and row.groups() == ("3", "4")
    setup = (built.site / "escape-earth" / "de" / "rules" / "setup.html").read_text(encoding="utf-8")
    assert "18 Galaxiekarten" in setup and "{{" not in setup
    assert 'class="pnp-designed"' in setup


def test_gallery_shows_every_card_with_its_text(built):
    html = (built.site / "escape-earth" / "de" / "cards.html").read_text(encoding="utf-8")
    for card_id, name in (("sternenbasis", "Sternenbasis"), ("hungersnot", "Hungersnot"), ("erde", "Erde")):
        assert re.search(rf'<h3 id="card-{card_id}"><a href="cards/{card_id}.html">{name}</a>', html), card_id
    section = html.split('id="card-sternenbasis"')[1].split("<h3")[0]
    assert "<strong>Baukosten:</strong> 4" in section
    assert "sternenbasis-front.svg" in section and "sternenbasis-back.svg" in section


def test_glossary_terms_are_tooltips(built):
    html = (built.site / "escape-earth" / "de" / "rules" / "actions.html").read_text(encoding="utf-8")
    assert re.search(r'<abbr title="Reisekosten einer Galaxiekarte \(1 oder 2\)\.">Parsec</abbr>', html)
    english = (built.site / "escape-earth" / "en" / "rules" / "events.html").read_text(encoding="utf-8")
    # a word form, and a definition whose colon and apostrophes went through Markdown and the cleaner intact
    assert re.search(r'<abbr title="Three different events are active at the same time: the game ends at once, '
                     r'and you have lost\.">Chaos</abbr>', english)
    assert "&amp;#" not in english and "becomes <abbr" not in english and "becomes <strong><abbr" not in english
    turn = (built.site / "escape-earth" / "en" / "rules" / "turn.html").read_text(encoding="utf-8")
    assert re.search(r'<abbr title="Travel cost of a galaxy card \(1 or 2\)\.">parsecs</abbr>', turn)


@pytest.mark.slow
def test_a_broken_rules_page_fails_and_keeps_the_previous_site(built, tmp_path):
    content = copy_content(tmp_path / "content")
    page = content / "escape-earth" / "rules" / "en" / "30-turn.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{{ card('starbase').fields.build_cost }}\n", encoding="utf-8")
    root = tmp_path / "run"
    root.mkdir()
    import shutil

    shutil.copytree(built.output, root / "output", symlinks=True)  # outputs are links into .pnp/current
    before = {p: p.read_bytes() for p in (root / "output" / "site").rglob("*") if p.is_file()}
    run = pnp_build(root, content, "escape-earth")
    assert run.code == 1
    line = len(page.read_text(encoding="utf-8").splitlines())
    assert f"escape-earth/rules/en/30-turn.md:{line}:1: error: rules template: unknown card 'starbase'" in run.err
    after = {p: p.read_bytes() for p in (root / "output" / "site").rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.slow
def test_same_content_gives_a_byte_identical_site(tmp_path):
    content = copy_content(tmp_path / "content")  # a snapshot: both builds read the same bytes
    builds = []
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        run = pnp_build(tmp_path / name, content, "escape-earth")
        assert run.code == 0, run.err
        builds.append({str(p.relative_to(run.site)): p.read_bytes() for p in run.site.rglob("*") if p.is_file()})
    first, second = builds
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_components_page_counts_and_pictures_come_from_content(built):
    html = (built.site / "escape-earth" / "en" / "components.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr>\s*<td><img alt=\"([^\"]+)\" class=\"pnp-component\" src=\"([^\"]+)\"(?: /)?></td>\s*"
                      r"<td>(.*?)</td>\s*<td>(\d+)(.*?)</td>", html, re.S)
    by_name = {alt: (src, int(count), rest) for alt, src, _, count, rest in rows}
    assert by_name["Galaxy cards"][1] == 18 and by_name["Event cards"][1] == 12
    assert by_name["Spaceships"][1] == 2
    assert sum(count for name, (_, count, _) in by_name.items() if name.startswith("Activity cubes")) == 30
    assert "pnp-designed" in by_name["Activity cubes (food)"][2], "the cube split is this edition's choice"
    for src, _, _ in by_name.values():
        assert (built.site / "escape-earth" / "en" / src).resolve().is_file(), src


@pytest.mark.slow
def test_a_broken_link_in_a_rules_page_names_the_page_and_line(tmp_path):
    content = copy_content(tmp_path / "content")
    page = content / "escape-earth" / "rules" / "de" / "30-turn.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSiehe [die Karten](../karten.md).\n", encoding="utf-8")
    line = len(page.read_text(encoding="utf-8").splitlines())
    root = tmp_path / "run"
    root.mkdir()
    run = pnp_build(root, content, "escape-earth")
    assert run.code == 1
    assert (f"escape-earth/rules/de/30-turn.md:{line}:1: error: mkdocs build --strict: Doc file "
            "'rules/turn.md' contains a link '../karten.md'") in run.err
    assert not (root / "output" / "site").exists()


def test_downloads_list_every_print_file_with_what_it_is_for(built):
    import zipfile

    html = (built.site / "escape-earth" / "en" / "downloads.html").read_text(encoding="utf-8")
    for name, words in (("cards-en-a4.pdf", "double-sided home printer"),
                        ("cards-en-letter-gutterfold.pdf", "one-sided printer"),
                        ("duplex-calibration-en-a4.pdf", "shifts the back side"),
                        ("cards-en-pod.pdf", "print-on-demand"),
                        ("tts-en.zip", "Tabletop Simulator")):
        row = re.search(r"<tr>\s*<td>([^<]*)</td>\s*<td><a href=\"([^\"]+)\">" + re.escape(name), html)
        assert row and words in row.group(1), name
    archive = built.site / "escape-earth" / "en" / "downloads" / "tts-en.zip"
    with zipfile.ZipFile(archive) as zipped:
        listed = set(zipped.namelist())
        deck = zipped.read("galaxy.json").decode("utf-8")
    assert '"FaceURL": "galaxy-faces-1.png"' in deck  # no path of the machine that built the site
    assert {"galaxy.json", "galaxy-faces-1.png", "galaxy-back.png"} <= listed
    german = (built.site / "escape-earth" / "de" / "downloads.html").read_text(encoding="utf-8")
    assert "Faltbögen" in german and "tts-de.zip" in german


def test_the_setup_page_shows_the_table_after_setup_in_each_language(built):
    for lang, caption, alt, earth in (("en", "The table after setup", "Galaxy: 1 Earth", "Earth"),
                                      ("de", "Der Tisch nach dem Aufbau", "Galaxie: 1 Erde", "Erde")):
        page = built.site / "escape-earth" / lang / "rules" / "setup.html"
        html = page.read_text(encoding="utf-8")
        [(shown_alt, src)] = re.findall(r'<img alt="([^"]+)" class="pnp-picture pnp-zoom" src="([^"]+)"', html)
        assert src == "../pictures/rules/setup-0.svg" and shown_alt.startswith(alt)
        assert f"<em>{caption}</em>" in html
        svg = (page.parent / src).resolve().read_text(encoding="utf-8")
        assert svg.startswith("<?xml") and f">{earth}<" in svg


def test_every_card_has_its_page_with_faces_text_rules_and_examples(built):
    import yaml

    ids = [card["id"] for source in sorted((built.content / "escape-earth" / "cards").glob("*.yaml"))
           for card in yaml.safe_load(source.read_text(encoding="utf-8"))["cards"]]
    for lang, rules_title, example_title in (("en", "Actions", "Opening of a beginner game"),
                                             ("de", "Aktionen", "Eröffnung im Anfängerspiel")):
        folder = built.site / "escape-earth" / lang / "cards"
        assert sorted(p.stem for p in folder.glob("*.html")) == sorted(ids)
        gallery = (built.site / "escape-earth" / lang / "cards.html").read_text(encoding="utf-8")
        assert '<a href="cards/aussenposten.html">' in gallery
        page = (folder / "aussenposten.html").read_text(encoding="utf-8")
        assert 'src="aussenposten-front.svg"' in page and 'src="aussenposten-back.svg"' in page
        assert "Outpost+" in page if lang == "en" else "Außenposten+" in page
        rules = page.split('id="in-the-rules"' if lang == "en" else 'id="in-den-regeln"')[1]
        assert f'<a href="../rules/actions.html">{rules_title} (4)</a>' in rules  # cited with its number
        assert f'<a href="../examples/beginner-opening.html">{example_title}</a>' in page
        assert '<a href="../cards.html#card-aussenposten">' in page
    unused = (built.site / "escape-earth" / "en" / "cards" / "bauen-1.html").read_text(encoding="utf-8")
    assert "pnp-face" in unused
