"""The output folder is not a way in: what someone with write access to output/ plants there is refused.

Each attack is performed as an audit did it, on the tiny game: a link planted in a cache entry, an
entry moved under another key, a cached page edited by hand, `.pnp/cache`, `.pnp/current`,
`.pnp/lock` or `.pnp` itself pointed elsewhere, user folders with names like pnp's leftovers, and a
Host header that names another host. Each time the build still works (or refuses in one sentence),
nothing outside output/ is read into it, written or deleted, and `pnp serve` hands out no file
reached through a link.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from generator.build import BuildOptions
from generator.build_cache import BuildCache
from generator.commands.build import build
from generator.commands.failure import CommandFailed
from tests.content.conftest import TINY
from tests.once import once_per_run

OPTIONS = BuildOptions(tts_url="https://tts.example.org/tiny")  # TTS files name where their images are
SECRET = b"the user's private key\n"


@pytest.fixture(scope="session")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build of the tiny game per test run (tests.once: also one across xdist's workers), copied by each
    test (a build costs seconds; a copy does not); no test changes it."""

    def make(root: Path) -> dict:
        shutil.copytree(TINY, root / "content" / "tiny")
        build(root / "content", ["tiny"], root / "output", OPTIONS)
        return {}

    return once_per_run(tmp_path_factory, "output-trust-first-build", make)[0]


