"""The engine conformance suite: what every engine must do, checked by playing it (`pnp test`, `pnp check`, pytest).

OpenSpiel tests every game it ships with the same random simulation; this is that suite for any
engine, bundled or a designer's own, so an engine's logic bug is named where it lies instead of
passing silently or surfacing later as a wrong figure. Each seed of a batch (the seeds
`pnp simulate` plays) is played with the random policy as `pnp play GAME --seed S` plays it:

- **fuzzing**: every step's legal set, apply, outcome and notation; an exception is the engine's
  fault at its file and line, with the seed, turn and action and the `pnp play` line that repeats it;
- **invariants**: the engine's own `invariant_problems` and the generic ones
  (generator.rules.invariants), at every step;
- **seats**: every seat an event or `action_values` names (the keys `Game.seat_keys` declares,
  `private`) is in range(num_players), as the API counts seats, from 0: an engine that writes
  people's numbers (`player=p + 1`) names a seat past the last; a seat-like key the game does not
  declare (`other`, `target`) is a note;
- **fixed data**: the Game's public attributes and the content's cards, boards, tables and
  sentences are the same after play as before (a move that changes them makes later games differ);
- **determinism**: the seed played a second time gives the same log (decisions, chance, events,
  hashes), and `simulate` gives the same results with `--jobs 1` and `--jobs 2`;
- **clone independence**: playing on from a clone to its end leaves the original as it was; the
  attribute it changed is named (`clone() shares 'reefs' with the original`);
- **refusals**: applying an action the state does not offer raises RuleError and leaves every
  attribute as it was;
- **replays**: the game's examples and golden playthroughs replay, and each fuzzed game saved and
  replayed reaches the same final hash;
- **coverage**: every declared action kind offered, event kind emitted and effect operation
  carried by a card met in play; what never was is a note, not a failure (the budget is bounded).

The suite runs in the calling process; a game's own engine module runs it in a watched child
(generator.rules.conformance_child). Findings are plain data, one sentence each.
"""

from __future__ import annotations

import random
import re
import time
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.rules.conformance_report import (
    CHECKS,
    CheckResult,
    ConformanceReport,
    Finding,
    Settings,
    Tell,
)
from generator.rules.contract import Game, GameState
from generator.rules.core import RuleError, seat_paths, seat_values
from generator.rules.faults import blame, remember
from generator.rules.fingerprint import changed, shared_path, snapshot
from generator.rules.invariants import generic_problems
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text
from generator.rules.policies import make_policy
from generator.rules.presentation import format_action, parse_action
from generator.rules.registry import make_game
from generator.rules.simulate import policy_seed

MAX_FINDINGS = 3           # per check: the first few, the rest counted
CLONE_PLAYOUT = 40         # actions a clone is played on at most
PROBE_EVERY = 5            # every how many steps a clone and refusals are probed...
PROBES = 8                 # ...at most this many times per seed, then every PROBE_LATER steps
PROBE_LATER = 50
FOREIGN_ACTIONS = 16       # actions of other states tried as refusals per probe
POOL = 400                 # distinct actions of other states of the seed kept for that
BOOKKEEPING = frozenset({"game", "log", "quiet", "check_seed", "_events", "_mark", "_legal", "_forced"})
UNFILLED = re.compile(r"\[[a-z][a-z0-9_.-]*\]")   # what Presentation.sentence leaves for a missing template or value
SEAT_LIKE = re.compile(r"(player|other|opponent|target|defender|attacker|owner|giver|receiver|winner|loser|rival|"
                       r"victim|seat|first|next)(_.*)?|.*_(player|seat)")  # keys that may name a seat


@dataclass
class _Run:
    """One play of a seed: its log, where each decision's entries begin (with the turn and action), its end."""

    state: GameState | None = None
    decisions: list[tuple[int, int, str]] = field(default_factory=list)
    failed: bool = False
    finished: bool = False
    start_turn: int | None = None


