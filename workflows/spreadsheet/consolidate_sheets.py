"""Consolidate several same-shaped sheets (one per month, quarter or site) into one sheet, in
sheet order, optionally with a column saying which sheet each row came from."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    BookOptions,
    BookParams,
    big_table,
    book_spec,
    choose,
    names,
    read_step,
    verify_step,
    workbook,
)

PARTS = {  # kind -> (what one sheet is, sheet names)
    "sales": ("month", ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]),
    "employees": ("office", ["London", "Berlin", "Madrid", "Warsaw", "Dublin"]),
    "inventory": ("site", ["Site A", "Site B", "Site C", "Site D"]),
    "budget": ("quarter", ["Q1", "Q2", "Q3", "Q4"]),
}


class Params(BookParams):
    sheets: list[str]
    into: str
    part: str
    source_column: str | None


class Options(BookOptions):
    source_column: bool | None = None


@register_workflow
class ConsolidateSheets(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.consolidate_sheets", Params, Options,
        phrasings=[
            ("{{ input }} has one sheet per {{ part }} ({{ sheets | join(', ') }}), all with the same columns. Add a "
             'sheet "{{ into }}" that stacks all their rows under one header row, sheet by sheet in that order'
             '{% if source_column %}, with an extra last column "{{ source_column }}" giving the sheet each row '
             "came from{% endif %}. Leave the {{ part }} sheets as they are.", "formal"),
            ("I'm tired of flicking between the {{ part }} tabs in {{ input }}. Can you combine "
             '{{ sheets | join(", ") }} into one new tab called "{{ into }}" - one header, then every row in tab order'
             '{% if source_column %}, plus a "{{ source_column }}" column at the end saying which tab it was on'
             "{% endif %}?", "chatty"),
            ('{{ input }}: consolidate sheets {{ sheets | join(", ") }} into new sheet "{{ into }}" (one header, rows '
             'in sheet order{% if source_column %}, last column "{{ source_column }}" = source sheet{% endif %}).',
             "terse"),
        ],
        criteria=["Every row of every listed sheet is on the new sheet once, in sheet order.",
                  "The source sheets are unchanged."],
        checks=[CheckTemplate(func="table.consolidated", bind={"sheets": "sheets", "into": "into",
                                                                "source_column": "source_column"})],
        output="The workbook with the consolidated sheet",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        kind = ctx.rng.choice(sorted(PARTS))
        part, candidates = PARTS[kind]
        count = ctx.rng.randint(3, len(candidates))
        table = big_table(ctx.rng, ctx.faker, kind, 12 * count, 40 * count)
        sheets = candidates[:count]
        bounds = sorted(ctx.rng.sample(range(2, len(table.rows) - 1), count - 1))
        chunks = [table.rows[a:b] for a, b in zip([0, *bounds], [*bounds, len(table.rows)], strict=True)]
        base = names(ctx, table, "combined")
        with_source = choose(ctx, "source_column", [False, True])
        params = Params(**{**base, "sheet": sheets[0]}, sheets=sheets, part=part,
                        into=ctx.rng.choice(["All", "Combined", f"All {part}s"]),
                        source_column=ctx.rng.choice([part.capitalize(), "Source", "Sheet"]) if with_source else None)
        return params.with_files(input=workbook([(s, table.headers, rows) for s, rows in zip(sheets, chunks, strict=True)],
                                                table))

    def reference(self, params: Params) -> ReferenceSolution:
        folder = params.output.rsplit("/", 1)[0] if "/" in params.output else "."
        script = f"""
            import os, openpyxl
            wb = openpyxl.load_workbook({lit(params.input)})
            out = wb.create_sheet({lit(params.into)})
            for n, name in enumerate({lit(params.sheets)}):
                header, *rows = wb[name].iter_rows(values_only=True)
                if n == 0:
                    out.append(list(header) + ([{lit(params.source_column)}] if {lit(params.source_column)} else []))
                for row in rows:
                    out.append(list(row) + ([name] if {lit(params.source_column)} else []))
                print(name, len(rows), "rows")
            os.makedirs({lit(folder)}, exist_ok=True)
            wb.save({lit(params.output)})
        """
        return solution(read_step(params, f"I check that {', '.join(params.sheets)} share one header.", params.sheets),
                        script_step(script, f"I copy the header once, then every sheet's rows in order into "
                                    f"{params.into!r}.", f"Consolidate into {params.into}"),
                        verify_step(params, params.into, "I reopen the workbook and count the stacked rows."))
