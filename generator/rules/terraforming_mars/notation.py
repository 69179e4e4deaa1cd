"""How Terraforming Mars actions are written in saved games and example files.

Cards, standard projects, milestones and awards are named by their content id, spaces of the
map by their board id (`mars-4-3`: row 5, space 4, counted from 0), players from 1:

    play erzader                     play a card paying M€ only
    play kratergiesserei steel 3     ... paying 3 steel and M€ for the rest (also: titanium 2)
    project gruenflaeche             a standard project
    milestone terraformer / award energiebaron
    action saatbank                  the action of a blue card
    convert plants / convert heat
    pass / end                       pass for this generation / end the turn after one action
    buy erzader / done               research: buy a card / discard the rest
    place mars-4-3                   the space for the tile being placed
    target 2 / target 2 marshasen / skip   the target of a red-outlined effect
    take 2                           how much of its "up to" amount that effect takes
    first remove_any                 the played card's effect to carry out next (where order matters)
    add marshasen                    the card that gets the animals or microbes
    sell erzader / done              sell patents card by card
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action
from generator.rules.engine_kit.notation import named_values

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

_ONE_WORD = frozenset({"pass", "end", "done", "skip"})
_ONE_NAME = frozenset({"project", "milestone", "award", "action", "convert", "buy", "place", "add", "sell", "first"})


def format_action(state: TerraformingMarsState, action: Action) -> str:
    kind = action[0]
    if kind == "play":
        _, card, steel, titanium = action
        return f"play {card}" + (f" steel {steel}" if steel else "") + (f" titanium {titanium}" if titanium else "")
    return " ".join(str(a) for a in action)


def _count(word: str) -> int | None:
    return int(word) if word.isdigit() and len(word) < 4 else None


def parse_action(state: TerraformingMarsState, text: str) -> Action:
    """Read an action; raises RuleError('unknown-action') when the text is not one."""
    words = text.split()
    if words and words[0] in _ONE_WORD and len(words) == 1:
        return (words[0],)
    if len(words) == 2 and words[0] in _ONE_NAME:
        return (words[0], words[1])
    if len(words) >= 2 and words[0] == "play" and len(words) in (2, 4, 6):
        paid = {"steel": 0, "titanium": 0}
        for what, count in zip(words[2::2], words[3::2], strict=False):
            n = _count(count)
            if what not in paid or n is None:
                break
            paid[what] = n
        else:
            return ("play", words[1], paid["steel"], paid["titanium"])
    if (len(words), *words[:1]) in ((2, "take"), (2, "target"), (3, "target")) and (n := _count(words[1])) is not None:
        return (words[0], n, *words[2:])   # take 2 / target 2 / target 2 marshasen
    raise state._refuse("unknown-action", action=" ".join(words))


VALUE_NAMES = {
    "play": ("card", "steel", "titanium"), "action": ("card",), "buy": ("card",), "add": ("card",), "sell": ("card",),
    "project": ("project",), "milestone": ("milestone",), "award": ("award",), "convert": ("what",),
    "place": ("space",), "target": ("target", "card"), "take": ("n",), "first": ("effect",),
}


def action_values(state: TerraformingMarsState, action: Action) -> Mapping[str, Any]:
    """The values an action's sentence names (content `actions` templates)."""
    kind = action[0]
    values: dict[str, Any] = {"player": state.current_player, **named_values(action, VALUE_NAMES)}
    if kind == "place" and state.pending and state.pending[0] == "place":
        values["tile"] = state.pending[1]
    if kind == "target":
        values["target"] = action[1] - 1  # the notation names the player from 1, as people do
        values.setdefault("card", "")
    if kind == "take" and state.pending and state.pending[0] == "amount":
        values["resource"] = dict(state.pending[2])["resource"]
    return values
