"""Rules pages from content/<game>/rules/<lang>/*.md, rendered through a Jinja2 sandbox.

Rules text is content, so it is untrusted: it runs in Jinja's sandbox with StrictUndefined, and
a misspelt card id or variable is an error at its file:line, never an empty string. Numbers
that are data (costs, counts, capacities) come from the content through the helpers below, so
a change in the YAML changes the rules text on the next build. Such a number chooses its noun's
form with `plural`, as `{n:card|cards}` does on cards: `{{ count('mond') | plural("Karte", "Karten") }}`
prints "1 Karte" or "3 Karten".
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass
from functools import lru_cache
from types import CodeType
from typing import Any

from jinja2 import StrictUndefined, TemplateError, TemplateSyntaxError

from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.content.suggest import did_you_mean
from generator.content.word_forms import FIELD_RE, PLURAL_BAR, is_one
from generator.rules.picture import StatePicture
from generator.rulestext.card_text import costs_text, effect_sentence
from generator.rulestext.i18n import label
from generator.rulestext.markup import escape as markdown_escape
from generator.rulestext.markup import html_escape
from generator.rulestext.per_language import PerLanguage
from generator.rulestext.unrendered import check_markdown, line_finder
from generator.sandbox import BoundedSandbox, TemplateBudgetError, render_bounded

ORDER_RE = re.compile(r"^(\d+)[-_](.+)$")
TITLE_RE = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)
ATTRIBUTES_RE = re.compile(r"\s*\{:?[^}]*\}\s*$")  # a heading's trailing attribute list (attr_list)
TEMPLATE_NAME = "<rules>"


class RulesReferenceError(Exception):
    """A rules page asked the content for something it does not have (an unknown card id ...)."""


@dataclass(frozen=True)
class RulesPage:
    """One rendered rules page: where it came from, where it goes, its title and Markdown.

    `pictures` are the tables the page asked the engine to draw (`setup_picture(...)`); the
    Markdown holds `picture_marker(i)` where the site puts picture i."""

    source: str
    slug: str
    title: str
    markdown: str
    pictures: tuple[StatePicture, ...] = ()
    cards: tuple[str, ...] = ()          # ids of the cards the page names (card pages list it)


MAX_PICTURES = 8            # pictures one rules page may ask for
MAX_PICTURE_SEED = 2**31


def picture_marker(index: int) -> str:
    """Where a rules page's picture `index` goes; the site replaces it with the picture."""
    return f"\u2063pnp-picture-{index}\u2063"


def setup_picture(content: GameContent, lang: str, pictures: list[StatePicture], seed: Any = 1,
                  **options: Any) -> str:
    """The table right after set-up, drawn by the game's engine with `options` and `seed`.

    A rules page writes `{{ setup_picture(players=3) }}` on a line of its own; an engine that
    draws no pictures, an unknown option or a value the option does not offer is an error at
    that line."""
    from generator.rules.contract import OptionsError
    from generator.rules.faults import describe
    from generator.rules.registry import EngineLoadError, make_game

    if not content.game.engine:
        raise RulesReferenceError("setup_picture: the game has no rules engine to set up the table")
    if len(pictures) >= MAX_PICTURES:
        raise RulesReferenceError(f"setup_picture: at most {MAX_PICTURES} pictures on one page")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_PICTURE_SEED:
        raise RulesReferenceError(f"setup_picture: seed must be a whole number from 0 to {MAX_PICTURE_SEED - 1}")
    try:
        game = make_game(content, {name: str(value) for name, value in options.items()})
    except OptionsError as exc:
        raise RulesReferenceError(f"setup_picture: {exc}") from None
    except EngineLoadError as exc:
        raise RulesReferenceError(f"setup_picture: {exc.message}") from None
    try:
        picture = game.presentation.picture(game.new_initial_state(seed), lang)
    except Exception as exc:  # an engine's own fault is reported at the page's line, never as a traceback
        raise RulesReferenceError(f"setup_picture: the engine fails setting up the table: {describe(exc)}") from None
    if picture is None:
        raise RulesReferenceError(f"setup_picture: the engine '{content.game.engine}' draws no pictures")
    pictures.append(picture)
    return picture_marker(len(pictures) - 1)


