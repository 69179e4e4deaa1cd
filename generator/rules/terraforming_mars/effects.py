"""The operations of Terraforming Mars's content vocabulary, and what placing a tile does.

Effects run from the state's queue, one operation at a time, for the acting player
(`state.player`); an operation that needs the player's choice (a space for a tile, the target
of a red-outlined effect, the card for animals or microbes) sets `state.pending` and the queue
waits for that decision. Lasting effects (discounts, values, triggers, leeway) are read where
they act (`conditions.py`, `trigger_tags`, `place_tile`); end-game points in `scoring.py`.
`pnp check` compares the operations listed here with those game.yaml declares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.terraforming_mars import conditions
from generator.rules.terraforming_mars.conditions import CITY, GREENERY, OCEAN
from generator.rules.terraforming_mars.data import GREENERY_PROJECT, MC, OCEAN_NEIGHBOUR_MC, RES_INDEX

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

PLACE_TILE = "_place"   # the queue's own step: one tile to place (place_ocean of 2 queues two)


# -- the global parameters -------------------------------------------------------------------------
def raise_parameter(state: TerraformingMarsState, p: int, parameter: str, steps: int) -> None:
    """Raise `temperature` or `oxygen` by `steps` steps of its track, 1 TR each, stopping at its goal."""
    track = state.data.temperature if parameter == "temperature" else (*state.data.oxygen, 1)
    goal, step = track[1], track[2]
    for _ in range(steps):
        value = getattr(state, parameter)
        if value >= goal:
            state._emit("at-goal", parameter=parameter)
            return
        setattr(state, parameter, value + step)
        state.tr[p] += 1
        state._emit(parameter, value=value + step, player=p, tr=state.tr[p])


def gain(state: TerraformingMarsState, p: int, resource: str, n: int) -> None:
    if n:
        state.res[p][RES_INDEX[resource]] += n
        state._emit("gained", player=p, resource=resource, n=n)


def add_to(state: TerraformingMarsState, card: str, resource: str, n: int) -> None:
    state.card_res[card] = state.card_res.get(card, 0) + n
    state._emit("card-resource", card=card, resource=resource, n=n, total=state.card_res[card])


# -- tiles ---------------------------------------------------------------------------------------------
def place_tile(state: TerraformingMarsState, p: int, tile: str, space: str) -> None:
    """Put the tile on the space (legal, checked before): bonus, 2 M€ per adjacent ocean, the
    parameter it raises, and every tile trigger."""
    d = state.data
    sp = d.spaces[space]
    state.tiles[space] = (tile, -1 if tile == OCEAN else p)
    state._emit("tile", player=p, tile=tile, space=space)
    for kind, n in sp.bonus:
        if kind == "cards":
            state.draw(p, n)
        else:
            gain(state, p, kind, n)
    oceans = conditions.adjacent(state, space, OCEAN)
    if oceans:
        state.res[p][MC] += OCEAN_NEIGHBOUR_MC * oceans
        state._emit("ocean-neighbours", player=p, oceans=oceans, n=OCEAN_NEIGHBOUR_MC * oceans)
    if tile == OCEAN:
        state.oceans += 1
        state.tr[p] += 1
        state._emit("ocean", value=state.oceans, player=p, tr=state.tr[p])
    elif tile == GREENERY:
        raise_parameter(state, p, "oxygen", 1)
    for _, a in conditions.lasting(state, p, "on_tile_gain"):
        if a["tile"] == tile:
            gain(state, p, a["resource"], int(a["amount"]))
    for owner in range(state.n):
        for c, a in conditions.lasting(state, owner, "on_tile_add"):
            if a["tile"] == tile:
                add_to(state, c, a["resource"], int(a["amount"]))


def trigger_tags(state: TerraformingMarsState, p: int, card_id: str) -> None:
    """'When you play a tag': every tag of the card just played, once per tag, its own card's effect included."""
    cards = state.data.cards
    tags = cards[card_id].tags
    for c in state.played[p]:
        for op, args in cards[c].ongoing:
            a = dict(args)
            times = tags.count(a["tag"]) if op in ("on_tag_gain", "on_tag_add") else 0
            if times and op == "on_tag_gain":
                gain(state, p, a["resource"], times * int(a["amount"]))
            elif times:
                add_to(state, c, a["resource"], times * int(a["amount"]))


