"""Every Escape Earth event as a sentence in German and English.

`render_event` fills the template of an event's kind with card, building and resource names
from the content. In a player's view, secret data (a card removed unseen) is left out.
"""

from __future__ import annotations

from typing import Any

from generator.rules.core import Event
from generator.rules.escape_earth.data import RulesData

TEMPLATES: dict[str, dict[str, str]] = {
    "setup": {"de": "Aufbau: {removed} Galaxiekarten ungesehen entfernt; Erde und {open} Karten offen, {hidden} verdeckt. "
                    "Aktivitätsreihen: {rows}.",
              "en": "Setup: {removed} galaxy cards removed unseen; Earth and {open} cards face up, {hidden} face down. "
                    "Activity rows: {rows}."},
    "revealed": {"de": "{pos} wird aufgedeckt: {card}.", "en": "{pos} is revealed: {card}."},
    "discovery-cube": {"de": "Entdeckungsbonus: 1 {resource} auf {pos}.", "en": "Discovery bonus: 1 {resource} on {pos}."},
    "turn": {"de": "Zug {turn}: Spieler {player} ist am Zug.", "en": "Turn {turn}: player {player} plays."},
    "time-card": {"de": "Zeitkarte: {card}.", "en": "Time card: {card}."},
    "time-passes": {"de": "Die Zeit vergeht – nichts passiert.", "en": "Time passes – nothing happens."},
    "time-starts": {"de": "Das zweite Gebäude steht: Ab dem nächsten Zug kommen Zeitkarten ins Spiel.",
                    "en": "The second building stands: time cards come into play from the next turn."},
    "time-shuffled": {"de": "Alle Zeitkarten werden neu gemischt.", "en": "All time cards are reshuffled."},
    "aliens-moved": {"de": "Die Aliens ziehen von {frm} auf {to}.", "en": "The aliens move from {frm} to {to}."},
    "ship-pushed": {"de": "{by} das Raumschiff von Spieler {player} von {frm} auf {to}.",
                    "en": "{by} player {player}'s ship from {frm} to {to}."},
    "event-drawn": {"de": "Ereignis aufgedeckt: {card}.", "en": "Event revealed: {card}."},
    "event-active": {"de": "{card} ist aktiv ({copies}× offen).", "en": "{card} is active ({copies}× showing)."},
    "event-fought": {"de": "{card} {how} bekämpft mit {paid}.", "en": "{card} fought {how} with {paid}."},
    "event-removed": {"de": "Das Ereignis wird in den Stapel gemischt; die oberste Karte ({card}) verlässt das Spiel "
                            "ungesehen. Noch {left} Ereigniskarten.",
                      "en": "The event is shuffled into the deck; the top card ({card}) leaves the game unseen. "
                            "{left} event cards left."},
    "no-cube-to-lose": {"de": "Kein {resource}-Würfel da – Glück gehabt, das Ereignis bleibt aber aktiv.",
                        "en": "No {resource} cube to lose – lucky, but the event stays active."},
    "cube-lost": {"de": "1 {resource} von {pos} geht in den Vorrat zurück.", "en": "1 {resource} from {pos} returns to the supply."},
    "anomaly-placed": {"de": "Die Anomalie erscheint auf {to}; die Karte ist blockiert.",
                       "en": "The anomaly appears on {to}; that card is blocked."},
    "anomaly-moved": {"de": "Die Anomalie zieht von {frm} auf {to}.", "en": "The anomaly moves from {frm} to {to}."},
    "anomaly-removed": {"de": "Keine Anomalie mehr aktiv: Der Spielstein verlässt die Galaxie.",
                        "en": "No anomaly is active any more: the token leaves the galaxy."},
    "card-to-first": {"de": "Spieler {player} legt {activity} an Position 1.", "en": "Player {player} moves {activity} to position 1."},
    "passed": {"de": "Spieler {player} passt.", "en": "Player {player} passes."},
    "improved": {"de": "Spieler {player} verbessert {activity} auf Position {to} (Tausch mit {other}).",
                 "en": "Player {player} improves {activity} to position {to} (swapping with {other})."},
    "ship-moved": {"de": "Spieler {player} reist mit {activity} ({parsecs} Parsec) von {frm} nach {to}.",
                   "en": "Player {player} travels with {activity} ({parsecs} parsecs) from {frm} to {to}."},
    "building-removed": {"de": "{building} auf {pos} wird ersetzt und verlässt mit {cubes} Würfel(n) das Spiel.",
                         "en": "{building} on {pos} is replaced and leaves the game with {cubes} cube(s)."},
    "built": {"de": "Spieler {player} errichtet {building} auf {pos}.", "en": "Player {player} builds {building} on {pos}."},
    "upgraded": {"de": "{building} auf {pos} wird verbessert, bezahlt mit {paid}.",
                 "en": "{building} on {pos} is upgraded, paid with {paid}."},
    "produced": {"de": "Spieler {player} produziert {n} {resource} auf {pos}.",
                 "en": "Player {player} produces {n} {resource} on {pos}."},
    "aliens-pushed": {"de": "Spieler {player} drängt die Aliens mit {n} Militärwürfel(n) von {pos} zurück.",
                      "en": "Player {player} pushes the aliens back with {n} military cube(s) from {pos}."},
    "game-over": {"de": "{cause}", "en": "{cause}"},
}

