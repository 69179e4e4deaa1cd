"""The rules as text: each rules page rendered from its template, numbered and cited, and the words and Markdown
they are written with. The site, the printable rulebook, `pnp diff` and `pnp play` build on it."""
