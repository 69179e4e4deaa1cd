"""Card output: the PDF backend (reportlab: sheets with crop marks and duplex backs, print-on-demand) and
the SVG backend (svgwrite, in svg.py only), both drawing the layout step's FaceLayouts; cards_step is the
build step and command the `pnp cards` command.
"""
