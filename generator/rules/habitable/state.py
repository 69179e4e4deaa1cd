"""The Habitable table: every card, tile and marker, and how a turn flows.

Piles are lists whose top is the END (a draw is `pop()`). The market has `slots` places; index
0 is the slot beside the draw pile and the last index the one beside the black hole: cards
slide along the arrows toward the black hole.

A turn: archive (phase ARCHIVE) – play and buy (MAIN) – `end`: discard the hand, refill the
market (events happen as they are revealed), the end-of-turn mechanism on the player's planets,
draw 5, next player. Effects that ask the player something (which cards to trash, where to
search, ...) wait in phase CHOICE; a cost to pay waits in PAY; an attack on another player's
planet or an event waits in DEFEND for the planet's owner, who is then the player to decide.

What the players may decide is in `decisions.py`, why anything else is refused in
`legality.py`, the effect operations in `effects.py`, the written form of actions in
`notation.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.contract import TERMINAL
from generator.rules.core import Chance, PlayerResult, ranked
from generator.rules.engine_kit.engine_state import EngineState
from generator.rules.engine_kit.frozen import frozen
from generator.rules.engine_kit.hidden import redeal
from generator.rules.engine_kit.plain import plain
from generator.rules.engine_kit.state_copy import clone_state
from generator.rules.habitable import decisions, effects, legality
from generator.rules.habitable.data import (
    DIE_FACES,
    HAND_SIZE,
    REMOVED_AT_REFILL,
    TILES,
    WARMING_LIFE,
    EffectStep,
    Phase,
    RulesData,
)
from generator.rules.habitable.planets import DISCOVERED, Planet

if TYPE_CHECKING:
    from generator.rules.habitable.game import HabitableGame

OUTCOME_CAUSES = frozenset({"score"})


class HabitableState(EngineState[RulesData]):
    """A complete Habitable game in progress (see the module docstring)."""

    game: HabitableGame

    # -- set-up ----------------------------------------------------------------------------------
    def _setup(self, data: RulesData, options: Mapping[str, str]) -> None:
        self.n = players = int(options["players"])
        self.variant = variant = options["variant"]
        self.stars_used = tuple(s.index for s in data.stars if players >= s.min_players)
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.decks: list[list[str]] = []
        self.discards: list[list[str]] = [[] for _ in range(players)]
        self.trashed: list[list[str]] = [[] for _ in range(players)]
        self.planets = [[Planet(p, t) for t in TILES] for p in range(players)]
        self.goals_taken: list[list[str]] = [[] for _ in range(players)]
        self.bought: list[list[str]] = [[] for _ in range(players)]   # market cards each took (balance figures)
        self.tokens = [0] * players
        self.black_hole: list[str] = []
        self.events_done: list[str] = []
        self.player = 0
        self.phase = Phase.ARCHIVE
        self.choice: tuple[Any, ...] | None = None  # what a CHOICE / PAY / DEFEND phase waits for
        self.ctx: list[Any] | None = None           # the card being carried out (see effects.start_card)
        self.queue: list[EffectStep] = []           # its effects still to run
        self.event_card: str | None = None     # the event being resolved during a refill
        self.event_targets: list[tuple[int, int]] = []
        self.end_triggered = False
        self.result: str | None = None
        self.turn = 1
        self.market: list[str | None] = [None] * data.market_slots
        self.pile: list[str] = []
        self.epoch_one_left = 0                    # the pile's top cards that are Epoch I's part
        self.events_box: list[str] = []
        self.goals_shown: list[str] = []
        self.goals_box: list[str] = []
        self.planet_pile: list[str] = []          # every field is set before a logged shuffle hashes the table
        settings = data.variants[variant]
        # 1. market: Epoch I shuffled, 8 face up; the events of the difficulty; Epoch I on Epoch II
        epoch_one = list(data.epoch_one)
        self._shuffle(epoch_one, "epoch-one")
        for slot in range(data.market_slots - 1, -1, -1):
            self.market[slot] = epoch_one.pop()
        events = sorted(data.events)
        self._shuffle(events, "events")
        first, second = settings["events_epoch_one"], settings["events_epoch_two"]
        epoch_one += events[:first]
        self._shuffle(epoch_one, "epoch-one-events")
        epoch_two = list(data.epoch_two) + events[first:first + second]
        self._shuffle(epoch_two, "epoch-two-events")
        self.events_box = sorted(events[first + second:])
        self.pile = epoch_two + epoch_one          # top (end) is Epoch I
        self.epoch_one_left = len(epoch_one)
        # 2. goals: players + 1 face up
        goals = sorted(data.goals)
        self._shuffle(goals, "goals")
        self.goals_shown = goals[:players + 1]
        self.goals_box = sorted(goals[players + 1:])
        # 3.-4. starter decks, planet cards
        for p in range(players):
            deck = list(data.starter)
            self._shuffle(deck, f"deck-{p + 1}")
            self.decks.append(deck)
        self.planet_pile = sorted(data.planets)
        self._shuffle(self.planet_pile, "planet-cards")
        self._emit("setup", players=players, variant=variant, market=tuple(self.market),
                   goals=tuple(self.goals_shown), events_in=first + second)
        # 6. everyone draws 5
        for p in range(players):
            self.draw(p, HAND_SIZE)
        self._step("setup")
        self._start_turn()

    # -- copying and comparing -----------------------------------------------------------------
    def clone(self) -> HabitableState:
        other = clone_state(self, nested=("hands", "decks", "discards", "trashed", "goals_taken", "bought"),
                            lists=("tokens", "black_hole", "events_done", "queue", "event_targets", "market",
                                   "events_box", "pile", "goals_shown", "goals_box", "planet_pile"))
        other.planets = [[planet.copy() for planet in mine] for mine in self.planets]
        other.ctx = None if self.ctx is None else [*self.ctx[:4], list(self.ctx[4])]
        return other

    KEY_FIELDS = ("n", "variant", "hands", "decks", "discards", "trashed", "planets", "goals_taken", "tokens", "market",
                  "pile", "epoch_one_left", "black_hole", "events_done", "events_box", "goals_shown", "goals_box",
                  "planet_pile", "player", "phase", "choice", "ctx", "queue", "event_card", "event_targets",
                  "end_triggered", "result", "turn")   # in this order: saved games hash the key

    def key(self) -> tuple[Any, ...]:
        return tuple(frozen(getattr(self, name)) for name in self.KEY_FIELDS)

    def ask(self, phase: str, choice: tuple[Any, ...] | None) -> None:
        """Wait in `phase` for the answer `choice` describes (MAIN and None: nothing is pending)."""
        self.phase, self.choice = phase, choice

    @property
    def waiting_for(self) -> tuple[Any, ...]:
        """The pending choice, read where the phase says there is one (CHOICE, PAY, DEFEND)."""
        assert self.choice is not None, f"phase {self.phase} waits for no choice"
        return self.choice

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.phase == Phase.DEFEND:
            return int(self.waiting_for[1])
        return self.player

    def _results(self) -> tuple[PlayerResult, ...]:
        scores = [self.score(p) for p in range(self.n)]
        keys = [(sum(s for _, s in scores[p]), self.habitable_count(p), len(self.goals_taken[p]))
                for p in range(self.n)]
        ranks = ranked(keys)
        return tuple(PlayerResult(p, float(keys[p][0]), ranks[p], ranks[p] == 1,
                                  tuple((name, float(v)) for name, v in scores[p]), tuple(self.bought[p]))
                     for p in range(self.n))

    _legal_now = decisions.legal_actions
    _violation = legality.violation
    _do = decisions.do

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` sees: their own hand and the sorted contents of their draw pile; for the
        others only how many cards they hold; the market pile, planet pile and unused cards as counts."""
        return {
            "player": player, "turn": self.turn, "to_play": self.current_player, "phase": self.phase,
            "choice": plain(self.choice) if self.choice and self.current_player == player else None,
            "hand": list(self.hands[player]), "draw_pile": sorted(self.decks[player]),
            "hands": [len(h) for h in self.hands], "draw_piles": [len(d) for d in self.decks],
            "discards": [list(d) for d in self.discards], "trashed": [list(t) for t in self.trashed],
            "planets": [[{**{name: getattr(pl, name) for name in Planet.__slots__[1:]}, "habitable": pl.habitable}
                         for pl in mine] for mine in self.planets],
            "goals_taken": [list(g) for g in self.goals_taken], "tokens": list(self.tokens),
            "goals_shown": list(self.goals_shown), "market": list(self.market), "market_pile": len(self.pile),
            "black_hole": list(self.black_hole), "events_done": list(self.events_done),
            "planet_pile": len(self.planet_pile), "end_triggered": self.end_triggered, "result": self.result,
        }

    def resample_hidden(self, player: int, rng: random.Random) -> HabitableState:
        """A clone with everything `player` cannot see drawn anew from what they can see.

        The other players' hands and draw piles are dealt again from their cards in both (sizes
        kept); `player`'s own draw pile is shuffled; the market pile is shuffled within its Epoch I
        and Epoch II parts, its events swapped at random with the unused ones; the planet pile is
        shuffled. The clone's RNG is reseeded, so dice and later shuffles are new too.
        """
        twin = self.clone()
        for p in range(self.n):
            if p == player:
                rng.shuffle(twin.decks[p])
                continue
            twin.hands[p], twin.decks[p] = redeal(rng, [twin.hands[p], twin.decks[p]])
        unseen_events = [c for c in twin.pile if c in self.data.events] + twin.events_box
        rng.shuffle(unseen_events)
        slots = [i for i, c in enumerate(twin.pile) if c in self.data.events]
        for i, card in zip(slots, unseen_events, strict=False):
            twin.pile[i] = card
        twin.events_box = sorted(unseen_events[len(slots):])
        cut = len(twin.pile) - twin.epoch_one_left
        bottom, top = twin.pile[:cut], twin.pile[cut:]
        rng.shuffle(bottom)
        rng.shuffle(top)
        twin.pile = bottom + top
        rng.shuffle(twin.planet_pile)
        twin.rng.seed(rng.getrandbits(64))
        twin._legal = None
        return twin

    # -- reading the table ---------------------------------------------------------------------
    def planet(self, owner: int, tile: int) -> Planet:
        return self.planets[owner][tile - 1]

    def discovered(self, owner: int) -> list[Planet]:
        return [pl for pl in self.planets[owner] if pl.status == DISCOVERED]

    def habitable_count(self, owner: int) -> int:
        return sum(1 for pl in self.planets[owner] if pl.habitable)

    def score(self, p: int) -> list[tuple[str, int]]:
        """Where a player's points come from: life on their planets, goal bonuses, life tokens."""
        return [("planets", sum(pl.life for pl in self.planets[p] if pl.status == DISCOVERED)),
                ("goals", sum(self.data.goals[g].bonus for g in self.goals_taken[p])),
                ("tokens", self.tokens[p])]

    def defender(self, owner: int) -> list[str]:
        """The distinct cards in `owner`'s hand that can defend a planet (Moons)."""
        cards = self.data.cards
        return sorted({c for c in self.hands[owner] if cards[c].defend_draw})

    # -- changing the table --------------------------------------------------------------------
    def draw(self, p: int, count: int) -> list[str]:
        """Draw up to `count` cards into `p`'s hand, shuffling the discard pile when the draw pile runs out."""
        drawn: list[str] = []
        deck = self.decks[p]
        for _ in range(count):
            if not deck:
                if not self.discards[p]:
                    break
                self.reshuffle(p)
                deck = self.decks[p]
            drawn.append(deck.pop())
        self.hands[p].extend(drawn)
        if drawn:
            self._emit("drew", secret=("cards",), private=p, player=p, n=len(drawn), cards=tuple(drawn))
        return drawn

    def reshuffle(self, p: int) -> None:
        deck = self.discards[p]
        self.discards[p] = []
        self._shuffle(deck, f"deck-{p + 1}")
        self.decks[p] = deck
        self._emit("reshuffled", player=p, n=len(deck))

    def from_hand(self, p: int, cards: tuple[str, ...], pile: list[str]) -> None:
        """Move `cards` from `p`'s hand onto `pile` (their discard pile or the cards they trashed)."""
        hand = self.hands[p]
        for card in cards:
            hand.remove(card)
        pile.extend(cards)

    def claim_goals(self) -> None:
        """Goals are taken as soon as their condition holds during the player's own turn (ruling 24)."""
        if self.result is not None:
            return
        p = self.player
        if not self.goals_shown or all(pl.status != DISCOVERED for pl in self.planets[p]):
            return                                   # every condition asks for a discovered planet
        for goal in list(self.goals_shown):
            if all(effects.CONDITIONS[op](self, p, dict(args)) for op, args in self.data.goals[goal].conditions):
                self.goals_shown.remove(goal)
                self.goals_taken[p].append(goal)
                self._emit("goal-taken", player=p, goal=goal, bonus=self.data.goals[goal].bonus)

    def end_of_turn_mechanism(self, p: int) -> None:
        """For each planet in this order: life > 4: temperature +1; temperature +4: water −1;
        temperature −4: magnetism −1; not habitable: life −1."""
        for pl in self.planets[p]:
            if pl.status != DISCOVERED:
                continue
            was = pl.habitable
            warmed = pl.change("temperature", 1) if pl.life >= WARMING_LIFE else 0
            dried = pl.change("water", -1) if pl.temperature == 4 else 0
            weakened = pl.change("magnetism", -1) if pl.temperature == -4 else 0
            died = pl.change("life", -1) if not pl.habitable else 0
            self._emit("end-of-turn", player=p, planet=(p, pl.tile), warmed=warmed, dried=dried,
                       weakened=weakened, died=died, habitable=pl.habitable)
            effects.habitability_news(self, pl, was)

    # -- the flow of a turn --------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.phase = Phase.ARCHIVE
        self._emit("turn", turn=self.turn, player=self.player)
        self.claim_goals()
        self._step("turn-start")

    def end_turn(self) -> None:
        """`end`: discard the hand, then refill (which may wait for a Moon) and finish the turn."""
        p = self.player
        if self.hands[p]:
            self._emit("hand-discarded", player=p, cards=tuple(self.hands[p]))
        self.discards[p].extend(self.hands[p])
        self.hands[p] = []
        cards = [c for c in self.market if c is not None]
        keep = max(0, len(cards) - REMOVED_AT_REFILL[self.n])   # the cards nearest the black hole fall in
        gone = cards[keep:][::-1]
        self.black_hole.extend(gone)
        if gone:
            self._emit("black-hole", cards=tuple(gone))
        self.market = [None] * (len(self.market) - keep) + cards[:keep]
        self.refill()

    def refill(self) -> None:
        """Fill the empty slots from the pile (each card slides as far toward the black hole as it can);
        an event revealed happens at once. Goes on after a Moon decision; then finishes the turn."""
        while True:
            if self.event_card is not None and effects.resolve_event(self):
                return                           # waits for a planet owner's Moon
            if None not in self.market:
                break
            if not self.pile:
                if not self.end_triggered:
                    self.end_triggered = True
                    self._emit("market-exhausted", player=self.player)
                break
            card = self.pile.pop()
            if self.epoch_one_left:
                self.epoch_one_left -= 1
            if card in self.data.events:
                self.event_card = card
                self.event_targets = [(q % self.n, pl.tile) for q in range(self.player, self.player + self.n)
                                      for pl in self.planets[q % self.n] if pl.status == DISCOVERED]
                self._emit("event", card=card, planets=len(self.event_targets))
                continue
            slot = max(i for i, c in enumerate(self.market) if c is None)
            self.market[slot] = card
            self._emit("market-card", card=card, slot=slot + 1)
        self.finish_turn()

    def finish_turn(self) -> None:
        p = self.player
        self.phase = Phase.MAIN
        self.end_of_turn_mechanism(p)
        self.claim_goals()
        self.draw(p, HAND_SIZE - len(self.hands[p]))
        self._step("end-of-turn")
        if self.end_triggered and (p + 1) % self.n == 0:   # the round is complete: the start player is next
            for q in range(self.n):
                self.end_of_turn_mechanism(q)
            self.result = "score"
            self.phase = Phase.OVER
            self._emit("game-over", cause="score")
            self._step("final-end-of-turn")
            return
        self.player = (p + 1) % self.n
        self.turn += 1
        self._start_turn()

    def roll_distance(self, search: tuple[Any, ...]) -> None:
        """Roll both distance dice (faces 1, 1, 2, 2, 3, 3), recorded as rolls of d6 mapped to those faces: a
        declared chance step, so tree search branches on the 36 rolls; `decisions.rolled` finishes `search`."""
        self._await_chance(Chance.roll("distance-dice", 6, 2, step=search))

    def _after_chance(self, chance: Chance, outcome: Any) -> None:
        decisions.rolled(self, chance.step, (DIE_FACES[outcome[0] - 1], DIE_FACES[outcome[1] - 1]))

    def _advance(self) -> None:
        if self.result is None and self.phase in (Phase.ARCHIVE, Phase.MAIN):
            self.claim_goals()


__all__ = ["HabitableState", "OUTCOME_CAUSES"]
