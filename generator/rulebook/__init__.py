"""The printable rulebook: each game's rules pages as one PDF per language and paper, and a one-page player aid.

html_tree.py   rendered rules Markdown -> a small element tree (Python-Markdown, then html.parser)
flow.py        that tree -> reportlab flowables (headings, paragraphs, lists, tables), text escaped
icons.py       the game's icons drawn inside paragraphs
document.py    the PDF: fonts, page frame, running footer, outline of the numbered sections
player_aid.py  the one page of the sections the content marks `{ .player-aid }`
step.py        the build step that writes them into the game's output folder
"""
