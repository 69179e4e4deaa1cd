"""engine_kit's `redeal`: hidden cards dealt anew keep every pile's size, and with `sort` depend on the RNG only."""

from __future__ import annotations

import random
from collections import Counter

from generator.rules.engine_kit.hidden import redeal
from generator.rules.escape_earth import new_game


def test_a_sorted_redeal_does_not_depend_on_the_hidden_order() -> None:
    piles = [["c", "a", "e"], ["d", "b"]]
    shuffled = [["e", "d", "b"], ["a", "c"]]   # the same cards in other places
    dealt = redeal(random.Random(5), piles, sort=True)
    assert dealt == redeal(random.Random(5), shuffled, sort=True)
    assert [len(p) for p in dealt] == [3, 2]
    assert Counter(card for pile in dealt for card in pile) == Counter("abcde")


def test_an_unsorted_redeal_shuffles_the_piles_as_they_lie() -> None:
    piles = [["c", "a", "e"], ["d", "b"]]
    pool = ["c", "a", "e", "d", "b"]
    random.Random(5).shuffle(pool)
    assert redeal(random.Random(5), piles) == [pool[:3], pool[3:]]


def test_escape_earth_samples_the_same_table_whatever_the_face_down_order(content) -> None:
    state = new_game(content, 4)
    other = state.clone()
    face_down = other.track[other.revealed:-1]
    other._lay(other.track[:other.revealed] + face_down[::-1] + [other.track[-1]])
    other.event_deck.reverse()
    assert other.key() != state.key()
    assert state.resample_hidden(0, random.Random(3)).key() == other.resample_hidden(0, random.Random(3)).key()
