"""The Reef Keepers referee: a complete engine kept in the game's own folder.

game.yaml names this file (`engine: {module: engine/rules.py}`); pnp-forge loads it only then
and finds the one `Game` subclass below. Everything a card says (habitat, depth, pearls,
effects) and every number of a variant (rounds, set bonus, hand size) is read from the content;
what players read (events, refusals, outcomes, actions) are templates in
`rules/<lang>/sentences.yaml`. This file holds only the rules of play.

A turn: fill your hand up to the hand size, roll the tide die, then play one creature whose
depth is at most the tide into your reef (its pearls and effects count at once), or release
one card onto the discard pile. After the last round every complete reef set (one creature of
each habitat) scores the set bonus; most pearls wins, then the larger reef.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from generator.content.loader import GameContent
from generator.rules.ai_hooks import AIHooks
from generator.rules.contract import TERMINAL, Game, GameState, OptionsError, OptionSpec
from generator.rules.core import Action, Outcome, PlayerResult, RuleError, ranked
from generator.rules.presentation import Presentation

PLAYERS = 2
TIDE_DIE = 6
HABITATS = ("coral", "kelp", "open_water")
VARIANTS = ("standard", "short")
SETTINGS = ("rounds", "set_bonus", "hand_size")

Effects = tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]


@dataclass(frozen=True)
class Creature:
    """One card design as the referee reads it."""

    id: str
    names: Mapping[str, str]
    habitat: str
    depth: int
    pearls: int
    effects: Effects


# -- the effect operations of game.yaml ------------------------------------------------------------
def _draw(state: ReefKeepersState, card: str, args: dict[str, Any]) -> None:
    for _ in range(int(args["count"])):
        state.draw_card(state.player)


def _per_habitat(state: ReefKeepersState, card: str, args: dict[str, Any]) -> None:
    habitat = args["habitat"]
    matching = sum(1 for c in state.reefs[state.player] if state.game.creatures[c].habitat == habitat)
    state.gain(card, matching * int(args["amount"]))


def _tide_bonus(state: ReefKeepersState, card: str, args: dict[str, Any]) -> None:
    if state.tide >= int(args["at_least"]):
        state.gain(card, int(args["amount"]))
    else:
        state._emit("no-bonus", player=state.player, card=card, at_least=args["at_least"], tide=state.tide)


def _rival_discards(state: ReefKeepersState, card: str, args: dict[str, Any]) -> None:
    rival = 1 - state.player
    for _ in range(int(args["count"])):
        hand = state.hands[rival]
        if not hand:
            state._emit("rival-no-card", player=rival)
            return
        gone = state._pick("rival-discard", list(hand))
        hand.remove(gone)
        state.discard.append(gone)
        state._emit("rival-discarded", player=rival, card=gone)


OPERATION_CODE: dict[str, Callable[[ReefKeepersState, str, dict[str, Any]], None]] = {
    "draw": _draw, "per_habitat": _per_habitat, "tide_bonus": _tide_bonus, "rival_discards": _rival_discards,
}


class ReefKeepersState(GameState):
    """The table: deck, hands, discard pile, reefs, pearls, the tide, whose turn in which round."""

    game: ReefKeepersGame

    def __init__(self, game: ReefKeepersGame, seed: int, *, log: bool = False, forced: list | None = None,
                 quiet: bool = False):
        super().__init__(game, seed, log=log, forced=forced, quiet=quiet)
        self.round = 1
        self.player = 0
        self.tide = 0
        self.over = False
        self.deck = list(game.deck)
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.reefs: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.card_pearls = [0] * PLAYERS
        self.effect_pearls = [0] * PLAYERS
        self.set_pearls = [0] * PLAYERS
        self._shuffle(self.deck, "deck")
        self._emit("setup", cards=len(self.deck), hand=game.hand_size, rounds=game.rounds)
        for p in range(PLAYERS):
            self.fill_hand(p)
        self._step("setup")
        self._start_turn()

    # -- copying and comparing -------------------------------------------------------------------
    def clone(self) -> ReefKeepersState:
        other = ReefKeepersState.__new__(ReefKeepersState)
        self._copy_base(other)
        other.round, other.player, other.tide, other.over = self.round, self.player, self.tide, self.over
        other.deck, other.discard = list(self.deck), list(self.discard)
        other.hands = [list(h) for h in self.hands]
        other.reefs = [list(r) for r in self.reefs]
        other.card_pearls, other.effect_pearls = list(self.card_pearls), list(self.effect_pearls)
        other.set_pearls = list(self.set_pearls)
        return other

    def key(self) -> tuple:
        return (self.game.options["variant"], self.turn, self.round, self.player, self.tide, self.over,
                tuple(self.deck), tuple(self.discard), tuple(tuple(h) for h in self.hands),
                tuple(tuple(r) for r in self.reefs), tuple(self.card_pearls), tuple(self.effect_pearls),
                tuple(self.set_pearls))

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.player

    def _legal_now(self) -> list[Action]:
        if self.over:
            return []
        hand = list(dict.fromkeys(self.hands[self.player]))
        if not hand:
            return [("pass",)]
        plays = [("play", c) for c in hand if self.game.creatures[c].depth <= self.tide]
        return plays + [("release", c) for c in hand]

    def _violation(self, action: Action) -> RuleError | None:
        if self.over:
            return self._refuse("game-over")
        if not isinstance(action, tuple) or not action:
            return None
        kind, hand = action[0], self.hands[self.player]
        if kind in ("play", "release"):
            if len(action) != 2 or not isinstance(action[1], str):
                return self._refuse(f"{kind}.form")
            card = action[1]
            if card not in hand:
                return self._refuse(f"{kind}.not-in-hand", card=card)
            depth = self.game.creatures[card].depth
            if kind == "play" and depth > self.tide:
                return self._refuse("play.too-deep", card=card, depth=depth, tide=self.tide)
        if kind == "pass" and hand:
            return self._refuse("pass.hand", cards=len(hand))
        return None

    def _do(self, action: Action) -> None:
        p = self.player
        if action[0] == "pass":
            self._emit("passed", player=p)
            return
        card = action[1]
        self.hands[p].remove(card)
        if action[0] == "release":
            self.discard.append(card)
            self._emit("released", player=p, card=card)
            return
        creature = self.game.creatures[card]
        self.reefs[p].append(card)
        self.card_pearls[p] += creature.pearls
        self._emit("played", player=p, card=card, pearls=creature.pearls)
        for op, args in creature.effects:
            OPERATION_CODE[op](self, card, dict(args))

    def _advance(self) -> None:
        """End of a turn: the game ends after the last seat's turn of the last round; else the next turn."""
        if self.player == PLAYERS - 1 and self.round == self.game.rounds:
            self._score_sets()
            self.over = True
            self._emit("game-over", cause="rounds-over")
            self._step("game-end")
            return
        self.player = (self.player + 1) % PLAYERS
        if self.player == 0:
            self.round += 1
        self.turn += 1
        self._start_turn()

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        order = ranked([(self.score(p), len(self.reefs[p])) for p in range(PLAYERS)])
        results = tuple(PlayerResult(p, float(self.score(p)), order[p], order[p] == 1,
                                     (("cards", float(self.card_pearls[p])), ("effects", float(self.effect_pearls[p])),
                                      ("sets", float(self.set_pearls[p]))))
                        for p in range(PLAYERS))
        outcome = Outcome("rounds-over", results)
        return Outcome("rounds-over", results, self.game.presentation.render_outcome(outcome))

    def observation(self, player: int) -> dict[str, Any]:
        """The own hand, the rival's hand size, the deck's size (never its order), everything face up."""
        return {
            "player": player, "to_play": self.current_player, "turn": self.turn, "round": self.round,
            "rounds": self.game.rounds, "tide": self.tide, "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands], "deck": len(self.deck), "discard": list(self.discard),
            "reefs": [list(r) for r in self.reefs], "pearls": [self.score(p) for p in range(PLAYERS)],
            "over": self.over,
        }

    def resample_hidden(self, player: int, rng: random.Random) -> ReefKeepersState:
        """A clone whose rival hand and deck are dealt anew from the cards `player` cannot see."""
        twin = self.clone()
        rival = 1 - player
        unseen = twin.hands[rival] + twin.deck
        rng.shuffle(unseen)
        held = len(twin.hands[rival])
        twin.hands[rival] = sorted(unseen[:held])
        twin.deck = unseen[held:]
        twin.rng.seed(rng.getrandbits(64))
        return twin

    # -- notation: `play clownfish`, `release sea-otter`, `pass` ---------------------------------
    # -- the flow of play (the effect operations use these too) ----------------------------------
    def score(self, player: int) -> int:
        return self.card_pearls[player] + self.effect_pearls[player] + self.set_pearls[player]

    def gain(self, card: str, pearls: int) -> None:
        self.effect_pearls[self.player] += pearls
        self._emit("bonus", player=self.player, card=card, pearls=pearls)

    def draw_card(self, player: int) -> bool:
        """Draw the top card; an empty deck is the discard pile shuffled anew. False when both are empty."""
        if not self.deck:
            if not self.discard:
                self._emit("deck-empty", player=player)
                return False
            self.deck, self.discard = self.discard, []
            self._shuffle(self.deck, "deck")
            self._emit("deck-shuffled", cards=len(self.deck))
        card = self.deck.pop(0)
        self.hands[player].append(card)
        self.hands[player].sort()
        self._emit("drew", secret=("card",), private=player, player=player, card=card)
        return True

    def fill_hand(self, player: int) -> None:
        while len(self.hands[player]) < self.game.hand_size and self.draw_card(player):
            pass

    def _start_turn(self) -> None:
        self._emit("turn", round=self.round, player=self.player)
        self.fill_hand(self.player)
        (self.tide,) = self._roll("tide", TIDE_DIE)
        self._emit("tide", player=self.player, tide=self.tide)
        self._step("turn-start")

    def _score_sets(self) -> None:
        for p in range(PLAYERS):
            habitats = Counter(self.game.creatures[c].habitat for c in self.reefs[p])
            sets = min(habitats[h] for h in HABITATS)
            self.set_pearls[p] = sets * self.game.set_bonus
            self._emit("sets-scored", player=p, sets=sets, pearls=self.set_pearls[p])

    # -- the table in words (examples, `pnp play`) -----------------------------------------------
    def summary(self, lang: str) -> list[tuple[str, str]]:
        sentences = self.game.content.sentences.get(lang, {})
        labels, words = sentences.get("labels", {}), sentences.get("words", {})
        names = lambda cards: ", ".join(self.game.creatures[c].names[lang] for c in cards) or words["none"]  # noqa: E731
        if self.over:
            turn = words["over"]
        else:
            turn = words["turn-state"].format(round=self.round, rounds=self.game.rounds, player=self.player + 1,
                                              tide=self.tide)
        rows = [(labels["turn"], turn)]
        if not self.over:
            rows.append((labels["hand"].format(player=self.player + 1), names(self.hands[self.player])))
        rows.append((labels["hand-sizes"], ", ".join(words["cards-of"].format(player=p + 1, n=len(h))
                                                      for p, h in enumerate(self.hands))))
        for p in range(PLAYERS):
            rows.append((labels["reef"].format(player=p + 1), names(self.reefs[p])))
        rows.append((labels["pearls"], ", ".join(words["pearls-of"].format(player=p + 1, n=self.score(p))
                                                 for p in range(PLAYERS))))
        rows.append((labels["piles"], words["piles"].format(deck=len(self.deck), discard=len(self.discard))))
        return rows


