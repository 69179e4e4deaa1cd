"""Every example turn of the content replays legally; a broken one names example, step and rule."""

from __future__ import annotations

import pytest

from generator.content.schema import Example
from generator.rules.examples import ExampleError, replay_example, summarize


def test_every_example_replays(content):
    assert len(content.examples) >= 3
    for example in content.examples:
        replay = replay_example(content, example)
        assert len(replay.steps) == len(example.steps)
        for step in replay.steps:
            assert step.action_text["de"] and step.action_text["en"]
            assert step.events_text["de"] and len(step.events_text["de"]) == len(step.events_text["en"])
            assert step.before["en"] != step.after["en"]


def test_the_three_examples_show_a_first_turn_a_fight_and_a_loss(content):
    by_id = {e.id: replay_example(content, e) for e in content.examples}
    first = by_id["first-turn"]
    assert any("Time card" in t for t in first.setup_events_text["en"])
    assert any("Outpost" in t for t in first.steps[-1].events_text["en"])
    fight = by_id["fighting-an-event"]
    assert any("fought as an action" in t for step in fight.steps for t in step.events_text["en"])
    loss = by_id["chaos"]
    assert loss.outcome_text and "chaos" in loss.outcome_text["en"]


def test_summary_rows_show_the_table(content):
    replay = replay_example(content, next(e for e in content.examples if e.id == "first-turn"))
    rows = dict(replay.steps[-1].after["en"])
    assert rows["Galaxy"].startswith("1 Earth") and rows["Galaxy"].endswith(" · 6–16 face down")
    assert "Outpost" in rows["Buildings and cubes"]
    assert dict(summarize(replay.state, "de"))["Aliens"] == "Karte 15"


def test_an_illegal_step_names_example_step_and_rule(content):
    good = next(e for e in content.examples if e.id == "first-turn")
    data = good.model_dump()
    data["steps"][1]["action"] = "build starbase"
    with pytest.raises(ExampleError) as info:
        replay_example(content, Example(**data))
    assert str(info.value).startswith("example 'first-turn' step 2: ")
    assert "build points" in info.value.rule


def test_a_step_after_the_end_is_refused(content):
    loss = next(e for e in content.examples if e.id == "chaos")
    data = loss.model_dump()
    data["steps"].append(data["steps"][-1])
    with pytest.raises(ExampleError, match="step 5: the game is already over"):
        replay_example(content, Example(**data))


def test_mapping_actions_read_like_strings(content):
    good = next(e for e in content.examples if e.id == "first-turn")
    data = good.model_dump()
    data["steps"][0]["action"] = {"move": "military 3"}
    assert replay_example(content, Example(**data)).steps[0].action == "move military 3"
