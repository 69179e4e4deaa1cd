"""Small Markdown helpers shared by the page writers: relative links, escaping, inline icons.

Every generated page is plain Markdown that mkdocs checks in strict mode, so links are written
relative to the page that holds them (mkdocs then verifies that each target exists).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable

from generator.content.loader import GameContent

ICON_RE = re.compile(r":([a-z][a-z0-9_-]*):")
# marks of code (spans, fences, indented blocks) and raw HTML, where Markdown shows an image's Markdown as text
CODE_OR_HTML = re.compile(r"[`~<]|^[ \t>]*(?: {4}|\t)", re.MULTILINE)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def rel(from_page: str, target: str) -> str:
    """Link from the docs file `from_page` to the docs file `target` (both relative to docs/)."""
    return posixpath.relpath(target, posixpath.dirname(from_page) or ".")


def escape(text: str) -> str:
    """Text that Markdown prints literally (names may hold `*`, `_`, `[` ...)."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def icons_to_markdown(text: str, icon_target: Callable[[str], str | None], page: str,
                      alt: Callable[[str], str] = lambda name: name) -> str:
    """Replace `:name:` by an inline icon image where Markdown reads an image there; names that are no
    icon stay as they are, and so do names in code or raw HTML, which show their text as written."""
    images = _where_images_read(text)

    def image(match: re.Match) -> str:
        name = match.group(1)
        if images is not None and match.start() not in images:
            return match.group(0)
        target = icon_target(name)
        if target is None:
            return match.group(0)
        return f"![{escape(alt(name))}]({rel(page, target)}){{ .pnp-icon }}"

    return ICON_RE.sub(image, text)


def _where_images_read(text: str) -> set[int] | None:
    """The offsets of the `:name:`s in `text` at which the site's Markdown reads an image; None for all.

    Code (spans, fences, indented blocks) and raw HTML show an image's Markdown as text, and where they
    are is Python-Markdown's to say, nested in lists and quotes as they may be: so a text with any of
    their marks is read once with an image in each place, and the places that came out as images are
    the answer. A text without such marks (nearly all) is not read."""
    if not CODE_OR_HTML.search(text) or not ICON_RE.search(text):
        return None
    import markdown  # type: ignore[import-untyped]  # only texts with code or HTML come here

    from generator.rulestext.markdown_bounds import SITE_CONFIGS, SITE_EXTENSIONS

    probe = "pnpprobe"
    while probe in text:
        probe += "x"
    matches = list(ICON_RE.finditer(text))
    parts, position = [], 0
    for number, match in enumerate(matches):
        parts += [text[position:match.start()], f"![{probe}{number}z](i.svg){{ .pnp-icon }}"]
        position = match.end()
    html = markdown.Markdown(extensions=SITE_EXTENSIONS, extension_configs=SITE_CONFIGS).convert(
        "".join([*parts, text[position:]]))
    return {match.start() for number, match in enumerate(matches) if f'alt="{probe}{number}z"' in html}


def icon_words(content: GameContent, lang: str, name: str) -> str:
    """Words for an icon in `lang` (its alt text, read aloud): the resource, component or card kind that
    uses it, else the rules' words for it (`words: icon-<name>`, or a tag's `tag-<name>`), else the
    game's label for the value, else its name."""
    game = content.game
    for res in game.resources:
        if (res.icon or res.id) == name:
            return res.name.get(lang)
    for comp in game.components:
        if comp.icon == name:
            return (comp.label or comp.name).get(lang)
    for kind in game.kinds:
        if kind.icon == name:
            return kind.name.get(lang)
    words = content.sentences.get(lang, {}).get("words", {})
    for key in (f"icon-{name}", f"tag-{name}"):
        if isinstance(words.get(key), str) and words[key].strip():
            return str(words[key])
    return content.label(name, lang) or name


def table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table; cells must already be Markdown (pipes escaped)."""
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for row in rows:
        out.append("| " + " | ".join(cell.replace("\n", " ") for cell in row) + " |")
    return "\n".join(out)
