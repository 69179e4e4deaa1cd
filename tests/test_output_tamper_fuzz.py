"""Fuzzing the output folder: whatever is planted in output/.pnp, the next build does not let it in.

Nothing under output/ is trusted input: anyone who can write there could plant links, edit
cached files, move cache entries around or point pnp's own links elsewhere. Hypothesis draws a
few such tamperings at once and applies them to a complete build of a small game; then
`pnp build` runs again on the same content, and:

- it ends with exit 0 or 1 (a sentence), never 3 or a traceback;
- a folder outside output/ (a secret file, a tree of folders, the targets of planted links)
  is exactly as it was: no file written, deleted or changed there;
- folders the user keeps in output/ (named like pnp's own leftovers) are still there;
- a build that succeeds leaves no link in output/ but pnp's own (outside the cache, where an
  entry found tampered with stays unused until pruned), and every file it shows is the file a
  clean build of the same content writes: no planted link, edited page or moved entry survives.

Examples: PNP_FUZZ_EXAMPLES (default 8, times PNP_TEST_SCALE), fresh each run; failures found
are kept in tests/fuzz-examples/ and replayed first (see tests/fuzzing.py).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from tests.fuzzing import FUZZ_SETTINGS, built_test_game, examples, run_pnp

GAME = "tiny"
EXAMPLES = examples(8)
HANG_CEILING_S = 600  # only catches a hang: a build of the small game takes seconds
OWN_LINKS = {GAME, "site", "site-designer", ".pnp/current"}  # the links pnp itself keeps in output/
USER_FOLDERS = (".old-notes", ".staging-drafts", ".cards-staging-mine")
SCRIPT = b"<script>document.title='tampered'</script>"

TAMPERINGS = ("plant-link", "plant-new-link", "edit-cached-file", "move-entry", "garbage-manifest",
              "cache-is-link", "current-redirected", "lock-is-link", "generation-is-link", "user-folders")


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_pnp(*args, cwd=cwd, ceiling=HANG_CEILING_S)


def outside_snapshot(folder: Path) -> dict[str, tuple[str, int, bytes]]:
    """Every entry under `folder` (not following links): its kind, mode and bytes (a link: its target)."""
    found: dict[str, tuple[str, int, bytes]] = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            found[str(path.relative_to(folder))] = ("link", 0, os.readlink(path).encode())
        elif stat.S_ISDIR(info.st_mode):
            found[str(path.relative_to(folder))] = ("dir", stat.S_IMODE(info.st_mode), b"")
        else:
            found[str(path.relative_to(folder))] = ("file", stat.S_IMODE(info.st_mode), path.read_bytes())
    return found


def shown_files(output: Path) -> dict[str, bytes]:
    """Every file a reader of output/<game>, output/site and output/site-designer sees, with the output's own
    path made neutral (Tabletop Simulator's saved objects name the folder they were built in)."""
    shown: dict[str, bytes] = {}
    root = str(output.resolve()).encode()
    for top in (GAME, "site", "site-designer"):
        for path in sorted((output / top).rglob("*")):
            if path.is_file():
                shown[str(path.relative_to(output))] = path.read_bytes().replace(root, b"<output>")
    return shown


def foreign_links(output: Path) -> list[str]:
    """Links in output/ (not followed) other than pnp's own. The cache folder aside: an entry found
    tampered with is never used (and pruned in time), but a build need not look at every entry."""
    links = []
    for folder, dirs, names in os.walk(output):
        if Path(folder) == output / ".pnp":
            dirs[:] = [name for name in dirs if name != "cache"]
        for name in dirs + names:
            path = Path(folder) / name
            if path.is_symlink() and str(path.relative_to(output)) not in OWN_LINKS:
                links.append(str(path.relative_to(output)))
    return links


def make_outside(folder: Path) -> Path:
    """What an attacker would like to read or destroy: a private file and a tree of someone's folders."""
    folder.mkdir()
    secret = folder / "secret.txt"
    secret.write_text("private\n")
    secret.chmod(0o600)
    for number in range(12):
        (folder / "projects" / f"p{number:02d}").mkdir(parents=True)
        (folder / "projects" / f"p{number:02d}" / "notes.txt").write_text(f"project {number}\n")
    for top in (GAME, "site"):  # a tree shaped like a generation, for a redirected `current`
        (folder / "generation" / top).mkdir(parents=True)
        leak = folder / "generation" / top / "index.html"
        leak.write_text("<p>outside</p>\n")
        leak.chmod(0o600)
    return folder


def cache_entries(output: Path) -> list[Path]:
    cache = output / ".pnp" / "cache"
    return sorted(p for p in cache.iterdir() if p.is_dir() and not p.is_symlink()) if cache.is_dir() else []


def cached_files(output: Path) -> list[Path]:
    return [p for entry in cache_entries(output) for p in sorted(entry.rglob("*"))
            if p.is_file() and not p.is_symlink()]


def tamper(output: Path, outside: Path, how: str, pick: int) -> str:
    """Apply one tampering; returns what was done (for the failure message)."""
    state = output / ".pnp"
    files = cached_files(output)
    entries = cache_entries(output)
    if how in ("plant-link", "edit-cached-file") and files:
        target = files[pick % len(files)]
        target.unlink()  # a new file or link in its place: the current generation keeps the old bytes
        if how == "plant-link":
            target.symlink_to(outside / "secret.txt")
        else:
            target.write_bytes(SCRIPT)
        return f"{how} {target.relative_to(output)}"
    if how == "plant-new-link" and entries:
        entry = entries[pick % len(entries)]
        for name in ("files/secret.html", "files/site/secret.html", "bytes-link"):
            planted = entry / name
            planted.parent.mkdir(parents=True, exist_ok=True)
            if not planted.is_symlink():  # the same entry may be picked twice in one example
                planted.symlink_to(outside / "secret.txt")
        return f"{how} in {entry.name}"
    if how == "move-entry" and len(entries) > 1:
        source, target = entries[pick % len(entries)], entries[(pick + 1) % len(entries)]
        shutil.rmtree(target)
        shutil.copytree(source, target, symlinks=True)
        return f"{how} {source.name} -> {target.name}"
    if how == "garbage-manifest" and entries:
        entry = entries[pick % len(entries)]
        for path in entry.iterdir():
            if path.is_file():
                path.write_bytes(b"\x80garbage{[")
        return f"{how} {entry.name}"
    if how == "cache-is-link" and (state / "cache").is_dir() and not (state / "cache").is_symlink():
        shutil.move(str(state / "cache"), str(outside / "projects" / "cache"))
        (state / "cache").symlink_to(outside / "projects")
        return how
    if how == "current-redirected":
        current = state / "current"
        current.unlink()
        current.symlink_to(outside / "generation")
        return how
    if how == "lock-is-link":
        lock = state / "lock"
        if lock.exists() or lock.is_symlink():
            lock.unlink()
        lock.symlink_to(outside / ("secret.txt" if pick % 2 else "made-by-lock"))
        return how
    if how == "generation-is-link":
        generations = sorted(p for p in (state / "generations").iterdir() if not p.is_symlink())
        if generations:
            victim = generations[pick % len(generations)]
            shutil.rmtree(victim)
            victim.symlink_to(outside / "generation")
        return how
    if how == "user-folders":
        for name in USER_FOLDERS:
            (output / name).mkdir(exist_ok=True)
            (output / name / "keep.txt").write_text("mine\n")
        return how
    return f"{how} (nothing to tamper with)"


class CleanBuild:
    """The small game built once, and what a reader of that clean build sees."""

    def __init__(self, root: Path, shown: dict[str, bytes]) -> None:
        self.root, self.shown = root, shown

    def __repr__(self) -> str:  # what a failing example prints: the folder, not every file's bytes
        return f"CleanBuild({self.root})"


@pytest.fixture(scope="module")
def built_once(tmp_path_factory) -> CleanBuild:
    root = built_test_game(tmp_path_factory.mktemp("tamper"), GAME, HANG_CEILING_S)
    return CleanBuild(root, shown_files(root / "output"))


@pytest.mark.slow
@settings(max_examples=EXAMPLES, **FUZZ_SETTINGS)
@given(tamperings=st.lists(st.tuples(st.sampled_from(TAMPERINGS), st.integers(min_value=0, max_value=10_000)),
                           min_size=1, max_size=3))
@example(tamperings=[("plant-new-link", 413), ("plant-new-link", 158)])  # the same entry picked twice
@example(tamperings=[("generation-is-link", 0), ("generation-is-link", 0)])  # the same generation twice
def test_a_build_after_tampering_lets_nothing_in_and_nothing_out(built_once, tamperings) -> None:
    clean_root, clean = built_once.root, built_once.shown
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "work"
        root.mkdir()
        shutil.copytree(clean_root / "content", root / "content")
        shutil.copytree(clean_root / "output", root / "output", symlinks=True)
        outside = make_outside(Path(folder) / "outside")
        done = [tamper(root / "output", outside, how, pick) for how, pick in tamperings]
        what = "; ".join(done)
        before = outside_snapshot(outside)
        result = pnp("build", "--content", "content", "--output", "output", cwd=root)
        event(f"build exit {result.returncode}")
        for how, _ in tamperings:
            event(f"{how}: exit {result.returncode}")
        assert result.returncode in (0, 1), f"{what}: exit {result.returncode}\n{result.stderr[-3000:]}"
        assert "Traceback" not in result.stdout + result.stderr, f"{what}\n{result.stderr[-3000:]}"
        assert outside_snapshot(outside) == before, f"{what}: the build changed a folder outside output/"
        for name in USER_FOLDERS:
            if any(how == "user-folders" for how, _ in tamperings):
                assert (root / "output" / name / "keep.txt").read_text() == "mine\n", f"{what}: {name} removed"
        if result.returncode == 1:
            assert result.stderr.strip(), f"{what}: exit 1 without a word"
            return
        output = root / "output"
        assert foreign_links(output) == [], f"{what}: links left in output/"
        shown = shown_files(output)
        assert shown.keys() == clean.keys(), f"{what}: files differ: {sorted(shown.keys() ^ clean.keys())[:5]}"
        changed = [name for name in shown if shown[name] != clean[name]]
        assert changed == [], f"{what}: files differ from a clean build: {changed[:5]}"
