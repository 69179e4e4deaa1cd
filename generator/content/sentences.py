"""The sentences a rules engine speaks, kept in content next to the rules pages.

`rules/<lang>/sentences.yaml` holds one template per event kind, refusal rule, outcome cause
and action kind, so the rulebook pages and the referee speak with one voice and a translator
edits one place. Templates use `{name}` fields that the engine fills with words from the
content (card names, resource names, places). `words` and `labels` hold the small words a game's
summaries and sentences share.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from pydantic import Field

from generator.content.errors import ErrorList, relative
from generator.content.model_errors import validate_model
from generator.content.schema import LANGUAGES
from generator.content.schema_base import Model
from generator.content.word_forms import Field as WordField
from generator.content.yaml_source import load_yaml

SENTENCES_FILE = "sentences.yaml"
SECTIONS = ("events", "refusals", "outcomes", "actions", "labels", "words")
MAX_TEMPLATE_CHARS = 2000


class Sentences(Model):
    """One language's sentences of a game's referee: templates whose `{name}` fields the engine fills."""

    events: dict[str, str] = Field(default={}, description="one sentence per event kind the engine emits")
    refusals: dict[str, str] = Field(default={}, description="one per rule the engine refuses an action by, plus "
                                     "`unknown-action` (with `{action}`) and `game-over`")
    outcomes: dict[str, str] = Field(default={}, description="one per way the game ends")
    actions: dict[str, str] = Field(default={}, description="one per kind of action: what it does")
    labels: dict[str, str] = Field(default={}, description="the row labels of the engine's summary of the table")
    words: dict[str, str] = Field(default={}, description="small words sentences share; `unfinished` "
                                  "ends a game stopped early, `unseen` stands for a secret value")


def load_sentences(rules_folder: Path, errors: ErrorList, languages: tuple[str, ...] = LANGUAGES,
                   ) -> tuple[dict[str, dict[str, dict[str, str]]], dict[str, Any]]:
    """Per language of the game (`languages`), the sections of sentences.yaml (empty when a game has none)
    and their sources."""
    found: dict[str, dict[str, dict[str, str]]] = {}
    sources: dict[str, Any] = {}
    for lang in languages:
        path = rules_folder / lang / SENTENCES_FILE
        if not path.is_file():
            continue
        doc = load_yaml(path, errors, relative(path))
        if doc.data is None:
            continue
        model = validate_model(Sentences, doc.data, doc.source, errors)
        if model is None:
            continue
        sections = {name: dict(getattr(model, name)) for name in SECTIONS}
        for name, table in sections.items():
            for key, text in table.items():
                if len(text) > MAX_TEMPLATE_CHARS:
                    errors.add(doc.source.mark((name, key)),
                               f"sentence '{name}.{key}' is longer than {MAX_TEMPLATE_CHARS} characters",
                               (name, key), code="limit")
                    continue
                problem = template_problem(text)
                if problem:
                    errors.add(doc.source.mark((name, key)), f"sentence '{name}.{key}' cannot be filled: {problem}",
                               (name, key), hint="write a value as `{name}` or its word forms as `{n:card|cards}`, "
                               "and a brace itself as `{{` or `}}`", code="sentence")
        found[lang] = sections
        sources[lang] = doc.source
    return found, sources


def template_problem(template: str) -> str | None:
    """Why the engine could not fill `template` (a brace left open, a field with no name, a lookup
    inside a value, a spec it cannot print), or None: found here rather than when the engine speaks."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        return f"{str(exc)[:1].lower()}{str(exc)[1:]}"  # "expected '}' before end of string"
    for _text, name, spec, conversion in parts:
        if name is None:
            continue
        if not name.isidentifier():
            return f"'{{{name}}}' names no value" if not name or name.isdigit() else \
                f"'{{{name}}}' is not a value's name (no '.', '[' or spaces in a field)"
        if conversion is not None:
            return f"'{{{name}!{conversion}}}' converts its value; write `{{{name}}}`"
        if spec and ("{" in spec or "}" in spec):
            return f"'{{{name}:{spec}}}' holds a field in its spec"
        problem = WordField(name, spec or None, False).spec_problem(number=False)  # the engine fills in words
        if problem:
            return problem
    return None
