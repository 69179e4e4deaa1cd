"""Batch playouts for balance figures: many seeded games across processes, with 95 % intervals.

Game i of a batch is seeded with `game_seed(batch_seed, i)`, so any single game of a batch can
be played again exactly (`pnp play GAME --seed <that seed> --policy <same>`). Playouts run
quiet (no events are built), as fast as the engine allows.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import statistics
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent, read_folder
from generator.forked import can_fork
from generator.pool import Pool
from generator.rules.batch_runner import NOT_PLAYING, GameStopped, in_order, play_local, play_watched
from generator.rules.contract import Game, GameState
from generator.rules.core import seat_label
from generator.rules.engine_child import EngineStopped, in_child, time_limit
from generator.rules.faults import remember
from generator.rules.policies import make_policy
from generator.rules.registry import make_game
from generator.rules.score_sources import source_figures

DEFAULT_MAX_TURNS = 1000
DECISIONS_PER_TURN = 1000  # a game taking more decisions than this per turn on average never ends: 'unfinished'


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game `index` of a batch: stable across processes, machines and runs."""
    digest = hashlib.blake2b(f"{batch_seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def policy_seed(seed: int) -> int:
    return game_seed(seed, -1)


@dataclass
class GameResult:
    seed: int
    won: bool                 # cooperative: the table won; competitive: the game had a winner
    cause: str
    turns: int
    decisions: int
    winners: tuple[int, ...] = ()       # the seats (0-based) that won: two or more share the win
    scores: tuple[float, ...] = ()
    taken: tuple[tuple[str, ...], ...] = ()   # per seat: the cards that player took
    breakdowns: tuple[tuple[tuple[str, float], ...], ...] = ()   # per seat: (source, points) adding up to its score


def play_out(game: Game, seed: int, policy_name: str, max_turns: int = DEFAULT_MAX_TURNS,
             quiet: bool = True) -> GameResult:
    """Play one game to its end (or `max_turns`, counted as cause 'unfinished'; so is a game whose turns
    stop counting, after DECISIONS_PER_TURN decisions a turn)."""
    state: GameState | None = None
    action = None
    try:
        state = game.new_initial_state(seed, quiet=quiet)
        policy = make_policy(policy_name, game)
        rng = random.Random(policy_seed(seed))
        decisions, most = 0, DECISIONS_PER_TURN * max(1, max_turns)
        while not state.is_terminal and state.turn <= max_turns and decisions < most:
            action = None
            action = policy.choose(state, rng)
            state.apply(action)
            decisions += 1
        outcome = state.outcome()
    except Exception as exc:
        remember(exc, game, seed, policy_name, state, action)  # the engine's fault, reported with when it happened
        raise
    if outcome is None:
        return GameResult(seed, False, "unfinished", state.turn, decisions)
    return GameResult(seed, outcome.won, outcome.cause, state.turn, decisions, outcome.winners,
                      tuple(r.score for r in outcome.results), tuple(r.taken for r in outcome.results),
                      tuple(r.breakdown for r in outcome.results))


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (sound near 0 and 1, unlike p ± 2σ)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


TIES = "shared"  # how a tie counts: a shared win for each tied seat, counted apart from outright wins


@dataclass
class Summary:
    """A batch's figures. A competitive game's wins split three ways that add up to `games`:
    `outright` (one seat won), `shared` (two or more seats tied for the win; each of them has a
    shared win) and `no_winner` (nobody won, unfinished games included). Per seat likewise:
    outright + shared + lost = games, so the seats' outright rates add up to at most 100 % and
    their win rates (`rate`: outright and shared together) to more when games end in ties."""

    game: str
    policy: str
    options: dict[str, Any]
    batch_seed: int
    games: int
    wins: int
    win_rate: float
    win_interval: tuple[float, float]
    causes: dict[str, dict[str, Any]] = field(default_factory=dict)
    turns: dict[str, float] = field(default_factory=dict)
    replay_hint: str = ""
    seats: list[dict[str, Any]] = field(default_factory=list)     # per seat: wins, rate, 95 % interval, mean score
    cooperative: bool = False
    results: list[dict[str, Any]] = field(default_factory=list)   # per game: seed, cause, turns (replayable)
    cards: list[dict[str, Any]] = field(default_factory=list)     # per card taken: how often, how its takers fared
    groups: list[dict[str, Any]] = field(default_factory=list)    # per card group (tag): its players, how they fared
    outright: int = 0         # competitive: games one seat won alone
    shared: int = 0           # competitive: games two or more seats won together (a tie after every tie-break)
    no_winner: int = 0        # games nobody won (a cooperative loss, an unfinished game)
    ties: str = TIES
    sources: list[dict[str, Any]] = field(default_factory=list)   # per policy: mean points by source (score_sources)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def summarize(game: str, policy: str, options: dict[str, Any], batch_seed: int, results: list[GameResult],
              cooperative: bool = True, groups: Mapping[str, tuple[str, ...]] | None = None) -> Summary:
    n = len(results)
    wins = sum(r.won for r in results)
    causes: dict[str, dict[str, Any]] = {}
    for cause in sorted({r.cause for r in results}):
        k = sum(r.cause == cause for r in results)
        lo, hi = wilson(k, n)
        causes[cause] = {"won": any(r.won for r in results if r.cause == cause), "games": k,
                         "rate": round(k / n, 4), "interval": [round(lo, 4), round(hi, 4)]}
    turns = [r.turns for r in results] or [0]
    lo, hi = wilson(wins, n)
    flags = "".join(f" --option {k}={v}" for k, v in sorted(options.items()))
    hint = f"pnp play {game} --seed <seed> --policy {policy}{flags} plays any single game of this batch again"
    seats = [] if cooperative else seat_figures(results)
    outright = 0 if cooperative else sum(len(r.winners) == 1 for r in results)
    shared = 0 if cooperative else sum(len(r.winners) > 1 for r in results)
    return Summary(game, policy, options, batch_seed, n, wins, round(wins / n, 4) if n else 0.0,
                   (round(lo, 4), round(hi, 4)), causes,
                   {"mean": round(statistics.fmean(turns), 2), "median": statistics.median(turns),
                    "min": min(turns), "max": max(turns)}, hint, seats, cooperative,
                   [{"seed": r.seed, "cause": r.cause, "turns": r.turns, "winners": list(r.winners)}
                    for r in results], card_figures(results), group_figures(results, groups or {}),
                   outright, shared, n - wins,
                   sources=[] if cooperative else source_figures(policy, [(r.winners, r.breakdowns) for r in results]))


