"""The Escape Earth table: where every card, cube, ship and token is, and how a turn flows.

The galaxy is one track of 16 cards: index 0 is Earth, then row 1 left to right, then row 2
back toward the ocean planet (hidden under Earth), which is the last card. "Toward Earth"
means toward index 0. The aliens start beside the ocean planet (index 16, on no card); the
anomaly is off the table (-1) until its event puts it on a card. Cards 0 .. revealed-1 are
face up: outposts reveal the next face-down cards, so the face-up cards are always a prefix.

Decisions (`_legal_now`, `_do`) live in `decisions.py`; their refusals in `legality.py`.
"""

from __future__ import annotations

from typing import Any

from generator.rules.core import GameState, Outcome, PerObject
from generator.rules.escape_earth.data import (ACTIONS_PER_TURN, ANOMALY_FIRST_CARD, ANOMALY_STEP,
                                               CHAOS_DISTINCT_EVENTS, OPEN_IN_FIRST_ROW,
                                               REMOVED_UNSEEN, RulesData)

ACTION, RESPOND, LOSE, OVER = "action", "respond", "lose", "over"
VARIANTS = ("beginner", "expert")
NO_ANOMALY = -1

OUTCOMES = {
    "ocean-planet": (True, {"de": "Gewonnen: Alle Raumschiffe haben den Ozeanplaneten erreicht.",
                            "en": "Won: every ship has reached the ocean planet."}),
    "population": (False, {"de": "Verloren: Der Ereignisstapel ist leer – die Bevölkerung ist auf null.",
                           "en": "Lost: the event deck is empty – the population is down to zero."}),
    "chaos": (False, {"de": "Verloren: Drei verschiedene Ereignisse sind aktiv – Chaos regiert die Welt.",
                      "en": "Lost: three different events are active – chaos rules the world."}),
    "aliens": (False, {"de": "Verloren: Die Aliens haben die Erde erreicht.",
                       "en": "Lost: the aliens have reached Earth."}),
}


