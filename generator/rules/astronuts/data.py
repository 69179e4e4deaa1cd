"""The numbers of Astronuts as the engine needs them, read once from the content.

The map (spaces, lanes, AstroHole jumps, planet sizes), the nut colours, the pieces per player
and the fate table with its effects all come from `GameContent`; only rules text that no
content file holds lives here as named constants (the dice, the technology of each colour).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.content.loader import GameContent
from generator.content.schema import Text
from generator.rules.engine_kit.rules_data import Effects, rules_digest

PLANET_KINDS = ("planet_small", "planet_large")
HOME_KIND, ASTEROID_KIND, HOLE_KIND = "home", "asteroid", "astrohole"
SEAT_CORNERS = {2: ("nw", "se"), 3: ("nw", "ne", "se"), 4: ("nw", "ne", "se", "sw")}  # clockwise; 2: opposite
TECH_ACTIONS = 4          # "kostet 4 Aktionen und 1 Nut"
SHIP_NUTS = 4             # "1 Aktion und 4 Nuts in unterschiedlichen Farben"
TRADE_ACTIONS = 1         # "HANDELN kostet 1 Aktion"
PASS_ACTIONS = 2          # passing an occupied space: onto it and off again, "1 Aktion" per space (our reading)
WIN_COLONIES = 14         # "wenn ein Spieler 14 Kolonien gegründet hat"
TRACK_COLONIES = 1        # "Eine Kolonie wird für die Aktionsleiste benötigt"
MAX_DECLARE = 6           # a die shows at most 6: a higher declaration can never be doubled
ASTEROID_CROSS, ASTEROID_STOP = 2, 3   # "überlebt nur bei einem Ergebnis von 2 (3) oder mehr"


@dataclass(frozen=True)
class FateEntry:
    roll: str
    name: Text
    text: Text
    effects: Effects


@dataclass(frozen=True)
class RulesData:
    """The rules-relevant part of the content, as index-based tuples the engine reads quickly."""

    ids: tuple[str, ...]                  # space index -> id
    index: dict[str, int]
    labels: tuple[Text | None, ...]
    neighbours: tuple[tuple[int, ...], ...]
    jumps: tuple[tuple[int, ...], ...]    # AstroHole -> the other holes (board `jumps`)
    kinds: tuple[str, ...]
    planet: tuple[bool, ...]              # a nut planet (small or large): nuts, colonies, fate
    nut_room: tuple[int, ...]             # nuts placed at set-up (2 small, 3 large)
    colony_room: tuple[int, ...]          # colonies it takes (2 small, 3 large)
    asteroid: tuple[bool, ...]
    hole: tuple[bool, ...]
    planets: tuple[int, ...]              # every nut planet, in map order
    others: tuple[int, ...]               # every other space
    homes: dict[str, int]                 # corner -> home space
    colours: tuple[str, ...]              # nut colours in game.yaml order
    colour_names: dict[str, Text]
    nuts_per_colour: tuple[int, ...]
    ships_per_player: int
    colonies_per_player: int              # pawns for planets: the box's set minus the action-track pawn
    fate: dict[str, FateEntry]
    distance: tuple[tuple[int, ...], ...]  # lanes only, ignoring pieces (the greedy player's map sense)
    content_hash: str
    # the legal set's actions, built once: each (target, action) in map order, so a playout never rebuilds them
    jump_actions: tuple[tuple[tuple[int, tuple[str, int, int]], ...], ...] = ()
    move_actions: tuple[tuple[tuple[int, tuple[str, int, int]], ...], ...] = ()   # as jump_actions, to the neighbours
    # [s][t]: for a neighbour t of s, each (u, the pass from s over t to u) for the other neighbours u of t
    beyond: tuple[dict[int, tuple[tuple[int, tuple[str, int, int, int]], ...]], ...] = ()
    # (planet, [nut colours it holds] -> (nuts it still needs, colours it may take), None when full), map order
    place_needs: tuple[tuple[int, tuple[tuple[int, int] | None, ...]], ...] = ()
    place_actions: tuple[tuple[tuple[tuple[str, int, int], ...], ...], ...] = ()  # [s][colour mask]: ("place", s, c)...
    colonise_one: tuple[tuple[tuple[tuple[str, int, tuple[int]], ...], ...], ...] = ()  # [s][mask]: one-nut colonies
    genie: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # 6-6: group -> ("genie", roll)...

    def seats(self, players: int) -> tuple[int, ...]:
        """Home space of each seat: clockwise from the north-west corner; with two, opposite corners."""
        return tuple(self.homes[corner] for corner in SEAT_CORNERS[players])

    def colour(self, name: str) -> int:
        return self.colours.index(name)


def rules_hash(content: GameContent) -> str:
    """A hash of what the referee reads (map, fate effects, pieces, operations), not of prose."""
    board = next(b for b in content.boards if b.id == "map")
    fate = next(t for t in content.tables if t.id == "fate")
    payload = {
        "spaces": [s.model_dump(include={"id", "kind", "adjacent", "jumps", "data"}) for s in board.spaces],
        "fate": [e.model_dump(include={"roll", "effects"}) for e in fate.entries],
        "components": [c.model_dump(include={"id", "type", "count"}) for c in content.game.components],
        "resources": [r.id for r in content.game.resources],
        "operations": sorted(o.id for o in content.game.operations),
    }
    return rules_digest(payload)


def _count(content: GameContent, kind: str, colour: str) -> int:
    return next(c.count for c in content.game.components if c.id == f"{kind}-{colour}")


def _distances(neighbours: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Lanes between every two spaces (99: none), breadth first from each: `reached` grows as it is read."""
    rows = []
    for start in range(len(neighbours)):
        dist, reached = [99] * len(neighbours), [start]
        dist[start] = 0
        for u in reached:
            for v in neighbours[u]:
                if dist[v] == 99:
                    dist[v] = dist[u] + 1
                    reached.append(v)
        rows.append(tuple(dist))
    return tuple(rows)


