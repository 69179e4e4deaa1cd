"""Leave out the theme files a built site never loads: source maps and other languages' search files.

mkdocs copies the theme's whole assets/ folder into every site: 2.6 MB, of which the source maps
(for the browser's developer tools) and the search's word splitters and stemmers for 30 other
languages are 2.3 MB. With one site per game and language those copies add up, so each site
keeps what its pages load: the bundle, the styles, the search worker, and the search files of
its own language (generator.site.stage calls this after mkdocs).
"""

from __future__ import annotations

from pathlib import Path

LUNR = Path("assets/javascripts/lunr")
# languages whose words the search splits with a segmenter of its own (the theme's worker loads it)
SEGMENTERS = {"ja": "tinyseg.js", "hi": "wordcut.js", "th": "wordcut.js"}


def needed_search_files(lang: str) -> set[str]:
    """The search files (under assets/javascripts/lunr/) a site in `lang` loads."""
    if lang == "en":
        return set()
    needed = {"min/lunr.stemmer.support.min.js", f"min/lunr.{lang}.min.js"}
    if lang in SEGMENTERS:
        needed.add(SEGMENTERS[lang])
    return needed


def prune_theme_assets(site_dir: Path, lang: str) -> list[Path]:
    """Remove the theme files a site in `lang` never loads; returns what was removed."""
    removed: list[Path] = []
    assets = site_dir / "assets"
    for source_map in sorted(assets.rglob("*.map")):
        source_map.unlink()
        removed.append(source_map)
    lunr = site_dir / LUNR
    needed = needed_search_files(lang)
    for path in sorted(p for p in lunr.rglob("*") if p.is_file()):
        if path.relative_to(lunr).as_posix() not in needed:
            path.unlink()
            removed.append(path)
    for folder in sorted((p for p in lunr.rglob("*") if p.is_dir()), reverse=True) + [lunr]:
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    return removed
