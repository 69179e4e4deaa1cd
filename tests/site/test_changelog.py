"""Versions from git: a tagged change of a card cost and a rules sentence shows on the changelog page, on the changed
section and on the card page in both languages; the footers show the rules version and its date; a repository
without tags builds no changelog; planted markup in a tag message or an erratum prints as text."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli_in_process import run_pnp
from tests.once import once_per_run
from tests.site.browser import browser_missing

TINY = Path(__file__).resolve().parents[1] / "content" / "tiny"
PLANTED_TAG = "First <script>alert('tag')</script><b>release</b>\n\nFixes {amount} and {{ game }} in the rules."
PLANTED_ERRATUM = "Hunger <img src=x onerror=alert(1)> costs 3, not 2"
RULES = {
    "de": ("Regeln", "Aufbau", "Jede Person nimmt zwei Karten.", "Handel", "Tausche eine Nahrung gegen eine Karte.",
           "Tausche zwei Nahrung gegen eine Karte."),
    "en": ("Rules", "Set-up", "Each player takes two cards.", "Trading", "Trade one food for one card.",
           "Trade two food for one card."),
}


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=Designer", "-c", "user.email=designer@example.org",
                           "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", *args],
                          cwd=repo, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


def small_game(repo: Path) -> Path:
    """The tiny test game with a version, a card cost and a rules page of three sections, in `repo`/content."""
    game = repo / "content" / "tiny"
    shutil.copytree(TINY, game)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace(
        "play_time: {min: 5, max: 10}\n", 'play_time: {min: 5, max: 10}\nversion: {number: "1.0", date: 2026-11-01}\n'),
        encoding="utf-8")
    cards = game / "cards" / "events.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("    count: 2\n", "    count: 2\n    cost: 2\n"),
                     encoding="utf-8")
    for lang, (title, first, first_text, second, second_text, _) in RULES.items():
        (game / "rules" / lang / "overview.md").write_text(
            f"# {title}\n\n## {first}\n\n{first_text}\n\n## {second}\n\n{second_text}\n", encoding="utf-8")
    return game


def version_1_1(game: Path, erratum: bool = True) -> None:
    """Version 1.1: the card costs 3, one rules sentence says two food, an erratum says so."""
    cards = game / "cards" / "events.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cost: 2", "cost: 3"), encoding="utf-8")
    for lang, (*_, old, new) in RULES.items():
        page = game / "rules" / lang / "overview.md"
        page.write_text(page.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    yaml = game / "game.yaml"
    text = yaml.read_text(encoding="utf-8").replace('number: "1.0", date: 2026-11-01',
                                                    'number: "1.1", date: 2026-11-28')
    if erratum:
        text += f'errata:\n  - version: "1.1"\n    text: "{PLANTED_ERRATUM}"\n'
    yaml.write_text(text, encoding="utf-8")


@dataclass
class Built:
    repo: Path
    output: Path
    first_log: str  # the build before v1.1 was tagged

    def page(self, lang: str, path: str) -> str:
        return (self.output / "site" / "tiny" / lang / path).read_text(encoding="utf-8")


def article(page: str) -> str:
    """The page's own text (its <article>), tags dropped, entities read."""
    body = page.split("<article", 1)[1].split("</article>", 1)[0]
    inline = re.sub(r"</?(a|strong|em|span|code|abbr)\b[^>]*>", "", body)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", inline)))


def build(repo: Path, output: Path) -> subprocess.CompletedProcess[str]:
    done = run_pnp("build", "--content", str(repo / "content"), "--output", str(output))
    assert done.returncode == 0, done.stderr
    return done


@pytest.fixture(scope="module")
def versioned(tmp_path_factory) -> Built:
    """Tag v1.0, change a card cost and a rules sentence, commit, build (1.1 not tagged yet), tag v1.1, build again:
    once per test run (tests.once, also across pytest-xdist's workers); tests only read it."""

    def make(repo: Path) -> dict:
        game = small_game(repo)
        git(repo, "init", "-q")
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "Tiny 1.0")
        git(repo, "tag", "-a", "v1.0", "-m", PLANTED_TAG)
        version_1_1(game)
        git(repo, "commit", "-qam", "Tiny 1.1")
        output = repo / "output"
        first = build(repo, output)
        first_changelog = (output / "site" / "tiny" / "en" / "changelog.html").read_text(encoding="utf-8")
        git(repo, "tag", "v1.1")
        build(repo, output)
        return {"first_log": first.stderr + article(first_changelog)}

    repo, facts = once_per_run(tmp_path_factory, "versioned", make)
    return Built(repo, repo / "output", facts["first_log"])


