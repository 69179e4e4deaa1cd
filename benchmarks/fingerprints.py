"""Fingerprints of seeded games: proof that a speed-up of an engine left every rule alone.

    python benchmarks/fingerprints.py --game astronuts --out before.json       # before the change
    python benchmarks/fingerprints.py --game astronuts --compare before.json   # after it

Plays `--games` seeded random games per option set (every player count alone, then each other
option's values on top of the default), a few greedy games and a few tree-search decisions, and
records per game: the number of decisions, the hash of the final state and of the RNG, and a
digest of every legal set (its order too: the random player picks by index) with the action
taken. The first `--logged` games of each set are played again with events and the log on, and
their digest of events and per-step state hashes is recorded too, so building events cannot
change play. `--compare` names every game whose fingerprint differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.checking import load_checked  # noqa: E402
from generator.content.errors import ErrorList  # noqa: E402
from generator.rules.contract import Game  # noqa: E402
from generator.rules.policies import make_policy  # noqa: E402
from generator.rules.registry import engine_class, make_game  # noqa: E402
from generator.rules.simulate import game_seed, policy_seed  # noqa: E402


def fingerprint(game: Game, seed: int, policy_name: str, *, logged: bool = False,
                max_decisions: int | None = None) -> dict[str, Any]:
    """One seeded game's fingerprint (see the module docstring)."""
    state = game.new_initial_state(seed, log=logged, quiet=not logged)
    policy = make_policy(policy_name, game)
    rng = random.Random(policy_seed(seed))
    digest = hashlib.blake2b(digest_size=12)
    decisions = 0
    while not state.is_terminal and (max_decisions is None or decisions < max_decisions):
        legal = state.legal_actions()
        action = policy.choose(state, rng)
        digest.update(repr((legal, action)).encode())
        state.apply(action)
        decisions += 1
    out: dict[str, Any] = {"decisions": decisions, "state": state.state_hash(),
                           "rng": hashlib.blake2b(repr(state.rng.getstate()).encode(), digest_size=8).hexdigest(),
                           "play": digest.hexdigest()}
    if logged:
        events = json.dumps([e.as_json() for e in state.events], sort_keys=True, default=str)
        log = json.dumps(state.log, sort_keys=True, default=str)
        out["events"] = hashlib.blake2b(events.encode(), digest_size=12).hexdigest()
        out["log"] = hashlib.blake2b(log.encode(), digest_size=12).hexdigest()
    return out


def option_sets(game_class: type[Game]) -> list[dict[str, str]]:
    """Every player count alone, with every other option value on top, and with all last values together."""
    specs = {spec.name: spec for spec in game_class.option_specs}
    counts = list(specs["players"].choices) if "players" in specs else [None]
    sets: list[dict[str, str]] = []
    for count in counts:
        base = {"players": count} if count else {}
        sets.append(dict(base))
        for spec in specs.values():
            if spec.name == "players":
                continue
            for value in spec.choices:
                if value != spec.default:
                    sets.append({**base, spec.name: value})
        others = {spec.name: spec.choices[-1] for spec in specs.values() if spec.name != "players"}
        if len(others) > 1:
            sets.append({**base, **others})
    return sets


def collect(game_name: str, games: int, logged: int, greedy: int, mcts: int) -> dict[str, Any]:
    errors = ErrorList()
    loaded = load_checked(ROOT / "content", [game_name], errors)
    if errors or not loaded:
        sys.exit(f"content errors: {len(errors)}")
    content = loaded[0]
    result: dict[str, Any] = {}
    for options in option_sets(engine_class(content)):
        game = make_game(content, options)
        label = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
        seeds = [game_seed(7, i) for i in range(games)]
        entry: dict[str, Any] = {"random": [fingerprint(game, s, "random") for s in seeds]}
        entry["logged"] = [fingerprint(game, s, "random", logged=True) for s in seeds[:logged]]
        entry["greedy"] = [fingerprint(game, s, "greedy") for s in seeds[:greedy]]
        entry["mcts"] = [fingerprint(game, s, "mcts:20", max_decisions=mcts) for s in seeds[:1]] if mcts else []
        result[label] = entry
        print(f"{label}: {games} random, {logged} logged, {greedy} greedy games", file=sys.stderr)
    return result


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    out = []
    for label in sorted(set(old) | set(new)):
        if label not in old or label not in new:
            out.append(f"{label}: only in {'the new' if label in new else 'the old'} figures")
            continue
        for kind in sorted(set(old[label]) | set(new[label])):
            a, b = old[label].get(kind, []), new[label].get(kind, [])
            if len(a) != len(b):
                out.append(f"{label} {kind}: {len(a)} games before, {len(b)} now")
            for i, (x, y) in enumerate(zip(a, b, strict=False)):
                if x != y:
                    keys = sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
                    out.append(f"{label} {kind} game {i}: {', '.join(keys)} differ")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="astronuts")
    parser.add_argument("--games", type=int, default=300, help="random games per option set")
    parser.add_argument("--logged", type=int, default=20, help="of those, played again with events and log")
    parser.add_argument("--greedy", type=int, default=10, help="greedy games per option set")
    parser.add_argument("--mcts", type=int, default=20, help="tree-search decisions (mcts:20) per option set")
    parser.add_argument("--out", type=Path, help="write the fingerprints here")
    parser.add_argument("--compare", type=Path, help="compare with fingerprints written before")
    args = parser.parse_args()
    figures = collect(args.game, args.games, args.logged, args.greedy, args.mcts)
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1, sort_keys=True), encoding="utf-8")
    if args.compare:
        found = differences(json.loads(args.compare.read_text(encoding="utf-8")), figures)
        total = sum(len(v) for entry in figures.values() for v in entry.values())
        print("\n".join(found) if found else f"all {total} fingerprints are the same")
        sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
