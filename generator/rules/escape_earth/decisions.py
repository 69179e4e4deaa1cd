"""What the players may decide in an Escape Earth state, and what each decision does.

Actions are tuples (see `notation.py` for how they are written):

    ("improve", activity)            swap the card with its right neighbour (one position higher)
    ("move", activity, dest)         travel with an active card whose travel value the trip costs
    ("build", building)              build at the ship's card with the Build card's points
    ("upgrade", pos, payment)        flip the building on card `pos`, paying its upgrade cubes
    ("produce", resource)            fill the building at the ship's card up to its capacity
    ("fight", event, payment)        fight one active event, paying the summed cubes of its copies
    ("push", pos, n)                 push the aliens back n cards with n military cubes from card `pos`
    ("pass",)                        waive one action
    ("fight-now", payment)           fight the event just drawn at once (no action spent)
    ("let-happen",)                  let the event just drawn become active
    ("lose", pos)                    choose the card that loses the cube an event takes

A payment is a sorted tuple of (pos, resource, n): n cubes of that resource from card `pos`.
"""

from __future__ import annotations

from itertools import product

from generator.rules.core import Action
from generator.rules.escape_earth.data import ANOMALY_STEP
from generator.rules.escape_earth.state import ACTION, LOSE, NO_ANOMALY, RESPOND, EscapeEarthBase

PASS: Action = ("pass",)
LET_HAPPEN: Action = ("let-happen",)


def _splits(sources: list[tuple[int, int]], need: int, start: int = 0):
    """Every way to take `need` cubes from (pos, available) sources, as tuples of (pos, n)."""
    if need == 0:
        yield ()
        return
    if start >= len(sources):
        return
    pos, have = sources[start]
    rest = sum(h for _, h in sources[start + 1:])
    for n in range(min(have, need), -1, -1):
        if need - n > rest:
            break
        for tail in _splits(sources, need - n, start + 1):
            yield (((pos, n),) if n else ()) + tail


