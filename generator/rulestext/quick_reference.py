"""The quick reference of a game as Markdown: turn order, action and cost tables, icon legend, game end.

One text serves the rules site's quick-reference page and the printed player aid, so the two
cannot differ. It is made from data, not from rules prose: game.yaml `quick_reference` (its texts
rendered through the rules pages' sandbox, so `{{ card('x').cost }}` is the card's number), the
cards a table names (their names, costs and effects as the cards print them) and the icons the
card faces draw (the legend), so a cost changed in the YAML changes the table on the next build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.content.schema import Card
from generator.content.schema_base import Text
from generator.content.schema_reference import ReferenceRow, ReferenceTable
from generator.rules.core import PerObject
from generator.rulestext.card_text import costs_text, effect_sentence
from generator.rulestext.markup import ICON_RE, icon_words
from generator.rulestext.markup import escape as markdown_escape
from generator.rulestext.per_language import PerLanguage
from generator.rulestext.rules_text import render_rules_page, rules_context
from generator.rulestext.word_tables import words_beside

WORDS = words_beside(__file__)
KEY = "quick_reference"  # game.yaml's key


def word(key: str, lang: str) -> str:
    """The quick reference's own words (headings, table headers) in `lang`."""
    return WORDS[key][lang]


@dataclass(frozen=True)
class ReferenceTableText:
    """One action and cost table, its cells Markdown."""

    title: str
    header: tuple[str, str, str]
    rows: tuple[tuple[str, str, str], ...]
    cards: tuple[str | None, ...]  # the card each row comes from (None: a written row)
    note: str = ""


@dataclass(frozen=True)
class QuickReferenceText:
    """The quick reference of one game in one language, every part Markdown with `:icon:`s left in."""

    turn: tuple[tuple[str, str], ...]          # (step name, what happens)
    tables: tuple[ReferenceTableText, ...]
    icons: tuple[tuple[str, str], ...]         # (icon name, its words), sorted by the words
    end: tuple[str, ...]
    lang: str = "en"

    def markdown(self, card_link: str | None = None, compact: bool = False) -> str:
        """The whole reference as Markdown (level-2 headings); `card_link` ("cards/{id}.md") links card names.
        `compact` (a page column): tables of two columns, the cost beside the name, and the icon legend as one
        paragraph, so no word is split in a narrow cell."""
        out: list[str] = []
        if self.turn:
            out += [f"## {self.heading('turn')}", ""]
            out += [f"{n}. **{name}:** {text}" for n, (name, text) in enumerate(self.turn, start=1)] + [""]
        for table in self.tables:
            if compact:
                out += [f"## {table.title}", "", f"| {table.header[0]}: {table.header[1]} | {table.header[2]} |",
                        "|---|---|"]
                out += [f"| **{name}:** {cost} | {effect} |" for name, cost, effect in table.rows]
                out += [""] + ([table.note, ""] if table.note else [])
                continue
            out += [f"## {table.title}", "", "| " + " | ".join(table.header) + " |", "|---|---|---|"]
            for (name, cost, effect), card in zip(table.rows, table.cards, strict=True):
                shown = f"[{name}]({card_link.format(id=card)}){{ .pnp-card-link }}" if card and card_link else name
                out.append(f"| {shown} | {cost} | {effect} |")
            out += [""] + ([table.note, ""] if table.note else [])
        if self.icons and compact:
            out += [f"## {self.heading('icons')}", "",
                    " · ".join(f":{name}:\u00a0{markdown_escape(words)}" for name, words in self.icons), ""]
        elif self.icons:
            # two icons a row: the legend takes half the height
            pair = f"{self.heading('icon')} | {self.heading('meaning')}"
            out += [f"## {self.heading('icons')}", "", f"| {pair} | {pair} |", "|---|---|---|---|"]
            half = (len(self.icons) + 1) // 2
            for left, right in zip(self.icons[:half], [*self.icons[half:], None], strict=False):
                cells = [f":{left[0]}: | {markdown_escape(left[1])}"]
                cells.append(f":{right[0]}: | {markdown_escape(right[1])}" if right else " | ")
                out.append(f"| {' | '.join(cells)} |")
            out.append("")
        out += [f"## {self.heading('end')}", ""] + [f"- {line}" for line in self.end]
        return "\n".join(out) + "\n"

    def heading(self, key: str) -> str:
        return word(key, self.lang)


