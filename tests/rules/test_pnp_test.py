"""`pnp test`: a designer's engine with one planted bug is named, with the seed, turn and action that show it and a
command that repeats it; a sound engine passes, and so do the four bundled games.

Each broken engine is the Reef Keepers engine (tests/content/plugin/reef-keepers/) copied into a
folder of the test's own, changed in one place and trusted, as a designer's own game would be.
Commands run in this process through the CLI's own runner, so the exit codes are the ones a
person sees; the engine's suite runs in a watched forked child as it does for any module engine.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from generator.rules import trust
from tests.cli_in_process import pnp

ROOT = Path(__file__).resolve().parents[2]
REEF = ROOT / "tests" / "content" / "plugin" / "reef-keepers"
ENGINE = Path("content/reef-keepers/engine/rules.py")
REPEAT = re.compile(r"to repeat it: (pnp (?:test|play) reef-keepers [^;\n]*?)(?:\)|;|$)", re.MULTILINE)

NONDETERMINISM = ('        (self.tide,) = self._roll("tide", TIDE_DIE)\n',
                  "        self.tide = random.choice(range(1, TIDE_DIE + 1))\n")
SHARED_CLONE = ("other.reefs = [list(r) for r in self.reefs]", "other.reefs = self.reefs")
FIXED_DATUM = ("        creature = self.game.creatures[card]\n",
               ("        creature = self.game.creatures[card]\n"
               "        self.game.creatures[card] = Creature(creature.id, creature.names, creature.habitat,\n"
               "                                             creature.depth, creature.pearls + 1, creature.effects)\n"))
REFUSAL_CHANGES = ("            if kind == \"play\" and depth > self.tide:\n",
                   ("            if kind == \"play\" and depth > self.tide:\n"
                   "                hand.remove(card)\n"))
ONE_BASED = ('        self._emit("turn", round=self.round, player=self.player)\n',  # people's number, not the seat
             '        self._emit("turn", round=self.round, player=self.player + 1)\n')
UNDECLARED_SEAT = ('        self._emit("turn", round=self.round, player=self.player)\n',
                   '        self._emit("turn", round=self.round, player=self.player, rival=1 - self.player)\n')
UNREAD_SEAT_KEY = ('class ReefKeepersGame(Game):\n',
                   'class ReefKeepersGame(Game):\n    seat_keys = Game.seat_keys | {"rival[first]"}\n')
LEGAL_RAISES = ('        plays = [("play", c) for c in hand if self.game.creatures[c].depth <= self.tide]\n',
                ('        depths = {c: self.game.creatures[c].depth for c in self.reefs[self.player]}\n'
                '        plays = [("play", c) for c in hand if depths[c] <= self.tide]\n'))


@pytest.fixture(autouse=True)
def own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)
    shutil.copytree(REEF, tmp_path / "content" / "reef-keepers")
    trust.grant(Path("content/reef-keepers"))
    return tmp_path


def plant(old: str, new: str) -> int:
    """Change the engine in one place (the designer trusts their changed engine); the first changed line."""
    source = ENGINE.read_text(encoding="utf-8")
    assert source.count(old) == 1, old
    ENGINE.write_text(source.replace(old, new), encoding="utf-8")
    trust.grant(Path("content/reef-keepers"))
    return source[: source.index(old)].count("\n") + 1


def failed_checks(out: str) -> list[str]:
    return re.findall(r"^  ✗ (.+)$", out, re.MULTILINE)


def findings(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.startswith("      ") and "to repeat it:" in line]


def repeat_of(finding: str) -> list[str]:
    found = REPEAT.search(finding)
    assert found, finding
    return shlex.split(found.group(1))[1:]


def test_a_sound_engine_passes_every_check(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = pnp(capsys, monkeypatch, "test", "--games", "6")
    assert code == 0, out + err
    assert out.startswith("✓ reef-keepers: all 9 checks passed (6 games, ")
    assert failed_checks(out) == []


def test_nondeterminism_is_named_with_the_seed_and_the_action_after_which_the_two_plays_part(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plant(*NONDETERMINISM)
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "4")
    assert code == 1, out
    assert "determinism" in failed_checks(out)
    said = next(f for f in findings(out) if "the same seed played twice parts" in f)
    assert "never the random module" in said and "self._roll" in said
    # the tide die is rolled as each turn starts (the first at set-up); two rolls may agree by chance
    assert re.match(r"the same seed played twice parts (at set-up|after this action): the automatic step 'turn-start' "
                    r"differs", said), said
    assert re.search(r"\(seed \d+, turn \d+(, action \"(play|release) [\w-]+\")?\)", said), said
    again = repeat_of(said)
    assert again[:2] == ["test", "reef-keepers"] and "--seed" in again
    code, out, _ = pnp(capsys, monkeypatch, *again)
    assert code == 1 and "the same seed played twice parts" in out, out


def test_a_list_shared_by_clone_is_named(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    plant(*SHARED_CLONE)
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "4")
    assert code == 1, out
    assert failed_checks(out) == ["clone independence"]
    said = findings(out)[0]
    assert said.startswith("clone() shares 'reefs' with the original: playing on from a clone changed the "
                           "original's 'reefs'; copy it in clone() (seed "), said
    code, again, _ = pnp(capsys, monkeypatch, *repeat_of(said))
    assert code == 1 and findings(again)[0] == said


def test_a_move_that_changes_the_games_fixed_data_is_named_with_the_attribute_and_the_move(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plant(*FIXED_DATUM)
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "4")
    assert code == 1, out
    assert "fixed data unchanged by play" in failed_checks(out)
    said = next(f for f in findings(out) if "fixed data" in f)
    assert said.startswith("a move changes the game's fixed data 'Game.creatures': the state must copy what it "
                           "changes"), said
    found = re.search(r"\(seed (\d+), turn (\d+), action \"play ([\w-]+)\"\)", said)
    assert found, said  # the first move that changes it is a play
    again = repeat_of(said)
    assert again == ["play", "reef-keepers", "--seed", found.group(1), "--policy", "random", "--option",
                     "variant=standard", "--turns", found.group(2)]
    code, played, _ = pnp(capsys, monkeypatch, *again)
    assert code == 0 and f"> play {found.group(3)}" in played


def test_a_refusal_that_changes_the_table_is_named_with_what_it_changed(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plant(*REFUSAL_CHANGES)
    code, out, _ = pnp(capsys, monkeypatch, "test")
    assert code == 1, out
    assert failed_checks(out) == ["refusals leave the table as it was"]
    said = findings(out)[0]
    assert said.startswith("refusing an action (play.too-deep, in explain()) changed the table's 'hands': a refusal "
                           "must leave the state untouched (look at _violation"), said
    assert re.search(r"\(seed \d+, turn \d+, action \"play [\w-]+\"\)", said), said
    code, again, _ = pnp(capsys, monkeypatch, *repeat_of(said))
    assert code == 1 and findings(again)[0] == said


def test_an_exception_in_the_legal_move_function_is_named_at_its_line_with_a_play_line_that_repeats_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    line = plant(*LEGAL_RAISES) + 1
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "3")
    assert code == 1, out
    assert "legal-move fuzzing" in failed_checks(out)
    said = next(f for f in findings(out) if f.startswith(f"{ENGINE}:{line}: "))
    assert re.match(rf"{re.escape(str(ENGINE))}:{line}: the engine raises KeyError: '[\w-]+' in _legal_now while it "
                    r"lists the legal actions \(seed \d+, turn 1\)", said), said
    again = repeat_of(said)
    assert again[:2] == ["play", "reef-keepers"] and again[-2:] == ["--turns", "1"]
    code, _, err = pnp(capsys, monkeypatch, *again)
    assert code == 1 and err.startswith(f"{ENGINE}:{line}: error: the game's engine fails: KeyError: "), err


def test_an_engine_that_emits_seats_from_1_is_named_with_the_event_and_a_play_line_that_shows_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The contract's old habit (`player=p + 1`): the last seat comes out one past the end of range(num_players)."""
    plant(*ONE_BASED)
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "4")
    assert code == 1, out
    assert "seats count from 0 in events and action values" in failed_checks(out)
    said = next(f for f in findings(out) if "names player" in f)
    assert said.startswith("the event 'turn' names player 2, one past the last seat of this 2-player game: seats "
                           "count from 0 in the API (player=p, not p + 1); sentences and saved games show them from 1 "
                           "on their own (seed "), said
    found = re.search(r"\(seed (\d+), turn (\d+)(, action \"[^\"]+\")?\)", said)
    assert found, said
    again = repeat_of(said)
    assert again[:2] == ["play", "reef-keepers"] and again[-2:] == ["--turns", found.group(2)]
    code, played, _ = pnp(capsys, monkeypatch, *again)
    assert code == 0 and "player 3's turn" in played, played  # what people would read: a player the game does not seat


