"""The engine registry: engines come from entry points or the game's folder, and must keep the contract."""

from __future__ import annotations

from generator.checking import check_engine
from generator.content.errors import ErrorList
from generator.rules import registry
from generator.rules.escape_earth import OPERATIONS, EscapeEarthGame


def test_the_engine_is_registered_and_implements_every_declared_operation(content):
    assert content.game.engine == "escape-earth"
    assert "escape-earth" in registry.known_engines()
    assert registry.engine_class(content) is EscapeEarthGame
    assert set(OPERATIONS) == {op.id for op in content.game.operations}
    assert registry.engine_operations(content) == set(OPERATIONS)


def test_pnp_check_refuses_an_operation_the_engine_does_not_implement(content, monkeypatch):
    monkeypatch.setattr(EscapeEarthGame, "operations", frozenset(OPERATIONS) - {"place_anomaly"})
    errors = ErrorList()
    check_engine(content, errors)
    messages = [e.message for e in errors]
    assert messages == ["operation 'place_anomaly' is declared but the 'escape-earth' engine does not implement it"]


def test_pnp_check_names_an_event_without_a_sentence(content, monkeypatch):
    monkeypatch.setattr(EscapeEarthGame, "event_kinds", EscapeEarthGame.event_kinds | {"comet-strike"})
    errors = ErrorList()
    check_engine(content, errors)
    messages = sorted(e.message for e in errors)
    assert messages == ["no 'de' sentence for event 'comet-strike' of the 'escape-earth' engine",
                        "no 'en' sentence for event 'comet-strike' of the 'escape-earth' engine"]
    assert all(e.mark.file.endswith("sentences.yaml") and e.mark.line > 1 for e in errors)


def test_a_class_that_does_not_keep_the_contract_is_described():
    class Half(EscapeEarthGame):
        engine_version = ""

    problems = registry.contract_problems(Half)
    assert problems == ["class attribute `engine_version` is not set"]
    assert registry.contract_problems(object) == ["it is not a subclass of generator.rules.contract.Game"]