def page_order(filename: str) -> tuple[int, int, str]:
    """`30-setup.md` sorts by its number; pages without a number follow, by name."""
    stem = filename.rsplit(".", 1)[0]
    match = ORDER_RE.match(stem)
    if match:
        return (0, int(match.group(1)), match.group(2))
    return (1, 0, stem)


def page_slug(filename: str) -> str:
    return page_order(filename)[2]


MAX_FORM_CHARS = 200        # one word form of `plural`


def plural(value: Any, one: str, many: str | None = None) -> str:
    """`value` and the form of the noun it asks for: plural(1, "card", "cards") is "1 card", 3 gives "3 cards".

    As on cards, the forms may also come as one "card|cards"; the first is for one (plus or minus), the
    second for every other number. A value that is no number is an error at the page's line."""
    if many is None:
        if not isinstance(one, str) or one.count(PLURAL_BAR) != 1:
            raise RulesReferenceError('plural: give the two forms, plural("card", "cards") or plural("card|cards")')
        one, many = one.split(PLURAL_BAR)
    if not isinstance(one, str) or not isinstance(many, str):
        raise RulesReferenceError("plural: the word forms are text, in quotes")
    if len(one) > MAX_FORM_CHARS or len(many) > MAX_FORM_CHARS:
        raise RulesReferenceError(f"plural: a word form is longer than {MAX_FORM_CHARS} characters")
    if isinstance(value, bool) or not isinstance(value, (int, float, str)) or \
            (isinstance(value, str) and not re.fullmatch(r"[+-]?\d{1,18}(?:[.,]\d{1,6})?", value.strip())):
        raise RulesReferenceError(f"plural: {str(value)[:40]!r} is not a number")
    return f"{value} {one if is_one(value) else many}"


NUMBER_LETTERS = "XYZ"      # the numbers of an operation's general form, in the order its sentence names them
MAX_WORD_CHARS = 60


def operation_sentence(operations: list[Any], op: Any, lang: str, words: dict[str, Any]) -> str:
    """An operation's sentence in its general form, for a page that explains the operation itself.

    Its numbers read X, Y, Z (in order; `X=` names one otherwise), every other parameter by the word
    the page gives (`sentence(op, resource="resource")`), in italics, so a reader sees what varies;
    a number's word form is the one for many, `{amount:+d}` keeps its sign."""

    found = op if hasattr(op, "text") and hasattr(op, "params") else \
        next((o for o in operations if o.id == op), None)
    if found is None:
        raise RulesReferenceError(f"sentence: unknown operation '{op}' "
                                  f"({did_you_mean(str(op), [o.id for o in operations], 'operations')})")
    for name, word in words.items():
        if not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD_CHARS:
            raise RulesReferenceError(f"sentence: the word for '{name}' is text of 1 to {MAX_WORD_CHARS} characters")
    letters = iter(NUMBER_LETTERS)
    named: dict[str, str] = {}

    def word_for(name: str) -> str:
        if name not in named:
            spec = found.params.get(name)
            if name in words:
                named[name] = words[name]
            elif spec is not None and spec.type == "int":
                named[name] = next(letters, "N")
            else:
                raise RulesReferenceError(f"sentence: give a word for '{name}' of operation '{found.id}' "
                                          f"(sentence(op, {name}=\"...\"))")
        return named[name]

    def one(match: re.Match[str]) -> str:
        before, name, spec, after = match.groups()
        word = f"*{markdown_escape(word_for(name))}*"
        if before and after:
            return word
        if spec is not None and PLURAL_BAR in spec:
            return before + spec.split(PLURAL_BAR, 1)[1] + after
        return before + ("+" if spec and "+" in spec else "") + word + after

    return FIELD_RE.sub(one, found.text.get(lang))