WORDS = {
    "card": {"de": "Karte {n}", "en": "card {n}"},
    "beside": {"de": "neben dem Ozeanplaneten", "en": "beside the ocean planet"},
    "off": {"de": "außerhalb der Galaxie", "en": "off the galaxy"},
    "at_once": {"de": "sofort", "en": "at once"},
    "action": {"de": "als Aktion", "en": "as an action"},
    "aliens": {"de": "Die Aliens schieben", "en": "The aliens push"},
    "anomaly": {"de": "Die Anomalie schiebt", "en": "The anomaly pushes"},
    "unseen": {"de": "?", "en": "?"},
    "nothing": {"de": "nichts", "en": "nothing"},
}


def card_place(pos: int, length: int, lang: str) -> str:
    if pos >= length:
        return WORDS["beside"][lang]
    if pos < 0:
        return WORDS["off"][lang]
    return WORDS["card"][lang].format(n=pos + 1)


def payment_text(payment: Any, data: RulesData, lang: str) -> str:
    if not payment:
        return WORDS["nothing"][lang]
    parts = [f"{n} {data.resource_names[res].get(lang)} ({card_place(pos, data.track_length, lang)})"
             for pos, res, n in payment]
    return ", ".join(parts)


def _card_name(card: str, data: RulesData, lang: str) -> str:
    for table in (data.galaxy, data.events, data.time_cards):
        if card in table:
            return table[card].name.get(lang)
    return card


def render_event(ev: Event, data: RulesData, lang: str, player_view: bool = False) -> str:
    """The sentence for one event in `lang`; secret values read 'unseen' in a player's view."""
    from generator.rules.escape_earth.state import OUTCOMES

    length = data.track_length
    values: dict[str, Any] = {}
    for key, value in ev.data:
        if player_view and key in ev.secret:
            values[key] = WORDS["unseen"][lang]
        elif key in ("pos", "frm", "to") and ev.kind not in ("improved",):
            values[key] = card_place(value, length, lang)
        elif key == "card":
            values[key] = _card_name(value, data, lang)
        elif key in ("activity", "other"):
            values[key] = data.activity_names[value].get(lang)
        elif key == "resource":
            values[key] = data.resource_names[value].get(lang)
        elif key == "building":
            values[key] = data.buildings[value].basic.name.get(lang)
        elif key == "paid":
            values[key] = payment_text(value, data, lang)
        elif key == "at_once":
            values["how"] = WORDS["at_once" if value else "action"][lang]
        elif key == "by":
            values[key] = WORDS[value][lang]
        elif key == "cause":
            values[key] = OUTCOMES[value][1][lang]
        elif key == "rows":
            values[key] = "; ".join(f"{i + 1}: " + ", ".join(data.activity_names[a].get(lang) for a in row)
                                    for i, row in enumerate(value))
        else:
            values[key] = value
    sentence = TEMPLATES[ev.kind][lang].format(**values)
    return sentence[:1].upper() + sentence[1:]