def _tags_for(state: TerraformingMarsState, p: int, tag: str, source: str | None) -> int:
    """The player's tags of a kind, the card being played counted even when it is an event."""
    n = conditions.tag_count(state, p, tag)
    if source in state.data.cards and source not in state.played[p]:
        n += state.data.cards[source].tags.count(tag)
    return n


# -- the operations ------------------------------------------------------------------------------------
Op = Callable[["TerraformingMarsState", int, dict[str, Any], Any], None]


def _queue_tiles(state: TerraformingMarsState, tile: str, count: int, source: Any) -> None:
    state.queue[:0] = [(PLACE_TILE, {"tile": tile}, source)] * count


def _place(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
    """Ask for the space; an ocean after the 9th is lost (the summary's first exception)."""
    tile = a["tile"]
    next_to_own = tile != GREENERY or source != GREENERY_PROJECT or state.project_greenery_next_to_own
    if not conditions.spaces_for(state, p, tile, next_to_own):
        state._emit("at-goal", parameter="oceans") if tile == OCEAN else state._emit("no-space", tile=tile)
        return
    state.pending = ("place", tile, source, next_to_own)


def _raise_tr(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
    state.tr[p] += int(a["amount"])
    state.tr_other += int(a["amount"])
    state._emit("tr", player=p, n=int(a["amount"]), tr=state.tr[p])


def _spend(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
    n = int(a["amount"])
    state.res[p][RES_INDEX[a["resource"]]] -= n
    state._emit("spent", player=p, resource=a["resource"], n=n)


def collectors(state: TerraformingMarsState, p: int, resource: str, source: Any) -> list[str]:
    """The player's cards other than `source` that collect the resource."""
    return [c for c in state.played[p] if c != source and state.data.cards[c].holds == resource]


def _add_to_other_card(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
    """On one of the player's other cards that collects the resource; none: lost (rulings)."""
    targets = collectors(state, p, a["resource"], source)
    if not targets:
        state._emit("nothing-to-collect", player=p, resource=a["resource"])
    elif len(targets) == 1:
        add_to(state, targets[0], a["resource"], int(a["amount"]))
    else:
        state.pending = ("add", a["resource"], int(a["amount"]), source)


def _remove_from_card(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
    n = int(a["amount"])
    state.card_res[source] -= n
    state._emit("card-resource-removed", card=source, resource=a["resource"], n=n, total=state.card_res[source])


def _sell_patents(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
    state.pending = ("sell", 0)


def _production_per_tag(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
    n = _tags_for(state, p, a["tag"], source) // int(a["per"])
    if n:
        change_production(state, p, a["resource"], n)


def change_production(state: TerraformingMarsState, p: int, resource: str, delta: int) -> None:
    r = RES_INDEX[resource]
    state.prod[p][r] += delta
    state._emit("production", player=p, resource=resource, delta=delta, value=state.prod[p][r])


def can_lose(state: TerraformingMarsState, op: str, a: dict[str, Any], target: tuple[Any, ...]) -> int:
    """How much the target of a red-outlined effect has to lose: (player,) cubes or production above its floor,
    (player, card) the resources on the card."""
    if op == "remove_any_card":
        return state.card_res.get(target[1], 0)
    q: int = target[0]
    r = RES_INDEX[a["resource"]]
    return state.res[q][r] if op == "remove_any" else state.prod[q][r] - state.data.floors[r]


def any_player_targets(state: TerraformingMarsState, op: str, a: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Who a red-outlined effect can hit: (player,) or (player, card) with something to lose."""
    cards = state.data.cards
    targets = [(q, c) for q in range(state.n) for c in state.played[q] if cards[c].holds == a["resource"]] \
        if op == "remove_any_card" else [(q,) for q in range(state.n)]
    return [t for t in targets if can_lose(state, op, a, t) > 0]


def _any_player_op(op: str) -> Op:
    """The operation that asks for the target of the red-outlined effect `op`."""
    def ask(state: TerraformingMarsState, p: int, a: dict[str, Any], source: Any) -> None:
        if not any_player_targets(state, op, a):
            state._emit("no-target", player=p)
            return
        state.pending = ("target", op, tuple(sorted(a.items())), source)
    return ask


def hit(state: TerraformingMarsState, p: int, op: str, a: dict[str, Any], target: tuple[Any, ...]) -> None:
    """Aim a red-outlined effect at the chosen target. Its text says "up to": when it could take more
    than 1, the player says how much next (`("amount", ...)`); otherwise it takes what there is."""
    most = min(int(a["amount"]), can_lose(state, op, a, target))
    if most > 1:
        state.pending = ("amount", op, tuple(sorted(a.items())), target, most)
    else:
        take(state, p, op, a, target, most)


def take(state: TerraformingMarsState, p: int, op: str, a: dict[str, Any], target: tuple[Any, ...], n: int) -> None:
    """Carry out a red-outlined effect on its target: exactly `n` (at most what it can take, checked before)."""
    q = target[0]
    if op == "remove_any":
        state.res[q][RES_INDEX[a["resource"]]] -= n
        state._emit("removed", player=p, target=q, resource=a["resource"], n=n)
    elif op == "production_loss_any":
        r = RES_INDEX[a["resource"]]
        state.prod[q][r] -= n
        state._emit("production-lowered", player=p, target=q, resource=a["resource"], n=n,
                    value=state.prod[q][r])
    else:
        state.card_res[target[1]] -= n
        state._emit("card-resource-taken", player=p, target=q, card=target[1], resource=a["resource"], n=n)


# (state, player, args, source card or project) -> None; the one-line ones here, the others above
IMMEDIATE: dict[str, Op] = {
    "raise_temperature": lambda state, p, a, source: raise_parameter(state, p, "temperature", int(a["steps"])),
    "raise_oxygen": lambda state, p, a, source: raise_parameter(state, p, "oxygen", int(a["steps"])),
    "place_ocean": lambda state, p, a, source: _queue_tiles(state, OCEAN, int(a["count"]), source),
    "place_greenery": lambda state, p, a, source: _queue_tiles(state, GREENERY, 1, source),
    "place_city": lambda state, p, a, source: _queue_tiles(state, CITY, 1, source),
    "gain": lambda state, p, a, source: gain(state, p, a["resource"], int(a["amount"])),
    "gain_per_tag": lambda state, p, a, source: gain(state, p, a["resource"],
                                                     int(a["amount"]) * _tags_for(state, p, a["tag"], source)),
    "draw_cards": lambda state, p, a, source: state.draw(p, int(a["count"])),
    "add_to_card": lambda state, p, a, source: add_to(state, source, a["resource"], int(a["amount"])),
    "production": lambda state, p, a, source: change_production(state, p, a["resource"], int(a["amount"])),
    "production_loss": lambda state, p, a, source: change_production(state, p, a["resource"], -int(a["amount"])),
    "raise_tr": _raise_tr, "spend": _spend, "add_to_other_card": _add_to_other_card,
    "remove_from_card": _remove_from_card, "sell_patents": _sell_patents, "production_per_tag": _production_per_tag,
    **{op: _any_player_op(op) for op in ("remove_any", "production_loss_any", "remove_any_card")},
    PLACE_TILE: _place,
}
# read where they act: payments and requirements (conditions.py), triggers (above), points (scoring.py)
LASTING = frozenset({"discount_tag", "discount_all", "on_tag_gain", "on_tag_add", "on_tile_gain", "on_tile_add",
                     "steel_value", "titanium_value", "requirement_leeway"})
SCORING = frozenset({"vp_per_resource", "vp_per_tag", "vp_per_tile"})
OPERATIONS = frozenset(op for op in IMMEDIATE if not op.startswith("_")) | LASTING | SCORING


# The summary: "Soforteffekte ... können in beliebiger Reihenfolge durchgeführt werden". The order of
# these immediate effects changes what happens (a tile's neighbours, what a target still has, what
# can still be spent); the others give the same result in any order, so nobody is asked about them.
ORDER_MATTERS = frozenset({"place_ocean", "place_greenery", "place_city", "spend", "add_to_other_card",
                           "remove_from_card", "remove_any", "production_loss_any", "remove_any_card"})


def effects_to_order(queue: list[tuple[str, dict[str, Any], Any]]) -> list[str]:
    """The played card's effects the player may carry out next, when their order matters: [] otherwise.

    A tile placement already started (its `_place` steps at the front of the queue) is finished
    first; effects of one operation are carried out in their printed order.
    """
    if not queue or queue[0][0] == PLACE_TILE:
        return []
    ops = list(dict.fromkeys(op for op, _, _ in queue if op in ORDER_MATTERS))
    return ops if len(ops) > 1 else []


def run(state: TerraformingMarsState, op: str, args: dict[str, Any], source: Any) -> None:
    IMMEDIATE[op](state, state.player, args, source)
