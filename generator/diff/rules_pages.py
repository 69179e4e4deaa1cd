"""Rules pages whose text came out different: both revisions rendered, compared as the reader gets them.

Rules pages are templates (`build cost {{ b.fields.build_cost }}`), so a card change rewrites
sentences in pages nobody edited. Each page is rendered in each language in both revisions and
compared line by line; a changed page shows as a unified diff of its rendered Markdown.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import LANGUAGES
from generator.rulestext.rules_text import RulesPage, render_rules

CONTEXT_LINES = 2


@dataclass
class PageChange:
    lang: str
    page: str                 # the file name (`40-actions.md`)
    title: str
    change: str               # added, removed, changed
    diff: list[str] = field(default_factory=list)     # unified diff lines, headers included
    removed: list[str] = field(default_factory=list)  # the lines only the old page has
    added: list[str] = field(default_factory=list)    # the lines only the new page has

    def as_json(self) -> dict[str, Any]:
        return {"lang": self.lang, "page": self.page, "title": self.title, "change": self.change,
                "diff": "\n".join(self.diff), "removed": self.removed, "added": self.added}


def rendered_pages(content: GameContent, errors: ErrorList) -> dict[tuple[str, str], RulesPage]:
    """Every rules page of a game in every language, by (language, file name)."""
    return {(lang, page.source): page for lang in LANGUAGES for page in render_rules(content, lang, errors)}


def page_changes(old: GameContent, new: GameContent, old_errors: ErrorList, new_errors: ErrorList,
                 old_name: str = "before", new_name: str = "after") -> list[PageChange]:
    """Pages added, removed, or whose rendered text changed, by language and page order of the new game."""
    before, after = rendered_pages(old, old_errors), rendered_pages(new, new_errors)
    changes: list[PageChange] = []
    for key in sorted(before.keys() | after.keys(), key=lambda k: (LANGUAGES.index(k[0]), k[1])):
        lang, source = key
        then, now = before.get(key), after.get(key)
        old_lines = then.markdown.splitlines() if then else []
        new_lines = now.markdown.splitlines() if now else []
        if then is not None and now is not None and old_lines == new_lines:
            continue
        where = f"rules/{lang}/{source}"
        diff = list(difflib.unified_diff(old_lines, new_lines, f"{old_name}: {where}", f"{new_name}: {where}",
                                         n=CONTEXT_LINES, lineterm=""))
        removed = [line[1:] for line in diff[2:] if line.startswith("-")]
        added = [line[1:] for line in diff[2:] if line.startswith("+")]
        change = "added" if then is None else "removed" if now is None else "changed"
        shown = now or then
        changes.append(PageChange(lang, source, shown.title if shown else source, change, diff, removed, added))
    return changes
