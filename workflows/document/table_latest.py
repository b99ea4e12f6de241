"""Cut a log table in a Word report down to one row per item by its date, as a person does before
the report goes to a steering group: each project's latest status update, each asset's last
inspection, each supplier's current agreed rate (or the earliest: the first update, the first
inspection, the rate first agreed). Several people append to the log, so rows are not in date
order and the row to keep is found by its date; in a retyped log the item's name comes in
another case or with stray spaces; the rows keep the log's order or are sorted by the item."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either, misleading_order, retyped
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.document._table_doc import table_docx
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Keep = Literal["latest", "earliest"]
PROJECTS = ["Website redesign", "Payroll migration", "Warehouse move", "Customer portal", "Data centre exit",
            "Brand refresh", "Supplier onboarding", "Mobile app", "Office fit-out", "Sales training",
            "Loyalty scheme", "Invoice automation", "Network upgrade", "Recruitment drive"]
STATUSES = ["On track", "At risk", "Delayed", "Blocked", "Complete", "Not started"]
RESULTS = ["Pass", "Pass with notes", "Fail", "Repair booked"]
# per kind: the headers (item first, date last), the document's title, heading and intro, what a row is
KINDS: dict[str, tuple[list[str], str, str, str, str]] = {
    "projects": (["Project", "Owner", "Status", "Updated On"], "Programme status log", "Status updates",
                 "Each project lead adds a row whenever the status of their project changes.", "status update"),
    "inspections": (["Asset", "Location", "Result", "Inspected On"], "Equipment inspection log", "Inspections",
                    "Every inspection carried out on site equipment, as the inspectors recorded it.", "inspection"),
    "rates": (["Supplier", "Contact", "Day Rate", "Agreed On"], "Contractor rates register", "Agreed rates",
              "Each time a day rate is renegotiated the buyer records the new rate here.", "agreed rate"),
}


class Options(SkillParams):
    keep: Keep | None = None
    messy: bool | None = None
    sort_by_key: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    key: str
    date_column: str
    keep: Keep
    what: str
    messy: bool
    sort_by_key: bool


def _items(rng: random.Random, faker: Faker, kind: str) -> list[list[Any]]:
    """One fixed part per item (its name and a second column), 7 to 12 items."""
    n = rng.randint(7, 12)
    if kind == "projects":
        return [[name, faker.name()] for name in rng.sample(PROJECTS, n)]
    if kind == "inspections":
        kinds = ["Forklift", "Boiler", "Fire door", "Lift", "Compressor", "Generator", "Scissor lift"]
        return [[f"{rng.choice(kinds)} {code}", f"Building {rng.choice('ABCDE')}"]
                for code in rng.sample(range(10, 99), n)]
    names = []
    while len(names) < n:
        name = faker.company().split(",")[0]
        names += [name] if name not in names else []
    return [[name, faker.name()] for name in names]


def _value(rng: random.Random, kind: str) -> Any:
    return {"projects": lambda: rng.choice(STATUSES), "inspections": lambda: rng.choice(RESULTS),
            "rates": lambda: rng.randrange(300, 900, 5)}[kind]()


def history(rng: random.Random, faker: Faker, kind: str, keep: Keep) -> list[list[Any]]:
    """Each item's rows with distinct dates, shuffled until some item's kept row is neither its
    first nor its last in the log."""
    start = dt.date(rng.choice([2024, 2025]), rng.randint(1, 6), 1)
    rows: list[list[Any]] = []
    for j, item in enumerate(_items(rng, faker, kind)):
        days = sorted(rng.sample(range(180), 3 if j == 0 else rng.choice([1, 2, 2, 3, 3, 4])))
        rows += [[*item, _value(rng, kind), start + dt.timedelta(days=day)] for day in days]
    return misleading_order(rng, rows, keep)


@register_workflow
class TableLatest(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_latest", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "The table in {{ input }} is a log with several rows per {{ key }}, not in date order. Cut it down to "
            "exactly one row per {{ key }}: the one with the {{ keep }} {{ date_column }}, whole and unchanged."
            "{% if messy %} Some {{ key }} names were typed in another case or with stray spaces: those are the same "
            "{{ key }}.{% endif %} {% if sort_by_key %}Sort the rows by {{ key }} (A to Z){% else %}Keep the kept "
            "rows in the order they have in the table{% endif %}; the header and the rest of the document stay as "
            "they are. " + SAVE["formal"],
            "For the steering group I only need the {{ keep }} {{ what }} per {{ key }} from the log in {{ input }} "
            "(by {{ date_column }}; people add rows in any order).{% if messy %} Careful, the {{ key }} names were "
            "typed inconsistently (capitals, spaces).{% endif %} Could you delete the other rows? "
            "{% if sort_by_key %}{{ key }}s A to Z, please{% else %}Same row order as now{% endif %}. "
            + SAVE["chatty"],
            "{{ input }}, table: one row per {{ key }}, the {{ keep }} by {{ date_column }}{% if messy %} (names "
            "differing only in case/spacing are one){% endif %}; {% if sort_by_key %}sorted by {{ key }}"
            "{% else %}table order{% endif %}; rows unchanged. " + SAVE["terse"],
        ],
        criteria=["One row per item, the one with the asked date, kept whole.", "Rows in the asked order; the "
                  "header and the rest of the document unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report holding a log table"),
               FileSlot(param="output", type="docx", description="The report with one row per item")],
        checks=[CheckTemplate(func="table.latest_per_key", bind={
            "key": "key", "date_column": "date_column", "keep": "keep", "fold_case": "messy",
            "sort_by_key": "sort_by_key"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        keep: Keep = opts.keep or ctx.rng.choice(["latest", "earliest"])  # type: ignore[assignment]
        messy, sort_by_key = either(ctx, opts.messy), either(ctx, opts.sort_by_key)
        kind = ctx.rng.choice(sorted(KINDS))
        headers, title, heading, intro, what = KINDS[kind]
        rows = history(ctx.rng, ctx.faker, kind, keep)
        if messy:
            for row in ctx.rng.sample(rows, max(3, len(rows) // 5)):
                row[0] = retyped(ctx.rng, row[0])
        date = max(r[-1] for r in rows) + dt.timedelta(days=ctx.rng.randint(1, 9))
        stem = f"{title.lower().replace(' ', '_')}_{date:%Y_%m}"
        data = table_docx(ctx, title=f"{title}, {date:%B %Y}", heading=heading, intro=intro, headers=headers,
                          rows=rows, stem=stem, date=date)
        params = Params(**doc_paths(ctx, stem, keep), key=headers[0], date_column=headers[-1], keep=keep,
                        what=what, messy=messy, sort_by_key=sort_by_key)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        fold = "' '.join(row[0].split()).casefold()" if params.messy else "row[0]"
        script = table_script(params.input, f"""
            d = header.index({lit(params.date_column)})
            best = {{}}
            for i, row in enumerate(rows):
                group = {fold}
                if group not in best or ((row[d] > rows[best[group]][d]) == {params.keep == "latest"}):
                    best[group] = i
            order = sorted(best) if {params.sort_by_key} else sorted(best, key=best.get)
            lines = list(grid.rows)[1:]
            kept = [lines[best[g]]._tr for g in order]
            for line in lines:
                grid._tbl.remove(line._tr)
            for tr in kept:
                grid._tbl.append(tr)
            print(len(rows), "rows ->", len(kept))
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find its log table."),
                        script_step(script, f"I keep, per {params.key}, the row with the {params.keep} "
                                    f"{params.date_column} (ISO dates compare as text), in the order asked, and "
                                    f"save {params.output}.", f"Keep the {params.keep} row per {params.key}"))
