"""The quick-reference part of the content model: a game's turn order, action and cost tables and end.

The quick reference (a page of the rules site and the one-page player aid) is made from these
data and the cards, never from rules prose: a row that names a card takes its name, cost and
effects from the card, and every text may use the rules pages' helpers (`{{ card('x').cost }}`), so
a number changed in the YAML changes the table on the next build.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from generator.content.schema_base import Identifier, Model, Slug, Text


class ReferenceStep(Model):
    """One step of the turn (or round) in the order it is played."""

    name: Text = Field(description="the step's name, in bold before its text")
    text: Text = Field(description="what happens, in a sentence or two (`:icon:`s and the rules pages' `{{ }}` "
                                   "helpers allowed)")


class ReferenceRow(Model):
    """One row of a quick-reference table: an action (or a card) with its cost and what it does."""

    card: Slug | None = Field(default=None, description="a card whose name, cost and effects fill the row's "
                                                        "cells that are not written")
    name: Text | None = Field(default=None, description="the action's name (default: the card's)")
    cost: Text | None = Field(default=None, description="what it costs (default: the card's `cost` in the table's "
                                                        "`unit`, or its `cost_fields`)")
    effect: Text | None = Field(default=None, description="what it does (default: the card's text and effects)")

    @model_validator(mode="after")
    def _named(self) -> ReferenceRow:
        if self.card is None and (self.name is None or self.cost is None):
            raise ValueError("a row without a `card` needs its `name` and `cost`")
        return self


class ReferenceTable(Model):
    """An action and cost table: written rows, then one row for each card of `kind`."""

    title: Text = Field(description="the table's heading")
    name_column: Text | None = Field(default=None, description="the first column's header (default: Action)")
    cost_column: Text | None = Field(default=None, description="the second column's header (default: Cost)")
    kind: Identifier | None = Field(default=None, description="a card kind: one row per card of it, after `rows`")
    unit: str | None = Field(default=None, description="an icon printed after a card's `cost` (megacredits)")
    cost_fields: list[Identifier] = Field(default=[], description="the card fields that are its cost (numbers or "
                                                                 "costs; `count`: its copies), in place of its `cost`")
    effect_fields: list[Identifier] = Field(default=[], description="card fields shown after its effects (a "
                                                                   "building's capacity)")
    rows: list[ReferenceRow] = Field(default=[], description="the rows, in order")
    note: Text | None = Field(default=None, description="a line under the table")

    @model_validator(mode="after")
    def _not_empty(self) -> ReferenceTable:
        if not self.rows and self.kind is None:
            raise ValueError("a table needs `rows` or a card `kind`")
        return self


class QuickReference(Model):
    """The quick reference of a game: the turn order, the action and cost tables and how the game ends.

    The icon legend is not written: it lists every icon the cards, resources and tables show."""

    turn: list[ReferenceStep] = Field(min_length=1, description="the turn's steps in order")
    tables: list[ReferenceTable] = Field(default=[], description="action and cost tables")
    end: list[Text] = Field(min_length=1, description="how the game ends and who wins, a line each")
