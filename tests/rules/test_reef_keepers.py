"""Reef Keepers' own rules, as the worked example of docs/engines.md plays them.

The generic engine tests cover the contract; these pin the game's rules: the tide limits what
may be played, effects run from the card data, a rival's random discard is recorded chance, an
empty deck reshuffles the discard pile, reef sets and the tie-break decide the ranks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.presentation import format_action
from generator.rules.registry import make_game

PLUGIN = Path(__file__).resolve().parents[2] / "tests" / "content" / "plugin"


@pytest.fixture(scope="module")
def content():
    errors = ErrorList()
    loaded = load_checked(PLUGIN, ["reef-keepers"], errors)
    assert not errors
    return loaded[0]


@pytest.fixture
def table(content):
    """A fresh game from seed 3 whose hands, tide and piles a test sets by hand."""

    def make(hands=None, tide=None, deck=None, discard=None, variant="standard", log=False):
        state = make_game(content, {"variant": variant}).new_initial_state(3, log=log)
        if hands is not None:
            every = state.hands[0] + state.hands[1] + state.deck
            for card in hands[0] + hands[1]:
                every.remove(card)
            state.hands = [sorted(hands[0]), sorted(hands[1])]
            state.deck = every
        if deck is not None:
            state.deck = list(deck)
        if discard is not None:
            state.discard = list(discard)
        if tide is not None:
            state.tide = tide
        state._legal = None
        state._events.clear()
        return state

    return make


def sentences(state):
    return [state.game.presentation.render_event(ev, "en") for ev in state.events]


def test_only_creatures_no_deeper_than_the_tide_may_be_played(table):
    state = table(hands=[["clownfish", "dolphin", "blue-whale"], ["sea-otter", "kelp-crab", "parrotfish"]], tide=3)
    written = [format_action(state, a) for a in state.legal_actions()]
    assert sorted(written) == ["play clownfish", "play dolphin", "release blue-whale", "release clownfish",
                               "release dolphin"]
    refusal = state.explain(("play", "blue-whale"))
    assert refusal.rule == "play.too-deep"
    assert refusal.text == {"en": "Blue whale lives at depth 6; the tide shows only 3.",
                            "de": "Blauwal lebt in Tiefe 6; die Gezeit zeigt nur 3."}
    assert state.explain(("play", "manta-ray")).text["en"] == "Manta ray is not in your hand."


def test_effects_run_from_the_card_data(table):
    state = table(hands=[["sardine-shoal", "clownfish", "clownfish"], ["sea-otter", "kelp-crab", "parrotfish"]],
                  tide=3)
    top = state.deck[0]
    state.apply(("play", "sardine-shoal"))
    assert state.effect_pearls[0] == 1 and state.card_pearls[0] == 0
    assert top in state.hands[0]
    assert sentences(state)[:3] == ["Player 1 plays Sardine shoal into their reef: 0 pearl(s).",
                                    f"Player 1 draws {state.game.creatures[top].names['en']}.",
                                    "Sardine shoal brings player 1 1 more pearl(s)."]
    state = table(hands=[["sea-anemone", "clownfish", "clownfish"], ["sea-otter", "kelp-crab", "parrotfish"]], tide=1)
    state.reefs[0] = ["parrotfish", "sea-turtle"]
    state.card_pearls[0] = 4
    state.apply(("play", "sea-anemone"))      # +1 per coral creature: the parrotfish and itself
    assert state.effect_pearls[0] == 2


def test_a_rivals_random_discard_is_recorded_chance_and_shown_face_up(table):
    state = table(hands=[["hammerhead", "clownfish", "clownfish"], ["sea-otter", "kelp-crab", "parrotfish"]], tide=4,
                  log=True)
    state.apply(("play", "hammerhead"))
    picks = [e for e in state.log if e["kind"] == "chance" and e["what"] == "rival-discard"]
    assert len(picks) == 1
    gone = picks[0]["outcome"]
    assert gone in ("sea-otter", "kelp-crab", "parrotfish") and state.discard == [gone]
    assert f"Player 2 discards {state.game.creatures[gone].names['en']} at random." in sentences(state)


def test_the_drawn_card_is_seen_only_by_its_player(table):
    state = table(hands=[["sea-otter", "clownfish", "clownfish"], ["kelp-crab", "parrotfish", "sea-turtle"]], tide=1)
    state.apply(("play", "sea-otter"))
    drew = next(ev for ev in state.events if ev.kind == "drew")
    name = state.game.creatures[drew.get("card")].names["en"]
    assert state.game.presentation.render_event(drew, "en", viewer=0) == f"Player 1 draws {name}."     # seats from 0
    assert state.game.presentation.render_event(drew, "en", viewer=1) == "Player 1 draws ?."
    seen = state.observation(1)
    assert seen["player"] == 1 and seen["hand"] == state.hands[1] and seen["hand_sizes"] == [3, 3]
    assert seen["deck"] == len(state.deck) and "sea-otter" not in str(seen["hand"])


def test_an_empty_deck_is_the_discard_pile_shuffled(table):
    state = table(deck=[], discard=["clownfish", "dolphin"], log=True)
    assert state.draw_card(0)
    assert sentences(state)[0] == "The deck is empty: the discard pile is shuffled into a new deck of 2 cards."
    assert state.discard == [] and len(state.deck) == 1
    assert state.log[-1]["kind"] == "chance" and sorted(state.log[-1]["outcome"]) == ["clownfish", "dolphin"]
    state = table(deck=[], discard=[])
    assert not state.draw_card(0)
    assert sentences(state) == ["Deck and discard pile are empty: player 1 draws nothing."]


def test_a_player_passes_only_with_an_empty_hand(table):
    state = table()
    state.hands[0] = []
    state._legal = None
    assert state.legal_actions() == [("pass",)]
    state.apply(("pass",))
    assert "Player 1 holds no card and passes." in sentences(state)
    assert state.explain(("pass",)).text["en"].startswith("You hold 3 cards:")


def test_the_last_round_scores_reef_sets_and_ranks_with_the_tie_break(table):
    state = table(variant="short")
    state.round, state.player = 4, 1
    state.reefs = [["clownfish", "sea-otter", "sea-turtle"], ["blue-whale", "parrotfish"]]
    state.card_pearls = [4, 7]
    state.effect_pearls = [0, 0]
    state.hands[1] = ["clownfish"]
    state.tide = 1
    state._legal = None
    state.apply(("release", "clownfish"))
    outcome = state.outcome()
    assert outcome is not None and outcome.cause == "rounds-over"
    first, second = outcome.results
    assert (first.score, first.breakdown) == (7.0, (("cards", 4.0), ("effects", 0.0), ("sets", 3.0)))
    assert (second.score, second.rank, second.won) == (7.0, 2, False)   # tied on pearls, smaller reef
    assert (first.rank, first.won) == (1, True)
    assert "Player 1 has 1 complete reef set(s): 3 pearl(s)." in sentences(state)


def test_the_short_variant_reads_its_rounds_from_game_yaml(content):
    for variant, turns in (("standard", 12), ("short", 8)):
        state = make_game(content, {"variant": variant}).new_initial_state(1)
        while not state.is_terminal:
            state.apply(state.legal_actions()[-1])
        assert state.turn == turns
