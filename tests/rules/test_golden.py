"""Golden playthroughs: saved seeded games that must replay, and print the same turns as before.

After an intended change to content or engine, regenerate with `python -m tests.rules.make_golden`
and read the diff of the .txt files: it shows how play changed.
"""

from __future__ import annotations

import difflib

import pytest

from generator.rules.log import replay_text
from tests.rules.make_golden import GAMES, HERE, golden


@pytest.mark.parametrize("name,seed,policy,options,lang", GAMES, ids=[g[0] for g in GAMES])
def test_golden_game_replays_and_prints_the_same_turns(content, name, seed, policy, options, lang):
    saved = (HERE / f"{name}.jsonl").read_text(encoding="utf-8")
    expected = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    result = replay_text(saved, content)
    assert result.state.is_over
    text, again = golden(content, name, seed, policy, options, lang)
    if text != expected:
        diff = "\n".join(difflib.unified_diff(expected.splitlines(), text.splitlines(), f"{name}.txt (golden)",
                                              f"{name}.txt (now)", lineterm="", n=2))
        pytest.fail(f"play changed; if intended, run `python -m tests.rules.make_golden`:\n{diff}")
    assert again == saved
