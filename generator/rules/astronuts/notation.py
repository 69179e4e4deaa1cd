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

# how an action's item is written: a space by id, a colour by name, a seat by number from 1, the colours paid
# (`pay red purple`, nothing when none), a number, or a word of its own (a target, a fate entry)
SPACE, COLOUR, SEAT, PAY, NUMBER, TARGET, ENTRY = range(7)
_S, _C = ("at", SPACE), ("colour", COLOUR)
_TRIP, _SWAP, _MINE = (("frm", SPACE), ("to", SPACE)), (("give", COLOUR), ("get", COLOUR)), (_S, ("paid", PAY))
ITEMS: dict[str, tuple[tuple[str, int], ...]] = {    # each kind's items after it: (the name its sentence uses, how)
    **dict.fromkeys(("reroll", "keep", "build", "end", "accept", "refuse", "done", "allow-pass", "refuse-pass"), ()),
    "place": (_S, _C), "move": _TRIP, "jump": _TRIP, "pass": (("frm", SPACE), _S, ("to", SPACE)),
    "mine": _MINE, "colonise": _MINE, "attack": (("frm", SPACE), _S, ("defender", SEAT)), "trade": (("other", SEAT),),
    "tech": (_C,), "take": (_C,), "gift-tech": (_C,), "gift-colony": (_S,), "teleport": (_S,), "gift-ship": (_S,),
    "swap": _SWAP, "offer": _SWAP, "declare": (("n", NUMBER),), "target": (("target", TARGET),),
    "genie": (("entry", ENTRY),),
}


def format_action(state: AstronutsState, action: Action) -> str:
    d = state.data
    words = [str(action[0])]
    for (_, how), value in zip(ITEMS.get(action[0], ()), action[1:], strict=False):
        if how == PAY:
            words += ["pay"] + [d.colours[c] for c in value] if value else []
        else:
            words.append(d.ids[value] if how == SPACE else d.colours[value] if how == COLOUR
                         else str(value + 1) if how == SEAT else str(value))
    return " ".join(words)


def parse_action(state: AstronutsState, text: str) -> Action:
    """Read an action; raises RuleError('notation.*') naming the word that is not understood."""
    d = state.data
    head, rest = head_and_rest(state, text)

    def read(how: int, word: str) -> Any:
        if how == SPACE and word in d.index:
            return d.index[word]
        if how == COLOUR and word in d.colours:
            return d.colours.index(word)
        if how in (SEAT, NUMBER):
            high = state.n if how == SEAT else 99
            if not word.isdigit() or not 1 <= int(word) <= high:
                raise state._refuse("notation.number", text=text, word=word, low=1, high=high)
            return int(word) - (how == SEAT)
        if (how == TARGET and word in ("ship", "colony")) or (how == ENTRY and word in d.fate):
            return word
        if how in (TARGET, ENTRY):
            raise state._refuse("notation.unknown", text=text)
        raise state._refuse("notation.space" if how == SPACE else "notation.colour", text=text, word=word)

    items = ITEMS.get(head)
    if items and items[-1][1] == PAY:                 # mine / colonise: a space, then `pay` and colours, if any
        if len(rest) == 1 or (len(rest) > 2 and rest[1] == "pay"):
            return (head, read(SPACE, rest[0]), tuple(sorted(read(COLOUR, w) for w in rest[2:])))
    elif items is not None and len(rest) == len(items):
        return (head, *(read(how, word) for (_, how), word in zip(items, rest, strict=True)))
    raise state._refuse("notation.unknown", text=text)


def action_values(state: AstronutsState, action: Action) -> Mapping[str, Any]:
    """The values an action's sentence names (content `actions` templates)."""
    d = state.data
    values: dict[str, Any] = {"player": state.current_player}
    for (name, how), value in zip(ITEMS.get(action[0], ()), action[1:], strict=False):
        values[name] = (d.ids[value] if how == SPACE else d.colours[value] if how == COLOUR
                        else tuple(d.colours[c] for c in value) if how == PAY else value)
    return values
