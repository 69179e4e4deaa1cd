"""Card layout: layouts as data, and the one step that turns a card into positioned boxes, lines and icons.

spec (layout files) -> context (what templates see) -> engine/evaluation (elements to items, with
face_program for speed) -> richtext (text fitting with real metrics) -> geometry (the result both
backends draw). fonts and icons hold the measured resources.
"""
