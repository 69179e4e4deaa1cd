"""Which numbered rule explains a refusal of the engine: "see 4.2, rules/actions.html#rule-4-2".

A rules heading names the refusals it explains in its attribute list, `## Move a spaceship
{ refuses="move.*" }` (an id of the game's refusal sentences, or a prefix ending in `.*`), so the
mapping lives beside the rule it points to and follows it when pages are renumbered. `pnp check`
refuses a name that matches none of the engine's refusals and a refusal two sections claim; the
replay of a saved game cites the section when it refuses a decision.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.rulestext.rule_sections import REFUSES, number_sections, source_line
from generator.rulestext.rules_text import render_rules

MARKDOWN_ESCAPE = re.compile(r"\\(.)")
SEE = {"de": "siehe", "en": "see"}  # the word before a citation, per language of the rules


@dataclass(frozen=True)
class Citation:
    """The section of the rules that explains a refusal, and where the site shows it."""

    number: str
    title: str
    page: str  # the rules page's slug
    anchor: str

    @property
    def address(self) -> str:
        """The section on the game's site, relative to the site of one language (`rules/actions.html#rule-4-2`)."""
        return f"rules/{self.page}.html#{self.anchor}"

    def text(self, lang: str = "en") -> str:
        """"see 4.1 Improve an activity card: rules/actions.html#rule-4-1" (German: "siehe ...")."""
        return f"{SEE.get(lang, SEE['en'])} {self.number} {self.title}: {self.address}"


@dataclass(frozen=True)
class _Claim:
    pattern: str
    citation: Citation
    source: str  # the page file
    position: int  # the heading's place on its page


def _claims(content: GameContent, lang: str) -> list[_Claim]:
    claims: list[_Claim] = []
    for number, page in enumerate(render_rules(content, lang, ErrorList()), start=1):
        for position, section in enumerate(number_sections(page.markdown, number)):
            for pattern in section.refuses:
                title = MARKDOWN_ESCAPE.sub(r"\1", section.title)  # `## \*Paying` reads "*Paying"
                claims.append(_Claim(pattern, Citation(section.number, title, page.slug, section.anchor),
                                     page.source, position))
    return claims


def matches(pattern: str, rule: str) -> bool:
    """`move.*` matches `move.exact`; any other pattern only itself."""
    return rule.startswith(pattern[:-1]) if pattern.endswith(".*") else rule == pattern


def cite(content: GameContent, rule: str, lang: str = "en") -> Citation | None:
    """The section that explains refusal `rule`: the exact id first, else the longest prefix."""
    best: tuple[int, Citation] | None = None
    for claim in _claims(content, lang):
        if matches(claim.pattern, rule):
            rank = 10_000 if claim.pattern == rule else len(claim.pattern)
            if best is None or rank > best[0]:
                best = (rank, claim.citation)
    return best[1] if best else None


def see(content: GameContent, rule: str) -> str:
    """" (see 4.2 Move a spaceship: rules/actions.html#rule-4-2)" when a rules section names this refusal, else ""
    (what a replay's refused decision ends with: generator.rules.log.Cite)."""
    citation = cite(content, rule, "en")
    return f" ({citation.text()})" if citation else ""


def check_citations(content: GameContent, refusals: Iterable[str], errors: ErrorList, lang: str = "de") -> None:
    """Every `refuses=` names refusals of the engine, and no refusal is claimed twice at the same precision."""
    known = sorted(set(refusals))
    owner: dict[str, _Claim] = {}
    rendered = {page.source: page.markdown for page in render_rules(content, lang, ErrorList())}
    for claim in _claims(content, lang):
        line = source_line(content.rules[lang][claim.source], rendered[claim.source], claim.position)
        mark = Mark(f"{content.root.name}/rules/{lang}/{claim.source}", line, 1)
        if not any(matches(claim.pattern, rule) for rule in known):
            errors.add(mark, f"{REFUSES}=\"{claim.pattern}\" names no refusal of the game's engine", code="rules",
                       hint=f"refusals: {', '.join(known[:12])}{' …' if len(known) > 12 else ''}; a prefix ends in .*")
            continue
        earlier = owner.get(claim.pattern)
        if earlier is not None and earlier.citation != claim.citation:
            errors.add(mark, f"refusal '{claim.pattern}' is explained by section {earlier.citation.number} already",
                       code="rules", hint="name each refusal in one section")
            continue
        owner[claim.pattern] = claim
