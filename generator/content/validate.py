"""Cross-checks that a schema alone cannot do: ids, references, counts, icons, effects, languages."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Protocol

from generator.content import word_forms
from generator.content.component_boards import check_component_boards
from generator.content.errors import ErrorList, Mark, YamlPath, relative
from generator.content.held_back import hold_back
from generator.content.loader import ANY_KIND, GameContent
from generator.content.schema import LANGUAGES, Card, Effect, Face, FieldSpec, OperationSpec, ParamSpec, Text
from generator.content.suggest import did_you_mean
from generator.content.yaml_source import SourceMap

ICON_RE = re.compile(r":([a-z][a-z0-9_-]*):")


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


def _mark_below(source: SourceMap, path: YamlPath, lang: str) -> Mark:
    """Where the `lang` entry of the text at `path` is (bound with partial: a mark finder per text)."""
    return source.mark(path + (lang,))


def _beyond_limits(spec: FieldSpec | ParamSpec, number: int, shown: str) -> str | None:
    """A number outside the field's `min`/`max`, in the same words for every kind of field that holds numbers."""
    if spec.min is not None and number < spec.min:
        return f"{shown} is below the minimum {spec.min}"
    if spec.max is not None and number > spec.max:
        return f"{shown} is above the maximum {spec.max}"
    return None


