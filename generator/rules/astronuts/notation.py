"""How Astronuts actions are written in saved games and example files.

Spaces by their id on the map, colours by name, players by number from 1:

    place nw-n-small red              set-up: a red nut on Hazelnut
    declare 4                         declare 4 and roll
    reroll / keep                     Time Warp: roll again, or keep the roll
    move nw-w-lane nw-rocks           a ship from one space to the next
    pass nw-n-small north-hole ne-n-small   ask to pass the ship on the AstroHole, on to Cashew ...
    allow-pass / refuse-pass          ... and that ship's owner answers
    jump north-hole west-hole         AstroHoles: on to another hole
    mine nw-n-small [pay red]         take the planet's nuts (paying natives who want a nut)
    colonise nw-n-small pay purple    a colony, paying its nut(s); `colonise X` when fate makes it free
    build                             a ship on the home planet
    attack nw-n-lane nw-n-small 2     attack player 2's ship or colonies on Hazelnut from the lane
    tech orange                       a technology
    trade 2                           start a trade with player 2 ...
    offer red purple                  ... offering a red nut for a purple one
    end                               end the turn
    target ship / target colony       the defender's choice
    accept / refuse                   answer a trade
    take red, swap red purple, done, gift-tech orange, gift-colony core, teleport core,
    gift-ship nw-home, genie 6-2      choices of the fate table
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action
from generator.rules.engine_kit.notation import head_and_rest

if TYPE_CHECKING:
    from generator.rules.astronuts.state import AstronutsState

BARE = frozenset({"reroll", "keep", "build", "end", "accept", "refuse", "done", "allow-pass", "refuse-pass"})
SPACE_PAIR = frozenset({"move", "jump"})
ONE_SPACE = frozenset({"gift-colony", "teleport", "gift-ship"})
ONE_COLOUR = frozenset({"tech", "take", "gift-tech"})
WITH_PAY = frozenset({"mine", "colonise"})


def format_action(state: AstronutsState, action: Action) -> str:
    d = state.data
    kind = action[0]
    if kind in BARE:
        return str(kind)
    if kind in SPACE_PAIR:
        return f"{kind} {d.ids[action[1]]} {d.ids[action[2]]}"
    if kind in WITH_PAY:
        pay = action[2]
        return f"{kind} {d.ids[action[1]]}" + (" pay " + " ".join(d.colours[c] for c in pay) if pay else "")
    if kind in ONE_SPACE:
        return f"{kind} {d.ids[action[1]]}"
    if kind in ONE_COLOUR:
        return f"{kind} {d.colours[action[1]]}"
    if kind == "place":
        return f"place {d.ids[action[1]]} {d.colours[action[2]]}"
    if kind == "attack":
        return f"attack {d.ids[action[1]]} {d.ids[action[2]]} {action[3] + 1}"
    if kind == "pass":
        return f"pass {d.ids[action[1]]} {d.ids[action[2]]} {d.ids[action[3]]}"
    if kind == "trade":
        return f"trade {action[1] + 1}"
    if kind in ("swap", "offer"):
        return f"{kind} {d.colours[action[1]]} {d.colours[action[2]]}"
    return " ".join(str(a) for a in action)   # declare n, target ship, genie 6-2


def parse_action(state: AstronutsState, text: str) -> Action:
    """Read an action; raises RuleError('notation.*') naming the word that is not understood."""
    d = state.data
    head, rest = head_and_rest(state, text)

    def space(word: str) -> int:
        if word not in d.index:
            raise state._refuse("notation.space", text=text, word=word)
        return d.index[word]

    def colour(word: str) -> int:
        if word not in d.colours:
            raise state._refuse("notation.colour", text=text, word=word)
        return d.colours.index(word)

    def number(word: str, low: int, high: int) -> int:
        if not word.isdigit() or not low <= int(word) <= high:
            raise state._refuse("notation.number", text=text, word=word, low=low, high=high)
        return int(word)

    if head in BARE and not rest:
        return (head,)
    if head in SPACE_PAIR and len(rest) == 2:
        return (head, space(rest[0]), space(rest[1]))
    if head in WITH_PAY and rest:
        if len(rest) == 1:
            return (head, space(rest[0]), ())
        if rest[1] == "pay" and len(rest) > 2:
            return (head, space(rest[0]), tuple(sorted(colour(w) for w in rest[2:])))
    if head in ONE_SPACE and len(rest) == 1:
        return (head, space(rest[0]))
    if head in ONE_COLOUR and len(rest) == 1:
        return (head, colour(rest[0]))
    if head == "place" and len(rest) == 2:
        return ("place", space(rest[0]), colour(rest[1]))
    if head == "declare" and len(rest) == 1:
        return ("declare", number(rest[0], 1, 99))
    if head == "pass" and len(rest) == 3:
        return ("pass", space(rest[0]), space(rest[1]), space(rest[2]))
    if head == "attack" and len(rest) == 3:
        return ("attack", space(rest[0]), space(rest[1]), number(rest[2], 1, state.n) - 1)
    if head == "trade" and len(rest) == 1:
        return ("trade", number(rest[0], 1, state.n) - 1)
    if head in ("swap", "offer") and len(rest) == 2:
        return (head, colour(rest[0]), colour(rest[1]))
    if head == "target" and len(rest) == 1 and rest[0] in ("ship", "colony"):
        return ("target", rest[0])
    if head == "genie" and len(rest) == 1 and rest[0] in d.fate:
        return ("genie", rest[0])
    raise state._refuse("notation.unknown", text=text)


def action_values(state: AstronutsState, action: Action) -> Mapping[str, Any]:
    """The values an action's sentence names (content `actions` templates)."""
    d = state.data
    kind = action[0]
    values: dict[str, Any] = {"player": state.current_player}
    if kind in SPACE_PAIR:
        values.update(frm=d.ids[action[1]], to=d.ids[action[2]])
    elif kind in WITH_PAY:
        values.update(at=d.ids[action[1]], paid=tuple(d.colours[c] for c in action[2]))
    elif kind in ONE_SPACE or kind == "place":
        values["at"] = d.ids[action[1]]
    if kind in ONE_COLOUR:
        values["colour"] = d.colours[action[1]]
    if kind == "place":
        values["colour"] = d.colours[action[2]]
    if kind == "declare":
        values["n"] = action[1]
    if kind == "attack":
        values.update(frm=d.ids[action[1]], at=d.ids[action[2]], defender=action[3])
    if kind == "trade":
        values["other"] = action[1]
    if kind == "pass":
        values.update(frm=d.ids[action[1]], at=d.ids[action[2]], to=d.ids[action[3]])
    if kind in ("swap", "offer"):
        values.update(give=d.colours[action[1]], get=d.colours[action[2]])
    if kind == "target":
        values["target"] = action[1]
    if kind == "genie":
        values["entry"] = action[1]
    return values
