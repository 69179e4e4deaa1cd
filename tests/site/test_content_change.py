"""One number changed in the content shows up in the card PDF, the gallery and the rules text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.conftest import copy_content, pnp_build


def starbase_pod_words(output: Path) -> list[str]:
    """Words printed on the Starbase front in the print-on-demand PDF (one card per page)."""
    pdfplumber = pytest.importorskip("pdfplumber")
    pod = output / "escape-earth" / "cards-de-pod.pdf"
    if not pod.is_file():
        pytest.skip("the cards step did not write cards-de-pod.pdf")
    with pdfplumber.open(pod) as pdf:
        for page in pdf.pages:
            words = [w["text"] for w in page.extract_words()]
            if "Sternenbasis" in words:
                return words
    raise AssertionError("no Starbase page in the POD file")


def gallery_cost(output: Path) -> str:
    html = (output / "site" / "escape-earth" / "de" / "cards.html").read_text(encoding="utf-8")
    section = html.split('id="card-sternenbasis"')[1].split("<h3")[0]
    return re.search(r"<strong>Baukosten:</strong> (\d+)", section).group(1)


def rules_cost(output: Path, lang: str) -> str:
    html = (output / "site" / "escape-earth" / lang / "rules" / "card-reference.html").read_text(encoding="utf-8")
    name = "Sternenbasis" if lang == "de" else "Starbase"
    found = re.search(rf"<td>(?:<a [^>]*>)?{name}(?:</a>)?</td>\s*<td>\d+</td>\s*<td>(\d+)</td>", html)
    assert found, f"no row of {name} in the card reference"  # the name may link to its card page
    return found.group(1)


@pytest.mark.slow
def test_a_building_cost_changes_everywhere(built, tmp_path):
    content = copy_content(tmp_path / "content")
    buildings = content / "escape-earth" / "cards" / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    starbase = text.index("id: sternenbasis")
    changed = text[:starbase] + text[starbase:].replace("build_cost: 4", "build_cost: 5")
    assert changed.count("build_cost: 5") == 2  # the front and the upgraded back
    buildings.write_text(changed, encoding="utf-8")
    root = tmp_path / "run"
    root.mkdir()
    run = pnp_build(root, content, "escape-earth")
    assert run.code == 0, run.err

    assert gallery_cost(built.output) == "4" and gallery_cost(run.output) == "5"
    for lang in ("de", "en"):
        assert rules_cost(built.output, lang) == "4" and rules_cost(run.output, lang) == "5"
    setup = (run.output / "site" / "escape-earth" / "de" / "rules" / "setup.html").read_text(encoding="utf-8")
    assert re.search(r"<strong>(?:<a [^>]*>)?Sternenbasis(?:</a>)?</strong> – Baukosten 5", setup)  # a card link
    before, after = starbase_pod_words(built.output), starbase_pod_words(run.output)
    assert "4" in before and "5" not in before
    assert "5" in after and "4" not in after
