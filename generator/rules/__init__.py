"""The rules engines: the referee of every game the project ships.

core.py        GameState contract (legal_actions, apply, explain, clone, hash), RuleError, Event, chance
log.py         saved games as JSON lines and `replay` that re-referees them entry by entry
policies.py    who decides in playouts: uniformly random, or the game's greedy policy
simulate.py    seeded batches across processes, rates with Wilson 95 % intervals
invariants.py  the reusable checker of what must hold at every step of every game
examples.py    example turns for the rules site (replay_example, summarize, ExampleError)
transcript.py  a game printed turn by turn (`pnp play`, golden files)
commands.py    `pnp play`, `pnp replay`, `pnp simulate`
registry.py    engine id -> module; each module exposes OPERATIONS, new_game, content_hash, ...
escape_earth/  the complete Escape Earth referee
"""
