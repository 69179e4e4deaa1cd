"""A text changed in one language only: the translation may now say something else.

Every player-facing string is written in both languages (`{de: ..., en: ...}` in a YAML file, or
the same key of `rules/de/sentences.yaml` and `rules/en/sentences.yaml`). When a change touches
one language of such a text and leaves the other as it was, the other may be out of date. Both
`pnp check` (against the last commit) and `pnp diff` (between two revisions) report it, as
"en changed, de did not".

The comparison reads the YAML files of the two sides, not the loaded games: only files whose
bytes differ are parsed. A text is known by its place, with list items known by their `id` where
they have one, so a card moved in its file is still the same card. Whitespace alone is no change.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from generator.content.errors import ErrorList, Mark, YamlPath
from generator.content.schema import LANGUAGES, declared_languages
from generator.content.yaml_source import MAX_FILE_BYTES, SourceMap, load_yaml_text

SENTENCES = "sentences.yaml"
YAML_SUFFIXES = (".yaml", ".yml")
MAX_CHANGES = 200           # per game, reported
Identity = tuple[str, ...]  # a text's place, list items by id: ("cards", "id=mond", "name")


@dataclass(frozen=True)
class OneLanguageChange:
    """A text whose `changed` language differs between the sides while its `unchanged` language does not."""

    file: str                 # the file of the changed language, relative to the game folder
    what: str                 # "sentence 'events.actions'", "cards[mond].name"
    changed: str
    unchanged: str
    mark: Mark                # where the changed text stands in the new side
    path: YamlPath
    before: str
    after: str

    def sentence(self, since: str = "") -> str:
        """"sentence 'events.setup': en changed, de did not" (`since`: "since the last commit")."""
        return f"{self.what}: {self.changed} changed{' ' + since if since else ''}, {self.unchanged} did not"

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.mark.line, "what": self.what, "changed": self.changed,
                "unchanged": self.unchanged, "before": self.before, "after": self.after}


def one_language_changes(old_files: Mapping[str, bytes], new_files: Mapping[str, bytes],
                         shown: str = "") -> list[OneLanguageChange]:
    """Texts changed in one language only from `old_files` to `new_files` (YAML files by path below the game
    folder, as `a/b.yaml`); marks name the new side's files as `shown/<path>`. A game made in one language
    (game.yaml `languages`) has no translation to leave behind: nothing to compare."""
    changes: list[OneLanguageChange] = []
    game = _parse(new_files["game.yaml"], "game.yaml") if "game.yaml" in new_files else None
    if len(declared_languages(game[0] if game is not None else None)) < 2:
        return changes
    for name in sorted(set(old_files) & set(new_files)):
        if old_files[name] == new_files[name] or _is_sentences(name):
            continue
        old, new = _texts(old_files[name], name), _texts(new_files[name], f"{shown}/{name}" if shown else name)
        if old is None or new is None:
            continue
        (before, _), (after, source) = old, new
        for identity, (path, texts) in after.items():
            if identity in before:
                changes += _compare(before[identity][1], texts, name, _show(identity), source, path)
    changes += _sentence_changes(old_files, new_files, shown)
    return changes[:MAX_CHANGES]


def _show(identity: Identity) -> str:
    """("cards", "id=mond", "name") as `cards[mond].name`."""
    out = ""
    for part in identity:
        out += f"[{part[3:]}]" if part.startswith("id=") else f"[{part[1:]}]" if part.startswith("#") else \
            ("." if out else "") + part
    return out or "(document)"


def _compare(before: dict[str, str], after: dict[str, str], file: str, what: str, source: SourceMap,
             path: YamlPath) -> list[OneLanguageChange]:
    """The change, if exactly one language of a text present in both sides and both languages changed."""
    if not all(lang in before and lang in after for lang in LANGUAGES):
        return []
    changed = [lang for lang in LANGUAGES if _words(before[lang]) != _words(after[lang])]
    if len(changed) != 1:
        return []
    lang = changed[0]
    other = next(other for other in LANGUAGES if other != lang)
    where = tuple(path) + (lang,)
    return [OneLanguageChange(file, what, lang, other, source.mark(where), where, before[lang], after[lang])]


def _words(text: str) -> str:
    return " ".join(text.split())


def _is_sentences(name: str) -> bool:
    parts = PurePosixPath(name).parts
    return len(parts) == 3 and parts[0] == "rules" and parts[1] in LANGUAGES and parts[2] == SENTENCES


def _parse(data: bytes, shown: str) -> tuple[Any, SourceMap] | None:
    if len(data) > MAX_FILE_BYTES:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    doc = load_yaml_text(text.removeprefix("\ufeff"), shown, ErrorList())  # the check reports broken files itself
    return (doc.data, doc.source) if doc.data is not None else None


def _texts(data: bytes, shown: str) -> tuple[dict[Identity, tuple[YamlPath, dict[str, str]]], SourceMap] | None:
    """Every `{de: ..., en: ...}` text of a YAML file by identity, with its YAML path, and the file's source map."""
    parsed = _parse(data, shown)
    if parsed is None:
        return None
    found: dict[Identity, tuple[YamlPath, dict[str, str]]] = {}
    for identity, path, texts in _walk(parsed[0], (), ()):
        found.setdefault(identity, (path, texts))
    return found, parsed[1]


