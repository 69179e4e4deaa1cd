"""Temperature is shown to players in degrees, as the summary speaks ("Asteroid: Temperatur +2°"): a card that
raises it one step prints "+2 °C", two steps "+4 °C"; the engine keeps counting steps."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from generator.content.errors import ErrorList
from generator.content.operation_text import effect_sentence
from generator.content.schema import Effect, ParamSpec
from generator.rules.presentation import parse_action
from generator.rulestext.rules_text import render_rules
from tests.terraforming_mars.conftest import give

STEP_WORDING = re.compile(r"Temperatur\w* \+\d+ Stufe|[Tt]emperature \+\d+ step|Temperaturstufe|temperature step|"
                          r"[Tt]emperat\w+ \+1(?! ?°)\b")


def _raising(tm) -> list[tuple[str, int, Effect]]:
    """Every effect that raises the temperature: immediate ones and blue cards' actions (printed alike)."""
    effects = [(card.id, e) for card in tm.cards for e in card.effects or []]
    effects += [(card.id, Effect.model_validate(e)) for card in tm.cards for e in card.fields.get("action_gain") or []]
    return [(card, int(e.args["steps"]), e) for card, e in effects if e.op == "raise_temperature"]


def test_every_card_that_raises_the_temperature_prints_degrees_two_per_step(tm):
    raising = _raising(tm)
    assert {steps for _, steps, _ in raising} == {1, 2}
    for card, steps, effect in raising:
        assert effect_sentence(tm, effect, "de") == f"Temperatur +{2 * steps} °C :temperature:", card
        assert effect_sentence(tm, effect, "en") == f"Temperature +{2 * steps} °C :temperature:", card
    assert any(card == "grosser-einschlag" and steps == 2 for card, steps, _ in raising)
    assert any(card == "methan-archaeen" for card, _, _ in raising)  # a blue card's action


def test_the_engine_still_counts_steps_a_two_step_card_raises_four_degrees(tm, table):
    state = table()
    before = state.temperature
    effect = next(e for card, _, e in _raising(tm) if card == "grosser-einschlag")
    assert int(effect.args["steps"]) == 2
    state.res[0][0] = 100
    give(state, 0, "grosser-einschlag")
    state.apply(parse_action(state, "play grosser-einschlag"))
    while state.pending is not None:  # any follow-up choice (none raises the temperature again)
        state.apply(state.legal_actions()[0])
    assert state.temperature == before + 4


def test_no_printed_text_or_rules_page_speaks_of_temperature_steps(tm):
    texts = [str(board.model_dump(mode="json")) for board in tm.boards]
    texts += [text for lang in ("de", "en") for table in tm.sentences.get(lang, {}).values() for text in table.values()]
    for lang in ("de", "en"):
        errors = ErrorList()
        texts += [page.markdown for page in render_rules(tm, lang, errors)]
        assert not errors, errors.as_text()
    found = [match.group() for text in texts for match in STEP_WORDING.finditer(text)]
    assert found == []


def test_the_card_anatomy_page_gives_the_printed_range(tm):
    pages = {lang: {p.slug: p.markdown for p in render_rules(tm, lang, ErrorList())} for lang in ("de", "en")}
    assert "(printed as 2 to 6)" not in pages["en"]["card-anatomy"]  # parameters: the designer site's (test_two_sites)
    assert "### Temperature +*X* °C" in pages["en"]["card-anatomy"]  # the general form, never the template


def test_a_missed_temperature_requirement_gives_the_leeway_in_degrees(table):
    state = table()
    state.res[0][0] = 100
    card = "sauerstoffbakterien"
    give(state, 0, card)
    explanation = state.explain(parse_action(state, f"play {card}"))
    assert explanation.text["en"] == "Oxygen bacteria needs a temperature of at least -20 °C (your leeway: 0 °C)."
    assert explanation.text["de"].endswith("(dein Spielraum: 0 °C).")


def test_printed_times_applies_to_whole_numbers_only():
    assert ParamSpec(type="int", printed_times=2).printed_times == 2
    with pytest.raises(ValidationError, match="printed_times"):
        ParamSpec(type="resource", printed_times=2)
    with pytest.raises(ValidationError):
        ParamSpec(type="int", printed_times=0)
