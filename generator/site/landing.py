"""The two plain pages around the games' sites: the list of games and each game's language choice.

output/site/index.html lists the games of the build (output/site-designer/index.html the same for the
designers' pages, generator.site.designer); output/site/<game>/index.html sends the
browser to the game's site in the reader's language (the first of the browser's languages that
the site has, else English, else the first built). Both work opened from disk. Titles come from
content, so they are escaped like everything else that reaches HTML.
"""

from __future__ import annotations

import json

from generator.content.loader import GameContent
from generator.content.schema_version import version_line
from generator.rulestext.i18n import LANGUAGE_NAMES, label
from generator.rulestext.markup import html_escape

FALLBACK_LANGUAGE = "en"
FAVICON = "assets/images/favicon.png"  # the theme's, in every built site
STYLE = ("body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:42rem;margin:2rem auto;"
         "padding:0 1rem;line-height:1.5;color:#222}a{color:#3f51b5}li{margin:.8rem 0}"
         ".pnp-game{font-size:1.25rem;font-weight:600}.pnp-languages{font-size:.95rem}"
         ".pnp-rules-version{font-size:.9rem;color:#555}")


def fallback(languages: tuple[str, ...]) -> str:
    """The language for a reader whose browser asks for none the site has."""
    return FALLBACK_LANGUAGE if FALLBACK_LANGUAGE in languages else languages[0]


def _title(content: GameContent, languages: tuple[str, ...]) -> str:
    """The game's title in the fallback language, with the other languages' when they differ."""
    first = content.game.title.get(fallback(languages))
    others = [content.game.title.get(lang) for lang in languages]
    return " / ".join(dict.fromkeys([first, *others]))


def _version(content: GameContent, languages: tuple[str, ...]) -> str:
    """The rules version and date as the game's pages show it in their footer, in each language where the words
    differ ("" for a game without a version: its pages show none either)."""
    if content.game.version is None:
        return ""
    lines = dict.fromkeys(version_line(content.game.version, lang) for lang in languages)
    return f'<span class="pnp-rules-version">{html_escape(" / ".join(lines))}</span>'


def _language_links(prefix: str, languages: tuple[str, ...]) -> str:
    return " · ".join(f'<a href="{prefix}{lang}/index.html" hreflang="{lang}" lang="{lang}">'
                      f'{html_escape(LANGUAGE_NAMES[lang])}</a>' for lang in languages)


def _page(lang: str, title: str, body: str, icon: str, script: str = "") -> str:
    return f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="{icon}">
  <style>{STYLE}</style>{script}
</head>
<body>
<main>
{body}
</main>
</body>
</html>
"""


DESIGNER_HEADING = {"de": "Für Autoren", "en": "For designers"}
PLAYERS_LINK = {"de": "Die Regeln für Spieler", "en": "The rules for players"}
PLAYERS_LANDING = "../site/index.html"  # from output/site-designer/index.html


def games_page(contents: list[GameContent], languages: tuple[str, ...], designer: bool = False) -> str:
    """output/site/index.html: every game of the build, each with the languages it was built in (a game made
    in one language links to that one only; a game made in none of `languages` is not listed).
    `designer`: the same list for output/site-designer/index.html, the designers' pages of each game."""
    built = [(c, c.built_in(languages)) for c in contents if c.built_in(languages)]
    shown = tuple(lang for lang in languages if any(lang in langs for _, langs in built)) or languages
    words = DESIGNER_HEADING if designer else {lang: label("rules", lang) for lang in shown}
    heading = html_escape(" · ".join(dict.fromkeys(words.get(lang, words.get("en", "")) for lang in shown)))
    items = "\n".join(f'  <li><a class="pnp-game" href="{c.id}/index.html">{html_escape(_title(c, langs))}</a><br>\n'
                      f'    <span class="pnp-languages">{_language_links(c.id + "/", langs)}</span>'
                      + (f'<br>\n    {_version(c, langs)}' if _version(c, langs) else "") + "</li>"
                      for c, langs in built)
    icon = f"{built[0][0].id}/{fallback(built[0][1])}/{FAVICON}" if built else "data:,"
    back = ""
    if designer:  # the designers' list leads back to the players' (never the other way: output/site stands alone)
        players = html_escape(" · ".join(dict.fromkeys(PLAYERS_LINK.get(lang, PLAYERS_LINK["en"]) for lang in shown)))
        back = f'\n<p><a href="{PLAYERS_LANDING}">{players}</a></p>'
    return _page(fallback(shown), heading,
                 f"<h1>{heading}</h1>\n<ul class=\"pnp-games\">\n{items}\n</ul>{back}", icon)


def language_choice(content: GameContent, languages: tuple[str, ...]) -> str:
    """output/site/<game>/index.html: off to the reader's language; links for a browser without scripts."""
    title = html_escape(_title(content, languages))
    script = f"""
  <script>
    (function () {{
      var known = {json.dumps(list(languages))};
      var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
      var chosen = {json.dumps(fallback(languages))};
      for (var i = 0; i < wanted.length; i++) {{
        var code = String(wanted[i]).slice(0, 2).toLowerCase();
        if (known.indexOf(code) >= 0) {{ chosen = code; break; }}
      }}
      location.replace(chosen + "/index.html");
    }})();
  </script>"""
    version = _version(content, languages)
    body = (f"<h1>{title}</h1>\n" + (f"<p>{version}</p>\n" if version else "")
            + f"<p>{html_escape(' / '.join(label('choose_language', lang) for lang in languages))}: "
            f"{_language_links('', languages)}</p>\n<p><a href=\"../index.html\">"
            f"{html_escape(' / '.join(dict.fromkeys(label('games', lang) for lang in languages)))}</a></p>")
    return _page(fallback(languages), title, body, f"{fallback(languages)}/{FAVICON}", script)
