"""Why an Escape Earth action is refused: one rule, said in German and English.

`_violation` is a second reading of the rules, written for people; the tests check that it
refuses exactly what `_legal_now` leaves out, so the two can never drift apart silently.
"""

from __future__ import annotations

from generator.rules.core import Action, RuleError
from generator.rules.escape_earth.decisions import EscapeEarthDecisions
from generator.rules.escape_earth.state import LOSE, RESPOND


def _err(rule: str, de: str, en: str) -> RuleError:
    return RuleError(rule, {"de": de, "en": en})


class EscapeEarthLegality(EscapeEarthDecisions):
    """Refusals with reasons."""

    def _name(self, kind: str, item: str, lang: str) -> str:
        table = {"activity": self.data.activity_names, "resource": self.data.resource_names}.get(kind)
        if table is not None and item in table:
            return table[item].get(lang)
        if kind == "building" and item in self.data.buildings:
            return self.data.buildings[item].basic.name.get(lang)
        if kind == "event" and item in self.data.events:
            return self.data.events[item].name.get(lang)
        return str(item)

    def _payment_problem(self, cost: dict[str, int], payment: object, what_de: str, what_en: str) -> RuleError | None:
        if not isinstance(payment, tuple) or not all(isinstance(x, tuple) and len(x) == 3 for x in payment):
            return _err("payment.form", "Eine Zahlung nennt Würfel als (Karte, Art, Anzahl).",
                        "A payment names cubes as (card, kind, number).")
        paid: dict[str, int] = {}
        for pos, res, n in payment:
            if not isinstance(pos, int) or not 0 <= pos < self.length or not isinstance(n, int) or n < 1:
                return _err("payment.form", "Eine Zahlung nennt eine Karte der Galaxie und mindestens 1 Würfel.",
                            "A payment names a galaxy card and at least 1 cube.")
            if pos == self.aliens:
                return _err("blocked.cubes", f"Die Würfel auf Karte {pos + 1} sind blockiert: Dort sind die Aliens.",
                            f"The cubes on card {pos + 1} are blocked: the aliens are there.")
            if self.available(pos, res) < n:
                return _err("payment.missing", f"Auf Karte {pos + 1} liegen keine {n} × {self._name('resource', res, 'de')}.",
                            f"Card {pos + 1} does not hold {n} × {self._name('resource', res, 'en')}.")
            paid[res] = paid.get(res, 0) + n
        wanted = {r: n for r, n in cost.items() if n}
        if paid != wanted:
            need_de = ", ".join(f"{n} × {self._name('resource', r, 'de')}" for r, n in sorted(wanted.items()))
            need_en = ", ".join(f"{n} × {self._name('resource', r, 'en')}" for r, n in sorted(wanted.items()))
            return _err("payment.exact", f"{what_de} kostet genau {need_de}.", f"{what_en} costs exactly {need_en}.")
        if list(payment) != sorted(payment) or len({(p, r) for p, r, _ in payment}) != len(payment):
            return _err("payment.form", "Eine Zahlung nennt jede Karte und Art einmal, nach Karten geordnet.",
                        "A payment lists each card and kind once, in card order.")
        return None

    def _violation(self, action: Action) -> RuleError | None:
        if self.result is not None:
            return _err("game-over", "Das Spiel ist vorbei.", "The game is over.")
        if not isinstance(action, tuple) or not action:
            return None
        kind = action[0]
        if self.phase == RESPOND:
            if action == ("let-happen",):
                return None
            if kind == "fight-now" and len(action) == 2:
                name_de = self._name("event", self.pending_event, "de")
                name_en = self._name("event", self.pending_event, "en")
                return self._payment_problem(self.fight_cost(self.pending_event, extra=1), action[1],
                                             f"Das Ereignis {name_de} sofort zu bekämpfen",
                                             f"Fighting {name_en} at once")
            return _err("respond-first", "Erst entscheidet ihr, ob ihr das eben aufgedeckte Ereignis sofort bekämpft.",
                        "First decide whether to fight the event just revealed at once.")
        if self.phase == LOSE:
            res = self.pending_loss
            if kind == "lose" and len(action) == 2:
                pos = action[1]
                if isinstance(pos, int) and 0 <= pos < self.length and (
                        self.free[pos] == res or (self.building[pos] and self.cubes[pos]
                                                  and self._side(pos).produces == res)):
                    return None
                return _err("lose.which", f"Auf Karte {action[1] + 1} liegt kein {self._name('resource', res, 'de')}-Würfel.",
                            f"Card {action[1] + 1} holds no {self._name('resource', res, 'en')} cube.")
            return _err("lose-first", f"Erst wählt ihr den {self._name('resource', res, 'de')}-Würfel, den ihr verliert.",
                        f"First choose the {self._name('resource', res, 'en')} cube you lose.")
        if kind in ("fight-now", "let-happen", "lose"):
            return _err("no-pending", "Gerade wartet kein Ereignis auf eure Entscheidung.",
                        "No event is waiting for your decision now.")
        check = getattr(self, "_why_not_" + str(kind).replace("-", "_"), None)
        return check(action) if check else None

    def _activity_problem(self, activity: object) -> RuleError | None:
        p = self.player
        if activity not in self.cards[p]:
            return _err("activity.unknown", f"„{activity}“ ist keine deiner Aktivitätskarten.",
                        f"'{activity}' is not one of your activity cards.")
        if not self.is_active(p, activity):  # type: ignore[arg-type]
            pos = self.rows[p].index(activity) + 1
            allowed = ", ".join(map(str, sorted(self.cards[p][activity].active_positions)))
            return _err("activity.inactive",
                        f"Deine Karte {self._name('activity', activity, 'de')} liegt auf Position {pos} und ist nur auf "
                        f"Position {allowed} aktiv.",
                        f"Your {self._name('activity', activity, 'en')} card is at position {pos}; it is active only at "
                        f"position {allowed}.")
        return None

    def _why_not_improve(self, action: Action) -> RuleError | None:
        if len(action) != 2 or action[1] not in self.cards[self.player]:
            return _err("activity.unknown", "Verbessern nennt eine deiner Aktivitätskarten.",
                        "Improving names one of your activity cards.")
        if self.rows[self.player][-1] == action[1]:
            return _err("improve.top", "Die Karte liegt schon auf der höchsten Position 5.",
                        "The card is already at the highest position, 5.")
        return None

    def _why_not_move(self, action: Action) -> RuleError | None:
        if len(action) != 3 or not isinstance(action[2], int):
            return _err("move.form", "Eine Reise nennt eine Aktivitätskarte und die Zielkarte.",
                        "A move names an activity card and the destination card.")
        problem = self._activity_problem(action[1])
        if problem:
            return problem
        p, dest = self.player, action[2]
        start = self.ships[p]
        travel = self.cards[p][action[1]].travel
        if dest == start:
            return _err("move.stay", "Eine Reise führt auf eine andere Karte.", "A move goes to another card.")
        if not 0 <= dest < self.length:
            return _err("move.off", "Die Galaxie hat keine solche Karte.", "The galaxy has no such card.")
        step = 1 if dest > start else -1
        total = 0
        for pos in range(start + step, dest + step, step):
            if pos >= self.revealed:
                return _err("move.hidden", f"Karte {pos + 1} ist verdeckt: Raumschiffe reisen nur über aufgedeckte Karten.",
                            f"Card {pos + 1} is face down: ships travel only on revealed cards.")
            if pos == self.anomaly:
                return _err("move.anomaly", f"Die Anomalie blockiert Karte {pos + 1}: Kein Raumschiff zieht auf oder über sie.",
                            f"The anomaly blocks card {pos + 1}: no ship moves onto or over it.")
            total += self.parsecs[pos]
        if total != travel:
            return _err("move.exact", f"Diese Reise kostet {total} Parsec, die Karte {self._name('activity', action[1], 'de')} "
                        f"hat den Reisewert {travel}: Es muss genau passen.",
                        f"This trip costs {total} parsecs; the {self._name('activity', action[1], 'en')} card has travel "
                        f"value {travel}: it must match exactly.")
        if dest == self.aliens:
            return _err("move.aliens", f"Auf Karte {dest + 1} sind die Aliens: Dort endet kein Zug (darüber ziehen ist erlaubt).",
                        f"The aliens are on card {dest + 1}: no move ends there (passing over is allowed).")
        return None

    def _why_not_build(self, action: Action) -> RuleError | None:
        if len(action) != 2 or action[1] not in self.data.buildings:
            return _err("build.unknown", "Bauen nennt eine Gebäudeart.", "Building names a kind of building.")
        b = self.data.buildings[action[1]]
        p = self.player
        ship = self.ships[p]
        problem = self._activity_problem("build")
        if problem:
            return problem
        points = self.build_points(p)
        if b.build_cost > points:
            return _err("build.points", f"{self._name('building', b.id, 'de')} kostet {b.build_cost} Baupunkte, deine Karte "
                        f"Bauen gibt auf ihrer Position nur {points}.",
                        f"{self._name('building', b.id, 'en')} costs {b.build_cost} build points; your Build card gives "
                        f"only {points} at its position.")
        if not self.stacks[b.id]:
            return _err("build.stack", "Dieser Gebäudestapel ist leer.", "That building stack is empty.")
        if b.planet_only and not self.planet[ship]:
            return _err("build.planet", f"{self._name('building', b.id, 'de')} darf nur auf Planeten stehen.",
                        f"{self._name('building', b.id, 'en')} may stand only on planets.")
        here = self.building[ship]
        if here is not None and not self.data.buildings[here].replaceable:
            return _err("build.outpost", "Hier steht ein Außenposten: Außenposten werden nicht ersetzt.",
                        "An outpost stands here: outposts cannot be replaced.")
        return None

    def _why_not_upgrade(self, action: Action) -> RuleError | None:
        if len(action) != 3 or not isinstance(action[1], int) or not 0 <= action[1] < self.length:
            return _err("upgrade.form", "Verbessern nennt die Karte mit dem Gebäude und die Zahlung.",
                        "Upgrading names the card with the building and the payment.")
        pos = action[1]
        if self.building[pos] is None:
            return _err("upgrade.none", f"Auf Karte {pos + 1} steht kein Gebäude.", f"No building stands on card {pos + 1}.")
        if self.upgraded[pos]:
            return _err("upgrade.done", "Dieses Gebäude ist schon verbessert.", "That building is already upgraded.")
        if pos == self.aliens:
            return _err("blocked.upgrade", "Ein Gebäude auf der Karte der Aliens kann nicht verbessert werden.",
                        "A building on the aliens' card cannot be upgraded.")
        return self._payment_problem(dict(self.data.buildings[self.building[pos]].upgrade_cost), action[2],
                                     "Diese Verbesserung", "This upgrade")

    def _why_not_produce(self, action: Action) -> RuleError | None:
        p = self.player
        ship = self.ships[p]
        if self.building[ship] is None or self._side(ship).produces is None:
            return _err("produce.none", "Bei deinem Raumschiff steht kein Gebäude, das Würfel liefert.",
                        "No building that yields cubes stands at your ship.")
        res = self._side(ship).produces
        if len(action) != 2 or action[1] != res:
            return _err("produce.match", f"Das Gebäude hier liefert {self._name('resource', res, 'de')}.",
                        f"The building here yields {self._name('resource', res, 'en')}.")
        problem = self._activity_problem(res)
        if problem:
            return problem
        if self.cubes[ship] >= self.capacity(ship):
            return _err("produce.full", "Das Gebäude ist bis zu seiner Kapazität gefüllt.",
                        "The building is filled to its capacity.")
        if not self.supply[res]:
            return _err("produce.supply", "Im Vorrat liegt kein solcher Würfel mehr.", "No such cube is left in the supply.")
        return None

    def _why_not_fight(self, action: Action) -> RuleError | None:
        if len(action) != 3 or action[1] not in self.active_events:
            return _err("fight.inactive", "Bekämpfen könnt ihr nur ein aktives Ereignis.", "You can fight only an active event.")
        card = action[1]
        return self._payment_problem(self.fight_cost(card), action[2],
                                     f"{self._name('event', card, 'de')} zu bekämpfen (Summe aller gleichen Ereignisse)",
                                     f"Fighting {self._name('event', card, 'en')} (the sum of all identical events)")

    def _why_not_push(self, action: Action) -> RuleError | None:
        if len(action) != 3 or not isinstance(action[2], int) or action[2] < 1:
            return _err("push.form", "Zurückdrängen nennt eine Karte und mindestens 1 Militärwürfel.",
                        "Pushing back names a card and at least 1 military cube.")
        _, pos, n = action
        limit = self.push_limit()
        if n > limit:
            if self.variant == "expert":
                return _err("push.revealed", "Experten drängen die Aliens nur auf aufgedeckte Karten zurück.",
                            "Experts push the aliens back only onto revealed cards.")
            return _err("push.start", "Weiter als bis neben den Ozeanplaneten gehen die Aliens nicht zurück.",
                        "The aliens go back no further than beside the ocean planet.")
        if pos == self.aliens:
            return _err("blocked.cubes", f"Die Würfel auf Karte {pos + 1} sind blockiert: Dort sind die Aliens.",
                        f"The cubes on card {pos + 1} are blocked: the aliens are there.")
        if not isinstance(pos, int) or not 0 <= pos < self.length or self.available(pos, "military") < n:
            return _err("push.cubes", "Die Militärwürfel kommen alle von einem Gebäude, das so viele hat.",
                        "The military cubes all come from one building that holds that many.")
        return None

    def _why_not_pass(self, action: Action) -> RuleError | None:
        return None
