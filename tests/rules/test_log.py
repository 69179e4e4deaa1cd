"""Saved games: the file format, and replay naming the first entry that fails."""

from __future__ import annotations

import json
import random

import pytest

from generator.rules.escape_earth import new_game
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text
from generator.rules.policies import RandomPolicy


def saved(content, seed: int = 8, variant: str = "expert") -> tuple[str, object]:
    state = new_game(content, seed, {"variant": variant}, log=True)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(RandomPolicy().choose(state, rng))
    return dump_lines(header_of(state, state.game.options, "random"), state.log), state


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def join(rows: list[dict]) -> str:
    return "\n".join(json.dumps(r, sort_keys=True, separators=(",", ":")) for r in rows) + "\n"


def test_a_saved_game_replays_to_the_same_state(content):
    text, state = saved(content)
    head = lines(text)[0]
    assert head["engine"] == "escape-earth" and head["seed"] == 8 and head["options"]["variant"] == "expert"
    assert head["chance"] == "seed"
    assert len(head["content_hash"]) == 16
    result = replay_text(text, content)
    assert result.final_hash == state.state_hash()
    assert result.decisions == sum(1 for r in lines(text) if r.get("kind") == "decision")


def test_saving_is_deterministic(content):
    assert saved(content)[0] == saved(content)[0]


def test_an_illegal_decision_is_named_by_its_line(content):
    rows = lines(saved(content)[0])
    index = next(i for i, r in enumerate(rows) if r.get("kind") == "decision")
    rows[index]["action"] = "build starbase pay nothing"
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1
    assert "illegal decision" in info.value.message


def test_a_refused_but_well_written_decision_gives_the_rule(content):
    rows = lines(saved(content)[0])
    index = next(i for i, r in enumerate(rows) if r.get("kind") == "decision")
    rows[index]["action"] = "improve nothing"
    with pytest.raises(ReplayError, match="activity cards"):
        replay_text(join(rows), content)


def test_an_impossible_chance_outcome_is_named(content):
    rows = lines(saved(content)[0])
    index = next(i for i, r in enumerate(rows) if r.get("what") == "time")
    rows[index]["outcome"] = ["aliens"] * 6
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1 and "not a possible order" in info.value.message


def test_a_possible_but_forged_shuffle_of_a_seeded_game_is_named_by_its_line(content):
    rows = lines(saved(content)[0])
    index = next(i for i, r in enumerate(rows) if r.get("what") == "events")
    rows[index]["outcome"] = list(reversed(rows[index]["outcome"]))
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1 and "is not what seed 8 gives for 'events'" in info.value.message


def test_a_header_that_lost_its_chance_field_is_still_checked_against_its_seed(content):
    rows = lines(saved(content)[0])
    del rows[0]["chance"]
    index = next(i for i, r in enumerate(rows) if r.get("what") == "events")
    rows[index]["outcome"] = list(reversed(rows[index]["outcome"]))
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1 and "is not what seed 8 gives for 'events'" in info.value.message


def test_a_header_that_lost_its_chance_field_replays_seeded_when_nothing_was_edited(content):
    text, state = saved(content)
    rows = lines(text)
    del rows[0]["chance"]
    result = replay_text(join(rows), content)
    assert result.final_hash == state.state_hash() and result.chance == "seed"


def test_a_file_without_a_seed_replays_its_recorded_chance_and_says_so(content):
    text, state = saved(content)
    rows = lines(text)
    del rows[0]["seed"], rows[0]["chance"]
    result = replay_text(join(rows), content)
    assert result.final_hash == state.state_hash() and result.chance == "recorded"


def test_a_file_without_a_seed_still_refuses_an_impossible_outcome(content):
    rows = lines(saved(content)[0])
    del rows[0]["seed"], rows[0]["chance"]
    index = next(i for i, r in enumerate(rows) if r.get("what") == "time")
    rows[index]["outcome"] = ["aliens"] * 6
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1 and "not a possible order" in info.value.message


def test_a_header_that_says_seed_but_names_none_is_refused_on_line_1(content):
    rows = lines(saved(content)[0])
    del rows[0]["seed"]
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == 1 and "names no seed" in info.value.message


def test_an_edited_player_field_is_named(content):
    rows = lines(saved(content)[0])
    index = next(i for i, r in enumerate(rows) if r.get("kind") == "decision" and r["player"] == 2)
    rows[index]["player"] = 1
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1 and "player 2 here, the file 1" in info.value.message


def test_edited_events_are_named(content):
    rows = lines(saved(content)[0])
    index = next(i for i, r in enumerate(rows) if r.get("kind") == "decision" and r["events"])
    rows[index]["events"][0]["player"] = 7
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1 and "event 1 differs" in info.value.message


def test_blank_lines_keep_the_true_line_numbers(content):
    rows = lines(saved(content)[0])
    index = len(rows) // 2
    rows[index]["hash"] = "0" * 16
    text = join(rows[:3]) + "\n\n" + join(rows[3:])
    with pytest.raises(ReplayError) as info:
        replay_text(text, content)
    assert info.value.line == index + 3


def test_a_huge_forged_value_is_cut_in_the_message(content):
    rows = lines(saved(content)[0])
    index = next(i for i, r in enumerate(rows) if r.get("kind") == "decision")
    rows[index]["action"] = "x" * 100_000
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert len(info.value.message) < 2000


@pytest.mark.parametrize("seed", ["1e400", "-5", "true", "\"7\""])
def test_a_seed_that_is_no_whole_number_is_refused_on_line_1(content, seed):
    text = saved(content)[0]
    head, rest = text.split("\n", 1)
    head = head.replace('"seed":8', f'"seed":{seed}')
    with pytest.raises(ReplayError) as info:
        replay_text(head + "\n" + rest, content)
    assert info.value.line == 1 and "seed" in info.value.message


def test_a_changed_state_hash_is_named(content):
    rows = lines(saved(content)[0])
    index = len(rows) // 2
    rows[index]["hash"] = "0" * 16
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == index + 1


def test_a_game_played_with_other_numbers_is_refused(content):
    rows = lines(saved(content)[0])
    rows[0]["content_hash"] = "feedfacefeedface"
    with pytest.raises(ReplayError) as info:
        replay_text(join(rows), content)
    assert info.value.line == 1 and "other rules content" in info.value.message


def test_a_truncated_file_is_refused(content):
    rows = lines(saved(content)[0])
    cut = next(i for i, r in enumerate(rows) if i > 5 and r.get("kind") == "decision"
               and rows[i + 1].get("kind") == "auto")
    with pytest.raises(ReplayError, match="file ends"):
        replay_text(join(rows[:cut + 1]), content)
