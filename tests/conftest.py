"""Fixtures shared across test folders: one whole build of every bundled game per session."""

from __future__ import annotations

import signal

import pytest

# A test run started in the background by a shell ignores Ctrl-C, and every pnp process a test starts
# would inherit that: the tests that stop `pnp serve` or `pnp simulate` with Ctrl-C would wait in vain.
# A handler here is reset to the default in every process the tests start.
signal.signal(signal.SIGINT, signal.default_int_handler)

from tests.site.conftest import Build, shared_build  # noqa: E402 (after the handler, on purpose)


@pytest.fixture(scope="session", autouse=True)
def own_trust_list(tmp_path_factory):
    """Every test (and every pnp it starts) keeps its trust list and cache in folders of its own, never the real ones.

    The repository's own test game with an engine module (tests/content/plugin/reef-keepers) is
    trusted there, as its developer would trust it; a test that copies a game elsewhere trusts the copy.
    """
    from generator.rules import trust
    from tests.site.conftest import REPO

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))  # checked verdicts, bytecode
        trust.grant(REPO / "tests" / "content" / "plugin" / "reef-keepers")
        yield


@pytest.fixture(scope="session")
def built_all(tmp_path_factory) -> Build:
    """Every bundled game built together by `pnp build` (a whole build: only slow tests use it;
    they read it and never change it)."""
    return shared_build(tmp_path_factory, "built-all")


@pytest.fixture(scope="session")
def bundled_contents() -> dict:
    """Every bundled game loaded and checked once, by id; tests that change one copy it first."""
    from generator.checking import load_checked
    from generator.content.errors import ErrorList
    from tests.site.conftest import REPO

    errors = ErrorList()
    games = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())
    loaded = load_checked(REPO / "content", games, errors)
    assert not errors, errors.as_text()
    return {content.id: content for content in loaded}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With PNP_TEST_CPU=FILE, each test's CPU seconds (set-up, call and tear-down; user + sys of the process and
    the children it waited for) are added to FILE as `seconds<TAB>test id` lines: where the suite's CPU goes,
    which on a shared machine the wall-clock `--durations` cannot tell."""
    import os

    path = os.environ.get("PNP_TEST_CPU")
    if not path:
        yield
        return
    import resource

    def used() -> float:
        return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                     resource.getrusage(resource.RUSAGE_CHILDREN)))

    start = used()
    yield
    with open(path, "a", encoding="utf-8") as out:
        out.write(f"{used() - start:.3f}\t{item.nodeid}\n")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """The tests tests/full_suite_only.txt lists are marked slow before `-m` selects (tests/quick.py)."""
    from tests.quick import mark_listed_slow

    narrowed = any("::" in arg for arg in config.args) or bool(config.getoption("keyword"))
    mark_listed_slow(items, narrowed)
