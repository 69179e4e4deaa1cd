"""The site's own words: headings, labels and notes the generated pages print, in every language.

Content strings come from the content ({de, en}); these are the few the site itself adds.
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "site_description": {
        "de": "Spielregeln, Karten, Beispielzüge und Druckvorlagen, aus den Spieldaten erzeugt.",
        "en": "Rules, cards, example turns and print files, generated from the game data.",
    },
    "games": {"de": "Spiele", "en": "Games"},
    "overview": {"de": "Überblick", "en": "Overview"},
    "on_these_pages": {"de": "Auf diesen Seiten", "en": "On these pages"},
    "components": {"de": "Spielmaterial", "en": "Components"},
    "rules": {"de": "Regeln", "en": "Rules"},
    "cards": {"de": "Karten", "en": "Cards"},
    "boards": {"de": "Spielpläne", "en": "Boards"},
    "examples": {"de": "Beispielzüge", "en": "Example turns"},
    "downloads": {"de": "Downloads", "en": "Downloads"},
    "glossary": {"de": "Glossar", "en": "Glossary"},
    "players": {"de": "Personen", "en": "Players"},
    "age": {"de": "Alter", "en": "Age"},
    "play_time": {"de": "Spieldauer", "en": "Playing time"},
    "minutes": {"de": "Min.", "en": "min"},
    "designers": {"de": "Autoren", "en": "Designers"},
    "publisher": {"de": "Verlag", "en": "Publisher"},
    "variants": {"de": "Varianten", "en": "Variants"},
    "count": {"de": "Anzahl", "en": "Count"},
    "component": {"de": "Bestandteil", "en": "Component"},
    "picture": {"de": "Bild", "en": "Picture"},
    "card_designs": {"de": "Kartenmotive", "en": "card designs"},
    "front": {"de": "Vorderseite", "en": "Front"},
    "back": {"de": "Rückseite", "en": "Back"},
    "cost": {"de": "Kosten", "en": "Cost"},
    "science": {"de": "Wissenschaft", "en": "Science"},
    "designed": {"de": "für diese Ausgabe gestaltet", "en": "designed for this edition"},
    "designed_hint": {
        "de": "Die Spielregel lässt diesen Wert offen; diese Ausgabe hat ihn festgelegt.",
        "en": "The rulebook leaves this value open; this edition chose it.",
    },
    "setup_events": {"de": "Aufbau", "en": "Set-up"},
    "state_at_start": {"de": "Die Lage vor dem ersten Schritt", "en": "The table before the first step"},
    "cards_in_step": {"de": "Karten in diesem Schritt", "en": "Cards in this step"},
    "card_in_rules": {"de": "In den Regeln", "en": "In the rules"},
    "card_in_examples": {"de": "In den Beispielzügen", "en": "In the example turns"},
    "table_after_setup": {"de": "Der Tisch nach dem Aufbau", "en": "The table after setup"},
    "table_after_step": {"de": "Der Tisch nach Schritt {n}", "en": "The table after step {n}"},
    "outcome": {"de": "Ergebnis", "en": "Outcome"},
    "step": {"de": "Schritt", "en": "Step"},
    "action": {"de": "Aktion", "en": "Action"},
    "events": {"de": "Ereignisprotokoll", "en": "Event log"},
    "before": {"de": "Vorher", "en": "Before"},
    "after": {"de": "Nachher", "en": "After"},
    "on_the_table": {"de": "Auf dem Tisch", "en": "On the table"},
    "variant": {"de": "Variante", "en": "Variant"},
    "replayed": {
        "de": "Dieses Beispiel wird bei jedem Build von der Regel-Engine nachgespielt; "
        "es kann keinen regelwidrigen Zug zeigen.",
        "en": "This example is replayed by the rules engine on every build; it cannot show an illegal move.",
    },
    "file": {"de": "Datei", "en": "File"},
    "size": {"de": "Größe", "en": "Size"},
    "what": {"de": "Inhalt", "en": "What"},
    "dl_cards": {
        "de": "Kartenbögen für beidseitigen Druck zu Hause (Vorderseiten, dann gespiegelte Rückseiten; "
        "an den Marken schneiden)",
        "en": "Card sheets for a double-sided home printer (fronts, then mirrored backs; cut at the marks)",
    },
    "dl_gutterfold": {
        "de": "Faltbögen für einseitigen Druck (Vorder- und Rückseite nebeneinander: falten, kleben, schneiden)",
        "en": "Gutterfold sheets for a one-sided printer (front and back side by side: fold, glue, cut)",
    },
    "dl_calibration": {
        "de": "Duplex-Kalibrierung: zeigt, wie weit euer Drucker die Rückseite verschiebt",
        "en": "Duplex calibration: shows how far your printer shifts the back side",
    },
    "dl_print_shop": {
        "de": "Dateien zum Hochladen bei einer Druckerei: je Karte ein PDF und zwei PNG, Anzahl im Dateinamen",
        "en": "Print-shop uploads: per card a PDF and two PNGs, the copies to order in the file name",
    },
    "dl_tts": {
        "de": "Tabletop Simulator: Kartenbögen, Rückseiten, Spielpläne und gespeicherte Objekte (die Bilder "
        "hochladen, ihre Adressen in die .json eintragen, die .json in „Saved Objects“ legen)",
        "en": "Tabletop Simulator: deck sheets, backs, boards and saved objects (upload the images, put "
        "their addresses in the .json files, put those in Saved Objects)",
    },
    "dl_pod": {
        "de": "Karten für Druckdienste (eine Karte pro Seite, mit Beschnitt)",
        "en": "Cards for print-on-demand (one card per page, with bleed)",
    },
    "dl_pod_decks": {
        "de": "Für eine Druckerei: je Kartenstapel und Kartengröße ein PDF, Rückseite zuerst, mit Beschnitt",
        "en": "For a print shop: one PDF per deck and card size, back first, with bleed",
    },
    "dl_ink_saver": {
        "de": "Tintensparend: Kartenbögen, Spielpläne und Spielsteine in heller Fassung für den Drucker zu Hause",
        "en": "Ink saver: card sheets, boards and tokens in a light version for a home printer",
    },
    "dl_board_fit": {"de": "Spielplan auf einer Seite, verkleinert", "en": "Board on one page, scaled down"},
    "dl_board_tiled": {"de": "Spielplan, auf Seiten verteilt", "en": "Board, tiled on pages"},
    "dl_board_full": {"de": "Spielplan in voller Größe (Druckerei)", "en": "Board at full size (print shop)"},
    "dl_tokens": {"de": "Spielsteine", "en": "Tokens"},
    "dl_model": {"de": "Spieldaten als JSON", "en": "Game data as JSON"},
    "dl_player_aid": {
        "de": "Spielhilfe: die Regeln, die man am häufigsten nachschlägt, auf einer Seite zum Danebenlegen",
        "en": "Player aid: the rules you look up most, on one page to keep beside the board",
    },
    "player_aid": {"de": "Spielhilfe", "en": "Player aid"},
    "dl_rulebook": {
        "de": "Regelheft zum Ausdrucken und Mitnehmen an den Tisch (mit den Abschnittsnummern dieser Seiten)",
        "en": "Printable rulebook to keep at the table (with the section numbers of these pages)",
    },
    "dl_none": {
        "de": "Für dieses Spiel wurden noch keine Druckdateien erzeugt.",
        "en": "No print files have been generated for this game yet.",
    },
    "paper_a4": {"de": "A4", "en": "A4"},
    "paper_letter": {"de": "US Letter", "en": "US Letter"},
    "term": {"de": "Begriff", "en": "Term"},
    "meaning": {"de": "Bedeutung", "en": "Meaning"},
    "choose_language": {"de": "Sprache wählen", "en": "Choose a language"},
}

LANGUAGE_NAMES: dict[str, str] = {"de": "Deutsch", "en": "English"}


def label(key: str, lang: str) -> str:
    """The site's word for `key` in `lang` (a KeyError is a bug in the site, not in the content)."""
    return LABELS[key][lang]
