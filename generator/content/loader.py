"""Read one game's folder into the typed model, collecting every error with its place.

A game folder holds game.yaml, cards/*.yaml (or sheets: cards/*.csv, *.xlsx, *.ods), boards/*.yaml, tables/*.yaml,
examples/*.yaml, rules/<lang>/*.md and icons/*.svg. Each file, and each card inside a file, is validated on its
own, so one broken card does not hide the problems of the next.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList, Mark, relative
from generator.content.files import Unreadable, entries, read_bytes, read_text
from generator.content.model_errors import validate_model
from generator.content.salvage import salvage_game
from generator.content.schema import LANGUAGES, Board, Card, Example, Game, Table, declared_languages
from generator.content.sentences import load_sentences
from generator.content.sheet_read import SHEET_SUFFIXES
from generator.content.sheets import load_sheet
from generator.content.svg_check import check_icon
from generator.content.yaml_source import SourceMap, load_yaml

SHARED_ICONS = Path(__file__).resolve().parents[2] / "templates" / "icons"
ANY_KIND = "*"


@dataclass(frozen=True)
class Located:
    """A model object together with the file and YAML path it came from (for later errors)."""

    source: SourceMap
    path: tuple[Any, ...]


@dataclass
class GameContent:
    """Everything one game's folder defines, validated, plus where each part came from.

    Attributes:
        root: the game's folder
        game: game.yaml: kinds, resources, operations, variants, components, labels
        cards: every card design of cards/ (each `count` times in the box), in file order
        boards: every board of boards/, with its spaces, tracks, grids and slot rows
        tables: the dice tables of tables/
        examples: the example turns of examples/, which `pnp check` replays with the engine
        rules: the rules pages' Markdown, per language of the game (`languages`) and file name
        icons: every icon the game may name (its own icons/ and the shared ones), by name
        origins: where each card, board and example was defined (file and YAML path), for errors
        content_hash: a hash of every file of the folder; saved games carry it
        sentences: per language of the game, the sections of rules/<lang>/sentences.yaml (`events`, `refusals`,
            `outcomes`, `actions`, `labels`, `words`), each a dict of key -> template; see `Sentences`
        sentence_sources: where each language's sentences came from, for errors
        unread_kinds: card kinds some of whose cards could not be read (their counts are not compared)
        unread_files: the card files and sheets those cards are in
        incomplete: game.yaml has errors outside the vocabulary the other files use, and `game` holds
            stand-ins for its broken parts (content.salvage): good for checking the other files, never
            handed to an engine
        declared_languages: game.yaml's `languages` as far as they could be read (all when it is broken)
    """

    root: Path
    game: Game
    cards: list[Card] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    rules: dict[str, dict[str, str]] = field(default_factory=dict)
    icons: dict[str, Path] = field(default_factory=dict)
    origins: dict[tuple[str, str], Located] = field(default_factory=dict)
    content_hash: str = ""
    sentences: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    sentence_sources: dict[str, Any] = field(default_factory=dict)
    # card kinds some of whose cards could not be read (ANY_KIND: a card or file whose kind is not
    # known): their counts are not compared, an error already names the root mistake
    unread_kinds: set[str] = field(default_factory=set)
    unread_files: set[str] = field(default_factory=set)
    incomplete: bool = False
    # game.yaml's `languages` as far as they could be read: the languages of a game whose game.yaml is broken
    declared_languages: tuple[str, ...] = LANGUAGES

    @property
    def id(self) -> str:
        """The game's id (game.yaml `id`, its folder's name)."""
        return self.game.id

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the game is checked and built in: game.yaml `languages`, in its order (`('en',)` for
        a game made in English only); an engine speaks and draws in these only."""
        return tuple(self.game.languages) if self.game is not None else self.declared_languages

    def built_in(self, wanted: tuple[str, ...]) -> tuple[str, ...]:
        """The game's languages a build for `wanted` (`--lang`) makes, in the game's order."""
        return tuple(lang for lang in self.languages if lang in wanted)

    def card(self, card_id: str) -> Card:
        """The card design with this id (StopIteration when there is none)."""
        return next(c for c in self.cards if c.id == card_id)

    def resource_icon(self, resource_id: str) -> str:
        """The icon a resource is drawn with (its own id when it names none)."""
        for res in self.game.resources:
            if res.id == resource_id:
                return res.icon or res.id
        return resource_id

    def resource_name(self, resource_id: str, lang: str) -> str:
        """A resource's name in `lang` (its id when the game does not declare it)."""
        for res in self.game.resources:
            if res.id == resource_id:
                return res.name.get(lang)
        return resource_id

    def label(self, key: str, lang: str) -> str | None:
        """The game's word for `key` in `lang` (game.yaml `labels`), or None."""
        text = self.game.labels.get(key)
        return text.get(lang) if text is not None else None

    def value_word(self, value: Any, lang: str) -> str:
        """An enum or tag value as players read it: its label, else the value itself (`pnp check` asks for one)."""
        return self.label(str(value), lang) or str(value)

    def cards_of(self, kind: str) -> list[Card]:
        """The card designs of one kind, in file order (each stands for `count` cards)."""
        return [c for c in self.cards if c.kind == kind]

    def origin(self, what: str, item_id: str) -> Located | None:
        """Where a card/board/example was defined: ('card', 'erde') -> its source map and path."""
        return self.origins.get((what, item_id))

    def mark_of(self, what: str, item_id: str, *sub: str | int) -> Mark:
        """The file, line and column of a key of a card, board or example, for an error that points there."""
        located = self.origin(what, item_id)
        if located is None:
            return Mark(str(self.root))
        return located.source.mark(located.path + tuple(sub))


