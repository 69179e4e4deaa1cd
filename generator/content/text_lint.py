"""Printed grammar the schema cannot see: a number in front of a noun that has no plural form.

An operation text "Draw {count} cards." prints "Draw 1 cards." for a card that draws one; the
content's notation has the cure, `{count} {count:card|cards}` (generator/content/word_forms.py).
This module finds the templates that miss it: a field that holds a number, followed by a noun
(maybe after one word that qualifies it: "more cards", "event cards", "zusätzliche Aktionen")
whose singular and plural differ; a singular is reported too ("costs {cost} action").

Which words are nouns with two forms: the pairs the game itself writes in its `one|many` fields
(in the same language), a short list of the nouns board games count, and German compounds by
their last noun ("Projektkarten" as "Karten"). Which fields hold numbers: an
operation's `int` parameters (its declared type says so); in the engine's sentences, a field the
sentence prints with word forms or a number format in some language (`{n:card|cards}`, `{n:+d}`),
or one named like a count (`n`, `count`, `cost`, a plural noun such as `cards` or `events_in`). A field that holds a
name (`{card}`, `{resource}`) is never taken for a number, so "{activity} card" is not reported.

The rules pages print data, not templates: `printed_plural_problems` reads a rendered page for a
"1" from a `{{ ... }}` in front of a plural noun. Each finding is a warning, not an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.content.errors import ErrorList, Mark
from generator.content.word_forms import FORMAT_SPEC_RE, PLURAL_BAR, fields

if TYPE_CHECKING:
    from generator.content.loader import GameContent

# nouns board games count, singular|plural (only those whose two forms differ; German in the nominative,
# its dative plural too where it differs)
COMMON_NOUNS: dict[str, tuple[str, ...]] = {
    "en": ("card|cards", "action|actions", "point|points", "coin|coins", "token|tokens", "tile|tiles",
           "round|rounds", "player|players", "space|spaces", "step|steps", "resource|resources", "cube|cubes",
           "die|dice", "worker|workers", "colony|colonies", "planet|planets", "event|events", "ship|ships",
           "credit|credits", "unit|units", "marker|markers", "building|buildings", "city|cities", "copy|copies",
           "life|lives", "deck|decks", "nut|nuts", "tag|tags", "field|fields", "goal|goals", "technology|technologies"),
    "de": ("Karte|Karten", "Aktion|Aktionen", "Punkt|Punkte", "Punkt|Punkten", "Siegpunkt|Siegpunkte",
           "Münze|Münzen", "Runde|Runden", "Feld|Felder", "Feld|Feldern", "Schritt|Schritte", "Stufe|Stufen",
           "Ressource|Ressourcen", "Kolonie|Kolonien", "Planet|Planeten", "Ereignis|Ereignisse", "Schiff|Schiffe",
           "Kredit|Kredite", "Einheit|Einheiten", "Stadt|Städte", "Nut|Nuts", "Ziel|Ziele", "Zug|Züge",
           "Technologie|Technologien", "Kopie|Kopien", "Symbol|Symbole"),
}
# words that end the phrase after a number: a noun after them is not the thing counted ("{n} of the cards")
NOT_BETWEEN: dict[str, frozenset[str]] = {
    "en": frozenset({"to", "of", "for", "and", "or", "in", "on", "at", "from", "with", "by", "as", "than", "per",
                     "each", "the", "a", "an", "is", "are", "was", "be", "has", "have", "you", "your", "their", "its",
                     "it", "this", "that", "if", "when", "then", "but", "not", "no", "times", "x"}),
    "de": frozenset({"zu", "von", "für", "und", "oder", "in", "an", "auf", "aus", "mit", "bei", "als", "pro", "je",
                     "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "ist", "sind",
                     "hat", "haben", "du", "dein", "deine", "ihr", "sie", "es", "wenn", "dann", "aber", "nicht", "kein",
                     "keine", "mal"}),
}
MIN_COMPOUND_PART = 3       # German compounds inflect on their last noun: "Projektkarte|Projektkarten"
COUNT_NAMES = frozenset({"n", "count", "amount", "cost", "number", "total", "times"})
WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
MAX_FINDINGS = 200          # per game: a template language gone wrong everywhere needs no thousand lines


@dataclass(frozen=True)
class Noun:
    """A noun's two forms in one language."""

    one: str
    many: str

    @property
    def forms(self) -> str:
        return f"{self.one}{PLURAL_BAR}{self.many}"


Vocabulary = dict[str, Noun]   # a form, as written -> its noun


def _pair(forms: str) -> Noun | None:
    """The last words of `one|many` ("zusätzliche Aktion|zusätzliche Aktionen" -> Aktion/Aktionen), or None."""
    if forms.count(PLURAL_BAR) != 1:
        return None
    one, many = (part.split()[-1] if part.split() else "" for part in forms.split(PLURAL_BAR))
    if not one or not many or one == many or not WORD_RE.fullmatch(one) or not WORD_RE.fullmatch(many):
        return None
    return Noun(one, many)