def test_a_seat_like_key_the_game_does_not_declare_is_a_note_and_a_key_in_no_readable_form_a_finding(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plant(*UNDECLARED_SEAT)
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "3", "--format", "json")
    assert code == 0, out
    [game] = json.loads(out)["games"]
    seats = next(c for c in game["checks"] if c["check"] == "seats")
    assert seats["ok"] and seats["checked"] > 0
    assert seats["notes"] == ["the event 'turn' names rival 1, which the game's seat_keys does not declare: if it is a "
                              "seat, declare it (seat_keys = Game.seat_keys | {'rival'}) so people read it from 1"]
    plant(*UNREAD_SEAT_KEY)
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "2")
    assert code == 1 and failed_checks(out) == ["seats count from 0 in events and action values"], out
    assert findings(out) == ["seat_keys names 'rival[first]', neither a data key ('player') nor a key and an item "
                             "('planet[0]'), so no value is read as a seat by it; to repeat it: pnp test reef-keepers "
                             "--option variant=standard"]


def test_json_carries_every_check_and_each_finding_as_fields(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    plant(*SHARED_CLONE)
    code, out, _ = pnp(capsys, monkeypatch, "test", "--games", "3", "--format", "json")
    assert code == 1
    report = json.loads(out)
    assert report["ok"] is False and report["exit_code"] == 1
    [game] = report["games"]
    assert game["game"] == "reef-keepers" and game["games"] == 3
    checks = {c["check"]: c for c in game["checks"]}
    assert [name for name, c in checks.items() if not c["ok"]] == ["clone"]
    finding = checks["clone"]["findings"][0]
    assert isinstance(finding["seed"], int) and isinstance(finding["turn"], int)
    assert finding["repeat"] == f"pnp test reef-keepers --seed {finding['seed']} --option variant=standard"
    assert finding["text"].startswith("clone() shares 'reefs'")


def test_a_named_game_without_an_engine_is_bad_usage_and_unknown_options_too(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = pnp(capsys, monkeypatch, "test", "reef-keepers", "--option", "variant=long")
    assert code == 2 and "variant" in err, err
    code, _, err = pnp(capsys, monkeypatch, "test", "nowhere")
    assert code == 2, err


@pytest.mark.parametrize("bug, said", [
    (SHARED_CLONE, "clone check: clone() shares 'reefs' with the original"),
    (FIXED_DATUM, "fixed-data check: a move changes the game's fixed data 'Game.creatures'"),
    (REFUSAL_CHANGES, "refusals check: refusing an action (play.too-deep, in explain()) changed the table's 'hands'"),
    (ONE_BASED, "seats check: the event 'turn' names player 2, one past the last seat of this 2-player game"),
])
def test_check_runs_the_quick_suite_and_names_the_bug_at_the_engine(capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    bug: tuple[str, str], said: str) -> None:
    assert pnp(capsys, monkeypatch, "check")[0] == 0
    plant(*bug)
    code, _, err = pnp(capsys, monkeypatch, "check")
    assert code == 1, err
    assert re.search(r"^content/reef-keepers/game\.yaml:\d+:\d+: error \[engine\]: the engine fails the conformance "
                     r"suite's " + re.escape(said), err, re.MULTILINE), err
    assert "to repeat it: pnp " in err and "`pnp test reef-keepers` runs the whole suite" in err, err


def test_check_names_nondeterminism_too(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The tide rolled by the random module: the example's tide differs (its step refused), or, where the rolls
    agree by chance, the quick suite's two plays of a seed part."""
    plant(*NONDETERMINISM)
    code, _, err = pnp(capsys, monkeypatch, "check")
    assert code == 1, err
    assert ("example 'first-round' step" in err or "the engine fails the conformance suite's determinism check: the "
            "same seed played twice parts" in err), err


@pytest.mark.slow
def test_the_four_bundled_games_pass(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = pnp(capsys, monkeypatch, "test", "--content", str(ROOT / "content"), "--format", "json")
    assert code == 0, out + err
    report = json.loads(out)
    assert sorted(g["game"] for g in report["games"]) == ["astronuts", "escape-earth", "habitable",
                                                          "terraforming-mars"]
    for game in report["games"]:
        assert game["ok"] and game["games"] == 20, game["game"]


@pytest.mark.parametrize("body, said", [
    ("            while True:\n                pass\n",
     "did not finish testing seed {seed} within 2 s, so it was stopped"),
    ("            raise SystemExit(0)\n", "ended the process while testing seed {seed}"),
])
def test_an_engine_that_loops_or_ends_the_process_is_stopped_and_named_with_its_seed(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, body: str, said: str) -> None:
    from generator.rules.simulate import game_seed

    monkeypatch.setenv("PNP_ENGINE_SECONDS", "2")
    before = '        if action[0] == "pass":\n'
    plant(before, f"        if self.turn == 5:\n{body}{before}")
    code, out, err = pnp(capsys, monkeypatch, "test", "--games", "2")
    assert code == 1, out + err
    assert re.match(r"content/reef-keepers/game\.yaml:\d+:\d+: error \[engine\]: the engine of game 'reef-keepers' "
                    + re.escape(said.format(seed=game_seed(0, 0))), err), err
    assert "Traceback" not in err


def test_without_fork_an_engine_that_ends_the_process_is_still_an_error(capsys: pytest.CaptureFixture[str],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.rules import engine_child

    monkeypatch.setattr(engine_child, "can_fork", lambda: False)  # the suite runs in this process
    plant('        if action[0] == "pass":\n', "        if self.turn == 5:\n            raise SystemExit(0)\n"
                                                '        if action[0] == "pass":\n')
    code, _, err = pnp(capsys, monkeypatch, "test", "--games", "2")
    assert code == 1, err
    assert "error [engine]: the engine of game 'reef-keepers' ended the process while running its conformance suite" \
        in err, err
