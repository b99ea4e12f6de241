"""Helper for the slides boundary cases: a real table put on one slide of a written deck."""

from __future__ import annotations

import io


def with_table(deck: bytes, index: int, grid: list[list[str]]) -> bytes:
    """`deck` with `grid` (header first) as a real table on its slide at the 0-based `index`."""
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation(io.BytesIO(deck))
    shape = prs.slides[index].shapes.add_table(len(grid), len(grid[0]), Inches(1), Inches(2), Inches(8), Inches(3))
    for r, values in enumerate(grid):
        for c, value in enumerate(values):
            shape.table.cell(r, c).text = value
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()
