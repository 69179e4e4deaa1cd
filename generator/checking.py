"""The checking step above the content layer: what needs boards, layouts or a rules engine.

`generator.content` loads and validates the model and imports nothing above it. The checks
here use the other parts of pnp-forge on that model: board geometry, the game's layout files,
and the rules engine game.yaml names (it loads, it keeps the contract, it executes every
declared operation, the content has a sentence for everything it says, the examples' options
are options it knows). Every command that loads games goes through `load_checked`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from generator.content.errors import ErrorList, Mark, relative
from generator.content.files import entries
from generator.content.held_back import hold_back_engine
from generator.content.loader import GameContent, content_hash_of, read_folder
from generator.content.suggest import did_you_mean
from generator.content.validate import check_alone, check_content

if TYPE_CHECKING:
    from generator.rules.contract import Game


LoadedGames = dict[tuple[str, str], GameContent]  # (game folder, content hash) -> the game loaded clean


class CheckedBefore(Protocol):
    """What remembers games checked clean (the build cache): their cross-checks need not run again.
    Their models are parsed again: nothing read from output/ may run code (a pickle would)."""

    def checked(self, content: GameContent) -> bool: ...

    def mark_checked(self, content: GameContent) -> None: ...


def load_checked(content_dir: Path, games: list[str], errors: ErrorList,
                 before: CheckedBefore | None = None, reuse: LoadedGames | None = None,
                 need_engine: bool = True) -> list[GameContent]:
    """Load and cross-check each game; every problem lands in `errors`.

    A game that `before` remembers as checked clean with the same files and code is not cross-checked
    again (that saves a rebuild most of a second a game).
    `reuse` keeps the games loaded clean in this process by folder and content hash (`pnp serve`
    rebuilds often, mostly after a change to one game): such a game is not even parsed again.
    Without `need_engine` (`pnp cards`), an engine the user has not trusted is not checked (nor run).
    """
    loaded: list[GameContent] = []
    folders: dict[str, str] = {}
    for game in games:
        found = len(errors.errors)
        root = content_dir / game
        content_hash = content_hash_of(root) if reuse is not None or before is not None else None
        memo = (str(root.resolve()), content_hash) if reuse is not None and content_hash is not None else None
        content = reuse.get(memo) if reuse is not None and memo is not None else None
        if content is None:
            content = read_folder(root, errors)
        if content is None:
            continue
        if content.game is None:  # game.yaml is broken: the other files are checked as far as they can be alone
            _check_alone(content, errors)
            continue
        if content.id in folders:  # outputs are named by id: two such games would overwrite each other
            errors.add(content.mark_of("game", content.id, "id"), f"game id '{content.id}' is also the id of the "
                       f"game in folder '{folders[content.id]}'", ("id",), hint="give every game its own id",
                       code="reference")
            continue
        folders[content.id] = game
        if not content.incomplete:  # a game.yaml with errors and stand-ins: its other files are checked, no more
            loaded.append(content)
        if before is not None and before.checked(content) and (not need_engine or _engine_trusted(content)):
            _remember(reuse, memo, content)
            continue
        check_content(content, errors)
        check_boards(content, errors)
        check_layouts(content, errors)
        check_icons_drawable(content, errors)
        check_print_profile(content, errors)
        _check_page_links(content, errors)
        if content.incomplete:  # the engine may read any part of game.yaml, stand-ins too
            hold_back_engine(content, errors)
        else:
            check_engine(content, errors, need_engine)
        if len(errors.errors) == found:  # neither loading nor a check found anything
            if before is not None:
                before.mark_checked(content)
            _remember(reuse, memo, content)
    return loaded


def _check_alone(content: GameContent, errors: ErrorList) -> None:
    """The checks of a game whose game.yaml is broken that need none of it: its other files' errors are not hidden."""
    check_alone(content, errors)
    check_boards(content, errors)
    check_layout_files(content, errors)
    check_icons_drawable(content, errors)
    _check_page_links(content, errors)


def _check_page_links(content: GameContent, errors: ErrorList) -> None:
    from generator.site.page_links import check_page_links

    check_page_links(content, errors)


def _remember(reuse: LoadedGames | None, memo: tuple[str, str] | None, content: GameContent) -> None:
    """Keep a game loaded clean in this process (`pnp serve`'s next rebuild need not parse it)."""
    if reuse is not None and memo is not None:
        for key in [key for key in reuse if key[0] == memo[0]]:
            del reuse[key]  # one loaded copy per folder: the newest
        reuse[memo] = content


