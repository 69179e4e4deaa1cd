"""`pnp info`: a game's components, card counts by kind and rules engine, as data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.loading import load_games

if TYPE_CHECKING:
    from generator.content.loader import GameContent
    from generator.content.schema import Text


def info(content_dir: Path, game: str) -> dict[str, Any]:
    """What `pnp info GAME` shows; the text view is drawn from this same dict."""
    [content] = load_games(content_dir, (game,))
    g = content.game
    by_kind: Counter[str] = Counter()
    for card in content.cards:
        by_kind[card.kind] += card.count
    cards_by_kind = {k.id: by_kind.get(k.id, 0) for k in g.kinds}

    def text(value: Text) -> dict[str, str]:  # in the game's languages only: a one-language game has one
        return {lang: value.get(lang) for lang in content.languages}

    return {
        "game": g.id,
        "languages": list(content.languages),
        "title": text(g.title),
        "players": g.players.model_dump(),
        "age": g.age,
        "play_time": g.play_time.model_dump(),
        "components": [{"id": c.id, "type": c.type, "count": c.count, "kind": c.kind, "name": text(c.name),
                        "designs": len(content.cards_of(c.kind)) if c.kind else None}
                       for c in g.components],
        "cards_by_kind": cards_by_kind,
        "cards_total": sum(cards_by_kind.values()),
        "card_designs": len(content.cards),
        "engine": engine_info(content),
    }


def engine_info(content: GameContent) -> dict[str, Any] | None:
    """The game's engine and its options (None without an engine)."""
    if not content.game.engine:
        return None
    from generator.rules.registry import engine_class

    cls = engine_class(content)  # load_checked has already reported an engine that does not load
    return {"id": cls.engine_id, "version": cls.engine_version, "cooperative": cls.cooperative,
            "options": [{"name": o.name, "choices": list(o.choices), "default": o.default, "help": o.help}
                        for o in cls.option_specs]}
