"""Structure check as fuzzing: random mutations of the bundled content keep pnp's promises.

Hypothesis mutates one file of a bundled game at a time: a YAML value replaced by a hostile one
(huge or odd numbers, paths, templates that never end, markup, wrong types), a key dropped or
misspelt, a list item doubled, bytes of a file inserted or cut, a rules page given a runaway or
malformed template. Then `pnp check` (and, in the build test, `pnp build`) runs as a user would,
and the promises hold: exit 0, 1 or 2 only (never 3, never a traceback), every error line names
its file (and line where the file has lines), no run hangs (a generous ceiling per run, never a
timed assertion), and a failed build leaves output/ exactly as it was.

Examples: PNP_FUZZ_EXAMPLES (default 12 checks and 3 builds, times PNP_TEST_SCALE), fresh each
run; failures found are kept in tests/fuzz-examples/ and replayed first (tests/fuzzing.py).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tests.fuzzing import FUZZ_SETTINGS, examples, shown_files
from tests.pnp_process import pnp_forked

REPO = Path(__file__).resolve().parents[2]
GAMES = ("astronuts", "escape-earth")
CHECK_EXAMPLES = examples(12)  # each runs `pnp check` (2-4 s)
BUILD_EXAMPLES = examples(3)   # each runs `pnp build` of one game
HANG_CEILING_S = 600  # only catches a hang; a check takes seconds
ERROR_LINE = re.compile(r"^(?P<file>[^\s:][^:]*?)(?::(?P<line>\d+):(?P<col>\d+))?: error\b")
NOTE_LINE = re.compile(
    r"^(?P<file>[^\s:][^:]*?)(?::(?P<line>\d+):(?P<col>\d+))?: note\b"
)  # checks that wait for errors
SUMMARY = re.compile(r"^\d+ error\(s\) in \d+ file\(s\)$|^build failed; the previous output is untouched$")

HOSTILE_VALUES: list[Any] = [
    None, "", 0, -1, 1, 10**20, 2**53 + 1, 1e308, -1e-308, 3.5, True, [], {}, [[[[[]]]]], {"x": {"y": {"z": 1}}},
    "x" * 5000, "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "{{ 9 ** (9 ** 9) }}",
    "{% for i in range(10000) %}{% for j in range(10000) %}x{% endfor %}{% endfor %}", "{{ lipsum(10**6) }}",
    "{{ undefined_thing }}", "{% if %}", "../../../etc/passwd", "/dev/zero", "/etc/passwd", ":no-such-icon:",
    "#zzzzzz", "💥\u202e\u0000", "1-1-1-1-1-1", "a" * 65, "UPPER CASE", "-leading", "javascript:alert(1)",
]
RULES_SNIPPETS = [
    "{{ 9 ** (9 ** 9) }}", "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}",
    "{{ 'x' * 10**9 }}", "{{ card('no-such-card') }}", "{{ count('nothing') }}", "{% for %}", "{{ ", "{% raw %}",
    "<script>alert(1)</script>", "[x](javascript:alert(1))", "{ onclick=alert(1) }", ":no-such-icon:",
    "{{ range(100000)|list|length }}", "{{ '%999999999d' % 1 }}", "{{ cycler }}", "{{ self }}",
    "{{ ''.__class__.__mro__ }}", "{{ game.__class__ }}", "\x00", "# \n", "",
]


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value in loaded YAML data."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, prefix + (index,))
    return out


def _at(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def _files(game: Path) -> list[Path]:
    return sorted(p for p in game.rglob("*") if p.is_file() and p.suffix in (".yaml", ".md", ".svg"))


@st.composite
def mutations(draw) -> tuple[str, str, int, str, Any]:
    """(game, file index, path index, how, value): resolved against the files when applied."""
    game = draw(st.sampled_from(GAMES))
    file_index = draw(st.integers(min_value=0, max_value=10_000))
    path_index = draw(st.integers(min_value=0, max_value=100_000))
    how = draw(st.sampled_from(["replace", "replace", "replace", "drop", "rename", "double", "bytes-insert",
                                "bytes-cut", "rules"]))
    if how == "replace":
        value = draw(st.one_of(st.sampled_from(HOSTILE_VALUES), st.integers(), st.text(max_size=40),
                               st.floats(allow_nan=False)))
    elif how == "rules":
        value = draw(st.sampled_from(RULES_SNIPPETS))
    elif how == "bytes-insert":
        value = draw(st.binary(min_size=1, max_size=12))
    else:
        value = draw(st.integers(min_value=0, max_value=10_000))
    return game, file_index, path_index, how, value


def apply(content: Path, mutation: tuple) -> str:
    """Change the copied content as `mutation` says; returns a description for the failure message."""
    game, file_index, path_index, how, value = mutation
    root = content / game
    if how == "rules":
        pages = sorted((root / "rules").rglob("*.md"))
        page = pages[file_index % len(pages)]
        lines = page.read_text(encoding="utf-8").splitlines()
        lines.insert(path_index % (len(lines) + 1), value)
        page.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return f"{page.relative_to(content)}: insert {value!r}"
    files = _files(root)
    target = files[file_index % len(files)]
    raw = target.read_bytes()
    if how == "bytes-insert":
        at = path_index % (len(raw) + 1)
        target.write_bytes(raw[:at] + value + raw[at:])
        return f"{target.relative_to(content)}: bytes {value!r} at {at}"
    if how == "bytes-cut":
        at = path_index % (len(raw) + 1)
        target.write_bytes(raw[:at] + raw[at + 1 + value % 64:])
        return f"{target.relative_to(content)}: cut at {at}"
    if target.suffix != ".yaml":
        target.write_bytes(raw[: len(raw) // 2])
        return f"{target.relative_to(content)}: halved"
    data = yaml.safe_load(raw)
    paths = [p for p in _paths(data) if p]
    if not paths:
        return f"{target.relative_to(content)}: unchanged"
    path = paths[path_index % len(paths)]
    parent = _at(data, path[:-1])
    key = path[-1]
    if how == "replace":
        parent[key] = value
    elif how == "drop":
        del parent[key]
    elif how == "rename" and isinstance(parent, dict):
        parent[f"{key}x"] = parent.pop(key)
    elif how == "double" and isinstance(parent, list):
        parent.insert(key, parent[key])
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return f"{target.relative_to(content)}: {how} at {'.'.join(map(str, path))} -> {value!r}"[:300]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return pnp_forked(*args, cwd=cwd, ceiling=HANG_CEILING_S)  # a process of its own: a hang stops only it


def assert_promises(result: subprocess.CompletedProcess, what: str) -> None:
    assert result.returncode in (0, 1, 2), f"{what}: exit {result.returncode}\n{result.stderr[-2000:]}"
    assert "Traceback" not in result.stderr + result.stdout, f"{what}\n{result.stderr[-2000:]}"
    if result.returncode == 1:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        located = [line for line in lines if ERROR_LINE.match(line)]
        assert located, f"{what}: exit 1 without any located error\n{result.stderr[-2000:]}"
        for line in lines:
            assert ERROR_LINE.match(line) or NOTE_LINE.match(line) or SUMMARY.match(line) or \
                line.startswith(("site", "  ")), \
                f"{what}: an error line without a place: {line!r}"


@pytest.mark.slow
@settings(max_examples=CHECK_EXAMPLES, **FUZZ_SETTINGS)
@given(mutation=mutations())
def test_check_keeps_its_promises_on_mutated_content(mutation) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for game in GAMES:
            shutil.copytree(REPO / "content" / game, root / "content" / game)
        what = apply(root / "content", mutation)
        result = run("check", "--content", "content", cwd=root)
        event(f"check exit {result.returncode}")
        assert_promises(result, what)


@pytest.fixture(scope="module")
def built_once(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz-build")
    shutil.copytree(REPO / "content" / "astronuts", root / "content" / "astronuts")
    result = run("build", "--content", "content", "--output", "output", cwd=root)
    assert result.returncode == 0, result.stderr
    return root


@pytest.mark.slow
@settings(max_examples=BUILD_EXAMPLES, **FUZZ_SETTINGS)
@given(mutation=mutations().filter(lambda m: m[0] == "astronuts"))
def test_a_failed_build_of_mutated_content_leaves_output_untouched(built_once, mutation) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(built_once / "content", root / "content")
        shutil.copytree(built_once / "output", root / "output", symlinks=True)
        before = shown_files(root / "output")
        what = apply(root / "content", mutation)
        result = run("build", "--content", "content", "--output", "output", cwd=root)
        event(f"build exit {result.returncode}")
        assert_promises(result, what)
        if result.returncode != 0:
            assert shown_files(root / "output") == before, f"{what}: a failed build changed output/"
