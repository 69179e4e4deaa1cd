"""A game folder's engine module runs only when the user trusts the folder, and importing it cannot hang or end pnp.

Each game here is `pnp new`'s starter with one line added to its engine module: at import it
writes a file, so a test sees whether any of the engine's code ran. The trust list of every test
is a folder of its own (XDG_CONFIG_HOME).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli import cli
from generator.rules import trust
from tests.pnp_process import pnp_forked

ROOT = Path(__file__).resolve().parents[2]
ENGINE = "engine/rules.py"
ASKED = "is Python code that runs with your rights"


@pytest.fixture(autouse=True)
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    config = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.chdir(tmp_path)
    return config


def pnp(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def plant(folder: Path, marker: Path) -> None:
    """Make the game's engine write `marker` when it is imported."""
    module = folder / ENGINE
    module.write_text(module.read_text(encoding="utf-8")
                      + f"\nimport pathlib as _p\n_p.Path({str(marker)!r}).write_text('ran')\n", encoding="utf-8")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """content/demo: the starter game, untrusted, whose engine writes tmp/ran when it is imported."""
    assert pnp("new", "demo").exit_code == 0
    folder = Path("content/demo")
    plant(folder, tmp_path / "ran")
    assert pnp("trust", "--revoke", "content/demo").exit_code == 0
    return folder


def assert_asked(result: Result, marker: Path, *words: str) -> None:
    """Refused with one sentence that says the engine is code and how to trust it; none of its code ran."""
    assert result.exit_code == 1, result.output
    assert not marker.exists()
    assert ASKED in result.stderr, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [("check",), ("info", "demo"), ("build", "demo"), ("play", "demo", "--seed", "1"),
                                  ("simulate", "demo", "--games", "2", "--out", "f.json"), ("balance", "demo")])
def test_an_untrusted_engine_never_runs_and_the_command_says_how_to_trust_it(game: Path, tmp_path: Path,
                                                                             args: tuple[str, ...]) -> None:
    assert_asked(pnp(*args), tmp_path / "ran", "`pnp trust content/demo`", "--trust-engines")
    assert not Path("output").exists() and not Path("f.json").exists()


