"""The designer's site of a game: what the people who make the game read, apart from the players' rules.

Players read output/site/<game>/<lang>/: rules, cards, examples, glossary and downloads, and nothing
there names an operation, the engine, a playing policy or a command. What a designer or developer
needs goes to output/site-designer/<game>/<lang>/, a site of its own made the same way (the same base
config, theme, hooks and language switch): the balance figures with their charts, the sweeps
recorded with their plots (generator.site.sweeps_page), the options that
play other readings of the rules with their commands, the effect vocabulary with the engine's notes,
and the build's settings. Its pages link back to the players' pages they concern; the players' pages
do not link here.
"""

from __future__ import annotations

from pathlib import Path

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema_version import version_line
from generator.rulestext.markup import escape, html_escape, table
from generator.rulestext.rules_text import render_rules
from generator.rulestext.word_tables import words_beside
from generator.site.balance_page import balance_label, balance_page
from generator.site.game_site import GameSite
from generator.site.project import DESIGNER, LanguageSite, nav_title, site_config
from generator.site.sweeps_page import WORDS as SWEEP_WORDS
from generator.site.sweeps_page import sweeps_page
from generator.site.tree import DocsTree, NavList

SITE = "site-designer"  # output/site-designer, beside output/site
PLAYERS = "../../../site"  # from a designer page (output/site-designer/<game>/<lang>/x.html) to output/site
LANDING = "../../index.html"  # from a game's designer site in one language to the designer's list of games

WORDS = words_beside(__file__)


def words(key: str, lang: str, **values: str) -> str:
    text = WORDS[key].get(lang, WORDS[key]["en"])
    return text.format(**values) if values else text


def players_link(site: GameSite, page: str, text: str) -> str:
    """A link from a designer page to a page of the players' site (raw HTML: mkdocs checks only links inside
    its own docs tree, and this one leaves it)."""
    return f'<a href="{PLAYERS}/{site.id}/{site.lang}/{html_escape(page)}">{html_escape(text)}</a>'


def balance(site: GameSite) -> str | None:
    """The balance page when the game records `pnp balance` figures (and has an engine to judge them by)."""
    if not site.content.game.engine:
        return None
    from generator.rules.balance import read_results, results_are_current

    data = read_results(site.content)
    if not data:
        return None
    from generator.rules.registry import make_game

    shown = make_game(site.content, {}).presentation
    return balance_page(site, data, results_are_current(site.content, data), shown.taken_name, shown.group_name)


def options_page(site: GameSite, rulings: tuple[str, str] | None) -> str | None:
    """The engine's options: their values, defaults and what they change, and the command that plays them."""
    if not site.content.game.engine:
        return None
    from generator.rules.registry import engine_class

    specs = [spec for spec in engine_class(site.content).option_specs]
    if not specs:
        return None
    lang = site.lang
    rows = [[f"`{spec.name}`", ", ".join(f"`{choice}`" for choice in spec.choices), f"`{spec.default}`",
             f'<span lang="en">{html_escape(spec.help)}</span>' if lang != "en" else escape(spec.help)]
            for spec in specs]
    named = players_link(site, f"rules/{rulings[0]}.html", rulings[1]) if rulings else words("rulings", lang)
    example = next((spec for spec in specs if spec.name not in ("players", "variant")), specs[0])
    other = next((choice for choice in example.choices if choice != example.default), example.default)
    lines = [f"# {words('options', lang)}", "", words("options_intro", lang, rulings=named), "",
             table([words("option", lang), words("choices", lang), words("default", lang), words("meaning", lang)],
                   rows), "", f"## {words('play_with', lang)}", "", "```",
             f"pnp play {site.id} --option {example.name}={other}", "```"]
    return site.page("options.md", "\n".join(lines))


def _cards_using(content: GameContent) -> dict[str, list[tuple[str, object]]]:
    """For each operation, the cards whose effects use it (card id, the effect), in the content's order."""
    uses: dict[str, list[tuple[str, object]]] = {}
    for card in content.cards:
        faces = [card] + ([card.back] if getattr(card, "back", None) is not None else [])
        for face in faces:
            for effect in getattr(face, "effects", None) or []:
                found = uses.setdefault(effect.op, [])
                if not any(card_id == card.id for card_id, _ in found):
                    found.append((card.id, effect))
    return uses