def _genie_options(fate: dict[str, FateEntry]) -> dict[int, tuple[tuple[str, str], ...]]:
    """The genie's (6-6) offer per group: the group's entries but those that offer a choice of entry."""
    groups = sorted({int(roll.split("-")[0]) for roll in fate if roll.split("-")[0].isdigit()})
    return {group: tuple(("genie", roll) for roll, entry in fate.items() if roll.startswith(f"{group}-")
                         and not any(op == "choose_entry" for op, _ in entry.effects)) for group in groups}


def _place_needs(room: int, colours: int) -> tuple[tuple[int, int] | None, ...]:
    """For each set of colours a planet holds (a bit mask): what it still needs and may take, None when full."""
    every = (1 << colours) - 1
    return tuple((need, every & ~held) if (need := room - bin(held).count("1")) > 0 else None
                 for held in range(1 << colours))


def load_rules_data(content: GameContent) -> RulesData:
    """Read the engine's view of Astronuts from validated content."""
    board = next(b for b in content.boards if b.id == "map")
    placed = [s for s in board.placed.spaces if s.declared]
    ids = tuple(s.id for s in placed)
    index = {sid: i for i, sid in enumerate(ids)}
    neighbours = tuple(tuple(index[n] for n in board.neighbours(sid)) for sid in ids)
    jumps = tuple(tuple(index[n] for n in board.jumps(sid)) for sid in ids)
    kinds = tuple(s.kind for s in placed)
    planet = tuple(k in PLANET_KINDS for k in kinds)
    nut_room = tuple(int(s.data.get("nuts", 0)) if planet[i] else 0 for i, s in enumerate(placed))
    colony_room = tuple(int(s.data.get("colonies", 0)) if planet[i] else 0 for i, s in enumerate(placed))
    homes = {str(s.data["corner"]): i for i, s in enumerate(placed) if s.kind == HOME_KIND}
    colours = tuple(r.id for r in content.game.resources)
    fate_table = next(t for t in content.tables if t.id == "fate")
    fate = {e.roll: FateEntry(e.roll, e.name, e.text,
                              tuple((f.op, tuple(sorted(f.args.items()))) for f in e.effects))
            for e in fate_table.entries}
    first = colours[0]
    return RulesData(
        ids=ids, index=index, labels=tuple(s.label for s in placed), neighbours=neighbours, jumps=jumps,
        kinds=kinds, planet=planet, nut_room=nut_room, colony_room=colony_room,
        asteroid=tuple(k == ASTEROID_KIND for k in kinds), hole=tuple(k == HOLE_KIND for k in kinds),
        planets=tuple(i for i in range(len(ids)) if planet[i]),
        others=tuple(i for i in range(len(ids)) if not planet[i]), homes=homes, colours=colours,
        colour_names={r.id: r.name for r in content.game.resources},
        nuts_per_colour=tuple(_count(content, "nuts", c) for c in colours),
        ships_per_player=_count(content, "ships", first),
        colonies_per_player=_count(content, "colonies", first) - TRACK_COLONIES,
        fate=fate, distance=_distances(neighbours),
        content_hash=rules_hash(content),
        genie=_genie_options(fate),
        jump_actions=tuple(tuple((t, ("jump", s, t)) for t in row) for s, row in enumerate(jumps)),
        move_actions=tuple(tuple((t, ("move", s, t)) for t in row) for s, row in enumerate(neighbours)),
        beyond=tuple({t: tuple((u, ("pass", s, t, u)) for u in neighbours[t] if u != s) for t in row}
                     for s, row in enumerate(neighbours)),
        place_needs=tuple((i, _place_needs(nut_room[i], len(colours))) for i in range(len(ids)) if planet[i]),
        place_actions=tuple(tuple(tuple(("place", s, c) for c in range(len(colours)) if mask >> c & 1)
                                  for mask in range(1 << len(colours))) for s in range(len(ids))),
        colonise_one=tuple(tuple(tuple(("colonise", s, (c,)) for c in range(len(colours)) if mask >> c & 1)
                                 for mask in range(1 << len(colours))) for s in range(len(ids))))
