"""`frozen`: a state's fields as the hashable values its key is made of, as the engines wrote them by hand."""

from __future__ import annotations

from generator.rules.engine_kit.frozen import frozen
from generator.rules.habitable.planets import Planet


def test_lists_become_tuples_at_every_depth_and_tuples_strings_and_none_stay_as_they_are():
    hands = [["a", "b"], [], ["c"]]
    assert frozen(hands) == tuple(map(tuple, hands)) == (("a", "b"), (), ("c",))
    ctx = [0, "card", (1, 2), ((1, 1),), ["x", "y"]]
    assert frozen(ctx) == (0, "card", (1, 2), ((1, 1),), ("x", "y"))
    assert frozen(("pay", 3, ("buy", "card"))) == ("pay", 3, ("buy", "card"))
    assert frozen(None) is None and frozen("word") == "word" and frozen(3) == 3
    hash(frozen([[1, [2, 3]], {"b": [1]}]))


def test_a_dict_is_its_sorted_items_so_the_order_it_was_filled_in_does_not_count():
    assert frozen({"b": 2, "a": 1}) == frozen({"a": 1, "b": 2}) == (("a", 1), ("b", 2))
    assert frozen({"m": {"y": 1, "x": [2]}}) == (("m", (("x", (2,)), ("y", 1))),)


def test_a_piece_with_a_key_method_is_its_key():
    planet = Planet(0, 2)
    planet.temperature = 3
    assert frozen([[planet]]) == ((planet.key(),),)
