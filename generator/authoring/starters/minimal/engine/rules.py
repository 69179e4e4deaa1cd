"""The referee of __TITLE__: the smallest complete engine, written by `pnp new --engine minimal`.

A turn: dive for one treasure of the open row and roll a die; if it shows at least the treasure's
depth, keep the card, else it sinks. A new treasure is turned up while any are left. When the row
is empty, most points wins, then more treasures; else a shared victory. docs/engines.md walks
through this file; every number comes from the content (cards/treasures.yaml, game.yaml).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from generator.content.loader import GameContent
from generator.rules.contract import TERMINAL, Game, GameState, OptionsError, OptionSpec
from generator.rules.core import Action, Outcome, PlayerResult, RuleError, ranked
from generator.rules.presentation import Presentation

ROW = 3  # face-up treasures


class DiveState(GameState):
    """The table: the row, the face-down stack and the treasures each player kept."""

    game: DiveGame

    def __init__(self, game: DiveGame, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                 quiet: bool = False):
        super().__init__(game, seed, log=log, forced=forced, quiet=quiet)
        self.player, self.over, self.row = 0, False, []  # every field `key()` reads, before the first chance step
        self.kept: list[list[str]] = [[] for _ in range(game.players)]
        self.stack = list(game.deck)
        self._shuffle(self.stack, "stack")  # chance through the state: recorded, so a saved game replays
        del self.stack[game.treasures:]     # the variant plays this many
        self.row = [self.stack.pop() for _ in range(ROW)]
        self._emit("setup", treasures=game.treasures)
        self._step("setup")
        self._emit("turn", turn=self.turn, player=self.player)  # a seat, from 0: the sentence says "player 1"
        self._step("turn-start")

    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.player

    def _legal_now(self) -> list[Action]:
        return [] if self.over else [("dive", card) for card in dict.fromkeys(self.row)]

    def _violation(self, action: Action) -> RuleError | None:
        if self.over:
            return self._refuse("game-over")
        if len(action) == 2 and action[0] == "dive" and action[1] not in self.row:
            return self._refuse("dive.not-in-row", card=action[1])
        return None  # anything else is refused as `unknown-action`

    def _do(self, action: Action) -> None:
        card = action[1]
        self.row.remove(card)
        (roll,) = self._roll("dive", 6)
        if roll >= self.game.depth[card]:
            self.kept[self.player].append(card)
            self._emit("found", player=self.player, card=card, roll=roll, points=self.game.points[card])
        else:
            self._emit("lost", player=self.player, card=card, roll=roll)
        if self.stack:
            self.row.append(self.stack.pop())
            self._emit("drawn", card=self.row[-1])

    def _advance(self) -> None:
        if not self.row:
            self.over = True
            self._emit("game-over", cause="row-empty")
            self._step("game-end")
            return
        self.player, self.turn = (self.player + 1) % self.game.players, self.turn + 1
        self._emit("turn", turn=self.turn, player=self.player)
        self._step("turn-start")

    def key(self) -> tuple[Any, ...]:
        return (self.turn, self.player, self.over, tuple(self.stack), tuple(self.row), tuple(map(tuple, self.kept)))

    def clone(self) -> DiveState:
        other = DiveState.__new__(DiveState)
        self._copy_base(other)
        other.player, other.over, other.stack, other.row = self.player, self.over, list(self.stack), list(self.row)
        other.kept = [list(k) for k in self.kept]
        return other

    def score(self, player: int) -> int:
        return sum(self.game.points[card] for card in self.kept[player])

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        players = range(self.game.players)
        ranks = ranked([(self.score(p), len(self.kept[p])) for p in players])  # ties: more treasures
        results = tuple(PlayerResult(p, float(self.score(p)), ranks[p], ranks[p] == 1,
                                     (("treasures", float(self.score(p))),), tuple(self.kept[p])) for p in players)
        return Outcome("row-empty", results, self.game.presentation.render_outcome(Outcome("row-empty", results)))

    def observation(self, player: int) -> dict[str, Any]:
        """All is open but the stack's order."""
        return {"player": player, "to_play": self.current_player, "turn": self.turn, "row": list(self.row),
                "stack": len(self.stack), "kept": [list(k) for k in self.kept]}

    def resample_hidden(self, player: int, rng: random.Random) -> DiveState:
        twin = self.clone()
        rng.shuffle(twin.stack)  # search may not know the stack's order
        twin.rng.seed(rng.getrandbits(64))
        return twin


class DiveView(Presentation):
    """How the game reads: card ids as names, the table as rows; actions in the default notation (`dive pearl`)."""

    game: DiveGame

    def parse_action(self, state: GameState, text: str) -> Action:
        """Any card reads, so that one not in the row is refused by its rule (`dive.not-in-row`)."""
        words = text.split()
        if len(words) == 2 and words[0] == "dive":
            return ("dive", words[1])
        raise state._refuse("unknown-action", action=" ".join(words))

    def action_values(self, state: GameState, action: Action) -> Mapping[str, Any]:
        return {"player": state.current_player, "card": action[1]}

    def words(self, key: str, value: Any, lang: str) -> str:
        if key == "card" and value in self.game.names:
            return self.game.names[value].get(lang)
        if key == "cause":
            return self.sentence("outcomes", str(value), lang, {})
        return str(value)

    def summary(self, state: GameState, lang: str) -> list[tuple[str, str]]:
        assert isinstance(state, DiveState)
        labels = self.game.content.sentences.get(lang, {}).get("labels", {})
        rows = [(labels["row"], ", ".join(self.words("card", c, lang) for c in state.row) or "–"),
                (labels["stack"], str(len(state.stack)))]
        return rows + [(labels["player"].format(player=p + 1), str(state.score(p))) for p in range(self.game.players)]


class DiveGame(Game):
    """What does not change: the cards' numbers read from the content, the options chosen."""

    engine_id = "__GAME__"
    engine_version = "1"
    option_specs = (OptionSpec("players", ("2", "3", "4"), "2", "how many dive (`--players N`)"),
                    OptionSpec("variant", ("standard", "short"), "standard", "how many treasures are played"))
    event_kinds = frozenset({"setup", "turn", "found", "lost", "drawn", "game-over"})
    rule_ids = frozenset({"dive.not-in-row"})
    outcome_causes = frozenset({"row-empty"})
    action_kinds = frozenset({"dive"})
    state_class = DiveState
    presentation_class = DiveView  # no AI hooks: the players use the defaults

    def __init__(self, content: GameContent, options: Mapping[str, Any] | None = None):
        super().__init__(content, options)
        self.players = int(self.options["players"])
        cards = content.cards_of("treasure")
        self.deck = tuple(card.id for card in cards for _ in range(card.count))
        self.points = {card.id: int(card.fields["points"]) for card in cards}
        self.depth = {card.id: int(card.fields["depth"]) for card in cards}
        self.names = {card.id: card.name for card in cards}
        variant = self.options["variant"]
        settings = next((v.settings for v in content.game.variants if v.id == variant), {})
        treasures = settings.get("treasures")
        if not isinstance(treasures, int) or not ROW <= treasures <= len(self.deck):
            raise OptionsError(f"variant '{variant}' needs `settings: {{treasures: N}}` in game.yaml, "
                               f"N from {ROW} to the {len(self.deck)} treasure cards")
        self.treasures = treasures

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                          quiet: bool = False) -> DiveState:
        return DiveState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return self.players
