"""Card pictures drawn by code: a procedural illustration per card, made of the drawing model's shapes.

`illustration` (generator.art.generate) turns a seed (the game and card ids), a motif family
(a planet, a city, a forest, a comet ...) and a palette into rectangles, circles, polygons and
lines inside a box, so the PDF and SVG backends draw it like any other shape and a card's
picture says what the card is about. Same seed, same shapes; another card, another picture.
"""
