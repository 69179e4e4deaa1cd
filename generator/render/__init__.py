"""Card output: PDF sheets (reportlab: crop marks and duplex backs, print-on-demand) and SVG faces, both
drawing the layout step's FaceLayouts through the drawing model's backends (generator.drawing);
cards_step is the build step and command the `pnp cards` command.
"""
