"""`pnp play` with a person at one seat, as they run it: decisions read from standard input.

Each test runs the command line (in the test's process, tests.cli_in_process) and feeds it lines: a legal decision is
played, an illegal one is refused with the engine's reason and the rules section (number and the site's
anchor), the end of input stops the game with exit 4, and `--format json` stays one object a line.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from generator.commands.play import STOPPED_EXIT
from generator.rules.presentation import parse_action
from tests.cli_in_process import run_pnp

REPO = Path(__file__).resolve().parents[2]


def pnp(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_pnp(*args, cwd=REPO, stdin=stdin)


def test_a_legal_decision_is_played_and_the_game_saved_replays(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    run = pnp("play", "escape-earth", "--seed", "3", "--policy", "you,greedy", "--save", str(saved),
              stdin="improve material\n")
    assert run.returncode == STOPPED_EXIT, run.stderr
    out = run.stdout
    assert "Player 1 decides (turn 1). The table as you see it:" in out
    assert "    1  improve material   Player 1 improves the Resources card." in out
    assert "  > improve material\n  Player 1 improves Resources to position 2" in out
    assert out.count("Legal actions:") == 2  # asked again for the second action of the turn
    replayed = pnp("replay", str(saved), "--format", "json")
    assert replayed.returncode == 0, replayed.stdout
    assert json.loads(replayed.stdout)["decisions"] == 1


def test_a_decision_by_its_number_and_the_list_shown_again():
    run = pnp("play", "escape-earth", "--seed", "3", "--policy", "you,greedy", stdin="?\n\n99\n2\n")
    out = run.stdout
    assert out.count("Legal actions:") == 4  # first, after "?", after the empty line, after the decision
    assert "There is no action 99: choose 1–5." in out
    assert "  > improve build" in out


@pytest.mark.parametrize("game, policy, lines, reason, see", [
    ("escape-earth", "you,greedy", ["improve nonsense"], "Improving names one of your activity cards.",
     "see 4.1 Improve an activity card: rules/actions.html#rule-4-1"),
    ("escape-earth", "you,greedy", ["move military 5"], "it is active only at position 2, 3, 4.",
     "see 2.5 Activity cards: rules/setup.html#rule-2-5"),
    ("astronuts", "you,random,random,random", ["1"] * 14 + ["build"], "the new one has no room.",
     "see 3.3 Actions: rules/turn.html#rule-3-3"),
    ("habitable", "you,random,random,random", ["play mond"], "Moon is not in your hand.",
     "see 4.1 Action cards: rules/card-kinds.html#rule-4-1"),
    ("terraforming-mars", "you,random,random", ["buy arbeitersiedlung"],
     "Worker settlement is not one of your research cards.",
     "see 3.2 Research (from the 2nd generation): rules/generation.html#rule-3-2"),
])
def test_an_illegal_decision_is_refused_with_the_rules_section_and_asked_again(game, policy, lines, reason, see):
    run = pnp("play", game, "--seed", "3", "--policy", policy, stdin="\n".join(lines) + "\n")
    assert run.returncode == STOPPED_EXIT, run.stderr
    refused = next(line for line in run.stdout.splitlines() if line.startswith("Refused: "))
    assert reason in refused and refused.endswith(f"({see})"), refused
    after = run.stdout.split(refused, 1)[1]
    assert after.lstrip("\n").startswith("player 1>")  # asked again, nothing played


def test_a_refusal_in_german_names_the_section_in_german():
    run = pnp("play", "escape-earth", "--seed", "3", "--policy", "you,greedy", "--lang", "de",
              stdin="improve nonsense\n")
    refused = next(line for line in run.stdout.splitlines() if line.startswith("Nicht erlaubt: "))
    assert refused.endswith("(siehe 4.1 Aktivitätskarte verbessern: rules/actions.html#rule-4-1)"), refused


def test_the_end_of_input_stops_the_game_with_exit_4():
    run = pnp("play", "escape-earth", "--seed", "3", "--policy", "you,greedy", stdin="")
    assert run.returncode == STOPPED_EXIT
    assert run.stdout.rstrip().endswith("player 1> \nNot finished.")
    assert "input ended before the game did: stopped unfinished at turn 1 (exit 4)" in run.stderr


def test_a_game_that_ends_before_the_input_exits_0():
    run = pnp("play", "escape-earth", "--seed", "3", "--policy", "you,greedy", "--turns", "1", stdin="1\n" * 50)
    assert run.returncode == 0, run.stderr
    assert "Turn 2" in run.stdout and "input ended" not in run.stderr


def test_json_mode_gives_one_object_a_line_the_refusal_too():
    run = pnp("play", "escape-earth", "--seed", "3", "--policy", "you,greedy", "--format", "json",
              stdin="improve nonsense\n1\n")
    assert run.returncode == STOPPED_EXIT, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    kinds = [row["kind"] for row in rows]
    assert kinds.count("ask") == 2 and kinds[-2:] == ["end", "result"]   # unfinished: "Not finished." ends it
    ask = rows[kinds.index("ask")]
    assert (ask["seat"], ask["player"]) == (0, "Player 1") and ask["actions"][0] == {
        "number": 1, "action": "improve material", "text": "Player 1 improves the Resources card."}
    assert ["Turn", "1 – player 1 to play, 2 actions left"] in ask["table"]
    refused = rows[kinds.index("refused")]
    assert refused["rule"] == "improve.form" and refused["action"] == "improve nonsense"
    assert refused["section"]["number"] == "4.1" and refused["section"]["address"] == "rules/actions.html#rule-4-1"
    assert refused["message"].endswith("(see 4.1 Improve an activity card: rules/actions.html#rule-4-1)")
    assert {"kind": "decision", "text": "> improve material"} in rows
    assert rows[-1]["stopped"] is True and rows[-1]["finished"] is False


def test_a_person_sees_their_own_hand_and_the_others_face_down():
    run = pnp("play", "habitable", "--seed", "3", "--policy", "you,random,random,random", stdin="")
    assert "  Hand of player 1: Outgassing, Core dynamo, Moon, Planet search, Protoplanetary disc" in run.stdout
    assert "  Hand of player 2: 5 (face down)" in run.stdout


def test_you_plays_only_in_play_and_seat_lists_must_fit():
    simulated = pnp("simulate", "escape-earth", "--games", "1", "--policy", "you")
    assert simulated.returncode == 2 and "plays only in `pnp play`" in simulated.stderr
    misfit = pnp("play", "escape-earth", "--seed", "1", "--policy", "you,greedy,greedy")
    assert misfit.returncode == 2 and "names 3 seats but the game seats 2" in misfit.stderr


def test_the_help_and_readme_list_exit_4():
    helped = pnp("play", "--help")
    assert "4 your input ended" in " ".join(helped.stdout.split())
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert "`4` `pnp play` with you at a seat: your input ended" in readme


@pytest.mark.parametrize("game, written", [("escape-earth", "improve nonsense"), ("escape-earth", "move military 5"),
                                           ("escape-earth", "move food 3"), ("habitable", "play mond"),
                                           ("terraforming-mars", "buy arbeitersiedlung"), ("astronuts", "fly away")])
def test_play_refuses_with_the_rule_replay_would_name(game, written):
    from generator.commands.loading import engine_game, load_engine_game
    from generator.commands.person import refusal_of
    from generator.rules.core import RuleError

    content = load_engine_game(REPO / "content", game)
    state = engine_game(content).new_initial_state(3)
    action, refusal = refusal_of(state, written, content, "en")
    assert action is None and refusal is not None
    with pytest.raises(RuleError) as replayed:  # what `pnp replay` does with a decision of a saved game
        state.clone().apply(parse_action(state, written))
    assert refusal.rule == replayed.value.rule and refusal.text == replayed.value.text["en"]


def test_a_person_sees_their_own_research_cards_by_name_and_no_one_elses():
    from generator.commands.loading import engine_game, load_engine_game

    content = load_engine_game(REPO / "content", "terraforming-mars")
    game = engine_game(content)
    state = game.new_initial_state(3)
    mine = dict(game.presentation.summary_for(state, "en", 0))                # seat 0: player 1
    assert mine["Hand of player 1"] == "none" and "Nitrogen fixers" in mine["Research cards of player 1"]
    assert not any(label.endswith("player 2") and label.startswith(("Hand", "Research")) for label in mine)
    public = {k: v for k, v in mine.items() if not k.startswith(("Hand", "Research"))}
    assert dict(game.presentation.summary(state, "en")) == public


def test_you_at_every_seat_asks_each_player_in_turn():
    run = pnp("play", "escape-earth", "--seed", "3", "--policy", "you", "--turns", "2", stdin="1\n" * 40)
    assert run.returncode == 0, run.stderr
    asked = [line for line in run.stdout.splitlines() if " decides (turn " in line]
    assert [line.split(" decides")[0] for line in asked] == ["Player 1", "Player 1", "Player 2", "Player 2"]
