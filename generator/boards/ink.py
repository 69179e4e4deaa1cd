"""Boards and token sheets in the ink saver's light version (generator.drawing.ink): the same scene, its
background and fills pale and outlined in their colour, so the full and tiled PDFs need no change."""

from __future__ import annotations

from dataclasses import replace

from generator.boards.scene import Scene
from generator.drawing.ink import InkSaver, LightArt


def saver_scene(scene: Scene, art: LightArt | None = None) -> Scene:
    """The scene's light version: its background pale with a band of its colour inside the edge, every item
    worked through in drawing order; its art from `art`'s light copies (None: as designed)."""
    saver = InkSaver(scene.width, scene.height, scene.background, art)
    background, band = saver.background(scene.background)
    items = [*band, *saver.items(scene.items)]
    return replace(scene, background=background, items=items, icons=art.icons if art else scene.icons)
