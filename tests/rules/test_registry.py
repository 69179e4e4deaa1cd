"""The engine registry: Escape Earth's engine implements exactly the operations game.yaml declares."""

from __future__ import annotations

from generator.content.errors import ErrorList
from generator.content.validate import check_content
from generator.rules import registry
from generator.rules.escape_earth import OPERATIONS


def test_the_engine_is_registered_and_implements_every_declared_operation(content):
    assert content.game.engine == "escape-earth"
    assert registry.ENGINE_MODULES["escape-earth"] == "generator.rules.escape_earth"
    assert set(OPERATIONS) == {op.id for op in content.game.operations}
    assert registry.engine_operations("escape-earth") == set(OPERATIONS)


def test_pnp_check_refuses_an_operation_the_engine_does_not_implement(content, monkeypatch):
    monkeypatch.setattr(registry, "engine_operations", lambda engine: set(OPERATIONS) - {"place_anomaly"})
    errors = ErrorList()
    check_content(content, errors)
    messages = [e.message for e in errors]
    assert messages == ["operation 'place_anomaly' is declared but the 'escape-earth' engine does not implement it"]