def _engine_trusted(content: GameContent) -> bool:
    """A game checked clean before is checked again when its engine may not run now: the check says why."""
    from generator.rules.registry import engine_trusted

    return engine_trusted(content)


def _game_mark(content: GameContent, *path: str | int) -> Mark:
    return content.mark_of("game", content.id, *path)


def check_boards(content: GameContent, errors: ErrorList) -> None:
    from generator.boards.checks import check_board

    def icon(name: str | None, mark: Mark, path: tuple[Any, ...]) -> None:
        if name and name not in content.icons:
            errors.add(mark, f"unknown icon '{name}'", path, hint=did_you_mean(name, content.icons, "icons"),
                       code="reference")

    for board in content.boards:
        located = content.origin("board", board.id)
        if located is not None:
            check_board(board, located.source, errors, icon, content.languages)


def check_layouts(content: GameContent, errors: ErrorList) -> None:
    """Every card kind finds its layout, and the game's own layout files are valid."""
    from generator.layout import spec as layout_spec

    for i, kind in enumerate(content.game.kinds):
        if kind.layout and layout_spec.find_layout_file(kind.layout, content.root) is None:
            errors.add(_game_mark(content, "kinds", i, "layout"), f"no layout '{kind.layout}' for card kind "
                       f"'{kind.id}'", ("kinds", i, "layout"),
                       hint=f"add layouts/{kind.layout}.yaml to the game or remove `layout:`", code="layout")
    check_layout_files(content, errors)


def check_layout_files(content: GameContent, errors: ErrorList) -> None:
    """The game's own layout files are valid (they need nothing of game.yaml)."""
    from generator.layout import spec as layout_spec

    folder = content.root / "layouts"
    for path in entries(folder, (".yaml", ".yml"), relative(folder), errors, content.root):
        layout_spec.load_layout(path, errors)


def check_print_profile(content: GameContent, errors: ErrorList) -> None:
    """The print-shop profile game.yaml names is one of the profiles pnp-forge knows."""
    if content.game.print_profile is None:
        return
    from generator.layout.profiles import profiles

    known = profiles()
    if content.game.print_profile not in known:
        errors.add(_game_mark(content, "print_profile"), f"unknown print-shop profile '{content.game.print_profile}'",
                   ("print_profile",), hint=did_you_mean(content.game.print_profile, known, "profiles"),
                   code="reference")


def check_icons_drawable(content: GameContent, errors: ErrorList) -> None:
    """Every icon parses into shapes the PDF and SVG backends can draw."""
    from generator.drawing.icons import IconError, load_icon

    for path in content.icons.values():
        try:
            load_icon(path)
        except IconError as exc:
            errors.add(Mark(relative(path), 1, 1), str(exc), hint="an icon needs a viewBox and at least one "
                       "filled or stroked shape", code="icon")


def check_engine(content: GameContent, errors: ErrorList, need_engine: bool = True) -> None:
    """The named engine loads and keeps the contract, and the content speaks for all it does.

    An engine module the user has not trusted is an error only when the command `need_engine`.
    """
    if not content.game.engine:
        return
    from generator.rules.contract import OptionsError
    from generator.rules.registry import EngineLoadError, EngineNotTrusted, engine_class

    try:
        cls = engine_class(content)
    except EngineLoadError as exc:
        if isinstance(exc, EngineNotTrusted) and not need_engine:
            return
        if exc.file and exc.file != "game.yaml":
            mark = Mark(exc.file, exc.line or 1, 1)
        else:
            mark = _game_mark(content, "engine")
        errors.add(mark, exc.message, ("engine",), hint=exc.hint or "", code="engine")
        return
    implemented = set(cls.operations)
    for i, op in enumerate(content.game.operations):
        if op.id not in implemented:
            errors.add(_game_mark(content, "operations", i, "id"), f"operation '{op.id}' is declared but the "
                       f"'{cls.engine_id}' engine does not implement it", ("operations", i, "id"),
                       hint=did_you_mean(op.id, implemented, "operations"), code="reference")
    _check_sentences(content, cls, errors)
    from generator.rulestext.rule_citations import check_citations

    check_citations(content, cls.sentence_keys(cls)["refusals"], errors)  # type: ignore[arg-type]  # class attributes
    for example in content.examples:
        try:
            cls.check_options(dict(example.options))
        except OptionsError as exc:
            errors.add(content.mark_of("example", example.id, "options"), f"example '{example.id}': {exc}",
                       ("options",), code="example")


