"""What each `pnp` command does, as plain functions: `generator.cli` parses and reports, these work.

One module per command (check, info, build, cards, play, replay, simulate, balance, serve, new,
schema, diff). A function here takes ordinary arguments, returns what the command found (with
`as_json()` for `--format json`) and raises `CommandFailed` (exit 1) or `CommandRefused` (exit 2)
from `generator.commands.failure`; it never prints an error or calls `sys.exit`, so tests and
tools can call it directly and every failure reaches the one reporter in `generator.cli_report`.
"""
