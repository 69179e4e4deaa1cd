"""The Astronuts table: where every ship, colony and nut is, and how a turn flows.

Spaces, colours and players are indices (see data.py); actions and events name spaces by id.
A turn: the player declares a number and rolls (`declare`), then spends actions (`act`) until
they end the turn or have none left. Dice that a Time Warp owner may roll again stop the flow
in `reroll` (the roller decides); an attack on a planet where the defender has a ship and
colonies stops in `defend` (the defender decides); a trade offer stops in `trade` (the other
player decides); a move past another player's ship stops in `let-pass` (that ship's owner decides);
fate gifts with a choice stop in `choose`. The flow is continuation style:
every step ends by rolling the next die (`die`) or by `settle`, which runs the queued fate
effects and ends the turn when nothing is left to do.

What the players may decide is in decisions.py, why anything else is refused in legality.py,
the fate operations in effects.py, the written form of actions in notation.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from generator.rules.astronuts import decisions, effects, legality, placement
from generator.rules.astronuts.data import ASTEROID_CROSS, ASTEROID_STOP, WIN_COLONIES, RulesData
from generator.rules.astronuts.effects import OPERATION_CODE
from generator.rules.contract import TERMINAL
from generator.rules.core import Action, Event, PlayerResult, ranked
from generator.rules.engine_kit.engine_state import EngineState
from generator.rules.engine_kit.frozen import frozen
from generator.rules.engine_kit.state_copy import clone_state

if TYPE_CHECKING:
    from generator.rules.astronuts.game import AstronutsGame

PLACE, DECLARE, ACT, REROLL, DEFEND, OFFER, TRADE, CHOOSE, LET_PASS, OVER = (
    "place", "declare", "act", "reroll", "defend", "offer", "trade", "choose", "let-pass", "over")
OUTCOME_CAUSES = frozenset({"all-mined", "colonies"})
_DO = decisions.DO
LISTS = ("occ", "nuts", "col", "colonies", "col_total", "hand", "tech", "tech_nuts", "bank", "pool", "warp_used",
         "queue", "end_checks")                  # lists of immutables: a clone copies them one level deep
KEY_FIELDS = ("n", "asteroids", "astroholes", "occ", "ships", "nuts", "col", "hand", "tech", "tech_nuts", "bank",
              "pool", "phase", "player", "placer", "actions_left", "declared", "warp_used", "mods", "entered",
              "hole_ready", "roll_ctx", "duel", "move_ctx", "colony_ctx", "fate_ship", "fate_first", "natives_need",
              "queue", "choice", "offer", "passing", "refused", "ending", "end_checks", "turn", "turns", "result")
FATE_ROLLS = tuple(tuple(f"{a}-{b}" for b in range(7)) for a in range(7))   # the fate table's key of dice a, b


class AstronutsState(EngineState[RulesData]):
    """A complete Astronuts game in progress (see the module docstring)."""

    game: AstronutsGame

    # -- set-up --------------------------------------------------------------------------------
    def _setup(self, d: RulesData, options: Mapping[str, str]) -> None:
        self.n = n = int(options["players"])
        self.asteroids = options["asteroids"] == "on"
        self.astroholes = options["astroholes"] == "on"
        self.laser, self.shields = d.colour("red"), d.colour("purple")
        self.warp, self.energy = d.colour("yellow"), d.colour("orange")
        self.home = list(d.seats(n))
        spaces = len(d.ids)
        self.occ = [-1] * spaces                 # owner of the ship on each space, -1: none
        self.ships = [[-1] * d.ships_per_player for _ in range(n)]   # space of each ship, -1: in the box
        self.nuts = [0] * spaces                 # bit mask of the nut colours on each planet
        self.col = [0] * (spaces * n)            # colonies of player p on space s at s * n + p
        self.colonies = [0] * n                  # colonies on the map per player
        self.col_total = [0] * spaces            # colonies on each space, all players together (a sum of col)
        self.hand = [0] * (4 * n)                # nuts of player p, colour c at p * 4 + c
        self.tech = [0] * (4 * n)                # technologies owned (1) at p * 4 + c
        self.tech_nuts = [0] * (4 * n)           # the nuts that mark them on the home planet
        self.bank = [0] * 4
        self.pool = [count - n for count in d.nuts_per_colour]   # set-up: what may still go on planets
        self.phase = PLACE
        self.player = 0
        self.placer = 0
        self.actions_left = 0
        self.declared = 0
        self.warp_used = [False] * n
        self.mods: dict[tuple[int, int], dict[str, Any]] = {}    # fate on each ship (player, slot) this turn
        self.entered: dict[tuple[int, int], int] = {}            # where each ship moved this turn
        self.hole_ready: dict[tuple[int, int], int] = {}         # ship -> AstroHole it may jump from
        self.roll_ctx: tuple[Any, ...] | None = None       # (purpose, roller, value) waiting for a reroll decision
        self.duel: list[Any] | None = None            # [attacker, from, target, defender, kind, attack roll]
        self.move_ctx: tuple[Any, ...] | None = None       # (player, slot, to, stop) while an asteroid roll decides
        self.colony_ctx: tuple[Any, ...] | None = None     # (space, player, dies up to) while a colony's roll decides
        self.fate_ship: tuple[Any, ...] | None = None      # (player, slot, planet) the fate effects act on
        self.fate_first = 0
        self.natives_need = 0                    # what the natives' roll must reach
        self.queue: list[tuple[Any, ...]] = []             # fate effects still to run
        self.choice: list[Any] | None = None          # [kind, how many more, detail]
        self.offer: tuple[Any, ...] | None = None          # (from, to, give, get)
        self.passing: tuple[int, int, int, int, int] | None = None   # (mover, slot, over, to, stage): decisions.py
        self.refused: tuple[int, ...] = ()       # spaces whose ship's owner refused the mover a pass this turn
        self.ending = False
        self.end_checks: list[tuple[int, int]] = []
        self.turn = 1                            # the round (every player once)
        self.turns = 0                           # turns begun, all players together
        self.result: str | None = None
        for p in range(n):
            self.put_ship(p, 0, self.home[p])
        self._emit("setup", players=n, homes=tuple(d.ids[h] for h in self.home))
        if options["placement"] == "random":
            self._place_at_random()
            self._finish_setup()
        else:
            self._step("setup")

    def _place_at_random(self) -> None:
        """The quick start: each planet in map order draws a set of different colours that keeps the rest fillable."""
        d = self.data
        planets = d.planets
        sizes = tuple(d.nut_room[q] for q in planets)
        for i, s in enumerate(planets):
            rooms = placement.fresh_rooms(sizes[i + 1:])
            options = []
            for combo in placement.colour_sets(d.nut_room[s]):
                pool = [left - (c in combo) for c, left in enumerate(self.pool)]
                if min(pool) >= 0 and placement.fresh_fits(pool, rooms):
                    options.append(" ".join(d.colours[c] for c in combo))
            drawn = self._pick(f"nuts-{d.ids[s]}", options)
            for name in drawn.split():
                c = d.colour(name)
                self.pool[c] -= 1
                self.nuts[s] |= 1 << c
            self._emit("nuts-placed", at=d.ids[s], colours=tuple(drawn.split()))

    def place(self, s: int, c: int) -> None:
        self.pool[c] -= 1
        self.nuts[s] |= 1 << c
        self._emit("nut-placed", player=self.placer, at=self.data.ids[s], colour=self.data.colours[c])
        if any(placement.POPCOUNT[self.nuts[q]] != self.data.nut_room[q] for q in self.data.planets):
            self.placer = (self.placer + 1) % self.n    # a planet with room left: the next player places
        else:
            self._finish_setup()

    def _finish_setup(self) -> None:
        """Everyone takes one nut of each colour; the rest is the AstroBank; player 1 begins."""
        self.hand = [held + 1 for held in self.hand]
        self.bank = list(self.pool)
        self.pool = [0, 0, 0, 0]
        self._emit("bank", nuts=tuple(self.bank))
        self._step("setup")
        self.start_turn(0)

    # -- copying and comparing -----------------------------------------------------------------
    def clone(self) -> AstronutsState:
        other = clone_state(self, lists=LISTS, nested=("ships",), dicts=("entered", "hole_ready"))
        other.mods = {k: dict(v) for k, v in self.mods.items()}
        other.duel, other.choice = self.duel and self.duel[:], self.choice and self.choice[:]   # or None
        return other

    def key(self) -> tuple[Any, ...]:
        return tuple(frozen(self.__dict__[name]) for name in KEY_FIELDS)

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The acting player, but in the phases in which someone else answers (see the module docstring)."""
        deciding = _DECIDING.get(self.phase)
        return self.player if deciding is None else deciding(self)

    def _results(self) -> tuple[PlayerResult, ...]:
        held = [sum(self.hand[p * 4:p * 4 + 4]) + sum(self.tech_nuts[p * 4:p * 4 + 4]) for p in range(self.n)]
        ranks = ranked([(self.colonies[p], held[p]) for p in range(self.n)])
        # the score is the colonies; nuts held only break ties (they decide the rank, not the score)
        return tuple(PlayerResult(p, float(self.colonies[p]), ranks[p], ranks[p] == 1,
                                  (("colonies", float(self.colonies[p])),),
                                  tuple(f"tech-{colour}" for c, colour in enumerate(self.data.colours)
                                        if self.tech[p * 4 + c]))
                     for p in range(self.n))

    # the legal set and the decisions' effects live in decisions.py (bound here without a call in between)
    _legal_now = decisions.legal_actions

    def apply(self, action: Action) -> list[Event]:
        """A quiet batch playout's decision, legal by the cached set, goes straight to its code (the base class's
        bookkeeping of logs, events and chance nodes was a tenth of a random playout); the rest goes the base way."""
        legal = self._legal
        if legal is not None and self.quiet and self.log is None and action in legal:
            self._legal = None
            _DO[action[0]](self, action)
            return []
        return super().apply(action)

    _violation = legality.violation

    def _do(self, action: Action) -> None:
        _DO[action[0]](self, action)

    # as outcome() is not None, without building it: a plain field (set by finish with `result`), as every
    # playout asks before every decision
    is_terminal: bool = False

    def observation(self, player: int) -> dict[str, Any]:
        """Everything on the table: Astronuts has no hidden information."""
        d = self.data
        return {
            "player": player, "round": self.turn, "to_play": self.current_player, "phase": self.phase,
            "turn_of": self.player, "actions_left": self.actions_left,
            "ships": [[d.ids[s] for s in row if s >= 0] for row in self.ships],
            "nuts_on_planets": {d.ids[s]: [d.colours[c] for c in range(4) if self.nuts[s] >> c & 1]
                                for s in d.planets if self.nuts[s]},
            "colonies": {d.ids[s]: [self.col[s * self.n + p] for p in range(self.n)]
                         for s in d.planets if any(self.col[s * self.n:(s + 1) * self.n])},
            "hands": [dict(zip(d.colours, self.hand[p * 4:p * 4 + 4], strict=False)) for p in range(self.n)],
            "technologies": [[d.colours[c] for c in range(4) if self.tech[p * 4 + c]] for p in range(self.n)],
            "bank": dict(zip(d.colours, self.bank, strict=False)), "result": self.result,
            "pass_asked": {"frm": d.ids[self.ships[self.passing[0]][self.passing[1]]], "over": d.ids[self.passing[2]],
                           "to": d.ids[self.passing[3]]} if self.phase == LET_PASS and self.passing else None,
        }

    # -- reading the table ---------------------------------------------------------------------
    def slot_at(self, p: int, s: int) -> int:
        """The slot of player p's ship on space s (-1 when p has no ship there)."""
        row = self.ships[p]
        return row.index(s) if s in row else -1

    def has(self, p: int, c: int) -> bool:
        return bool(self.tech[p * 4 + c])

    def ships_on_map(self, p: int) -> int:
        row = self.ships[p]
        return len(row) - row.count(-1)               # a slot holds a space, or -1 for a ship in the box

    # -- changing the table ----------------------------------------------------------------------
    def put_ship(self, p: int, k: int, s: int) -> None:
        self.ships[p][k] = s
        self.occ[s] = p

    def lift_ship(self, p: int, k: int) -> int:
        s = self.ships[p][k]
        self.occ[s] = -1
        self.ships[p][k] = -1
        return s

    def destroy_ship(self, p: int, k: int, cause: str, at: int = -1) -> None:
        """A destroyed ship goes back to its owner; the last one starts again from the home planet. `at`: where
        it is lost when that is not where it stood (an asteroid field it was passing)."""
        s = self.lift_ship(p, k)
        if at >= 0:
            s = at
        self.mods.pop((p, k), None)
        self.entered.pop((p, k), None)
        self.hole_ready.pop((p, k), None)
        self._emit("ship-destroyed", player=p, at=self.data.ids[s], cause=cause)
        self.replace_last_ship(p)

    def replace_last_ship(self, p: int) -> None:
        """A player without a ship on the map gets one on the home planet, when it is free."""
        if max(self.ships[p]) < 0 and self.occ[self.home[p]] < 0:
            self.put_ship(p, self.ships[p].index(-1), self.home[p])
            self._emit("new-ship", player=p, at=self.data.ids[self.home[p]])

    def gain(self, p: int, c: int) -> bool:
        """One nut of colour c from the AstroBank to player p, if the bank has one."""
        if self.bank[c] <= 0:
            self._emit("bank-empty", player=p, colour=self.data.colours[c])
            return False
        self.bank[c] -= 1
        self.hand[p * 4 + c] += 1
        if not self.quiet:
            self._emit("nut-gained", player=p, colour=self.data.colours[c])
        return True

    def pay(self, p: int, colours: tuple[int, ...]) -> None:
        for c in colours:
            self.hand[p * 4 + c] -= 1
            self.bank[c] += 1

    def add_colony(self, p: int, s: int) -> None:
        self.col[s * self.n + p] += 1
        self.colonies[p] += 1
        self.col_total[s] += 1
        self._emit("colony-founded", player=p, at=self.data.ids[s], colonies=self.colonies[p])

    def remove_colony(self, p: int, s: int, cause: str) -> None:
        self.col[s * self.n + p] -= 1
        self.colonies[p] -= 1
        self.col_total[s] -= 1
        self._emit("colony-lost", player=p, at=self.data.ids[s], cause=cause)

    def check_colonies(self, p: int) -> None:
        """"Das Spiel endet auch, wenn ein Spieler 14 Kolonien gegründet hat": at once."""
        if self.result is None and self.colonies[p] >= WIN_COLONIES:
            self.finish("colonies")

    def finish(self, cause: str) -> None:
        self.result = cause
        self.is_terminal = True
        self.phase = OVER
        self.queue = []
        self._emit("game-over", cause=cause)

    # -- dice ------------------------------------------------------------------------------------
    def die(self, purpose: str, roller: int) -> None:
        """Roll one die for `purpose`; a Time Warp owner who may still use it decides about a reroll."""
        value = self._d6(purpose)
        if not self.quiet:
            self._emit("rolled", player=roller, what=purpose, value=value)
        if (
            self.tech[roller * 4 + self.warp]
            and not self.warp_used[roller]
            and REROLL_HELPS[purpose](self, roller, value)
        ):
            self.roll_ctx = (purpose, roller, value, self.phase)
            self.phase = REROLL
            return
        self.after_roll(purpose, roller, value)

    def _d6(self, purpose: str) -> int:
        """One d6 through the recorded chance API; a batch playout (nothing forced, nothing logged)
        draws the same number straight from the RNG: `_roll`'s randint(1, 6) is 1 + randrange(6), which draws
        3 random bits until they make a number below 6 (`Random._randbelow_with_getrandbits`); so does this.
        The stored same-games fingerprints (tests/rules/astronuts/data) fail if a Python draws otherwise."""
        if self._forced is None and self.log is None:
            bits = self.rng.getrandbits
            value = bits(3)
            while value >= 6:
                value = bits(3)
            return value + 1
        return self._roll(purpose)[0]

    def decide_reroll(self, again: bool) -> None:
        assert self.roll_ctx is not None
        purpose, roller, value, phase = self.roll_ctx
        self.roll_ctx = None
        self.phase = phase
        if not again:
            self.after_roll(purpose, roller, value)
            return
        self.warp_used[roller] = True                 # so the die rolled again is not offered another time
        if not self.quiet:
            self._emit("time-warp", player=roller, what=purpose, before=value)
        self.die(purpose, roller)

    def after_roll(self, purpose: str, roller: int, value: int) -> None:
        """What a die decides, then the flow goes on."""
        if purpose == "actions":                    # the purposes in the order a game rolls them most often
            n = self.declared
            actions = 2 * n if value >= n else value
            bonus = self.tech[roller * 4 + self.energy]       # Extra Energy: +1
            self.actions_left = actions + bonus
            self.phase = ACT
            if not self.quiet:
                self._emit("actions", player=roller, declared=n, roll=value, actions=actions + bonus, bonus=bonus)
        elif purpose == "fate-1":
            self.fate_first = value
            self.die("fate-2", roller)
            return
        elif purpose == "fate-2":                   # the fate table's entry of the two dice: its effects run next
            roll = FATE_ROLLS[self.fate_first][value]
            if not self.quiet:
                self._emit("fate", player=roller, roll=roll, entry=roll)
            self.queue = list(self.data.fate[roll].effects) + self.queue
        elif purpose in ("attack", "defence"):
            decisions.duel_roll(self, purpose, value)
            return
        elif purpose == "natives":
            effects.natives_roll(self, value)
        elif purpose == "colony":
            decisions.colony_roll(self, value)
        elif purpose == "asteroid":
            decisions.asteroid_roll(self, value)
            return
        self.settle()

    # -- the flow --------------------------------------------------------------------------------
    def settle(self) -> None:
        """Run what is queued; end the turn when nothing is left to decide or pay for."""
        while self.result is None and self.phase == ACT:
            if self.queue:
                op, args = self.queue.pop(0)
                OPERATION_CODE[op](self, dict(args))
                continue
            if self.ending:
                if self.end_checks:
                    p, k = self.end_checks.pop(0)
                    s = self.ships[p][k]
                    if s >= 0:
                        self.move_ctx = (p, k, s, True)
                        self.die("asteroid", p)
                        return
                    continue
                self.finish_turn()
                return
            if self.actions_left <= 0 and not decisions.free_action_exists(self):
                self.end_turn()
                continue
            return

    def end_turn(self) -> None:
        """The player's actions are over: ships that stopped on an asteroid field roll (optional rule)."""
        self.ending = True
        if not self.quiet:
            self._emit("turn-ends", player=self.player, unused=self.actions_left)
        self.actions_left = 0
        if self.asteroids:
            d = self.data
            self.end_checks = [(self.player, k) for k, s in enumerate(self.ships[self.player])
                               if s >= 0 and d.asteroid[s] and self.entered.get((self.player, k)) == s]

    def finish_turn(self) -> None:
        self.ending = False
        self.mods.clear()
        self.entered.clear()
        self.hole_ready.clear()
        self.fate_ship = None
        self.refused = ()
        nxt = (self.player + 1) % self.n
        if nxt == 0:
            if not any(self.nuts):                    # only planets hold nuts (accounting checks it)
                self.finish("all-mined")
                return
            self.turn += 1
        self.start_turn(nxt)

    def start_turn(self, p: int) -> None:
        self.player = p
        self.turns += 1
        self.phase = DECLARE
        self.actions_left = 0
        self.declared = 0
        self.warp_used = [False] * self.n
        if not self.quiet:
            self._emit("turn", round=self.turn, player=p)
        self.replace_last_ship(p)


