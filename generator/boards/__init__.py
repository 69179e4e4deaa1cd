"""Boards and tokens: board files -> spaces with adjacency -> scene -> SVG, full-size and tiled PDFs.

A board file (content/<game>/boards/<id>.yaml) gives `id`, `name {de, en}`, `size {width,
height}` in mm and any of these blocks; every block makes spaces the rules engines can name:

  spaces   named spaces of a map graph: `{id, kind, at: [x, y], adjacent: [ids], label, data}`;
           adjacency is declared and must be two-sided (`pnp check` says where it is not)
  tracks   numbered tracks `start..end` in `step`s, snaking after `per_row` cells, optionally a
           `loop`; spaces `<track>-<value>`, each next to the neighbouring values
  grids    `square` or `hex` grids (`columns`, or centred `row_lengths` for hexagon maps), per-cell
           `kind`/`label`/`data` in `cells`; spaces `<grid>-<row>-<col>`, adjacency computed
  orbits   positions around a star with coloured `zones` and per-zone `modifier`s; spaces
           `<orbit>-<n>` carrying their zone and modifier in `data`
  slots    a row of card slots with arrows showing how cards slide, into an optional `end`
  panels   boxes with a title, text with `:icons:`, or a legend of the board's named `styles`

`styles` gives each space kind a look (shape, size, colours, icon, label size, colony `spots`);
`links` draws the lanes between adjacent map spaces. The modules, in pipeline order:
spaces (placement and the adjacency graph, also behind `Board.neighbours()`), checks (`pnp
check`), layout (-> `Scene`), svg / pdf (backends), tiling (home-printer pages), tokens (token
sheets) and step (the build step).
"""