@pytest.fixture
def tree(first_build: Path, tmp_path: Path) -> Path:
    """content/, output/ (built once) and outside/ with a private file, in a folder of this test's own."""
    shutil.copytree(first_build / "content", tmp_path / "content")
    shutil.copytree(first_build / "output", tmp_path / "output", symlinks=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.key"
    secret.write_bytes(SECRET)
    secret.chmod(0o600)
    return tmp_path


def rebuild(tree: Path, options: BuildOptions = OPTIONS) -> BuildCache:
    cache = BuildCache.of_output(tree / "output")
    build(tree / "content", ["tiny"], tree / "output", options, cache=cache)
    return cache


def state(path: Path) -> dict[str, Any]:
    """Everything about a folder outside output/ that a build might change: names, bytes, modes, links."""
    found: dict[str, Any] = {}
    for folder, dirs, names in os.walk(path):
        for name in sorted(dirs + names):
            item = Path(folder, name)
            info = item.lstat()
            data = item.read_bytes() if stat.S_ISREG(info.st_mode) else os.readlink(item) if item.is_symlink() else ""
            found[str(item.relative_to(path))] = (stat.S_IFMT(info.st_mode), info.st_mode & 0o7777, info.st_nlink,
                                                  info.st_mtime_ns, data)
    return found


def files_holding(root: Path, data: bytes) -> list[Path]:
    """Files under `root` (links not followed) whose bytes are `data`. What the build's detached remover
    deletes meanwhile (a replaced generation in `.pnp/trash-*`) is skipped, not an error."""
    found = []
    for folder, _, names in os.walk(root):  # a folder that vanishes while it is walked is left out
        for name in names:
            path = Path(folder, name)
            try:
                if not path.is_symlink() and path.is_file() and path.read_bytes() == data:
                    found.append(path)
            except FileNotFoundError:
                continue
    return found


def links_under(path: Path) -> list[str]:
    return [str(Path(folder, name)) for folder, dirs, names in os.walk(path) for name in dirs + names
            if Path(folder, name).is_symlink()]


def generation(tree: Path) -> Path:
    """The build in use (output/.pnp/generations/<n>), as pnp's own `current` link names it."""
    target = os.readlink(tree / "output" / ".pnp" / "current")
    assert target.startswith("generations/") and target.split("/")[1].isdigit()
    return tree / "output" / ".pnp" / target


def entry_holding(tree: Path, name: str) -> Path:
    """The cache entry whose manifest lists the file `name`."""
    cache = tree / "output" / ".pnp" / "cache"
    found = [entry for entry in cache.iterdir() if (entry / "files.json").is_file()
             and name in listed(json.loads((entry / "files.json").read_text(encoding="utf-8")))]
    assert len(found) == 1, found
    return found[0]


def listed(manifest: Any) -> list[str]:
    """The files a manifest lists (a list of names before manifests recorded digests)."""
    return list(manifest.get("files", {})) if isinstance(manifest, dict) else list(manifest)


def sign(entry: Path, name: str, data: bytes) -> None:
    """Record `data`'s digest for `name` in the entry's manifest, as someone who knows the format would."""
    manifest = json.loads((entry / "files.json").read_text(encoding="utf-8"))
    if isinstance(manifest, list):
        manifest = sorted(set(manifest) | {name})
    else:
        manifest["files"][name] = hashlib.sha256(data).hexdigest()
    (entry / "files.json").write_text(json.dumps(manifest), encoding="utf-8")


# --- the build cache: no code, no links, no moved or edited entries ---------------------------------

def test_the_cache_holds_no_pickles_and_the_sealing_module_is_gone(tree: Path) -> None:
    with pytest.raises(ImportError):
        __import__("generator.loaded_games")
    cache = tree / "output" / ".pnp" / "cache"
    blobs = list(cache.glob("*/bytes"))
    assert blobs, "the first build kept some bytes (fingerprints, digests)"
    for blob in blobs:
        assert not blob.read_bytes().startswith(b"\x80"), f"{blob} is a pickle"
        json.loads((blob.parent / "files.json").read_text(encoding="utf-8"))  # a manifest of plain JSON


def test_a_link_planted_in_a_cache_entry_is_not_restored_and_not_served(tree: Path) -> None:
    outside = tree / "outside"
    before = state(outside)
    page = "site/tiny/en/index.html"
    entry = entry_holding(tree, page)
    original = (generation(tree) / page).read_bytes()
    planted = entry / "files" / "site" / "tiny" / "en" / "secret.txt"
    planted.symlink_to(outside / "secret.key")
    sign(entry, "site/tiny/en/secret.txt", SECRET)  # the strongest attacker: knows the bytes it points at
    (entry / "files" / page).unlink()
    (entry / "files" / page).symlink_to(outside / "secret.key")  # a restored page replaced by a link
    sign(entry, page, SECRET)

    cache = rebuild(tree)
    assert "tiny/site/en" in cache.made and "tiny/site/en" not in cache.reused  # the entry was a miss
    site = tree / "output" / "site"
    assert not links_under(generation(tree)), "output/ holds no link but pnp's own"
    assert not (site / "tiny" / "en" / "secret.txt").exists()
    assert (site / page.removeprefix("site/")).read_bytes() == original
    assert state(outside) == before, "the file outside is untouched (not even hard-linked)"
    assert (outside / "secret.key").stat().st_nlink == 1

    # a link there anyway (planted in output/ directly) is not served
    (site / "tiny" / "en" / "leak.txt").symlink_to(outside / "secret.key")
    (site / "tiny" / "en" / "leaks").symlink_to(outside)
    status, body = serve(site, "/tiny/en/leak.txt")
    assert status.startswith("404") and SECRET not in body
    status, body = serve(site, "/tiny/en/leaks/secret.key")
    assert status.startswith("404") and SECRET not in body
    status, body = serve(site, "/tiny/en/index.html")
    assert status.startswith("200") and body == original


def test_an_entry_moved_under_another_key_is_not_used(tree: Path) -> None:
    outside = state(tree / "outside")
    german, english = entry_holding(tree, "site/tiny/de/index.html"), entry_holding(tree, "site/tiny/en/index.html")
    shutil.rmtree(german)
    shutil.copytree(english, german)  # the English site, whole and intact, under the German site's key
    before = (generation(tree) / "site/tiny/de/index.html").read_bytes()
    cache = rebuild(tree)
    assert "tiny/site/de" in cache.made and "tiny/site/en" in cache.reused
    assert (tree / "output/site/tiny/de/index.html").read_bytes() == before
    assert 'lang="de"' in before.decode("utf-8")
    assert state(tree / "outside") == outside


def test_a_hand_edited_cached_page_is_not_restored(tree: Path) -> None:
    page = "site/tiny/en/index.html"
    entry = entry_holding(tree, page)
    cached = entry / "files" / page
    text = cached.read_text(encoding="utf-8")
    cached.unlink()  # a file of its own (not the output's, which shares its bytes by a hard link)
    cached.write_text(text.replace("</body>", "<script>alert('planted')</script></body>"), encoding="utf-8")
    cache = rebuild(tree)
    assert "tiny/site/en" in cache.made
    assert "alert('planted')" not in (tree / "output" / page).read_text(encoding="utf-8")


def test_entries_are_verified_by_key_digest_and_file_type(tmp_path: Path) -> None:
    base = tmp_path / "made"
    (base / "sub").mkdir(parents=True)
    (base / "sub" / "page.html").write_text("page\n", encoding="utf-8")
    folder = tmp_path / "cache"
    cache = BuildCache(folder)
    one, two, three = "1" * 32, "2" * 32, "3" * 32
    cache.store(one, base, [base / "sub" / "page.html"], "game/site/en")
    cache.keep_bytes(two, b"kept")
    cache.commit()
    assert BuildCache(folder).restore(one, tmp_path / "a", None) == [tmp_path / "a" / "sub" / "page.html"]
    assert BuildCache(folder).remembered_bytes(two, lambda: b"made") == b"kept"

    shutil.copytree(folder / two, folder / three)  # a blob moved under another key
    assert BuildCache(folder).remembered_bytes(three, lambda: b"made") == b"made"  # a miss
    (folder / two / "bytes").write_bytes(b"kep!")  # a blob edited by hand
    assert BuildCache(folder).remembered_bytes(two, lambda: b"made") == b"made"  # a miss
    (folder / two / "bytes").unlink()
    (folder / two / "bytes").symlink_to(tmp_path / "made" / "sub" / "page.html")  # a blob that is a link
    assert BuildCache(folder).remembered_bytes(two, lambda: b"made") == b"made"  # a miss

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "page.html").write_text("page\n", encoding="utf-8")  # the same bytes, so the digest matches
    files = folder / one / "files"
    shutil.rmtree(files / "sub")
    (files / "sub").symlink_to(outside)  # a folder of the entry that is a link out of it
    assert BuildCache(folder).restore(one, tmp_path / "b", None) is None
    assert not (tmp_path / "b").exists() or not any((tmp_path / "b").rglob("*.html"))
    assert (outside / "page.html").stat().st_nlink == 1
    shutil.rmtree(folder / three)
    (folder / three).symlink_to(folder / one)  # an entry that is a link
    assert BuildCache(folder).restore(three, tmp_path / "c", None) is None


