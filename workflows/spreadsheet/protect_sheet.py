"""Protect a sheet so people can only type where they should: one column's data cells, two
columns', or the empty rows below the table kept open for new entries stay unlocked; the rest of
the table is locked, with a stated password or without one."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import BookOptions, BookParams, big_table, book_spec, choose, names, three_steps, workbook

Editable = Literal["column", "columns", "entry_rows"]
COLUMNS = {"sales": ["Units", "Unit Price"], "employees": ["Salary", "Bonus"], "inventory": ["Quantity", "Unit Cost"],
           "budget": ["Budget", "Actual"]}
PASSWORDS = ["keep-out", "FinanceOnly", "ledger-lock", "opensesame", "TeamLead"]


class Params(BookParams):
    editable: list[str]
    through_row: int | None
    password: str | None
    unlocked: str


class Options(BookOptions):
    open_cells: Editable | None = None
    with_password: bool | None = None


@register_workflow
class ProtectSheet(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.protect_sheet", Params, Options,
        phrasings=[
            ('Protect the sheet "{{ sheet }}" in {{ input }} {% if password %}with the password "{{ password }}"'
             "{% else %}without a password{% endif %}, so that only {{ unlocked }} can still be edited; every other "
             "cell of the table stays locked. Do not change any value.", "formal"),
            ("People keep overwriting the wrong cells on the {{ sheet }} tab of {{ input }}. Could you lock that sheet "
             '{% if password %}(password "{{ password }}"){% else %}(no password, it is just against accidents)'
             "{% endif %} but leave {{ unlocked }} open for typing? Everything else in the table should be locked.",
             "chatty"),
            ('{{ input }} / "{{ sheet }}": protect the sheet{% if password %} with password "{{ password }}"{% else %}, '
             "no password{% endif %}; unlocked: {{ unlocked }}; rest of the table locked; values unchanged.", "terse"),
        ],
        criteria=["The sheet is protected, with the asked password or none.",
                  "Exactly the asked cells are unlocked; the rest of the table is locked.", "No value changed."],
        checks=[CheckTemplate(func="table.sheet_protected", bind={"table": "sheet", "editable": "editable",
                                                                   "through_row": "through_row",
                                                                   "password": "password"})],
        output="The workbook with the protected sheet",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        cells = choose(ctx, "open_cells", ["column", "columns", "entry_rows"])
        kind = ctx.rng.choice(sorted(COLUMNS))
        table = big_table(ctx.rng, ctx.faker, kind, 20, 150)
        editable, through = [], None
        if cells == "entry_rows":
            through = ctx.rng.choice([300, 500, 1000])
            unlocked = f"the empty rows below the table, down to row {through}, ready for new entries"
        elif cells == "column":
            editable = [ctx.rng.choice(COLUMNS[kind])]
            unlocked = f"the {editable[0]} data cells (not its header)"
        else:
            editable = list(COLUMNS[kind])
            unlocked = f"the data cells of {editable[0]} and {editable[1]} (not their headers)"
        params = Params(**names(ctx, table, "protected"), editable=editable, through_row=through,
                        password=ctx.rng.choice(PASSWORDS) if choose(ctx, "with_password", [False, True]) else None,
                        unlocked=unlocked)
        return params.with_files(input=workbook([(params.sheet, table.headers, table.rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = f"""
            from openpyxl.styles import Protection
            last = ws.max_row
            for name in {lit(params.editable)}:
                col = header.index(name) + 1
                for r in range(2, last + 1):
                    ws.cell(r, col).protection = Protection(locked=False)
            for r in range(last + 1, ({lit(params.through_row)} or last) + 1):
                for c in range(1, len(header) + 1):
                    ws.cell(r, c).protection = Protection(locked=False)
            ws.protection.sheet = True
            if {lit(params.password)}:
                ws.protection.password = {lit(params.password)}
            print("unlocked", {lit(params.editable)}, "rows below down to", {lit(params.through_row)}, "; protected")
        """
        return three_steps(params, body, f"I unlock {params.unlocked}, then protect the sheet"
                           f"{' with the password' if params.password else ''}.", f"Protect {params.sheet}")
