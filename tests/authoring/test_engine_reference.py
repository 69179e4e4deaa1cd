"""The engine API reference of docs/engines.md is generated from the code and cannot drift from it.

The test regenerates the page's region and compares it with the file in the repository; it also
fails when a public name of the contract (contract.py, core.py) or a content model an engine reads
has no entry, or an entry, member or attribute has no words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.authoring import engine_reference as ref
from generator.rules import contract, core
from tests.authoring.conftest import REPO

PAGE = REPO / "docs" / "engines.md"


@pytest.fixture(scope="module")
def text() -> str:
    """The reference as the code gives it, made once for the tests that only read it (about 0.7 s of CPU each
    time); the tests that patch the code make their own."""
    return ref.reference_markdown()


def test_the_reference_in_engines_md_is_up_to_date() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert page.count(ref.BEGIN) == 1 and page.count(ref.END) == 1
    assert ref.with_reference(page) == page, \
        "docs/engines.md is out of date: run `python -m generator.authoring.engine_reference docs/engines.md`"


def test_every_public_name_has_an_entry_with_words(text: str) -> None:
    assert ref.problems() == []
    for module in ref.contract_modules():
        for name in ref.public_names(module):
            assert re.search(rf"^#### {re.escape(name)}( \(\w+\))?$", text, re.M), name
    for model in ref.content_models():
        assert re.search(rf"^#### {model.__name__}( \(content\))?$", text, re.M), model.__name__


def test_the_reference_names_what_an_engine_reads(text: str) -> None:
    """The names the narrative of engines.md leans on are all in the reference, with their types."""
    for needle in ("- `_roll(what: str, sides: int = 6, dice: int = 1) -> tuple[int, ...]`",
                   "- `_shuffle(items: list[Any], what: str) -> None`",
                   "- `_pick(what: str, choices: Sequence[Any]) -> Any`",
                   "| `rng` | `Random` |", "| `options` | `dict[str, str]` |", "| `content` | `GameContent` |",
                   "- `evaluate(state: GameState, player: int) -> float`", "- `rank_actions(",
                   "- `rollout_policy() -> Any`", "- `search_settings() -> SearchSettings`", "- `picture(",
                   "- `summary(state: GameState, lang: str)", "#### OptionsError", "#### PlayerResult",
                   "| `breakdown` | `tuple[tuple[str, float], ...]` |", "| `cards` | `list[Card]` |",
                   "| `fields` | `dict[str, Any]` |", "| `settings` | `dict[str, int \\| bool \\| str]` |",
                   "#### Track", "| `end` | `int` |", "#### Sentences", "#### StatePicture",
                   "- `current_player` (property, **required**)"):
        assert needle in text, needle


def test_an_undocumented_public_name_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def helper() -> None:
        pass

    helper.__module__ = contract.__name__
    monkeypatch.setattr(contract, "helper", helper, raising=False)
    assert "generator.rules.contract.helper has no docstring" in ref.problems()


def test_a_method_without_a_docstring_and_a_field_without_words_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def winners(self: core.Outcome) -> tuple[int, ...]:
        return ()

    monkeypatch.setattr(core.Outcome, "winners", property(winners))
    monkeypatch.setattr(core.Outcome, "__doc__", "How a finished game ended.")
    found = ref.problems()
    assert "generator.rules.core.Outcome.winners has no docstring" in found
    assert any(p.startswith("generator.rules.core.Outcome.cause is not described") for p in found)


def test_a_name_left_out_of_the_reference_is_reported() -> None:
    parts = ref.sections()
    parts[0].entries = [e for e in parts[0].entries if e.name != "OptionsError"]
    parts[-1].entries = [e for e in parts[-1].entries if e.name != "Track"]  # the content an engine reads
    found = ref.problems(parts)
    assert "generator.rules.contract.OptionsError has no entry in the engine reference" in found
    assert "generator.content.schema_boards.Track has no entry in the engine reference" in found


def test_every_link_of_the_reference_leads_to_a_heading(text: str) -> None:
    anchors = [re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in re.findall(r"^#+ (.+)$", text, re.M)]
    assert len(anchors) == len(set(anchors)), "two headings share an anchor"
    for target in re.findall(r"\]\(#([^)]+)\)", text):
        assert target in anchors, target


def test_the_module_rewrites_a_page_region_and_asks_for_a_page(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m generator.authoring.engine_reference PAGE` is `sys.exit(main(argv))`: main is called here, in the
    test's process (a fresh Python per call would cost more than the call)."""
    page = tmp_path / "engines.md"
    page.write_text(f"# Engines\n\nintro\n\n{ref.BEGIN}\nstale\n{ref.END}\n\n## After\n", encoding="utf-8")
    assert ref.main([str(page)]) == 0, capsys.readouterr().err
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Engines\n\nintro\n\n") and text.endswith(f"{ref.END}\n\n## After\n")
    assert "stale" not in text and "#### GameState" in text
    assert ref.main([]) == 2 and "usage:" in capsys.readouterr().err