# --- output/.pnp: nothing there is followed out of it ------------------------------------------------

def test_a_cache_folder_linked_elsewhere_is_replaced_and_the_folder_there_untouched(tree: Path) -> None:
    elsewhere = tree / "elsewhere"
    for number in range(60):  # half named like cache entries, half not: none is pnp's
        name = f"{number:032x}" if number % 2 else f"project-{number}"
        (elsewhere / name).mkdir(parents=True)
        (elsewhere / name / "notes.txt").write_text(f"mine {number}\n", encoding="utf-8")
    old = os.utime(elsewhere / f"{1:032x}", (0, 0))  # older than a week: pruning would pick it first
    assert old is None
    before = state(elsewhere)
    cache_folder = tree / "output" / ".pnp" / "cache"
    shutil.rmtree(cache_folder)
    cache_folder.symlink_to(elsewhere)
    cache = rebuild(tree)
    assert state(elsewhere) == before, "all 60 folders untouched and nothing written there"
    assert not cache_folder.is_symlink() and cache_folder.is_dir() and any(cache_folder.iterdir())
    assert len(cache.made) == 8  # every unit: nothing came from the folder elsewhere


def test_pruning_removes_only_what_pnp_named(tree: Path) -> None:
    cache_folder = tree / "output" / ".pnp" / "cache"
    mine = [cache_folder / "notes", cache_folder / ".new-mine", cache_folder / ".trash-mine", cache_folder / ("A" * 32)]
    for folder in mine:
        folder.mkdir()
        (folder / "keep.txt").write_text("mine\n", encoding="utf-8")
        os.utime(folder, (0, 0))
    stale = cache_folder / ("f" * 32)
    stale.mkdir()
    os.utime(stale, (0, 0))  # an entry's name, unused for a week: pruned
    rebuild(tree)
    for folder in mine:
        assert (folder / "keep.txt").read_text(encoding="utf-8") == "mine\n"
    assert not stale.exists()


@pytest.mark.parametrize("how", ["outside", "generation-link"])
def test_a_redirected_current_brings_no_outside_file_into_output(tree: Path, how: str) -> None:
    outside = tree / "outside"
    for name in ("tiny", "private", "site"):
        (outside / name).mkdir()
        private = outside / name / "private.txt"
        private.write_bytes(SECRET)
        private.chmod(0o600)
    before = state(outside)
    current = tree / "output" / ".pnp" / "current"
    current.unlink()
    if how == "outside":
        current.symlink_to(outside)
    else:  # pnp's own form, but the generation it names is a link out of .pnp
        (tree / "output" / ".pnp" / "generations" / "7").symlink_to(outside)
        current.symlink_to("generations/7")
    rebuild(tree, BuildOptions(tts_url=OPTIONS.tts_url, languages=("en",)))  # keeps and merges the rest
    output = tree / "output"
    found = files_holding(output, SECRET)
    assert not found, found
    assert not (output / "private").exists()
    assert state(outside) == before
    assert os.readlink(current).startswith("generations/") and not links_under(generation(tree))


def test_user_folders_named_like_old_leftovers_survive_a_build(tree: Path) -> None:
    output = tree / "output"
    mine = [output / ".old-x", output / ".staging-y", output / ".cards-staging-z", output / ".pnp" / "notes",
            output / ".pnp" / "staging-mine", output / ".pnp" / "trash-mine"]
    for folder in mine:
        folder.mkdir()
        (folder / "keep.txt").write_text("mine\n", encoding="utf-8")
    rebuild(tree)
    for folder in mine:
        assert (folder / "keep.txt").read_text(encoding="utf-8") == "mine\n", folder


