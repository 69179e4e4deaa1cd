"""Table entries' effects are checked against the game's operations; example steps' forced dice are validated."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.checking import load_checked
from generator.content.errors import ErrorList

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "astronuts", root / "astronuts")
    return root


def test_a_fate_entry_naming_an_unknown_operation_or_parameter_is_reported_at_its_line(tmp_path):
    root = _copy(tmp_path)
    fate = root / "astronuts" / "tables" / "fate.yaml"
    text = fate.read_text(encoding="utf-8")
    text = text.replace("effects: [{op: extra_actions, actions: 3}]", "effects: [{op: extra_action, actions: 3}]")
    text = text.replace("effects: [{op: natives, at_least: 3}]", "effects: [{op: natives, at_least: 9}]")
    fate.write_text(text, encoding="utf-8")
    errors = ErrorList()
    load_checked(root, ["astronuts"], errors)
    messages = sorted(e.message for e in errors)
    assert messages == ["operation 'natives', parameter 'at_least': 9 is above the maximum 6",
                        "unknown effect operation 'extra_action' in table 'fate' roll '6-2'"]
    lines = text.splitlines()
    wanted = next(i for i, line in enumerate(lines, 1) if "extra_action," in line)
    assert any(e.mark.file.endswith("fate.yaml") and e.mark.line == wanted for e in errors)


def test_an_example_chance_item_with_two_outcomes_is_refused(tmp_path):
    root = _copy(tmp_path)
    example = root / "astronuts" / "examples" / "find-the-nuts.yaml"
    text = example.read_text(encoding="utf-8").replace("chance: [{actions: [6]}]",
                                                       "chance: [{actions: [6], attack: [2]}]", 1)
    example.write_text(text, encoding="utf-8")
    errors = ErrorList()
    load_checked(root, ["astronuts"], errors)
    assert any("names one outcome" in e.message for e in errors), errors.as_text()


def test_an_example_whose_forced_dice_the_step_does_not_roll_fails_pnp_check(tmp_path):
    from generator.rules.examples import replay_examples

    root = _copy(tmp_path)
    example = root / "astronuts" / "examples" / "find-the-nuts.yaml"
    text = example.read_text(encoding="utf-8").replace(
        '  - action: "move nw-home nw-w-lane"\n', '  - action: "move nw-home nw-w-lane"\n    chance: [{attack: [1]}]\n'
    )
    example.write_text(text, encoding="utf-8")
    errors = ErrorList()
    content = load_checked(root, ["astronuts"], errors)[0]
    replay_examples(content, errors)
    assert [e.message for e in errors] == [
        "example 'find-the-nuts' step 2 (`move nw-home nw-w-lane`) is refused by the engine: chance: the step does not "
        "roll attack; list only the outcomes it draws"]
