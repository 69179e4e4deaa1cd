"""The players' changelog and errata pages, and the "Changed in 1.2" marks on rules sections and card pages.

The history itself (versions from git tags, compared) comes from generator.diff.history through
the build; this module only writes it as a player reads it: per version, the rules sections,
cards and examples that changed, and the errata game.yaml lists for that version. Every text from
a tag message or an erratum is escaped, so it prints as written and never becomes markup.
"""

from __future__ import annotations

import datetime
import re

from generator.content.schema_version import long_date, version_key
from generator.rulestext.markup import escape, rel
from generator.rulestext.word_tables import words_beside
from generator.site.changelog_model import VersionEntry
from generator.site.game_site import GameSite

CHANGELOG = "changelog.md"
ERRATA = "errata.md"
WORDS = words_beside(__file__)
NUMBERED_TITLE = re.compile(r"^\d+(\.\d+)*\s+")


MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def as_written(text: str) -> str:
    """Text from a tag message or an erratum as Markdown that prints it as written: markup characters escaped,
    `<`, `>` and `&` as entities (Python-Markdown has no backslash escape for `<`)."""
    text = MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def unbraced(text: str) -> str:
    """A tag message's braces with an invisible word joiner inside: `{amount}` in a message is the designer's
    words, not a template field the build left unrendered (generator.rulestext.unrendered), and reads the same."""
    return text.replace("{", "{\u2060").replace("}", "\u2060}")


def word(key: str, lang: str, **values: str) -> str:
    return WORDS[key]["de" if lang == "de" else "en"].format(**values)


def version_anchor(number: str) -> str:
    return "version-" + number.replace(".", "-")


def _day(date: str, lang: str) -> str:
    try:
        return long_date(datetime.date.fromisoformat(date), lang)
    except ValueError:
        return escape(date)


def changed_mark(site: GameSite, page: str, change: str) -> str:
    """The mark a changed section or card page carries: a link to its version in the changelog."""
    history = site.history
    assert history is not None and history.current is not None
    text = word("new_in" if change == "added" else "changed_in", site.lang, v=history.current)
    target = f"{rel(page, CHANGELOG)}#{version_anchor(history.current)}" if has_changelog(site) else None
    return f"[{text}]({target}){{ .pnp-changed }}" if target else f"*{text}*{{ .pnp-changed }}"


def has_changelog(site: GameSite) -> bool:
    return site.history is not None and bool(site.history.entries)


def mark_sections(site: GameSite, page: str, markdown: str) -> str:
    """The rules page with a mark under each heading the current version changed (by its `rule-` anchor)."""
    marked = site.history.marked_sections.get(site.lang, {}) if site.history and site.history.current else {}
    if not marked:
        return markdown
    lines = markdown.split("\n")
    out: list[str] = []
    for line in lines:
        out.append(line)
        if line.startswith("#"):
            found = re.search(r"\{[^}]*#(rule-[0-9-]+)[^}]*\}\s*$", line)
            if found and found.group(1) in marked:
                out += ["", changed_mark(site, page, marked[found.group(1)]), ""]
    return "\n".join(out)


def card_mark(site: GameSite, page: str, card_id: str) -> list[str]:
    """The mark of a card page whose card the current version changed ([] when it did not)."""
    history = site.history
    if history is None or history.current is None or card_id not in history.marked_cards:
        return []
    return [changed_mark(site, page, history.marked_cards[card_id]), ""]


def _entry_lines(site: GameSite, entry: VersionEntry, rules: dict[str, str]) -> list[str]:
    lang, page = site.lang, CHANGELOG
    history = site.history
    day = _day(entry.date, lang) if entry.tag else word("not_tagged", lang)
    lines = [f"## {word('version', lang)} {entry.number} · {day} {{ #{version_anchor(entry.number)} }}", ""]
    if entry.message:
        lines += ["\n".join(f"> {as_written(unbraced(line))}" if line.strip() else ">"
                            for line in entry.message.split("\n")), ""]
    errata = [e for e in site.content.game.errata if e.version == entry.number]
    if errata:
        lines += [f"**{word('errata', lang)}**", ""]
        lines += [f"- {site.md(as_written(site.t(e.text)), page)}" for e in errata] + [""]
    if entry.previous is None:
        return lines + [word("first", lang), ""]
    if not entry.compared:
        return lines + [word("unreadable", lang), ""]
    if entry.empty():
        return lines + [word("nothing", lang), ""]
    lines += [word("since", lang, v=entry.previous), ""]
    current = history is not None and entry.number == history.current
    for change in entry.sections.get(lang, []):
        title = escape(NUMBERED_TITLE.sub("", change.title))
        name = f"{change.number} {title}"
        if current and change.anchor and change.page in rules:
            name = f"[{name}]({rel(page, rules[change.page])}#{change.anchor})"
        lines.append(f"- {word('section', lang)} {name} {word(change.change, lang)}")
    for card in entry.cards.get(lang, []):
        name = escape(card.name)
        if card.change != "removed" and card.card_id in {c.id for c in site.content.cards}:
            name = f"[{name}]({rel(page, f'cards/{card.card_id}.md')})"
        said = "; ".join(site.md(sentence, page) for sentence in card.sentences)  # the card's own lines, as the gallery
        lines.append(f"- {word('card', lang)} {name}: {said}" if said else
                     f"- {word('card', lang)} {name} {word(card.change, lang)}")
    for example in entry.examples.get(lang, []):
        how = word("example_changed" if example.change == "changed" else example.change, lang)
        lines.append(f"- {word('example', lang)} „{escape(example.title)}“ {how}" if lang == "de"
                     else f"- {word('example', lang)} “{escape(example.title)}” {how}")
    return lines + [""]


def changelog_page(site: GameSite, rules: dict[str, str]) -> str | None:
    """The changelog (newest version first), or None without a history; `rules`: page slug -> docs path."""
    if not has_changelog(site):
        return None
    assert site.history is not None
    lines = [f"# {word('changelog', site.lang)}", "", word("intro", site.lang), ""]
    for entry in site.history.entries:
        lines += _entry_lines(site, entry, rules)
    return site.page(CHANGELOG, "\n".join(lines))


def errata_page(site: GameSite) -> str | None:
    """The errata game.yaml lists, newest version first; None when there are none."""
    errata = site.content.game.errata
    if not errata:
        return None
    lines = [f"# {word('errata', site.lang)}", "", word("errata_intro", site.lang), ""]
    for number in sorted({e.version for e in errata}, key=version_key, reverse=True):
        lines += [f"## {word('version', site.lang)} {number} {{ #{version_anchor(number)} }}", ""]
        lines += [f"- {site.md(as_written(site.t(e.text)), ERRATA)}" for e in errata if e.version == number] + [""]
    return site.page(ERRATA, "\n".join(lines))
