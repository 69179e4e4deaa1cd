"""Hostile and unlucky files in a game folder: each is exit 1 with the file (and line) named.

Links to files elsewhere, FIFOs, devices, folders named like pages, bytes that are not UTF-8,
nesting and numbers beyond any game, icons with scripts, entities or external references:
nothing outside the game folder is read, nothing hangs, and `pnp check` never ends in an
internal error (exit 3).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.content.conftest import edit
from tests.content.conftest import pnp_child as pnp  # a FIFO or a bomb must stop only the child


def check(content: Path):
    return pnp("check", "--content", str(content))


def assert_refused(result, where: str, words: str = "") -> None:
    assert result.code == 1, (result.code, result.err)
    assert "Traceback" not in result.err and "internal error" not in result.err
    lines = [line for line in result.err.splitlines() if where in line]
    assert lines, f"no error names {where!r}: {result.err}"
    assert any(words in line for line in lines), result.err


def page(content: Path, lang: str = "en") -> Path:
    return content / "tiny" / "rules" / lang / "overview.md"


def test_rules_page_linked_to_a_file_elsewhere_is_refused(content: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("# Secret\n\nthe neighbour's notes\n", encoding="utf-8")
    (content / "tiny/rules/en/20-secret.md").symlink_to(secret)
    assert_refused(check(content), "tiny/rules/en/20-secret.md:1:1", "symbolic link")


def test_rules_folder_linked_elsewhere_is_refused(content: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (content / "tiny/rules/en").rename(elsewhere)
    (content / "tiny/rules/en").symlink_to(elsewhere)
    assert_refused(check(content), "tiny/rules/en", "symbolic link")


def test_rules_page_linked_to_dev_zero_is_refused_at_once(content: Path) -> None:
    (content / "tiny/rules/en/20-zero.md").symlink_to("/dev/zero")
    assert_refused(check(content), "tiny/rules/en/20-zero.md", "symbolic link")


def test_fifo_as_rules_page_does_not_hang(content: Path) -> None:
    os.mkfifo(content / "tiny/rules/en/20-pipe.md")
    assert_refused(check(content), "tiny/rules/en/20-pipe.md", "not a regular file")


def test_folder_named_like_a_page_is_refused(content: Path) -> None:
    (content / "tiny/rules/en/x.md").mkdir()
    assert_refused(check(content), "tiny/rules/en/x.md", "is a folder")


def test_rules_page_over_the_size_limit_is_refused(content: Path) -> None:
    page(content).write_text("# Big\n\n" + "word " * 300_000, encoding="utf-8")
    assert_refused(check(content), "tiny/rules/en/overview.md:1:1", "over the 1 MB limit")


def test_rules_page_that_is_not_utf8_names_line_and_column(content: Path) -> None:
    page(content).write_bytes(b"# Rules\n\nab\xff\xfecd\n")
    assert_refused(check(content), "tiny/rules/en/overview.md:3:3", "not UTF-8")


def test_card_file_linked_elsewhere_is_refused(content: Path, tmp_path: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    outside = tmp_path / "events.yaml"
    cards.rename(outside)
    cards.symlink_to(outside)
    assert_refused(check(content), "tiny/cards/events.yaml", "symbolic link")


@pytest.mark.parametrize("layout", ["/etc/passwd", "../../../etc/passwd", "../../templates/layouts/card"])
def test_layout_name_may_not_be_a_path(content: Path, layout: str) -> None:
    edit(content / "tiny/game.yaml", "    size: mini\n", f"    size: mini\n    layout: '{layout}'\n")
    assert_refused(check(content), "tiny/game.yaml:", "kinds[0].layout")


def test_layout_file_linked_elsewhere_is_refused(content: Path, tmp_path: Path) -> None:
    outside = tmp_path / "stolen.yaml"
    outside.write_text("front: {content: []}\n", encoding="utf-8")
    (content / "tiny/layouts").mkdir()
    (content / "tiny/layouts/stolen.yaml").symlink_to(outside)
    edit(content / "tiny/game.yaml", "    size: mini\n", "    size: mini\n    layout: stolen\n")
    assert_refused(check(content), "tiny/layouts/stolen.yaml", "symbolic link")


ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>\n'
HOSTILE_ICONS = {
    "script": (ICON.format('\n<script>alert(1)</script>'), 2, "element <script>"),
    "handler": (ICON.format('\n<circle cx="5" cy="5" r="4" onclick="alert(1)"/>'), 2, "event attribute 'onclick'"),
    "external": (ICON.format('\n<use href="https://example.org/x.svg#a"/>'), 2, "refer only to its own parts"),
    "xlink": ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
              '\n<image xlink:href="file:///etc/passwd"/></svg>', 2, "element <image>"),
    "style-url": (ICON.format('\n<rect width="5" height="5" style="fill: url(https://example.org/x)"/>'), 2,
                  "refers to another file"),
    "foreign": (ICON.format('\n<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), 2,
                "element <foreignObject>"),
    "broken": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<circle cx="5"\n', 2,
               "not well-formed XML"),
    "entity-bomb": ('<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;">\n]>\n'
                    '<svg xmlns="http://www.w3.org/2000/svg">&b;</svg>', 0, "DTDs and entities"),
    "xxe": ('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            '<svg xmlns="http://www.w3.org/2000/svg">&x;</svg>', 0, "DTDs and entities"),
    "nothing": (ICON.format(""), 1, "draws nothing"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE_ICONS))
def test_hostile_icon_is_refused_at_its_line(content: Path, name: str) -> None:
    text, line, words = HOSTILE_ICONS[name]
    (content / "tiny/icons").mkdir()
    (content / "tiny/icons/food.svg").write_text(text, encoding="utf-8")
    where = f"tiny/icons/food.svg:{line}:" if line else "tiny/icons/food.svg:"
    assert_refused(check(content), where, words)


def test_linked_icon_is_refused(content: Path) -> None:
    (content / "tiny/icons").mkdir()
    shared = Path(__file__).resolve().parents[2] / "templates/icons/food.svg"
    (content / "tiny/icons/food.svg").symlink_to(shared)
    assert_refused(check(content), "tiny/icons/food.svg", "symbolic link")


@pytest.mark.slow
def test_deeply_nested_yaml_is_an_error_with_a_place(content: Path) -> None:
    (content / "tiny/cards/deep.yaml").write_text("cards:\n  - " + "[" * 100_000 + "]" * 100_000 + "\n",
                                                  encoding="utf-8")
    assert_refused(check(content), "tiny/cards/deep.yaml:2:", "nests deeper than")


def test_integer_of_5001_digits_is_an_error_with_a_place(content: Path) -> None:
    edit(content / "tiny/cards/events.yaml", "    count: 2\n", "    count: " + "9" * 5001 + "\n")
    assert_refused(check(content), "tiny/cards/events.yaml:4:12", "")


@pytest.mark.slow
@pytest.mark.parametrize("value", ["1000000000000000000", ".inf", "1e400", ".nan"])
def test_numbers_beyond_any_game_are_errors_with_a_place(content: Path, value: str) -> None:
    edit(content / "tiny/game.yaml", "age: 8\n", f"age: {value}\n")
    assert_refused(check(content), "tiny/game.yaml:5:6", "")


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_empty_game_yaml_is_an_error_not_a_vanished_game(content: Path, text: str) -> None:
    (content / "tiny/game.yaml").write_text(text, encoding="utf-8")
    assert_refused(check(content), "tiny/game.yaml:1:1", "game.yaml is empty")


def test_two_folders_with_the_same_game_id_are_refused(content: Path) -> None:
    import shutil

    shutil.copytree(content / "tiny", content / "tiny-copy")
    assert_refused(check(content), "tiny-copy/game.yaml:1:5", "game id 'tiny' is also the id of")


def test_layout_image_linked_elsewhere_is_refused(content: Path, tmp_path: Path) -> None:
    """A card image that is a link to a picture elsewhere is not embedded in the PDFs."""
    import shutil as sh

    layouts = content / "tiny/layouts"
    layouts.mkdir()
    (layouts / "event.yaml").write_text(
        "front:\n  content:\n    - {type: image, x: 0, y: 0, w: 10, h: 10, src: art/picture.png}\n", encoding="utf-8")
    picture = tmp_path / "picture.png"
    sh.copyfile(Path(__file__).resolve().parents[2] / "templates/icons/food.svg", picture)
    (content / "tiny/art").mkdir()
    (content / "tiny/art/picture.png").symlink_to(picture)
    result = pnp("cards", "--content", str(content), "--output", str(tmp_path / "out"))
    assert result.code == 1 and "Traceback" not in result.err, result.err
    assert "image 'art/picture.png' is a symbolic link" in result.err


def test_an_error_about_a_value_with_line_breaks_stays_on_one_line(content: Path) -> None:
    """Found by the fuzz test: an id of "\\r" broke its error line in two."""
    edit(content / "tiny/cards/events.yaml", "  - id: hunger\n", '  - id: "hun\\rger\\n\\u001b[31m"\n')
    result = check(content)
    assert result.code == 1
    lines = result.err.splitlines()
    assert all(line.startswith(str(content)) or line.endswith("file(s)") or "tiny/" in line for line in lines), lines
    assert any("hun\\rger\\n\\x1b[31m" in line for line in lines), lines
