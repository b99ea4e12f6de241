"""What changed between last month's and this month's edition of a list kept as a Word document
(the supplier's price list, the staff list), matched by the key column: a status per differing
record, the changed values with their old and new value, or both in one table - written as a CSV
to import or as a table in a new Word document; a column that changes on every edition ignored,
and (retyped lists) differences of case or spacing not counted. The snapshots are the CSV
family's (`workflows.data.csv_reconcile.make_snapshots`), printed as Word tables."""

from __future__ import annotations

import datetime as dt
import textwrap
from typing import Literal

from forge.checks.table_reconcile import COLUMNS, Report
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.data.csv_reconcile import FORM, KINDS, make_snapshots
from workflows.document._edit import outline_step
from workflows.document._table_doc import table_docx, write_rows_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Target = Literal["csv", "docx"]
_FORM = "".join(f"{{% if report == {k!r} %}}{v}{{% endif %}}" for k, v in FORM.items())
_ORDER = ("rows ordered by {{ key }}{% if report != 'status' %}, a record's fields in the tables' column order"
          "{% endif %}")
_IGNORE = "{% if ignore %} Ignore the {{ ignore[0] }} column: it changes in every edition.{% endif %}"
_LOOSE = ("{% if loose_text %} Text that differs only in upper/lower case or spacing is not a change (the lists are "
          "retyped by hand).{% endif %}")
_INTO = ("{% if target == 'csv' %}a CSV file {{ output }}{% else %}a table in a new Word document {{ output }}"
         "{% endif %}")
# per kind: the document's title, its section heading and the sentence introducing the table
TITLES = {"prices": ("Supplier price list", "Prices", "Our supplier's current prices and stock for each product."),
          "staff": ("Staff list", "Staff", "Everyone employed on the first of the month, with their role and office.")}


class Options(SkillParams):
    report: Report | None = None
    ignore_column: bool | None = None
    loose_text: bool | None = None
    target: Target | None = None


class Params(Prepared):
    old: str
    new: str
    output: str
    key: str
    report: Report
    ignore: list[str]
    loose_text: bool
    target: Target


@register_workflow
class TableChanges(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_changes", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Compare the table in {{ old }} (last month's edition) with the one in {{ new }} (this month's), matching "
            "records on {{ key }}, and write the differences to " + _INTO + ": " + _FORM + "; " + _ORDER + "."
            + _IGNORE + _LOOSE + " Leave both documents as they are.",
            "Before I send out {{ new }} I need to know what changed since {{ old }}. Could you compare the two tables "
            "by {{ key }} and put the report in " + _INTO + "? The report: " + _FORM + ", " + _ORDER + "."
            + _IGNORE + _LOOSE,
            "{{ old }} vs {{ new }}, tables matched on {{ key }} -> " + _INTO + ": " + _FORM + "; " + _ORDER + "."
            + _IGNORE + _LOOSE,
        ],
        criteria=["Every added, removed and changed record is reported, nothing else.",
                  "The report has the asked form and order; old and new values are right."],
        files=[FileSlot(param="old", type="docx", role="input", description="Last month's edition of the list"),
               FileSlot(param="new", type="docx", role="input", description="This month's edition"),
               FileSlot(param="output", type="csv", types_by={"target": {"docx": "docx"}},
                        description="The differences report")],
        checks=[CheckTemplate(func="table.differences_reported", paths={"input_file": "old", "other_file": "new"},
                              bind={"key": "key", "report": "report", "ignore": "ignore", "loose_text": "loose_text"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        report: Report = opts.report or ctx.rng.choice(list(FORM))  # type: ignore[assignment]
        volatile, loose = either(ctx, opts.ignore_column), either(ctx, opts.loose_text)
        target: Target = opts.target or ctx.rng.choice(["csv", "docx"])
        kind = ctx.rng.choice(sorted(KINDS))
        key, _, stamp, names, _ = KINDS[kind]
        header, old, new = make_snapshots(ctx.rng, ctx.faker, kind, volatile, loose)
        month = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(2, 12), 1)
        before = month - dt.timedelta(days=1)
        old_name, new_name, out_name = (n.format(before, month).removesuffix(".csv") for n in names)
        folder = ctx.rng.choice(["", "lists/", "docs/"])
        params = Params(old=f"{folder}{old_name}.docx", new=f"{folder}{new_name}.docx",
                        output=f"{folder}{out_name}.{target}", key=key, report=report,
                        ignore=[stamp] if volatile else [], loose_text=loose, target=target)
        title, heading, intro = TITLES[kind]

        def edition(rows: list[list[object]], day: dt.date, stem: str) -> bytes:
            return table_docx(ctx, title=f"{title}, {day:%B %Y}", heading=heading, intro=intro, headers=header,
                              rows=rows, stem=stem, date=day.replace(day=1), money=("Unit Price",))

        return params.with_files(old=edition(old, before, old_name), new=edition(new, month, new_name))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            key, form, ignore = {lit(params.key)}, {lit(params.report)}, {lit(params.ignore)}
            def load(path):
                grid = docx.Document(path).tables[0]
                header, *rows = [[c.text.strip() for c in r.cells] for r in grid.rows]
                return header, {{r[header.index(key)]: dict(zip(header, r)) for r in rows}}
            header, old = load({lit(params.old)})
            _, new = load({lit(params.new)})
            def norm(v):
                return " ".join(v.split()).casefold() if {params.loose_text} else v
            fields = [h for h in header if h != key and h not in ignore]
            out = [[key, *{lit(COLUMNS[params.report])}]]
            for k in sorted(old.keys() | new.keys(), key=str.casefold):
                a, b = old.get(k), new.get(k)
                if a is None or b is None:
                    if form != "changes":
                        out.append([k, "added" if a is None else "removed"] + [""] * (len(out[0]) - 2))
                    continue
                changed = [f for f in fields if norm(a[f]) != norm(b[f])]
                if form == "status":
                    out += [[k, "changed"]] if changed else []
                else:
                    out += [[k, *(["changed"] if form == "full" else []), f, a[f], b[f]] for f in changed]
            print(len(old), "old,", len(new), "new,", len(out) - 1, "report rows")
        """
        return solution(outline_step(params.old, f"I look over {params.old} to find its table."),
                        script_step(textwrap.dedent(script) + write_rows_code(params.output, params.target),
                                    f"I index both tables by {params.key}, compare every record field by field and "
                                    f"write the {params.report} report to {params.output}.",
                                    "Compare the two editions"))