def _yaml_files(folder: Path, root: Path, errors: ErrorList) -> list[Path]:
    return entries(folder, (".yaml", ".yml"), relative(folder), errors, root)


def content_hash_of(root: Path) -> str:
    """The hash `load_game` gives the game in `root`, without loading it (to find a loaded copy)."""
    return _content_hash(root)


def _content_hash(root: Path) -> str:
    """A hash of every regular file of the game folder (links and special files are not followed)."""
    digest = hashlib.sha256()
    for folder, dirs, files in sorted(os.walk(root, followlinks=False)):
        dirs.sort()
        for file_name in sorted(files):
            path = Path(folder) / file_name
            try:
                data = read_bytes(path, root)
            except Unreadable:
                continue  # reported where the file is read, if it is one the game uses
            digest.update(str(path.relative_to(root)).encode())
            digest.update(b"\0")
            digest.update(data)
    return digest.hexdigest()[:16]


def _list_items(doc_data: Any, key: str, source: SourceMap, errors: ErrorList) -> list[tuple[int, Any]]:
    """Items of the top-level list `key:` of a file (a card file has `cards: [...]`)."""
    if doc_data is None:
        return []
    if not isinstance(doc_data, dict) or key not in doc_data:
        errors.add(source.mark(()), f"expected a top-level `{key}:` list", hint=f"start the file with `{key}:`",
                   code="schema")
        return []
    extra = [k for k in doc_data if k != key]
    for k in extra:
        errors.add(source.key_mark((k,)), f"unknown key '{k}'", (), hint=f"a {key} file holds only `{key}:`",
                   code="schema")
    items = doc_data[key]
    if not isinstance(items, list):
        errors.add(source.mark((key,)), "expected a list", (key,), code="schema")
        return []
    return list(enumerate(items))


def load_game(root: Path, errors: ErrorList) -> GameContent | None:
    """Load and validate the game in folder `root`. Returns None when game.yaml itself is unusable."""
    content = read_folder(root, errors)
    return content if content is not None and content.game is not None and not content.incomplete else None


def read_folder(root: Path, errors: ErrorList) -> GameContent | None:
    """Every file of the game in `root`, each read and validated on its own (None: the folder has no game.yaml).

    When game.yaml is unusable the other files are read all the same and `game` is None: only the
    checks that need no game.yaml may look at such a folder (validate.check_alone), so the errors of
    game.yaml hide none of the other files' own. When its errors lie outside what the other files
    use, `game` is a model with stand-ins and `incomplete` is set (content.salvage).
    """
    def name(path: Path) -> str:
        return relative(path)

    game_file = root / "game.yaml"
    if not game_file.is_file():
        errors.add(Mark(name(root)), "no game.yaml in this game folder", hint="every game folder starts with game.yaml")
        return None
    doc = load_yaml(game_file, errors, name(game_file), root)
    if doc.data is None and not errors:
        errors.add(Mark(name(game_file), 1, 1), "game.yaml is empty", hint="a game needs at least its id, title, "
                   "players, age and play time (see README.md, 'A game folder')", code="schema")
    languages = declared_languages(doc.data)
    game = validate_model(Game, doc.data, doc.source, errors, languages=languages) if doc.data is not None else None
    salvaged = salvage_game(doc.data) if game is None else None
    # keep going without a valid game.yaml so the other files' problems are reported in the same run
    content = GameContent(root=root, game=game or salvaged,  # type: ignore[arg-type]  # None: see read_folder
                          incomplete=salvaged is not None, declared_languages=languages)
    game = content.game
    if game is not None:
        content.origins[("game", game.id)] = Located(doc.source, ())

    for path in _yaml_files(root / "cards", root, errors):
        before = len(errors)
        card_doc = load_yaml(path, errors, name(path), root)
        items = _list_items(card_doc.data, "cards", card_doc.source, errors)
        if len(errors) != before:  # the file, or its list, could not be read whole
            content.unread_kinds.add(ANY_KIND)
            content.unread_files.add(card_doc.source.file)
        for index, item in items:
            card = validate_model(Card, item, card_doc.source, errors, ("cards", index), content.languages)
            if card is None:
                kind = item.get("kind") if isinstance(item, dict) else None
                content.unread_kinds.add(kind if isinstance(kind, str) else ANY_KIND)
                content.unread_files.add(card_doc.source.file)
            if card is not None:
                content.cards.append(card)
                content.origins.setdefault(("card", card.id), Located(card_doc.source, ("cards", index)))
                content.origins.setdefault(("card-dup", f"{card.id}@{name(path)}:{index}"),
                                           Located(card_doc.source, ("cards", index)))

    _load_sheets(root, game, content, errors)

    for folder, model, bucket, what in (("boards", Board, content.boards, "board"),
                                        ("tables", Table, content.tables, "table"),
                                        ("examples", Example, content.examples, "example")):
        for path in _yaml_files(root / folder, root, errors):
            item_doc = load_yaml(path, errors, name(path), root)
            if item_doc.data is None:
                continue
            data = item_doc.data
            if what == "example" and isinstance(data, dict) and "id" not in data:
                data = {"id": path.stem, **data}
            item = validate_model(model, data, item_doc.source, errors, languages=content.languages)
            if item is not None:
                bucket.append(item)
                content.origins.setdefault((what, item.id), Located(item_doc.source, ()))

    content.rules = _load_rules(root, errors, name, content)
    content.sentences, content.sentence_sources = load_sentences(root / "rules", errors, content.languages)
    content.icons = _find_icons(root, errors)
    content.content_hash = _content_hash(root)
    return content


