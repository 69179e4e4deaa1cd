"""Tabletop Simulator saved objects for boards and token sheets, beside the decks' (generator.render.tts).

A board is a `Custom_Board` showing the board image the build already writes (its trim at
120 dpi). The token sheets become one `Bag` per component holding its `count` tiles: a
`Custom_Tile` (box for square pieces, hex for hex tiles, circle for round ones), each showing
one token drawn as on the printed sheet (colour, icon, label; no cut line) from an image per
component. Tabletop Simulator sizes a board by its image and a tile by its own unit; the objects
keep its scale 1 and say the printed size in their description. Every object has a GUID derived
from the game, language and piece (and copy), so a rebuild writes the same file; image links are
`base_url` + the file's path in the game's output folder, as for the decks.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from reportlab.lib.units import mm

from generator import output_files as names
from generator.boards.pdf import draw_scene, new_canvas
from generator.boards.scene import Scene
from generator.boards.tokens import CUT, TokenSpec, printable_tokens, token_items
from generator.content.loader import GameContent
from generator.render.raster import save_pages
from generator.render.tts import guid, saved_file

TILE_TYPES = {"square": 0, "hex": 1, "round": 2}  # Tabletop Simulator's CustomTile.Type: box, hex, circle (3: rounded)
TOKEN_DPI = 300
THICKNESS = 0.1  # in TTS units (about an inch): a 2.5 mm chipboard piece


def _transform(x: float = 0.0, z: float = 0.0) -> dict:
    """Face up on the table at (x, z), at Tabletop Simulator's own scale."""
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _image(url: str) -> dict:
    return {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}


def board_object(name: str, image_url: str, size_mm: tuple[float, float], seed: str) -> dict:
    """A locked custom board showing `image_url`."""
    return {"Name": "Custom_Board", "GUID": guid(seed), "Nickname": name,
            "Description": f"{size_mm[0]:g} × {size_mm[1]:g} mm", "Transform": _transform(), "Locked": True,
            "CustomImage": _image(image_url)}


def write_board_object(content: GameContent, out_dir: Path, lang: str, board_id: str, size_mm: tuple[float, float],
                       base_url: str) -> Path:
    """The saved object of one board in one language (its image is tts_board's, written by the boards step)."""
    board = next(b for b in content.boards if b.id == board_id)
    document = saved_file([board_object(board.name.get(lang), base_url + names.tts_board(lang, board_id), size_mm,
                                        f"{content.id}/board/{board_id}/{lang}")])
    return _write_json(out_dir / names.tts_board(lang, board_id, "json"), document)


def tile_object(name: str, shape: str, image_url: str, seed: str, size_mm: float) -> dict:
    """One stackable custom tile of a token's shape showing `image_url` on both sides."""
    custom = {**_image(image_url), "ImageSecondaryURL": image_url,
              "CustomTile": {"Type": TILE_TYPES[shape], "Thickness": THICKNESS, "Stackable": True, "Stretch": True}}
    return {"Name": "Custom_Tile", "GUID": guid(seed), "Nickname": name, "Description": f"{size_mm:g} mm",
            "Transform": _transform(), "CustomImage": custom}


def _token_size(spec: TokenSpec) -> tuple[float, float]:
    """The token's image in mm: its square, or a pointy-top hex's width across the flats by its height."""
    return (spec.size * math.sqrt(3) / 2, spec.size) if spec.shape == "hex" else (spec.size, spec.size)


def write_token_objects(content: GameContent, out_dir: Path, lang: str, base_url: str) -> list[Path]:
    """An image per token component and the saved object with a bag of tiles per component; [] without tokens."""
    specs = [spec for spec in printable_tokens(content) if spec.shape in TILE_TYPES]
    if not specs:
        return []
    folder = out_dir / names.tts(lang)
    folder.mkdir(parents=True, exist_ok=True)
    pdf = folder / ".tokens.pdf"
    canvas = new_canvas(pdf, 10 * mm, 10 * mm, content.game.title.get(lang))
    sizes: list[tuple[int, int]] = []
    for spec in specs:
        width, height = _token_size(spec)
        canvas.setPageSize((width * mm, height * mm))
        items = [item for item in token_items(spec, (width - spec.size) / 2, 0.0, lang, content.icons)
                 if getattr(item, "paint", None) != CUT]
        draw_scene(canvas, Scene(width, height, items=items, icons=content.icons))
        canvas.showPage()
        sizes.append((round(width / 25.4 * TOKEN_DPI), round(height / 25.4 * TOKEN_DPI)))
    canvas.save()
    images = [out_dir / names.tts_token(lang, spec.component.id) for spec in specs]
    save_pages(pdf, TOKEN_DPI, sizes, images)
    pdf.unlink()
    bags = []
    for index, spec in enumerate(specs):
        name = spec.component.name.get(lang)
        seed = f"{content.id}/tokens/{spec.component.id}/{lang}"
        url = base_url + names.tts_token(lang, spec.component.id)
        tiles = [tile_object(name, spec.shape, url, f"{seed}/{copy}", spec.size) for copy in range(spec.count)]
        bags.append({"Name": "Bag", "GUID": guid(seed), "Nickname": f"{name} × {spec.count}",
                     "Transform": _transform(x=3.0 * index), "ContainedObjects": tiles})
    return [*images, _write_json(out_dir / names.tts_tokens_object(lang), saved_file(bags))]


def _write_json(path: Path, document: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