class ReefKeepersView(Presentation):
    """How Reef Keepers reads: the notation, the creatures' names, the table as rows."""

    game: ReefKeepersGame

    def parse_action(self, state: GameState, text: str) -> Action:
        words = text.split()
        if not words:
            raise state._refuse("notation.empty")
        if words == ["pass"]:
            return ("pass",)
        if len(words) == 2 and words[0] in ("play", "release"):
            if words[1] not in self.game.creatures:
                raise state._refuse("notation.card", text=text, word=words[1])
            return (words[0], words[1])
        raise state._refuse("notation.unknown", text=text)

    def action_values(self, state: GameState, action: Action) -> Mapping[str, Any]:
        assert isinstance(state, ReefKeepersState)
        return {"player": state.player, "card": action[1]} if len(action) > 1 else {"player": state.player}

    def summary(self, state: GameState, lang: str) -> list[tuple[str, str]]:
        assert isinstance(state, ReefKeepersState)
        return state.summary(lang)

    def words(self, key: str, value: Any, lang: str) -> str:
        if key == "card" and value in self.game.creatures:
            return self.game.creatures[value].names[lang]
        if key == "cause":
            return self.sentence("outcomes", str(value), lang, {})
        if key == "action" and isinstance(value, tuple):
            return " ".join(map(str, value))
        return str(value)


