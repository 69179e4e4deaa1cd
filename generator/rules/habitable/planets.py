"""A player's planet tiles and the board's circles: where each stack lies and what a planet holds.

Every player has 3 numbered stacks of 2 planet tiles. A stack is at HOME (on the player board),
UNDISCOVERED on a circle of a star's path, or DISCOVERED: then one tile lies on the circle and
the other on the planet card, whose four values the stack carries here.
"""

from __future__ import annotations

from generator.rules.habitable.data import HABITABLE_MINIMUM, HABITABLE_TEMPERATURE, TRACKS, Star

HOME, UNDISCOVERED, DISCOVERED = 0, 1, 2


class Planet:
    """One stack of planet tiles (see the module docstring); values count only when DISCOVERED."""

    __slots__ = ("owner", "tile", "status", "star", "pos", "card", "temperature", "water", "magnetism", "life")

    def __init__(self, owner: int, tile: int):
        self.owner = owner
        self.tile = tile
        self.status = HOME
        self.star = -1
        self.pos = 0
        self.card: str | None = None
        self.temperature = self.water = self.magnetism = self.life = 0

    def copy(self) -> Planet:
        other = Planet.__new__(Planet)
        other.owner, other.tile, other.status, other.star, other.pos, other.card = \
            self.owner, self.tile, self.status, self.star, self.pos, self.card
        other.temperature, other.water, other.magnetism, other.life = \
            self.temperature, self.water, self.magnetism, self.life
        return other

    def key(self) -> tuple[int, int, int, str | None, int, int, int, int]:
        return (self.status, self.star, self.pos, self.card, self.temperature, self.water, self.magnetism, self.life)

    @property
    def habitable(self) -> bool:
        """±2 temperature and at least 3 water and 3 magnetism (the black boxes)."""
        return (self.status == DISCOVERED and -HABITABLE_TEMPERATURE <= self.temperature <= HABITABLE_TEMPERATURE
                and self.water >= HABITABLE_MINIMUM and self.magnetism >= HABITABLE_MINIMUM)

    def get(self, parameter: str) -> int:
        return int(getattr(self, parameter))

    def change(self, parameter: str, amount: int) -> int:
        """Add `amount`, stopping at the track's end; return the change that happened."""
        low, high = TRACKS[parameter]
        before: int = getattr(self, parameter)
        after = min(high, max(low, before + amount))
        setattr(self, parameter, after)
        return after - before

    def go_home(self) -> None:
        self.status, self.star, self.pos, self.card = HOME, -1, 0, None
        self.temperature = self.water = self.magnetism = self.life = 0

    def steps_to_habitable(self) -> int:
        """How many single steps of its values the planet lacks to be habitable (0 when it is)."""
        t = self.temperature
        return (max(0, abs(t) - HABITABLE_TEMPERATURE) + max(0, HABITABLE_MINIMUM - self.water)
                + max(0, HABITABLE_MINIMUM - self.magnetism))


def occupied(planets: list[list[Planet]], star: int, pos: int, skip: Planet | None = None) -> Planet | None:
    """The stack on circle `pos` of `star` (None when the circle is free)."""
    for mine in planets:
        for planet in mine:
            if planet.status != HOME and planet.star == star and planet.pos == pos and planet is not skip:
                return planet
    return None


def neighbours_habitable(planets: list[list[Planet]], target: Planet, star: Star) -> bool:
    """Another habitable planet lies on a neighbouring circle of the same path (the green −1, ruling 4)."""
    for pos in (target.pos - 1, target.pos + 1):
        if 1 <= pos <= star.positions:
            other = occupied(planets, target.star, pos)
            if other is not None and other is not target and other.habitable:
                return True
    return False
