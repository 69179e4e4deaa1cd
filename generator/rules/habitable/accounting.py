"""Habitable's invariants: every card in exactly one place, every marker within its track, one stack per circle."""

from __future__ import annotations

from collections import Counter

from generator.rules.habitable.data import TRACKS, Phase
from generator.rules.habitable.planets import DISCOVERED, HOME, UNDISCOVERED
from generator.rules.habitable.state import HabitableState


def card_places(state: HabitableState) -> Counter[str]:
    """Every action and event card where it lies now (hands, piles, market, black hole, in play)."""
    places: Counter[str] = Counter()
    for pile in (*state.hands, *state.decks, *state.discards, *state.trashed, state.pile, state.black_hole,
                 state.events_done, state.events_box):
        places.update(pile)
    places.update(c for c in state.market if c is not None)
    if state.event_card is not None:
        places[state.event_card] += 1
    if state.ctx is not None:
        places[state.ctx[1]] += 1
        places.update(state.ctx[4])
    if state.phase == Phase.PAY and state.choice and state.choice[2][0] in ("play", "buy", "buy-play"):
        places[state.choice[2][1]] += 1
    return places


def invariant_problems(state: HabitableState) -> list[str]:
    """What is wrong with the table (empty when all is well)."""
    d = state.data
    problems: list[str] = []
    expected = Counter(list(d.starter) * state.n) + Counter(d.epoch_one + d.epoch_two) + Counter(list(d.events))
    found = card_places(state)
    if found != expected:
        problems.append(f"cards out of place: {dict(found - expected)} extra, {dict(expected - found)} missing")
    goals = Counter(state.goals_shown + state.goals_box + [g for taken in state.goals_taken for g in taken])
    if goals != Counter(list(d.goals)):
        problems.append(f"goal cards out of place: {dict(goals)}")
    used_planets = [pl.card for mine in state.planets for pl in mine if pl.status == DISCOVERED]
    if Counter(state.planet_pile + used_planets) != Counter(list(d.planets)):
        problems.append("planet cards out of place")
    circles = Counter((pl.star, pl.pos) for mine in state.planets for pl in mine if pl.status != HOME)
    for pl in (pl for mine in state.planets for pl in mine):
        planet = f"planet {pl.owner + 1}/{pl.tile}"
        if pl.status == HOME:
            if pl.card is not None or pl.star != -1:
                problems.append(f"{planet} at home but on a star or with a card")
            continue
        star = d.stars[pl.star]
        if pl.star not in state.stars_used:
            problems.append(f"{planet} at {star.id}, which is not used with {state.n} players")
        if not star.in_zone(pl.pos):
            problems.append(f"{planet} on circle {pl.pos} of {star.id}, outside the zone")
        if pl.status == DISCOVERED:
            if pl.card is None:
                problems.append(f"{planet} discovered without a planet card")
            problems += [f"{planet}: {name} {pl.get(name)} off the track" for name, (low, high) in TRACKS.items()
                         if not low <= pl.get(name) <= high]
        elif pl.status == UNDISCOVERED and pl.card is not None:
            problems.append(f"undiscovered {planet} holds a planet card")
    for (star_index, pos), count in circles.items():
        if count > 1:
            problems.append(f"{count} planets on circle {pos} of {d.stars[star_index].id}")
    if any(t < 0 for t in state.tokens):
        problems.append("negative life tokens")
    if state.result is None and state.phase in (Phase.ARCHIVE, Phase.MAIN) and state.ctx is not None:
        problems.append("a card is still being carried out between decisions")
    return problems
