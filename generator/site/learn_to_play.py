"""The learn-to-play page: set up the table and play a first turn, walked through with an example turn.

Nothing is written twice: the set-up steps are the sections of the rules' set-up page (linked by their
numbers), and the first turn is an example the rules engine replays on every build (the example called
`first-turn`, else the game's first), its steps shown with their narrative and the pictures of the table.
"""

from __future__ import annotations

from typing import Any

from generator.rulestext.i18n import label
from generator.rulestext.markup import escape
from generator.rulestext.quick_reference import word as quick_word
from generator.rulestext.word_tables import words_beside
from generator.site.examples_page import numbered, setup_events, step_heading, step_picture
from generator.site.game_site import GameSite
from generator.site.state_pictures import picture_markdown
from generator.site.term_index import WORDS as INDEX_WORDS
from generator.site.term_index import RulesSection, plain_title

PAGE = "learn-to-play.md"
FIRST_TURN = "first-turn"  # the example a game names so to be its learn-to-play turn
WORDS = words_beside(__file__)


def _word(key: str, lang: str, **values: str) -> str:
    text = WORDS[key][lang]
    return text.format(**values) if values else text


def first_turn(content: Any, replays: dict[str, Any]) -> Any | None:
    """The example the page walks through: `first-turn` when the game has it, else its first replayed one."""
    shown = [e for e in content.examples if e.id in replays]
    return next((e for e in shown if e.id == FIRST_TURN), shown[0] if shown else None)


def learn_to_play_page(site: GameSite, sections: list[RulesSection], replays: dict[str, Any],
                       links: dict[str, str]) -> str | None:
    """Write the page; None for a game without rules pages. `links` maps "components", "quick", "examples",
    "rules" (the first rules page) and "index" to their docs paths where the site has them."""
    if not sections:
        return None
    lang = site.lang
    page = site.path(PAGE)
    lines = [f"# {_word('learn_to_play', lang)}", "", _word("intro", lang), ""]
    setup = [s for s in sections if s.page.endswith("/setup.md")]
    if setup:
        top = setup[0]
        lines += [f"## {_word('set_up', lang)}", "",
                  _word("set_up_text", lang, components=links.get("components", "components.md"),
                        setup=f"{escape(plain_title(top.section.title))} ({top.section.number})", page=top.target), ""]
        lines += [f"1. [{escape(plain_title(s.section.title))} ({s.section.number})]({s.target})"
                  for s in setup if s.section.level == 2] + [""]
    example = first_turn(site.content, replays)
    if example is not None:
        replay = replays[example.id]
        lines += [f"## {_word('first_turn', lang)}", ""]
        lines += _walk(site, page, example, replay)
        lines += [_word("whole_example", lang, title=escape(site.t(example.title)),
                        page=f"examples/{example.id}.md"), ""]
    lines += [f"## {_word('at_hand', lang)}", ""]
    for key, words in (("quick", quick_word("quick_reference", lang)), ("index", INDEX_WORDS["term_index"][lang]),
                       ("examples", _word("all_examples", lang)), ("rules", _word("rules", lang))):
        if key in links:
            lines.append(f"- [{words}]({links[key]})")
    return site.page(PAGE, "\n".join(lines))


def _walk(site: GameSite, page: str, example: Any, replay: Any) -> list[str]:
    """The example's set-up, start picture and steps, each with its narrative and picture."""
    lang = site.lang
    lines: list[str] = []
    if example.intro is not None:
        lines += [site.md(site.t(example.intro), page), ""]
    setup = setup_events(replay, lang)
    if setup:
        lines += [f"**{label('setup_events', lang)}**", ""] + numbered(site, page, setup)
    start = (getattr(replay, "start_picture", None) or {}).get(lang)
    lines += picture_markdown(site, page, start, f"{example.id}-0", label("state_at_start", lang))
    for number, step in enumerate(replay.steps, 1):
        lines += step_heading(site, page, step, number, "###")
        lines += step_picture(site, page, example, step, number)
    return lines
