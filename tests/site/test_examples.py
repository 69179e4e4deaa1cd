"""Example turns on the site are engine replays; an example the engine refuses fails the build."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.examples import replay_example
from generator.rules.presentation import parse_action
from tests.site.conftest import REPO, copy_content, pnp_build


def write_example(content, name: str, steps: list[dict], options: dict | None = None) -> str:
    data = {"title": {"de": "Zwei Mal passen", "en": "Passing twice"}, "seed": 7,
            "options": options or {"variant": "beginner"}, "steps": steps}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    (content / "escape-earth" / "examples" / name).write_text(text, encoding="utf-8")
    return text


def narrative(de: str, en: str) -> dict:
    return {"de": de, "en": en}


@pytest.mark.slow
def test_an_example_page_shows_the_replay(tmp_path):
    content = copy_content(tmp_path / "content")
    (content / "escape-earth" / "examples").mkdir(exist_ok=True)
    write_example(content, "zz-pass-twice.yaml", [
        {"action": "pass", "narrative": narrative("Spieler 1 wartet ab.", "Player 1 waits.")},
        {"action": "pass", "narrative": narrative("Und noch einmal.", "And once more.")},
    ])
    root = tmp_path / "run"
    root.mkdir()
    run = pnp_build(root, content, "escape-earth")
    assert run.code == 0, run.err
    for lang, said, step_two in (("de", "Spieler 1 wartet ab.", "Und noch einmal."),
                                 ("en", "Player 1 waits.", "And once more.")):
        html = (run.site / "escape-earth" / lang / "examples" / "zz-pass-twice.html").read_text(encoding="utf-8")
        headings = re.findall(r'<h2 id="[^"]*">(.*?)<a', html)
        assert len([h for h in headings if h.startswith(("Schritt", "Step"))]) == 2
        assert said in html and step_two in html
        # the second pass ends the turn: the engine's log says the next player is up
        after_step_two = html.split(step_two)[1]
        assert re.search(r"<li>.*(Spieler 2|player 2)", after_step_two)
        assert "<table>" in after_step_two


@pytest.mark.slow
def test_a_refused_example_step_fails_the_build_naming_file_step_and_rule(built, tmp_path):
    content = copy_content(tmp_path / "content")
    (content / "escape-earth" / "examples").mkdir(exist_ok=True)
    text = write_example(content, "broken.yaml", [
        {"action": "pass", "narrative": narrative("Warten.", "Waiting.")},
        {"action": "push military@1", "narrative": narrative("Ohne Würfel?", "Without cubes?")},
    ])
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "push military@1" in row)
    from generator.checking import load_checked
    from generator.content.errors import ErrorList
    from generator.rules.registry import make_game

    errors = ErrorList()
    [game] = load_checked(content, ["escape-earth"], errors)
    state = make_game(game, {"variant": "beginner"}).new_initial_state(7)
    state.apply(parse_action(state, "pass"))
    refusal = state.explain(parse_action(state, "push military@1"))
    assert not refusal.legal, "the engine should refuse pushing the aliens without military cubes"

    root = tmp_path / "run"
    import shutil

    shutil.copytree(built.output, root / "output", symlinks=True)  # outputs are links into .pnp/current
    before = {p: p.read_bytes() for p in (root / "output").rglob("*") if p.is_file()}
    run = pnp_build(root, content, "escape-earth")
    assert run.code == 1
    [message] = [m for m in run.err.splitlines() if f"escape-earth/examples/broken.yaml:{line}:" in m]
    assert "example 'broken' step 2 (`push military@1`) is refused by the engine" in message
    assert refusal.text["en"] in message
    assert "build failed; the previous output is untouched" in run.err
    after = {p: p.read_bytes() for p in (root / "output").rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.skipif(not list((REPO / "content" / "escape-earth" / "examples").glob("*.yaml")),
                    reason="content/escape-earth/examples holds no examples yet")
def test_every_content_example_has_a_page_in_both_languages(built):
    ids = sorted(p.stem for p in (built.content / "escape-earth" / "examples").glob("*.yaml"))
    for lang in ("de", "en"):
        pages = sorted(p.stem for p in (built.site / "escape-earth" / lang / "examples").glob("*.html"))
        assert pages == ids


@pytest.mark.skipif(not (REPO / "content" / "escape-earth" / "examples" / "first-turn.yaml").is_file(),
                    reason="content/escape-earth/examples/first-turn.yaml is not there")
@pytest.mark.slow
def test_breaking_a_content_example_names_its_file_step_and_rule(tmp_path):
    content = copy_content(tmp_path / "content")
    path = content / "escape-earth" / "examples" / "first-turn.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    actions = [i for i, line in enumerate(lines) if line.strip().startswith("- action:")]
    step = 2
    lines[actions[step - 1]] = '  - action: "build starbase"'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    from generator.checking import load_checked
    from generator.content.errors import ErrorList

    errors = ErrorList()
    [game] = load_checked(content, ["escape-earth"], errors)
    example = next(e for e in game.examples if e.id == "first-turn")
    state = replay_example(game, example.model_copy(update={"steps": example.steps[:step - 1]})).state
    refusal = state.explain(parse_action(state, "build starbase"))
    assert not refusal.legal

    root = tmp_path / "run"
    root.mkdir()
    run = pnp_build(root, content, "escape-earth")
    assert run.code == 1
    [message] = [
        m for m in run.err.splitlines() if f"escape-earth/examples/first-turn.yaml:{actions[step - 1] + 1}:" in m
    ]
    assert (
        f"example 'first-turn' step {step} (`build starbase`) is refused by the engine: {refusal.text['en']}" in message
    )
    assert not (root / "output").exists() or not (root / "output" / "site").exists()


# words of the engine, not of the players, that an example page must not show
ENGINE_WORDS = [
    (re.compile(r"Random seed|Startwert|\bseed\b", re.I), "the seed"),
    (re.compile(r"\(\?\)|(?:^|[\s(:·])\?(?=[\s).,;·]|$)"), "a '?' for a hidden value"),
    (re.compile(r"\w\((?:s|n|e|en|es)\)"), "a plural hedge such as action(s)"),
]


def engine_words(site: Path, game: str) -> dict[str, list[str]]:
    """Per example page of `game` (both languages), the engine words its article shows."""
    from generator.rules.registry import engine_class

    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    checks = ENGINE_WORDS + [  # "variant: expert", "players: 3": an option's id with one of its values
        (re.compile(rf"\b{re.escape(spec.name)}: (?:{'|'.join(map(re.escape, spec.choices))})\b"),
         f"the option id '{spec.name}'") for spec in engine_class(content).option_specs]
    # a content id players never see printed: a board space's or a card's ("nw-w-lane", "start-mond")
    ids = sorted({space.id for board in content.boards for space in getattr(board, "spaces", None) or ()} |
                 {card.id for card in content.cards}, key=len, reverse=True)
    hyphenated = [i for i in ids if "-" in i]
    if hyphenated:
        checks.append((re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, hyphenated))})(?![\w-])"), "a content id"))
    found: dict[str, list[str]] = {}
    pages = sorted((site / game).glob("*/examples/*.html"))
    assert pages, f"no example pages of {game}"
    for page in pages:
        article = page.read_text(encoding="utf-8").split("<article", 1)[1].split("</article>", 1)[0]
        text = html.unescape(re.sub(r"<[^>]+>", " ", article))
        hits = [f"{why}: {match.group(0)!r}" for pattern, why in checks for match in pattern.finditer(text)]
        if hits:
            found[str(page.relative_to(site))] = sorted(set(hits))
    return found


def test_escape_earth_example_pages_speak_player_words(built):
    assert engine_words(built.site, "escape-earth") == {}
    page = (built.site / "escape-earth" / "de" / "examples" / "chaos.html").read_text(encoding="utf-8")
    assert "Variante: Experten" in page and "Personen: 2" in page
    english = (built.site / "escape-earth" / "en" / "examples" / "beginner-opening.html").read_text(encoding="utf-8")
    assert "Variant: Beginner" in english
    assert "1 Earth · 2 Space · 3 Planet · 4 Space · 5–16 face down" in english  # not "5 ? · 6 ? ..."
    assert "2 actions left" in english and "1 action left" in english


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "content").iterdir() if (p / "examples").is_dir()))
def test_every_games_example_pages_speak_player_words(built_all, game):
    assert engine_words(built_all.site, game) == {}


def picture_counts(site: Path, game: str, content: Path) -> dict[tuple[str, str], tuple[int, int]]:
    """(lang, example) -> (pictures on its page, steps + 1): one picture of the start, one per step."""
    counts = {}
    for source in sorted((content / game / "examples").glob("*.yaml")):
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
        for lang in ("de", "en"):
            page_path = site / game / lang / "examples" / f"{data.get('id', source.stem)}.html"
            page = page_path.read_text(encoding="utf-8")
            images = re.findall(r'<img alt="([^"]+)" class="pnp-picture pnp-zoom" src="([^"]+)"', page)
            for alt, src in images:
                assert alt.strip(), f"{page_path}: a picture without alt text"
                assert (page_path.parent / src).resolve().is_file(), src
            counts[lang, source.stem] = (len(images), len(data["steps"]) + 1)
    return counts


def test_every_escape_earth_example_step_has_its_picture(built):
    counts = picture_counts(built.site, "escape-earth", built.content)
    assert counts and all(shown == wanted for shown, wanted in counts.values()), counts
    english = (built.site / "escape-earth" / "en" / "examples" / "beginner-opening.html").read_text(encoding="utf-8")
    assert "The table after step 2" in english and 'alt="Galaxy: 1 Earth' in english
    german = (built.site / "escape-earth" / "de" / "examples" / "beginner-opening.html").read_text(encoding="utf-8")
    assert "Der Tisch nach Schritt 2" in german and 'alt="Galaxie: 1 Erde' in german


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "content").iterdir() if (p / "examples").is_dir()))
def test_every_games_example_steps_have_pictures(built_all, game):
    counts = picture_counts(built_all.site, game, built_all.content)
    assert counts and all(shown == wanted for shown, wanted in counts.values()), counts


def test_an_example_step_links_the_cards_it_names(built):
    page = (built.site / "escape-earth" / "en" / "examples" / "beginner-opening.html").read_text(encoding="utf-8")
    step_one = page.split('<h2 id="step-1-')[1].split('<h2 id="step-2-')[0]
    assert ('<strong>Cards in this step:</strong> <a class="pnp-card-link" href="../cards/weltraumlabor.html">'
            'Space lab</a>') in step_one
    german = (built.site / "escape-earth" / "de" / "examples" / "beginner-opening.html").read_text(encoding="utf-8")
    assert '<a class="pnp-card-link" href="../cards/weltraumlabor.html">Weltraumlabor</a>' in german