@pytest.mark.parametrize("lang, section, card", [
    ("en", "Section 1.2 Trading changed", "Card Hunger: now costs 3 (was 2)"),
    ("de", "Abschnitt 1.2 Handel geändert", "Karte Hunger: kostet jetzt 3 (vorher 2)"),
])
def test_the_changelog_lists_the_card_cost_and_the_rules_section_in_player_words(versioned, lang, section, card):
    text = article(versioned.page(lang, "changelog.html"))
    newest, older = text.split("1.0 ·", 1)
    assert section in newest and card in newest
    assert ("28 November 2026" if lang == "en" else "28. November 2026") in newest
    assert ("The first published version" if lang == "en" else "Die erste veröffentlichte Version") in older
    for designer_word in ("cost:", "fields", "lose_cube", "fight_cost", "pnp ", "rule-1-2", "engine"):
        assert designer_word not in text, designer_word
    links = versioned.page(lang, "changelog.html")
    assert 'href="rules/overview.html#rule-1-2"' in links and 'href="cards/hunger.html"' in links


@pytest.mark.parametrize("lang, mark", [("en", "Changed in 1.1"), ("de", "Geändert in 1.1")])
def test_the_changed_section_and_the_card_page_carry_the_mark(versioned, lang, mark):
    rules = versioned.page(lang, "rules/overview.html")
    sections = re.split(r'<h2 id="rule-', rules)
    marked = {part.split('"', 1)[0]: mark in part.split("<h2", 1)[0] for part in sections[1:]}
    assert marked == {"1-1": False, "1-2": True}
    assert f'class="pnp-changed" href="../changelog.html#version-1-1">{mark}' in rules \
        or f'href="../changelog.html#version-1-1" class="pnp-changed">{mark}' in rules
    assert mark in versioned.page(lang, "cards/hunger.html")
    assert mark not in versioned.page(lang, "cards/sturm.html")


@pytest.mark.parametrize("lang, version", [("en", "Version 1.1 · 28 November 2026"),
                                           ("de", "Version 1.1 · 28. November 2026")])
def test_every_page_and_pdf_shows_the_rules_version_and_its_date(versioned, lang, version):
    pages = sorted((versioned.output / "site" / "tiny" / lang).rglob("*.html"))
    assert len(pages) > 5
    for page in pages:
        if page.name == "404.html":
            continue
        footer = page.read_text(encoding="utf-8").split('class="md-copyright"', 1)[1].split("</div>", 2)
        assert version in html.unescape("".join(footer[:2])), page
    designer = versioned.output / "site-designer" / "tiny" / lang / "index.html"
    assert version in html.unescape(designer.read_text(encoding="utf-8").split('class="md-copyright"', 1)[1])
    from pypdf import PdfReader

    for pdf in (f"rules-{lang}-a4.pdf", f"cards-{lang}-a4.pdf"):
        text = "\n".join(p.extract_text() for p in PdfReader(versioned.output / "tiny" / pdf).pages)
        assert version in text and "pnp-forge" not in text, pdf


def test_a_tag_made_after_a_build_is_in_the_next_build(versioned):
    """The site's cache key names the tags: 1.1 was listed as in progress before its tag, with its date after."""
    assert "Version 1.1 · in progress" in versioned.first_log and "Trade two food" not in versioned.first_log
    assert "Card Hunger: now costs 3 (was 2)" in versioned.first_log
    assert "Version 1.1 · 28 November 2026" in article(versioned.page("en", "changelog.html"))


def test_planted_markup_in_a_tag_message_and_an_erratum_prints_as_text(versioned):
    for lang in ("en", "de"):
        for path in ("changelog.html", "errata.html"):
            page = versioned.page(lang, path)
            assert "<script>alert" not in page and "<b>release" not in page and "<img src=\"x\"" not in page
            assert "onerror" not in page or "onerror=alert(1)&gt;" in page
        changelog = versioned.page(lang, "changelog.html")
        assert "&lt;script&gt;alert('tag')&lt;/script&gt;&lt;b&gt;release&lt;/b&gt;" in changelog.replace("&#x27;", "'")
        assert "Fixes {\u2060amount\u2060} and {\u2060{\u2060 game \u2060}\u2060} in the rules." in article(changelog)
        assert "Hunger &lt;img src=x onerror=alert(1)&gt; costs 3, not 2" in versioned.page(lang, "errata.html")


def test_the_errata_page_lists_each_version_s_corrections(versioned):
    text = article(versioned.page("en", "errata.html"))
    assert "Errata¶ Corrections of the rules" in text and "Version 1.1¶" in text and PLANTED_ERRATUM in text
    assert "Errata" in article(versioned.page("en", "index.html"))


def test_a_repository_without_tags_builds_without_a_changelog(tmp_path):
    game = small_game(tmp_path)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "Tiny 1.0")
    version_1_1(game, erratum=False)
    output = tmp_path / "output"
    build(tmp_path, output)
    site = output / "site" / "tiny" / "en"
    assert not (site / "changelog.html").exists() and not (site / "errata.html").exists()
    overview = (site / "rules" / "overview.html").read_text(encoding="utf-8")
    assert "Changed in" not in overview and "changelog" not in overview
    assert "Version 1.1 · 28 November 2026" in overview


