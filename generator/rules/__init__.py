"""The rules engines: the referee of every game the project ships, and of a designer's own.

contract.py    the engine contract: Game (content, options, sentences) and GameState (legal actions,
               apply, explain, outcome with per-player results, observation, chance API, log)
core.py        values crossing the contract: RuleError, Event, Explanation, PlayerResult, Outcome
registry.py    where engines come from: the `pnp_forge.engines` entry points or a module in the game's folder
log.py         saved games as JSON lines and `replay` that re-referees them line by line
policies.py    who decides in playouts: random, greedy (the engine's own or a generic one), mcts:N
simulate.py    seeded batches across processes, rates with Wilson 95 % intervals
balance.py     the batches game.yaml declares, played by `pnp balance` and recorded for the site
invariants.py  the reusable checker of what must hold at every step of every game
examples.py    example turns for the rules site (replay_example, replay_examples)
transcript.py  a game printed turn by turn (`pnp play`, golden files)
commands.py    `pnp play`, `pnp replay`, `pnp simulate`, `pnp balance`
escape_earth/  the complete Escape Earth referee
"""
