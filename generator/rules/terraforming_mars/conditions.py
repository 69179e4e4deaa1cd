"""What a player can do on this table: costs, payments, requirements, free spaces, tag counts.

These are the predicates both the legal set (`decisions.py`) and the refusals (`legality.py`)
ask, so the two can only disagree about which rule they name, never about what is allowed.
Every function reads the state and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.terraforming_mars.data import (
    MC,
    MILESTONES_CLAIMABLE,
    RES_INDEX,
    STEEL,
    STEEL_VALUE,
    TITANIUM,
    TITANIUM_VALUE,
    Effects,
    ProjectCard,
)

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

OCEAN, GREENERY, CITY = "ocean", "greenery", "city"
Problem = tuple[Any, ...] | None   # (rule id, the values its refusal names), or None: no problem


# -- tags and lasting effects ---------------------------------------------------------------------
def tag_count(state: TerraformingMarsState, p: int, tag: str) -> int:
    """Tags of one kind on the player's played green and blue cards (events in the pile count for nothing)."""
    cards = state.data.cards
    return sum(cards[c].tags.count(tag) for c in state.played[p])


def lasting(state: TerraformingMarsState, p: int, op: str) -> list[tuple[str, dict[str, Any]]]:
    """(card, args) of every lasting effect `op` on the player's played blue cards."""
    cards = state.data.cards
    return [(c, args) for c in state.played[p] if cards[c].lasting for args in cards[c].lasting.get(op, ())]


def card_cost(state: TerraformingMarsState, p: int, card: ProjectCard) -> int:
    """The card's cost after the player's discounts: a tag discount once per card, never below 0."""
    cost = card.cost
    for _, args in lasting(state, p, "discount_tag"):
        if args["tag"] in card.tags:
            cost -= int(args["amount"])
    for _, args in lasting(state, p, "discount_all"):
        cost -= int(args["amount"])
    return max(0, cost)


def cube_values(state: TerraformingMarsState, p: int) -> tuple[int, int]:
    """What a steel and a titanium cube pay for the player: 2 and 3 M€ and what their cards add."""
    return (STEEL_VALUE + sum(int(a["amount"]) for _, a in lasting(state, p, "steel_value")),
            TITANIUM_VALUE + sum(int(a["amount"]) for _, a in lasting(state, p, "titanium_value")))


def payment_problem(state: TerraformingMarsState, p: int, card: ProjectCard, steel: int, titanium: int) -> Problem:
    """Why (steel, titanium) with M€ for the rest does not pay `card`: (rule, values), or None when it does."""
    res = state.res[p]
    if steel and "building" not in card.tags:
        return ("pay.steel-tag", {"card": card.id})
    if titanium and "space" not in card.tags:
        return ("pay.titanium-tag", {"card": card.id})
    if steel > res[STEEL]:
        return ("pay.steel-missing", {"n": steel, "have": res[STEEL]})
    if titanium > res[TITANIUM]:
        return ("pay.titanium-missing", {"n": titanium, "have": res[TITANIUM]})
    return _settle(card_cost(state, p, card), *cube_values(state, p), res[MC], steel, titanium)


def _settle(cost: int, sv: int, tv: int, mc: int, steel: int, titanium: int) -> Problem:
    """Why cubes worth `sv` and `tv` with M€ for the rest do not pay `cost`: a cube paying nothing, too few M€."""
    covered = steel * sv + titanium * tv
    if (steel and covered - sv >= cost) or (titanium and covered - tv >= cost):
        return ("pay.wasted", {"cost": cost})
    need = max(0, cost - covered)
    if need > mc:
        return ("pay.megacredits", {"cost": cost, "need": need, "have": mc})
    return None


