"""Boards and token sheets in the ink saver's light version (generator.drawing.ink): the same scene, its
background and fills pale and outlined in their colour, so the full and tiled PDFs need no change."""

from __future__ import annotations

from dataclasses import replace

from generator.boards.scene import Scene
from generator.drawing.ink import InkSaver


def saver_scene(scene: Scene) -> Scene:
    """The scene's light version: its background pale with a band of its colour inside the edge, every item
    worked through in drawing order."""
    saver = InkSaver(scene.width, scene.height, scene.background)
    background, band = saver.background(scene.background)
    return replace(scene, background=background, items=[*band, *saver.items(scene.items)])
