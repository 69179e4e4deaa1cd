"""The content reference's section on card sheets: what the sheet reader (content.sheets) accepts."""

from __future__ import annotations

SHEETS_SECTION = """\
## Cards in a spreadsheet

A card file may be a sheet instead of YAML: `cards/*.csv`, `cards/*.xlsx` or `cards/*.ods`, one
row per card design. Row 1 names the card key each column fills; every other row is a card and
gives the same card the YAML form gives, so `pnp check`, the build and the rules engine see no
difference. A game may keep some cards in YAML and others in sheets. `pnp export GAME --cards
cards.csv` (or `cards.xlsx`) writes a game's cards as one sheet, to move a YAML game into a
spreadsheet; put the sheet into `cards/` in place of the YAML files and the game builds the
same cards (`--cards cards.yaml` is the way back: one YAML card file). \
`pnp new GAME --from-sheet FILE` starts a game from a sheet. docs/examples/market-day,
a game in German and English, keeps its job cards in a CSV file and its order cards in an xlsx
workbook.

Example (`cards/orders.csv`, the cards of the YAML example above, in both languages):

```text
id,kind,count,name.de,name.en,price,points,effects,flavor.de,flavor.en,icon
bread,order,2,Brot,Bread,grain=3,2,gain resource=grain amount=1,Frisch aus dem Ofen.,Fresh from the oven.,grain
```

A game in one language ([A game in one language](#a-game-in-one-language)) writes its texts in
columns without a language:

```text
id,kind,count,name,price,points,effects,flavor,icon
bread,order,2,Bread,grain=3,2,gain resource=grain amount=1,Fresh from the oven.,grain
```

| header | fills | a cell holds |
|---|---|---|
| `id`, `kind`, `icon`, `design_note` | the card's key | text as it is |
| `count` (**required**), `cost` | the card's key | a whole number |
| `name.de`, `name.en`, `text.en`, `flavor.de`, `science.en`, ... | one language of a [Text](#text) | text as it is |
| `name`, `text`, `flavor`, `science` | the text in every language (a game in one language needs no other column) \
| text as it is |
| `effects` | the card's effects \
| `gain resource=grain amount=1; draw count=2`: operations separated by `;`, each with its parameters as `name=value` |
| a field of the card's kind (`price`, `capacity`), or `fields.price` | `fields` \
| by the field's type: `3` (int), `true`/`false` (bool), `1, 3, 5` (ints, tags), `grain=3 gold=1` (costs), \
effects as above, text as it is (str, enum, resource, card); a text field as `motto.de`, `motto.en` or `motto` |
| `back.name.de`, `back.effects`, `back.capacity`, ... | the same keys of the back of a double-sided card \
| as on the front |

- An empty cell leaves the key out. `[]` is an empty list, `{}` no costs. A value of no declared
  type (an effect's parameter) is a bare word or number, `true`/`false`, or JSON (`"3"` is the
  text 3).
- Every card needs its `id`, `count` and a name; a sheet whose cards are all of one kind (or of a
  game with one kind) needs no `kind` column. A row whose first cell starts with `#` is left out.
- CSV files are UTF-8, separated by `,`, `;` or tabs (as the header row shows). Of an xlsx or ods
  file the first worksheet is read (another one by `sheet:` below); a formula counts by the value
  the spreadsheet program saved with it.
- Errors name the file, the row and the column, the cell and its header, with a hint:
  `cards/orders.xlsx:7:3 (C7, column 'count'): error: expected a whole number, found 'zwei'`.
  For a CSV file the row is the line the card starts on.
- Limits: 2 MB for a CSV file, 5 MB for a workbook (50 MB unpacked), 10,000 card rows, 200
  columns, 200,000 filled cells and 5,000 characters in a cell.

A sheet whose headers are its own, or that needs a worksheet or kind named, is described in
game.yaml under `sheets` ([CardSheet](#cardsheet)):

```yaml
sheets:
  - file: orders.xlsx
    sheet: Auftraege
    kind: order
    columns: {Karte: id, Anzahl: count, Name: name.de, Name (en): name.en, Preis: price, Notiz: "-"}
```
"""
