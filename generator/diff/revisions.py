"""The two sides of `pnp diff`: a revision's content tree read from git, and the working tree.

An old revision is read straight from git's object store (`git ls-tree` + `git cat-file --batch`)
into a temporary folder, so the working tree, the index and the checked-out branch are never
touched, and `.gitattributes` (export-ignore, export-subst) cannot change what is compared.
Only the content folder's games are written there, at the same path below the temporary folder
as below the repository, so an error in them reads `HEAD:content/<game>/cards/x.yaml:12:5`.
The exported folder is not on the user's trust list, whatever the working tree's folder is: an
engine module of a revision runs only with `--trust-engines` (generator.rules.trust).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.rules.trust import revision_folder

GIT_SECONDS = 120
SYMLINK_MODE = "120000"
SUBMODULE_MODE = "160000"


class RevisionRefused(Exception):
    """`pnp diff` cannot compare: no git repository, an unknown revision (a usage error, exit 2)."""


@dataclass(frozen=True)
class Side:
    """One side of the comparison: what it is called and where its content tree lies."""

    label: str                  # "HEAD (797c4a7)" or "working tree"
    content_dir: Path           # the content folder of this side (games are its sub-folders)
    revision: str | None = None  # as given on the command line; None for the working tree
    commit: str | None = None    # the full commit id
    shown_root: str = ""         # a file path under here is shown as `<revision>:<path from the repository>`
    repo_root: Path | None = None

    def shown(self, file: str) -> str:
        """How an error names a file of this side: `HEAD:content/x/cards/a.yaml` for a revision's file."""
        if self.revision is None or not self.shown_root:
            return file
        prefix = self.shown_root.rstrip(os.sep) + os.sep
        absolute = file if os.path.isabs(file) else os.path.join(os.getcwd(), file)
        if absolute.startswith(prefix):
            return f"{self.revision}:{PurePosixPath(*Path(absolute[len(prefix):]).parts)}"
        return file

    def shown_in(self, text: str) -> str:
        """`text` (a hint listing an engine's frames) with this side's files named as `shown` names them."""
        if self.revision is None or not self.shown_root:
            return text
        for root in dict.fromkeys((self.shown_root, os.path.realpath(self.shown_root))):
            text = text.replace(root.rstrip(os.sep) + os.sep, f"{self.revision}:")
        return text

    def as_json(self) -> dict[str, str | None]:
        return {"label": self.label, "revision": self.revision, "commit": self.commit}


def _git(repo: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("GIT_")
    }  # the repository of `repo`, not of the caller
    env["GIT_TERMINAL_PROMPT"] = "0"
    try:
        return subprocess.run(["git", "-C", str(repo), *args], input=stdin, capture_output=True, env=env,
                              timeout=GIT_SECONDS, check=False)
    except FileNotFoundError:
        raise RevisionRefused("pnp diff reads old revisions with git, which is not installed") from None


def _existing(path: Path) -> Path:
    """`path`, or the nearest folder above it that exists (git needs a place to start from)."""
    path = path.absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def repository_of(content_dir: Path) -> tuple[Path, str]:
    """The repository holding `content_dir` and the content folder's path inside it ('' at the top)."""
    start = _existing(content_dir)
    found = _git(start, "rev-parse", "--show-toplevel")
    if found.returncode != 0:
        raise RevisionRefused(f"'{content_dir}' is not inside a git repository; pnp diff compares a revision "
                              "of the content with another (run `git init` and commit the content first)")
    top = Path(found.stdout.decode("utf-8", "replace").strip())
    try:
        inside = content_dir.resolve().relative_to(top.resolve())
    except ValueError:
        raise RevisionRefused(f"'{content_dir}' lies outside the git repository at '{top}'") from None
    return top, PurePosixPath(*inside.parts).as_posix() if inside.parts else ""


def resolve_commit(repo: Path, revision: str) -> str:
    """The full commit id a revision names; RevisionRefused for one the repository does not know."""
    if not revision or revision.startswith("-") or any(ch in revision for ch in "\0\n"):
        raise RevisionRefused(f"'{revision}' is not a revision")
    found = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}")
    if found.returncode != 0:
        hint = " (the repository has no commit yet)" if revision == "HEAD" else ""
        raise RevisionRefused(f"unknown revision '{revision}' in the git repository at '{repo}'{hint}")
    return found.stdout.decode().strip()


def split_range(spec: str | None) -> tuple[str, str | None]:
    """`OLD..NEW` -> (OLD, NEW); `REV` -> (REV, None: the working tree); nothing -> HEAD."""
    if not spec:
        return "HEAD", None
    if ".." in spec and "..." not in spec:
        old, new = spec.split("..", 1)
        return old or "HEAD", new or "HEAD"
    if "..." in spec:
        raise RevisionRefused(f"'{spec}': give one revision (compared with the working tree) or OLD..NEW")
    return spec, None


def _tree_entries(repo: Path, commit: str, prefix: str) -> list[tuple[str, str, str]]:
    """(mode, object id, path from the repository top) of every file below `prefix` at `commit`."""
    listed = _git(repo, "ls-tree", "-r", "-z", "--full-tree", commit, *(["--", prefix] if prefix else []))
    if listed.returncode != 0:
        raise RevisionRefused(f"git cannot list revision {commit[:12]}: "
                              f"{listed.stderr.decode('utf-8', 'replace').strip()}")
    entries: list[tuple[str, str, str]] = []
    for record in listed.stdout.split(b"\0"):
        if not record:
            continue
        meta, _, name = record.partition(b"\t")
        mode, kind, oid = meta.decode().split(" ")
        if kind != "blob" or mode == SUBMODULE_MODE:
            continue
        entries.append((mode, oid, name.decode("utf-8", "surrogateescape")))
    return entries