def designed_marker(lang: str, what: str = "") -> str:
    """The inline badge that marks a value this edition chose where the rulebook is silent.

    Its words stand in parentheses that only a screen reader and a copy show (`pnp-aside`), so it
    reads as an aside, "… chosen by this edition (designed for this edition).", never as part of
    the sentence; on screen it is a badge."""
    hint = label("designed_hint", lang) + (f" {what}" if what else "")
    return (f'<span class="pnp-designed" title="{html_escape(hint)}"><span class="pnp-aside">(</span>'
            f'{label("designed", lang)}<span class="pnp-aside">)</span></span>')


def rules_context(content: GameContent, lang: str, pictures: list[StatePicture] | None = None,
                  named: dict[str, None] | None = None) -> dict[str, Any]:
    """What a rules page may use: the game, its cards and components, and formatting helpers.

    Pictures a page asks for (`setup_picture`) are added to `pictures`, the ids of the cards it
    names (`card`, `card_link`, `effect`, `count`) to `named`."""
    drawn: list[StatePicture] = pictures if pictures is not None else []
    used: dict[str, None] = named if named is not None else {}
    cards = {c.id: c for c in content.cards}
    game = content.game

    def lookup(items: dict[str, Any], what: str, item_id: str) -> Any:
        if item_id not in items:
            raise RulesReferenceError(f"unknown {what} '{item_id}' ({did_you_mean(str(item_id), items, what + 's')})")
        return items[item_id]

    def card(card_id: str):
        found = lookup(cards, "card", card_id)
        used[card_id] = None
        return found

    def count(item_id: str) -> int:
        """Copies of a card, cards of a kind, or a component's count."""
        if item_id in cards:
            return card(item_id).count
        if item_id in {k.id for k in game.kinds}:
            return sum(c.count for c in content.cards if c.kind == item_id)
        components = {c.id: c for c in game.components}
        return lookup(components, "card, kind or component", item_id).count

    def effect(card_id: str, index: int | None = None, back: bool = False) -> str:
        """Every effect of a card as its sentences, as the card prints them; with `index`, that one alone."""
        face = card(card_id).back if back else card(card_id)
        effects = face.effects if face is not None else []
        if index is None:
            if not effects:
                raise RulesReferenceError(f"card '{card_id}' has no effects")
            return " ".join(effect_sentence(content, e, lang) for e in effects)
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(effects):
            raise RulesReferenceError(f"card '{card_id}' has no effect number {index}")
        return effect_sentence(content, effects[index], lang)

    def card_link(card_id: str, lower: bool = False, back: bool = False) -> str:
        """The card's name linking to its page in the card database; the site shows its face on hover.

        Rules pages live in rules/, the card pages in cards/ beside that folder."""
        face = card(card_id).back if back else card(card_id)
        name = (face if face is not None else card(card_id)).name.get(lang)
        shown = name.lower() if lower else name
        return f"[{markdown_escape(shown)}](../cards/{card_id}.md){{ .pnp-card-link }}"

    def costs(mapping: dict[str, int]) -> str:
        return costs_text(content, dict(mapping), lang)

    def t(text: Any) -> str:
        return text.get(lang)

    return {
        "lang": lang,
        "game": game,
        "cards": content.cards,
        "boards": content.boards,
        "tables": content.tables,
        "card": card,
        "card_link": card_link,
        "cards_of": lambda kind_id: [c for c in content.cards if c.kind == kind_id],
        "count": count,
        "components_of": lambda type_id: [c for c in game.components if c.type == type_id],
        "component": lambda item_id: lookup({c.id: c for c in game.components}, "component", item_id),
        "kind": lambda item_id: lookup({k.id: k for k in game.kinds}, "card kind", item_id),
        "resource": lambda item_id: lookup({r.id: r for r in game.resources}, "resource", item_id),
        "resource_name": lambda item_id: content.resource_name(item_id, lang),
        "variant": lambda item_id: lookup({v.id: v for v in game.variants}, "variant", item_id),
        "effect": effect,
        "costs": costs,
        "t": t,
        "designed": lambda what="": designed_marker(lang, what),
        "sentence": lambda op, **words: operation_sentence(game.operations, op, lang, words),
        "setup_picture": lambda seed=1, **options: setup_picture(content, lang, drawn, seed, **options),
        "plural": plural,
    }


