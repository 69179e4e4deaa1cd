"""The referee of __TITLE__: the rules of play, in one file of the game's own folder.

game.yaml names this file (`engine: {module: engine/rules.py}`), so pnp-forge loads it to replay
the example turns (`pnp check`), to play (`pnp play __GAME__ --seed 1`) and to simulate
(`pnp simulate __GAME__ --games 500`). It follows the engine contract of pnp-forge's
docs/engines.md: a `Game` (what does not change: content, options), a `GameState` (the table), a
`Presentation` (how it reads to people) and, optionally, `AIHooks` (what helps the players).

Everything a card says (effects, price, points) and every number of a variant (rounds) is read
from the content; the end of the score track is read from boards/scoreboard.yaml. What players
read are the templates of rules/<lang>/sentences.yaml. This file holds only the rules of play:

A turn: take one job of the job row (carry out its effects; a new job is drawn into the row) or
fill one order of the order row (pay its price, move your marker up by its points; a new order is
drawn). The game ends after the round in which a marker reaches the end of the score track, or
after the variant's last round. Most points wins, then more goods left; else a shared victory.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from generator.content.loader import GameContent
from generator.rules.ai_hooks import AIHooks
from generator.rules.contract import TERMINAL, Game, GameState, OptionsError, OptionSpec
from generator.rules.core import Action, Outcome, PlayerResult, RuleError, ranked
from generator.rules.engine_kit.rules_data import effect_steps
from generator.rules.engine_kit.table_words import TableWords
from generator.rules.presentation import Presentation

PLAYERS = 2
JOB_ROW, ORDER_ROW = 3, 2          # face-up cards in each row
BOARD, TRACK = "scoreboard", "score"  # the board and track whose end is the goal
VARIANTS = ("standard", "short")


# -- the effect operations of game.yaml: one function each -----------------------------------------
def _gain(state: MarketState, args: dict[str, Any]) -> None:
    resource, amount = str(args["resource"]), int(args["amount"])
    state.goods[state.player][resource] += amount
    state._emit("gained", player=state.player, amount=amount, resource=resource)


def _advance(state: MarketState, args: dict[str, Any]) -> None:
    state.move_marker(int(args["steps"]), "jobs")


OPERATION_CODE: dict[str, Callable[[MarketState, dict[str, Any]], None]] = {"gain": _gain, "advance": _advance}


class MarketState(GameState):
    """The table: the two rows and their face-down stacks, each player's goods, points and orders."""

    game: MarketGame

    def __init__(self, game: MarketGame, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                 quiet: bool = False):
        super().__init__(game, seed, log=log, forced=forced, quiet=quiet)
        self.round, self.player, self.over = 1, 0, False
        self.goods: list[dict[str, int]] = [{r: 0 for r in game.resources} for _ in range(PLAYERS)]
        self.points = [0] * PLAYERS
        self.scored = [{"orders": 0, "jobs": 0} for _ in range(PLAYERS)]  # where the points came from
        self.filled: list[list[str]] = [[] for _ in range(PLAYERS)]
        # the face-down stacks: shuffled once (chance goes through `_shuffle`, `_roll` and `_pick`
        # only, so a saved game can be replayed and checked); cards are drawn from the top
        self.job_stack, self.job_row, self.job_discard = list(game.job_cards), [], []
        self.order_stack, self.order_row = list(game.order_cards), []
        self._shuffle(self.job_stack, "jobs")
        self._shuffle(self.order_stack, "orders")
        self._emit("setup", jobs=len(self.job_stack), orders=len(self.order_stack), goal=game.goal,
                   rounds=game.rounds)
        for _ in range(JOB_ROW):
            self.draw_job()
        for _ in range(ORDER_ROW):
            self.draw_order()
        self._step("setup")
        self._emit("turn", round=self.round, player=0)  # a seat, from 0: the sentence says "player 1"
        self._step("turn-start")

    # -- copying and comparing ---------------------------------------------------------------------
    def clone(self) -> MarketState:
        other = MarketState.__new__(MarketState)
        self._copy_base(other)
        other.round, other.player, other.over = self.round, self.player, self.over
        other.goods = [dict(g) for g in self.goods]
        other.points, other.filled = list(self.points), [list(f) for f in self.filled]
        other.scored = [dict(s) for s in self.scored]
        other.job_stack, other.job_row = list(self.job_stack), list(self.job_row)
        other.job_discard = list(self.job_discard)
        other.order_stack, other.order_row = list(self.order_stack), list(self.order_row)
        return other

    def key(self) -> tuple[Any, ...]:
        return (self.game.options["variant"], self.turn, self.round, self.player, self.over,
                tuple(tuple(sorted(g.items())) for g in self.goods), tuple(self.points),
                tuple(tuple(sorted(s.items())) for s in self.scored), tuple(tuple(f) for f in self.filled),
                tuple(self.job_stack), tuple(self.job_row), tuple(self.job_discard), tuple(self.order_stack),
                tuple(self.order_row))

    # -- the contract ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.player

    def _legal_now(self) -> list[Action]:
        if self.over:
            return []
        jobs: list[Action] = [("take", c) for c in dict.fromkeys(self.job_row)]
        orders: list[Action] = [("fill", c) for c in dict.fromkeys(self.order_row) if self.can_pay(c)]
        return jobs + orders

    def _violation(self, action: Action) -> RuleError | None:
        """Why an action is refused, as a rule id with the values its sentence names."""
        if self.over:
            return self._refuse("game-over")
        if len(action) != 2 or action[0] not in ("take", "fill"):
            return None  # the base refuses it as `unknown-action`
        kind, card = action
        if kind == "take" and card not in self.job_row:
            return self._refuse("take.not-in-row", card=card)
        if kind == "fill" and card not in self.order_row:
            return self._refuse("fill.not-in-row", card=card)
        if kind == "fill" and not self.can_pay(card):
            missing = {r: n - self.goods[self.player][r] for r, n in self.game.prices[card].items()
                       if self.goods[self.player][r] < n}
            return self._refuse("fill.price", card=card, missing=missing)
        return None

    def _do(self, action: Action) -> None:
        kind, card = action
        if kind == "take":
            self._emit("took", player=self.player, card=card)
            self.job_row.remove(card)
            for op, args in self.game.effects[card]:
                OPERATION_CODE[op](self, dict(args))
            self.job_discard.append(card)
            self.draw_job()
            return
        for resource, amount in self.game.prices[card].items():
            self.goods[self.player][resource] -= amount
        self.order_row.remove(card)
        self.filled[self.player].append(card)
        self._emit("filled", player=self.player, card=card)
        self.move_marker(self.game.order_points[card], "orders")
        self.draw_order()

    def _advance(self) -> None:
        """After a turn: the game ends once the round is complete and a marker is at the goal (or rounds run out)."""
        if self.player == PLAYERS - 1 and (max(self.points) >= self.game.goal or self.round == self.game.rounds):
            self.over = True
            cause = "goal-reached" if max(self.points) >= self.game.goal else "rounds-over"
            self._emit("game-over", cause=cause)
            self._step("game-end")
            return
        self.player = (self.player + 1) % PLAYERS
        if self.player == 0:
            self.round += 1
        self.turn += 1
        self._emit("turn", round=self.round, player=self.player)
        self._step("turn-start")

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        cause = "goal-reached" if max(self.points) >= self.game.goal else "rounds-over"
        order = ranked([(self.points[p], sum(self.goods[p].values())) for p in range(PLAYERS)])
        results = tuple(PlayerResult(p, float(self.points[p]), order[p], order[p] == 1,
                                     tuple((source, float(n)) for source, n in self.scored[p].items()))
                        for p in range(PLAYERS))
        return Outcome(cause, results, self.game.presentation.render_outcome(Outcome(cause, results)))

    def observation(self, player: int) -> dict[str, Any]:
        """Everything on the table is open; of the face-down stacks only their sizes (never their order)."""
        return {"player": player, "to_play": self.current_player, "turn": self.turn, "round": self.round,
                "goods": [dict(g) for g in self.goods], "points": list(self.points),
                "filled": [list(f) for f in self.filled], "job_row": list(self.job_row),
                "order_row": list(self.order_row), "job_stack": len(self.job_stack),
                "job_discard": list(self.job_discard), "order_stack": len(self.order_stack), "over": self.over}

    def resample_hidden(self, player: int, rng: random.Random) -> MarketState:
        """A copy whose face-down stacks are shuffled anew: tree search may not know their order."""
        twin = self.clone()
        rng.shuffle(twin.job_stack)
        rng.shuffle(twin.order_stack)
        twin.rng.seed(rng.getrandbits(64))
        return twin

    # -- the flow of play (the operations use these too) ----------------------------------------------
    def can_pay(self, order: str) -> bool:
        return all(self.goods[self.player][r] >= n for r, n in self.game.prices[order].items())

    def move_marker(self, steps: int, source: str) -> None:
        """Move the current player's marker; it stops at the end of the score track."""
        before = self.points[self.player]
        self.points[self.player] = min(self.game.goal, before + steps)
        self.scored[self.player][source] += self.points[self.player] - before
        self._emit("moved", player=self.player, steps=self.points[self.player] - before,
                   points=self.points[self.player])

    def draw_job(self) -> None:
        """Turn up the top job; an empty stack is the discard pile, shuffled, first."""
        if not self.job_stack:
            self.job_stack, self.job_discard = self.job_discard, []
            self._shuffle(self.job_stack, "jobs")
            self._emit("jobs-renewed", cards=len(self.job_stack))
        if self.job_stack:
            card = self.job_stack.pop(0)
            self.job_row.append(card)
            self._emit("job-drawn", card=card)

    def draw_order(self) -> None:
        """Turn up the top order while any are left."""
        if self.order_stack:
            card = self.order_stack.pop(0)
            self.order_row.append(card)
            self._emit("order-drawn", card=card)

    # -- the table in words (example pages, `pnp play`) ---------------------------------------------
    def summary(self, lang: str) -> list[tuple[str, str]]:
        table = TableWords(self.game.content, lang)   # the `labels` and `words` of sentences.yaml
        name = lambda card: self.game.names[card][lang]  # noqa: E731
        rows = [(table.label("jobs"), ", ".join(map(name, self.job_row))),
                (table.label("orders"), ", ".join(map(name, self.order_row)) or "–")]
        for p in range(PLAYERS):
            word = self.game.presentation.words
            goods = ", ".join(f"{n} {word('resource', r, lang)}" for r, n in self.goods[p].items())
            rows.append((table.label("player", player=p + 1), f"{self.points[p]} / {self.game.goal} · {goods}"))
        return rows