def _check_sentences(content: GameContent, cls: type[Game], errors: ErrorList) -> None:
    """Every event kind, refusal, outcome and action the engine has, has a sentence in every language."""
    wanted = cls.sentence_keys(cls)  # type: ignore[arg-type]  # reads class attributes only
    for lang in content.languages:
        sections = content.sentences.get(lang)
        path = content.root / "rules" / lang / "sentences.yaml"
        if sections is None:
            if any(wanted.values()):
                errors.add(Mark(relative(path), 1, 1), f"the '{cls.engine_id}' engine needs its sentences in "
                           f"'{lang}'", hint=f"write rules/{lang}/sentences.yaml (see docs/engines.md)",
                           code="translation")
            continue
        source = content.sentence_sources.get(lang)
        for section, keys in sorted(wanted.items()):
            have = sections.get(section, {})
            for key in sorted(set(keys) - set(have)):
                mark = source.key_mark((section,)) if source is not None else Mark(relative(path), 1, 1)
                errors.add(mark, f"no '{lang}' sentence for {section[:-1]} '{key}' of the '{cls.engine_id}' engine",
                           (section, key), hint=f"add `{key}: ...` under `{section}:`", code="translation")


def check_as_build(content: GameContent, errors: ErrorList, rulebook: bool = True) -> None:
    """What only `pnp build` found before, found without writing a file: every card laid out and
    fitted in every language, every board laid out, every rules page rendered through its template.

    `pnp check` runs this after the model checks, so a designer sees the text that does not fit,
    the misspelt name in a rules template or the broken layout before printing anything. Without `rulebook`
    (`pnp check --no-rulebook`) the printable rulebook is not laid out: most of the time of a check, for a
    designer (or a test) after the other errors.
    """
    check_card_faces(content, errors)
    check_board_layouts(content, errors)
    check_rules_templates(content, errors)
    if rulebook:
        check_rulebook_layout(content, errors)


def check_card_faces(content: GameContent, errors: ErrorList) -> None:
    from generator.layout.engine import CardLayouts
    from generator.pool import idle_cores
    from generator.render.cards_step import ordered_cards, report_problems
    from generator.render.parallel_layout import lay_out_faces

    cards = ordered_cards(content)
    if not cards:
        return
    layouts = CardLayouts(content, errors)
    workers = idle_cores()
    for lang in content.languages:
        lay_out_faces(layouts, cards, lang, workers)
    report_problems(content, layouts.problems, errors)
    if not layouts.problems:  # laid out clean: does each layout keep inside every print shop's safe line?
        from generator.layout.safe_zones import check_safe_zones

        check_safe_zones(content, cards, errors)


def check_board_layouts(content: GameContent, errors: ErrorList) -> None:
    from generator.boards.layout import laid_out_board

    for board in content.boards:
        for lang in content.languages:
            laid_out_board(content, board, lang, errors)


def check_rules_templates(content: GameContent, errors: ErrorList) -> None:
    """Every rules page rendered and its Markdown read, as by the build (render_rules vets each page with
    generator.rulestext.markdown_bounds): a page the build would refuse or choke on fails here, at its line."""
    from generator.rulestext.rule_sections import check_same_structure
    from generator.rulestext.rules_text import RulesPage, render_rules

    rendered = ErrorList()
    pages: dict[str, list[RulesPage]] = {lang: render_rules(content, lang, rendered)
                                       for lang in content.languages}
    errors.extend(rendered)
    if not rendered:  # a page that did not render would look missing: compare only whole rulebooks
        check_same_structure(content, pages, errors)


def check_rulebook_layout(content: GameContent, errors: ErrorList) -> None:
    """Every language's printable rulebook and player aid laid out in memory on both papers, as the build writes
    them: a page the layout cannot place (a box or table cell longer than a page) fails here, at its file."""
    from generator.rulebook.document import PAPER_SIZES
    from generator.rulebook.step import check_rulebooks

    check_rulebooks(content, tuple(PAPER_SIZES), errors)
