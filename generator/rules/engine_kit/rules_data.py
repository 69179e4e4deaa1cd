"""Pieces every engine's reading of its content (`data.py`) needs: effects as plain tuples, and
the hash of what the referee reads.

An engine reads its content once into frozen rules data (`ContentGame.rules_data`): effects as
(operation, sorted arguments) tuples, cheap to compare and to execute; and a hash of only the
parts that change a move (numbers, effects, maps; not prose), which saved games carry, so a
rules page can be edited without making every saved game stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from generator.content.schema import Effect

EffectArgs = tuple[tuple[str, object], ...]
EffectStep = tuple[str, EffectArgs]  # (operation, sorted arguments)
Effects = tuple[EffectStep, ...]


def effect_steps(effects: Iterable[Effect | dict[str, Any]] | None) -> Effects:
    """Effects as (op, sorted args); a field of type `effects` holds them as plain mappings (absent: none)."""
    parsed = [Effect.model_validate(e) if isinstance(e, dict) else e for e in effects or ()]
    return tuple((e.op, tuple(sorted(e.args.items()))) for e in parsed)


def rules_digest(payload: Any, ensure_ascii: bool = False) -> str:
    """16 hex digits of the SHA-256 of `payload` as canonical JSON (keys sorted, other values as str)."""
    text = json.dumps(payload, sort_keys=True, ensure_ascii=ensure_ascii, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
