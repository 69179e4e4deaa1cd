"""A content tree that carries script payloads in every place content text reaches the rules site.

Each payload calls `alert(N)` with its own number, so a browser test that sees a dialog knows
which place let a script through. The tree is the repository's Escape Earth with the payloads
written into game.yaml, a card, an example, a rules page per language and a glossary entry; it
still builds (payloads are text, and the engine and the layouts do not care what names say).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
GAME = "escape-earth"

# (where, payload): where names the place, for the failure message of a test
INLINE = [
    "<svg onload=alert(1)>",
    "<img src=x onerror=alert(2)>",
    "<script>alert(3)</script>",
    "<iframe src=\"javascript:alert(4)\"></iframe>",
    "<details open ontoggle=alert(5)>x</details>",
    "<a href=\"javascript:alert(6)\">link6</a>",
    "<object data=\"javascript:alert(7)\"></object>",
    "<embed src=\"javascript:alert(8)\">",
    "<body onload=alert(9)>",
    "<math><a xlink:href=\"javascript:alert(10)\">m10</a></math>",
    "<form action=\"javascript:alert(11)\"><button>b11</button></form>",
    "<a href=\"data:text/html,&lt;script&gt;alert(12)&lt;/script&gt;\">link12</a>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(13)\">",
    "<style>@import 'javascript:alert(14)';</style>",
    "<div id=\"__config\" onmouseover=\"alert(15)\">x</div>",
    "<base href=\"javascript:alert(16)//\">",
    "<video><source onerror=\"alert(17)\"></video>",
    "\"><img src=x onerror=alert(18)>",
    "'><svg/onload=alert(19)>",
    "<img src=x onerror=&#97;lert(20)>",
    "<a href=\"&#106;avascript:alert(21)\">link21</a>",
]

RULES_PAGE = """# Payloads <img src=x onerror=alert(30)> {{{{ "<svg onload=alert(31)>" }}}}

Some text with an attribute list.
{{ onclick="alert(32)" onmouseover="alert(33)" }}

[click 34](javascript:alert(34)) [click 35](JaVaScRiPt:alert(35)) [click 36]( javascript:alert(36))
[click 37](vbscript:alert(37)) [click 38](data:text/html;base64,PHNjcmlwdD5hbGVydCgzOCk8L3NjcmlwdD4=)
[ok](https://example.org/) [mail](mailto:someone@example.org) [rel](../components.md)

![image 39](javascript:alert(39))

[link with attrs](#x){{ onclick="alert(40)" href="javascript:alert(41)" }}

## Heading <img src=x onerror=alert(42)>

<div markdown="1" onmouseover="alert(43)">**inside**</div>

<script>alert(44)</script>

*[Payloads]: <img src=x onerror=alert(45)>

{inline}
"""

FRONT_MATTER = """---
description: '"><script>alert(50)</script>'
title: '<img src=x onerror=alert(51)>'
---
"""


def _inline(start: int) -> str:
    """Every inline payload once, renumbered from `start` so each place is told apart."""
    out = []
    for offset, payload in enumerate(INLINE):
        number = start + offset
        out.append(payload.replace(f"alert({offset + 1})", f"alert({number})"))
    return " ".join(out)


def _text(value: str) -> dict[str, str]:
    return {"de": value, "en": value}


def payload_tree(target: Path) -> Path:
    """Write the payload content tree under `target` (a content folder); returns it."""
    game_dir = target / GAME
    shutil.copytree(REPO / "content" / GAME, game_dir)
    game_file = game_dir / "game.yaml"
    game = yaml.safe_load(game_file.read_text(encoding="utf-8"))
    game["title"] = _text("E<svg onload=alert(100)>")
    game["tagline"] = _text("<img src=x onerror=alert(101)>")
    game["description"] = _text("Earth. " + _inline(200))
    game["edition_note"] = _text("<img src=x onerror=alert(102)> [n](javascript:alert(103))")
    game["designers"] = ["<img src=x onerror=alert(104)>"]
    game["publisher"] = "<svg onload=alert(105)>"
    game["variants"][0]["name"] = _text("<img src=x onerror=alert(106)>")
    game["variants"][0]["description"] = _text(_inline(300))
    game["glossary"][0]["term"] = _text("Parsec<img src=x onerror=alert(107)>")
    game["glossary"][0]["definition"] = _text("\"><img src=x onerror=alert(108)> " + _inline(400))
    game["components"][0]["name"] = _text("<img src=x onerror=alert(109)>")
    game_file.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False), encoding="utf-8")

    cards_file = game_dir / "cards" / "events.yaml"
    cards = yaml.safe_load(cards_file.read_text(encoding="utf-8"))
    cards["cards"][0]["name"] = _text("F<b onclick=alert(110)>")
    cards["cards"][0]["text"] = _text("<img src=x onerror=alert(111)> [c](javascript:alert(112))")
    cards_file.write_text(yaml.safe_dump(cards, allow_unicode=True, sort_keys=False), encoding="utf-8")

    example_file = game_dir / "examples" / "first-turn.yaml"
    example = yaml.safe_load(example_file.read_text(encoding="utf-8"))
    example["title"] = _text("T<svg onload=alert(120)>")
    example["intro"] = _text(_inline(500))
    example["steps"][0]["narrative"] = _text(_inline(600) + " {: onclick=alert(121) }")
    example_file.write_text(yaml.safe_dump(example, allow_unicode=True, sort_keys=False), encoding="utf-8")

    for lang, start in (("de", 700), ("en", 800)):
        page = game_dir / "rules" / lang / "15-payloads.md"
        page.write_text(RULES_PAGE.format(inline=_inline(start)), encoding="utf-8")
        front = game_dir / "rules" / lang / "16-front-matter.md"
        front.write_text(FRONT_MATTER + "# Front matter\n\nText.\n", encoding="utf-8")
    return target