class EscapeEarthBase(GameState):
    """State and turn flow of Escape Earth; see the module docstring for the board model."""

    engine_id = "escape-earth"
    engine_version = "1"

    data: RulesData

    def _setup(self, data: RulesData, variant: str) -> None:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant '{variant}' (choose {' or '.join(VARIANTS)})")
        self.data = data
        self.variant = variant
        self.length = data.track_length
        self.removed_galaxy: list[str] = []
        self.track: list[str] = []
        self.parsecs: list[int] = []
        self.planet: list[bool] = []
        self.revealed = 1
        self.ships = [0] * data.players
        self.aliens = self.length            # beside the ocean planet, on no card
        self.anomaly = NO_ANOMALY
        self.building: list[str | None] = [None] * self.length
        self.upgraded = [False] * self.length
        self.cubes = [0] * self.length       # cubes on the building of each card
        self.free: list[str | None] = [None] * self.length  # the one free discovery cube of a planet
        self.scouted = [0] * self.length     # cards the building on each card has revealed
        self.supply = dict(data.cubes)
        self.removed_cubes = {r: 0 for r in data.resources}
        self.stacks = {b.id: b.count for b in data.buildings.values()}
        self.removed_buildings: list[str] = []
        self.cards = _cards_by_player(data)
        self.rows: list[list[str]] = []
        self.time_deck: list[str] = []
        self.time_seen: list[str] = []
        self.event_deck: list[str] = []
        self.active_events: list[str] = []
        self.removed_events: list[str] = []
        self.pending_event: str | None = None
        self.pending_effects: list[tuple[str, tuple]] = []
        self.pending_loss: str | None = None
        self.phase = ACTION
        self.player = 0
        self.actions_left = ACTIONS_PER_TURN
        self.turn = 1
        self.builds = 0
        self.time_on = variant == "expert"
        self.result: str | None = None
        deck = list(data.galaxy_deck)
        self._shuffle(deck, "galaxy")
        self.removed_galaxy = deck[:REMOVED_UNSEEN]
        rest = deck[REMOVED_UNSEEN:]
        self.track = [data.earth] + rest + [data.ocean]
        self.parsecs = [data.galaxy[c].parsecs for c in self.track]
        self.planet = [data.galaxy[c].planet for c in self.track]
        for p in range(data.players):
            self.rows.append([c.activity for c in data.activities[p]])
            self._shuffle(self.rows[p], f"activity-row-{p + 1}")
        self.time_deck = data.time_deck()
        self._shuffle(self.time_deck, "time")
        self.event_deck = data.event_deck()
        self._shuffle(self.event_deck, "events")
        self._emit("setup", removed=len(self.removed_galaxy), open=OPEN_IN_FIRST_ROW, hidden=self.length - 1 - OPEN_IN_FIRST_ROW,
                   rows=tuple(tuple(r) for r in self.rows))
        self._reveal_up_to(1 + OPEN_IN_FIRST_ROW)
        self._step("setup")
        self._start_turn()

    # -- copying and comparing -----------------------------------------------------------------
    def clone(self) -> "EscapeEarthBase":
        other = type(self).__new__(type(self))
        self._copy_base(other)
        other.data, other.variant, other.length = self.data, self.variant, self.length
        other.track, other.parsecs, other.planet = self.track, self.parsecs, self.planet  # never change
        other.removed_galaxy = self.removed_galaxy
        other.cards = self.cards
        for name in ("ships", "building", "upgraded", "cubes", "free", "scouted", "removed_buildings", "time_deck", "time_seen",
                     "event_deck", "active_events", "removed_events", "pending_effects"):
            setattr(other, name, list(getattr(self, name)))
        other.supply, other.removed_cubes, other.stacks = dict(self.supply), dict(self.removed_cubes), dict(self.stacks)
        other.rows = [list(r) for r in self.rows]
        for name in ("revealed", "aliens", "anomaly", "pending_event", "pending_loss", "phase", "player",
                     "actions_left", "turn", "builds", "time_on", "result"):
            setattr(other, name, getattr(self, name))
        return other

    def key(self) -> tuple:
        return (self.variant, tuple(self.track), tuple(self.removed_galaxy), self.revealed, tuple(self.ships),
                self.aliens, self.anomaly, tuple(self.building), tuple(self.upgraded), tuple(self.cubes),
                tuple(self.free), tuple(self.scouted), tuple(sorted(self.supply.items())), tuple(sorted(self.removed_cubes.items())),
                tuple(sorted(self.stacks.items())), tuple(self.removed_buildings), tuple(tuple(r) for r in self.rows),
                tuple(self.time_deck), tuple(self.time_seen), tuple(self.event_deck), tuple(self.active_events),
                tuple(self.removed_events), self.pending_event, tuple(self.pending_effects), self.pending_loss,
                self.phase, self.player, self.actions_left, self.turn, self.builds, self.time_on, self.result)

    # -- reading the table ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.player

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        won, text = OUTCOMES[self.result]
        return Outcome(won, self.result, text)

    def is_active(self, player: int, activity: str) -> bool:
        """An activity card is active when its position is one of the values on its top edge."""
        return self.rows[player].index(activity) + 1 in self.cards[player][activity].active_positions

    def available(self, pos: int, resource: str) -> int:
        """Cubes of `resource` on card `pos` that may be spent (none on the aliens' card)."""
        if pos == self.aliens:
            return 0
        building = self.building[pos]
        n = self.cubes[pos] if building and self._side(pos).produces == resource else 0
        return n + (self.free[pos] == resource)

    def _side(self, pos: int):
        kind = self.data.buildings[self.building[pos]]  # type: ignore[index]
        return kind.upgraded if self.upgraded[pos] else kind.basic

    def capacity(self, pos: int) -> int:
        return self._side(pos).capacity

    def fight_cost(self, event_id: str, extra: int = 0) -> dict[str, int]:
        """Cost to fight one copy: the summed cubes of every identical active event (+ `extra` copies)."""
        copies = self.active_events.count(event_id) + extra
        return {res: n * copies for res, n in self.data.events[event_id].fight_cost}

    # -- changing the table (used by the decisions and the effects) ----------------------------
    def _lose(self, cause: str) -> None:
        if self.result is None:
            self.result = cause
            self.phase = OVER
            self._emit("game-over", cause=cause)

    def _check_won(self) -> None:
        if all(s == self.length - 1 for s in self.ships):
            self.result = "ocean-planet"
            self.phase = OVER
            self._emit("game-over", cause="ocean-planet")

    def _to_first(self, player: int, activity: str) -> None:
        row = self.rows[player]
        if row[0] != activity:
            row.remove(activity)
            row.insert(0, activity)
            self._emit("card-to-first", player=player + 1, activity=activity)

    def _reveal_up_to(self, count: int) -> None:
        """Turn face up every card before index `count` (discovery bonuses included)."""
        count = min(count, self.length)
        while self.revealed < count:
            pos = self.revealed
            self.revealed += 1
            card = self.track[pos]
            self._emit("revealed", pos=pos, card=card)
            for op, args in self.data.galaxy[card].on_discovery:
                self._run(op, dict(args), pos)

    def _take(self, pos: int, resource: str, n: int, to_supply: bool = True) -> None:
        """Take `n` cubes of `resource` from card `pos`: the building's cubes first, then the free cube."""
        from_building = min(n, self.cubes[pos]) if self.building[pos] and self._side(pos).produces == resource else 0
        self.cubes[pos] -= from_building
        if n - from_building:
            self.free[pos] = None
        if to_supply:
            self.supply[resource] += n

    def _pay(self, payment: tuple) -> None:
        for pos, resource, n in payment:
            self._take(pos, resource, n)

    def _step_aliens(self, direction: int) -> None:
        """Move the aliens one card; a ship on the card they reach is pushed one card toward Earth."""
        before = self.aliens
        self.aliens += direction
        self._emit("aliens-moved", frm=before, to=self.aliens)
        for p, ship in enumerate(self.ships):
            if ship == self.aliens and ship > 0:
                self.ships[p] = ship - 1
                self._emit("ship-pushed", player=p + 1, frm=ship, to=ship - 1, by="aliens")
        if self.aliens == 0:
            self._lose("aliens")

    def _place_anomaly(self, pos: int) -> None:
        before = self.anomaly
        self.anomaly = pos
        self._emit("anomaly-placed" if before == NO_ANOMALY else "anomaly-moved", frm=before, to=pos)
        target = pos - 1
        while target == self.aliens:
            target -= 1
        for p, ship in enumerate(self.ships):
            if ship >= pos:
                self.ships[p] = target
                self._emit("ship-pushed", player=p + 1, frm=ship, to=target, by="anomaly")

    # -- effect operations (the content's vocabulary) ------------------------------------------
    def _run(self, op: str, args: dict[str, Any], pos: int = 0) -> None:
        OPERATION_CODE[op](self, args, pos)

    def _op_discovery_cube(self, args: dict, pos: int) -> None:
        resource = args["resource"]
        if self.supply[resource] > 0 and self.free[pos] is None:
            self.supply[resource] -= 1
            self.free[pos] = resource
            self._emit("discovery-cube", pos=pos, resource=resource)

    def _op_reveal(self, args: dict, pos: int) -> None:
        """The building on `pos` reveals the next face-down cards until it has revealed `count` in all.

        Run again by the upgraded side (count 3), it reveals only the one further card.
        """
        want = int(args["count"]) - self.scouted[pos]
        if want > 0:
            before = self.revealed
            self._reveal_up_to(self.revealed + want)
            self.scouted[pos] += self.revealed - before

    def _op_time_passes(self, args: dict, pos: int) -> None:
        self._emit("time-passes")

    def _op_move_aliens(self, args: dict, pos: int) -> None:
        for _ in range(int(args["cards"])):
            if self.result is None and self.aliens > 0:
                self._step_aliens(-1)

    def _op_draw_event(self, args: dict, pos: int) -> None:
        card = self.event_deck.pop(0)
        self.pending_event = card
        self._emit("event-drawn", card=card)
        if not self.event_deck:
            self._lose("population")
            return
        if self.payments(self.fight_cost(card, extra=1)):
            self.phase = RESPOND     # the players may fight it at once, without an action
            return
        self._event_stays()

    def _op_build_cards_to_first(self, args: dict, pos: int) -> None:
        for p in range(len(self.rows)):
            self._to_first(p, "build")

    def _op_lose_cube(self, args: dict, pos: int) -> None:
        resource = args["resource"]
        if any(self.free[i] == resource or (self.building[i] and self.cubes[i] and self._side(i).produces == resource)
               for i in range(self.length)):
            self.pending_loss = resource
            self.phase = LOSE
        else:
            self._emit("no-cube-to-lose", resource=resource)

    def _op_place_anomaly(self, args: dict, pos: int) -> None:
        if self.anomaly == NO_ANOMALY:
            self._place_anomaly(max(self.revealed - 2, ANOMALY_FIRST_CARD))
        else:
            self._place_anomaly(max(self.anomaly - ANOMALY_STEP, ANOMALY_FIRST_CARD))

    # -- the flow of a turn --------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.phase = ACTION
        self.actions_left = ACTIONS_PER_TURN
        self._emit("turn", turn=self.turn, player=self.player + 1)
        if self.time_on:
            if not self.time_deck:
                self.time_deck, self.time_seen = self.time_seen, []
                self._shuffle(self.time_deck, "time")
            card = self.time_deck.pop(0)
            self.time_seen.append(card)
            self._emit("time-card", card=card)
            for op, args in self.data.time_cards[card].effects:
                self._run(op, dict(args))
                if self.result is not None or self.phase != ACTION:
                    break
        self._step("turn-start")

    def _event_stays(self) -> None:
        """The drawn event becomes active: chaos check, then its effects."""
        card = self.pending_event
        assert card is not None
        self.phase = ACTION
        self.active_events.append(card)
        self._emit("event-active", card=card, copies=self.active_events.count(card))
        if len(set(self.active_events)) >= CHAOS_DISTINCT_EVENTS:
            self._lose("chaos")
            return
        self.pending_effects = list(self.data.events[card].effects)
        self._continue_effects()

    def _continue_effects(self) -> None:
        while self.pending_effects and self.result is None:
            op, args = self.pending_effects.pop(0)
            self._run(op, dict(args))
            if self.phase != ACTION:
                return            # waits for the players' choice
        if self.result is None:
            self._event_done()

    def _event_done(self) -> None:
        """After an event: every time card is shuffled into a new face-down deck."""
        self.pending_event = None
        self.time_deck = self.time_deck + self.time_seen
        self.time_seen = []
        self._shuffle(self.time_deck, "time")
        self._emit("time-shuffled")
        self.phase = ACTION

    def _return_event(self, card: str) -> None:
        """A fought event goes back into the deck; then the top card leaves the game unseen."""
        self.event_deck.append(card)
        self._shuffle(self.event_deck, "events")
        gone = self.event_deck.pop(0)
        self.removed_events.append(gone)
        self._emit("event-removed", secret=("card",), card=gone, left=len(self.event_deck))
        if not self.event_deck:
            self._lose("population")

    def _advance(self) -> None:
        if self.result is not None or self.phase != ACTION or self.actions_left > 0:
            return
        self.player = (self.player + 1) % len(self.rows)
        self.turn += 1
        self._start_turn()


_CARDS = PerObject()


def _cards_by_player(data: RulesData) -> dict[int, dict]:
    """player -> activity -> card; the same (never changed) dict for every game of the content."""
    return _CARDS.get(data, lambda: {p: {c.activity: c for c in data.activities[p]} for p in range(data.players)})


OPERATION_CODE = {
    "discovery_cube": EscapeEarthBase._op_discovery_cube,
    "reveal": EscapeEarthBase._op_reveal,
    "time_passes": EscapeEarthBase._op_time_passes,
    "draw_event": EscapeEarthBase._op_draw_event,
    "move_aliens": EscapeEarthBase._op_move_aliens,
    "build_cards_to_first": EscapeEarthBase._op_build_cards_to_first,
    "lose_cube": EscapeEarthBase._op_lose_cube,
    "place_anomaly": EscapeEarthBase._op_place_anomaly,
}
