"""pnp-forge."""