def vocabulary(templates: list[str], lang: str) -> Vocabulary:
    """Nouns with two forms in `lang`: the common ones and every `one|many` pair of the game's templates."""
    found: Vocabulary = {}
    pairs = [f.spec for text in templates for f in fields(text) if f.forms and f.spec] + list(
        COMMON_NOUNS.get(lang, ())
    )
    for forms in pairs:
        noun = _pair(forms)
        if noun is not None:
            found.setdefault(noun.one, noun)
            found.setdefault(noun.many, noun)
    return found


@dataclass(frozen=True)
class Finding:
    """A number field in front of a noun form that is wrong for some number."""

    field: str
    shown: str        # the words as the template writes them: "{count} cards"
    printed: str      # what it prints for the number that breaks it: "1 cards"
    noun: Noun
    plural: bool      # the template writes the plural (wrong for one), else the singular (wrong for two)
    ending: str = ""  # "(s)", "(n)": both forms at once, "card(s)"

    def message(self) -> str:
        if self.ending:
            return f"'{self.shown}{self.ending}' prints both forms at once, '1 {self.shown.split('} ', 1)[1]}" \
                   f"{self.ending}', where the number can choose one"
        when = f"{{{self.field}}} is one" if self.plural else f"{{{self.field}}} is not one"
        return f"'{self.shown}' prints '{self.printed}' when {when}"

    def hint(self) -> str:
        words = self.shown.split("} ", 1)[1]
        between = words.rsplit(" ", 1)[0] + " " if " " in words else ""
        return (f"write '{{{self.field}}} {between}{{{self.field}:{self.noun.forms}}}': the word form follows the "
                "number (see 'Word forms' in docs/content-reference.md)")


def template_findings(template: str, lang: str, nouns: Vocabulary, numbers: frozenset[str] | None) -> Iterator[Finding]:
    """Number fields of `template` followed by a noun form that is wrong for some number.

    `numbers` names the fields that hold numbers (None: every field that is not an icon or word forms)."""
    for match in _FIELD_RE.finditer(template):
        before, name, spec, after = match.groups()
        if (before and after) or (spec is not None and PLURAL_BAR in spec):
            continue
        if numbers is not None and name not in numbers and not (spec and FORMAT_SPEC_RE.fullmatch(spec)):
            continue
        words = _following_words(template, match.end(), 2)
        found = counted_noun(words, nouns, lang)
        if found is None:
            continue
        shown, noun, plural = found
        if not plural and _modifies_next(template, match.end(), shown):
            continue  # "{left} event {left:card|cards}": the singular names the kind of the counted thing
        rest = template[match.end():].lstrip(" \u00a0")
        ending = _ENDING_RE.match(rest, len(shown)) if rest.startswith(shown) else None
        if ending is None and not plural and lang == "de" and _dative_only(noun):
            continue  # "{n} Würfel" is right for two: only the dative plural ("mit 2 Würfeln") differs
        yield Finding(name, f"{match.group(0)} {shown}", f"{1 if plural else 2} {shown}", noun, plural,
                      ending.group(0) if ending else "")


_FIELD_RE = re.compile(r"(:?)\{([a-z_][a-z0-9_]*)(?::([^{}]*))?\}(:?)")
_GAP_RE = re.compile(r"[ \u00a0]+")
_ENDING_RE = re.compile(r"\([^\W\d_]{1,3}\)")   # "card(s)", "Karte(n)"


def _dative_only(noun: Noun) -> bool:
    """A German noun whose plural differs from its singular in the dative only (Würfel, Würfeln)."""
    return noun.many == noun.one + "n" and noun.one.endswith(("el", "er"))


def _modifies_next(template: str, at: int, words: str) -> bool:
    """Whether `words`, right after `at`, are followed by a field: then they qualify that field's noun."""
    rest = template[at:].lstrip(" \u00a0")
    return rest.startswith(words) and rest[len(words):].lstrip(" \u00a0").startswith(("{", ":{"))


def _following_words(text: str, at: int, count: int) -> list[str]:
    """Up to `count` words right after `at`, separated by spaces only (punctuation or a field ends them)."""
    words: list[str] = []
    while len(words) < count:
        gap = _GAP_RE.match(text, at)
        if gap is None:
            break
        word = WORD_RE.match(text, gap.end())
        if word is None:
            break
        words.append(word.group(0))
        at = word.end()
    return words