def _walk(node: Any, identity: Identity, path: YamlPath) -> Iterator[tuple[Identity, YamlPath, dict[str, str]]]:
    if isinstance(node, dict):
        if all(isinstance(node.get(lang), str) for lang in LANGUAGES):
            yield identity, path, {lang: node[lang] for lang in LANGUAGES}
            return
        for key, value in node.items():
            yield from _walk(value, identity + (str(key),), path + (str(key),))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            item_id = item.get("id") if isinstance(item, dict) else None
            part = f"id={item_id}" if isinstance(item_id, (str, int)) and not isinstance(item_id, bool) else f"#{index}"
            yield from _walk(item, identity + (part,), path + (index,))


def _sentence_changes(old_files: Mapping[str, bytes], new_files: Mapping[str, bytes],
                      shown: str) -> list[OneLanguageChange]:
    """The engine's sentences: a key of both languages' sentences.yaml changed in one only."""
    names = {lang: f"rules/{lang}/{SENTENCES}" for lang in LANGUAGES}
    if not all(name in old_files and name in new_files for name in names.values()):
        return []
    if all(old_files[name] == new_files[name] for name in names.values()):
        return []
    before: dict[str, dict[tuple[str, str], str]] = {}
    after: dict[str, dict[tuple[str, str], str]] = {}
    sources: dict[str, SourceMap] = {}
    for lang, name in names.items():
        old, new = _parse(old_files[name], name), _parse(new_files[name], f"{shown}/{name}" if shown else name)
        if old is None or new is None:
            return []
        before[lang], after[lang], sources[lang] = _sections(old[0]), _sections(new[0]), new[1]
    changes: list[OneLanguageChange] = []
    for key in sorted(set.intersection(*(set(table) for table in (*before.values(), *after.values())))):
        old_texts = {lang: before[lang][key] for lang in LANGUAGES}
        new_texts = {lang: after[lang][key] for lang in LANGUAGES}
        changed = [lang for lang in LANGUAGES if _words(old_texts[lang]) != _words(new_texts[lang])]
        if len(changed) == 1:
            lang = changed[0]
            other = next(other for other in LANGUAGES if other != lang)
            changes.append(OneLanguageChange(names[lang], f"sentence '{key[0]}.{key[1]}'", lang, other,
                                             sources[lang].mark(key), key, old_texts[lang], new_texts[lang]))
    return changes


def _sections(data: Any) -> dict[tuple[str, str], str]:
    if not isinstance(data, dict):
        return {}
    return {(str(section), str(key)): text for section, table in data.items() if isinstance(table, dict)
            for key, text in table.items() if isinstance(text, str)}


def yaml_files(root: Path) -> dict[str, bytes]:
    """The YAML files of a game folder by path below it (regular files, no links followed, each within the
    size limit; hidden folders left out)."""
    found: dict[str, bytes] = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix not in YAML_SUFFIXES or path.is_symlink():
                continue
            try:
                if path.is_file() and path.stat().st_size <= MAX_FILE_BYTES:
                    found[path.relative_to(root).as_posix()] = path.read_bytes()
            except OSError:
                continue
    return found


def warn_one_language(changes: list[OneLanguageChange], baseline: str, warnings: ErrorList) -> None:
    """Each change as a warning at the changed text: the other language may need the same change."""
    for change in changes:
        warnings.warn(change.mark, change.sentence(f"since {baseline}"), change.path,
                      hint=f"change the {change.unchanged} text to match, or commit when it needs no change",
                      code="translation")