def quick_reference(content: GameContent, lang: str, errors: ErrorList) -> QuickReferenceText | None:
    """The game's quick reference in `lang` (None when game.yaml has no `quick_reference`), made once per
    loaded game and language; its problems are added to `errors` at game.yaml's line."""
    return _MADE(content, lang, errors)


def _key_line(content: GameContent) -> int:
    """The line of `quick_reference:` in game.yaml (1 when it cannot be read)."""
    try:
        text = (content.root / "game.yaml").read_text(encoding="utf-8")
    except OSError:
        return 1
    match = re.search(rf"^{KEY}:", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else 1


class _Renderer:
    """Renders the reference's texts in one language through the rules pages' sandbox."""

    def __init__(self, content: GameContent, lang: str, errors: ErrorList) -> None:
        self.content = content
        self.lang = lang
        self.errors = errors
        self.context = rules_context(content, lang)
        self.display = f"{content.root.name}/game.yaml"
        self.line = _key_line(content)
        self.cards = {card.id: card for card in content.cards}
        self.kinds = {kind.id: kind for kind in content.game.kinds}

    def text(self, text: Text, where: str) -> str:
        found = ErrorList()
        rendered = render_rules_page(text.get(self.lang), self.context, self.display, found)
        for problem in found.errors:
            self.errors.add(Mark(self.display, self.line, 1), f"{KEY}.{where}: {problem.message}", code="rules",
                            hint=problem.hint)
        return " ".join((rendered or "").split())

    def cell(self, text: str) -> str:
        return text.replace("|", "\\|")

    def card(self, card_id: str, where: str) -> Card | None:
        card = self.cards.get(card_id)
        if card is None:
            self.errors.add(Mark(self.display, self.line, 1), f"{KEY}.{where}: no card '{card_id}'", code="rules",
                            hint="name a card id of cards/")
        return card

    def value(self, card: Card, name: str, unit: str | None) -> str:
        """A card field (or its `cost`, or its `count` of copies) in words: costs with their icons, lists joined, a
        resource by its name."""
        own = {"cost": card.cost, "count": card.count}
        value = own[name] if name in own else card.fields.get(name)
        spec = self.kinds[card.kind].fields.get(name)
        if value is None:
            return "–"
        if isinstance(value, dict):
            return costs_text(self.content, {str(k): int(v) for k, v in value.items()}, self.lang)
        if spec is not None and spec.type == "resource":
            return f":{self.content.resource_icon(str(value))}: {self.content.resource_name(str(value), self.lang)}"
        if isinstance(value, bool):
            return "✓" if value else "–"
        shown = " / ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        return f"{shown} :{unit}:" if unit else shown

    def labelled(self, card: Card, names: list[str], unit: str | None, always: bool = False) -> str:
        """Fields as "label value; label value" (one field alone without its label, unless `always`)."""
        if len(names) == 1 and not always:
            return self.value(card, names[0], unit)
        kind = self.kinds[card.kind]
        parts = []
        for name in names:
            spec = kind.fields.get(name)
            value = self.value(card, name, unit)
            if spec is not None and spec.label:
                parts.append(f"{spec.label.get(self.lang)} {value}")
            elif value != "–":
                parts.append(value)
        return "; ".join(parts)

    def cost(self, card: Card, table: ReferenceTable) -> str:
        return self.labelled(card, list(table.cost_fields) or ["cost"], table.unit)

    def effect(self, card: Card, table: ReferenceTable) -> str:
        parts = [effect_sentence(self.content, e, self.lang) for e in card.effects]
        if card.text is not None:
            parts.append(card.text.get(self.lang))
        if table.effect_fields:
            parts.append(self.labelled(card, list(table.effect_fields), None, always=True) + ".")
        return " ".join(" ".join(parts).split()) or "–"

    def row(self, row: ReferenceRow, table: ReferenceTable, where: str) -> tuple[str, str, str] | None:
        card = self.card(row.card, where) if row.card else None
        if row.card and card is None:
            return None
        name = self.text(row.name, f"{where}.name") if row.name else markdown_escape(card.name.get(self.lang))  \
            if card else ""
        cost = self.text(row.cost, f"{where}.cost") if row.cost else self.cost(card, table) if card else ""
        effect = self.text(row.effect, f"{where}.effect") if row.effect else self.effect(card, table) if card else "–"
        return self.cell(name), self.cell(cost), self.cell(effect)


def _make(content: GameContent, lang: str, errors: ErrorList) -> QuickReferenceText | None:
    spec = content.game.quick_reference
    if spec is None:
        return None
    render = _Renderer(content, lang, errors)
    turn = tuple((render.text(step.name, f"turn[{i}].name"), render.text(step.text, f"turn[{i}].text"))
                 for i, step in enumerate(spec.turn))
    tables: list[ReferenceTableText] = []
    for t, table in enumerate(spec.tables):
        rows: list[tuple[str, str, str]] = []
        cards: list[str | None] = []
        written = [(row, f"tables[{t}].rows[{r}]") for r, row in enumerate(table.rows)]
        of_kind = [(ReferenceRow(card=c.id), f"tables[{t}].kind") for c in content.cards if c.kind == table.kind]
        for row, where in written + of_kind:
            made = render.row(row, table, where)
            if made is not None:
                rows.append(made)
                cards.append(row.card if row.name is None else None)
        header = (render.text(table.name_column, f"tables[{t}].name_column") if table.name_column
                  else word("action", lang),
                  render.text(table.cost_column, f"tables[{t}].cost_column") if table.cost_column
                  else word("cost", lang),
                  word("effect", lang))
        tables.append(ReferenceTableText(render.text(table.title, f"tables[{t}].title"), header, tuple(rows),
                                         tuple(cards), render.text(table.note, f"tables[{t}].note") if table.note
                                         else ""))
    end = tuple(render.text(line, f"end[{i}]") for i, line in enumerate(spec.end))
    shown = " ".join([*(a + " " + b for a, b in turn), *(" ".join(sum(t.rows, ())) for t in tables), *end])
    names = card_icons(content, lang) | {m.group(1) for m in ICON_RE.finditer(shown)}
    icons = sorted(((name, legend_words(content, lang, name)) for name in names if name in content.icons),
                   key=lambda item: (item[1].casefold(), item[0]))
    return QuickReferenceText(turn, tuple(tables), tuple(icons), end, lang)


_MADE: PerLanguage[QuickReferenceText | None] = PerLanguage(_make)


def legend_words(content: GameContent, lang: str, name: str) -> str:
    """What an icon means, for the legend: the rules' words for it (`words: icon-<name>` in sentences.yaml), which
    name the icon itself where a resource or component lends it its name ("Nut", not "Red nut"), else its alt text,
    else the name of the card it pictures."""
    words = content.sentences.get(lang, {}).get("words", {})
    own = words.get(f"icon-{name}")
    if isinstance(own, str) and own.strip():
        return own
    alt = icon_words(content, lang, name)
    if alt != name or isinstance(words.get(f"tag-{name}"), str):  # "building" is the tag's own word
        return alt
    # a card's picture: the name of the first card that shows it
    for card in content.cards:
        for face in (card, card.back):
            if face is not None and face.icon == name:
                return face.name.get(lang)
    return alt


_ICONS: PerObject[dict[str, frozenset[str]]] = PerObject()


def card_icons(content: GameContent, lang: str) -> frozenset[str]:
    """Every icon a card face draws in `lang` (both sides), as the card step lays them out."""
    done = _ICONS.get(content, dict)
    if lang not in done:
        from generator.drawing.shapes import Icon
        from generator.layout.engine import CardLayouts

        layouts = CardLayouts(content, ErrorList())
        names: set[str] = set()
        for card in content.cards:
            for face in (layouts.front(card, lang), layouts.back(card, lang)):
                if face is not None:
                    names |= {item.name for item in [*face.frame, *face.items] if isinstance(item, Icon)}
        done[lang] = frozenset(names)
    return done[lang]
