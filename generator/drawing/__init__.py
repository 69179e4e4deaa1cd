"""The one drawing model of every printed piece: shapes (shapes.py), a PDF drawer (pdf.py), an SVG writer (svg.py).

Card faces (generator.layout -> FaceLayout), boards, token sheets and the engines' table pictures
(generator.boards -> Scene) are all lists of the same items; the PDF and SVG backends draw those
items and decide nothing themselves, so a card, a board and a token paint a shape, a text or an
icon the same way in print and on the web.
"""
