"""The Escape Earth referee: the whole game of the 2019 rulebook on the shared engine core.

`new_game(content, seed, variant)` sets up a table; `EscapeEarthState` is the state class
(state.py: the table and the turn flow, decisions.py: the legal set and what each decision
does, legality.py: refusals with reasons, notation.py: the written form of actions,
texts.py: event sentences, summary.py: the table as label/value rows).
"""

from __future__ import annotations


from generator.content.loader import GameContent
from generator.rules.core import Event, PerObject
from generator.rules.escape_earth.accounting import invariant_problems
from generator.rules.escape_earth.data import RulesData, load_rules_data
from generator.rules.escape_earth.greedy import GreedyPolicy
from generator.rules.escape_earth.notation import EscapeEarthNotation
from generator.rules.escape_earth.state import OPERATION_CODE, VARIANTS
from generator.rules.escape_earth.summary import describe_action, summarize
from generator.rules.escape_earth.texts import render_event

# the effect operations this engine executes; `pnp check` compares them with game.yaml
OPERATIONS: frozenset[str] = frozenset(OPERATION_CODE)
DEFAULT_OPTIONS = {"variant": "expert"}
ENGINE_VERSION = EscapeEarthNotation.engine_version
__all__ = ["OPERATIONS", "ENGINE_VERSION", "EscapeEarthState", "GreedyPolicy", "new_game", "content_hash", "options_of",
           "invariant_problems"]


def content_hash(content: GameContent) -> str:
    """The hash saved games carry: of the card data the referee reads, not of the prose."""
    return rules_data(content).content_hash


class EscapeEarthState(EscapeEarthNotation):
    """A complete Escape Earth game in progress (see the package docstring)."""

    def __init__(self, data: RulesData, seed: int, variant: str = "expert", log: bool = False,
                 forced: list | None = None, quiet: bool = False):
        super().__init__(seed)
        from collections import deque

        self.quiet = quiet
        if log:
            self.log = []
        if forced is not None:
            self._forced = deque(forced)
        self._setup(data, variant)

    def render(self, ev: Event, lang: str, player_view: bool = False) -> str:
        return render_event(ev, self.data, lang, player_view)

    def summary(self, lang: str) -> list[tuple[str, str]]:
        return summarize(self, lang)

    def describe(self, action: tuple, lang: str) -> str:
        return describe_action(self, action, lang)


_DATA = PerObject()


def rules_data(content: GameContent) -> RulesData:
    """The engine's reading of `content`, cached while that content object lives."""
    return _DATA.get(content, lambda: load_rules_data(content))


def options_of(options: dict | None) -> dict:
    """Check and complete a game's options: {variant: beginner|expert}."""
    merged = dict(DEFAULT_OPTIONS)
    merged.update(options or {})
    unknown = sorted(set(merged) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; Escape Earth knows: variant")
    if merged["variant"] not in VARIANTS:
        raise ValueError(f"unknown variant '{merged['variant']}'; choose {' or '.join(VARIANTS)}")
    return merged


def new_game(content: GameContent, seed: int, options: dict | None = None, log: bool = False,
             forced: list | None = None, quiet: bool = False) -> EscapeEarthState:
    """Set up a new table from `content` with the state's own RNG seeded by `seed`."""
    opts = options_of(options)
    return EscapeEarthState(rules_data(content), seed, opts["variant"], log=log, forced=forced, quiet=quiet)