def seat_figures(results: list[GameResult]) -> list[dict[str, Any]]:
    """Per seat (0-based, with the label people read): outright wins (that seat alone), shared wins
    (tied with others for the win), losses (the rest: outright + shared + lost = games), the win
    rate (outright and shared together) and the outright rate with their 95 % intervals, and the
    mean score."""
    n = len(results)
    count = max((len(r.scores) for r in results), default=0)
    seats: list[dict[str, Any]] = []
    for seat in range(count):
        alone = sum(r.winners == (seat,) for r in results)
        tied = sum(seat in r.winners and len(r.winners) > 1 for r in results)
        s_lo, s_hi = wilson(alone + tied, n)
        o_lo, o_hi = wilson(alone, n)
        scores = [r.scores[seat] for r in results if len(r.scores) > seat]
        seats.append({"seat": seat, "player": seat_label(seat), "outright": alone, "shared": tied,
                      "lost": n - alone - tied, "wins": alone + tied,
                      "rate": round((alone + tied) / n, 4) if n else 0.0, "interval": [round(s_lo, 4), round(s_hi, 4)],
                      "outright_rate": round(alone / n, 4) if n else 0.0,
                      "outright_interval": [round(o_lo, 4), round(o_hi, 4)],
                      "shared_rate": round(tied / n, 4) if n else 0.0,
                      "mean_score": round(statistics.fmean(scores), 3) if scores else 0.0})
    return seats


def card_figures(results: list[GameResult]) -> list[dict[str, Any]]:
    """Per card: in how many games someone took it, how many copies were taken, and how its takers
    fared (the share of takers who won, with its 95 % interval) beside every player's share.

    A taker is one player in one game who took the card at least once, so a card bought twice by
    one player counts one taker. Sorted by the takers' win rate, best first.
    """
    players = sum(len(r.taken) for r in results)
    if not players:
        return []
    player_wins = sum(len(r.winners) for r in results if r.taken)
    baseline = player_wins / players
    games: dict[str, int] = {}
    copies: dict[str, int] = {}
    takers: dict[str, int] = {}
    taker_wins: dict[str, int] = {}
    for r in results:
        in_game: set[str] = set()
        for seat, cards in enumerate(r.taken):
            for card in cards:
                copies[card] = copies.get(card, 0) + 1
            for card in set(cards):
                takers[card] = takers.get(card, 0) + 1
                taker_wins[card] = taker_wins.get(card, 0) + (seat in r.winners)
                in_game.add(card)
        for card in in_game:
            games[card] = games.get(card, 0) + 1
    n = len(results)
    rows: list[dict[str, Any]] = []
    for card in sorted(takers):
        lo, hi = wilson(taker_wins[card], takers[card])
        rows.append({"card": card, "games": games[card], "game_rate": round(games[card] / n, 4),
                     "copies": copies[card], "takers": takers[card], "taker_wins": taker_wins[card],
                     "win_rate": round(taker_wins[card] / takers[card], 4), "interval": [round(lo, 4), round(hi, 4)],
                     "baseline": round(baseline, 4)})
    rows.sort(key=lambda row: (-row["win_rate"], -row["takers"], row["card"]))
    return rows