def noun_form(word: str, nouns: Vocabulary, lang: str) -> tuple[Noun, bool] | None:
    """The noun `word` is a form of, and whether it is the plural; a German compound by its last noun."""
    noun = nouns.get(word)
    if noun is not None:
        return noun, word == noun.many
    if lang != "de":
        return None
    for form, noun in nouns.items():
        if len(form) > MIN_COMPOUND_PART and len(word) - len(form) >= MIN_COMPOUND_PART \
                and word.endswith(form.lower()) and word[0].isupper():
            head = word[: len(word) - len(form)]
            return Noun(head + noun.one.lower(), head + noun.many.lower()), form == noun.many
    return None


def counted_noun(words: list[str], nouns: Vocabulary, lang: str) -> tuple[str, Noun, bool] | None:
    """(the words as written, the noun, whether plural) for the thing a number in front of `words` counts.

    The noun is the first word, or the second after a word that qualifies it ("more cards", "event
    cards", "eigene Nuts"); a singular followed by another noun only qualifies it ("planet cards")."""
    if not words:
        return None
    first = noun_form(words[0], nouns, lang)
    second = noun_form(words[1], nouns, lang) if len(words) > 1 else None
    if first is not None and first[1]:
        return words[0], first[0], True
    if second is not None and second[1] and words[0].lower() not in NOT_BETWEEN.get(lang, frozenset()):
        return f"{words[0]} {words[1]}", second[0], True
    if first is not None and second is None:
        return words[0], first[0], False
    return None


def _count_names(templates: list[str], nouns: Vocabulary) -> frozenset[str]:
    """Fields that hold numbers in these templates (one sentence in every language): those printed with
    word forms or a number format, and those named like counts (`n`, `cost`, a plural noun such as `cards`).

    Only the sentence's own templates count: `{r}` may be a number in one sentence and a colour in the next."""
    names = set(COUNT_NAMES)
    for text in templates:
        for f in fields(text):
            if f.forms or (f.spec and not f.as_icon and FORMAT_SPEC_RE.fullmatch(f.spec)):
                names.add(f.name)
            if any(part in nouns and part == nouns[part].many for part in f.name.split("_")):
                names.add(f.name)   # `{cards}`, `{events_in}`: a count (names are English)
    return frozenset(names)


def plural_warnings(content: GameContent, warnings: ErrorList) -> None:
    """Warn at every operation text and engine sentence that prints a noun in the wrong form for some number."""
    found = 0

    def warn(mark: Mark, what: str, path: tuple[str | int, ...], finding: Finding) -> None:
        nonlocal found
        found += 1
        if found <= MAX_FINDINGS:
            warnings.warn(mark, f"{what}: {finding.message()}", path, hint=finding.hint(), code="text")

    names = game_vocabulary(content, "en")   # field names are English words: `{actions}` counts in German too
    for lang in content.languages:
        nouns = game_vocabulary(content, lang)
        for i, op in enumerate(content.game.operations):
            numbers = frozenset(name for name, spec in op.params.items() if spec.type == "int")
            for finding in template_findings(op.text.get(lang), lang, nouns, numbers):
                warn(content.mark_of("game", content.id, "operations", i, "text", lang),
                     f"operation '{op.id}' ({lang})", ("operations", i, "text", lang), finding)
        source = content.sentence_sources.get(lang)
        for section, table in content.sentences.get(lang, {}).items():
            for key, text in table.items():
                same = [sections.get(section, {}).get(key, "") for sections in content.sentences.values()]
                for finding in template_findings(text, lang, nouns, _count_names(same, names)):
                    mark = source.mark((section, key)) if source is not None else Mark(str(content.root))
                    warn(mark, f"sentence '{section}.{key}' ({lang})", (section, key), finding)


def game_vocabulary(content: GameContent, lang: str) -> Vocabulary:
    """The nouns with two forms of `lang`: the common ones and those the game's templates write in word forms."""
    texts = [op.text.get(lang) for op in content.game.operations]
    return vocabulary(texts + [text for table in content.sentences.get(lang, {}).values() for text in table.values()],
                      lang)


_EXPRESSION_END_RE = re.compile(r"\}\}")


def printed_plural_problems(
    source_text: str, rendered: str, lang: str, nouns: Vocabulary
) -> Iterator[tuple[int, str, Noun]]:
    """(line of the page's source, words as printed, their noun) for each "1 <plural>" a `{{ ... }}` prints.

    The rendered page shows what was printed; the source shows that an expression stood before the
    noun (a "Phase 1 Actions" heading written out by hand is no template's doing)."""
    reported: set[str] = set()
    for match in _EXPRESSION_END_RE.finditer(source_text):
        found = counted_noun(_following_words(source_text, match.end(), 2), nouns, lang)
        if found is None or not found[2] or found[0] in reported:
            continue
        shown = found[0]
        if re.search(rf"(?<![\w.,])1[ \u00a0]+{re.escape(shown)}\b", rendered):
            reported.add(shown)
            yield source_text.count("\n", 0, match.start()) + 1, f"1 {shown}", found[1]
