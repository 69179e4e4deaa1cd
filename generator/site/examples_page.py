"""Example turns: replayed by the rules engine on every build, then written as pages.

An example file holds a seed, options and actions with a narrative per step
(content/<game>/examples/*.yaml). The engine (generator/rules/examples.py) replays it; a step
the engine refuses fails the build with the file, the step and the rule
(generator.rules.examples.replay_examples). Nothing here invents a state or an event.
"""

from __future__ import annotations

from typing import Any

from generator.rulestext.i18n import label
from generator.rulestext.markup import escape, rel, table
from generator.site.card_pages import cards_named
from generator.site.gallery import card_page_path
from generator.site.game_site import GameSite
from generator.site.state_pictures import picture_markdown


def by_lang(value: Any, lang: str) -> Any:
    """A replay's words in `lang`: a mapping by language, a function of the language, or one value for all."""
    if isinstance(value, dict):
        return value.get(lang, [])
    if callable(value):
        return value(lang)
    return value


def setup_events(replay: Any, lang: str) -> list[str]:
    """What the set-up of a replayed example did, in `lang`."""
    return [str(e) for e in by_lang(getattr(replay, "setup_events_text", None) or {}, lang)]


def numbered(site: GameSite, page: str, items: list[str]) -> list[str]:
    """Events as a numbered Markdown list (escaped, icons and links resolved), then a blank line."""
    return [f"1. {site.md(escape(e), page)}" for e in items] + [""]


def step_heading(site: GameSite, page: str, step: Any, number: int, level: str) -> list[str]:
    """A replayed step's heading (`level`: `##`, `###`) with its action, then the narrative the example gives it."""
    action = by_lang(getattr(step, "action_text", {}), site.lang) or ""
    lines = [f"{level} {label('step', site.lang)} {number}: {escape(str(action))}", ""]
    narrative = getattr(step, "narrative", None)
    if narrative is not None:
        lines += [site.md(narrative.get(site.lang) if hasattr(narrative, "get") else str(narrative), page), ""]
    return lines


def step_picture(site: GameSite, page: str, example: Any, step: Any, number: int) -> list[str]:
    """The picture of the table after a replayed step, where the replay drew one."""
    return picture_markdown(site, page, (getattr(step, "picture", None) or {}).get(site.lang), f"{example.id}-{number}",
                            label("table_after_step", site.lang).replace("{n}", str(number)))


def _rows(step: Any, which: str, lang: str) -> list[tuple[str, str]]:
    value = by_lang(getattr(step, which, None) or [], lang)
    return [(str(a), str(b)) for a, b in value]


def _state_table(before: list[tuple[str, str]], after: list[tuple[str, str]], lang: str) -> str | None:
    """The rows a step changed, before and after; None when it changed nothing visible."""
    labels = list(dict.fromkeys([a for a, _ in before] + [a for a, _ in after]))
    old, new = dict(before), dict(after)
    rows = [[escape(name), escape(old.get(name, "–")), escape(new.get(name, "–"))]
            for name in labels if old.get(name) != new.get(name)]
    if not rows:
        return None
    return table([label("on_the_table", lang), label("before", lang), label("after", lang)], rows)


def _card_links(site: GameSite, page: str, step: Any) -> str:
    """The cards a step names (its action, its events), each linked to its page with the hover preview."""
    cards = {card.id: card for card in site.content.cards}
    if not cards:
        return ""
    ids = cards_named(str(getattr(step, "action", "")), getattr(step, "events", ()), set(cards))
    return " · ".join(f"[{escape(site.t(cards[i].name))}]({rel(page, card_page_path(site, i))}){{ .pnp-card-link }}"
                      for i in ids)


def _setting(site: GameSite, example: Any) -> str | None:
    """How the example is played, in the players' words: how many play and the variant's name.

    The seed and the option ids are the engine's business; an example that needs another reading
    of the rules (an option other than players and variant) says so in its intro."""
    game = site.content.game
    parts = []
    players = example.options.get("players")
    if players is None and game.players.min == game.players.max:
        players = game.players.min
    if players is not None:
        parts.append(f"{label('players', site.lang)}: {escape(str(players))}")
    variant = next((v for v in game.variants if v.id == str(example.options.get("variant"))), None)
    if variant is not None:
        parts.append(f"{label('variant', site.lang)}: {escape(site.t(variant.name))}")
    return " · ".join(parts) or None


def example_page(site: GameSite, example: Any, replay: Any) -> str:
    """One example as a page: intro, then per step the action, narrative, events and state change."""
    lang = site.lang
    page = site.path("examples", f"{example.id}.md")
    lines = [f"# {escape(site.t(example.title))}", ""]
    if example.intro is not None:
        lines += [site.md(site.t(example.intro), page), ""]
    setting = _setting(site, example)
    lines += ([setting, ""] if setting else []) + ['!!! info ""', "", f"    {label('replayed', lang)}", ""]
    setup = setup_events(replay, lang)
    if setup:
        lines += [f"## {label('setup_events', lang)}", ""] + numbered(site, page, setup)
    if replay.steps:
        start = _rows(replay.steps[0], "before", lang)
        start_picture = (getattr(replay, "start_picture", None) or {}).get(lang)
        if start or start_picture:
            lines += [f"## {label('state_at_start', lang)}", ""]
            lines += picture_markdown(site, page, start_picture, f"{example.id}-0", label("state_at_start", lang))
        if start:
            header = [label("on_the_table", lang), label("before", lang)]
            lines += [table(header, [[escape(a), escape(b)] for a, b in start]), ""]
    for number, step in enumerate(replay.steps, 1):
        lines += step_heading(site, page, step, number, "##")
        events = [str(e) for e in by_lang(getattr(step, "events_text", {}), lang)]
        if events:
            lines += [f"**{label('events', lang)}**", ""] + numbered(site, page, events)
        named = _card_links(site, page, step)
        if named:
            lines += [f"**{label('cards_in_step', lang)}:** {named}", ""]
        lines += step_picture(site, page, example, step, number)
        changes = _state_table(_rows(step, "before", lang), _rows(step, "after", lang), lang)
        if changes:
            lines += [changes, ""]
    outcome = getattr(replay, "outcome_text", None)
    if outcome:
        lines += [f"## {label('outcome', lang)}", "", f"**{escape(by_lang(outcome, lang))}**", ""]
    return site.page(f"examples/{example.id}.md", "\n".join(lines))


def example_pages(site: GameSite, replays: dict[str, Any]) -> list[tuple[str, str]]:
    """(title, page) of every replayed example, in the order of the content."""
    out = []
    for example in site.content.examples:
        if example.id in replays:
            out.append((site.t(example.title), example_page(site, example, replays[example.id])))
    return out
