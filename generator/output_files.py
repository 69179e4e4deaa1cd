"""The name of every file a build writes, relative to the game's output folder (output/<game>/).

The steps that write files and the site that links them both ask here, so a renamed file cannot
leave a dead link behind. Paths use forward slashes; `Path(game_dir, name)` joins them.
"""

from __future__ import annotations

MODEL = "game.json"
CARD_PDFS = ("cards-*.pdf", "duplex-calibration-*.pdf")  # what the cards step writes at the top of a game's folder
TTS_FOLDER = "tts"
POD_FOLDER = "pod"
CARD_FOLDERS = ("cards", "print-shop", POD_FOLDER, TTS_FOLDER)  # and the folders it fills
INK_SAVER = "ink-saver"  # the light versions of the printable files, under the names of the designed ones
# output/site is the rules sites (output/site-designer the designers'), output/simulations simulate's
# figures, output/diff the report of `pnp diff`; output/site/<game> is a game's site, so a game is not
# called like a site's own folders (assets, search) either, which would make a game's folder look like
# part of another site
RESERVED_IDS = frozenset({"site", "site-designer", "simulations", "diff", "assets", "search"})


def ink_saver(name: str) -> str:
    """The ink saver's light version of a printable file: the same name in ink-saver/."""
    return f"{INK_SAVER}/{name}"


def card_sheets(lang: str, paper: str) -> str:
    """Card sheets for a duplex home printer: fronts, then their mirrored backs."""
    return f"cards-{lang}-{paper}.pdf"


def gutterfold(lang: str, paper: str) -> str:
    """Fronts and backs side by side on one page, folded: for printers that print one side only."""
    return f"cards-{lang}-{paper}-gutterfold.pdf"


def card_pod(lang: str) -> str:
    """Every card, one face per page with TrimBox/BleedBox, for print-on-demand shops."""
    return f"cards-{lang}-pod.pdf"


def pod(lang: str) -> str:
    """Folder of the print-on-demand files: one PDF per deck and card size."""
    return f"{POD_FOLDER}/{lang}"


def pod_deck(lang: str, deck: str, size: str, pdfx: bool = False) -> str:
    """One deck's cards of one size, a face per page in the profile's order (`-pdfx`: its CMYK PDF/X variant)."""
    return f"{pod(lang)}/{deck}-{size}{'-pdfx' if pdfx else ''}.pdf"


def card_faces(lang: str) -> str:
    """Folder of the SVG faces and the gallery's index."""
    return f"cards/{lang}"


def card_face(lang: str, card_id: str, side: str) -> str:
    return f"{card_faces(lang)}/{card_id}-{side}.svg"


def card_index(lang: str) -> str:
    return f"{card_faces(lang)}/cards.json"


def print_shop(profile: str, lang: str) -> str:
    """Folder of one print-shop profile's per-card uploads."""
    return f"print-shop/{profile}/{lang}"


def print_shop_card(profile: str, lang: str, number: int, card_id: str, copies: int, side: str | None,
                    suffix: str) -> str:
    """One design's upload: `07-sternenbasis-x3-front.png` (design number, id, copies to order, face)."""
    face = f"-{side}" if side else ""
    return f"{print_shop(profile, lang)}/{number:02d}-{card_id}-x{copies}{face}.{suffix}"


def tts(lang: str) -> str:
    """Folder of the Tabletop Simulator deck sheets, back images and saved objects."""
    return f"{TTS_FOLDER}/{lang}"


def tts_sheet(lang: str, deck: str, sheet: int, side: str = "faces") -> str:
    """A sheet of a deck's faces, or of its `backs` for decks whose cards have backs of their own (double-sided)."""
    return f"{tts(lang)}/{deck}-{side}-{sheet}.png"


def tts_back(lang: str, deck: str) -> str:
    return f"{tts(lang)}/{deck}-back.png"


def tts_object(lang: str, deck: str) -> str:
    return f"{tts(lang)}/{deck}.json"


def tts_board(lang: str, board: str, suffix: str = "png") -> str:
    """A board's image, or (`json`) its saved object, a Custom_Board showing that image."""
    return f"{tts(lang)}/{board}-board.{suffix}"


def tts_token(lang: str, component: str) -> str:
    """One token of a component, as its Tabletop Simulator tile shows it."""
    return f"{tts(lang)}/{component}-token.png"


def tts_tokens_object(lang: str) -> str:
    """The token sheets' saved object: a bag of tiles per component."""
    return f"{tts(lang)}/tokens.json"


def board_svg(board: str, lang: str) -> str:
    return f"boards/{board}-{lang}.svg"


def board_full(board: str, lang: str) -> str:
    return f"boards/{board}-{lang}-full.pdf"


def board_tiled(board: str, lang: str, paper: str) -> str:
    return f"boards/{board}-{lang}-{paper}-tiled.pdf"


def board_fit(board: str, lang: str, paper: str) -> str:
    """The board scaled to fit one page (generator.boards.fit_page)."""
    return f"boards/{board}-{lang}-{paper}-fit.pdf"


def tokens(lang: str, paper: str) -> str:
    return f"tokens-{lang}-{paper}.pdf"


def duplex_calibration(lang: str, paper: str) -> str:
    """The one-sheet test that shows how far a printer shifts the back side."""
    return f"duplex-calibration-{lang}-{paper}.pdf"


def rulebook(lang: str, paper: str) -> str:
    """The rules pages as one printable PDF, with the site's section numbers."""
    return f"rules-{lang}-{paper}.pdf"


def player_aid(lang: str, paper: str) -> str:
    """One page to keep beside the board: the rules sections the content marks for it."""
    return f"player-aid-{lang}-{paper}.pdf"