def payments(state: TerraformingMarsState, p: int, card: ProjectCard) -> list[tuple[int, int]]:
    """Every (steel, titanium) that pays the card with M€ for the rest; no cube may pay nothing."""
    cost, (sv, tv), res = card_cost(state, p, card), cube_values(state, p), state.res[p]
    steel = range(min(res[STEEL], -(-cost // sv)) + 1) if "building" in card.tags else (0,)
    titanium = range(min(res[TITANIUM], -(-cost // tv)) + 1) if "space" in card.tags else (0,)
    return [(s, t) for s in steel for t in titanium if _settle(cost, sv, tv, res[MC], s, t) is None]


# -- requirements -----------------------------------------------------------------------------------
def requirement_problem(state: TerraformingMarsState, p: int, card: ProjectCard) -> Problem:
    """The first global or tag requirement the card misses: (rule, values), or None."""
    steps = sum(int(a["steps"]) for _, a in lasting(state, p, "requirement_leeway"))
    for requirement, limit in card.requirements:
        bound, parameter = requirement.split("_")
        slack = steps * state.data.temperature[2] if parameter == "temperature" else steps   # °C, as players read it
        value = getattr(state, parameter)
        if (value < limit - slack) if bound == "min" else (value > limit + slack):
            return (f"req.{bound}-{parameter}", {"card": card.id, "limit": limit, "leeway": slack})
    if card.requires_tag:
        have = tag_count(state, p, card.requires_tag)
        if have < card.requires_tag_count:
            return ("req.tags", {"card": card.id, "tag": card.requires_tag, "n": card.requires_tag_count, "have": have})
    return None


# -- the map ----------------------------------------------------------------------------------------
def adjacent(state: TerraformingMarsState, space: str, tile: str) -> int:
    """How many tiles of a kind lie next to the space."""
    tiles = state.tiles
    return sum(1 for n in state.data.spaces[space].neighbours if tiles.get(n, ("", -1))[0] == tile)


def city_next_to(state: TerraformingMarsState, space: str) -> bool:
    tiles = state.tiles
    return any(tiles.get(n, ("", -1))[0] == CITY for n in state.data.spaces[space].neighbours)


def has_space_for(state: TerraformingMarsState, tile: str) -> bool:
    """Whether some space takes a city or a greenery (any free land space): `spaces_for` without its list, asked
    for every card, project and conversion of every turn (a fifth of a random playout)."""
    tiles = state.tiles
    return any(s not in tiles and (tile != CITY or not city_next_to(state, s)) for s in state.data.land)


def spaces_for(state: TerraformingMarsState, p: int, tile: str, next_to_own: bool = True) -> list[str]:
    """The spaces a tile may go on: oceans on free ocean spaces, cities on free land next to no city,
    greeneries on free land, next to one of the player's tiles when that is possible (`next_to_own`)."""
    tiles, spaces = state.tiles, state.data.spaces
    if tile == OCEAN:   # none after the last ocean tile
        return [s for s in state.data.ocean_spaces if s not in tiles] if state.oceans < state.data.oceans_max else []
    land = [s for s in state.data.land if s not in tiles]
    if tile == CITY:
        return [s for s in land if not city_next_to(state, s)]
    if next_to_own:
        own = [s for s in land if any(tiles.get(n, (None, -1))[1] == p for n in spaces[s].neighbours)]
        if own:
            return own
    return land


# -- effects that must be possible --------------------------------------------------------------------
MAY_FAIL = frozenset({"production_loss", "spend", "remove_from_card", "place_city", "place_greenery"})


def effects_problem(state: TerraformingMarsState, p: int, effects: Effects, source: str | None) -> Problem:
    """Why one of the mandatory `effects` cannot be carried out (the card may then not be played), or None.

    The summary's exceptions are not problems: raising a parameter at its goal, resources the
    player cannot collect, and the red-outlined effects on any player.
    """
    for op, args in effects:
        if op not in MAY_FAIL:
            continue
        a = dict(args)
        resource, n = a.get("resource", ""), int(a.get("amount", 0))
        if op == "production_loss":
            r = RES_INDEX[resource]
            if state.prod[p][r] - n < state.data.floors[r]:
                return ("effect.production-floor", {"resource": resource, "n": n})
        elif op == "spend":
            r = RES_INDEX[resource]
            if state.res[p][r] < n:
                return ("effect.spend", {"resource": resource, "n": n, "have": state.res[p][r]})
        elif op == "remove_from_card":
            if (state.card_res.get(source, 0) if source else 0) < n:
                return ("effect.card-resources", {"card": source, "resource": resource, "n": n})
        elif op in ("place_city", "place_greenery") and not has_space_for(state, tile := op.removeprefix("place_")):
            return ("effect.no-space", {"tile": tile})
    return None


def card_problem(state: TerraformingMarsState, p: int, card: ProjectCard) -> Problem:
    """Why the card cannot be played now apart from its payment (requirements, effects), or None."""
    return requirement_problem(state, p, card) or effects_problem(state, p, card.effects + card.production, card.id)


def project_problem(state: TerraformingMarsState, p: int, project_id: str) -> Problem:
    """Why a standard project cannot be used now, or None: its cost, and an effect it must have."""
    project = state.data.projects[project_id]
    if state.res[p][MC] < project.cost:
        return ("project.cost", {"project": project_id, "cost": project.cost, "have": state.res[p][MC]})
    return _standard_problem(state, p, project.effects, ("project.at-goal", {"project": project_id}))


def conversion_problem(state: TerraformingMarsState, p: int, what: str) -> Problem:
    """Why plants or heat (`what`) cannot be converted now, or None: too few cubes, an effect it must have."""
    conversion = state.data.conversions.get(what)
    if conversion is None:
        return ("convert.what", {"what": what})
    have = state.res[p][RES_INDEX[what]]
    if have < conversion.cost:
        return (f"convert.{what}", {"n": conversion.cost, "have": have})
    return _standard_problem(state, p, conversion.effects, ("convert.at-goal", {}))


def _standard_problem(state: TerraformingMarsState, p: int, effects: Effects, at_goal: Problem) -> Problem:
    """The effect of a standard project or a conversion that cannot be carried out, or None: a parameter raised
    at its goal (`at_goal`: the summary's exceptions are for cards), a greenery or city without a space."""
    for op, args in effects:
        if op == "sell_patents" and not state.hand[p]:
            return ("project.no-cards", {})
        if (op == "raise_temperature" and state.temperature >= state.data.temperature[1]) \
                or (op == "place_ocean" and state.oceans >= state.data.oceans_max):
            return at_goal
        problem = effects_problem(state, p, ((op, args),), None)
        if problem:
            return problem
    return None


def action_problem(state: TerraformingMarsState, p: int, card_id: str) -> Problem:
    """Why the action of a blue card cannot be used now, or None."""
    if card_id not in state.played[p]:
        return ("action.not-played", {"card": card_id})
    card = state.data.cards[card_id]
    if not card.has_action:
        return ("action.none", {"card": card_id})
    if card_id in state.used[p]:
        return ("action.used", {"card": card_id})
    return effects_problem(state, p, card.action_cost, card_id)


# -- milestones and awards ---------------------------------------------------------------------------
def own_tiles(state: TerraformingMarsState, p: int, kind: str) -> int:
    return sum(1 for tile, owner in state.tiles.values() if tile == kind and owner == p)


def _shore_tiles(state: TerraformingMarsState, p: int) -> int:
    return sum(1 for s, (tile, owner) in state.tiles.items() if owner == p and tile in (GREENERY, CITY)
               and adjacent(state, s, OCEAN))


# what a milestone's criterion and an award's metric count for player p
Count = Callable[["TerraformingMarsState", int], int]
MILESTONE_VALUES: dict[str, Count] = {
    "terraform_rating": lambda state, p: state.tr[p], "cards_in_hand": lambda state, p: len(state.hand[p]),
    "cities": lambda state, p: own_tiles(state, p, CITY), "greeneries": lambda state, p: own_tiles(state, p, GREENERY),
    "building_tags": lambda state, p: tag_count(state, p, "building"),
}
AWARD_VALUES: dict[str, Count] = {
    "energy_production": lambda state, p: state.prod[p][RES_INDEX["energy"]],
    "bio_tags": lambda state, p: sum(tag_count(state, p, t) for t in ("plant", "microbe", "animal")),
    "space_tags": lambda state, p: tag_count(state, p, "space"),
    "card_resources": lambda state, p: sum(state.card_res.get(c, 0) for c in state.played[p]),
    "shore_tiles": _shore_tiles,
}


def milestone_problem(state: TerraformingMarsState, p: int, milestone_id: str) -> Problem:
    m = state.data.milestones.get(milestone_id)
    if m is None:
        return ("milestone.unknown", {"milestone": milestone_id})
    if milestone_id in state.milestones:
        return ("milestone.taken", {"milestone": milestone_id, "owner": state.milestones[milestone_id]})
    if len(state.milestones) >= MILESTONES_CLAIMABLE:
        return ("milestone.all-claimed", {"n": MILESTONES_CLAIMABLE})
    have = MILESTONE_VALUES[m.criterion](state, p)
    if have < m.threshold:
        return ("milestone.criterion", {"milestone": milestone_id, "n": m.threshold, "have": have})
    if state.res[p][MC] < m.cost:
        return ("milestone.cost", {"cost": m.cost, "have": state.res[p][MC]})
    return None


def award_problem(state: TerraformingMarsState, p: int, award_id: str) -> Problem:
    a = state.data.awards.get(award_id)
    if a is None:
        return ("award.unknown", {"award": award_id})
    if any(funded == award_id for funded, _ in state.awards):
        return ("award.funded", {"award": award_id})
    if len(state.awards) >= len(a.funding_costs):
        return ("award.all-funded", {"n": len(a.funding_costs)})
    cost = a.funding_costs[len(state.awards)]
    if state.res[p][MC] < cost:
        return ("award.cost", {"cost": cost, "have": state.res[p][MC]})
    return None


# the turn's actions of one id (a project, milestone, award, blue card, conversion): why each is refused, or None
PROBLEMS: dict[str, Callable[[TerraformingMarsState, int, str], Problem]] = {
    "project": project_problem, "milestone": milestone_problem, "award": award_problem, "action": action_problem,
    "convert": conversion_problem}