class MarketView(Presentation):
    """How the game reads to people: the notation (`take field`, `fill bread`), values in words, the table as rows."""

    game: MarketGame

    def parse_action(self, state: GameState, text: str) -> Action:
        """Any card reads, so that one not in its row is refused by its rule (`take.not-in-row`). Actions are
        written as the default writes them, their items joined by spaces."""
        words = text.split()
        if len(words) == 2 and words[0] in ("take", "fill"):
            return (words[0], words[1])
        raise state._refuse("unknown-action", action=" ".join(words))

    def action_values(self, state: GameState, action: Action) -> Mapping[str, Any]:
        return {"player": state.current_player, "card": action[1]}

    def summary(self, state: GameState, lang: str) -> list[tuple[str, str]]:
        assert isinstance(state, MarketState)
        return state.summary(lang)

    def words(self, key: str, value: Any, lang: str) -> str:
        """How a value reads in a sentence: card ids become names, resources their names, causes sentences."""
        content = self.game.content
        if key == "card" and value in self.game.names:
            return self.game.names[value][lang]
        if key == "resource":
            return content.resource_name(str(value), lang)
        if key == "missing" and isinstance(value, dict):
            return ", ".join(f"{n} {content.resource_name(r, lang)}" for r, n in value.items())
        if key == "cause":
            return self.sentence("outcomes", str(value), lang, {})
        return str(value)


