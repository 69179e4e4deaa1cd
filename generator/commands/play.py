"""`pnp play` and `pnp replay`: one game played by policies or a person, and a saved game verified."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.commands.failure import CommandFailed, CommandRefused, os_reason
from generator.commands.loading import check_policy, engine_faults, engine_game, load_engine_game
from generator.commands.results import result_rows
from generator.commands.targets import try_target, write_target


@dataclass
class PlayResult:
    game: str
    seed: int
    policy: str
    options: dict[str, Any]
    turn: int
    finished: bool
    outcome: str
    state_hash: str
    saved: Path | None
    stopped: bool = False  # a person's input ended before the game did (exit STOPPED_EXIT)
    stopped_by_refusals: bool = False  # ...or a run of lines that decided nothing stopped it
    outcome_text: str = ""  # the outcome sentence in the game's language
    players: list[dict[str, Any]] = field(default_factory=list)  # results.result_rows: best first; empty unfinished
    cooperative: bool = False

    def as_json(self) -> dict[str, Any]:
        """The last JSON line of `pnp play --format json`, after one line per entry: `players` holds
        every seat's result (seat from 0, player label, score, rank, won, shared, policy), best first."""
        return {"kind": "result", "game": self.game, "seed": self.seed, "policy": self.policy,
                "options": self.options, "turn": self.turn, "finished": self.finished, "outcome": self.outcome,
                "outcome_text": self.outcome_text, "cooperative": self.cooperative, "players": self.players,
                "winners": [row["seat"] for row in self.players if row["won"]],
                "stopped": self.stopped, "stopped_by_refusals": self.stopped_by_refusals,
                "state_hash": self.state_hash,
                "saved": str(self.saved) if self.saved else None}


STOPPED_EXIT = 4  # `pnp play` with a person: standard input ended before the game did
MAX_POLICY_CHARS = 200  # a saved game's header names its policy; a longer one is not shown


def person_seats(policy: str, players: int) -> list[int]:
    """The seats (0-based) `policy` gives to a person at the terminal: `you,greedy` -> [0]; `you` -> all."""
    from generator.rules.policies import PERSON

    parts = policy.split(",") if "," in policy else [policy] * players
    return [seat for seat, part in enumerate(parts) if part == PERSON]


def default_view(policy: str, players: int) -> str:
    """referee for policies alone; with a person the view of their seat, as --view writes it (from 1;
    persons at several seats: public)."""
    seats = person_seats(policy, players)
    if not seats:
        return "referee"
    return str(seats[0] + 1) if len(seats) == 1 else "public"


def viewer_of(view: str, players: int) -> int | None:
    """--view referee (None: everything), public (ONLOOKER) or a player 1..players (people count from 1)
    as the engine's 0-based seat."""
    from generator.rules.contract import ONLOOKER

    if view == "referee":
        return None
    if view in ("public", "player"):
        return ONLOOKER
    if view.isdigit() and 1 <= int(view) <= players:
        return int(view) - 1
    raise CommandRefused(f"--view {view!r}: choose referee, public or a player 1-{players}")


