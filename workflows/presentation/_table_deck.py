"""A deck that already holds a table slide (a report someone pasted a table into): the seeded deck
with a Title Only slide carrying one real table of a seeded sheet's key, category and number
columns, placed after a topic slide. Numbers print as a slide shows them (thousands commas, two
decimals for amounts)."""

from __future__ import annotations

import io
import random
from typing import Any

from faker import Faker
from pydantic import BaseModel, ConfigDict

from preparers._ooxml import normalize_package
from preparers.data import make_table
from preparers.presentation import DeckContent, make_deck, write_pptx

COLUMNS = {"sales": ["Customer", "Region", "Units", "Unit Price"],
           "employees": ["Name", "Department", "Salary", "Bonus"],
           "inventory": ["Item", "Warehouse", "Quantity", "Unit Cost"],
           "budget": ["Project", "Quarter", "Budget", "Actual"]}


def cell_text(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


class TableDeck(BaseModel):
    """The deck, its table slide's title and grid (header first), and one row held back."""

    model_config = ConfigDict(frozen=True)

    deck: DeckContent
    title: str
    after: str
    grid: list[list[str]]
    spare: list[str]


def make_table_deck(rng: random.Random, faker: Faker, rows: tuple[int, int] = (6, 9)) -> TableDeck:
    """A deck and a table of 4 columns and `rows` body rows (plus a spare row of the same sheet)."""
    kind = rng.choice(sorted(COLUMNS))
    table = make_table(rng, faker, kind=kind, rows=rng.randint(*rows) + 1)
    keep = [table.headers.index(c) for c in COLUMNS[kind]]
    body = [[cell_text(r[i]) for i in keep] for r in table.rows]
    deck = make_deck(rng, faker)
    after = rng.choice([s.title for s in deck.slides[2:-1]])
    return TableDeck(deck=deck, title=table.title, after=after, grid=[COLUMNS[kind], *body[:-1]], spare=body[-1])


def write_table_deck(made: TableDeck) -> bytes:
    """The deck as pptx with the table slide after `made.after`."""
    import pptx
    from pptx.util import Inches, Pt

    prs = pptx.Presentation(io.BytesIO(write_pptx(made.deck)))
    slide = prs.slides.add_slide(next(lay for lay in prs.slide_layouts if lay.name == "Title Only"))
    slide.shapes.title.text = made.title
    grid = made.grid
    shape = slide.shapes.add_table(len(grid), len(grid[0]), Inches(0.5), Inches(1.6), Inches(9),
                                   Inches(0.4) * len(grid))
    for r, values in enumerate(grid):
        for c, value in enumerate(values):
            cell = shape.table.cell(r, c)
            cell.text = value
            for run in cell.text_frame.paragraphs[0].runs:
                run.font.size = Pt(14)
    at = 1 + next(i for i, s in enumerate(made.deck.slides) if s.title == made.after)
    order = prs.slides._sldIdLst
    new = order[-1]
    order.remove(new)
    order.insert(at, new)
    buf = io.BytesIO()
    prs.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{made.deck.date.isoformat()}T09:00:00Z")
