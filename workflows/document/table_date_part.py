"""A column taken from the dates of a report's table: the year, the month's name, the quarter, the
weekday, or the whole days from each date to a stated day (an order's age, a person's service),
as a person adds one so readers can group the rows by eye."""

from __future__ import annotations

import datetime as dt
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._columns import append_column, report_of_kind
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Part = Literal["year", "month_name", "quarter", "weekday", "days_until"]
DATES = {"sales": "Date", "employees": "Start Date"}
HEADER = {"year": ["Year"], "month_name": ["Month"], "quarter": ["Quarter", "Qtr"], "weekday": ["Weekday", "Day"],
          "days_until": ["Days", "Age (days)", "Days elapsed"]}
ASK = {"year": "the year of its {c}, as a number like 2024",
       "month_name": "the month of its {c} written out in full (January, February, ...)",
       "quarter": "the calendar quarter of its {c}, written Q1 to Q4",
       "weekday": "the day of the week its {c} fell on, written out (Monday, Tuesday, ...)",
       "days_until": "the number of whole days from its {c} to {until}, as a plain number"}
WHY = {"sales": "the order log", "employees": "the staff list"}
CODE = {"year": "str(d.year)", "month_name": "d.strftime('%B')", "quarter": "f'Q{(d.month - 1) // 3 + 1}'",
        "weekday": "d.strftime('%A')", "days_until": "f'{(until - d).days:,}'"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    part: Part
    new_header: str
    until: dt.date | None
    ask: str
    table_name: str


class Options(SkillParams):
    part: Part | None = None
    in_place: bool | None = None


@register_workflow
class TableDatePart(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_date_part", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'The table in {{ input }} is {{ table_name }}. Add a last column "{{ new_header }}" giving, for every row, '
            "{{ ask }}. Type the values into the cells; the other columns and the report's text stay as they are. "
            + SAVE["formal"],
            "Could you add a \"{{ new_header }}\" column at the right of the table in {{ input }}? For each row it "
            "should show {{ ask }}. Don't change anything else. " + SAVE["chatty"],
            '{{ input }} table: new last column "{{ new_header }}" = {{ ask }}. ' + SAVE["terse"],
            "Readers of {{ input }} want to group {{ table_name }} by eye: each row needs {{ ask }}, in a new "
            'column "{{ new_header }}" at the right end of the table. ' + SAVE["formal"],
        ],
        criteria=["The new column holds the asked-for part of every row's date, the last row included.",
                  "The table's other columns and the report's text are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a dated table"),
               FileSlot(param="output", type="docx", description="The report with the date column")],
        checks=[CheckTemplate(func="table.date_part_column", bind={"new_header": "new_header", "column": "column",
                                                                    "part": "part", "until": "until"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        part = getattr(ctx.options, "part", None) or ctx.rng.choice(sorted(CODE))
        doc, table = report_of_kind(ctx, set(DATES), 8, 16)
        column = DATES[table.kind]
        latest = max(table.column(column))
        until = latest + dt.timedelta(days=ctx.rng.randint(5, 200)) if part == "days_until" else None
        params = Params(**doc_paths(ctx, doc.file_stem, "dated"), column=column, part=part,
                        new_header=ctx.rng.choice(HEADER[part]), until=until, table_name=WHY[table.kind],
                        ask=ASK[part].format(c=column, until=until.isoformat() if until else ""))
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        until = f"dt.date.fromisoformat({lit(params.until.isoformat())})" if params.until else "None"
        compute = f"""
            import datetime as dt
            col, until = header.index({lit(params.column)}), {until}
            values = []
            for row in rows:
                d = dt.date.fromisoformat(row[col])
                values.append({CODE[params.part]})
        """
        body = textwrap.dedent(compute) + textwrap.dedent(append_column(params.new_header)) + save_code(params.output)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(table_script(params.input, body), f"With python-docx I read each {params.column} "
                                    f"and type {params.ask.replace('its ', 'the ')} into a new last column.",
                                    f"Add {params.new_header}"),
                        script_step(table_script(params.output, "print(header); print(rows[-1])"),
                                    "I read the header and the last row back.", "Check the table"))
