"""The command line as one piece: quick start, one error reporter, `--format json` on every command."""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.cli_in_process import run_pnp
from tests.pnp_process import PNP, pnp_process
from tests.rules.conftest import forge_first_decision

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content"
HEAVY = ("reportlab", "matplotlib", "mkdocs", "svgwrite", "jinja2", "playwright", "PIL", "pydantic")


def pnp(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS` in this process (tests.cli_in_process): the exit code and the two streams a person sees."""
    return run_pnp(*args, cwd=cwd)


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def broken_astronuts(tmp_path: Path) -> Path:
    """A copy of Astronuts whose game.yaml gives the age as a word."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "astronuts", content / "astronuts")
    game_yaml = content / "astronuts" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("\nage: 8", "\nage: eight"), encoding="utf-8")
    return content


def test_importing_the_command_line_loads_no_renderer_site_or_schema_library():
    code = (f"import sys, generator.cli; print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r}))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]", loaded.stdout


def test_the_options_mirror_the_constants_of_the_modules_they_spare():
    from generator.cli_options import DEFAULT_MAX_TURNS, LANGUAGES
    from generator.content.schema import LANGUAGES as SCHEMA_LANGUAGES
    from generator.rules.simulate import DEFAULT_MAX_TURNS as SIMULATE_MAX_TURNS

    assert LANGUAGES == SCHEMA_LANGUAGES and DEFAULT_MAX_TURNS == SIMULATE_MAX_TURNS


def test_a_usage_error_in_json_is_one_object_with_exit_2():
    run = pnp("check", "astronutz", "--format", "json")
    assert run.returncode == 2
    report = json.loads(run.stdout)
    assert report["ok"] is False and report["exit_code"] == 2
    assert "no game 'astronutz'" in report["message"] and "did you mean 'astronuts'?" in report["message"]


def test_play_in_json_gives_one_object_per_entry_and_the_result(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    run = pnp("play", "escape-earth", "--seed", "3", "--turns", "2", "--format", "json", "--save", str(saved))
    assert run.returncode == 0, run.stderr
    rows = json_lines(run.stdout)
    kinds = [row["kind"] for row in rows]
    assert kinds[-2:] == ["end", "result"] and {"turn", "event", "decision"} <= set(kinds)
    assert rows[0]["text"].startswith("Setup: ") and rows[0]["kind"] == "event"
    assert next(row["text"] for row in rows if row["kind"] == "turn") == "Turn 1: player 1 plays."
    assert all(row["text"].startswith("> ") for row in rows if row["kind"] == "decision")
    result = rows[-1]
    assert result["game"] == "escape-earth" and result["seed"] == 3 and result["policy"] == "random"
    assert result["finished"] is False and result["outcome"] == "unfinished" and result["saved"] == str(saved)
    text = pnp("play", "escape-earth", "--seed", "3", "--turns", "2")
    assert [line.strip() for line in text.stdout.splitlines()] == [row["text"] for row in rows[:-1]]

    replayed = pnp("replay", str(saved), "--format", "json")
    assert replayed.returncode == 0, replayed.stderr
    verdict = json.loads(replayed.stdout)
    assert verdict["ok"] is True and verdict["game"] == "escape-earth"
    assert verdict["state_hash"] == result["state_hash"]
    assert verdict["decisions"] == sum(kind == "decision" for kind in kinds) and verdict["outcome"] is None


def test_a_failed_replay_in_json_names_the_line(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    assert pnp("play", "escape-earth", "--seed", "5", "--turns", "3", "--save", str(saved)).returncode == 0
    line = forge_first_decision(saved, "improve nonsense")
    run = pnp("replay", str(saved), "--format", "json")
    assert run.returncode == 1 and run.stderr == ""
    report = json.loads(run.stdout)
    assert report["exit_code"] == 1 and report["message"].startswith(f"{saved}:{line}: replay failed: ")
    [error] = report["errors"]
    assert error["file"] == str(saved) and error["line"] == line and error["code"] == "replay"
    assert error["message"].startswith("illegal decision 'improve nonsense'")


def test_play_of_a_game_with_bad_content_reports_in_json(tmp_path: Path):
    content = broken_astronuts(tmp_path)
    run = pnp("play", "astronuts", "--seed", "1", "--content", str(content), "--format", "json")
    assert run.returncode == 1
    report = json.loads(run.stdout)
    [error] = report["errors"]
    assert error["file"].endswith("astronuts/game.yaml") and error["path"] == "age"
    assert report["note"] == "fix the content first"


def test_simulate_in_json_gives_the_figures_it_wrote(tmp_path: Path):
    out = tmp_path / "figures.json"
    run = pnp("simulate", "escape-earth", "--games", "6", "--seed", "2", "--out", str(out), "--format", "json")
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert figures["written"] == str(out) and figures["games"] == 6 and figures["batch_seed"] == 2
    assert sum(row["games"] for row in figures["causes"].values()) == 6
    assert 0 <= figures["win_interval"][0] <= figures["win_rate"] <= figures["win_interval"][1] <= 1
    assert len(figures["results"]) == 6
    written = json.loads(out.read_text())
    assert written == {k: v for k, v in figures.items() if k != "written"}


def test_an_unknown_game_option_in_json_is_a_usage_error():
    run = pnp("simulate", "escape-earth", "--games", "1", "--option", "outposts=nowhere", "--format", "json")
    assert run.returncode == 2
    report = json.loads(run.stdout)
    assert report["exit_code"] == 2 and "outposts" in report["message"]


def test_balance_in_json_gives_every_run(tmp_path: Path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "escape-earth", content / "escape-earth")
    game_yaml = content / "escape-earth" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    start, end = text.index("\nbalance:"), text.index("\nglossary:")
    game_yaml.write_text(text[:start] + """
balance:
  - {id: quick, label: {de: "Schnell", en: "Quick"}, policy: random, options: {variant: beginner}, games: 10, seed: 1}
""" + text[end:], encoding="utf-8")
    run = pnp("balance", "escape-earth", "--content", str(content), "--format", "json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["game"] == "escape-earth" and [r["id"] for r in data["runs"]] == ["quick"]
    assert data["runs"][0]["games"] == 10
    assert data["written"] == str(content / "escape-earth" / "balance" / "results.json")
    assert json.loads(Path(data["written"]).read_text())["runs"] == data["runs"]
    unknown = pnp("balance", "escape-earth", "--content", str(content), "--only", "slow", "--format", "json",
                  cwd=tmp_path)
    assert unknown.returncode == 2 and "no balance run slow" in json.loads(unknown.stdout)["message"]


def test_serve_of_broken_content_fails_in_json_before_listening(tmp_path: Path):
    content = broken_astronuts(tmp_path)
    # a process of its own: were the content not refused, it would serve until the ceiling
    run = pnp_process("serve", "astronuts", "--content", str(content), "--output", str(tmp_path / "out"), "--port",
                      "1", "--format", "json", cwd=tmp_path, ceiling=600)
    assert run.returncode == 1
    report = json.loads(run.stdout)
    assert report["ok"] is False and report["errors"][0]["path"] == "age"


def _wait_until_served(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"{url} was not served within {timeout} s")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_serve_in_json_says_where_it_listens_and_when_it_stops(tmp_path: Path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "astronuts", content / "astronuts")
    port = _free_port()
    server = subprocess.Popen([*PNP, "serve", "astronuts",
                               "--content", str(content), "--output", "output", "--port", str(port),
                               "--format", "json"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True, start_new_session=True)
    lines: list[dict] = []
    try:
        assert server.stdout is not None
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and not any(row["kind"] == "listening" for row in lines):
            line = server.stdout.readline()
            if not line:
                break
            lines.append(json.loads(line))
        assert [row["kind"] for row in lines] == ["rebuilt", "listening"], lines
        assert lines[1]["address"] == f"http://127.0.0.1:{port}/"
        _wait_until_served(f"http://127.0.0.1:{port}/astronuts/en/index.html")  # the watcher runs from then on
        game_yaml = content / "astronuts" / "game.yaml"
        game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("\nage: 8", "\nage: eight"),
                             encoding="utf-8")
        ready, _, _ = select.select([server.stdout], [], [], 600)  # only catches a hang
        assert ready, "no rebuild reported within 10 minutes of the edit"
        failed = json.loads(server.stdout.readline())  # the rebuild after the edit
        assert failed["kind"] == "failed" and [e["path"] for e in failed["errors"]] == ["age"], failed
        assert failed["errors"][0]["file"].endswith("astronuts/game.yaml")
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            rest, _ = server.communicate(timeout=300)  # only catches a hang
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            rest, _ = server.communicate()
    assert json_lines(rest)[-1] == {"kind": "stopped"}


def test_new_and_schema_in_json_list_what_they_wrote(tmp_path: Path):
    content = tmp_path / "content"
    run = pnp("new", "my-game", "--content", str(content), "--format", "json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    made = json.loads(run.stdout)
    assert made["ok"] is True and made["folder"] == str(content / "my-game")
    assert str(content / "my-game" / "game.yaml") in made["files"] and all(Path(f).is_file() for f in made["files"])
    assert made["next"][0] == f"pnp check my-game --content {content}"
    again = pnp("new", "my-game", "--content", str(content), "--format", "json", cwd=tmp_path)
    assert again.returncode == 2 and json.loads(again.stdout)["exit_code"] == 2

    schemas = pnp("schema", "my-game", "--content", str(content), "--format", "json", cwd=tmp_path)
    assert schemas.returncode == 0, schemas.stderr
    written = json.loads(schemas.stdout)
    assert written["game"] == "my-game"
    assert str(content / "my-game" / "schema" / "game.schema.json") in written["written"]


def test_check_and_info_in_json(tmp_path: Path):
    checked = json.loads(pnp("check", "astronuts", "--format", "json").stdout)
    assert checked == {"ok": True, "games": ["astronuts"], "errors": [], "warnings": []}
    info = json.loads(pnp("info", "astronuts", "--format", "json").stdout)
    boards = [c for c in info["components"] if c["type"] == "board"]
    assert {c["id"] for c in boards} == {"map", "action-track"} and all(c["designs"] is None for c in boards)
    content = broken_astronuts(tmp_path)
    failed = pnp("info", "astronuts", "--content", str(content), "--format", "json")
    assert failed.returncode == 1 and json.loads(failed.stdout)["errors"][0]["path"] == "age"


def test_cards_in_json_lists_the_files_where_they_now_are(tmp_path: Path):
    out = tmp_path / "out"
    run = pnp("cards", "escape-earth", "--content", str(CONTENT), "--lang", "en", "--paper", "a4", "--output", str(out),
              "--format", "json",
              cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    files = json.loads(run.stdout)["escape-earth"]
    assert str(out / "escape-earth" / "cards-en-a4.pdf") in files
    assert str(out / "escape-earth" / "cards" / "en" / "erde-front.svg") in files
    assert all(Path(f).is_file() for f in files) and not any("staging" in f for f in files)


def test_serve_refuses_a_busy_port_before_it_builds(tmp_path: Path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        # a process of its own: were the port not refused, it would serve until the ceiling
        run = pnp_process("serve", "astronuts", "--output", str(tmp_path / "output"), "--port", str(port),
                          "--format", "json", cwd=REPO, ceiling=600)
    assert run.returncode == 2, run.stderr
    report = json.loads(run.stdout)
    assert report["exit_code"] == 2 and f"port {port} on 127.0.0.1 is in use" in report["message"]
    assert not (tmp_path / "output").exists()  # refused before the build
