"""Every refusal: its rule, its sentence in both languages, and that refusals and the legal set agree."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.rules.astronuts.legality import RULE_IDS
from generator.rules.core import RuleError
from generator.rules.presentation import parse_action

from .conftest import C, S, force


def test_pending_decisions_come_first(table):
    state = table(ships={1: ["nw-n-lane"], 2: ["nw-n-small"]}, tech={1: ["yellow"]})
    force(state, ("attack", 2))
    state.apply(("attack", S(state, "nw-n-lane"), S(state, "nw-n-small"), 1))
    assert state.explain(("end",)).rule == "phase.reroll"
    offer = table()
    offer.apply(("trade", 1))
    assert offer.explain(("end",)).rule == "phase.offer"
    assert offer.explain(("accept",)).rule == "phase.offer"


def test_fate_choices_refuse_what_the_gift_does_not_offer(table):
    state = table(ships={1: ["nw-n-lane"]}, colonies={"core": {1: 1}})
    state.bank[C(state, "red")] = 0
    force(state, ("fate-1", 5), ("fate-2", 3))
    state.apply(("move", S(state, "nw-n-lane"), S(state, "nw-n-small")))
    assert state.explain(("end",)).rule == "phase.choose"
    assert "nuts of your choice" in state.explain(("end",)).text["en"]
    assert state.explain(("take", C(state, "red"))).rule == "take.bank"
    assert state.explain(("take",)).rule == "take.bank"  # written without its colour: refused, not a crash
    state.phase, state.choice = "choose", ["swap", 1, None]
    state.hand[C(state, "yellow")] = 0
    state._legal = None
    assert state.explain(("swap", 0, 0)).rule == "swap.same"
    assert state.explain(("swap", C(state, "yellow"), C(state, "purple"))).rule == "swap.give"
    assert state.explain(("swap", C(state, "purple"), C(state, "red"))).rule == "swap.bank"
    state.choice = ["gift-tech", 1, None]
    state.tech[C(state, "orange")] = 1
    state._legal = None
    assert state.explain(("gift-tech", C(state, "orange"))).rule == "gift-tech.owned"
    assert state.explain(("gift-tech", C(state, "red"))).rule == "gift-tech.bank"
    assert state.explain(("gift-tech",)).rule == "gift-tech.bank"
    state.tech[C(state, "orange")] = 0
    state.choice = ["gift-colony", 1, None]
    state._legal = None
    assert state.explain(("gift-colony", S(state, "nw-w-small"))).rule == "gift-colony.where"
    state.choice = ["teleport", 1, None]
    state.fate_ship = (0, 0, S(state, "nw-n-small"))
    state._legal = None
    assert state.explain(("teleport", S(state, "nw-n-small"))).rule == "teleport.where"
    state.choice = ["gift-ship", 1, None]
    state._legal = None
    assert state.explain(("gift-ship", S(state, "nw-w-small"))).rule == "gift-ship.where"
    state.choice = ["genie", 1, 6]
    state._legal = None
    assert state.explain(("genie", "6-6")).rule == "genie.entry"
    assert state.explain(("genie", "1-1")).rule == "genie.entry"


def test_actions_that_need_more_actions_than_are_left_are_refused(table):
    state = table(actions=1, ships={1: ["nw-n-small"]}, nuts={"nw-n-small": ["red"]})
    state.mods[(0, 0)] = {"mine+": 1, "colonise+": 1}
    state._legal = None
    assert state.explain(("mine", S(state, "nw-n-small"), ())).rule == "mine.actions"
    assert state.explain(("colonise", S(state, "nw-n-small"), (0,))).rule == "colonise.actions"


def test_actions_are_read_from_their_notation_and_bad_notation_is_named(table):
    state = table(ships={1: ["nw-n-lane"]})
    assert parse_action(state, "move nw-n-lane nw-rocks") == ("move", S(state, "nw-n-lane"), S(state, "nw-rocks"))
    assert parse_action(state, "colonise core pay red purple") == ("colonise", S(state, "core"), (0, 1))
    for text, rule in (
        ("", "notation.empty"),
        ("fly nw-home", "notation.unknown"),
        ("move nw-n-lane mars", "notation.space"),
        ("tech green", "notation.colour"),
        ("attack nw-n-lane nw-rocks 7", "notation.number"),
    ):
        with pytest.raises(RuleError) as caught:
            parse_action(state, text)
        assert caught.value.rule == rule and caught.value.text["de"] and caught.value.text["en"]
    assert state.explain(("fly",)).rule == "unknown-action"


def test_every_refusal_is_tested_and_has_a_sentence_in_both_languages(astro):
    here = Path(__file__).parent
    source = "".join(p.read_text(encoding="utf-8") for p in here.glob("test_*.py"))
    untested = sorted(rule for rule in RULE_IDS if f'"{rule}"' not in source)
    assert untested == []
    for lang in ("de", "en"):
        refusals = astro.sentences[lang]["refusals"]
        assert set(refusals) >= RULE_IDS, sorted(RULE_IDS - set(refusals))


def _candidates(state) -> set:
    """Well-formed actions around the table: the legal ones and many that are not."""
    d = state.data
    p = state.current_player
    spaces = list(range(len(d.ids)))
    found = set(state.legal_actions())
    ships = [s for s in state.ships[state.player] if s >= 0] + [d.index["core"]]
    pays = [(), (0,), (1,), (2,), (3,), (0, 1), (2, 2)]
    for s in ships:
        for t in d.neighbours[s] + d.jumps[s] + (s,):
            found |= {("move", s, t), ("jump", s, t)} | {("attack", s, t, q) for q in range(state.n)}
            found |= {("pass", s, t, u) for u in d.neighbours[t] + (s, d.index["core"])}
        found |= {("mine", s, pay) for pay in pays} | {("colonise", s, pay) for pay in pays}
    for c in range(4):
        found |= {("tech", c), ("take", c), ("gift-tech", c)} | {("swap", c, r) for r in range(4)} \
            | {("offer", c, r) for r in range(4)} | {("place", s, c) for s in d.planets[:6] + (0,)}
    found |= {("trade", q) for q in range(state.n)} | {("declare", n) for n in range(0, 8)}
    found |= {("gift-colony", s) for s in spaces[:12]} | {("teleport", s) for s in spaces[:12]} \
        | {("gift-ship", s) for s in spaces[:12]} | {("genie", r) for r in ("6-1", "6-6", "1-1")}
    found |= {("end",), ("build",), ("reroll",), ("keep",), ("accept",), ("refuse",), ("done",),
              ("target", "ship"), ("target", "colony"), ("allow-pass",), ("refuse-pass",)}
    assert p >= 0
    return found


@pytest.mark.parametrize("options", [{"players": "2"}, {"players": "4", "asteroids": "on", "astroholes": "on",
                                                          "placement": "random"}])
@pytest.mark.slow
def test_the_refusals_agree_with_the_legal_set(astro, options):
    from generator.rules.registry import make_game

    game = make_game(astro, options)
    for seed in range(3):
        state = game.new_initial_state(seed, quiet=True)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 700:
            legal = set(state.legal_actions())
            if steps % 3 == 0:
                for action in _candidates(state):
                    refused = state._violation(action)
                    assert (refused is None) == (action in legal), (state.phase, action, refused and refused.rule)
            state.apply(sorted(legal)[rng.randrange(len(legal))])
            steps += 1
