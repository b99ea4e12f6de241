"""Shared parts of the whole-document workflows: the reference's look at a docx (each paragraph's
style and text), the save line, and the paths with the in-place axis (`workflows._inplace`)."""

from __future__ import annotations

from typing import Any

from forge.models import ReferenceStep
from workflows._inplace import SAVE, edit_paths
from workflows._steps import lit, script_step

__all__ = ["SAVE", "doc_paths", "outline_step", "report_with_table", "save_code", "shown", "table_script"]


def doc_paths(ctx: Any, stem: str, suffix: str) -> dict[str, Any]:
    return edit_paths(ctx, stem, "docx", suffix, ["", "docs/", "drafts/"])


def outline_step(path: str, thought: str) -> ReferenceStep:
    """Print each non-empty paragraph: its number, style and the start of its text."""
    script = f"""
        import docx
        for n, p in enumerate(docx.Document({lit(path)}).paragraphs, start=1):
            if p.text.strip():
                print(n, p.style.name, "|", p.text[:70])
    """
    return script_step(script, thought, f"Outline {path}")


def save_code(output: str) -> str:
    folder = output.rsplit("/", 1)[0] if "/" in output else "."
    return f"import os; os.makedirs({lit(folder)}, exist_ok=True); document.save({lit(output)})"


def shown(value: object, fmt: str = "") -> str:
    """A table value as a report prints it: ISO dates, thousands separators, money with cents."""
    import datetime as dt

    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}" if "#,##0" in fmt else str(value)
    return str(value)


def report_with_table(ctx: Any, lo: int = 8, hi: int = 20) -> tuple[Any, Any]:
    """A report whose third section holds a data table (a seeded sales, staff, stock or budget
    table printed as text), and that table: what the table workflows sort and total."""
    from preparers.document import TableBlock, make_document
    from preparers.spreadsheet import make_table

    doc = make_document(ctx.rng, ctx.faker, kind="report")
    table = make_table(ctx.rng, ctx.faker, kind=ctx.rng.choice(["sales", "employees", "inventory", "budget"]),
                       rows=ctx.rng.randint(lo, hi))
    block = TableBlock(headers=table.headers, rows=[[shown(v, table.formats.get(h, "")) for h, v in
                                                     zip(table.headers, row, strict=True)] for row in table.rows])
    sections = list(doc.sections)
    at = min(2, len(sections) - 1)
    sections[at] = sections[at].model_copy(update={"table": block})
    sections = [s if i == at else s.model_copy(update={"table": None}) for i, s in enumerate(sections)]
    return doc.model_copy(update={"sections": sections}), table


TABLE_ROWS = """
    import docx
    document = docx.Document({path})
    grid = document.tables[0]
    header = [c.text.strip() for c in grid.rows[0].cells]
    rows = [[c.text.strip() for c in r.cells] for r in grid.rows[1:]]
    def number(text):
        return float(text.replace(",", ""))
"""


def table_script(path: str, body: str = "") -> str:
    """A script reading the document's first table into `header`/`rows` (`grid` the table), then `body`."""
    import textwrap

    return textwrap.dedent(TABLE_ROWS.format(path=lit(path))) + textwrap.dedent(body)
