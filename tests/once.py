"""Expensive read-only set-up made once per test run, even when pytest-xdist splits the run over workers.

A session fixture runs once per process: with `-n 2` each worker would build every bundled game again.
`once_per_run` lets the first worker that needs the set-up make it in a folder beside the workers' own
temp folders, under a file lock, and every other worker wait for it and read the same folder. Tests that
use it only read what it made (a test that changes it copies it to its own tmp_path first).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def once_per_run(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], dict]) -> tuple[Path, dict]:
    """(folder, facts): `make(folder)` run once in this test run; its facts (JSON-able) are kept beside the folder
    so that a worker that did not make it gets the same answer (an exit code, what was printed)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:  # one process: a session fixture is already once per run
        folder = factory.mktemp(name)
        return folder, make(folder)
    import fcntl

    shared = factory.getbasetemp().parent  # the run's folder; each worker's own folder is inside it
    folder, facts = shared / name, shared / f"{name}.json"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if make() raised
        if not facts.is_file():
            shutil.rmtree(folder, ignore_errors=True)  # what a worker that failed to make it left
            folder.mkdir()
            facts.write_text(json.dumps(make(folder)), encoding="utf-8")
    return folder, json.loads(facts.read_text(encoding="utf-8"))