def test_version_tags_of_the_game_win_over_the_shared_ones_and_others_are_ignored(tmp_path):
    from generator.diff.history import _tags

    small_game(tmp_path)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "one")
    for tag in ("v1.0", "tiny/v1.0", "v1.10", "v1.9", "release-2", "v2.x", "other/v3.0"):
        git(tmp_path, "tag", tag)
    tags = _tags(tmp_path, "tiny")
    assert [(t.number, t.tag) for t in tags] == [("1.0", "tiny/v1.0"), ("1.9", "v1.9"), ("1.10", "v1.10")]


def test_a_game_without_a_version_prints_as_a_draft_told_apart_by_a_hash(tmp_path):
    from generator.checking import load_checked
    from generator.content.errors import ErrorList
    from generator.render.cards_step import build_version
    from generator.rulebook.step import printed_version

    shutil.copytree(TINY, tmp_path / "tiny")
    errors = ErrorList()
    draft = load_checked(tmp_path, ["tiny"], errors)[0]
    assert not errors and draft.game.version is None
    for lang, word in (("en", "Draft"), ("de", "Entwurf")):
        for shown in (build_version(draft, lang), printed_version(draft, lang)):
            assert re.fullmatch(rf"{word} · [0-9a-f]{{8}}", shown), shown
    versioned = load_checked(small_game(tmp_path / "repo").parent, ["tiny"], errors)[0]
    assert build_version(versioned, "de") == printed_version(versioned, "de") == "Version 1.0 · 1. November 2026"


def test_a_bad_version_date_is_refused_at_its_line(tmp_path):
    game = small_game(tmp_path)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("2026-11-01", "2026-13-01"), encoding="utf-8")
    line = next(n for n, text in enumerate(yaml.read_text(encoding="utf-8").split("\n"), 1) if "2026-13-01" in text)
    done = run_pnp("check", "--content", str(tmp_path / "content"), "tiny")
    assert done.returncode == 1, done.stderr
    assert f"game.yaml:{line}:" in done.stderr and "YYYY-MM-DD" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")
def test_in_chromium_the_mark_and_the_footer_lead_to_the_version_in_the_changelog(versioned):
    """Opened from disk: the section's mark leads to version 1.1 in the changelog, the footer to the changelog, and
    the planted tag message shows as text without running."""
    from tests.site.browser import chromium

    site = versioned.output / "site" / "tiny"
    with chromium() as browser:
        tab = browser.new_page(viewport={"width": 1100, "height": 900})
        tab.set_default_timeout(20_000)
        problems: list[str] = []
        tab.on("pageerror", lambda e: problems.append(str(e)))
        tab.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
        for lang, mark, heading in (("en", "Changed in 1.1", "Version 1.1 · 28 November 2026"),
                                    ("de", "Geändert in 1.1", "Version 1.1 · 28. November 2026")):
            tab.goto((site / lang / "rules" / "overview.html").as_uri())
            badge = tab.locator("a.pnp-changed")
            assert badge.count() == 1 and badge.inner_text() == mark
            assert badge.is_visible()
            badge.click()
            tab.wait_for_load_state()
            assert tab.url.endswith("/changelog.html#version-1-1")
            assert tab.locator("#version-1-1").inner_text().startswith(heading)
            assert tab.locator("blockquote").first.inner_text().startswith("First <script>alert('tag')</script>")
            tab.goto((site / lang / "cards" / "hunger.html").as_uri())
            tab.locator(".pnp-rules-version a").click()
            tab.wait_for_load_state()
            assert tab.url.endswith(f"/{lang}/changelog.html")
        assert problems == []


def test_a_version_too_big_to_read_is_listed_without_its_changes(versioned, monkeypatch):
    from generator.build_cache import BuildCache
    from generator.checking import load_checked
    from generator.content.errors import ErrorList
    from generator.diff import history

    content = load_checked(versioned.repo / "content", ["tiny"], ErrorList())[0]
    whole = history.GitHistory().history(content, BuildCache(None))
    assert whole is not None and [(e.number, e.compared) for e in whole.entries] == [("1.1", True), ("1.0", True)]
    monkeypatch.setattr(history, "MAX_BYTES", 100)  # the tiny game's folder holds more
    bounded = history.GitHistory().history(content, BuildCache(None))
    assert bounded is not None and [(e.number, e.compared, e.empty()) for e in bounded.entries] == [
        ("1.1", False, True), ("1.0", True, True)]
    assert bounded.marked_sections == {} and bounded.marked_cards == {}
    assert bounded.notes == ["version 1.0 (v1.0) cannot be read: no changes marked"]
