"""The three outputs of `pnp diff`: content strings escaped everywhere, the report folder replaced whole."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from rich.console import Console

from generator.diff.balance import compare_batches
from generator.diff.cards import CardChange, FaceChange, FieldChange
from generator.diff.examples import BROKE, ExampleChange
from generator.diff.game_files import FileChange
from generator.diff.html_report import (
    MARK,
    ReportFolderRefused,
    check_report_folder,
    data_uri,
    finish_report,
    render_html,
    staging_folder,
)
from generator.diff.report import DiffReport, GameDiff
from generator.diff.revisions import Side
from generator.diff.rules_pages import PageChange
from generator.diff.terminal import print_report
from generator.rules.simulate import GameResult

HOSTILE = '<script>alert("x")</script>'
MARKUP = "[bold red]loud[/]"


def hostile_report(folder: Path) -> DiffReport:
    """A report whose every content string is markup: names, values, rules lines, example sentences."""
    Image.new("RGB", (4, 6), "white").save(folder / "before.png")
    Image.new("RGB", (4, 6), "black").save(folder / "after.png")
    card = CardChange(
        "evil",
        "changed",
        "building",
        {"de": HOSTILE, "en": HOSTILE + MARKUP},
        [FieldChange("fields.text", HOSTILE, {"x": MARKUP})],
        [FaceChange("en", "front", before="before.png", after="after.png", size=(4, 6), box=(0, 0, 4, 6))],
    )
    page = PageChange("en", "10-x.md", HOSTILE, "changed", ["--- a", "+++ b", "@@ -1 +1 @@", "-" + HOSTILE,
                                                            "+" + MARKUP], [HOSTILE], [MARKUP])
    example = ExampleChange("ex", {"de": HOSTILE, "en": HOSTILE}, BROKE, 1, HOSTILE, HOSTILE + MARKUP, [], [MARKUP])
    results = [GameResult(i, False, "chaos", 10, 20) for i in range(20)]
    balance = compare_batches("g", "random", 0, {}, True, results, results)
    game = GameDiff("g", HOSTILE, "changed", [FileChange("cards/<b>.yaml", "changed")], [card], [page], [example],
                    balance)
    game.playthroughs = [ExampleChange(HOSTILE + MARKUP, {"de": HOSTILE, "en": HOSTILE}, BROKE, 3, HOSTILE, MARKUP)]
    return DiffReport(Side("HEAD (abc1234)", folder, "HEAD", "abc1234"), Side("working tree", folder), [game],
                      str(folder))


def test_the_html_report_escapes_every_content_string(tmp_path: Path) -> None:
    page = render_html(hostile_report(tmp_path), lambda relative: relative)
    assert "<script" not in page and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page
    assert "cards/&lt;b&gt;.yaml" in page and '<span class="del">-&lt;script&gt;' in page
    assert 'src="before.png"' in page and 'src="after.png"' in page
    assert "broke" in page and "No significant difference" in page
    assert "<h3>Golden playthroughs</h3>" in page and "<code>&lt;script&gt;" in page


def test_html_on_standard_output_carries_its_pictures_inside(tmp_path: Path) -> None:
    page = render_html(hostile_report(tmp_path), data_uri(tmp_path))
    assert page.count('src="data:image/png;base64,') == 2 and 'src="before.png"' not in page


def test_the_terminal_prints_content_markup_as_written(tmp_path: Path) -> None:
    buffer = io.StringIO()
    print_report(hostile_report(tmp_path), Console(file=buffer, width=200, color_system=None, highlight=False))
    out = buffer.getvalue()
    assert MARKUP in out and HOSTILE in out  # shown literally, not read as rich markup
    assert "broke" in out and "1 (" in out and "fields.text" in out
    assert "golden playthroughs" in out and "3 (" in out


def test_a_folder_not_written_by_pnp_diff_is_refused_and_an_old_report_is_replaced(tmp_path: Path) -> None:
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "thesis.tex").write_text("mine", encoding="utf-8")
    with pytest.raises(ReportFolderRefused, match="holds files pnp diff did not write"):
        check_report_folder(theirs)
    check_report_folder(tmp_path / "new")  # a folder that does not exist yet is fine, an empty one too
    out = tmp_path / "report"
    for run in range(2):
        staging = staging_folder(out)
        (staging / f"picture-{run}.png").write_bytes(b"png")
        report = hostile_report(tmp_path)
        finish_report(report, staging, out)
        assert not staging.exists()
    assert sorted(p.name for p in out.iterdir()) == sorted([MARK, "diff.json", "index.html", "picture-1.png"])
    assert json.loads((out / "diff.json").read_text(encoding="utf-8"))["games"][0]["title"] == HOSTILE
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".report")]  # no staging or old folder left
