"""Write the golden playthroughs: `python -m tests.rules.make_golden` after an intended change.

Each golden game is a saved game (.jsonl, replayed by the tests) and its printed turns (.txt),
so a change of content or engine that alters play shows up as a readable diff.
"""

from __future__ import annotations

from pathlib import Path

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.log import dump_lines, header_of
from generator.rules.registry import make_game
from generator.rules.transcript import play_transcript

HERE = Path(__file__).resolve().parent / "golden"
CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = [  # name, seed, policy, options, language
    ("greedy-beginner-frontier-won", 24, "greedy",
     {"variant": "beginner", "outposts": "frontier", "free-cubes": "anywhere", "anomaly": "blocks-all"}, "en"),
    ("greedy-beginner-4", 4, "greedy", {"variant": "beginner"}, "en"),
    ("greedy-expert-9", 9, "greedy", {"variant": "expert"}, "de"),
    ("random-expert-21", 21, "random", {"variant": "expert"}, "en"),
]


def golden(content, name: str, seed: int, policy: str, options: dict, lang: str) -> tuple[str, str]:
    game = make_game(content, options)
    played = play_transcript(game, seed, policy, lang, log=True)
    saved = dump_lines(header_of(played.state, game.options, policy), played.state.log or [])
    return played.text, saved


def main() -> None:
    errors = ErrorList()
    content = load_checked(CONTENT, ["escape-earth"], errors)[0]
    HERE.mkdir(exist_ok=True)
    for name, seed, policy, options, lang in GAMES:
        text, saved = golden(content, name, seed, policy, options, lang)
        (HERE / f"{name}.txt").write_text(text, encoding="utf-8")
        (HERE / f"{name}.jsonl").write_text(saved, encoding="utf-8")
        print(f"wrote {name}: {text.splitlines()[-1]}")


if __name__ == "__main__":
    main()