def test_replay_and_serve_refuse_an_untrusted_engine_too(game: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    assert pnp("--trust-engines", "play", "demo", "--seed", "1", "--save", "g.jsonl").exit_code == 0
    marker.unlink()
    assert_asked(pnp("replay", "g.jsonl"), marker, "`pnp trust content/demo`")
    served = run_pnp(tmp_path, "serve", "demo", "--port", str(free_port()))  # a new process: nothing imported yet
    assert served.returncode == 1 and ASKED in served.stderr and "`pnp trust content/demo`" in served.stderr
    assert not marker.exists()


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_a_build_the_cache_remembers_as_checked_still_asks_for_trust(game: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    built = pnp("build", "demo", "--lang", "en", "--paper", "a4", "--trust-engines")
    assert built.exit_code == 0, built.output
    marker.unlink()
    assert_asked(pnp("build", "demo", "--lang", "en", "--paper", "a4"), marker)
    assert Path("output/demo/cards-en-a4.pdf").is_file()  # the refused build left the last one as it was


def test_the_refusal_is_one_sentence_and_an_engine_load_error(game: Path) -> None:
    from generator.content.errors import ErrorList
    from generator.content.loader import load_game
    from generator.rules.registry import EngineLoadError, EngineNotTrusted, engine_class

    content = load_game(game, ErrorList())
    assert content is not None
    with pytest.raises(EngineNotTrusted) as refused:
        engine_class(content)
    assert isinstance(refused.value, EngineLoadError)
    message = refused.value.message
    assert "\n" not in message and ". " not in message and message.count(":") == 1, message
    assert message.startswith("the engine of game 'demo' is Python code that runs with your rights")


def test_cards_need_no_engine_and_work_untrusted(game: Path, tmp_path: Path) -> None:
    result = pnp("cards", "demo", "--lang", "en", "--paper", "a4")
    assert result.exit_code == 0, result.output
    assert Path("output/demo/cards-en-a4.pdf").is_file()
    assert not (tmp_path / "ran").exists()


def test_after_pnp_trust_it_runs_and_after_an_edit_trust_is_asked_again(game: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    trusted = pnp("trust", "content/demo")
    assert trusted.exit_code == 0 and "trusted content/demo" in trusted.output
    assert pnp("check").exit_code == 0 and marker.exists()
    marker.unlink()
    module = game / ENGINE
    module.write_text(module.read_text(encoding="utf-8") + "# one more line\n", encoding="utf-8")
    assert_asked(pnp("check"), marker, "changed since you trusted content/demo", "`pnp trust content/demo` again")
    assert pnp("trust", "content/demo").exit_code == 0
    assert pnp("check").exit_code == 0 and marker.exists()
    marker.unlink()
    (game / "engine" / "helper.py").write_text("VALUE = 1\n", encoding="utf-8")  # a sibling it could import counts
    again = run_pnp(
        tmp_path, "check"
    )  # a new process: this one keeps the module it imported while its file is unchanged
    assert again.returncode == 1 and "changed since you trusted content/demo" in again.stderr, again.stderr
    assert not marker.exists()


def test_trust_engines_trusts_for_one_command_only(game: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    assert pnp("--trust-engines", "check").exit_code == 0 and marker.exists()
    marker.unlink()
    assert_asked(pnp("check"), marker)  # the same process, the next command: asked again
    assert pnp("info", "demo", "--trust-engines").exit_code == 0  # the module this process imported is used again
    assert_asked(pnp("info", "demo"), marker)
    assert trust.grants() == []  # the flag wrote nothing down


def test_the_trust_list_is_the_users_own_file_and_can_be_listed_and_revoked(game: Path, own_config: Path) -> None:
    assert pnp("trust", "content/demo").exit_code == 0
    listed = own_config / "pnp-forge" / "trusted.json"
    assert stat.S_IMODE(listed.stat().st_mode) == 0o600
    entry, = json.loads(listed.read_text(encoding="utf-8"))["folders"]
    assert entry["path"] == str(game.resolve()) and entry["files"] == 1
    assert entry["engine_sha256"] == trust.engine_digest(game.resolve())[0]
    assert [p.name for p in listed.parent.iterdir()] == ["trusted.json"]  # no temporary file left beside it
    shown = pnp("trust", "--list")
    assert shown.exit_code == 0 and "content/demo  trusted" in shown.output
    (game / ENGINE).write_text("# changed\n", encoding="utf-8")
    assert "content/demo  changed since trusted" in pnp("trust", "--list").output
    revoked = pnp("trust", "--revoke", "content/demo")
    assert revoked.exit_code == 0 and "revoked content/demo" in revoked.output
    assert json.loads(listed.read_text(encoding="utf-8"))["folders"] == []
    assert "no folder is trusted" in pnp("trust", "--list").output


def test_trust_refuses_what_is_not_a_game_folder_and_explains_itself(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    refused = pnp("trust", "empty")
    assert refused.exit_code == 2 and "no game.yaml" in refused.output
    assert pnp("trust").exit_code == 2
    helped = " ".join(pnp("trust", "--help").output.split())
    assert "runs with your rights" in helped and "--trust-engines" in helped and "asked again" in helped


def test_a_broken_trust_list_trusts_nothing_and_is_named(game: Path, own_config: Path, tmp_path: Path) -> None:
    (own_config / "pnp-forge").mkdir(parents=True, exist_ok=True)
    (own_config / "pnp-forge" / "trusted.json").write_text("{not json", encoding="utf-8")
    assert_asked(pnp("check"), tmp_path / "ran")
    listed = pnp("trust", "--list")
    assert listed.exit_code == 1 and "trusted.json cannot be read" in listed.stderr


def test_pnp_new_trusts_the_folder_it_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = pnp("new", "fresh")
    assert made.exit_code == 0 and "trusted content/fresh: its engine module runs with your rights" in made.output
    assert [g.path for g in trust.grants()] == [str((tmp_path / "content" / "fresh").resolve())]
    assert pnp("check", "fresh").exit_code == 0
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "a-file"))  # the list cannot be written there
    unlisted = pnp("new", "other")
    assert unlisted.exit_code == 0 and "pnp trust content/other" in unlisted.output
    assert "trusted content/other" not in unlisted.output


def git(*args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)


def test_diff_imports_another_revisions_engine_only_with_trust_engines(game: Path, tmp_path: Path) -> None:
    """The old revision's engine writes `old-ran`; the working tree's (trusted) writes `ran`."""
    module = game / ENGINE
    module.write_text(module.read_text(encoding="utf-8").replace(str(tmp_path / "ran"), str(tmp_path / "old-ran")),
                      encoding="utf-8")
    git("init", "-q")
    git("add", "content")
    git("commit", "-qm", "the game")
    module.write_text(module.read_text(encoding="utf-8").replace(str(tmp_path / "old-ran"), str(tmp_path / "ran")),
                      encoding="utf-8")
    cards = game / "cards" / "orders.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("en: Bread", "en: Rye bread"), encoding="utf-8")
    assert_asked(pnp("diff", "HEAD", "--games", "0"), tmp_path / "ran")  # the working tree is not trusted either
    assert pnp("trust", "content/demo").exit_code == 0
    refused = pnp("diff", "HEAD", "--games", "0")
    assert refused.exit_code == 1, refused.output
    assert "HEAD:content/demo/game.yaml" in refused.stderr
    assert "in revision HEAD is Python code that runs with your rights" in refused.stderr
    assert "only when you pass --trust-engines" in refused.stderr
    assert not (tmp_path / "old-ran").exists()  # the folder's trust did not carry over to the old revision
    compared = pnp("diff", "HEAD", "--games", "0", "--trust-engines")
    assert compared.exit_code == 0, compared.output
    assert (tmp_path / "old-ran").exists() and (tmp_path / "ran").exists()


def run_pnp(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """`pnp ARGS` as a fresh Python: for what Python itself does when it starts (which bytecode it reads)."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", *args], cwd=cwd, check=False,
                          capture_output=True, text=True, env=full, timeout=300)


def run_forked(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """`pnp ARGS` in a child forked from the test's process: a process of its own, so an engine that hangs or ends
    its process at import can only stop the child, without a fresh Python's start-up per command."""
    return pnp_forked(*args, cwd=cwd, env={**os.environ, **env}, ceiling=300)


@pytest.mark.parametrize("payload, words", [
    ("while True:\n    pass", "did not finish loading within 2 s"),
    ("import os\nos._exit(0)", "ended the process while it was loaded"),
])
def test_an_engine_that_loops_or_ends_the_process_at_import_is_one_sentence_not_a_hang_or_exit_0(
        game: Path, tmp_path: Path, payload: str, words: str) -> None:
    module = game / ENGINE
    module.write_text(module.read_text(encoding="utf-8") + "\n" + payload + "\n", encoding="utf-8")
    for args in (("check",), ("play", "demo", "--seed", "1")):
        run = run_forked(tmp_path, "--trust-engines", *args, PNP_ENGINE_IMPORT_SECONDS="2")
        assert run.returncode == 1, (args, run.stdout, run.stderr)
        assert f"engine module content/demo/{ENGINE} {words}" in run.stderr, run.stderr
        assert "Traceback" not in run.stderr


def test_hashing_opens_no_fifo_and_follows_no_link_to_a_device(game: Path, tmp_path: Path) -> None:
    os.mkfifo(game / "engine" / "pipe.py")  # opening it would wait for a writer forever
    (game / "engine" / "zero.py").symlink_to("/dev/zero")  # reading it would never end
    trusted = run_forked(tmp_path, "trust", "content/demo")
    assert trusted.returncode == 0, trusted.stderr
    checked = run_forked(tmp_path, "check")
    assert checked.returncode == 0, checked.stderr
    assert (tmp_path / "ran").exists()


def _plant_bytecode(module: Path, payload: str) -> None:
    """Leave `payload` compiled as `module`'s cached bytecode, valid for the module's size and time as they are
    after this: Python would read it instead of the module's own text, which keeps its bytes (and its hash)."""
    import py_compile

    honest = module.read_bytes()
    evil = payload.encode()
    assert len(evil) <= len(honest), "the payload must not be longer than the module"
    module.write_bytes(evil + b"#" * (len(honest) - len(evil) - 1) + b"\n")
    made = module.stat()
    beside = module.parent / "__pycache__" / f"{module.stem}.{sys.implementation.cache_tag}.pyc"  # where Python looks
    py_compile.compile(str(module), cfile=str(beside), doraise=True)  # by default (no pycache_prefix)
    module.write_bytes(honest)
    os.utime(module, ns=(made.st_atime_ns, made.st_mtime_ns))


def test_bytecode_planted_beside_a_trusted_engine_never_runs(game: Path, tmp_path: Path) -> None:
    """A sibling module the engine imports, its bytecode replaced in __pycache__ after the folder was trusted:
    the engine files hash as they did, but pnp reads no bytecode from the game's folder."""
    sibling = game / "engine" / "wording.py"
    sibling.write_text("WORD = 'honest'\n" + "# " + "x" * 200 + "\n", encoding="utf-8")
    module = game / ENGINE
    module.write_text(module.read_text(encoding="utf-8") + "\nimport os as _os, sys as _sys\n"
                      "_sys.path.insert(0, _os.path.dirname(__file__))\nimport wording\n", encoding="utf-8")
    assert pnp("trust", "content/demo").exit_code == 0
    evil = tmp_path / "evil"
    _plant_bytecode(sibling, f"import pathlib\npathlib.Path({str(evil)!r}).write_text('ran')\nWORD = 'x'\n")
    checked = run_pnp(tmp_path, "check")
    assert checked.returncode == 0, checked.stderr
    assert not evil.exists()


@pytest.mark.parametrize("name", ["wording.pyc", "wording.cpython-311-x86_64-linux-gnu.so", "wording.abi3.so"])
def test_importable_code_other_than_python_text_asks_for_trust_again(game: Path, name: str) -> None:
    assert pnp("trust", "content/demo").exit_code == 0
    (game / "engine" / name).write_bytes(b"\x00compiled")
    assert not trust.verdict(game).trusted
