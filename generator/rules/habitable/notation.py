"""How Habitable actions are written in saved games and example files.

Cards are named by their id, market slots counted 1-8 from the draw pile to the black hole,
planets as PLAYER/TILE (`2/1`: player 2's planet with tile 1), stars by id:

    archive start-wolken start-mond      discard these cards at the start of the turn, draw one fewer
    play eiskomet on 1/2                 play a hand card on a planet
    play start-planetensuche             a card that needs no planet
    buy 3                                buy the card in market slot 3
    buy-play 5 on 2/1                    buy it for three times the cost and carry it out at once
    pay start-ausgasung start-kerndynamo the cards that pay the cost just declared
    end                                  finish the turn
    trash start-wolken | trash none      what a trash effect removes
    search sonne | search planet 2       where a planet search starts
    distance 4                           how far the searched planet moves
    discover | leave                     discover it in the habitable zone, or leave it there
    migrate out | migrate in             one circle away from / toward the star
    defend start-mond | allow            a planet's owner answers an attack or an event
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action
from generator.rules.engine_kit.notation import Writer, head_and_rest, named_values, written

if TYPE_CHECKING:
    from generator.rules.habitable.state import HabitableState

DIRECTIONS = {1: "out", -1: "in"}


def planet_text(target: tuple[int, int]) -> str:
    return f"{target[0] + 1}/{target[1]}"


def _played(state: HabitableState, action: Action) -> str:
    first = action[1] if action[0] == "play" else str(action[1] + 1)
    return f"{action[0]} {first}" + (f" on {planet_text(action[2])}" if action[2] is not None else "")


WRITERS: dict[str, Writer] = {
    "archive": lambda state, action: " ".join(("archive", *action[1])),
    "pay": lambda state, action: " ".join(("pay", *action[1])),
    "trash": lambda state, action: "trash " + (" ".join(action[1]) if action[1] else "none"),
    "play": _played,
    "buy-play": _played,
    "buy": lambda state, action: f"buy {action[1] + 1}",
    "search": lambda state, action: f"search {action[2]}" if action[1] == "star" else f"search planet {action[2]}",
    "migrate": lambda state, action: f"migrate {DIRECTIONS[action[1]]}",
}


def format_action(state: HabitableState, action: Action) -> str:
    return written(state, action, WRITERS)


def _number(state: HabitableState, text: str, word: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise state._refuse("notation.number", text=text, word=word)
    return int(word)


def _card(state: HabitableState, text: str, word: str) -> str:
    if word not in state.data.cards:
        raise state._refuse("notation.card", text=text, word=word)
    return word


def _planet(state: HabitableState, text: str, words: list[str]) -> tuple[int, int] | None:
    if not words:
        return None
    if len(words) != 2 or words[0] != "on":
        raise state._refuse("notation.planet", text=text)
    owner, _, tile = words[1].partition("/")
    if not (owner.isdigit() and tile.isdigit() and len(owner) < 3 and len(tile) < 3):
        raise state._refuse("notation.planet", text=text)
    return (int(owner) - 1, int(tile))


def parse_action(state: HabitableState, text: str) -> Action:
    """Read an action; raises RuleError('notation.*') when the text is not one."""
    head, rest = head_and_rest(state, text)
    if head in ("end", "discover", "leave", "allow") and not rest:
        return (head,)
    if head in ("archive", "pay", "trash") and rest:    # only a trash may name no card ('trash none')
        none = head == "trash" and rest == ["none"]
        return (head, () if none else tuple(sorted(_card(state, text, w) for w in rest)))
    if head == "play" and rest:
        return ("play", _card(state, text, rest[0]), _planet(state, text, rest[1:]))
    if head == "buy" and len(rest) == 1:
        return ("buy", _number(state, text, rest[0]) - 1)
    if head == "buy-play" and rest:
        return ("buy-play", _number(state, text, rest[0]) - 1, _planet(state, text, rest[1:]))
    if head == "search" and len(rest) == 1:
        return ("search", "star", rest[0])
    if head == "search" and len(rest) == 2 and rest[0] == "planet":
        return ("search", "planet", _number(state, text, rest[1]))
    if head == "distance" and len(rest) == 1:
        return ("distance", _number(state, text, rest[0]))
    if head == "migrate" and len(rest) == 1 and rest[0] in ("out", "in"):
        return ("migrate", 1 if rest[0] == "out" else -1)
    if head == "defend" and len(rest) == 1:
        return ("defend", _card(state, text, rest[0]))
    raise state._refuse("notation.unknown", text=text)


VALUE_NAMES = {"play": ("card", "target"), "buy-play": ("slot", "target"), "defend": ("card",), "distance": ("d",)}


def action_values(state: HabitableState, action: Action) -> Mapping[str, Any]:
    """The values an action's sentence names (content `actions` templates)."""
    kind = action[0]
    values: dict[str, Any] = {"player": state.current_player, **named_values(action, VALUE_NAMES)}
    if kind in ("archive", "pay", "trash"):
        values.update(cards=action[1], n=len(action[1]))
    if kind in ("buy", "buy-play"):
        values.update(slot=action[1] + 1, card=state.market[action[1]])    # the slot as people count it
    if kind == "search":
        values["star" if action[1] == "star" else "tile"] = action[2]
        values["place"] = action[2] if action[1] == "star" else ("tile", action[2])
    if kind == "migrate":
        values["direction"] = DIRECTIONS[action[1]]
    if kind in ("defend", "allow") and state.choice:
        values["planet"] = (state.choice[1], state.choice[2])
    return values