class EscapeEarthDecisions(EscapeEarthBase):
    """Legal decisions and their direct effects."""

    def cube_sources(self) -> dict[str, list[tuple[int, int]]]:
        """Per resource, the cards whose cubes may be spent now: [(pos, how many), ...] in card order."""
        sources: dict[str, list[tuple[int, int]]] = {}
        aliens = self.aliens
        building, cubes, free = self.building, self.cubes, self.free
        for pos in range(self.revealed):
            if pos == aliens:
                continue
            b = building[pos]
            if b is not None and cubes[pos]:
                res = self._side(pos).produces
                n = cubes[pos] + (free[pos] == res)
                sources.setdefault(res, []).append((pos, n))  # type: ignore[arg-type]
                if free[pos] is not None and free[pos] != res:
                    sources.setdefault(free[pos], []).append((pos, 1))  # type: ignore[arg-type]
            elif free[pos] is not None:
                sources.setdefault(free[pos], []).append((pos, 1))  # type: ignore[arg-type]
        return sources

    def payments(self, cost: dict[str, int], sources: dict[str, list[tuple[int, int]]] | None = None) -> list[tuple]:
        """Every way to pay `cost` from cubes that may be spent; [] when it cannot be paid."""
        if sources is None:
            sources = self.cube_sources()
        per_resource = []
        for resource, need in sorted(cost.items()):
            if need == 0:
                continue
            have = sources.get(resource, ())
            if sum(n for _, n in have) < need:
                return []
            per_resource.append([tuple((pos, resource, n) for pos, n in split)
                                 for split in _splits(list(have), need)])
        if len(per_resource) == 1:
            return per_resource[0]
        return [tuple(sorted(sum(combo, ()))) for combo in product(*per_resource)]

    def move_targets(self, player: int, travel: int) -> list[int]:
        """Cards the player's ship can end on when the trip must cost exactly `travel` parsecs."""
        start = self.ships[player]
        targets = []
        for step in (1, -1):
            pos, total = start, 0
            while True:
                pos += step
                if pos < 0 or pos >= self.revealed or pos == self.anomaly:
                    break
                total += self.parsecs[pos]
                if total >= travel:
                    if total == travel and pos != self.aliens:
                        targets.append(pos)
                    break
        return targets

    def build_points(self, player: int) -> int:
        """Build points of the player's Build card at its position (0 when it is not active)."""
        if not self.is_active(player, "build"):
            return 0
        return self.cards[player]["build"].build_points[self.rows[player].index("build")]

    def push_limit(self) -> int:
        """How many cards the aliens may be pushed back (experts: only onto revealed cards)."""
        last = self.length if self.variant == "beginner" else self.revealed - 1
        return max(0, last - self.aliens)

    # -- the legal set -------------------------------------------------------------------------
    def _legal_now(self) -> list[Action]:
        if self.result is not None:
            return []
        if self.phase == RESPOND:
            assert self.pending_event is not None
            return [("fight-now", pay) for pay in self.payments(self.fight_cost(self.pending_event, extra=1))] \
                + [LET_HAPPEN]
        if self.phase == LOSE:
            res = self.pending_loss
            return [("lose", pos) for pos in range(self.length)
                    if self.free[pos] == res or (self.building[pos] and self.cubes[pos]
                                                 and self._side(pos).produces == res)]
        p = self.player
        row = self.rows[p]
        ship = self.ships[p]
        cards = self.cards[p]
        actions: list[Action] = [("improve", a) for a in row[:-1]]
        active = set()
        targets: dict[int, list[int]] = {}
        for position, activity in enumerate(row, 1):
            card = cards[activity]
            if position in card.active_positions:
                active.add(activity)
                travel = card.travel
                if travel not in targets:
                    targets[travel] = self.move_targets(p, travel)
                for dest in targets[travel]:
                    actions.append(("move", activity, dest))
        points = cards["build"].build_points[row.index("build")] if "build" in active else 0
        sources = self.cube_sources() if any(self.cubes) or any(self.free) else {}
        here = self.building[ship]
        if points and (here is None or self.data.buildings[here].replaceable):
            for b in self.data.buildings.values():
                if self.stacks[b.id] and b.build_cost <= points and (self.planet[ship] or not b.planet_only):
                    actions.append(("build", b.id))
        if sources:
            for pos in range(self.revealed):
                b = self.building[pos]
                if b and not self.upgraded[pos] and pos != self.aliens:
                    for pay in self.payments(dict(self.data.buildings[b].upgrade_cost), sources):
                        actions.append(("upgrade", pos, pay))
        if here:
            side = self._side(ship)
            res = side.produces
            if res and self.cubes[ship] < side.capacity and self.supply[res] and res in active:
                actions.append(("produce", res))
        if sources:
            for card in dict.fromkeys(self.active_events):
                for pay in self.payments(self.fight_cost(card), sources):
                    actions.append(("fight", card, pay))
            limit = self.push_limit()
            if limit:
                for pos, have in sources.get("military", ()):
                    for n in range(1, min(have, limit) + 1):
                        actions.append(("push", pos, n))
        actions.append(PASS)
        return actions

    # -- direct effects ------------------------------------------------------------------------
    def _do(self, action: Action) -> None:
        kind = action[0]
        if self.phase == ACTION:
            self.actions_left -= 1
            _ACTION_CODE[kind](self, self.player, action)
            return
        if kind == "fight-now":
            card = self.pending_event
            assert card is not None
            self._pay(action[1])
            self._emit("event-fought", card=card, paid=action[1], at_once=True)
            self._return_event(card)
            if self.result is None:
                self._event_done()
            return
        if kind == "let-happen":
            self._event_stays()
            return
        if kind == "lose":
            res = self.pending_loss
            assert res is not None
            self._take(action[1], res, 1)
            self._emit("cube-lost", pos=action[1], resource=res)
            self.pending_loss = None
            self.phase = ACTION
            self._continue_effects()

    def _do_pass(self, p: int, action: Action) -> None:
        self._emit("passed", player=p + 1)

    def _do_improve(self, p: int, action: Action) -> None:
        row = self.rows[p]
        i = row.index(action[1])
        row[i], row[i + 1] = row[i + 1], row[i]
        self._emit("improved", player=p + 1, activity=action[1], to=i + 2, other=row[i])

    def _do_move(self, p: int, action: Action) -> None:
        _, activity, dest = action
        start = self.ships[p]
        self._to_first(p, activity)
        self.ships[p] = dest
        self._emit("ship-moved", player=p + 1, activity=activity, frm=start, to=dest,
                   parsecs=self.cards[p][activity].travel)
        self._check_won()

    def _do_build(self, p: int, action: Action) -> None:
        ship = self.ships[p]
        new = self.data.buildings[action[1]]
        self._to_first(p, "build")
        old = self.building[ship]
        if old is not None:
            produces = self._side(ship).produces
            if produces and self.cubes[ship]:
                self.removed_cubes[produces] += self.cubes[ship]
            self.removed_buildings.append(old)
            self._emit("building-removed", pos=ship, building=old, cubes=self.cubes[ship])
        self.stacks[new.id] -= 1
        self.building[ship] = new.id
        self.upgraded[ship] = False
        self.cubes[ship] = 0
        self.scouted[ship] = 0
        self.builds += 1
        self._emit("built", player=p + 1, building=new.id, pos=ship)
        for op, args in new.basic.effects:
            self._run(op, dict(args), ship)
        if not self.time_on and self.builds >= 2:
            self.time_on = True
            self._emit("time-starts")

    def _do_upgrade(self, p: int, action: Action) -> None:
        _, pos, payment = action
        self._pay(payment)
        self.upgraded[pos] = True
        self._emit("upgraded", building=self.building[pos], pos=pos, paid=payment)
        for op, args in self.data.buildings[self.building[pos]].upgraded.effects:  # type: ignore[index]
            self._run(op, dict(args), pos)

    def _do_produce(self, p: int, action: Action) -> None:
        ship = self.ships[p]
        res = action[1]
        n = min(self.capacity(ship) - self.cubes[ship], self.supply[res])
        self._to_first(p, res)
        self.supply[res] -= n
        self.cubes[ship] += n
        self._emit("produced", player=p + 1, pos=ship, resource=res, n=n)

    def _do_fight(self, p: int, action: Action) -> None:
        _, card, payment = action
        self._pay(payment)
        self.active_events.remove(card)
        self._emit("event-fought", card=card, paid=payment, at_once=False)
        self._return_event(card)
        if self.data.events[card].effects and any(op == "place_anomaly" for op, _ in self.data.events[card].effects):
            if self.anomaly != NO_ANOMALY:
                if card in self.active_events:
                    self._place_anomaly_back()
                else:
                    self.anomaly = NO_ANOMALY
                    self._emit("anomaly-removed")

    def _place_anomaly_back(self) -> None:
        before = self.anomaly
        self.anomaly = min(self.anomaly + ANOMALY_STEP, self.length - 1)
        self._emit("anomaly-moved", frm=before, to=self.anomaly)

    def _do_push(self, p: int, action: Action) -> None:
        _, pos, n = action
        self._take(pos, "military", n)
        self._emit("aliens-pushed", player=p + 1, pos=pos, n=n)
        for _ in range(n):
            self._step_aliens(+1)


_ACTION_CODE = {kind: getattr(EscapeEarthDecisions, "_do_" + kind)
                for kind in ("pass", "improve", "move", "build", "upgrade", "produce", "fight", "push")}
