"""One short example per content file type, for the content reference.

Each one is a file that validates on its own (tests/authoring/test_reference.py checks it against
its JSON Schema and its model), taken in spirit from the games in content/ and the starter game
of `pnp new`.
"""

from __future__ import annotations

EXAMPLES: dict[str, str] = {
    "game": """
id: market-day
title: {de: Markttag, en: Market Day}
description: {de: "Wer liefert am meisten?", en: "Who delivers most?"}
players: {min: 2, max: 2}
age: 8
play_time: {min: 10, max: 20}
engine: {module: engine/rules.py}
resources:
  - {id: grain, name: {de: Korn, en: Grain}, icon: grain, color: "#d9a441"}
kinds:
  - id: order
    name: {de: Auftrag, en: Order}
    size: poker
    badge: points
    fields:
      price: {type: costs, label: {de: Preis, en: Price}}
      points: {type: int, min: 1, max: 5, label: {de: Punkte, en: Points}}
components:
  - {id: order-cards, name: {de: Auftragskarten, en: Order cards}, type: cards, kind: order, count: 2}
operations:
  - id: gain
    params: {resource: {type: resource}, amount: {type: int, min: 1, max: 3}}
    text: {de: "Nimm {amount} :{resource}:.", en: "Take {amount} :{resource}:."}
variants:
  - {id: standard, name: {de: Standard, en: Standard}, description: {de: "12 Runden.", en: "12 rounds."},
     settings: {rounds: 12}}
""",
    "cards": """
cards:
  - id: bread
    kind: order
    count: 2
    name: {de: Brot, en: Bread}
    icon: grain
    fields: {price: {grain: 3}, points: 2}
    effects: [{op: gain, resource: grain, amount: 1}]
    flavor: {de: "Frisch aus dem Ofen.", en: "Fresh from the oven."}
""",
    "board": """
id: scoreboard
name: {de: Punkteleiste, en: Score track}
size: {width: 190, height: 60}
tracks:
  - id: score
    start: 0
    end: 10
    at: [15, 40]
    cell: 16
    marks:
      10: {fill: "#f2c94c", icon: star}
panels:
  - {id: title, at: [7, 6], size: {width: 176, height: 14}, title: {de: Markttag, en: Market Day}}
""",
    "table": """
id: weather
name: {de: Wetter, en: Weather}
dice: [6]
entries:
  - {roll: "1", name: {de: Sturm, en: Storm}, text: {de: "Verliere 1 :grain:.", en: "Lose 1 :grain:."}}
  - {roll: "2-6", name: {de: Sonne, en: Sun}, text: {de: "Nichts geschieht.", en: "Nothing happens."}}
""",
    "example": """
title: {de: "Die ersten Aufträge", en: "The first orders"}
seed: 3
options: {variant: standard}
steps:
  - action: "take field"
    narrative: {de: "Spieler 1 nimmt das Feld: 2 Korn.", en: "Player 1 takes the Field: 2 grain."}
""",
    "sentences": """
events:
  took: "Player {player} takes the job {card}."
refusals:
  unknown-action: "'{action}' is not an action here."
  game-over: "The game is over."
outcomes:
  rounds-over: "The last round is over: most points wins."
actions:
  take: "Player {player} takes the job {card}."
words:
  unfinished: "Not finished."
""",
    "layout": """
# the shared card layout with a larger title and a row of pips, one per point of the card
extends: card
description: The generic card with a larger title and the card's points as pips.
front:
  content:
    - {id: title, size: 13}
    - id: pips
      type: group
      after: art
      repeat: face.fields.points
      elements:
        - {type: circle, cx: 8 + index * 5, cy: 20, r: 1.8, fill: "{{ resource('gold').color }}"}
""",
}