class ReefKeepersAI(AIHooks):
    """Tree search judges a running game by the pearl lead."""

    def evaluate(self, state: GameState, player: int) -> float:
        """A running game: the pearl lead, squashed into (0, 1); a finished one: its result."""
        assert isinstance(state, ReefKeepersState)
        if state.over:
            return super().evaluate(state, player)
        lead = state.score(player) - state.score(1 - player)
        return 0.5 + 0.5 * math.tanh(lead / 6)


class ReefKeepersGame(Game):
    """Reef Keepers for 2 players: the content read once, the variant's numbers, values in words."""

    engine_id = "reef-keepers"
    engine_version = "1"
    operations = frozenset(OPERATION_CODE)
    option_specs = (
        OptionSpec("variant", VARIANTS, "standard",
                   "standard: 6 rounds; short: 4 rounds (rounds, set bonus and hand size are the variant's "
                   "settings in game.yaml)"),
    )
    event_kinds = frozenset({"setup", "turn", "drew", "deck-shuffled", "deck-empty", "tide", "played", "bonus",
                             "no-bonus", "released", "passed", "rival-discarded", "rival-no-card", "sets-scored",
                             "game-over"})
    rule_ids = frozenset({"play.form", "play.not-in-hand", "play.too-deep", "release.form", "release.not-in-hand",
                          "pass.hand", "notation.empty", "notation.unknown", "notation.card"})
    outcome_causes = frozenset({"rounds-over"})
    action_kinds = frozenset({"play", "release", "pass"})
    state_class = ReefKeepersState
    presentation_class = ReefKeepersView
    ai_class = ReefKeepersAI

    def __init__(self, content: GameContent, options: Mapping[str, Any] | None = None):
        super().__init__(content, options)
        self.creatures = {c.id: Creature(c.id, {"de": c.name.de, "en": c.name.en}, c.fields["habitat"],
                                         int(c.fields["depth"]), int(c.fields["pearls"]),
                                         tuple((e.op, tuple(sorted(e.args.items()))) for e in c.effects))
                          for c in content.cards if c.kind == "creature"}
        self.deck = tuple(c.id for c in content.cards if c.kind == "creature" for _ in range(c.count))
        variant = self.options["variant"]
        settings = next((v.settings for v in content.game.variants if v.id == variant), None)
        if settings is None or any(not isinstance(settings.get(k), int) for k in SETTINGS):
            raise OptionsError(f"variant '{variant}' needs `settings: {{{', '.join(f'{k}: N' for k in SETTINGS)}}}` "
                               "in game.yaml")
        self.rounds, self.set_bonus, self.hand_size = (int(settings[k]) for k in SETTINGS)

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list | None = None,
                          quiet: bool = False) -> ReefKeepersState:
        return ReefKeepersState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return PLAYERS

    def invariant_problems(self, state: GameState) -> list[str]:
        assert isinstance(state, ReefKeepersState)
        problems = []
        places = Counter(state.deck) + Counter(state.discard)
        for cards in state.hands + state.reefs:
            places.update(cards)
        if places != Counter(self.deck):
            problems.append(f"cards are lost or doubled: {sorted((places - Counter(self.deck)).elements())} too many, "
                            f"{sorted((Counter(self.deck) - places).elements())} missing")
        for p in range(PLAYERS):
            if state.hands[p] != sorted(state.hands[p]):
                problems.append(f"player {p + 1}'s hand is not kept in order")
            if state.card_pearls[p] != sum(self.creatures[c].pearls for c in state.reefs[p]):
                problems.append(f"player {p + 1}'s card pearls do not match their reef")
        if not state.over and not 1 <= state.tide <= TIDE_DIE:
            problems.append(f"the tide {state.tide} is no face of the die")
        return problems