def _load_sheets(root: Path, game: Game | None, content: GameContent, errors: ErrorList) -> None:
    """Cards of the sheets in cards/ (content.sheets): each row validated as a card of a YAML file is."""
    declared = {sheet.file: sheet for sheet in game.sheets} if game is not None else {}
    found = entries(root / "cards", SHEET_SUFFIXES, relative(root / "cards"), errors, root)
    for file_name in sorted(set(declared) - {p.name for p in found}):
        index = next(i for i, s in enumerate(game.sheets) if s.file == file_name) if game else 0
        errors.add(content.mark_of("game", game.id if game else "", "sheets", index, "file"),
                   f"game.yaml names the sheet '{file_name}', but cards/ has no such file", ("sheets", index, "file"),
                   hint="put the sheet into cards/ or correct its name", code="reference")
    for path in found:
        sheet = load_sheet(path, relative(path), errors, root, game, declared.get(path.name))
        if sheet is None or not sheet.header_read:
            content.unread_kinds.add(ANY_KIND)
            content.unread_files.add(relative(path))
            continue
        for index, item, kind in sheet.items:
            card = validate_model(Card, item, sheet.source, errors, ("cards", index), content.languages) \
                if item is not None else None
            if card is None:
                content.unread_kinds.add(kind or ANY_KIND)
                content.unread_files.add(relative(path))
                continue
            content.cards.append(card)
            content.origins.setdefault(("card", card.id), Located(sheet.source, ("cards", index)))
            content.origins.setdefault(("card-dup", f"{card.id}@{relative(path)}:{index}"),
                                       Located(sheet.source, ("cards", index)))


def _load_rules(root: Path, errors: ErrorList, name: Callable[[Path], str],
                content: GameContent) -> dict[str, dict[str, str]]:
    """The rules pages of each of the game's languages; rules/<lang>/ of a language the game does not list
    is left unread (a warning says so: its pages would silently be missing from every output)."""
    rules: dict[str, dict[str, str]] = {}
    for unread in LANGUAGES:
        if unread not in content.languages and (root / "rules" / unread).is_dir() and content.game is not None:
            errors.warn(content.mark_of("game", content.id, "languages"), f"rules/{unread}/ is not read: game.yaml "
                        f"lists the game's languages as {', '.join(content.languages)}", ("languages",),
                        hint=f"add {unread} to `languages` to check and build the game in it too, or remove "
                        f"rules/{unread}/", code="translation")
    for lang in content.languages:
        lang_dir = root / "rules" / lang
        pages: dict[str, str] = {}
        for page in entries(lang_dir, (".md",), name(lang_dir), errors, root):
            text = read_text(page, name(page), errors, root)
            if text is not None:
                pages[page.name] = text.removeprefix("\ufeff")  # the byte-order mark some editors write
        rules[lang] = pages
    return rules


def _find_icons(root: Path, errors: ErrorList) -> dict[str, Path]:
    """Icons by name: the shared set in templates/icons, overridden by the game's own icons/.

    Each icon is read once here and checked (content.svg_check); a refused or unreadable icon is
    an error at its file and is left out, so nothing later draws or publishes it.
    """
    icons: dict[str, Path] = {}
    for source, source_root in ((SHARED_ICONS, SHARED_ICONS.parent), (root / "icons", root)):
        for svg in entries(source, (".svg",), relative(source), errors, source_root):
            display = relative(svg)
            try:
                data = read_bytes(svg, source_root)
            except Unreadable as exc:
                errors.add(Mark(display, 1, 1), f"'{svg.name}' {exc}", hint="keep the game's files as plain files "
                           "inside its folder", code="file")
                continue
            if check_icon(data, display, errors):
                icons[svg.stem] = svg
    return icons
