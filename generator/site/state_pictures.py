"""Pictures of the table on site pages: example steps and the setup diagrams of the rules pages.

An engine draws a state as a `StatePicture` (generator/rules/picture.py); here it becomes an SVG
file in the docs tree, written by the boards' SVG backend (every text an escaped XML text node),
and Markdown that shows it with its alt text and caption, zoomable (site/assets/zoom.js), and its
legend under it (site/picture_legend.py). The picture is shown at least about rules.picture.DISPLAY_PX wide
(assets/pnp.css), the width its labels are drawn to read at; a narrower page pans it sideways in its box.
"""

from __future__ import annotations

from generator.boards.svg import scene_svg
from generator.rules.picture import StatePicture
from generator.rulestext.i18n import label
from generator.rulestext.markup import escape, rel
from generator.rulestext.rules_text import picture_marker
from generator.site.game_site import GameSite
from generator.site.picture_legend import legend_html


def picture_line(site: GameSite, page: str, picture: StatePicture, folder: str, name: str, caption: str) -> str:
    """A state picture written as pictures/<folder>/<name>.svg and Markdown that shows it (zoomable)
    with its caption below (the picture is a block; see assets/pnp.css), then its legend as a block
    of HTML of its own (blank lines around it).

    The SVG's texts are XML text nodes written by the boards' SVG backend (escaped there); the
    alt text and caption are Markdown-escaped here, the legend's words HTML-escaped."""
    svg = '<?xml version="1.0" encoding="utf-8" ?>\n' + scene_svg(picture.scene, f"{folder}-{name}") + "\n"
    target = site.tree.data(site.path("pictures", folder, f"{name}.svg"), svg.encode("utf-8"))
    alt = " ".join(picture.alt.split())
    shown = f"![{escape(alt)}]({rel(page, target)}){{ .pnp-picture .pnp-zoom }} *{escape(caption)}*"
    legend = legend_html(picture.legend, site.lang, site.content.icons,
                         lambda file, svg: rel(page, site.tree.data(site.path("pictures", "legend", file), svg)))
    return f"{shown}\n\n{legend}\n" if legend else shown


def picture_markdown(site: GameSite, page: str, picture: StatePicture | None, name: str, caption: str) -> list[str]:
    """An example's picture as a paragraph of its own (no lines when the engine drew none)."""
    if picture is None:
        return []
    return [picture_line(site, page, picture, "examples", name, caption), ""]


def place_pictures(site: GameSite, page: str, slug: str, markdown: str, pictures: tuple[StatePicture, ...]) -> str:
    """A rules page with each `setup_picture(...)` marker replaced by its picture (captioned)."""
    for index, picture in enumerate(pictures):
        shown = picture_line(site, page, picture, "rules", f"{slug}-{index}", label("table_after_setup", site.lang))
        markdown = markdown.replace(picture_marker(index), shown, 1)
    return markdown