def _parameter(name: str, spec, lang: str) -> str:
    if spec.choices:
        return f"`{name}`: {', '.join(spec.choices)}"
    if spec.min is not None and spec.max is not None:
        printed = (f" ({words('printed_as', lang)} {spec.min * spec.printed_times} {words('to', lang)} "
                   f"{spec.max * spec.printed_times})" if spec.printed_times else "")
        return f"`{name}`: {spec.min} {words('to', lang)} {spec.max}{printed}"
    return f"`{name}` ({spec.type})"


def operations_page(site: GameSite) -> str | None:
    """The effect vocabulary: each operation's parameters, a card sentence made from it, the engine's note
    and the cards that use it (linked to their pages on the players' site)."""
    from generator.rulestext.card_text import effect_sentence

    operations = site.content.game.operations
    if not operations:
        return None
    lang = site.lang
    uses = _cards_using(site.content)
    names = {card.id: site.t(card.name) for card in site.content.cards}
    lines = [f"# {words('operations', lang)}", "", words("operations_intro", lang), ""]
    for op in operations:
        lines += [f"## `{op.id}`", ""]
        params = "; ".join(_parameter(name, spec, lang) for name, spec in op.params.items()) or words("none", lang)
        lines += [f"- **{words('parameters', lang)}:** {params}"]
        used = uses.get(op.id, [])
        if used:
            sentence = effect_sentence(site.content, used[0][1], lang)  # type: ignore[arg-type]
            lines.append(f"- **{words('printed', lang)}:** {site.md(sentence, 'operations.md')}")
        if op.description is not None:
            lines.append(f"- {site.md(site.t(op.description), 'operations.md')}")
        if op.note:
            note = html_escape(op.note)
            lines.append(f"- **{words('engine_note', lang)}:** " + (f'<span lang="en">{note}</span>'
                                                                     if lang != "en" else note))
        if used:
            shown = " · ".join(players_link(site, f"cards/{card_id}.html", names[card_id]) for card_id, _ in used[:8])
            lines.append(f"- {words('used_by', lang, n=str(len(used)))}: {shown}")
        else:
            lines.append(f"- {words('unused', lang)}")
        lines.append("")
    return site.page("operations.md", "\n".join(lines))


def build_page(site: GameSite) -> str:
    """The build's settings a designer chooses: duplex offset, Tabletop Simulator's links, serve and check."""
    lang = site.lang
    game = site.id
    lines = [f"# {words('build', lang)}", "", words("build_intro", lang, game=game), ""]
    if site.content.cards:
        downloads = players_link(site, "downloads.html", words("downloads", lang))
        lines += [f"- {words('back_offset', lang, game=game, downloads=downloads)}",
                  f"- {words('tts_url', lang, game=game)}"]
    lines += [f"- {words('serve', lang, game=game)}", f"- {words('check', lang, game=game)}"]
    return site.page("build.md", "\n".join(lines))


def designer_site(content: GameContent, lang: str, languages: tuple[str, ...], outputs: Path,
                  errors: ErrorList) -> LanguageSite:
    """One game's designer site in one language: balance, options, effect vocabulary, build settings."""
    tree = DocsTree(lang)
    site = GameSite(content, lang, outputs, tree)
    rulings = next(((page.slug, page.title) for page in render_rules(content, lang, errors) if page.slug == "rulings"),
                   None)
    pages: list[tuple[str, str | None]] = [
        (balance_label(lang), balance(site)),
        (SWEEP_WORDS["title"].get(lang, SWEEP_WORDS["title"]["en"]), sweeps_page(site)),
        (words("options", lang), options_page(site, rulings)),
        (words("operations", lang), operations_page(site)),
        (words("build", lang), build_page(site)),
    ]
    shown = [(title, path) for title, path in pages if path]
    title = words("title", lang, game=content.game.title.get(lang))
    players = players_link(site, "index.html", words("players_site", lang))
    index = site.page("index.md", "\n".join(
        [f"# {escape(title)}", "", words("intro", lang, players=players), "", f"## {words('on_these_pages', lang)}",
         ""] + [f"- [{escape(name)}]({path})" for name, path in shown]))
    nav: NavList = [{words("overview", lang): index}]
    nav += [{nav_title(name): path} for name, path in shown]
    config = site_config(tree, title, languages, lang, nav, LANDING, docs_dir=f"{DESIGNER}/{lang}",
                         description=words("site_description", lang),
                         footer=version_line(content.game.version, lang) if content.game.version else "")
    return LanguageSite(content.id, lang, tree, config, site.notes, {}, DESIGNER)
