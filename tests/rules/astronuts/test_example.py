"""The rulebook's worked example "Finde dies Nuts!" replays with exactly its numbers."""

from __future__ import annotations

import re

import pytest

from generator.content.schema import ExampleStep
from generator.rules.examples import ExampleError, replay_example


def _actions_left(step) -> int:
    turn = dict(step.after["en"])["Turn"]
    return int(re.search(r"(\d+) actions? left", turn).group(1))


def test_the_rulebook_example_replays_with_its_own_numbers(astro):
    example = next(e for e in astro.examples if e.id == "find-the-nuts")
    replay = replay_example(astro, example)
    steps = replay.steps
    start = next(i for i, s in enumerate(steps) if s.action == "declare 4")
    turn = steps[start:]
    assert "Player 1 declared 4 and rolled 6: 9 actions (Extra Energy: +1)." in turn[0].events_text["en"]
    assert [_actions_left(s) for s in turn[:4]] == [9, 8, 7, 6]                      # move 3: 9 -> 6
    text = [t for s in turn for t in s.events_text["en"]]
    duels = [t for t in text if t.startswith("Attack ")]
    assert duels == ["Attack 6 against defence 6: the defence holds, the attack fails.",
                     "Attack 4 against defence 2: the attacker wins, the target is destroyed.",
                     "Attack 7 against defence 6: the attacker wins, the target is destroyed.",
                     "Attack 3 against defence 2: the attacker wins, the target is destroyed."]
    assert "Player 2 chooses the target: the AstroShip." in text
    assert "Player 1 uses Time Warp and rolls again instead of 1 (attack)." in text
    assert "Fate 5-1 Rocky surface with resources." in text
    assert {
        "Player 1 takes one Purple nut from the AstroBank.",
        "Player 1 takes one Red nut from the AstroBank.",
    } <= set(text)
    after_attacks = [s for s in turn if s.action.startswith("attack")]
    assert [_actions_left(s) for s in after_attacks] == [5, 4, 3, 2]
    landing = next(s for s in turn if s.action == "move nw-n-lane nw-n-small")
    assert _actions_left(landing) == 1
    assert turn[-1].action == "colonise nw-n-small pay red"
    assert "Player 1 founds a colony on Hazelnut for 1 action and Red nut." in turn[-1].events_text["en"]
    state = replay.state
    hazelnut = state.data.index["nw-n-small"]
    assert state.col[hazelnut * 3:hazelnut * 3 + 3] == [1, 0, 0] and state.colonies == [1, 0, 0]
    assert state.occ[hazelnut] == 0 and state.current_player == 1        # B's turn after A's last action
    assert replay.steps[0].events_text["de"] and replay.steps[-1].narrative.de.startswith("Mit der letzten Aktion")


def test_an_example_step_must_roll_every_outcome_it_forces(astro):
    example = next(e for e in astro.examples if e.id == "find-the-nuts")
    steps = list(example.steps)
    steps[1] = ExampleStep(action=steps[1].action, narrative=steps[1].narrative, chance=[{"attack": [3]}])
    with pytest.raises(ExampleError) as caught:
        replay_example(astro, example.model_copy(update={"steps": steps}))
    assert caught.value.step == 2 and "does not roll attack" in caught.value.rule
    steps = list(example.steps)
    steps[0] = ExampleStep(action="declare 6", narrative=steps[0].narrative, chance=[{"actions": [7]}])
    with pytest.raises(ExampleError) as caught:
        replay_example(astro, example.model_copy(update={"steps": steps}))
    assert caught.value.step == 1 and "not a roll of 1 d6" in caught.value.rule
    steps[0] = ExampleStep(action="declare 6", narrative=steps[0].narrative, chance=[{"fate-1": [6]}])
    with pytest.raises(ExampleError) as caught:
        replay_example(astro, example.model_copy(update={"steps": steps}))
    assert "the game draws 'actions' here" in caught.value.rule


def test_a_chance_item_names_one_outcome():
    with pytest.raises(ValueError):
        ExampleStep(action="end", narrative={"de": "x", "en": "x"}, chance=[{"attack": [1], "defence": [2]}])
