"""`pnp diff`: what a change of the content did, read from two revisions without touching the working tree.

revisions.py   the two sides (a revision's games exported from git's objects, or the working tree)
game_files.py  the files that differ per game (and texts changed in one language only: content.translation_lint)
cards.py       cards added, removed, changed: values key by key, faces compared as laid out
faces.py       before/after pictures of redrawn faces, the changed area boxed
rules_pages.py rules pages whose rendered text changed, as unified diffs
examples.py    example turns refused or playing differently, at their first differing step
balance.py     the same seeded games under both revisions, intervals and significance tests
compare.py     one game at a time through all of the above
report.py, terminal.py, html_report.py, command.py   the result and its three outputs
"""
