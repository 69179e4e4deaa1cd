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
