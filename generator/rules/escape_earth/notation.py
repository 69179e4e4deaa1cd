"""How Escape Earth actions are written in saved games and example files.

Cards of the galaxy are counted as players count them: Earth is card 1, the ocean planet
card 16. Activities are `build food material knowledge military`; buildings are named by
their kind (`outpost farm mine lab starbase`); events by their card id (`hungersnot`).

    improve military            move the Military card one position higher (swap with its neighbour)
    move food 3                 travel with the Food card; the ship ends on card 3
    build outpost               build at your ship's card
    upgrade 4 pay knowledge@6   upgrade the building on card 4, paying 1 knowledge cube from card 6
    produce knowledge           fill the building at your ship
    fight hungersnot pay food@2 food@5x2
    push military@7x2           push the aliens back 2 cards with 2 military cubes from card 7
    pass
    fight-now pay food@2        fight the event just drawn at once
    let-happen                  let it become active
    lose 5                      the cube an event takes comes from card 5
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action
from generator.rules.engine_kit.notation import Writer, head_and_rest, named_values, written

if TYPE_CHECKING:
    from generator.rules.escape_earth.state import EscapeEarthState


def _pay_text(payment: tuple[Any, ...]) -> str:
    return " ".join(f"{res}@{pos + 1}" + (f"x{n}" if n > 1 else "") for pos, res, n in payment)


WRITERS: dict[str, Writer] = {
    "move": lambda state, action: f"move {action[1]} {action[2] + 1}",
    "build": lambda state, action: f"build {state.data.buildings[action[1]].kind}",
    "upgrade": lambda state, action: f"upgrade {action[1] + 1} pay {_pay_text(action[2])}",
    "fight": lambda state, action: f"fight {action[1]} pay {_pay_text(action[2])}",
    "fight-now": lambda state, action: f"fight-now pay {_pay_text(action[1])}",
    "push": lambda state, action: "push " + _pay_text(((action[1], "military", action[2]),)),
    "lose": lambda state, action: f"lose {action[1] + 1}",
}


def format_action(state: EscapeEarthState, action: Action) -> str:
    return written(state, action, WRITERS)


def _card_number(state: EscapeEarthState, text: str, word: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= state.length:
        raise state._refuse("notation.card-number", text=text, word=word, last=state.length)
    return int(word) - 1


def _parse_payment(state: EscapeEarthState, text: str, words: list[str]) -> tuple[Any, ...]:
    if not words or words[0] != "pay":
        raise state._refuse("notation.pay", text=text)
    totals: dict[tuple[int, str], int] = {}
    for word in words[1:]:
        res, _, rest = word.partition("@")
        where, _, count = rest.partition("x")
        if res not in state.data.resources or not where:
            raise state._refuse("notation.cube", text=text, word=word)
        pos = _card_number(state, text, where)
        n = int(count) if count.isdigit() and len(count) < 4 else 1
        totals[(pos, res)] = totals.get((pos, res), 0) + n
    return tuple(sorted((pos, res, n) for (pos, res), n in totals.items()))


def parse_action(state: EscapeEarthState, text: str) -> Action:
    """Read an action; raises RuleError('notation.*') with a hint when the text is not one."""
    head, rest = head_and_rest(state, text)
    if head in ("pass", "let-happen") and not rest:
        return (head,)
    if head in ("improve", "produce") and len(rest) == 1:
        return (head, rest[0])
    if head == "move" and len(rest) == 2:
        return ("move", rest[0], _card_number(state, text, rest[1]))
    if head == "build" and len(rest) == 1:
        by_kind = {b.kind: b.id for b in state.data.buildings.values()}
        return ("build", by_kind.get(rest[0], rest[0]))
    if head == "upgrade" and len(rest) >= 2:
        return ("upgrade", _card_number(state, text, rest[0]), _parse_payment(state, text, rest[1:]))
    if head == "fight" and len(rest) >= 2:
        return ("fight", rest[0], _parse_payment(state, text, rest[1:]))
    if head == "fight-now":
        return ("fight-now", _parse_payment(state, text, rest))
    if head == "push" and len(rest) == 1:
        payment = _parse_payment(state, text, ["pay"] + rest)
        if len(payment) == 1 and payment[0][1] == "military":
            return ("push", payment[0][0], payment[0][2])
    if head == "lose" and len(rest) == 1:
        return ("lose", _card_number(state, text, rest[0]))
    raise state._refuse("notation.unknown", text=text)


VALUE_NAMES = {
    "improve": ("activity",), "move": ("activity", "to"), "build": ("building",), "upgrade": ("pos", "paid"),
    "push": ("pos", "n"), "lose": ("pos",), "fight": ("card", "paid"), "fight-now": ("paid",), "produce": ("resource",),
}


def action_values(state: EscapeEarthState, action: Action) -> Mapping[str, Any]:
    """The values an action's sentence names (content `actions` templates)."""
    return {"player": state.player, **named_values(action, VALUE_NAMES)}
