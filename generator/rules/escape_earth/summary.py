"""The Escape Earth table as (label, value) rows, and each action as a sentence, in de and en.

Used by the rules site for the state before and after each example step, and by `pnp play`.
Face-down cards read '?' – the summary shows what the players see.
"""

from __future__ import annotations

from generator.rules.core import Action
from generator.rules.escape_earth.state import NO_ANOMALY, EscapeEarthBase
from generator.rules.escape_earth.texts import card_place, payment_text

LABELS = {
    "turn": {"de": "Zug", "en": "Turn"},
    "galaxy": {"de": "Galaxie", "en": "Galaxy"},
    "ships": {"de": "Raumschiffe", "en": "Ships"},
    "aliens": {"de": "Aliens", "en": "Aliens"},
    "anomaly": {"de": "Anomalie", "en": "Anomaly"},
    "buildings": {"de": "Gebäude und Würfel", "en": "Buildings and cubes"},
    "row": {"de": "Aktivitäten Spieler {p}", "en": "Activities player {p}"},
    "events": {"de": "Aktive Ereignisse", "en": "Active events"},
    "decks": {"de": "Stapel", "en": "Decks"},
    "supply": {"de": "Vorrat", "en": "Supply"},
}
WORDS = {
    "none": {"de": "keine", "en": "none"},
    "off": {"de": "nicht im Spiel", "en": "not in play"},
    "player": {"de": "Spieler {p}", "en": "player {p}"},
    "turn": {"de": "{t} – Spieler {p} ist am Zug, noch {a} Aktion(en)", "en": "{t} – player {p} to play, {a} action(s) left"},
    "over": {"de": "Spiel vorbei", "en": "game over"},
    "free": {"de": "freier Würfel", "en": "free cube"},
    "decks": {"de": "{t} Zeitkarten verdeckt, {e} Ereigniskarten, {r} Ereignisse entfernt",
              "en": "{t} time cards face down, {e} event cards, {r} events removed"},
    "fight": {"de": "Bekämpfung", "en": "fight"},
    "upgraded": {"de": "verbessert", "en": "upgraded"},
    "travel": {"de": "Reise {t}", "en": "travel {t}"},
    "respond": {"de": "; offen: {e} sofort bekämpfen?", "en": "; pending: fight {e} at once?"},
    "lose": {"de": "; offen: welcher {r}-Würfel geht verloren?", "en": "; pending: which {r} cube is lost?"},
}


def summarize(state: EscapeEarthBase, lang: str) -> list[tuple[str, str]]:
    """What lies on the table, row by row: galaxy, ships, tokens, buildings, rows, events, decks."""
    d = state.data
    w = lambda key, **kw: WORDS[key][lang].format(**kw)  # noqa: E731
    rows: list[tuple[str, str]] = []
    turn = w("over") if state.result else w("turn", t=state.turn, p=state.player + 1, a=state.actions_left)
    if state.result is None and state.phase == "respond" and state.pending_event:
        turn += w("respond", e=d.events[state.pending_event].name.get(lang))
    elif state.result is None and state.phase == "lose" and state.pending_loss:
        turn += w("lose", r=d.resource_names[state.pending_loss].get(lang))
    rows.append((LABELS["turn"][lang], turn))
    cards = []
    for pos, card in enumerate(state.track):
        name = d.galaxy[card].name.get(lang) if pos < state.revealed else "?"
        cards.append(f"{pos + 1} {name}")
    rows.append((LABELS["galaxy"][lang], " · ".join(cards)))
    rows.append((LABELS["ships"][lang], ", ".join(f"{w('player', p=p + 1)}: {card_place(s, state.length, lang)}"
                                                  for p, s in enumerate(state.ships))))
    rows.append((LABELS["aliens"][lang], card_place(state.aliens, state.length, lang)))
    rows.append((LABELS["anomaly"][lang], w("off") if state.anomaly == NO_ANOMALY
                 else card_place(state.anomaly, state.length, lang)))
    held = []
    for pos in range(state.length):
        parts = []
        b = state.building[pos]
        if b:
            side = state._side(pos)
            text = side.name.get(lang)
            if side.produces:
                text += f" ({state.cubes[pos]}/{side.capacity} {d.resource_names[side.produces].get(lang)})"
            parts.append(text)
        if state.free[pos]:
            parts.append(f"{w('free')} {d.resource_names[state.free[pos]].get(lang)}")  # type: ignore[index]
        if parts:
            held.append(f"{card_place(pos, state.length, lang)}: {', '.join(parts)}")
    rows.append((LABELS["buildings"][lang], "; ".join(held) or w("none")))
    for p, row in enumerate(state.rows):
        items = []
        for i, activity in enumerate(row):
            card = state.cards[p][activity]
            mark = "✓" if state.is_active(p, activity) else ""
            items.append(f"{i + 1} {d.activity_names[activity].get(lang)}{mark} ({w('travel', t=card.travel)})")
        rows.append((LABELS["row"][lang].format(p=p + 1), " · ".join(items)))
    events = []
    for card in dict.fromkeys(state.active_events):
        copies = state.active_events.count(card)
        cost = ", ".join(f"{n} {d.resource_names[r].get(lang)}" for r, n in sorted(state.fight_cost(card).items()))
        events.append(f"{d.events[card].name.get(lang)} ×{copies} ({w('fight')}: {cost})")
    rows.append((LABELS["events"][lang], "; ".join(events) or w("none")))
    rows.append((LABELS["decks"][lang], w("decks", t=len(state.time_deck), e=len(state.event_deck),
                                          r=len(state.removed_events))))
    rows.append((LABELS["supply"][lang], ", ".join(f"{d.resource_names[r].get(lang)} {n}"
                                                   for r, n in state.supply.items())))
    return rows


