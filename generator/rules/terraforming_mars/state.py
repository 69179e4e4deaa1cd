"""The Terraforming Mars table: players' boards, hands, the map, the tracks, and how a generation flows.

A generation: the first player passes left and research (from the 2nd generation), the action
phase (turns of 1-2 actions round the table until everyone has passed), production. Set-up
(rulings): TR 20, every production 1, 40 M€, 10 cards to buy at 3 M€ each; the first
generation starts with the action phase. When all three global parameters have reached their
goals, the game ends after that generation: the last greenery conversion in player order, then
the final scoring.

What players may decide is in `decisions.py`, why anything else is refused in `legality.py`,
the operations in `effects.py`, predicates in `conditions.py`, points in `scoring.py`.
Players are 0-based here and 1-based in events and notation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.core import PlayerResult
from generator.rules.engine_kit.engine_state import EngineState
from generator.rules.engine_kit.hidden import redeal
from generator.rules.engine_kit.plain import plain
from generator.rules.engine_kit.state_copy import clone_state
from generator.rules.terraforming_mars import conditions, decisions, effects, legality, scoring
from generator.rules.terraforming_mars.data import (
    ACTION,
    ACTIONS_PER_TURN,
    CARD_PRICE,
    ENERGY,
    FINAL,
    HEAT,
    MC,
    OVER,
    RESEARCH,
    RESEARCH_DRAW,
    START_CARDS,
    START_MC,
    START_PRODUCTION,
    START_TR,
    RulesData,
)

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.game import TerraformingMarsGame

OUTCOME_CAUSES = frozenset({"score", "unfinished"})


class TerraformingMarsState(EngineState[RulesData]):
    """A complete game in progress (see the module docstring)."""

    game: TerraformingMarsGame

    def _setup(self, data: RulesData, options: Mapping[str, str]) -> None:
        n = self.n = int(options["players"])
        self.max_generations = 0 if options["generations"] == "none" else int(options["generations"])
        self.project_greenery_next_to_own = options["project-greenery"] == "next-to-own"
        self.generation = self.turn = 1
        self.first = self.player = 0
        self.phase = RESEARCH
        self.temperature, self.oxygen, self.oceans = data.temperature[0], data.oxygen[0], 0
        self.tr: list[int] = [START_TR] * n
        self.tr_other = 0                                         # TR raised without a parameter (raise_tr)
        self.res = [[START_MC, 0, 0, 0, 0, 0] for _ in range(n)]
        self.prod: list[list[int]] = [[START_PRODUCTION] * 6 for _ in range(n)]
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.played: list[list[str]] = [[] for _ in range(n)]     # green and blue, face up
        self.event_pile: list[list[str]] = [[] for _ in range(n)]     # red, face down in the own pile
        self.offers: list[list[str]] = [[] for _ in range(n)]     # research cards not yet bought or discarded
        self.used: list[list[str]] = [[] for _ in range(n)]       # blue actions used this generation
        self.passed = [False] * n
        self.actions_done = 0
        self.turn_done = False
        self.in_action = False
        self.tiles: dict[str, tuple[str, int]] = {}               # space -> (tile, owner; -1 for oceans)
        self.card_res: dict[str, int] = {}                        # animals / microbes on a card
        self.milestones: dict[str, int] = {}                      # claimed: id -> player, in claiming order
        self.awards: list[tuple[str, int]] = []                   # funded: (id, funder), in funding order
        self.deck = list(data.deck)
        self.discard: list[str] = []
        self.discard_owner: list[int] = []                        # who discarded each card (they know it)
        self.queue: list[tuple[str, dict[str, Any], Any]] = []
        self.any_order = False                                    # the queue holds a played card's own effects
        self.pending: tuple[Any, ...] | None = None
        self.order: list[int] = []                                # still to decide in research / last conversion
        self.result: str | None = None
        self._shuffle(self.deck, "deck")
        self._emit("setup", players=n, tr=START_TR, mc=START_MC, cards=START_CARDS)
        self._deal_research(START_CARDS)
        self._next_researcher()
        self._step("setup")

    # -- copying and comparing -----------------------------------------------------------------
    def clone(self) -> TerraformingMarsState:
        return clone_state(self, lists=("tr", "passed", "deck", "discard", "discard_owner", "queue", "order", "awards"),
                           nested=("res", "prod", "hand", "played", "event_pile", "offers", "used"),
                           dicts=("tiles", "card_res", "milestones"))

    def key(self) -> tuple[Any, ...]:
        t = tuple
        return (self.n, self.max_generations, self.project_greenery_next_to_own, self.generation, self.first,
                self.player, self.phase, self.temperature, self.oxygen, self.oceans, t(self.tr), self.tr_other,
                t(t(x) for x in self.res), t(t(x) for x in self.prod), t(t(x) for x in self.hand),
                t(t(x) for x in self.played), t(t(x) for x in self.event_pile), t(t(x) for x in self.offers),
                t(t(x) for x in self.used), t(self.passed), self.actions_done, self.turn_done, self.in_action,
                t(sorted(self.tiles.items())), t(sorted(self.card_res.items())), t(self.milestones.items()),
                t(self.awards), t(self.deck), t(self.discard), t(self.discard_owner),
                t((op, t(sorted(a.items())), s) for op, a, s in self.queue), self.any_order, self.pending,
                t(self.order), self.result)

    # -- the contract ----------------------------------------------------------------------------
    def _results(self) -> tuple[PlayerResult, ...]:
        return scoring.results(self, self.result == "score")

    _legal_now = decisions.legal_actions
    _violation = legality.violation
    _do = decisions.do

    def observation(self, player: int) -> dict[str, Any]:
        """The table as `player` sees it: other hands, research cards and event piles by count only; the deck by
        size."""
        return {
            "player": player, "generation": self.generation, "phase": self.phase,
            "to_play": self.current_player, "first": self.first, "pending": plain(self.pending or ()),
            "temperature": self.temperature, "oxygen": self.oxygen, "oceans": self.oceans,
            "tiles": {s: [tile, owner] for s, (tile, owner) in sorted(self.tiles.items())},
            "milestones": {m: p for m, p in self.milestones.items()},
            "awards": [[a, p] for a, p in self.awards],
            "deck": len(self.deck), "discard": len(self.discard),
            "players": [{
                "tr": self.tr[p], "resources": list(self.res[p]), "production": list(self.prod[p]),
                "played": list(self.played[p]), "used": list(self.used[p]), "passed": self.passed[p],
                "card_resources": {c: self.card_res[c] for c in self.played[p] if c in self.card_res},
                **{key: list(cards[p]) if p == player else len(cards[p])
                   for key, cards in (("hand", self.hand), ("offer", self.offers), ("events", self.event_pile))},
            } for p in range(self.n)],
            "result": self.result,
        }

    def resample_hidden(self, player: int, rng: random.Random) -> TerraformingMarsState:
        """A clone with the deck order, the other players' hands and research cards, and the discards
        `player` did not make, drawn anew from all the cards `player` cannot see."""
        twin = self.clone()
        others = [q for q in range(twin.n) if q != player]
        hidden_discards = [i for i, owner in enumerate(twin.discard_owner) if owner != player]
        dealt = iter(redeal(rng, [twin.deck, *(pile for q in others for pile in (twin.hand[q], twin.offers[q])),
                                  *([twin.discard[i]] for i in hidden_discards)]))
        twin.deck = next(dealt)
        for q in others:
            twin.hand[q], twin.offers[q] = next(dealt), next(dealt)
        for i in hidden_discards:
            twin.discard[i] = next(dealt)[0]
        twin.rng.seed(rng.getrandbits(64))
        return twin

    # -- cards --------------------------------------------------------------------------------------
    def take(self, count: int) -> list[str]:
        """Cards from the top of the deck; an empty deck takes the shuffled discard pile first."""
        taken: list[str] = []
        while len(taken) < count:
            if not self.deck:
                if not self.discard:
                    self._emit("deck-empty")
                    break
                self.deck, self.discard, self.discard_owner = self.discard, [], []
                self._shuffle(self.deck, "deck")
                self._emit("reshuffled", n=len(self.deck))
            taken.append(self.deck.pop(0))
        return taken

    def draw(self, p: int, count: int) -> None:
        cards = self.take(count)
        self.hand[p].extend(cards)
        self._emit("drew", secret=("cards",), private=p, player=p, n=len(cards), cards=tuple(cards))

    def discard_cards(self, p: int, cards: list[str]) -> None:
        self.discard.extend(cards)
        self.discard_owner.extend([p] * len(cards))

    def resume(self) -> None:
        """Run the queued effects until one waits for a decision; close the action when none is left."""
        while self.pending is None and self.queue:
            if self.any_order and effects.effects_to_order(self.queue):
                self.pending = ("order",)
                break
            op, args, source = self.queue.pop(0)
            effects.run(self, op, args, source)
        if not self.queue:
            self.any_order = False
        if self.pending is None and self.in_action:
            self.in_action = False
            if self.phase == ACTION:
                self.actions_done += 1
                self.turn_done = self.actions_done >= ACTIONS_PER_TURN

    # -- the flow of a generation ------------------------------------------------------------------
    def _advance(self) -> None:
        if self.result is not None or self.pending is not None or self.in_action:
            return
        if self.phase == RESEARCH:
            self._next_researcher()
        elif self.phase == ACTION and self.turn_done:
            self.turn_done = False
            self._next_turn()
        elif self.phase == FINAL:
            self._next_final()

    def _next_researcher(self) -> None:
        """The next player who buys research cards; players who cannot pay 3 M€ discard them at once."""
        while self.order:
            p = self.order[0]
            if self.offers[p] and self.res[p][MC] >= CARD_PRICE:
                self.player = p
                return
            self.finish_research(p)
        self.phase = ACTION
        self.passed = [False] * self.n
        self._start_turn(self.first, "actions")

    def finish_research(self, p: int) -> None:
        left = self.offers[p]
        self.discard_cards(p, left)
        self._emit("research-done", player=p, n=len(left), hand=len(self.hand[p]))
        self.offers[p] = []
        self.order.pop(0)

    def _start_turn(self, p: int, step: str) -> None:
        """`p`'s turn begins: the automatic `step` (the action phase, or a turn) ends there."""
        self.player = p
        self.actions_done = 0
        self._emit("turn", player=p, generation=self.generation)
        self._step(step)

    def _next_turn(self) -> None:
        for i in range(1, self.n + 1):
            q = (self.player + i) % self.n
            if not self.passed[q]:
                self._start_turn(q, "turn")
                return
        self._production()

    def _production(self) -> None:
        """All at once: energy becomes heat, income TR + M€ production, the other productions, actions free again."""
        for p in range(self.n):
            res, prod = self.res[p], self.prod[p]
            heat = res[ENERGY]
            res[HEAT] += heat
            res[ENERGY] = 0
            income = self.tr[p] + prod[MC]
            res[MC] += income
            for r in range(1, 6):
                res[r] += prod[r]
            self.used[p] = []
            self._emit("produced", player=p, heat=heat, income=income, steel=prod[1], titanium=prod[2],
                       plants=prod[3], energy=prod[4], heat_prod=prod[5])
        self._step("production")
        if self.at_goals():
            self._emit("last-generation")
            self.phase = FINAL
            self.order = self._round()
            self._next_final()
        elif self.max_generations and self.generation >= self.max_generations:
            self._finish("unfinished")
        else:
            self._begin_generation()

    def at_goals(self) -> bool:
        d = self.data
        return self.temperature >= d.temperature[1] and self.oxygen >= d.oxygen[1] and self.oceans >= d.oceans_max

    def _begin_generation(self) -> None:
        self.generation += 1
        self.turn = self.generation
        self.first = (self.first + 1) % self.n
        self._emit("generation", generation=self.generation, first=self.first)
        self.phase = RESEARCH
        self._deal_research(RESEARCH_DRAW)
        self._step("research")
        self._next_researcher()

    def _round(self) -> list[int]:
        """Every player once, from the first player on."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def _deal_research(self, count: int) -> None:
        """Research cards to every player from the first on, who then decide in that order."""
        self.order = self._round()
        for p in self.order:
            self.offers[p] = self.take(count)
            self._emit("research", secret=("cards",), private=p, player=p, cards=tuple(self.offers[p]))

    def _next_final(self) -> None:
        """The last conversion: each player in turn converts plants into greeneries until done."""
        while self.order:
            p = self.order[0]
            if conditions.conversion_problem(self, p, "plants") is None:
                self.player = p
                return
            self.order.pop(0)
        self._finish("score")

    def _finish(self, cause: str) -> None:
        self.result = cause
        self.phase = OVER
        for r in scoring.results(self, cause == "score"):
            self._emit("scored", player=r.player, score=int(r.score), rank=r.rank)
        self._emit("game-over", cause=cause)
        self._step("game-over")
