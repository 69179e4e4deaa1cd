"""The `boards` build step: every board as SVG, one-page PDF and tiled PDFs, and the token sheets.

Outputs under the game's staging folder (moved to output/<game>/ only if the whole build passes):
  boards/<board>-<lang>.svg                 true size, for the rules site
  boards/<board>-<lang>-full.pdf            one page at full size with 3 mm bleed (print shops)
  boards/<board>-<lang>-<paper>-tiled.pdf   overview + overlapping pages for home printers
  boards/<board>-<lang>-<paper>-fit.pdf     the board scaled to one page (`fit_to_page: true`, `--fit-boards`)
  tokens-<lang>-<paper>.pdf                 round and square tokens with cut lines
  tts/<lang>/<board>-board.png, .json       the board as one image and a saved object for Tabletop Simulator
  tts/<lang>/<component>-token.png, tokens.json  a token per component and a bag of tiles each (boards.tts_objects)
  ink-saver/boards/..., ink-saver/tokens-*  the PDFs' light versions (`--ink saver`, game.yaml `print.ink`)
A game without boards writes no board files; one without token components writes no sheets.
Layout problems (a panel's text does not fit) become content errors at the board's file:line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from generator import output_files as names
from generator.boards.fit_page import write_fit_pdf
from generator.boards.ink import saver_scene
from generator.boards.layout import laid_out_board
from generator.boards.pdf import BLEED_MM, write_full_pdf
from generator.boards.scene import Scene
from generator.boards.svg import write_board_svg
from generator.boards.tiling import write_tiled_pdf
from generator.boards.tokens import write_token_pdf
from generator.boards.tts_objects import write_board_object, write_token_objects
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.drawing.ink import LightArt
from generator.render.cards_step import build_version, tts_base
from generator.render.ink import saver_wanted
from generator.render.tts import write_board_image

STEP_SCOPE = "boards"  # what boards and token sheets read of a game folder (generator.build_cache.SCOPES)


def render_boards(content: GameContent, out_dir: Path, options, errors: ErrorList) -> list[Path]:
    """The build step (see module docstring). Returns the files written."""
    written: list[Path] = []
    board_dir = out_dir / "boards"
    light = saver_wanted(content, options)
    versions = {lang: build_version(content, lang, STEP_SCOPE) for lang in options.languages}  # each hashes the game
    for board in content.boards:
        board_dir.mkdir(parents=True, exist_ok=True)
        for lang in options.languages:
            scene = laid_out_board(content, board, lang, errors)
            if scene is None:
                continue
            caption = content.game.title.get(lang)
            written.append(write_board_svg(scene, out_dir / names.board_svg(board.id, lang), board.id))
            full = write_full_pdf(scene, out_dir / names.board_full(board.id, lang))
            written.append(full)
            written.append(write_board_image(full, out_dir, lang, board.id, BLEED_MM))
            written.append(write_board_object(content, out_dir, lang, board.id, (scene.width, scene.height),
                                              tts_base(content, options)))
            fit = board.fit_to_page or options.fit_boards
            for paper in options.papers:
                path = out_dir / names.board_tiled(board.id, lang, paper)
                write_tiled_pdf(scene, path, paper, lang, caption, versions[lang])
                written.append(path)
                if fit:
                    path = out_dir / names.board_fit(board.id, lang, paper)
                    write_fit_pdf(scene, path, paper, lang, caption, versions[lang])
                    written.append(path)
            if light:
                written += _write_light_board(content, scene, out_dir, board.id, lang, options.papers, fit,
                                              versions[lang])
    for lang in options.languages:
        written += write_token_objects(content, out_dir, lang, tts_base(content, options))
        for paper in options.papers:
            sheet = write_token_pdf(content, out_dir / names.tokens(lang, paper), paper, lang,
                                    versions[lang])
            if sheet is not None:
                written.append(sheet)
            if sheet is not None and light:
                (out_dir / names.INK_SAVER).mkdir(exist_ok=True)
                written.append(write_token_pdf(content, out_dir / names.ink_saver(names.tokens(lang, paper)), paper,
                                               lang, versions[lang], light=True) or sheet)
    return written


def _write_light_board(content: GameContent, scene: Scene, out_dir: Path, board: str, lang: str,
                       papers: tuple[str, ...], fit: bool, version: str) -> list[Path]:
    """The board's full and tiled PDFs in the ink saver's light version, under ink-saver/boards/ (its art drawn
    from light copies made for the while)."""
    (out_dir / names.ink_saver("boards")).mkdir(parents=True, exist_ok=True)
    art = LightArt(out_dir / names.ink_saver(f".art-{board}-{lang}"), scene.icons)
    try:
        scene = saver_scene(scene, art)
        written = [write_full_pdf(scene, out_dir / names.ink_saver(names.board_full(board, lang)))]
        for paper in papers:
            path = out_dir / names.ink_saver(names.board_tiled(board, lang, paper))
            write_tiled_pdf(scene, path, paper, lang, content.game.title.get(lang), version)
            written.append(path)
            if fit:
                path = out_dir / names.ink_saver(names.board_fit(board, lang, paper))
                write_fit_pdf(scene, path, paper, lang, content.game.title.get(lang), version)
                written.append(path)
    finally:
        shutil.rmtree(art.folder, ignore_errors=True)
    return written
