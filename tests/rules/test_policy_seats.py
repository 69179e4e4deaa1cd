"""Policy names: one per seat, comma-separated, refused with a reason when a part names no policy."""

from __future__ import annotations

import pytest

from generator.commands.failure import CommandRefused
from generator.commands.loading import check_policy
from generator.content.schema import BalanceRun
from generator.rules.policies import check_policy_name


@pytest.mark.parametrize("name", ["random", "greedy", "expert", "mcts:50", "expert,greedy,greedy,greedy",
                                  "mcts:20,random"])
def test_policy_names_and_seat_lists_are_accepted(name):
    assert check_policy_name(name) == name
    assert check_policy(name) == name
    BalanceRun(id="run", label={"de": "x", "en": "x"}, policy=name, games=10)


@pytest.mark.parametrize("name, says", [("clever", "'clever': choose random, greedy, expert"),
                                        ("expert,,greedy", "'': choose"), ("greedy,mcts:0", "budget")])
def test_a_part_that_names_no_policy_is_refused_with_the_part(name, says):
    with pytest.raises(ValueError, match=says):
        check_policy_name(name)
    with pytest.raises(CommandRefused):
        check_policy(name)


def test_simulate_refuses_a_seat_list_that_does_not_fit_the_table():
    from pathlib import Path

    from generator.commands.simulate import simulate

    content = Path(__file__).resolve().parents[2] / "content"
    with pytest.raises(CommandRefused, match="names 2 seats but the game seats 4"):
        simulate(content, "habitable", 1, "expert,greedy", players=4)


class _Table:
    """Just a legal set, as the random player reads it."""

    def __init__(self, actions: list) -> None:
        self.actions = actions

    def legal_actions(self) -> list:
        return self.actions


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8, 9, 17, 100, 1000])
def test_the_random_player_draws_what_rng_choice_draws(count):
    """Recorded balance figures were played with `rng.choice`: the written-out draw must pick the same."""
    import random

    from generator.rules.policies import RandomPolicy

    actions = list(range(count))
    ours, theirs = random.Random(count), random.Random(count)
    picked = [RandomPolicy().choose(_Table(actions), ours) for _ in range(500)]  # type: ignore[arg-type]
    assert picked == [theirs.choice(actions) for _ in range(500)]
    assert ours.getstate() == theirs.getstate()


def test_the_random_player_refuses_an_empty_legal_set_instead_of_drawing_forever():
    import random

    from generator.rules.policies import RandomPolicy

    with pytest.raises(IndexError):
        RandomPolicy().choose(_Table([]), random.Random(1))  # type: ignore[arg-type]
