"""One table from three reports' tables, for a quarter's summary: the monthly order reports, or the
orders each regional office reported. Columns are matched by name (one report's table has them in
another order), a column may name the report each row came from, overlapping reports keep each
order once, and the rows may be put in date order; the combined table goes into a new document."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, slug, write_docx
from preparers.spreadsheet import make_table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import outline_step, shown
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scenario = Literal["monthly", "regional"]
SLOTS = ("first", "second", "third")
REGIONS = ["North", "South", "East", "West", "Central"]
_FILES = "{{ first }}, {{ second }} and {{ third }}"
_HOW = ("{% if reordered %} The table in {{ reordered }} has the same columns in another order: match them by name "
        "and keep the column order of {{ first }}.{% endif %}{% if source_column %} Add a last column "
        "\u201c{{ source_column }}\u201d holding the name of the report each row came from (just the file name, e.g. "
        "{{ first_name }}).{% endif %}{% if key %} The reports overlap: an order that appears again (same {{ key }}) "
        "is kept once, from the first report it appears in ({{ first }} first, then {{ second }}, then {{ third }})."
        "{% endif %}{% if sort_by %} Order the rows by {{ sort_by }}, oldest first.{% else %} Keep the rows report "
        "after report, each report's rows in their order.{% endif %}")


class Options(SkillParams):
    reordered: bool | None = None
    source_column: bool | None = None
    overlap: bool | None = None
    sort: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    first_name: str
    what: str
    reordered: str | None
    source_column: str | None
    key: str | None
    sort_by: str | None


def order_tables(rng: random.Random, faker: Faker, scenario: Scenario, overlap: bool,
                 start: dt.date) -> tuple[list[str], list[list[list[Any]]]]:
    """The header and three reports' order rows (by date within each): three months of one quarter,
    or three regional offices over it; with `overlap`, a few rows of one report repeated in the next."""
    table = make_table(rng, faker, kind="sales", rows=rng.randint(24, 45))
    parts: list[list[list[Any]]] = [[], [], []]
    offices = rng.sample(REGIONS, 3)
    for i, row in enumerate(table.rows):
        part = i * 3 // len(table.rows) if scenario == "monthly" else i if i < 3 else rng.randrange(3)
        first = dt.date(start.year, start.month + (part if scenario == "monthly" else 0), 1)
        span = 27 if scenario == "monthly" else 88
        day = first + dt.timedelta(days=rng.randrange(span))
        region = row[3] if scenario == "monthly" else offices[part]
        parts[part].append([row[0], day, row[2], region, *row[4:]])
    parts = [sorted(p, key=lambda r: (r[1], r[0])) for p in parts]
    if overlap:
        for n in (1, 2):
            repeats = parts[n - 1][-rng.randint(2, 3):]
            parts[n] = [*(list(r) for r in repeats), *parts[n]]
    return table.headers, parts


def report(title: str, intro: str, headers: list[str], rows: list[list[Any]], company: str, date: dt.date,
           author: str) -> bytes:
    """A short report: its title, an introduction and the orders table, printed as a report prints them."""
    block = TableBlock(headers=headers, rows=[[shown(v) for v in r] for r in rows])
    doc = DocumentContent(kind="report", title=title, date=date, author=author, organisation=company,
                          file_stem=slug(title), opening=[Paragraph(runs=[Run(text=intro)])],
                          sections=[Section(heading="Orders", table=block)])
    return write_docx(doc)


@register_workflow
class StackTables(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.stack_tables", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Combine the order tables of " + _FILES + " ({{ what }}) into one table in a new document, {{ output }}: "
            "the header of {{ first }}'s table, then every row of the three tables." + _HOW +
            " Leave the three reports as they are.",
            "For the quarter's summary I need the orders from {{ what }} - " + _FILES + " - in a single table. Could "
            "you put them into one table in a new Word document, {{ output }}?" + _HOW,
            _FILES + " -> {{ output }}: one table of all their orders (header of {{ first }})." + _HOW,
        ],
        criteria=["Every order row of the three tables, values under the right columns.",
                  "Overlaps, the source column and the row order as the instruction says."],
        files=[*(FileSlot(param=s, type="docx", role="input", description="A report with an orders table")
                 for s in SLOTS),
               FileSlot(param="output", type="docx", description="The combined table")],
        checks=[CheckTemplate(func="table.stacked", paths={"input_file": "first", "second_file": "second",
                                                           "third_file": "third"},
                              bind={"source_column": "source_column", "key": "key", "sort_by": "sort_by"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        reordered, source, overlap, sort = (v if v is not None else ctx.rng.random() < 0.5 for v in
                                            (opts.reordered, opts.source_column, opts.overlap, opts.sort))
        scenario: Scenario = ctx.rng.choice(["monthly", "regional"])
        start = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.choice([1, 4, 7, 10]), 1)
        header, parts = order_tables(ctx.rng, ctx.faker, scenario, overlap, start)
        company, quarter = ctx.faker.company(), f"Q{(start.month - 1) // 3 + 1} {start.year}"
        names = ([dt.date(start.year, start.month + n, 1).strftime("%B") for n in range(3)] if scenario == "monthly"
                 else [p[0][3] for p in parts])
        files = []
        for n, (name, rows) in enumerate(zip(names, parts, strict=True)):
            columns = list(header)
            if reordered and n == 2:
                while columns == header:
                    ctx.rng.shuffle(columns)
            title = (f"{company} orders, {name} {start.year}" if scenario == "monthly" else
                     f"{name} office orders, {quarter}")
            intro = f"Orders recorded {'in ' + name if scenario == 'monthly' else 'by the ' + name + ' office'}."
            stem = f"orders_{name}_{start.year}" if scenario == "monthly" else f"{name}_orders_{quarter}"
            files.append((slug(stem), report(title, intro, columns, [[r[header.index(c)] for c in columns]
                                                                       for r in rows], company, start,
                                              ctx.faker.name())))
        folder = ctx.rng.choice(["", "reports/", "orders/"])
        what = "the three months' order reports" if scenario == "monthly" else "the regional offices' order reports"
        params = Params(**{s: f"{folder}{f[0]}.docx" for s, f in zip(SLOTS, files, strict=True)},
                        output=f"{folder}orders_{slug(quarter)}_combined.docx", first_name=f"{files[0][0]}.docx",
                        what=what, reordered=f"{folder}{files[2][0]}.docx" if reordered else None,
                        source_column=ctx.rng.choice(["Source", "Report", "Source File"]) if source else None,
                        key="Order ID" if overlap else None, sort_by="Date" if sort else None)
        return params.with_files(**{s: f[1] for s, f in zip(SLOTS, files, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third]
        script = f"""
            import os, docx
            header, out, seen = None, [], set()
            for path in {lit(files)}:
                grid = docx.Document(path).tables[0]
                names, *rows = [[c.text.strip() for c in r.cells] for r in grid.rows]
                header = header or names
                for row in rows:
                    values = [row[names.index(h)] for h in header]
                    key = {lit(params.key)}
                    if key and values[header.index(key)] in seen:
                        continue
                    seen.add(values[header.index(key)] if key else None)
                    out.append(values + ([os.path.basename(path)] if {lit(params.source_column)} else []))
            if {lit(params.sort_by)}:
                out.sort(key=lambda r: r[header.index({lit(params.sort_by)})])
            header = header + ([{lit(params.source_column)}] if {lit(params.source_column)} else [])
            document = docx.Document()
            grid = document.add_table(rows=1, cols=len(header))
            grid.style = "Table Grid"
            for cell, name in zip(grid.rows[0].cells, header):
                cell.paragraphs[0].add_run(name).bold = True
            for row in out:
                for cell, value in zip(grid.add_row().cells, row):
                    cell.text = value
            folder = os.path.dirname({lit(params.output)})
            if folder:
                os.makedirs(folder, exist_ok=True)
            document.save({lit(params.output)})
            print(len(out), "rows")
        """
        return solution(*(outline_step(f, f"I look over {f} to find its table.") for f in files),
                        script_step(script, "With python-docx I read the three tables, match their columns by name "
                                    "and write one combined table into a new document.", f"Write {params.output}"))