def test_a_lock_that_is_a_link_creates_nothing_at_its_target(tree: Path) -> None:
    lock = tree / "output" / ".pnp" / "lock"
    lock.unlink()
    target = tree / "outside" / "made-by-the-build"
    lock.symlink_to(target)
    rebuild(tree)
    assert not target.exists() and not target.is_symlink()
    assert lock.is_file() and not lock.is_symlink()


@pytest.mark.parametrize("command", ["build", "cards"])
def test_a_lock_that_is_a_folder_is_one_sentence_for_build_and_cards(tree: Path, command: str) -> None:
    from generator.commands.cards import cards

    lock = tree / "output" / ".pnp" / "lock"
    lock.unlink()
    (lock / "inside").mkdir(parents=True)
    before = state(tree / "output" / ".pnp" / "generations")
    with pytest.raises(CommandFailed) as failed:
        if command == "build":
            rebuild(tree)
        else:
            cards(tree / "content", ["tiny"], tree / "output", OPTIONS)
    message = failed.value.line
    assert message.startswith(f"{command}: ") and "lock" in message and "\n" not in message, message
    assert (lock / "inside").is_dir()  # not removed: pnp did not make it
    assert state(tree / "output" / ".pnp" / "generations") == before  # the build in use, untouched


def test_a_state_folder_that_is_a_link_is_refused_in_one_sentence(tree: Path) -> None:
    state_folder = tree / "output" / ".pnp"
    moved = tree / "outside" / "state"
    state_folder.rename(moved)
    state_folder.symlink_to(moved)
    before = state(tree / "outside")
    with pytest.raises(CommandFailed) as failed:
        rebuild(tree)
    message = failed.value.line
    assert message.startswith("build: ") and ".pnp is a link" in message and "\n" not in message
    assert state(tree / "outside") == before


# --- only inside --output ------------------------------------------------------------------------------

def test_a_build_writes_nothing_beside_its_output_folder(tree: Path) -> None:
    fresh = tree / "fresh"
    build(tree / "content", ["tiny"], fresh / "out", OPTIONS)
    assert sorted(p.name for p in fresh.iterdir()) == ["out"]
    project = fresh / "out" / ".pnp" / "project"
    assert (project / "docs" / "tiny" / "mkdocs.en.yml").is_file() and (project / "mkdocs.base.yml").is_file()
    rebuild_fresh = BuildCache.of_output(fresh / "out")
    build(tree / "content", ["tiny"], fresh / "out", OPTIONS, cache=rebuild_fresh)  # every site from the cache
    assert rebuild_fresh.made == []
    assert (project / "docs" / "tiny" / "mkdocs.de.yml").is_file() and (project / "mkdocs.base.yml").is_file()
    assert sorted(p.name for p in fresh.iterdir()) == ["out"]


# --- pnp serve -------------------------------------------------------------------------------------------

def serve(root: Path, path: str, host: str | None = None) -> tuple[str, bytes]:
    """One request to pnp serve's server (as `pnp serve` builds it), answered in this process."""
    from mkdocs.livereload import LiveReloadServer

    from generator.commands.serve import host_checked, inside_root, with_error_overlay

    server = with_error_overlay(inside_root(host_checked(LiveReloadServer)))(
        builder=lambda: None, host="127.0.0.1", port=0, root=str(root))
    try:
        answered: list[str] = []
        environ = {"PATH_INFO": path, "HTTP_HOST": host or f"127.0.0.1:{server.server_address[1]}",
                   "REQUEST_METHOD": "GET"}
        body = b"".join(server.serve_request(environ, lambda status, headers: answered.append(status)))
        return answered[0], body
    finally:
        server.server_close()


@pytest.mark.parametrize(("host", "allowed"), [
    ("localhost:8000", True), ("127.0.0.1:8000", True), ("[::1]:8000", True), ("localhost", True),
    ("localhost:8000@evil", False), ("localhost:8000@evil.example:8000", False), ("evil.example:8000", False),
    ("127.0.0.1.evil.example", False), ("localhost:8000/x", False), ("localhost:port", False), ("", False)])
def test_the_host_header_is_read_as_a_url_parser_reads_it(host: str, allowed: bool) -> None:
    from generator.commands.serve import host_allowed

    assert host_allowed(host, "127.0.0.1") is allowed


def test_a_host_with_user_info_is_refused_by_the_server(tree: Path) -> None:
    site = tree / "output" / "site"
    status, body = serve(site, "/tiny/en/index.html", host="localhost:8000@evil")
    assert status.startswith("403") and b"localhost" in body
    status, _ = serve(site, "/tiny/en/index.html", host="[::1]:8000")
    assert status.startswith("200")