class MarketAI(AIHooks):
    """What helps the generic players (optional: without it they play on the defaults)."""

    def evaluate(self, state: GameState, player: int) -> float:
        """How good a running game looks for `player` (the greedy player and tree search use it)."""
        assert isinstance(state, MarketState)
        if state.over:
            return super().evaluate(state, player)
        lead = state.points[player] - state.points[1 - player]
        goods = sum(state.goods[player].values()) - sum(state.goods[1 - player].values())
        return 0.5 + 0.5 * math.tanh((lead + goods / 4) / 4)


class MarketGame(Game):
    """The static part: the content read once, the variant's numbers, and how values read in sentences."""

    engine_id = "__GAME__"
    engine_version = "1"            # raise it when the rules change: saved games of another version are refused
    operations = frozenset(OPERATION_CODE)
    option_specs = (OptionSpec("variant", VARIANTS, "standard",
                               "standard or short: how many rounds at most (the variant's settings in game.yaml)"),)
    event_kinds = frozenset({"setup", "turn", "took", "gained", "filled", "moved", "job-drawn", "order-drawn",
                             "jobs-renewed", "game-over"})
    rule_ids = frozenset({"take.not-in-row", "fill.not-in-row", "fill.price"})
    outcome_causes = frozenset({"goal-reached", "rounds-over"})
    action_kinds = frozenset({"take", "fill"})
    state_class = MarketState
    presentation_class = MarketView   # how it reads to people
    ai_class = MarketAI               # what helps the players

    def __init__(self, content: GameContent, options: Mapping[str, Any] | None = None):
        super().__init__(content, options)
        self.resources = tuple(r.id for r in content.game.resources)
        self.names = {c.id: {"de": c.name.de, "en": c.name.en} for c in content.cards}
        jobs = [c for c in content.cards if c.kind == "job"]
        orders = [c for c in content.cards if c.kind == "order"]
        self.job_cards = tuple(c.id for c in jobs for _ in range(c.count))
        self.order_cards = tuple(c.id for c in orders for _ in range(c.count))
        self.effects = {c.id: effect_steps(c.effects) for c in jobs}   # (op, sorted args) per job card
        self.prices = {c.id: {str(r): int(n) for r, n in c.fields["price"].items()} for c in orders}
        self.order_points = {c.id: int(c.fields["points"]) for c in orders}
        variant = self.options["variant"]
        settings = next((v.settings for v in content.game.variants if v.id == variant), {})
        if not isinstance(settings.get("rounds"), int):
            raise OptionsError(f"variant '{variant}' needs `settings: {{rounds: N}}` in game.yaml")
        self.rounds = int(settings["rounds"])
        board = next((b for b in content.boards if b.id == BOARD), None)
        track = next((t for t in board.tracks if t.id == TRACK), None) if board else None
        if track is None:
            raise OptionsError(f"the game needs boards/{BOARD}.yaml with a track `{TRACK}`: its end is the goal")
        self.goal = track.end
        if len(self.job_cards) < JOB_ROW:
            raise OptionsError(f"the game needs at least {JOB_ROW} job cards")

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                          quiet: bool = False) -> MarketState:
        return MarketState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return PLAYERS

    def invariant_problems(self, state: GameState) -> list[str]:
        """The game's own accounting, checked after every step of thousands of fuzzed games."""
        assert isinstance(state, MarketState)
        problems = []
        jobs = Counter(state.job_stack) + Counter(state.job_row) + Counter(state.job_discard)
        if jobs != Counter(self.job_cards):
            problems.append("job cards are lost or doubled")
        orders = Counter(state.order_stack) + Counter(state.order_row) + Counter(c for f in state.filled for c in f)
        if orders != Counter(self.order_cards):
            problems.append("order cards are lost or doubled")
        if any(n < 0 for goods in state.goods for n in goods.values()):
            problems.append("a player holds fewer than no goods")
        if any(not 0 <= p <= self.goal for p in state.points):
            problems.append("a marker has left the score track")
        if any(sum(s.values()) != p for s, p in zip(state.scored, state.points, strict=False)):
            problems.append("the points do not add up to where they came from")
        return problems
