"""The presentation adapter of the engine contract: how a game reads to people.

A game's rules core (`Game`, `GameState` in contract.py) says what is legal and what happens;
its `Game.presentation` says how that reads: the content's sentences filled with values in
words, the table as (label, value) rows, a picture of it, and the notation actions are written
in (saved games, example files, `pnp play`). Every tool that shows a game to people (examples,
transcripts, `pnp play` and `replay`, the site) goes through it; search and batch playouts never
need it beyond the saved game's notation.

An engine subclasses `Presentation` and names it in `Game.presentation_class`; every method has
a default, so a game writes only what it shows: its `words`, its `summary`, its `format_action`
if the actions' items joined by spaces do not read well.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action, Event, Outcome, RuleError, seats_for_people
from generator.rules.sentence_fill import fill

if TYPE_CHECKING:
    from generator.rules.contract import Game, GameState
    from generator.rules.picture import StatePicture

UNSEEN = ".unseen"  # events.<kind>.unseen: the sentence for players who may not see the event's secret
MAX_WORD_CHARS = 400  # a value longer than this is cut in sentences (a forged action in a saved game)
Rows = list[tuple[str, str]]  # a summary: (label, value) rows in one language


class Presentation:
    """How `game` reads to people: sentences, summaries, pictures and notation. One per `Game`.

    Attributes:
        game (Game): the game shown; its content holds the sentences (`rules/<lang>/sentences.yaml`)
    """

    def __init__(self, game: Game):
        self.game = game

    # -- what an engine refines ----------------------------------------------------------------
    def words(self, key: str, value: Any, lang: str) -> str:
        """How an event or refusal value reads in a sentence (a card id becomes its name, ...); a seat
        (`Game.seat_keys`) comes as people count it, from 1."""
        return str(value)

    def summary(self, state: GameState, lang: str) -> Rows:
        """The table as (label, value) rows in `lang`, as players see it (examples, `pnp play`)."""
        return []

    def summary_for(self, state: GameState, lang: str, viewer: int | None) -> Rows:
        """The summary as `viewer` (a seat, 0-based; ONLOOKER for someone at no seat; None the
        referee) may see it: a person playing `pnp play` reads it. The default is `summary`, right
        for a summary that names no secret; an engine whose summary shows hands or face-down cards
        hides them here."""
        return self.summary(state, lang)

    def picture(self, state: GameState, lang: str) -> StatePicture | None:
        """The table drawn as players would see it from above (example pages, setup diagrams), or
        None when the engine draws none. The default draws none; the site shows pictures of every
        engine that gives them (`generator/rules/picture.py` has the shared pieces)."""
        return None

    def format_action(self, state: GameState, action: Action) -> str:
        """`action` (legal in `state`) in the game's notation: saved games, examples and `pnp play` write it
        so. The default writes the action's items separated by spaces (`dive pearl`)."""
        return " ".join(str(item) for item in action)

    def parse_action(self, state: GameState, text: str) -> Action:
        """Read an action from notation. Default: match the written forms of the legal actions; an engine
        whose notation can be read without them refuses a malformed one with a `notation.*` rule."""
        wanted = " ".join(text.split())
        for action in state.legal_actions():
            if self.format_action(state, action) == wanted:
                return action
        raise state._refuse("unknown-action", action=wanted)

    def action_values(self, state: GameState, action: Action) -> Mapping[str, Any]:
        """Values the `actions` sentence of this action's kind names; default: none beyond the player.

        Seats among them (`Game.seat_keys`) count from 0, as `current_player` does (`describe` adds
        `player`, the seat to move, when the engine gives none); the sentence shows them from 1."""
        return {}

    def taken_name(self, item: str, lang: str) -> str:
        """The name of something a player took (`PlayerResult.taken`) for the balance page: a card
        id becomes its title; an engine whose players take other things says how they read."""
        return self.words("card", item, lang)

    def group_name(self, group: str, lang: str) -> str:
        """The name of a group of `Game.card_groups` in `lang`: the content's word for that tag
        (`words: tag-<group>` through `words`); the default `words` gives the group id itself."""
        return self.words("tag", group, lang)

    # -- sentences from the content --------------------------------------------------------------
    def sentence(self, section: str, key: str, lang: str, values: Mapping[str, Any]) -> str:
        """Fill the content's template `section.key` in `lang` with `values` put into words; the seats among them
        (`Game.seat_keys`, 0-based) read from 1."""
        templates = self.game.content.sentences.get(lang)
        template = templates.get(section, {}).get(key) if templates else None
        if template is None:
            return f"[{section}.{key}]"
        values = seats_for_people(values, self.game.seat_keys)
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        filled = {name: self._word(name, values, lang, templates or {}) for name in fields}
        text = fill(template, filled)
        return text[:1].upper() + text[1:]

    def _word(self, name: str, values: Mapping[str, Any], lang: str, templates: Mapping[str, Any]) -> str:
        if name not in values:
            return f"[{name}]"
        value = values[name]
        if isinstance(value, _Unseen):
            return str(templates.get("words", {}).get("unseen", "?"))
        text = self.words(name, value, lang)
        return text if len(text) <= MAX_WORD_CHARS else text[: MAX_WORD_CHARS - 1] + "…"

    def render_event(self, ev: Event, lang: str, viewer: int | None = None) -> str:
        """An event as a sentence; `viewer` (a seat, 0-based; ONLOOKER for someone at no seat; None
        the referee, who sees everything) hides what that viewer cannot see.

        A viewer who may not see a value gets the template `<kind>.unseen` when the content has one
        ("Player 1 draws 2 cards."), else the event's own template with the `unseen` word in its place.
        """
        values: dict[str, Any] = dict(ev.data)
        key = ev.kind
        if viewer is not None and ev.secret and (ev.private is None or viewer != ev.private):
            for name in ev.secret:
                values[name] = _Unseen()
            templates = self.game.content.sentences.get(lang) or {}
            if f"{ev.kind}{UNSEEN}" in templates.get("events", {}):
                key = f"{ev.kind}{UNSEEN}"
        return self.sentence("events", key, lang, values)

    def render_refusal(self, error: RuleError) -> RuleError:
        """Fill `error.text` in every language from the content's refusal sentences."""
        if error.text:
            return error
        for lang in self.game.content.sentences:
            error.text[lang] = self.sentence("refusals", error.rule, lang, error.params)
        return error

    def render_outcome(self, outcome: Outcome) -> dict[str, str]:
        """The outcome's sentence (`outcomes.<cause>`) in every language: the `text` of the `Outcome` a state
        returns."""
        return {lang: self.sentence("outcomes", outcome.cause, lang, {}) for lang in self.game.content.sentences}

    def describe(self, state: GameState, action: Action, lang: str) -> str:
        """One sentence saying what `action` does (the content's `actions` template of its kind)."""
        values = dict(self.action_values(state, action))
        values.setdefault("player", state.current_player)  # a seat, 0-based: the sentence shows it from 1
        return self.sentence("actions", str(action[0]), lang, values)


def format_action(state: GameState, action: Action) -> str:
    """`action` in the notation of `state`'s game (its presentation's `format_action`)."""
    return state.game.presentation.format_action(state, action)


def parse_action(state: GameState, text: str) -> Action:
    """The action `text` names in the notation of `state`'s game (its presentation's `parse_action`)."""
    return state.game.presentation.parse_action(state, text)


class _Unseen:
    """A secret value in a player's view: every language's word for 'unseen' (the '?' of a face-down card)."""

    def __str__(self) -> str:
        return "?"