_DECIDING: dict[str, Callable[[AstronutsState], int]] = {   # who decides in the phases another seat answers
    REROLL: lambda s: int(s.roll_ctx[1]), DEFEND: lambda s: int(s.duel[3]),       # type: ignore[index]
    TRADE: lambda s: int(s.offer[1]), LET_PASS: lambda s: s.occ[s.passing[2]],    # type: ignore[index]
    PLACE: lambda s: s.placer, OVER: lambda s: TERMINAL,
}
# Time Warp is offered only where another roll could change what the die decides: by purpose, whether the roller's
# value of a die could do better (on the fate dice any number may be worth another try)
REROLL_HELPS: dict[str, Callable[[AstronutsState, int, int], bool]] = {
    "actions": lambda s, p, v: v < s.declared, "attack": lambda s, p, v: v < 6,
    "defence": lambda s, p, v: v + s.has(p, s.shields) <= s.duel[5] + s.has(s.duel[0], s.laser),  # type: ignore[index]
    "natives": lambda s, p, v: v < s.natives_need,
    "colony": lambda s, p, v: v <= s.colony_ctx[2],  # type: ignore[index]
    "asteroid": lambda s, p, v: v < (ASTEROID_STOP if s.move_ctx[3] else ASTEROID_CROSS),  # type: ignore[index]
    "fate-1": lambda s, p, v: True, "fate-2": lambda s, p, v: True,
}
