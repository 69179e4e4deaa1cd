"""Help for writing a game: a starter game (`pnp new`), JSON Schemas of the content files for
editors (`pnp schema`) and the content reference generated from those schemas.

It sits above the content layer (it reads the content models and the layout model) and below
the command line; nothing of the pipeline depends on it.
"""
