"""A command that draws nothing imports nothing that draws: `pnp info` of a game a build has checked loads its
model and engine, not reportlab, PIL, fontTools, markdown or jinja2, and does not repeat the build's checks
(the check verdicts a build writes, commands.checked_verdicts). An edit since the build is checked in full again."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_in_process import run_pnp

REPO = Path(__file__).resolve().parent.parent
DRAWING = ("reportlab", "PIL", "fontTools", "markdown", "jinja2", "matplotlib")
# `pnp ARGS` in a fresh interpreter, then the drawing libraries it imported (the CLI ends through SystemExit)
PROBE = "\n".join([
    "import sys, json",
    "from generator.cli import main",
    "try:",
    "    main()",
    "except SystemExit as done:",
    "    code = done.code",
    f"drawing = sorted({{name.split('.')[0] for name in sys.modules}} & set({json.dumps(list(DRAWING))}))",
    "print(json.dumps({'code': code, 'drawing': drawing}), file=sys.stderr)",
])


def probe(root: Path, *args: str) -> tuple[int, list[str], str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=root, capture_output=True, text=True,
                          timeout=600, env=None)
    *said, last = done.stderr.strip().splitlines()
    found = json.loads(last)
    return found["code"] or 0, found["drawing"], "\n".join(said)


@pytest.mark.slow
def test_info_after_a_build_imports_nothing_that_draws_and_an_edit_is_checked_again(tmp_path: Path) -> None:
    shutil.copytree(REPO / "content" / "escape-earth", tmp_path / "content" / "escape-earth")
    code, drawing, said = probe(tmp_path, "info", "escape-earth")
    assert code == 0, said
    assert "reportlab" in drawing  # never built: the layouts, icons and pictures are checked, and they draw
    built = run_pnp("build", "escape-earth", "--lang", "en", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    code, drawing, said = probe(tmp_path, "info", "escape-earth")
    assert (code, drawing) == (0, []), said
    code, drawing, said = probe(tmp_path, "simulate", "escape-earth", "--games", "3", "--jobs", "1")
    assert (code, drawing) == (0, []), said
    layout = tmp_path / "content" / "escape-earth" / "layouts" / "activity.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "\nno_such_key: 1\n", encoding="utf-8")
    code, drawing, said = probe(tmp_path, "info", "escape-earth")
    assert code == 1 and "activity.yaml" in said, said  # the edit is checked: its error is named
