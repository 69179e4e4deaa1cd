"""The two sides of a comparison: a revision read from git's objects, refused revisions, untouched trees."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.diff.game_files import file_changes
from generator.diff.revisions import RevisionRefused, compared_sides, repository_of, resolve_commit, split_range
from tests.authoring.conftest import pnp
from tests.diff.conftest import git


def small_repository(where: Path) -> Path:
    """A repository with two tiny 'games' (only their files matter here) and a file outside content/."""
    for game in ("alpha", "beta"):
        (where / "content" / game / "cards").mkdir(parents=True)
        (where / "content" / game / "game.yaml").write_text(f"id: {game}\n", encoding="utf-8")
        (where / "content" / game / "cards" / "a.yaml").write_text("cards: []\n", encoding="utf-8")
    (where / "notes.txt").write_text("not content\n", encoding="utf-8")
    (where / ".gitattributes").write_text("content/alpha/cards/* export-ignore\n", encoding="utf-8")
    git(where, "init", "-q", "-b", "main")
    git(where, "add", "-A")
    git(where, "commit", "-q", "-m", "first")
    return where


def test_a_revision_is_read_without_touching_the_working_tree(tmp_path: Path) -> None:
    repo = small_repository(tmp_path)
    (repo / "content" / "alpha" / "cards" / "a.yaml").write_text("cards: [changed]\n", encoding="utf-8")
    (repo / "content" / "gamma").mkdir()
    (repo / "content" / "gamma" / "game.yaml").write_text("id: gamma\n", encoding="utf-8")
    status = git(repo, "status", "--porcelain")
    with compared_sides(repo / "content", None) as (old, new):
        assert old.label.startswith("HEAD (") and new.label == "working tree" and new.content_dir == repo / "content"
        assert sorted(p.name for p in old.content_dir.iterdir()) == ["alpha", "beta"]
        # as committed, export-ignore or not, and nothing from outside the content folder
        assert (old.content_dir / "alpha" / "cards" / "a.yaml").read_text(encoding="utf-8") == "cards: []\n"
        assert not (old.content_dir.parent / "notes.txt").exists()
        assert [(c.path, c.change) for c in file_changes(old.content_dir / "alpha", new.content_dir / "alpha")] == \
            [("cards/a.yaml", "changed")]
        assert old.shown(str(old.content_dir / "alpha" / "game.yaml")) == "HEAD:content/alpha/game.yaml"
        scratch = old.content_dir.parent.parent
    assert not scratch.exists()  # the exported revision is removed after
    assert git(repo, "status", "--porcelain") == status and git(repo, "stash", "list") == ""


def test_only_the_named_games_are_exported_and_ranges_compare_two_revisions(tmp_path: Path) -> None:
    repo = small_repository(tmp_path)
    (repo / "content" / "beta" / "game.yaml").write_text("id: beta\ntitle: new\n", encoding="utf-8")
    git(repo, "commit", "-q", "-am", "second")
    with compared_sides(repo / "content", "HEAD~1..HEAD", {"beta"}) as (old, new):
        assert [p.name for p in old.content_dir.iterdir()] == ["beta"] == [p.name for p in new.content_dir.iterdir()]
        assert new.label.startswith("HEAD (") and old.label.startswith("HEAD~1 (")
        assert [c.path for c in file_changes(old.content_dir / "beta", new.content_dir / "beta")] == ["game.yaml"]


def test_a_symbolic_link_stays_a_link_so_the_loader_refuses_it_as_in_a_checkout(tmp_path: Path) -> None:
    repo = small_repository(tmp_path)
    (repo / "content" / "alpha" / "cards" / "b.yaml").symlink_to("/etc/passwd")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a link")
    with compared_sides(repo / "content", "HEAD") as (old, _new):
        linked = old.content_dir / "alpha" / "cards" / "b.yaml"
        assert linked.is_symlink() and str(linked.readlink()) == "/etc/passwd"


def test_unknown_revisions_and_folders_outside_git_are_refused(tmp_path: Path) -> None:
    repo = small_repository(tmp_path / "repo")
    with pytest.raises(RevisionRefused, match="unknown revision 'nope'"):
        resolve_commit(repo, "nope")
    with pytest.raises(RevisionRefused, match="is not a revision"):
        resolve_commit(repo, "--output=x")
    outside = tmp_path / "loose" / "content"
    outside.mkdir(parents=True)
    with pytest.raises(RevisionRefused, match="is not inside a git repository"):
        repository_of(outside)
    assert repository_of(repo / "content") == (repo, "content")
    assert split_range(None) == ("HEAD", None) and split_range("v1..") == ("v1", "HEAD")
    assert split_range("a..b") == ("a", "b") and split_range("main") == ("main", None)


@pytest.mark.slow
def test_the_command_refuses_with_exit_2_and_one_sentence(tmp_path: Path) -> None:
    repo = small_repository(tmp_path / "repo")
    unknown = pnp("diff", "v9", cwd=repo)
    assert unknown.code == 2 and "Error: 'v9' is neither a game of 'content' nor a revision git knows" in unknown.err
    unknown = pnp("diff", "v9", "alpha", cwd=repo)
    assert unknown.code == 2 and "unknown revision 'v9'" in unknown.err
    (tmp_path / "loose" / "content").mkdir(parents=True)
    loose = pnp("diff", cwd=tmp_path / "loose")
    assert loose.code == 2 and "'content' is not inside a git repository" in loose.err
    assert "Traceback" not in unknown.err + loose.err
