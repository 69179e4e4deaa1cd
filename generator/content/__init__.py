"""Content: the YAML model, its loader with file:line marks, and its validation."""