def _whole_number(spec: FieldSpec | ParamSpec, value: Any, expected: str) -> str | None:
    """A value that should be one whole number within the field's limits (a bool is not one)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return f"{expected}, found {value!r}"
    return _beyond_limits(spec, value, str(value))


class _Checker:
    def __init__(self, content: GameContent, errors: ErrorList):
        self.c = content
        self.g = content.game
        self.errors = errors
        # alone: game.yaml is broken (check_alone); only the checks of the other files by themselves run
        self.alone = content.game is None
        game = [] if self.alone else [self.g]
        self.kinds = {k.id: k for g in game for k in g.kinds}
        self.resources = {r.id for g in game for r in g.resources}
        self.operations = {o.id: o for g in game for o in g.operations}
        self.card_ids = {c.id for c in content.cards}

    # -- where things are -------------------------------------------------------------------
    def game_mark(self, *path: str | int) -> Mark:
        return self.c.mark_of("game", self.g.id, *path)

    def card_mark(self, card: Card, *path: str | int) -> Mark:
        return self.c.mark_of("card", card.id, *path)

    def card_path(self, card: Card, *path: str | int) -> YamlPath:
        located = self.c.origin("card", card.id)
        return (located.path if located else ()) + tuple(path)

    # -- the checks -------------------------------------------------------------------------
    def run(self) -> None:
        self.unique_ids()
        self.glossary_phrases()
        self.game_references()
        self.decks()
        for card in self.c.cards:
            self.card(card)
        self.component_counts()
        self.tables()
        self.rules()

    def run_alone(self) -> None:
        """The checks that need no game.yaml: card, board, table and example ids, tables' rolls, rules pages."""
        self.unique_ids()
        self.tables()
        self.rules()

    def unique_ids(self) -> None:
        game_lists: tuple[tuple[str, Sequence[_Identified], str], ...] = () if self.alone else (
            ("card kind", self.g.kinds, "kinds"), ("resource", self.g.resources, "resources"),
            ("operation", self.g.operations, "operations"), ("component", self.g.components, "components"),
            ("variant", self.g.variants, "variants"), ("glossary term", self.g.glossary, "glossary"))
        for label, items, key in game_lists:
            seen: set[str] = set()
            for index, item in enumerate(items):
                if item.id in seen:
                    self.errors.add(self.game_mark(key, index, "id"), f"duplicate {label} id '{item.id}'",
                                    (key, index, "id"), hint="ids must be unique within the game", code="reference")
                seen.add(item.id)
        seen_cards: set[str] = set()
        for origin_key, located in self.c.origins.items():
            if origin_key[0] != "card-dup":
                continue
            card_id = origin_key[1].split("@", 1)[0]
            if card_id in seen_cards:
                self.errors.add(located.source.mark(located.path + ("id",)), f"duplicate card id '{card_id}'",
                                located.path + ("id",), hint="give each card design its own id; use `count` for copies",
                                code="reference")
            seen_cards.add(card_id)
        content_lists: tuple[tuple[str, Sequence[_Identified]], ...] = (
            ("board", self.c.boards), ("table", self.c.tables), ("example", self.c.examples))
        for what, files in content_lists:
            counts = Counter(i.id for i in files)
            for item_id, n in counts.items():
                if n > 1:
                    self.errors.add(self.c.mark_of(what, item_id, "id"), f"duplicate {what} id '{item_id}'", ("id",),
                                    code="reference")

    def icon(self, name: str | None, mark: Mark, path: YamlPath) -> None:
        if name and name not in self.c.icons:
            self.errors.add(mark, f"unknown icon '{name}'", path, hint=did_you_mean(name, self.c.icons, "icons"),
                            code="reference")

    def text_icons(self, text: Text | None, mark_of: Callable[[str], Mark], path: YamlPath) -> None:
        if text is None:
            return
        for lang in self.c.languages:
            for name in ICON_RE.findall(text.get(lang)):
                self.icon(name, mark_of(lang), path + (lang,))

    def glossary_phrases(self) -> None:
        """Each word form or avoid phrase belongs to one glossary entry: a page cannot show two tooltips at once."""
        for lang in self.c.languages:
            owner: dict[str, int] = {}
            for i, term in enumerate(self.g.glossary):
                phrases: list[tuple[str, YamlPath]] = [(term.term.get(lang), ("glossary", i, "term", lang))]
                for key in ("forms", "avoid"):
                    listed: dict[str, list[str]] = getattr(term, key)
                    phrases += [(p, ("glossary", i, key, lang, k)) for k, p in enumerate(listed.get(lang, []))]
                for phrase, path in phrases:
                    normal = " ".join(phrase.split()).lower()
                    if normal in owner:
                        self.errors.add(self.game_mark(*path), f"glossary phrase '{phrase}' ({lang}) is listed twice",
                                        path, hint=f"it is already a term, form or avoid phrase of glossary term "
                                        f"'{self.g.glossary[owner[normal]].id}'; keep it in one place",
                                        code="reference")
                    owner.setdefault(normal, i)

    def decks(self) -> None:
        """A deck names known kinds of one size, each kind in one deck; double-sided kinds stay alone."""
        seen: dict[str, str] = {}
        deck_ids: set[str] = set()
        for i, deck in enumerate(self.g.decks):
            if deck.id in deck_ids:
                self.errors.add(self.game_mark("decks", i, "id"), f"duplicate deck id '{deck.id}'", ("decks", i, "id"),
                                code="duplicate")
            deck_ids.add(deck.id)
            self.icon(deck.icon, self.game_mark("decks", i, "icon"), ("decks", i, "icon"))
            self.icon(deck.back.icon, self.game_mark("decks", i, "back", "icon"), ("decks", i, "back", "icon"))
            sizes: dict[tuple[float, float], str] = {}
            for j, kind_id in enumerate(deck.kinds):
                where = ("decks", i, "kinds", j)
                kind = self.kinds.get(kind_id)
                if kind is None:
                    self.errors.add(self.game_mark(*where), f"deck '{deck.id}' names unknown card kind '{kind_id}'",
                                    where, hint=did_you_mean(kind_id, self.kinds, "kinds"), code="reference")
                    continue
                if kind_id in seen:
                    self.errors.add(
                        self.game_mark(*where),
                        f"card kind '{kind_id}' is in deck '{seen[kind_id]}' and in deck '{deck.id}'",
                        where,
                        hint="a kind's cards are shuffled into one deck",
                        code="reference",
                    )
                seen[kind_id] = deck.id
                sizes.setdefault(kind.size_mm, kind_id)
                if kind.double_sided and deck.shared:
                    self.errors.add(self.game_mark(*where), f"double-sided kind '{kind_id}' cannot share deck "
                                    f"'{deck.id}': its printed backs would tell its cards apart", where,
                                    hint="give the kind a deck of its own", code="reference")
            if len(sizes) > 1:
                named = ", ".join(f"{k} ({w:g}x{h:g} mm)" for (w, h), k in sizes.items())
                self.errors.add(
                    self.game_mark("decks", i, "kinds"),
                    f"deck '{deck.id}' mixes card sizes: {named}",
                    ("decks", i, "kinds"),
                    hint="cards shuffled together must have one size",
                    code="reference",
                )

    def game_references(self) -> None:
        for i, res in enumerate(self.g.resources):
            self.icon(res.icon, self.game_mark("resources", i, "icon"), ("resources", i, "icon"))
        for i, kind in enumerate(self.g.kinds):
            self.icon(kind.icon, self.game_mark("kinds", i, "icon"), ("kinds", i, "icon"))
            self.icon(kind.back.icon, self.game_mark("kinds", i, "back", "icon"), ("kinds", i, "back", "icon"))
            if kind.badge and (kind.badge not in kind.fields or kind.fields[kind.badge].type not in ("int", "costs")):
                self.errors.add(self.game_mark("kinds", i, "badge"), f"badge '{kind.badge}' of kind '{kind.id}' is not "
                                "one of its whole-number or costs fields", ("kinds", i, "badge"),
                                hint=did_you_mean(kind.badge, [n for n, f in kind.fields.items()
                                                               if f.type in ("int", "costs")], "fields"),
                                code="reference")
            for name, spec in kind.fields.items():
                if spec.type == "resource" and spec.choices:
                    for choice in spec.choices:
                        if choice not in self.resources:
                            self.errors.add(self.game_mark("kinds", i, "fields", name, "choices"),
                                            f"unknown resource '{choice}'", ("kinds", i, "fields", name),
                                            hint=did_you_mean(choice, self.resources, "resources"), code="reference")
        for i, comp in enumerate(self.g.components):
            self.icon(comp.icon, self.game_mark("components", i, "icon"), ("components", i, "icon"))
            if comp.kind and comp.kind not in self.kinds:
                self.errors.add(self.game_mark("components", i, "kind"), f"unknown card kind '{comp.kind}'",
                                ("components", i, "kind"), hint=did_you_mean(comp.kind, self.kinds, "kinds"),
                                code="reference")
        for i, op in enumerate(self.g.operations):
            self.text_icons(op.text, partial(self.game_mark, "operations", i, "text"), ("operations", i, "text"))
            self.text_icons(op.description, partial(self.game_mark, "operations", i, "description"),
                            ("operations", i, "description"))
            self.operation_text(i, op)
        for i, term in enumerate(self.g.glossary):
            self.text_icons(term.definition, partial(self.game_mark, "glossary", i, "definition"),
                            ("glossary", i, "definition"))
        for key, text in self.g.labels.items():
            self.text_icons(text, partial(self.game_mark, "labels", key), ("labels", key))
            self.template_fields(text, ("labels", key), None)
        for i, comp in enumerate(self.g.components):
            if comp.resource is not None and comp.resource not in self.resources:
                self.errors.add(self.game_mark("components", i, "resource"), f"unknown resource '{comp.resource}'",
                                ("components", i, "resource"), hint=did_you_mean(comp.resource, self.resources,
                                                                                  "resources"), code="reference")
        for i, kind in enumerate(self.g.kinds):
            for name, spec in kind.fields.items():
                if spec.label is not None and spec.type in ("enum", "tags"):
                    self.words_named(spec.choices or [], ("kinds", i, "fields", name, "choices"),
                                     f"field '{name}' of kind '{kind.id}' prints its value", f"`{name}`")

    def operation_text(self, index: int, op: OperationSpec) -> None:
        """An operation's sentence names only its parameters, with specs that print them; the enum
        values it prints as words have a name in every language."""
        where = ("operations", index, "text")
        used = self.template_fields(op.text, where, op.params, f"operation '{op.id}'")
        for name in sorted(used):
            spec = op.params.get(name)
            if spec is not None and spec.type == "enum" and used[name]:
                self.words_named(spec.choices or [], ("operations", index, "params", name, "choices"),
                                 f"operation '{op.id}' prints parameter '{name}'", f"`:{{{name}}}:`")

    def template_fields(self, text: Text, where: YamlPath, params: dict[str, ParamSpec] | None,
                        owner: str = "") -> dict[str, bool]:
        """Check the `{...}` fields of a sentence in each of the game's languages; returns each parameter's name
        and whether it is printed as a word somewhere (rather than as an icon or a word form)."""
        used: dict[str, bool] = {}
        for lang in self.c.languages:
            for field in word_forms.fields(text.get(lang)):
                spec = params.get(field.name) if params is not None else None
                if params is not None and spec is None:
                    self.errors.add(self.game_mark(*where), f"text uses '{{{field.name}}}' which is not a "
                                    f"parameter of {owner}", where,
                                    hint=did_you_mean(field.name, params, "parameters"), code="reference")
                    continue
                problem = field.spec_problem(number=None if spec is None else spec.type == "int")
                if problem:
                    self.errors.add(self.game_mark(*where, lang), problem, where + (lang,),
                                    hint="write `{amount}`, `{amount:+d}` or `{amount:card|cards}`", code="reference")
                used[field.name] = used.get(field.name, False) or (not field.as_icon and not field.forms)
        return used

    def words_named(self, values: list[str], where: YamlPath, what: str, instead: str) -> None:
        """Values a card prints as words need their name in every language (game.yaml `labels`), once
        for all the values of one list: a German card never shows an English id."""
        missing = [v for v in values if v not in self.g.labels]
        if missing:
            shown = ", ".join(f"'{v}'" for v in missing[:8]) + (" ..." if len(missing) > 8 else "")
            self.errors.add(self.game_mark(*where), f"{what} as a word, but {shown} "
                            f"{'has' if len(missing) == 1 else 'have'} no name in `labels`", where,
                            hint=f"add `labels: {{{missing[0]}: {{de: ..., en: ...}}}}` to game.yaml, or print "
                            f"an icon with {instead}", code="translation")

    def card(self, card: Card) -> None:
        kind = self.kinds.get(card.kind)
        if kind is None:
            self.errors.add(self.card_mark(card, "kind"), f"unknown card kind '{card.kind}' in card '{card.id}'",
                            self.card_path(card, "kind"), hint=did_you_mean(card.kind, self.kinds, "kinds"),
                            code="reference")
            return
        if kind.double_sided and card.back is None:
            self.errors.add(self.card_mark(card), f"card '{card.id}' is of double-sided kind '{kind.id}' but has no "
                            "`back`", self.card_path(card), hint="add the second face under `back:`", code="schema")
        if not kind.double_sided and card.back is not None:
            self.errors.add(self.card_mark(card, "back"), f"card '{card.id}' has a `back` but kind '{kind.id}' is "
                            "single-sided", self.card_path(card, "back"),
                            hint="set `double_sided: true` on the kind or remove the back", code="schema")
        self.face(card, card, ())
        if card.back is not None:
            self.face(card, card.back, ("back",))

    def face(self, card: Card, face: Face, sub: YamlPath) -> None:
        kind = self.kinds[card.kind]
        self.icon(face.icon, self.card_mark(card, *sub, "icon"), self.card_path(card, *sub, "icon"))
        for field_name in ("name", "text", "flavor", "science"):
            text = getattr(face, field_name)
            self.text_icons(text, partial(self.card_mark, card, *sub, field_name),
                            self.card_path(card, *sub, field_name))
        for name, value in face.fields.items():
            spec = kind.fields.get(name)
            if spec is None:
                self.errors.add(self.card_mark(card, *sub, "fields", name),
                                f"unknown field '{name}' in card '{card.id}' (kind '{kind.id}')",
                                self.card_path(card, *sub, "fields"), hint=did_you_mean(name, kind.fields, "fields"),
                                code="schema")
                continue
            problem = self.field_value(spec, value)
            if problem:
                self.errors.add(
                    self.card_mark(card, *sub, "fields", name),
                    f"field '{name}' of card '{card.id}': {problem}",
                    self.card_path(card, *sub, "fields", name),
                    code="schema",
                )
            elif spec.type == "costs" and isinstance(value, dict):
                for res, amount in value.items():
                    self.within_supply(
                        res,
                        amount,
                        f"card '{card.id}' costs",
                        self.card_mark(card, *sub, "fields", name, res),
                        self.card_path(card, *sub, "fields", name, res),
                    )
            if spec.type == "effects" and isinstance(value, list):
                for j, item in enumerate(value):
                    try:
                        effect = Effect.model_validate(item)
                    except Exception:
                        self.errors.add(self.card_mark(card, *sub, "fields", name, j), "expected an effect `{op: ...}`",
                                        self.card_path(card, *sub, "fields", name, j), code="schema")
                        continue
                    self.effect(card, effect, sub + ("fields", name, j))
        for name, spec in kind.fields.items():
            if not spec.optional and spec.default is None and name not in face.fields:
                self.errors.add(self.card_mark(card, *sub), f"card '{card.id}' lacks field '{name}' that kind "
                                f"'{kind.id}' requires", self.card_path(card, *sub, "fields"),
                                hint=f"add `fields: {{{name}: ...}}` or mark the field optional", code="schema")
        for j, effect in enumerate(face.effects):
            self.effect(card, effect, sub + ("effects", j))

    def field_value(self, spec: FieldSpec | ParamSpec, value: Any) -> str | None:
        kind = spec.type
        if kind == "int":
            return _whole_number(spec, value, "expected a whole number")
        elif kind == "ints":
            if not isinstance(value, list) or not value:
                return "expected a list of whole numbers"
            for item in value:
                if (problem := _whole_number(spec, item, "expected whole numbers")) is not None:
                    return problem
        elif kind == "bool" and not isinstance(value, bool):
            return f"expected true or false, found {value!r}"
        elif kind == "str" and not isinstance(value, str):
            return f"expected text, found {value!r}"
        elif kind == "text":
            if isinstance(value, str) and value.strip():
                return None  # one string: the text in every language
            if not isinstance(value, dict) or any(not isinstance(given := value.get(lang), str) or not given.strip()
                                                  for lang in self.c.languages):
                missing = [lang for lang in self.c.languages if not isinstance(value, dict) or not value.get(lang)]
                return f"missing translation {', '.join(repr(m) for m in missing)}"
        elif kind == "enum":
            if value not in (spec.choices or []):
                return f"'{value}' is not one of {', '.join(spec.choices or [])}" + (
                    f" ({did_you_mean(str(value), spec.choices or [])})"
                    if did_you_mean(str(value), spec.choices or [])
                    else ""
                )
        elif kind == "resource":
            allowed = spec.choices or sorted(self.resources)
            if value not in allowed:
                return f"unknown resource '{value}' ({did_you_mean(str(value), allowed, 'resources')})"
        elif kind == "tags":
            if not isinstance(value, list):
                return "expected a list of tags"
            bad = [v for v in value if v not in (spec.choices or [])]
            if bad:
                return f"unknown tag '{bad[0]}' ({did_you_mean(str(bad[0]), spec.choices or [], 'tags')})"
        elif kind == "costs":
            if not isinstance(value, dict):
                return "expected a mapping of resource: amount"
            for res, amount in value.items():
                if res not in self.resources:
                    return f"unknown resource '{res}' ({did_you_mean(res, self.resources, 'resources')})"
                if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                    return f"amount of '{res}' must be a whole number ≥ 0"
                if (problem := _beyond_limits(spec, amount, f"{amount} '{res}'")) is not None:
                    return problem
        elif kind == "card":
            if value not in self.card_ids:
                return f"unknown card '{value}' ({did_you_mean(str(value), self.card_ids, 'cards')})"
        elif kind == "kind":
            if value not in self.kinds:
                return f"unknown card kind '{value}' ({did_you_mean(str(value), self.kinds, 'kinds')})"
        elif kind in ("effects", "list") and not isinstance(value, list):
            return "expected a list"
        return None

    def effect(self, card: Card, effect: Effect, sub: YamlPath) -> None:
        self.effect_at(effect, f"card '{card.id}'", lambda *path: self.card_mark(card, *sub, *path),
                       lambda *path: self.card_path(card, *sub, *path))

    def effect_at(self, effect: Effect, owner: str, mark: Callable[..., Mark], path: Callable[..., YamlPath]) -> None:
        """Check one effect (of a card or a table entry) against the game's declared operations."""
        op = self.operations.get(effect.op)
        if op is None:
            self.errors.add(mark("op"), f"unknown effect operation '{effect.op}' in {owner}",
                            path("op"), hint=did_you_mean(effect.op, self.operations, "operations"),
                            code="reference")
            return
        for name, value in effect.args.items():
            spec = op.params.get(name)
            if spec is None:
                self.errors.add(mark(name), f"operation '{op.id}' has no parameter '{name}'",
                                path(name), hint=did_you_mean(name, op.params, "parameters"),
                                code="reference")
                continue
            problem = self.field_value(spec, value)
            if problem:
                self.errors.add(mark(name), f"operation '{op.id}', parameter '{name}': {problem}",
                                path(name), code="reference")
        self.effect_supply(effect, op, owner, mark, path)
        for name, spec in op.params.items():
            if not spec.optional and name not in effect.args:
                self.errors.add(mark(), f"operation '{op.id}' needs parameter '{name}'",
                                path(), hint=f"add `{name}: ...`", code="reference")

    def effect_supply(self, effect: Effect, op: OperationSpec, owner: str, mark: Callable[..., Mark],
                      path: Callable[..., YamlPath]) -> None:
        """An effect's `amount` or `count` of the resource (or the card kind) it names cannot exceed what the box
        holds."""
        named = [
            (spec.type, effect.args.get(name)) for name, spec in op.params.items() if spec.type in ("resource", "kind")
        ]
        if len(named) != 1:
            return
        what, subject = named[0]
        for name in ("amount", "count"):
            number = effect.args.get(name)
            spec = op.params.get(name)
            if spec is None or spec.type != "int" or not isinstance(number, int) or isinstance(number, bool):
                continue
            if what == "resource":
                self.within_supply(subject, abs(number), f"{owner}: operation '{op.id}' names", mark(name), path(name))
            elif subject in self.kinds:
                have = sum(c.count for c in self.c.cards if c.kind == subject)
                if abs(number) > have and ANY_KIND not in self.c.unread_kinds and subject not in self.c.unread_kinds:
                    self.errors.add(
                        mark(name),
                        f"{owner}: operation '{op.id}' names {abs(number)} '{subject}' cards but the game has {have}",
                        path(name),
                        hint="lower the number or add cards",
                        code="count",
                    )

    def within_supply(self, resource: Any, amount: int, what: str, mark: Mark, path: YamlPath) -> None:
        """`amount` of `resource` is no more than the components of that resource hold (if any name it)."""
        holders = [c for c in self.g.components if c.resource == resource and c.resource is not None]
        if not holders or amount <= (have := sum(c.count for c in holders)):
            return
        names = ", ".join(f"'{c.id}'" for c in holders)
        self.errors.add(mark, f"{what} {amount} '{resource}' but the game holds {have} ({names})", path,
                        hint="lower the amount or the components' count", code="count")

    def component_counts(self) -> None:
        defined: Counter[str] = Counter()
        for card in self.c.cards:
            defined[card.kind] += card.count
        listed: dict[str, int] = {}
        for comp in self.g.components:
            if comp.type != "cards" or not comp.kind:
                continue
            listed[comp.kind] = listed.get(comp.kind, 0) + comp.count
        unread = set(self.c.unread_kinds)
        if any(card.kind not in self.kinds for card in self.c.cards):
            unread.add(ANY_KIND)  # a card of a misspelt kind belongs to some kind: its error is the one to fix
        waiting: list[tuple[int, str]] = []
        for i, comp in enumerate(self.g.components):
            if comp.kind in unread or ANY_KIND in unread:
                if comp.type == "cards" and comp.kind in self.kinds:
                    waiting.append((i, comp.id))
                continue  # some of its cards could not be read: that error is the one to fix first
            if comp.type == "cards" and comp.kind in self.kinds and listed[comp.kind] != defined.get(comp.kind, 0):
                have = defined.get(comp.kind, 0)
                self.errors.add(
                    self.game_mark("components", i, "count"),
                    f"component '{comp.id}' lists {listed[comp.kind]} '{comp.kind}' cards but the card files "
                    f"define {have}",
                    ("components", i, "count"),
                    hint="fix the count here or the `count` of the cards",
                    code="count",
                )
        for kind_id in sorted(set(defined) - set(listed)):
            if kind_id in self.kinds:
                index = next(i for i, k in enumerate(self.g.kinds) if k.id == kind_id)
                self.errors.add(self.game_mark("kinds", index), f"cards of kind '{kind_id}' exist but no component "
                                "lists them", ("kinds", index), hint="add a `type: cards` component with this kind",
                                code="count")
        if waiting:
            self.counts_held_back(waiting)

    def counts_held_back(self, waiting: list[tuple[int, str]]) -> None:
        """One note, at the first of them, for the components whose counts wait for card files with errors."""
        misspelt = [self.c.origin("card", c.id) for c in self.c.cards if c.kind not in self.kinds]
        broken = sorted(self.c.unread_files | {located.source.file for located in misspelt if located is not None})
        named = " and ".join(broken) if broken else "a card file"
        index = waiting[0][0]
        counts = f"the count of component '{waiting[0][1]}' is" if len(waiting) == 1 else \
            f"the counts of components {', '.join(repr(c) for _i, c in waiting)} are"
        self.errors.note_held_back(self.game_mark("components", index, "count"), f"{counts} compared with the cards "
                                   f"once {named} {'are' if len(broken) > 1 else 'is'} fixed (see above)",
                                   ("components", index, "count"))

    def tables(self) -> None:
        for table in self.c.tables:
            located = self.c.origin("table", table.id)
            if located is None:
                continue
            expected = {
                "-".join(map(str, combo)) for combo in itertools.product(*[range(1, s + 1) for s in table.dice])
            }
            seen: set[str] = set()
            for i, entry in enumerate(table.entries):
                path = ("entries", i, "roll")
                if entry.roll not in expected:
                    self.errors.add(located.source.mark(path), f"roll '{entry.roll}' cannot come from dice "
                                    f"{'+'.join(f'd{s}' for s in table.dice)}", path, code="reference")
                elif entry.roll in seen:
                    self.errors.add(located.source.mark(path), f"roll '{entry.roll}' appears twice", path,
                                    code="reference")
                seen.add(entry.roll)
                for field_name in ("name", "text"):
                    self.text_icons(getattr(entry, field_name),
                                    partial(_mark_below, located.source, ("entries", i, field_name)),
                                    ("entries", i, field_name))
                for j, effect in enumerate(() if self.alone else entry.effects):  # alone: no operations known
                    where = ("entries", i, "effects", j)
                    self.effect_at(effect, f"table '{table.id}' roll '{entry.roll}'",
                                   lambda *sub, where=where, source=located.source: source.mark(where + sub),
                                   lambda *sub, where=where: where + sub)
            missing = sorted(expected - seen)
            if missing:
                self.errors.add(located.source.mark(("entries",)), f"table '{table.id}' has no entry for roll(s) "
                                f"{', '.join(missing[:6])}{' ...' if len(missing) > 6 else ''}", ("entries",),
                                code="reference")

    def rules(self) -> None:
        root = self.c.root
        languages = self.c.languages
        pages = {lang: set(self.c.rules.get(lang, {})) for lang in languages}
        every = set().union(*pages.values())
        written: list[str] = [lang for lang in LANGUAGES if (root / "rules" / lang).is_dir()]
        for index, lang in enumerate(languages):
            if written and lang not in written:
                if not self.alone:  # a broken game.yaml may not say which languages the game is made in
                    self.missing_rules(lang, index, written)
                continue
            for page in sorted(every - pages[lang]):
                other = next(lang_ for lang_ in languages if page in pages[lang_])
                self.errors.add(Mark(relative(root / "rules" / other / page), 1, 1),
                                f"rules page '{page}' has no '{lang}' translation",
                                hint=f"add rules/{lang}/{page}", code="translation")
            for page, text in self.c.rules.get(lang, {}).items():
                if not text.strip():
                    self.errors.add(Mark(relative(root / "rules" / lang / page), 1, 1), "rules page is empty",
                                    code="translation")
                for line_no, line in enumerate(text.splitlines(), 1):
                    for match in ICON_RE.finditer(line):
                        name = match.group(1)
                        if name not in self.c.icons and not line.lstrip().startswith(("http", "```")):
                            self.errors.add(Mark(relative(root / "rules" / lang / page), line_no, match.start() + 1),
                                            f"unknown icon '{name}'", hint=did_you_mean(name, self.c.icons, "icons"),
                                            code="reference")

    def missing_rules(self, lang: str, index: int, written: list[str]) -> None:
        """A language the game lists whose rules folder is missing while another language has one."""
        path: YamlPath = ("languages", index) if "languages" in self.g.model_fields_set else ()
        mark = self.game_mark(*path)
        has = ", ".join(f"rules/{other}/" for other in written)
        self.errors.add(mark, f"the game is made in '{lang}', but it has no rules/{lang}/ folder (only {has})", path,
                        hint=f"write the rules in rules/{lang}/, or list only the languages the game is written in "
                        f"under `languages:`", code="translation")


def check_content(content: GameContent, errors: ErrorList) -> None:
    """Run every cross-check on a loaded game; problems go to `errors`."""
    _Checker(content, errors).run()
    check_component_boards(content, errors)


def check_alone(content: GameContent, errors: ErrorList) -> None:
    """The cross-checks of a game whose game.yaml is broken (loader.read_folder) that need no game.yaml;
    the files whose other checks need it are named in one note (content.held_back)."""
    _Checker(content, errors).run_alone()
    hold_back(content, errors)
