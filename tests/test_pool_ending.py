"""A pool that ends while a worker is still starting does not wait for that worker for ever.

`Pool.end` kills its workers; an idle worker waits for calls holding the call queue's read lock, so a
worker the pool did not kill would then wait for that lock for ever, and the pool's shutdown with it
(seen as a hung test run). The scenario runs in a child under a ceiling that only catches such a hang."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pools fork on Linux only")

SCENARIO = textwrap.dedent("""
    import errno, os, time
    from generator import pool

    started = pool.forked_child
    def slow_second_worker(parent):
        started(parent)
        with open(os.environ["MARK"], "a+") as mark:  # the second worker to start waits a second
            mark.write("x")
            mark.flush()
            mark.seek(0)
            if len(mark.read()) == 2:
                time.sleep(1.0)
    pool.forked_child = slow_second_worker

    def refuse():
        raise OSError(errno.EROFS, "read-only", "/x")

    for _ in range(3):
        try:
            pool.run_all([refuse, lambda: None], 2)
        except OSError:
            pass
        os.remove(os.environ["MARK"])
    print("ended")
""")


def test_a_pool_ending_while_a_worker_starts_does_not_hang(tmp_path) -> None:
    run = subprocess.run([sys.executable, "-c", SCENARIO], capture_output=True, text=True, timeout=300,
                         env={"MARK": str(tmp_path / "mark"), "PATH": "/usr/bin:/bin"}, cwd=str(tmp_path),
                         check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "ended"