def group_figures(results: list[GameResult], groups: Mapping[str, tuple[str, ...]]) -> list[dict[str, Any]]:
    """Per group of cards (`Game.card_groups`, e.g. a tag): how many players played at least one card
    of it and how many of them won (with its 95 % interval) beside every player's share, and how many
    of its cards a winner played on average against every other player.

    A player is one seat in one game; a card counts once per group it belongs to, however often
    the group stands on it. Cards in no group are left out. Sorted by the players' win rate, best first.
    """
    seats = [(seat in r.winners, cards) for r in results for seat, cards in enumerate(r.taken)]
    if not seats or not groups:
        return []
    winners = sum(won for won, _ in seats)
    others = len(seats) - winners
    baseline = winners / len(seats)
    players: dict[str, int] = {}
    player_wins: dict[str, int] = {}
    winner_cards: dict[str, int] = {}
    other_cards: dict[str, int] = {}
    for won, cards in seats:
        counts: dict[str, int] = {}
        for card in cards:
            for group in set(groups.get(card, ())):
                counts[group] = counts.get(group, 0) + 1
        for group, k in counts.items():
            players[group] = players.get(group, 0) + 1
            player_wins[group] = player_wins.get(group, 0) + won
            tally = winner_cards if won else other_cards
            tally[group] = tally.get(group, 0) + k
    rows: list[dict[str, Any]] = []
    for group in sorted(players):
        lo, hi = wilson(player_wins[group], players[group])
        rows.append({"group": group, "players": players[group], "player_rate": round(players[group] / len(seats), 4),
                     "player_wins": player_wins[group], "win_rate": round(player_wins[group] / players[group], 4),
                     "interval": [round(lo, 4), round(hi, 4)], "baseline": round(baseline, 4),
                     "winner_mean": round(winner_cards.get(group, 0) / winners, 3) if winners else 0.0,
                     "other_mean": round(other_cards.get(group, 0) / others, 3) if others else 0.0})
    rows.sort(key=lambda row: (-row["win_rate"], -row["players"], row["group"]))
    return rows


_WORKER: dict[str, Any] = {}


def _init_worker(content_dir: str, game_id: str, options: dict[str, Any]) -> None:
    """Each worker process (where processes are spawned, not forked) loads the content once (the
    parent checked it before it started them), makes the game, then plays many chunks.

    Workers do not answer Ctrl-C (generator.pool): the terminal sends it to the whole process
    group, and only the parent should answer it, not every worker with a traceback of its own.
    """
    content = read_folder(Path(content_dir) / game_id, ErrorList())
    if content is None:
        raise RuntimeError(f"the game folder {game_id} went away while it was simulated")
    _WORKER["game"] = make_game(content, options)


def _run_chunk(args: tuple[Any, ...]) -> list[GameResult]:
    batch_seed, indices, policy, max_turns = args
    game = _WORKER["game"]
    return [play_out(game, game_seed(batch_seed, i), policy, max_turns) for i in indices]


def simulate(content: GameContent, content_dir: Path, games: int, policy: str, options: dict[str, Any], batch_seed: int,
             jobs: int = 1, max_turns: int = DEFAULT_MAX_TURNS,
             on_progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play `games` games on up to `jobs` local processes (generator.rules.batch_runner); results come back in game
    order whatever the number of processes. No more processes play than there are cores or chunks.

    On Linux the pool's workers are forked with the game made here; elsewhere spawned workers load the game
    themselves and play the same chunks.
    """
    jobs = max(1, min(jobs, os.cpu_count() or 1, games))
    if in_child(content):  # the designer's engine: every game in a watched worker, none may hang or end pnp
        return _play_watched(content, games, policy, options, batch_seed, jobs, max_turns, on_progress)
    if jobs <= 1 or can_fork():
        game = make_game(content, options)
        return play_local(lambda i: play_out(game, game_seed(batch_seed, i), policy, max_turns), games, jobs,
                          on_progress)
    with Pool(None, jobs, _init_worker, (str(content_dir), content.id, options)) as pool:
        return in_order(lambda run: pool.executor.submit(_run_chunk, (batch_seed, run, policy, max_turns)), _done,
                        games, jobs, on_progress)


def _done(future: Future[list[GameResult]]) -> list[GameResult]:
    return future.result()


def _play_watched(content: GameContent, games: int, policy: str, options: dict[str, Any], batch_seed: int,
                  jobs: int, max_turns: int, on_progress: Callable[[int], None] | None) -> list[GameResult]:
    """A module engine's batch: `jobs` forked workers play while this process watches (batch_runner.play_watched).
    A game that runs past the time limit or ends its process is EngineStopped, naming the game and its seed."""
    game = make_game(content, options)
    seconds = time_limit()
    try:
        return play_watched(lambda i: play_out(game, game_seed(batch_seed, i), policy, max_turns), games, jobs,
                            seconds, on_progress)
    except GameStopped as stopped:
        doing = (f"playing game {stopped.index + 1} of the batch (seed {game_seed(batch_seed, stopped.index)})"
                 if stopped.index != NOT_PLAYING else "playing the batch")
        raise EngineStopped(content, doing, stopped.timed_out, seconds) from None
