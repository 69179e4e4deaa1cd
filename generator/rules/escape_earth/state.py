"""The Escape Earth table: where every card, cube, ship and token is, and how a turn flows.

The galaxy is one track of 16 cards: index 0 is Earth, then row 1 left to right, then row 2
back toward the ocean planet (hidden under Earth), which is the last card. "Toward Earth"
means toward index 0. The aliens start beside the ocean planet (index 16, on no card); the
anomaly is off the table (-1) until its event puts it on a card. Cards 0 .. revealed-1 are
face up: an outpost reveals cards after its own card, which always extends that prefix (its
card is face up, so the cards after it are face up up to the first face-down one).

The state is one class; the package's other modules (see its docstring) are functions over it.
Only the events of every turn and action skip `_emit` in quiet playouts: the calls cost 10 % there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.core import Chance, PlayerResult
from generator.rules.engine_kit.engine_state import EngineState
from generator.rules.engine_kit.hidden import redeal
from generator.rules.engine_kit.rules_data import Effects
from generator.rules.engine_kit.state_copy import clone_state
from generator.rules.escape_earth import decisions, effects, legality
from generator.rules.escape_earth.data import (
    ACTION,
    ACTIONS_PER_TURN,
    CHAOS_DISTINCT_EVENTS,
    NO_ANOMALY,
    OPEN_IN_FIRST_ROW,
    OVER,
    REMOVED_UNSEEN,
    RulesData,
)
from generator.rules.escape_earth.effects import OPERATION_CODE

if TYPE_CHECKING:
    from generator.rules.escape_earth.game import EscapeEarthGame

VARIANTS = ("beginner", "expert")
OUTCOME_CAUSES = frozenset({"ocean-planet", "population", "chaos", "aliens"})


class EscapeEarthState(EngineState[RulesData]):
    """A complete Escape Earth game in progress (see the module docstring)."""

    game: EscapeEarthGame

    def _setup(self, data: RulesData, options: Mapping[str, str]) -> None:
        self.variant = options["variant"]
        self.outposts = options["outposts"]
        self.free_cubes = options["free-cubes"]
        self.anomaly_blocks_cubes = options["anomaly"] == "blocks-all"
        self.length = data.track_length
        self.removed_galaxy: list[str] = []   # every list in key() is set before the first shuffle hashes the table
        self.track: list[str] = []
        self.revealed = 1
        self.ships = [0] * data.players
        self.aliens = self.length            # beside the ocean planet, on no card
        self.anomaly = NO_ANOMALY
        self.building: list[str | None] = [None] * self.length
        self.upgraded = [False] * self.length
        self.cubes = [0] * self.length       # cubes on the building of each card
        self.free: list[str | None] = [None] * self.length  # the one free discovery cube of a planet
        self.scouted = [0] * self.length     # cards the building on each card has revealed (frontier option)
        self.supply = dict(data.cubes)
        self.removed_cubes = {r: 0 for r in data.resources}
        self.stacks = {b.id: b.count for b in data.buildings.values()}
        self.removed_buildings: list[str] = []
        self.cards = data.activities       # player -> activity -> card (never changed)
        self.rows: list[list[str]] = []
        self.time_deck: list[str] = []
        self.time_seen: list[str] = []
        self.event_deck: list[str] = []
        self.active_events: list[str] = []
        self.removed_events: list[str] = []
        self.pending_event: str | None = None
        self.pending_effects: list[tuple[str, tuple[Any, ...]]] = []
        self.pending_loss: str | None = None
        self.phase = ACTION
        self.player = 0
        self.actions_left = ACTIONS_PER_TURN
        self.turn = 1
        self.builds = 0
        self.time_on = self.variant == "expert"
        self.result: str | None = None
        deck = list(data.galaxy_deck)
        self._shuffle(deck, "galaxy")
        self.removed_galaxy = deck[:REMOVED_UNSEEN]
        self._lay([data.earth] + deck[REMOVED_UNSEEN:] + [data.ocean])
        for p in range(data.players):
            self.rows.append(list(data.activities[p]))
            self._shuffle(self.rows[p], f"activity-row-{p + 1}")
        self.time_deck = data.time_deck()
        self._shuffle(self.time_deck, "time")
        self.event_deck = data.event_deck()
        self._shuffle(self.event_deck, "events")
        self._emit("setup", removed=len(self.removed_galaxy), open=OPEN_IN_FIRST_ROW,
                   hidden=self.length - 1 - OPEN_IN_FIRST_ROW, rows=tuple(tuple(r) for r in self.rows))
        self.reveal_up_to(1 + OPEN_IN_FIRST_ROW)
        self._step("setup")
        self._start_turn()

    # -- copying and comparing -----------------------------------------------------------------
    def clone(self) -> EscapeEarthState:
        return clone_state(self, nested=("rows",), dicts=("supply", "removed_cubes", "stacks"), lists=(
            "ships", "building", "upgraded", "cubes", "free", "scouted", "removed_buildings", "time_deck", "time_seen",
            "event_deck", "active_events", "removed_events", "pending_effects"))

    def key(self) -> tuple[Any, ...]:
        return (self.variant, self.outposts, self.free_cubes, self.anomaly_blocks_cubes, tuple(self.track),
                tuple(self.removed_galaxy),
                self.revealed, tuple(self.ships), self.aliens, self.anomaly, tuple(self.building),
                tuple(self.upgraded), tuple(self.cubes), tuple(self.free), tuple(self.scouted),
                tuple(sorted(self.supply.items())), tuple(sorted(self.removed_cubes.items())),
                tuple(sorted(self.stacks.items())), tuple(self.removed_buildings), tuple(tuple(r) for r in self.rows),
                tuple(self.time_deck), tuple(self.time_seen), tuple(self.event_deck), tuple(self.active_events),
                tuple(self.removed_events), self.pending_event, tuple(self.pending_effects), self.pending_loss,
                self.phase, self.player, self.actions_left, self.turn, self.builds, self.time_on, self.result)

    # -- the contract ----------------------------------------------------------------------------
    def _results(self) -> tuple[PlayerResult, ...]:
        won = self.result == "ocean-planet"
        # cooperative: every seat has the table's shared result; the score is how many ships reached the ocean planet
        arrived = float(sum(ship == self.length - 1 for ship in self.ships))
        return tuple(PlayerResult(p, arrived, 1, won, (("ocean-planet", arrived),)) for p in range(len(self.ships)))

    # the legal set and a decision's effects live in decisions.py (bound here without a call in between)
    _legal_now = decisions.legal_actions
    _do = decisions.do
    _violation = legality.violation

    def observation(self, player: int) -> dict[str, Any]:
        """Everything on the table; face-down galaxy cards, removed cards and deck orders masked."""
        return {
            "player": player, "turn": self.turn, "to_play": self.current_player, "phase": self.phase,
            "actions_left": self.actions_left, "variant": self.variant,
            "galaxy": [card if pos < self.revealed else None for pos, card in enumerate(self.track)],
            "parsecs": [p if pos < self.revealed else None for pos, p in enumerate(self.parsecs)],
            "ships": [s + 1 for s in self.ships], "aliens": self.aliens + 1,
            "anomaly": None if self.anomaly == NO_ANOMALY else self.anomaly + 1,
            "buildings": [{"card": pos + 1, "building": b, "upgraded": self.upgraded[pos], "cubes": self.cubes[pos]}
                          for pos, b in enumerate(self.building) if b],
            "free_cubes": {str(pos + 1): r for pos, r in enumerate(self.free) if r},
            "rows": [list(r) for r in self.rows], "supply": dict(self.supply),
            "active_events": list(self.active_events), "pending_event": self.pending_event,
            "time_deck": len(self.time_deck), "time_seen": list(self.time_seen),
            "event_deck": len(self.event_deck), "removed_events": len(self.removed_events),
            "removed_galaxy": len(self.removed_galaxy), "result": self.result,
        }

    def resample_hidden(self, player: int, rng: random.Random) -> EscapeEarthState:
        """A clone with the face-down galaxy cards, the unseen removed ones and both decks redrawn.

        The players know which cards are face up, which time cards have been seen since the
        last shuffle and which events are out; everything else is a uniform draw from the rest.
        Each draw starts from the sorted cards, so the sample depends on `rng` and on what the
        player sees only, never on the hidden order itself.
        """
        twin = self.clone()
        face_down, twin.removed_galaxy = redeal(rng, [twin.track[twin.revealed:-1], twin.removed_galaxy], sort=True)
        twin._lay(twin.track[:twin.revealed] + face_down + [twin.track[-1]])
        [twin.time_deck] = redeal(rng, [twin.time_deck], sort=True)
        twin.event_deck, twin.removed_events = redeal(rng, [twin.event_deck, twin.removed_events], sort=True)
        twin.rng.seed(rng.getrandbits(64))
        return twin

    def _lay(self, track: list[str]) -> None:
        """The galaxy cards in track order, with the parsecs and planets the moves and builds read."""
        self.track = track
        self.parsecs = [self.data.galaxy[c].parsecs for c in track]
        self.planet = [self.data.galaxy[c].planet for c in track]

    # -- reading the table ---------------------------------------------------------------------
    def is_active(self, player: int, activity: str) -> bool:
        """An activity card is active when its position is one of the values on its top edge."""
        return self.rows[player].index(activity) + 1 in self.cards[player][activity].active_positions

    def blocked(self, pos: int) -> bool:
        """A building on this card gives no cubes and cannot be upgraded: the aliens' card, and the
        anomaly's (both are "blockiert"; option `anomaly: blocks-moves` lets the anomaly block moves only)."""
        return pos == self.aliens or (pos == self.anomaly and self.anomaly_blocks_cubes)

    def side(self, pos: int) -> Any:
        building = self.building[pos]
        assert building is not None, f"no building on card {pos}"  # callers ask only where one stands
        kind = self.data.buildings[building]
        return kind.upgraded if self.upgraded[pos] else kind.basic

    def fight_cost(self, event_id: str, extra: int = 0) -> dict[str, int]:
        """Cost to fight one copy: the summed cubes of every identical active event (+ `extra` copies)."""
        copies = self.active_events.count(event_id) + extra
        return {res: n * copies for res, n in self.data.events[event_id].fight_cost}

    def holds_cube(self, pos: int, resource: str | None) -> bool:
        """Whether card `pos` holds a cube of `resource` that an event may take (its free cube or its building's)."""
        return self.free[pos] == resource or bool(self.building[pos] and self.cubes[pos]
                                                  and self.side(pos).produces == resource)

    payments, cube_sources, move_targets = decisions.payments, decisions.cube_sources, decisions.move_targets
    build_points, push_limit = decisions.build_points, decisions.push_limit

    # -- changing the table (used by the decisions and the effects) ----------------------------
    def end(self, cause: str) -> None:
        """The game is over by `cause` (an outcome cause: won or lost); the first cause stands."""
        if self.result is None:
            self.result = cause
            self.phase = OVER
            self._emit("game-over", cause=cause)

    def to_first(self, player: int, activity: str) -> None:
        row = self.rows[player]
        if row[0] != activity:
            row.remove(activity)
            row.insert(0, activity)
            if not self.quiet:
                self._emit("card-to-first", player=player, activity=activity)

    def reveal_up_to(self, count: int) -> None:
        """Turn face up every card before index `count` (discovery bonuses included)."""
        count = min(count, self.length)
        while self.revealed < count:
            pos = self.revealed
            self.revealed += 1
            card = self.track[pos]
            self._emit("revealed", pos=pos, card=card)
            self.run(self.data.galaxy[card].on_discovery, pos)

    def take(self, pos: int, resource: str, n: int) -> None:
        """Take `n` cubes of `resource` from card `pos` back to the supply: the building's first, then the free cube."""
        from_building = min(n, self.cubes[pos]) if self.building[pos] and self.side(pos).produces == resource else 0
        self.cubes[pos] -= from_building
        if n - from_building:
            self.free[pos] = None
        self.supply[resource] += n

    def pay(self, payment: tuple[Any, ...]) -> None:
        for pos, resource, n in payment:
            self.take(pos, resource, n)

    def step_aliens(self, direction: int) -> None:
        """Move the aliens one card; a ship on the card they reach is pushed one card toward Earth."""
        if not self.quiet:
            self._emit("aliens-moved", frm=self.aliens, to=self.aliens + direction)
        self.aliens += direction
        for p, ship in enumerate(self.ships):
            if ship == self.aliens and ship > 0:
                self.ships[p] = ship - 1
                self._emit("ship-pushed", player=p, frm=ship, to=ship - 1, by="aliens")
        if self.aliens == 0:
            self.end("aliens")

    def place_anomaly(self, pos: int) -> None:
        self._emit("anomaly-placed" if self.anomaly == NO_ANOMALY else "anomaly-moved", frm=self.anomaly, to=pos)
        self.anomaly = pos
        target = pos - 1
        while target == self.aliens:
            target -= 1
        for p, ship in enumerate(self.ships):
            if ship >= pos:
                self.ships[p] = target
                self._emit("ship-pushed", player=p, frm=ship, to=target, by="anomaly")

    def run(self, steps: Effects, pos: int) -> None:
        """Execute the effect operations of the content's vocabulary (see effects.py) of card `pos`."""
        for op, args in steps:
            OPERATION_CODE[op](self, dict(args), pos)

    # -- the flow of a turn --------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.phase = ACTION
        self.actions_left = ACTIONS_PER_TURN
        if not self.quiet:
            self._emit("turn", turn=self.turn, player=self.player)
        if self.time_on:
            if not self.time_deck:
                self.time_deck, self.time_seen = self.time_seen, []
                self._shuffle(self.time_deck, "time")
            if self.explicit_chance:   # tree search: the card turned up is a chance node
                self._await_chance(Chance.pick("time-card", self.time_deck, step=("time",)))
                return
            self.time_card(self.time_deck[0])
        if self.log is not None:
            self._step("turn-start")

    def time_card(self, card: str, start: int = 0) -> None:
        """Turn up `card` of the time deck (the top one, whose place the last shuffle recorded; in tree search
        the outcome of a chance node) and carry out its effects, from effect `start` on.

        An event it draws in tree search is a chance node too: the effects after it wait for its outcome."""
        if start == 0:
            self.time_deck.remove(card)
            self.time_seen.append(card)
            if not self.quiet:
                self._emit("time-card", card=card)
        for i, (op, args) in enumerate(self.data.time_cards[card].effects[start:], start):
            if op == "draw_event" and self.explicit_chance:
                self._await_chance(Chance.pick("event-card", self.event_deck, step=("event", card, i + 1)))
                return
            OPERATION_CODE[op](self, dict(args), 0)
            if self.result is not None or self.phase != ACTION:
                break

    def _after_chance(self, chance: Chance, outcome: Any) -> None:
        """A chance node of tree search (`explicit_chance`) resolved: a time card turned up, or an event drawn
        by one; then the rest of the turn's start, as `_start_turn` would have gone on."""
        if chance.step[0] == "time":
            self.time_card(outcome)
        else:
            _, card, rest = chance.step
            effects.event_drawn(self, outcome)
            if self.result is None and self.phase == ACTION:
                self.time_card(card, rest)
        if self._chance is None and self.log is not None:
            self._step("turn-start")

    def event_stays(self) -> None:
        """The drawn event becomes active: chaos check, then its effects."""
        card = self.pending_event
        assert card is not None
        self.phase = ACTION
        self.active_events.append(card)
        self._emit("event-active", card=card, copies=self.active_events.count(card))
        if len(set(self.active_events)) >= CHAOS_DISTINCT_EVENTS:
            self.end("chaos")
            return
        self.pending_effects = list(self.data.events[card].effects)
        self.continue_effects()

    def continue_effects(self) -> None:
        while self.pending_effects and self.result is None:
            op, args = self.pending_effects.pop(0)
            OPERATION_CODE[op](self, dict(args), 0)
            if self.phase != ACTION:
                return            # waits for the players' choice
        if self.result is None:
            self.event_done()

    def event_done(self) -> None:
        """After an event: every time card is shuffled into a new face-down deck."""
        self.pending_event = None
        self.time_deck = self.time_deck + self.time_seen
        self.time_seen = []
        self._shuffle(self.time_deck, "time")
        self._emit("time-shuffled")
        self.phase = ACTION

    def event_fought(self, card: str, payment: tuple[Any, ...], at_once: bool) -> None:
        """A fought event, `payment` paid, goes back into the deck; then the top card leaves the game unseen."""
        self.pay(payment)
        self._emit("event-fought", card=card, paid=payment, at_once=at_once)
        self.event_deck.append(card)
        self._shuffle(self.event_deck, "events")
        gone = self.event_deck.pop(0)
        self.removed_events.append(gone)
        self._emit("event-removed", secret=("card",), card=gone, left=len(self.event_deck))
        if not self.event_deck:
            self.end("population")

    def _advance(self) -> None:
        if self.result is not None or self.phase != ACTION or self.actions_left > 0:
            return
        self.player = (self.player + 1) % len(self.rows)
        self.turn += 1
        self._start_turn()
