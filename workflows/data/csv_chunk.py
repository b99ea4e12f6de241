"""Cut a CSV export into three consecutive parts for a tool's import limit or to share the work: a
contact list the mailing tool takes at most N rows of at a time, an orders or stock export split
in three even batches for three people to check; every part with the header; the rows first put
in order of a column, or left in the file's order; an export padded with empty lines (rows of bare
commas) cleaned of them, or not."""

from __future__ import annotations

from typing import Any

from forge.models import ReferenceSolution
from preparers.data import Table, make_contacts, make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SLOTS = ("first", "second", "third")
# kind -> (what the rows are, the column they may be ordered by, the files' stem)
KINDS = {"contacts": ("contacts", "Name", "contacts"), "sales": ("orders", "Customer", "orders"),
         "inventory": ("stock lines", "Item", "stock"), "employees": ("staff records", "Name", "staff")}

_CUT = ("{% if size %}parts of at most {{ size }} rows each, in order: the first {{ size }} rows to {{ first }}, "
        "the next {{ size }} to {{ second }} and the rest to {{ third }}{% else %}three parts as even as possible, "
        "in order ({{ first }}, {{ second }}, {{ third }}; where they cannot be equal, the first parts get one "
        "row more){% endif %}")
_RULES = ("{% if sort_by %} Put the rows in order of {{ sort_by }} (A to Z) before cutting; rows with the same "
          "{{ sort_by }} keep their order.{% else %} Keep the rows in the order they have.{% endif %}"
          "{% if blank %} The export has empty lines (just commas) scattered in it: leave those out.{% endif %}")


class Options(SkillParams):
    by_size: bool | None = None
    sort: bool | None = None
    blank: bool | None = None


class Params(Prepared):
    input: str
    first: str
    second: str
    third: str
    what: str
    size: int | None
    sort_by: str | None
    blank: bool


def _rows(ctx: WorkflowContext, kind: str, count: int) -> tuple[list[Any], list[list[Any]]]:
    if kind == "contacts":
        table = make_contacts(ctx.rng, ctx.faker)
    else:
        table = make_table(ctx.rng, ctx.faker, kind=kind, rows=count)
    return list(table.headers), [list(r) for r in table.rows]


@register_workflow
class CsvChunk(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_chunk", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Split the {{ what }} in {{ input }} into " + _CUT + ". Every part starts with the header row and "
            "keeps the rows whole." + _RULES,
            "{% if size %}The import only takes {{ size }} rows at a time{% else %}Three of us will check these "
            "{{ what }}{% endif %}, so could you cut {{ input }} into " + _CUT + "? Same header on top of each; "
            "don't change any row." + _RULES,
            "{{ input }} -> " + _CUT + "; header in every part." + _RULES,
        ],
        criteria=["Every row is in exactly one part, whole, in order; every part has the header.",
                  "The parts are cut where the rule puts the boundaries, after any ordering and cleaning."],
        files=[FileSlot(param="input", type="csv", role="input", description="The export to cut"),
               *(FileSlot(param=s, type="csv", description="One part") for s in SLOTS)],
        checks=[CheckTemplate(func="table.chunk_part", paths={"file": s, "input_file": "input"},
                              bind={"size": "size", "sort_by": "sort_by", "skip_blank": "blank"}, fixed={"part": n})
                for n, s in enumerate(SLOTS, start=1)],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by_size, sort, blank = (either(ctx, o) for o in (opts.by_size, opts.sort, opts.blank))
        kind = ctx.rng.choice(sorted(KINDS))
        what, column, stem = KINDS[kind]
        size = ctx.rng.choice([10, 12, 15, 20]) if by_size else None
        header, rows = _rows(ctx, kind, (2 * size + ctx.rng.randint(1, size)) if size else ctx.rng.randint(20, 45))
        if size:
            rows = rows[:min(len(rows), 3 * size)] if len(rows) > 2 * size else rows
            size = min(size, max(2, (len(rows) - 1) // 2))  # three parts, the last one not empty
        if sort:
            col = header.index(column)
            while sorted(rows, key=lambda r: str(r[col]).casefold()) == rows:
                ctx.rng.shuffle(rows)
        if blank:
            for _ in range(ctx.rng.randint(2, 4)):
                rows.insert(ctx.rng.randrange(1, len(rows)), [None] * len(header))
        folder = ctx.rng.choice(["", "exports/", "import/"])
        naming = ctx.rng.choice(["{stem}_part{n}.csv", "{stem}_batch_{n}.csv", "{stem}-{n}-of-3.csv"])
        params = Params(input=f"{folder}{stem}.csv", **{s: folder + naming.format(stem=stem, n=n)
                                                        for n, s in enumerate(SLOTS, start=1)},
                        what=what, size=size, sort_by=column if sort else None, blank=blank)
        return params.with_files(input=write_csv(Table(kind=kind, title=stem, headers=header, rows=rows)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = [r for r in csv.reader(f) if r]
            if {params.blank}:
                rows = [r for r in rows if any(v.strip() for v in r)]  # the empty lines (bare commas)
            if {lit(params.sort_by)}:
                col = header.index({lit(params.sort_by)})
                rows.sort(key=lambda r: r[col].casefold())  # stable: ties keep their order
            size = {lit(params.size)}
            if size:
                bounds = [(0, size), (size, 2 * size), (2 * size, len(rows))]
            else:
                base, extra = divmod(len(rows), 3)
                sizes = [base + (1 if n < extra else 0) for n in range(3)]
                bounds = [(sum(sizes[:n]), sum(sizes[:n + 1])) for n in range(3)]
            for path, (start, end) in zip({lit([params.first, params.second, params.third])}, bounds):
                with open(path, "w", newline="", encoding="utf-8") as f:
                    csv.writer(f).writerows([header, *rows[start:end]])
                print(path, "rows", start + 1, "to", end)
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at {params.input}'s header and rows.", f"Show {params.input}"),
                        script_step(script, "I cut the rows into three parts with the csv module, the header on "
                                    "top of each.", "Cut the export"))