def games_at(entries: list[tuple[str, str, str]], prefix: str) -> set[str]:
    """Game folders of a listed content tree: its sub-folders with a game.yaml."""
    base = PurePosixPath(prefix) if prefix else PurePosixPath()
    games = set()
    for _mode, _oid, name in entries:
        path = PurePosixPath(name)
        if path.name == "game.yaml" and path.parent.parent == base and path.parent != base:
            games.add(path.parent.name)
    return games


def _blobs(repo: Path, oids: list[str]) -> dict[str, bytes]:
    """The contents of these blobs, read in one `git cat-file --batch`."""
    if not oids:
        return {}
    unique = list(dict.fromkeys(oids))
    batch = _git(repo, "cat-file", "--batch", stdin="".join(f"{oid}\n" for oid in unique).encode())
    if batch.returncode != 0:
        raise RevisionRefused(
            f"git cannot read the revision's files: {batch.stderr.decode('utf-8', 'replace').strip()}"
        )
    out, at, blobs = batch.stdout, 0, {}
    for oid in unique:
        header_end = out.index(b"\n", at)
        header = out[at:header_end].decode().split(" ")
        if len(header) < 3:
            raise RevisionRefused(f"git cannot read object {oid} of the revision")
        size = int(header[2])
        blobs[oid] = out[header_end + 1: header_end + 1 + size]
        at = header_end + 1 + size + 1
    return blobs


def export_games(repo: Path, commit: str, prefix: str, games: set[str] | None, target: Path) -> None:
    """Write the files of the content folder's games (all, or those named) at `commit` below `target`.

    Paths keep their place below the repository top (`target/content/<game>/...`). A symbolic
    link is written as a link, so the loader refuses it as it would in a checkout.
    """
    entries = _tree_entries(repo, commit, prefix)
    base = PurePosixPath(prefix) if prefix else PurePosixPath()
    wanted = games_at(entries, prefix) if games is None else games & games_at(entries, prefix)
    chosen = []
    for mode, oid, name in entries:
        path = PurePosixPath(name)
        relative = path.relative_to(base) if prefix else path
        if len(relative.parts) < 2 or relative.parts[0] not in wanted:
            continue
        if path.is_absolute() or ".." in path.parts:  # git never stores such a path; refuse it all the same
            continue
        chosen.append((mode, oid, path))
    blobs = _blobs(repo, [oid for _mode, oid, _path in chosen])
    for mode, oid, path in chosen:
        where = target.joinpath(*path.parts)
        where.parent.mkdir(parents=True, exist_ok=True)
        if mode == SYMLINK_MODE:
            os.symlink(blobs[oid].decode("utf-8", "surrogateescape"), where)
        else:
            where.write_bytes(blobs[oid])
    (target.joinpath(*base.parts) if prefix else target).mkdir(parents=True, exist_ok=True)


def files_at_head(folder: Path, suffixes: tuple[str, ...]) -> dict[str, bytes] | None:
    """The files below `folder` with these suffixes as the last commit holds them, by path below the folder
    (`rules/en/sentences.yaml`); None when the folder is in no git repository, has no commit or git is missing.

    `pnp check` compares the working tree with it (generator.content.translation_lint); it never fails a check."""
    try:
        repo, prefix = repository_of(folder)
        entries = _tree_entries(repo, "HEAD", prefix)
        below = f"{prefix}/" if prefix else ""
        chosen = [(oid, name[len(below):]) for mode, oid, name in entries
                  if mode != SYMLINK_MODE and name.startswith(below) and name.endswith(suffixes)]
        blobs = _blobs(repo, [oid for oid, _name in chosen])
    except (RevisionRefused, OSError, ValueError, subprocess.SubprocessError):
        return None
    return {name: blobs[oid] for oid, name in chosen} if chosen else None


def _short(commit: str) -> str:
    return commit[:7]


@contextmanager
def compared_sides(content_dir: Path, spec: str | None, games: set[str] | None = None) -> Iterator[tuple[Side, Side]]:
    """(old, new) for `pnp diff [REV | OLD..NEW]`: revisions exported to a temporary folder, removed after."""
    old_rev, new_rev = split_range(spec)
    repo, prefix = repository_of(content_dir)
    old_commit = resolve_commit(repo, old_rev)
    new_commit = resolve_commit(repo, new_rev) if new_rev is not None else None
    scratch = Path(tempfile.mkdtemp(prefix="pnp-diff-"))
    marks = ExitStack()
    try:
        def exported(revision: str, commit: str, name: str) -> Side:
            root = scratch / name
            root.mkdir()
            marks.enter_context(revision_folder(root, revision))  # its engines run only with --trust-engines
            export_games(repo, commit, prefix, games, root)
            return Side(
                f"{revision} ({_short(commit)})",
                root.joinpath(*PurePosixPath(prefix).parts) if prefix else root,
                revision,
                commit,
                str(root),
                repo,
            )

        old = exported(old_rev, old_commit, "old")
        new = exported(new_rev, new_commit, "new") if new_rev is not None and new_commit is not None else \
            Side("working tree", content_dir, repo_root=repo)
        yield old, new
    finally:
        marks.close()
        shutil.rmtree(scratch, ignore_errors=True)