def play(content_dir: Path, game: str, seed: int, policy: str, variant: str | None = None,
         players: int | None = None, option: tuple[str, ...] = (), turns: int | None = None, lang: str = "en",
         view: str | None = "referee", save: Path | None = None,
         on_entry: Callable[[str, str], None] | None = None,
         read: Callable[[], str | None] | None = None,
         tell: Callable[[str, dict[str, Any]], None] | None = None) -> PlayResult:
    """Play GAME from `seed`; `on_entry` hears every turn, event, decision and the end as they come.

    A seat whose policy is `you` is a person: `tell` shows them the table and the legal actions,
    `read` gives their next line (None: input ended, the game stops unfinished). `view` None:
    `default_view`."""
    from generator.commands.person import Person
    from generator.rules.log import dump_lines, header_of
    from generator.rules.transcript import play_transcript

    check_policy(policy, person=True)  # a clairvoyant policy never plays here, however the command is called
    if save is not None:
        try_target(save, "--save")  # before the game: a person's game must not be lost to a write bound to fail
    content = load_engine_game(content_dir, game)
    if lang not in content.languages:  # its sentences are written in the game's languages only
        raise CommandRefused(f"--lang {lang}: '{content.id}' is made in {', '.join(content.languages)} only; "
                             f"play it with --lang {content.languages[0]}")
    rules = engine_game(content, variant, players, option)
    seats = person_seats(policy, rules.num_players())
    if "," in policy and len(policy.split(",")) != rules.num_players():
        raise CommandRefused(f"--policy {policy!r} names {len(policy.split(','))} seats but the game seats "
                             f"{rules.num_players()}: give one policy per seat")
    viewer = viewer_of(view or default_view(policy, rules.num_players()), rules.num_players())
    person = Person(content, lang, read or (lambda: None), tell or (lambda kind, data: None)) if seats else None
    with engine_faults(content):
        played = play_transcript(rules, seed, policy, lang, turns, viewer, log=save is not None, on_entry=on_entry,
                                 person=person)
    state = played.state
    if save is not None:
        write_target(save, dump_lines(header_of(state, rules.options, policy), state.log or []))
    outcome = state.outcome()
    return PlayResult(game, seed, policy, dict(rules.options), state.turn, state.is_terminal,
                      outcome.cause if outcome else "unfinished", state.state_hash(), save, played.stopped,
                      stopped_by_refusals=person is not None and person.gave_up,
                      outcome_text=(outcome.text.get(lang) or outcome.cause) if outcome
                      else rules.presentation.sentence("words", "unfinished", lang, {}),
                      players=result_rows(outcome, policy, lang) if outcome else [], cooperative=rules.cooperative)


@dataclass
class ReplayResult:
    file: Path
    game: str
    entries: int
    decisions: int
    outcome: str | None
    outcome_text: str
    state_hash: str
    players: list[dict[str, Any]] = field(default_factory=list)  # results.result_rows: best first; empty unfinished
    cooperative: bool = False
    chance: str = "seed"  # "seed": every outcome checked against the header's seed; "recorded": no seed, taken as saved

    def as_json(self) -> dict[str, Any]:
        return {"ok": True, "file": str(self.file), "game": self.game, "entries": self.entries,
                "decisions": self.decisions, "chance": self.chance,
                "outcome": self.outcome, "outcome_text": self.outcome_text,
                "cooperative": self.cooperative, "players": self.players,
                "winners": [row["seat"] for row in self.players if row["won"]], "state_hash": self.state_hash}

    def line(self) -> str:
        """The text view, in rich markup (the outcome sentence escaped: it is the content's text)."""
        from rich.markup import escape

        chance = "" if self.chance == "seed" else \
            "; chance as recorded in the file (it names no seed to check the dice and shuffles against)"
        return (f"[green]✓[/] {self.file}: {self.entries} entries, {self.decisions} decisions replayed{chance}; "
                f"{escape(self.outcome_text)} (state {self.state_hash})")


def replay(file: Path, game: str | None, content_dir: Path) -> ReplayResult:
    """Replay a saved game: every decision legal, every chance outcome possible, every entry as played."""
    from generator.rules.log import ReplayError, read_saved, replay_rows
    from generator.rulestext.rule_citations import see

    def failed(line: int, message: str) -> CommandFailed:
        return CommandFailed.at(str(file), line, message, f"{file}:{line}: replay failed: {message}", code="replay")

    try:
        rows = read_saved(file)
    except ReplayError as exc:
        raise failed(exc.line, exc.message) from None
    except OSError as exc:
        raise failed(1, f"cannot read the file: {os_reason(exc)}") from None
    named = rows[0][1].get("game")
    game_id = game or (named if isinstance(named, str) else None)
    if not game_id:
        raise CommandRefused(f"{file}: no game named in the header; pass --game")
    content = load_engine_game(content_dir, game_id)
    try:
        with engine_faults(content, saved=file):
            result = replay_rows(rows, content, see)
    except ReplayError as exc:
        raise failed(exc.line, exc.message) from None
    outcome = result.state.outcome()
    policy = rows[0][1].get("policy")
    return ReplayResult(file, game_id, result.entries, result.decisions, outcome.cause if outcome else None,
                        (outcome.text.get("en") or next(iter(outcome.text.values()), outcome.cause)) if outcome
                        else "game not finished", result.final_hash,
                        result_rows(outcome, policy if isinstance(policy, str) and len(policy) <= MAX_POLICY_CHARS
                                    else None) if outcome else [],
                        result.state.game.cooperative, result.chance)
