"""pnp-forge: turns a board game kept in YAML into cards, boards, a rules site and a referee."""

__version__ = "0.1.0"
