"""How Escape Earth actions are written in saved games and example files.

Cards of the galaxy are counted as players count them: Earth is card 1, the ocean planet
card 16. Activities are `build food material knowledge military`; buildings are named by
their kind (`outpost farm mine lab starbase`); events by their card id (`hungersnot`).

    improve military            move the Military card one position higher (swap with its neighbour)
    move food 3                 travel with the Food card; the ship ends on card 3
    build outpost               build at your ship's card
    upgrade 4 pay knowledge@6   upgrade the building on card 4, paying 1 knowledge cube from card 6
    produce knowledge           fill the building at your ship
    fight hungersnot pay food@2 food@5x2
    push military@7x2           push the aliens back 2 cards with 2 military cubes from card 7
    pass
    fight-now pay food@2        fight the event just drawn at once
    let-happen                  let it become active
    lose 5                      the cube an event takes comes from card 5
"""

from __future__ import annotations

from generator.rules.core import Action, RuleError
from generator.rules.escape_earth.legality import EscapeEarthLegality


def _bad(text: str, why_de: str, why_en: str) -> RuleError:
    return RuleError("notation", {"de": f"„{text}“: {why_de}", "en": f"'{text}': {why_en}"})


class EscapeEarthNotation(EscapeEarthLegality):
    """Writing and reading actions."""

    def _pay_text(self, payment: tuple) -> str:
        return " ".join(f"{res}@{pos + 1}" + (f"x{n}" if n > 1 else "") for pos, res, n in payment)

    def format_action(self, action: Action) -> str:
        kind = action[0]
        if kind == "move":
            return f"move {action[1]} {action[2] + 1}"
        if kind == "build":
            return f"build {self.data.buildings[action[1]].kind}"
        if kind == "upgrade":
            return f"upgrade {action[1] + 1} pay {self._pay_text(action[2])}"
        if kind == "fight":
            return f"fight {action[1]} pay {self._pay_text(action[2])}"
        if kind == "fight-now":
            return f"fight-now pay {self._pay_text(action[1])}"
        if kind == "push":
            return "push " + self._pay_text(((action[1], "military", action[2]),))
        if kind == "lose":
            return f"lose {action[1] + 1}"
        return " ".join(str(a) for a in action)

    def _card_number(self, text: str, word: str) -> int:
        if not word.isdigit() or not 1 <= int(word) <= self.length:
            raise _bad(text, f"„{word}“ ist keine Kartennummer 1–{self.length}.",
                       f"'{word}' is not a card number 1-{self.length}.")
        return int(word) - 1

    def _parse_payment(self, text: str, words: list[str]) -> tuple:
        if not words or words[0] != "pay":
            raise _bad(text, "Die Zahlung beginnt mit „pay“, z. B. „pay food@5“.",
                       "the payment starts with 'pay', e.g. 'pay food@5'.")
        totals: dict[tuple[int, str], int] = {}
        for word in words[1:]:
            res, _, rest = word.partition("@")
            where, _, count = rest.partition("x")
            if res not in self.data.resources or not where:
                raise _bad(text, f"„{word}“ ist keine Würfelangabe wie food@5 oder military@7x2.",
                           f"'{word}' is not a cube source like food@5 or military@7x2.")
            pos = self._card_number(text, where)
            n = int(count) if count.isdigit() else 1
            totals[(pos, res)] = totals.get((pos, res), 0) + n
        return tuple(sorted((pos, res, n) for (pos, res), n in totals.items()))

    def parse_action(self, text: str) -> Action:
        """Read an action; raises RuleError('notation') with a hint when the text is not one."""
        words = text.split()
        if not words:
            raise _bad(text, "leere Aktion.", "empty action.")
        head, rest = words[0], words[1:]
        if head in ("pass", "let-happen") and not rest:
            return (head,)
        if head in ("improve", "produce") and len(rest) == 1:
            return (head, rest[0])
        if head == "move" and len(rest) == 2:
            return ("move", rest[0], self._card_number(text, rest[1]))
        if head == "build" and len(rest) == 1:
            by_kind = {b.kind: b.id for b in self.data.buildings.values()}
            return ("build", by_kind.get(rest[0], rest[0]))
        if head == "upgrade" and len(rest) >= 2:
            return ("upgrade", self._card_number(text, rest[0]), self._parse_payment(text, rest[1:]))
        if head == "fight" and len(rest) >= 2:
            return ("fight", rest[0], self._parse_payment(text, rest[1:]))
        if head == "fight-now":
            return ("fight-now", self._parse_payment(text, rest))
        if head == "push" and len(rest) == 1:
            payment = self._parse_payment(text, ["pay"] + rest)
            if len(payment) == 1 and payment[0][1] == "military":
                return ("push", payment[0][0], payment[0][2])
        if head == "lose" and len(rest) == 1:
            return ("lose", self._card_number(text, rest[0]))
        raise _bad(text, "unbekannte Aktion; erlaubt sind improve, move, build, upgrade, produce, fight, push, pass, "
                   "fight-now, let-happen, lose.",
                   "unknown action; use improve, move, build, upgrade, produce, fight, push, pass, fight-now, "
                   "let-happen or lose.")
