"""One game at a time, what a change did: files, cards and their faces, rules pages, examples, golden
playthroughs, balance.

Both revisions are loaded and checked as every command loads a game; a revision whose content
has errors is not compared (the errors are the answer). A game whose files are the same in both
revisions is reported unchanged without loading it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.checking import load_checked
from generator.content.errors import ErrorList, relative
from generator.content.loader import GameContent
from generator.content.translation_lint import OneLanguageChange, one_language_changes, yaml_files
from generator.diff.balance import BalanceOptionsRefused, balance_delta
from generator.diff.cards import card_changes, faces_may_change
from generator.diff.examples import example_changes
from generator.diff.faces import MAX_FACES, draw_changes
from generator.diff.game_files import file_changes
from generator.diff.playthroughs import playthrough_changes
from generator.diff.report import DiffReport, GameDiff
from generator.diff.revisions import Side
from generator.diff.rules_pages import page_changes
from generator.rules.engine_child import EngineStopped
from generator.rules.faults import add_fault
from generator.rules.replays import replays_settle


@dataclass(frozen=True)
class DiffOptions:
    games: int = 200           # seeded games per revision for the balance delta (0: none)
    policy: str = "random"
    batch_seed: int = 0
    jobs: int | None = None  # processes at most (None: the idle cores, generator.pool.jobs_for)
    game_options: tuple[tuple[str, str], ...] = ()   # --option NAME=VALUE (and --variant, --players) for both sides


@dataclass
class SideErrors:
    """The content errors of one side of the comparison."""

    side: Side
    errors: ErrorList


def _root(side: Side, game: str) -> Path | None:
    folder = side.content_dir / game
    return folder if (folder / "game.yaml").is_file() else None


def _load(side: Side, game: str, errors: ErrorList) -> GameContent | None:
    before = len(errors)
    loaded = load_checked(side.content_dir, [game], errors)
    return loaded[0] if loaded and len(errors) == before else None


def compare_game(old: Side, new: Side, game: str, folder: Path, options: DiffOptions, old_errors: ErrorList,
                 new_errors: ErrorList, face_budget: int = MAX_FACES,
                 on_step: Callable[[str], None] = lambda step: None) -> GameDiff:
    """What changed in `game` from `old` to `new`; pictures go under `folder`. Errors land in the side's list."""
    old_root, new_root = _root(old, game), _root(new, game)
    files = file_changes(old_root, new_root)
    if old_root is None or new_root is None:
        return GameDiff(game, game, "added" if old_root is None else "removed", files)
    if not files:
        return GameDiff(game, game, "unchanged")
    one_language = _one_language(old_root, new, new_root)
    on_step("load")
    before, after = _load(old, game, old_errors), _load(new, game, new_errors)
    if before is None or after is None:
        return GameDiff(game, game, "changed", files, one_language=one_language)
    diff = GameDiff(game, after.game.title.en, "changed", files, one_language=one_language)
    on_step("cards")
    diff.cards = card_changes(before, after, old_errors, new_errors, faces_may_change([f.path for f in files]))
    on_step("rules pages")
    diff.pages = page_changes(before, after, old_errors, new_errors, old.label, new.label)
    on_step("examples")
    # a module engine's replays run here; tried in a watched child first, a hang or an exit is a sentence
    settled = [replays_settle(before, old_errors), replays_settle(after, new_errors)]
    if not all(settled):
        return diff
    diff.examples = example_changes(before, after, old_errors, new_errors, new.revision is None)
    on_step("playthroughs")
    diff.playthroughs = playthrough_changes(before, old_root, after, new_root, old_errors, new_errors,
                                            new.revision is None)
    if old_errors or new_errors:
        return diff
    on_step("pictures")
    drawn = draw_changes(game, diff.cards, before.icons, after.icons, folder, budget=face_budget)
    diff.faces_left_out = sum(len(c.faces) for c in diff.cards) - drawn
    on_step("balance")
    _balance(diff, old, before, new, after, options, old_errors, new_errors)
    return diff


def _one_language(old_root: Path, new: Side, new_root: Path) -> list[OneLanguageChange]:
    """Texts of the game changed in one language only (files named as the new side's errors name them)."""
    shown = new.shown(str(new_root.absolute())) if new.revision is not None else relative(new_root)
    return one_language_changes(yaml_files(old_root), yaml_files(new_root), shown)


def _balance(diff: GameDiff, old: Side, before: GameContent, new: Side, after: GameContent, options: DiffOptions,
             old_errors: ErrorList, new_errors: ErrorList) -> None:
    if options.games <= 0:
        diff.balance_note = "not played (--games 0)"
        return
    if not before.game.engine or not after.game.engine:
        diff.balance_note = "no rules engine in " + (old.label if not before.game.engine else new.label)
        return
    try:
        diff.balance = balance_delta(before, old.content_dir, after, new.content_dir, options.games, options.policy,
                                     options.batch_seed, options.jobs, dict(options.game_options))
    except BalanceOptionsRefused as exc:
        diff.balance_note = f"not played: {old.label if exc.side == 'old' else new.label} refuses the options: {exc}"
    except EngineStopped as stopped:  # a module engine's game ran past its time limit or ended its process
        stopped.add_to(new_errors if stopped.content is after else old_errors)
    except Exception as exc:  # the game's own engine failing is an error of that revision; anything else a bug
        for content, errors, side in ((after, new_errors, new), (before, old_errors, old)):
            # `pnp play`'s repeat line, as simulate gives it, plays the working tree: none for a revision's fault
            if add_fault(errors, exc, content, "playing the balance games", None if side.revision is None else ""):
                return
        raise


def compare(old: Side, new: Side, games: list[str], folder: Path, options: DiffOptions, old_errors: ErrorList,
            new_errors: ErrorList, on_step: Callable[[str, str], None] = lambda game, step: None) -> DiffReport:
    """Every game's diff, pictures under `folder` (at most MAX_FACES pairs in all)."""
    report = DiffReport(old, new)
    budget = MAX_FACES
    for game in games:
        def step_of(step: str, game: str = game) -> None:
            on_step(game, step)

        diff = compare_game(old, new, game, folder, options, old_errors, new_errors, budget, step_of)
        budget -= sum(1 for c in diff.cards for f in c.faces if f.before or f.after)
        report.games.append(diff)
    return report
