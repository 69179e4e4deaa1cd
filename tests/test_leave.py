"""Leaving a finished command at once: the status, the output, the atexit work and the threads are kept."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent("""
    import atexit, sys, tempfile, threading, time
    from pathlib import Path
    from generator.leave import leave

    out = Path(sys.argv[1])
    folder = tempfile.TemporaryDirectory()          # removed by its finalizer at exit
    (out / "temporary").write_text(folder.name)
    atexit.register(lambda: (out / "atexit").write_text("ran"))

    def late() -> None:
        time.sleep(0.3)
        (out / "thread").write_text("finished")

    threading.Thread(target=late).start()           # not a daemon: exit waits for it
    sys.stdout.write("x" * 100_000)                 # still in the buffer when leave is called
    leave(sys.argv[2] if sys.argv[2] == "text" else int(sys.argv[2]))
""")


def run(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path), code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)


def test_the_status_output_atexit_work_and_threads_are_kept(tmp_path: Path) -> None:
    done = run(tmp_path, "3")
    assert done.returncode == 3, done.stderr
    assert done.stdout == "x" * 100_000
    assert (tmp_path / "atexit").read_text() == "ran"
    assert (tmp_path / "thread").read_text() == "finished"
    assert not Path((tmp_path / "temporary").read_text()).exists()


def test_a_message_as_status_is_printed_and_exits_1(tmp_path: Path) -> None:
    done = run(tmp_path, "text")
    assert done.returncode == 1 and done.stderr.strip() == "text"
