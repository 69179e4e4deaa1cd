"""The warnings `pnp check` gives about printed text: wrong word forms, and translations left behind.

Three sources, each a warning at its file and line (generator.content.text_lint and
translation_lint say how they decide): templates that print "1 cards" or "2 action", rules pages
whose `{{ ... }}` printed "1 Karten", and texts changed in one language only since the last
commit (only when the game folder is in a git repository; elsewhere this part is skipped).
"""

from __future__ import annotations

from generator.content.errors import ErrorList, Mark, relative
from generator.content.loader import GameContent
from generator.content.text_lint import (
    game_vocabulary,
    plural_warnings,
    printed_plural_problems,
)
from generator.content.translation_lint import (
    YAML_SUFFIXES,
    one_language_changes,
    warn_one_language,
    yaml_files,
)

BASELINE = "the last commit"


def text_warnings(content: GameContent, warnings: ErrorList, pages_rendered: bool) -> None:
    """Every text warning of one game; the rules pages are read only when they rendered (`pages_rendered`)."""
    plural_warnings(content, warnings)
    if pages_rendered:
        rules_page_warnings(content, warnings)
    translation_warnings(content, warnings)


def rules_page_warnings(content: GameContent, warnings: ErrorList) -> None:
    """A rules page whose template printed "1 <plural noun>": the `plural` helper picks the form."""
    from generator.rulestext.rules_text import render_rules

    for lang in content.languages:
        nouns = game_vocabulary(content, lang)
        for page in render_rules(content, lang, ErrorList()):  # rendered once per game: the check's own pages
            source_text = content.rules.get(lang, {}).get(page.source, "")
            for line, printed, noun in printed_plural_problems(source_text, page.markdown, lang, nouns):
                warnings.warn(
                    Mark(f"{content.root.name}/rules/{lang}/{page.source}", line, 1),
                    f"rules page prints '{printed}'",
                    hint=f'let the number choose the word: `{{{{ n | plural("{noun.one}", "{noun.many}") }}}}` '
                    f'prints "1 {noun.one}" and "2 {noun.many}"',
                    code="text",
                )


def translation_warnings(content: GameContent, warnings: ErrorList) -> None:
    """Texts changed in one language since the last commit; nothing when there is no git repository, nor in a
    game made in one language (no translation to leave behind)."""
    from generator.diff.revisions import files_at_head

    if len(content.languages) < 2:
        return
    committed = files_at_head(content.root, YAML_SUFFIXES)
    if committed is None:
        return
    changes = one_language_changes(committed, yaml_files(content.root), relative(content.root))
    warn_one_language(changes, BASELINE, warnings)