ACTION_TEXT = {
    "improve": {"de": "Spieler {p} verbessert die Karte {a}.", "en": "Player {p} improves the {a} card."},
    "move": {"de": "Spieler {p} reist mit der Karte {a} nach {to}.", "en": "Player {p} travels with the {a} card to {to}."},
    "build": {"de": "Spieler {p} errichtet beim eigenen Raumschiff: {b}.", "en": "Player {p} builds at their ship: {b}."},
    "upgrade": {"de": "Spieler {p} verbessert das Gebäude auf {at} und bezahlt {pay}.",
                "en": "Player {p} upgrades the building on {at}, paying {pay}."},
    "produce": {"de": "Spieler {p} produziert {r} beim eigenen Raumschiff.", "en": "Player {p} produces {r} at their ship."},
    "fight": {"de": "Spieler {p} bekämpft {e} und bezahlt {pay}.", "en": "Player {p} fights {e}, paying {pay}."},
    "push": {"de": "Spieler {p} drängt die Aliens mit {n} Militärwürfel(n) von {at} zurück.",
             "en": "Player {p} pushes the aliens back with {n} military cube(s) from {at}."},
    "pass": {"de": "Spieler {p} passt.", "en": "Player {p} passes."},
    "fight-now": {"de": "Die Spieler bekämpfen das eben aufgedeckte Ereignis sofort und bezahlen {pay}.",
                  "en": "The players fight the event just revealed at once, paying {pay}."},
    "let-happen": {"de": "Die Spieler lassen das Ereignis eintreten.", "en": "The players let the event happen."},
    "lose": {"de": "Der verlorene Würfel kommt von {at}.", "en": "The lost cube comes from {at}."},
}


def describe_action(state: EscapeEarthBase, action: Action, lang: str) -> str:
    """One sentence saying what `action` does, for the player whose turn it is in `state`."""
    d = state.data
    kind = action[0]
    values: dict[str, object] = {"p": state.player + 1}
    if kind in ("improve", "move"):
        values["a"] = d.activity_names[action[1]].get(lang)
    if kind == "move":
        values["to"] = card_place(action[2], state.length, lang)
    if kind == "build":
        values["b"] = d.buildings[action[1]].basic.name.get(lang)
    if kind in ("upgrade", "push", "lose"):
        values["at"] = card_place(action[1], state.length, lang)
    if kind in ("upgrade", "fight"):
        values["pay"] = payment_text(action[2], d, lang)
    if kind == "fight-now":
        values["pay"] = payment_text(action[1], d, lang)
    if kind == "produce":
        values["r"] = d.resource_names[action[1]].get(lang)
    if kind == "fight":
        values["e"] = d.events[action[1]].name.get(lang)
    if kind == "push":
        values["n"] = action[2]
    return ACTION_TEXT[kind][lang].format(**values)
