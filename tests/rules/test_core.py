"""The referee's contract: determinism, clones, explanations, notation and one rule reading."""

from __future__ import annotations

import random

import pytest

from generator.rules.contract import copy_rng
from generator.rules.core import RuleError
from generator.rules.escape_earth import new_game
from generator.rules.policies import RandomPolicy
from generator.rules.presentation import format_action, parse_action


def play(content, seed: int, variant: str, steps: int, log: bool = False):
    state = new_game(content, seed, {"variant": variant}, log=log)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(RandomPolicy().choose(state, rng))
    return state


def candidates(state) -> set[tuple]:
    """A superset of the legal actions: every action of the right shape on this table."""
    acts: set[tuple] = {("pass",), ("let-happen",)}
    for activity in state.rows[state.player]:
        acts.add(("improve", activity))
        acts.add(("produce", activity))
        for dest in range(state.length):
            acts.add(("move", activity, dest))
    for b in state.data.buildings:
        acts.add(("build", b))
    for pos in range(state.length):
        acts.add(("lose", pos))
        for n in (1, 2, 3):
            acts.add(("push", pos, n))
        for res in state.data.resources:
            for n in (1, 2):
                pay = ((pos, res, n),)
                acts.add(("upgrade", pos, pay))
                acts.add(("fight-now", pay))
                for card in state.data.events:
                    acts.add(("fight", card, pay))
    for card in state.data.events:
        for pay in state.payments(state.fight_cost(card) or {"food": 1}):
            acts.add(("fight", card, pay))
            acts.add(("fight-now", pay))
    for pos in range(state.revealed):
        if state.building[pos]:
            for pay in state.payments(dict(state.data.buildings[state.building[pos]].upgrade_cost)):
                acts.add(("upgrade", pos, pay))
    return acts


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["beginner", "expert"])
def test_the_legal_set_and_the_refusals_agree_on_every_candidate(content, variant):
    checked = 0
    for seed in range(15):
        state = new_game(content, seed, {"variant": variant})
        rng = random.Random(seed)
        while not state.is_over:
            legal = set(state.legal_actions())
            assert len(legal) == len(state.legal_actions()), "the legal list repeats an action"
            for action in candidates(state) | legal:
                reason = state._violation(action)
                if action in legal:
                    assert reason is None, (action, reason)
                else:
                    assert reason is not None, f"{action} is refused without a reason"
                    assert reason.text["de"] and reason.text["en"]
                checked += 1
            state.apply(RandomPolicy().choose(state, rng))
    assert checked > 10_000


def test_same_seed_and_actions_give_the_same_game_event_for_event(content):
    a = play(content, 11, "expert", 60, log=True)
    b = play(content, 11, "expert", 60, log=True)
    assert a.log == b.log and a.state_hash() == b.state_hash()
    assert [e.as_json() for e in a.events] == [e.as_json() for e in b.events]
    c = play(content, 12, "expert", 60, log=True)
    assert c.log != a.log


def test_the_log_records_every_shuffle_outcome_itself(content):
    state = new_game(content, 4, {"variant": "expert"}, log=True)
    chance = [e for e in state.log if e["kind"] == "chance"]
    assert [e["what"] for e in chance[:5]] == ["galaxy", "activity-row-1", "activity-row-2", "time", "events"]
    assert chance[0]["outcome"][2:5] == state.track[1:4]
    assert chance[4]["outcome"] == state.event_deck
    assert all("hash" in e for e in state.log)


def test_a_clone_equals_its_original_and_then_goes_its_own_way(content):
    state = play(content, 5, "beginner", 20)
    twin = state.clone()
    assert twin == state and twin.state_hash() == state.state_hash()
    action = state.legal_actions()[0]
    twin.apply(action)
    assert twin != state
    state.apply(action)
    assert twin == state


def test_a_clone_draws_what_its_original_would_and_apart_from_it(content):
    state = play(content, 5, "beginner", 20)
    twin = state.clone()
    assert twin.rng is not state.rng and twin.rng.getstate() == state.rng.getstate()
    ahead = [twin.rng.random() for _ in range(5)]
    assert twin.rng.getstate() != state.rng.getstate()      # drawing on the clone leaves the original alone
    assert [state.rng.random() for _ in range(5)] == ahead  # and the original then draws the same numbers


def test_copy_rng_keeps_gauss_and_the_sequence():
    rng = random.Random(7)
    rng.gauss(0, 1)  # leaves a second normal deviate waiting in gauss_next
    copy = copy_rng(rng)
    assert type(copy) is random.Random
    assert [copy.gauss(0, 1), copy.random(), copy.randrange(10**9)] == [
        rng.gauss(0, 1),
        rng.random(),
        rng.randrange(10**9),
    ]


def test_explain_says_why_without_applying(content):
    state = new_game(content, 2, {"variant": "expert"})
    before = state.state_hash()
    legal = state.explain(("pass",))
    assert legal.legal
    refused = state.explain(("move", "food", 15))
    assert not refused.legal and refused.rule.startswith(("move", "activity"))
    assert refused.text["de"] != refused.text["en"]
    assert state.state_hash() == before


def test_an_illegal_action_raises_a_rule_error_naming_the_rule(content):
    state = new_game(content, 2, {"variant": "expert"})
    with pytest.raises(RuleError) as info:
        state.apply(("fight", "hungersnot", ()))
    assert info.value.rule == "fight.inactive"
    assert "active event" in str(info.value)


def test_every_legal_action_is_written_and_read_back_unchanged(content):
    for seed in range(15):
        state = new_game(content, seed, {"variant": "beginner"})
        rng = random.Random(seed)
        while not state.is_over:
            for action in state.legal_actions():
                assert parse_action(state, format_action(state, action)) == action
            state.apply(RandomPolicy().choose(state, rng))


def test_notation_errors_say_what_is_wrong(content):
    state = new_game(content, 2, {"variant": "expert"})
    with pytest.raises(RuleError, match="unknown action"):
        parse_action(state, "fly to mars")
    with pytest.raises(RuleError, match="not a card number"):
        parse_action(state, "move food 40")
    with pytest.raises(RuleError, match="cube source"):
        parse_action(state, "fight hungersnot pay gold@2")


def test_hidden_information_is_left_out_of_a_players_view(content, table):
    from tests.rules.conftest import put

    s = table(events=["hungersnot"])
    put(s, 1, "farm", cubes=1)
    s.apply(("fight", "hungersnot", ((1, "food", 1),)))
    removed = [e for e in s.events if e.kind == "event-removed"][0]
    gone = s.data.events[removed.get("card")].name.en
    assert gone in s.game.presentation.render_event(removed, "en")
    assert gone not in s.game.presentation.render_event(removed, "en", 0)
    assert gone not in s.game.presentation.render_event(removed, "en", 1)
    assert s.game.presentation.render_event(removed, "de", 1).startswith(
        "Das Ereignis wird in den Stapel gemischt; die oberste Karte verlässt das Spiel ungesehen.")


def test_every_event_renders_in_both_languages(content):
    for seed in range(30):
        state = play(content, seed, "expert", 200)
        for ev in state.events:
            de, en = state.game.presentation.render_event(ev, "de"), state.game.presentation.render_event(ev, "en")
            assert de and en and "{" not in de + en and "[" not in de + en, (ev, de, en)


def test_a_reloaded_content_is_read_afresh(content):
    import copy

    from generator.rules.escape_earth.game import rules_data

    first = rules_data(content)
    assert rules_data(content) is first
    other = copy.copy(content)
    assert rules_data(other) is not first
