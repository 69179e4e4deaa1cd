"""Which rules engines exist and which effect operations each implements.

An engine module registers itself here by name; `pnp check` asks this registry so that an
operation the engine cannot execute is caught before anyone plays.
"""

from __future__ import annotations

import importlib

# engine id -> module that defines OPERATIONS (a set of operation ids) and the game's state class
ENGINE_MODULES: dict[str, str] = {
    "escape-earth": "generator.rules.escape_earth",
}


def known_engines() -> list[str]:
    return sorted(ENGINE_MODULES)


def engine_module(engine_id: str):
    return importlib.import_module(ENGINE_MODULES[engine_id])


def engine_operations(engine_id: str) -> set[str]:
    return set(getattr(engine_module(engine_id), "OPERATIONS", set()))