class ConformanceSuite:
    """The checks of one game with one set of options; `run()` plays and returns the report."""

    def __init__(self, content: GameContent, options: dict[str, Any] | None = None, settings: Settings | None = None,
                 repeat_flags: str = "", tell: Tell | None = None) -> None:
        self.content = content
        self.settings = settings or Settings()
        self.game = make_game(content, options or {})
        self.options = dict(self.game.options)
        self.flags = repeat_flags  # `--content DIR` and the like, for the repeat commands
        self.tell = tell or (lambda doing, done: None)
        self.results = {name: CheckResult(name) for name in CHECKS}
        self.used = 0
        self.games = 0
        self.pool: dict[Any, None] = {}
        self.offered: set[str] = set()
        self.emitted: set[str] = set()
        self.named: set[str] = set()
        self.seat_like: set[str] = set()     # undeclared seat-like keys already noted
        self.fixed_broken = False
        self.left = 0          # actions the current run may still take
        self.unfinished = 0
        self.fixed_before = self._fixed()

    # -- the report --------------------------------------------------------------------------------------
    def add(self, finding: Finding) -> None:
        result = self.results[finding.check]
        if any(f.message == finding.message for f in result.findings) or len(result.findings) >= MAX_FINDINGS:
            result.more += 1
            return
        result.findings.append(finding)

    def option_flags(self) -> str:
        return "".join(f" --option {name}={value}" for name, value in sorted(self.options.items()))

    def test_line(self, seed: int) -> str:
        return f"pnp test {self.content.id} --seed {seed}{self.option_flags()}{self.flags}"

    def play_line(self, seed: int, turn: int | None) -> str:
        turns = f" --turns {turn}" if turn is not None else ""
        return f"pnp play {self.content.id} --seed {seed} --policy random{self.option_flags()}{turns}{self.flags}"

    def run(self) -> ConformanceReport:
        started = time.perf_counter()
        seeds = self.settings.seeds()
        for seed in seeds:
            self.tell(f"seed {seed}", 0)
            self._seed(seed, max(2, self.settings.budget // len(seeds)))
            self.games += 1
            self.tell(f"seed {seed}", 1)
        if self.settings.jobs and self.settings.seed is None:
            self.tell("simulate with --jobs 1 and 2", 0)
            self._jobs_alike()
        if self.settings.replays:
            self.tell("examples and golden playthroughs", 0)
            self._replays()
        self._seat_keys_read()
        self._coverage()
        return ConformanceReport(self.content.id, self.options, list(self.results.values()), self.games, self.used,
                                 self.unfinished, time.perf_counter() - started)

    # -- one seed ------------------------------------------------------------------------------------------
    def _seed(self, seed: int, share: int) -> None:
        first = self._play(seed, probe=False, limit=share // 2)
        if first.failed or first.state is None:
            return
        self.unfinished += not first.finished
        self._saved_game_replays(seed, first.state)
        if self._fixed_changed(seed):
            return
        second = self._play(seed, probe=True, limit=share - share // 2)
        if second.failed or second.state is None or self.fixed_broken:
            return
        self._compare(seed, first, second)

    def _play(self, seed: int, probe: bool, limit: int) -> _Run:
        """Play `seed` as `pnp play GAME --seed S` does; the first run checks every step, the second probes clones
        and refusals along the way; at most `limit` actions (a clone's included). An exception of the engine is a
        fuzzing finding and ends the run."""
        game, run = self.game, _Run()
        state: GameState | None = None
        action: Any = None
        doing = "sets up the game"
        step = 0
        self.left = limit
        try:
            state = run.state = game.new_initial_state(seed, log=True)
            run.start_turn = state.turn
            if not probe:
                doing = "emits the events of set-up"
                self._seats(seed, state, 0, None, None)
            if not probe:
                self.pool, pool_rng = {}, random.Random(f"pool/{seed}")  # per seed, so `--seed S` repeats it exactly
            chooser = make_policy("random", game)
            rng = random.Random(policy_seed(seed))
            while True:
                doing, action = "lists the legal actions", None
                legal = state.legal_actions()
                if not probe:
                    doing = "checks its invariants"
                    self._invariants(seed, state, legal)
                    self.offered.update(str(a[0]) for a in legal if a)
                if state.is_terminal or not legal or state.turn > self.settings.max_turns or self.left <= 0:
                    run.finished = state.is_terminal
                    break
                if probe and (step % PROBE_EVERY == 0 and step < PROBE_EVERY * PROBES or step % PROBE_LATER == 0):
                    doing = "is probed"
                    if not self._probe(seed, state, legal):
                        run.failed = True
                        return run
                if not probe:  # what run A offers is what run B tries where it is not offered
                    for item in pool_rng.sample(legal, min(8, len(legal))):
                        if len(self.pool) < POOL:
                            self.pool[item] = None
                doing = "is asked for an action"
                action = chooser.choose(state, rng)
                doing = "writes an action in its notation"
                turn, text = state.turn, format_action(state, action)
                if not probe and step % 7 == 0:
                    doing = "explains a legal action"
                    self._legal_reads_back(seed, state, action, text)
                if not probe:
                    doing = "gives the values of an action's sentence"
                    self._seats(seed, state, None, action, text)
                doing = "applies a legal action"
                entries, emitted = len(state.log or []), len(state.events)
                state.apply(action)
                if not probe:
                    self._seats(seed, state, emitted, None, text, turn)
                run.decisions.append((entries, turn, text))
                self.used += 1
                self.left -= 1
                step += 1
            doing, action = "tells the outcome", None
            state.outcome()
            if not probe:
                for ev in state.events:
                    self.emitted.add(ev.kind)
                    for _, value in ev.data:
                        if isinstance(value, str):
                            self.named.add(value)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # noqa: BLE001 - the engine's fault, or pnp-forge's (raised on)
            remember(exc, game, seed, "random", state, action)
            self._fault(exc, seed, doing, state, action)
            run.failed = True
        return run

    def _fault(self, exc: BaseException, seed: int, doing: str, state: GameState | None, action: Any,
               check: str = "fuzzing", repeat: str | None = None) -> None:
        fault = blame(exc, self.content)
        if fault is None:
            raise exc
        moment = fault.moment
        turn = moment.get("turn") if isinstance(moment.get("turn"), int) else None
        named = [f.function for f in fault.engine_frames if not f.function.startswith("<")]  # not <listcomp>
        function = named[-1] if named else "the engine's code"
        self.add(Finding(check, f"the engine raises {fault.exception} in {function} while it {doing}", seed, turn,
                         moment.get("action"),
                         self.play_line(seed, turn) if repeat is None else repeat, fault.file, fault.line))

    def _invariants(self, seed: int, state: GameState, legal: list[Any]) -> None:
        result = self.results["invariants"]
        result.done += 1
        problems = self.game.invariant_problems(state) + generic_problems(self.game, state, legal)
        if bool(legal) == state.is_terminal:
            problems.append(f"legal_actions() gives {len(legal)} actions but is_terminal is {state.is_terminal}")
        for problem in problems:
            self.add(Finding("invariants", f"an invariant does not hold: {problem} (look at the move before)", seed,
                             state.turn, None, self.play_line(seed, state.turn)))

    # -- seats ----------------------------------------------------------------------------------------------
    def _seats(self, seed: int, state: GameState, since: int | None, action: Any, text: str | None,
               turn: int | None = None) -> None:
        """The seats the events since `since` (or, `since` None, `action_values(action)`) name are 0-based seats."""
        result = self.results["seats"]
        turn = state.turn if turn is None else turn
        keys, n = self.game.seat_keys, self.game.num_players()
        if since is None:
            result.done += 1
            values = list(state.game.presentation.action_values(state, action).items())
            what = f"action_values({text!r})"
            self._seat_values(seed, turn, text, values, what, keys, n)
            return
        for ev in state.events[since:]:
            result.done += 1
            what = f"the event {ev.kind!r}"
            self._seat_values(seed, turn, text, list(ev.data), what, keys, n)
            if ev.private is not None and not _in_range(ev.private, n):
                self._seat_finding(seed, turn, text, what, "private", ev.private, n)

    def _seat_keys_read(self) -> None:
        """Every key `seat_keys` declares is in a form `seat_paths` reads; one that is not names no seat."""
        paths = seat_paths(self.game.seat_keys)
        unread = sorted(k for k in self.game.seat_keys if k.split("[")[0] not in paths)
        if unread:
            self.add(Finding("seats", f"seat_keys names {', '.join(map(repr, unread))}, neither a data key ('player') "
                                      "nor a key and an item ('planet[0]'), so no value is read as a seat by it",
                             repeat=f"pnp test {self.content.id}{self.option_flags()}{self.flags}"))

    def _seat_values(self, seed: int, turn: int, text: str | None, values: list[tuple[str, Any]], what: str,
                     keys: frozenset[str], n: int) -> None:
        paths = seat_paths(keys)
        for key, value in values:
            if key in paths:
                for seat in seat_values(key, value, keys):
                    if not _in_range(seat, n):
                        self._seat_finding(seed, turn, text, what, key, seat, n)
                        return
            elif key not in self.seat_like and SEAT_LIKE.fullmatch(key) and isinstance(value, int) \
                    and not isinstance(value, bool) and 0 <= value <= n:
                self.seat_like.add(key)
                self.results["seats"].notes.append(
                    f"{what} names {key} {value}, which the game's seat_keys does not declare: if it is a seat, "
                    f"declare it (seat_keys = Game.seat_keys | {{{key!r}}}) so people read it from 1")

    def _seat_finding(self, seed: int, turn: int, text: str | None, what: str, key: str, seat: Any, n: int) -> None:
        if isinstance(seat, int) and not isinstance(seat, bool) and seat == n:
            why = (f"one past the last seat of this {n}-player game: seats count from 0 in the API (player=p, not "
                   "p + 1); sentences and saved games show them from 1 on their own")
        elif isinstance(seat, int) and not isinstance(seat, bool):
            why = f"not a seat of this {n}-player game (seats count from 0 to {n - 1})"
        else:
            why = (f"not a seat: seat_keys declares {key!r} one, a whole number from 0 to {n - 1} (or None); "
                   "take it out of seat_keys if it is no seat")
        self.add(Finding("seats", f"{what} names {key} {seat!r}, {why}", seed, turn, text, self.play_line(seed, turn)))

    def _legal_reads_back(self, seed: int, state: GameState, action: Any, text: str) -> None:
        result = self.results["fuzzing"]
        result.done += 1
        if not state.explain(action).legal:
            self.add(Finding("fuzzing", "explain() calls a legal action illegal (look at _violation)", seed,
                             state.turn, text, self.play_line(seed, state.turn)))
        back: Any
        try:
            back = parse_action(state, text)
        except RuleError as exc:
            back = exc.rule
        if back != action:
            self.add(Finding("fuzzing", f"the notation does not read back: parse_action({text!r}) gives {back!r}, not "
                                        f"{action!r} (look at format_action and parse_action)", seed, state.turn,
                             text, self.play_line(seed, state.turn)))

    # -- clones and refusals ---------------------------------------------------------------------------------
    def _skip(self) -> frozenset[int]:
        """Objects a state may hold by reference without being a clone's business: the game and its fixed data."""
        return frozenset({id(self.game), id(self.content), *(id(v) for v in vars(self.game).values())})

    def _table(self, state: GameState) -> dict[str, Any]:
        names = [name for name in vars(state) if name not in BOOKKEEPING]
        return snapshot(state, names, self._skip())

    def _probe(self, seed: int, state: GameState, legal: list[Any]) -> bool:
        """Probe a clone and some refusals at this state; False when one found something (the run stops)."""
        return self._clone_independent(seed, state) and self._refusals_untouched(seed, state, legal)

    def _clone_independent(self, seed: int, state: GameState) -> bool:
        result = self.results["clone"]
        result.done += 1
        turn = state.turn
        before = self._table(state)
        twin = state.clone()
        if twin != state or twin.state_hash() != state.state_hash():
            self.add(Finding("clone", "a clone differs from its original at once (look at clone() and key())", seed,
                             turn, None, self.test_line(seed)))
            return False
        rng = random.Random(f"clone/{seed}/{turn}")
        action: Any = None
        try:
            for _ in range(min(CLONE_PLAYOUT, max(0, self.left))):
                if twin.is_terminal:
                    break
                actions = twin.legal_actions()
                if not actions:  # the invariants check names a legal set empty before the end
                    break
                action = actions[rng.randrange(len(actions))]
                twin.apply(action)
                self.used += 1
                self.left -= 1
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # noqa: BLE001
            remember(exc, self.game, seed, None, twin, action)
            self._fault(exc, seed, f"plays on from a clone made at turn {turn}", twin, action, "clone",
                        self.test_line(seed))
            return False
        spoiled = changed(before, self._table(state))
        if not spoiled:
            return True
        name = spoiled[0]
        shared = shared_path(getattr(state, name, None), getattr(twin, name, None), name) or name
        also = f" (and {', '.join(repr(n) for n in spoiled[1:])})" if len(spoiled) > 1 else ""
        self.add(Finding("clone", f"clone() shares {shared!r} with the original: playing on from a clone changed the "
                                  f"original's {name!r}{also}; copy it in clone()", seed, turn, None,
                         self.test_line(seed)))
        return False

    def _refusals_untouched(self, seed: int, state: GameState, legal: list[Any]) -> bool:
        result = self.results["refusals"]
        offered = set(legal)
        foreign = [a for a in self.pool if a not in offered]
        rng = random.Random(f"refusals/{seed}/{state.turn}")
        before_hash, before = state.state_hash(), self._table(state)  # each refusal below must leave it so
        for action in rng.sample(foreign, min(FOREIGN_ACTIONS, len(foreign))):
            result.done += 1
            text = _quiet_format(state, action)
            doing, rule = "reads an action it does not offer from its notation", ""
            try:
                try:
                    parse_action(state, text)
                except RuleError as unread:  # not even an action here: a sentence must say why
                    self._sentences(seed, state, text, unread.rule, unread.text)
                doing = "explains an action it does not offer"
                explanation = state.explain(action)
                rule = explanation.rule
                if self._refusal_changed(seed, state, text, rule, "explain", before_hash, before):
                    return False
                doing = "refuses an action it does not offer"
                try:
                    state.apply(action)
                except RuleError as refusal:
                    rule = refusal.rule
                else:
                    self.add(Finding("refusals", "apply() accepted an action legal_actions() does not offer",
                                     seed, state.turn, text, self.test_line(seed)))
                    return False
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception as exc:  # noqa: BLE001
                remember(exc, self.game, seed, None, state, action)
                self._fault(exc, seed, doing, state, action, "refusals", self.test_line(seed))
                return False
            if self._refusal_changed(seed, state, text, rule, "apply", before_hash, before):
                return False
            if explanation.legal or explanation.rule != rule:
                self.add(Finding("refusals", f"explain() says {explanation.rule!r} but apply() refuses with {rule!r} "
                                             "(both must come from _violation)", seed, state.turn, text,
                                 self.test_line(seed)))
            self._sentences(seed, state, text, rule, explanation.text)
        return True

    def _sentences(self, seed: int, state: GameState, text: str, rule: str, said: dict[str, str]) -> None:
        """A refusal's sentence exists in every language of the content, every field filled."""
        unfilled = {lang: said.get(lang, "") for lang in self.content.sentences
                    if not said.get(lang, "").strip() or UNFILLED.search(said.get(lang, ""))}
        if unfilled:
            lang, sentence = next(iter(unfilled.items()))
            self.add(Finding("refusals", f"the refusal {rule!r} reads {sentence!r} in {', '.join(unfilled)}: its "
                                         "RuleError gives no value for a field of its sentence, or the sentence is "
                                         f"missing (rules/{lang}/sentences.yaml)", seed, state.turn, text,
                             self.test_line(seed)))

    def _refusal_changed(self, seed: int, state: GameState, text: str, rule: str, by: str, before_hash: str,
                         before: dict[str, Any]) -> bool:
        """Whether refusing an action (in `explain` or `apply`) changed the table; a finding when it did."""
        spoiled = changed(before, self._table(state))
        if not spoiled and state.state_hash() == before_hash:
            return False
        what = ", ".join(repr(n) for n in spoiled) or "its state hash"
        self.add(Finding("refusals", f"refusing an action ({rule}, in {by}()) changed the table's {what}: a refusal "
                                     "must leave the state untouched (look at _violation and what it changes)",
                         seed, state.turn, text, self.test_line(seed)))
        return True

    # -- fixed data ---------------------------------------------------------------------------------------------
    def _fixed(self, game: Game | None = None) -> dict[str, Any]:
        """The fingerprint of the game's fixed data: its public attributes and the content a referee reads."""
        game = game or self.game
        names = [name for name in vars(game) if not name.startswith("_") and name != "content"]
        # the presentation and AI hooks hold the game by reference: its data is fingerprinted once, as its own
        data = {f"Game.{name}": value for name, value in snapshot(game, names, skip=frozenset({id(game)})).items()}
        content = snapshot(game.content, ["cards", "boards", "tables", "game", "sentences"])
        return {**data, **{f"content.{name}": value for name, value in content.items()}}

    def _fixed_changed(self, seed: int) -> bool:
        result = self.results["fixed-data"]
        result.done += 1
        spoiled = changed(self.fixed_before, self._fixed())
        if not spoiled:
            return False
        self.fixed_broken = True
        turn, action = self._first_change(seed)
        self.add(Finding("fixed-data", f"a move changes the game's fixed data {', '.join(repr(n) for n in spoiled)}: "
                                       "the state must copy what it changes, so later games play with the data as "
                                       "loaded", seed, turn, action, self.play_line(seed, turn)))
        self.game = make_game(self.content, self.options)  # the next seeds play with the data as loaded
        self.fixed_before = self._fixed()
        return True

    def _first_change(self, seed: int) -> tuple[int | None, str | None]:
        """Play `seed` again on a fresh game, comparing the fixed data after every step: the turn and action that
        change it first (None, None when set-up does, or no step does this time)."""
        game = make_game(self.content, self.options)
        before = self._fixed(game)
        with suppress(Exception):  # a fault here is reported by the run that found the change
            state = game.new_initial_state(seed)
            if changed(before, self._fixed(game)):
                return None, None
            chooser, rng = make_policy("random", game), random.Random(policy_seed(seed))
            while not state.is_terminal and state.turn <= self.settings.max_turns:
                action = chooser.choose(state, rng)
                turn, text = state.turn, format_action(state, action)
                state.apply(action)
                if changed(before, self._fixed(game)):
                    return turn, text
        return None, None

    # -- determinism -------------------------------------------------------------------------------------------
    def _compare(self, seed: int, first: _Run, second: _Run) -> None:
        result = self.results["determinism"]
        result.done += 1
        a = (first.state.log if first.state else None) or []
        b = (second.state.log if second.state else None) or []
        n = min(len(first.decisions), len(second.decisions))
        if n < max(len(first.decisions), len(second.decisions)):  # one run stopped early (budget): compare the rest
            a = a[:first.decisions[n][0]] if n < len(first.decisions) else a
            b = b[:second.decisions[n][0]] if n < len(second.decisions) else b
        index = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        if index is None and len(a) == len(b):
            return
        index = min(len(a), len(b)) if index is None else index
        before = [d for d in first.decisions if d[0] <= index]
        turn, action = (before[-1][1], before[-1][2]) if before else (first.start_turn, None)
        entry = a[index] if index < len(a) else b[index]
        what = {"decision": "the decision's events or hash", "chance": f"the chance outcome '{entry.get('what')}'",
                "auto": f"the automatic step '{entry.get('what')}'"}.get(str(entry.get("kind")), "the log")
        where = "at set-up" if action is None else "after this action"
        self.add(Finding("determinism", f"the same seed played twice parts {where}: {what} differs; the engine draws "
                                        "chance outside its state's RNG (use self._shuffle, self._roll or self._pick, "
                                        "never the random module) or keeps state outside the GameState", seed, turn,
                         action, self.test_line(seed)))

    def _jobs_alike(self) -> None:
        """`simulate` gives the same results whether one process plays or two."""
        from generator.rules.simulate import simulate

        result = self.results["determinism"]
        if any(check.findings for check in self.results.values()) or self.fixed_broken:
            result.notes.append("simulate with --jobs 1 and 2 was not compared: a finding above comes first")
            return
        games = max(2, min(8, self.settings.games))
        try:
            one = simulate(self.content, self.content.root.parent, games, "random", self.options,
                           self.settings.batch_seed, 1, self.settings.max_turns)
            two = simulate(self.content, self.content.root.parent, games, "random", self.options,
                           self.settings.batch_seed, 2, self.settings.max_turns)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # noqa: BLE001
            self._fault(exc, self.settings.batch_seed, "plays a simulate batch", None, None, "determinism",
                        f"pnp simulate {self.content.id} --games {games}{self.option_flags()}{self.flags}")
            return
        result.done += 1
        for index, (x, y) in enumerate(zip(one, two, strict=False)):
            if asdict(x) != asdict(y):
                self.add(Finding("determinism", f"simulate gives other results with --jobs 2 than with --jobs 1 "
                                                f"(game {index + 1}: {x.cause} in {x.turns} turns against {y.cause} "
                                                f"in {y.turns}): the engine keeps state between games outside the "
                                                "GameState (a module or Game attribute, the random module)",
                                 x.seed, None, None,
                                 f"pnp simulate {self.content.id} --games {games} --jobs 1 (and --jobs 2) --format "
                                 f"json{self.option_flags()}{self.flags}"))
                return

    # -- replays ------------------------------------------------------------------------------------------------
    def _saved_game_replays(self, seed: int, state: GameState) -> None:
        result = self.results["replays"]
        result.done += 1
        text = dump_lines(header_of(state, self.options, "random"), state.log or [])
        try:
            replayed = replay_text(text, self.content)
        except ReplayError as exc:
            self.add(Finding("replays", f"the game saved as `pnp play --save` writes it does not replay, at line "
                                        f"{exc.line}: {exc.message}", seed, state.turn, None,
                             self.play_line(seed, None) + " --save game.jsonl; pnp replay game.jsonl"))
            return
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # noqa: BLE001
            self._fault(exc, seed, "replays a saved game", None, None, "replays",
                        self.play_line(seed, None) + " --save game.jsonl; pnp replay game.jsonl")
            return
        if replayed.final_hash != state.state_hash():
            self.add(Finding("replays", "a saved game replays to another final state (the replay takes chance from the "
                                        "file: does the engine draw chance outside _shuffle, _roll and _pick?)", seed,
                             state.turn, None,
                             self.play_line(seed, None) + " --save game.jsonl; pnp replay game.jsonl"))

    def _replays(self) -> None:
        from generator.rules.examples import replay_each
        from generator.rules.playthroughs import check_playthroughs

        result = self.results["replays"]
        errors = ErrorList()
        replay_each(self.content, errors)
        check_playthroughs(self.content, errors)
        result.done += len(self.content.examples)
        for error in errors:
            self.add(Finding("replays", error.message + (f" ({error.hint})" if error.hint else ""), None, None, None,
                             f"pnp check {self.content.id}{self.flags}", error.mark.file, error.mark.line))

    # -- coverage ------------------------------------------------------------------------------------------------
    def _coverage(self) -> None:
        result = self.results["coverage"]
        result.done += 1
        played = f"in {self.games} game{'s' if self.games != 1 else ''}"
        never = sorted(set(self.game.action_kinds) - self.offered)
        if never:
            result.notes.append(f"action kind(s) never offered {played}: {', '.join(never)}")
        unsaid = sorted(set(self.game.event_kinds) - self.emitted)
        if unsaid:
            result.notes.append(f"event kind(s) never emitted {played}: {', '.join(unsaid)}")
        carried: dict[str, set[str]] = {}
        for card in self.content.cards:
            for effect in getattr(card, "effects", ()) or ():
                carried.setdefault(str(effect.op), set()).add(card.id)
        for op in sorted(o.id for o in self.content.game.operations):
            if op not in carried:
                result.notes.append(f"operation '{op}' is declared in game.yaml but no card carries it")
            elif not carried[op] & self.named:
                result.notes.append(f"operation '{op}': no card that carries it was named in any event {played}")


def _in_range(seat: Any, n: int) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n


def _quiet_format(state: GameState, action: Any) -> str:
    try:
        return format_action(state, action)
    except Exception:  # noqa: BLE001 - an action of another state may not format here; its repr will do
        return repr(action)[:120]


def run_suite(content: GameContent, options: dict[str, Any] | None = None, settings: Settings | None = None,
              repeat_flags: str = "", tell: Tell | None = None) -> ConformanceReport:
    """The conformance report of `content`'s engine with `options`, played as `settings` say."""
    return ConformanceSuite(content, options, settings, repeat_flags, tell).run()