ENV = BoundedSandbox(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True)
ENV.filters["plural"] = plural  # `{{ n | plural("card", "cards") }}`
MAX_PAGE_CHARS = 1_000_000  # the rendered Markdown of one page


def _template_line(exc: BaseException) -> int:
    """The template line an error was raised at (Jinja rewrites tracebacks to template lines)."""
    if isinstance(exc, TemplateSyntaxError) and exc.lineno:
        return exc.lineno
    if isinstance(exc, TemplateBudgetError) and exc.template_line:  # a budget stopped the page (generator.sandbox)
        return exc.template_line
    line = 0
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_filename == TEMPLATE_NAME:
            line = lineno
    return line


@lru_cache(maxsize=512)
def _compiled(source_text: str) -> CodeType:
    """A page's template compiled once per process: the check, the rulebook and the site render the
    same page (a page that does not compile raises each time; errors are not cached)."""
    return ENV.compile(source_text, name=TEMPLATE_NAME, filename=TEMPLATE_NAME)


def render_rules_page(source_text: str, context: dict[str, Any], display: str, errors: ErrorList) -> str | None:
    """Render one page; a problem is added to `errors` with the page's file and line.

    A page that shows template text it did not fill (`{amount}`, generator.rulestext.unrendered) is
    refused at the line that wrote it."""
    origins: list[tuple[int, int]] = []
    try:
        code = _compiled(source_text)
        template = ENV.template_class.from_code(ENV, code, ENV.make_globals(None))
        markdown = render_bounded(template, context, MAX_PAGE_CHARS, origins)
        line_of = line_finder(origins, markdown, source_text, template.get_corresponding_lineno)
        if not check_markdown(markdown, line_of, display, errors):
            return None
        return markdown
    except (TemplateError, RulesReferenceError, TypeError, ValueError, KeyError, IndexError,
            AttributeError, ArithmeticError, RecursionError, MemoryError) as exc:
        message = getattr(exc, "message", None) or str(exc)
        errors.add(Mark(display, _template_line(exc) or 1, 1), f"rules template: {message}",
                   hint="see the helpers a rules page may use in README.md (section 'The rules site')",
                   code="rules")
        return None


def render_rules(content: GameContent, lang: str, errors: ErrorList) -> list[RulesPage]:
    """Every rules page of a game in `lang`, in page order.

    Rendered once per loaded game and language, however many readers ask (the checks, the
    citations, the rulebook, the site): a page that loops over 5,000 cards costs seconds.
    """
    return list(_RENDERED(content, lang, errors))


def _render_rules(content: GameContent, lang: str, errors: ErrorList) -> list[RulesPage]:
    # Python-Markdown loads with the first page, not with this module
    from generator.rulestext.markdown_bounds import check_page

    drawn: list[StatePicture] = []
    named: dict[str, None] = {}
    context = rules_context(content, lang, drawn, named)
    pages: list[RulesPage] = []
    slugs: dict[str, str] = {}
    for filename in sorted(content.rules.get(lang, {}), key=page_order):
        display = f"{content.root.name}/rules/{lang}/{filename}"
        slug = page_slug(filename)
        if slug in slugs:
            errors.add(Mark(display, 1, 1), f"rules page '{filename}' has the same address as '{slugs[slug]}' "
                       f"(rules/{slug}/)", hint="the number prefix only orders pages; give each page its own name",
                       code="rules")
            continue
        slugs[slug] = filename
        drawn.clear()
        named.clear()
        markdown = render_rules_page(content.rules[lang][filename], context, display, errors)
        if markdown is None or not check_page(markdown, display, errors):  # one a reader would choke on: left out
            continue
        match = TITLE_RE.search(markdown)
        if match is None:
            errors.add(Mark(display, 1, 1), "rules page has no `# title` line", hint="start the page with `# Title`",
                       code="rules")
            continue
        title = ATTRIBUTES_RE.sub("", match.group(1)).strip()  # `# Setup { .player-aid }` is titled "Setup"
        pages.append(RulesPage(filename, slug, title, markdown, tuple(drawn), tuple(named)))
    return pages


_RENDERED: PerLanguage[list[RulesPage]] = PerLanguage(_render_rules)
