"""A game model from a game.yaml whose errors lie only where no other file looks.

The other files of a game are checked against game.yaml's vocabulary: its card kinds, resources,
operations, components, decks, labels, glossary and variants, its languages and how its card
sheets are read. An unknown key at the top of
game.yaml, a play time written as a word or a title left without its English says nothing about
that vocabulary, so it need not hold back a single card check. Such parts are left out (an
unknown key) or given a neutral stand-in (a required value), the game is validated again, and
the cards, tables and boards are checked against it in the same run. The errors of game.yaml are
reported as they are; the stand-ins never reach an output, because a run with errors writes none,
and the engine, which may read any part of the game, is not run on such a model.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from generator.content.schema import Game, declared_languages, languages_context
from generator.content.suggest import closest

# what the checks of the other files read of game.yaml: an error here holds those checks back
VOCABULARY = frozenset({"id", "languages", "resources", "kinds", "decks", "components", "operations", "variants",
                        "glossary", "labels", "sheets"})
_TEXT = {"de": "?", "en": "?"}
STAND_INS: dict[str, Any] = {"title": _TEXT, "description": _TEXT, "players": {"min": 1, "max": 1}, "age": 0,
                             "play_time": {"min": 1, "max": 1}}


def salvage_game(data: Any) -> Game | None:
    """The game `data` describes with its broken parts outside the vocabulary left out or stood in for;
    None when a part of the vocabulary is broken (or a key that may be a misspelt part of it is unknown)."""
    if not isinstance(data, dict):
        return None
    context = languages_context(declared_languages(data))
    try:
        Game.model_validate(data, context=context)
        return None  # nothing to salvage: the game is whole
    except ValidationError as exc:
        failed = exc.errors(include_url=False)
    absent = [name for name in VOCABULARY if name not in data]
    broken: set[str] = set()
    for err in failed:
        loc = err["loc"]
        if not loc or not isinstance(loc[0], str):
            return None
        key = loc[0]
        if err["type"] == "extra_forbidden" and len(loc) == 1 and closest(key, absent) is not None:
            return None  # `kind:` for `kinds:`: the game would seem to have no kinds at all
        broken.add(key)
    if broken & VOCABULARY or broken - set(data) - set(STAND_INS):
        return None
    kept = {key: value for key, value in data.items() if key not in broken}
    stand_ins = {key: value for key, value in STAND_INS.items() if key not in kept}
    try:
        return Game.model_validate({**stand_ins, **kept}, context=context)
    except ValidationError:
        return None
