"""Balance sweeps: variants of a game's content (values replaced at YAML paths), each played on the same seeds,
compared to the unchanged game with paired tests; on local processes or on a Ray cluster."""
