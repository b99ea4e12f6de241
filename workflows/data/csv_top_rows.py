"""Cut a CSV export down to its top (or bottom) N records by a number column, best first - the top
ten orders, the five slowest-moving items - overall or within each group (region, department),
groups in the order they first appear; a new file or in place."""

from __future__ import annotations

from typing import Any

from forge.models import ReferenceSolution
from preparers.data import GROUP_KEYS, make_records, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

WHICH = "{% if smallest %}smallest{% else %}largest{% endif %}"
_PER = ("{% if group_column %} within each {{ group_column }} (the groups in the order they first appear in the "
        "file){% endif %}")
_SAVE = "{% if in_place %}save {{ output }} in place{% else %}write them to {{ output }}{% endif %}"


class Options(SkillParams):
    smallest: bool | None = None
    per_group: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    into: str
    column: str
    count: int
    smallest: bool
    group_column: str | None
    in_place: bool


def _distinct(rows: list[list[Any]], c: int, g: int | None) -> bool:
    """Whether the column's values differ within every group (or over the file)."""
    seen: dict[Any, set[Any]] = {}
    for row in rows:
        values = seen.setdefault(str(row[g]).strip().casefold() if g is not None else None, set())
        if row[c] in values:
            return False
        values.add(row[c])
    return True


@register_workflow
class CsvTopRows(PreparedWorkflow[Params]):
    states_values = ("count",)
    spec = WorkflowSpec(
        name="data.csv_top_rows", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            f"Keep only the {{{{ count }}}} rows of {{{{ input }}}} with the {WHICH} {{{{ column }}}}" + _PER +
            f", each row whole, ordered from the {WHICH} down, under the same header; " + _SAVE + ".",
            f"For the summary I only want the {{{{ count }}}} {WHICH} {{{{ column }}}} figures" + _PER + " from "
            f"{{{{ input }}}}, {WHICH} first, full rows and the header. Could you " + _SAVE + "?",
            f"{{{{ input }}}} -> {{{{ output }}}}{{% if in_place %}} (in place){{% endif %}}: {{% if smallest %}}bottom{{% else %}}top{{% endif %}} {{{{ count }}}} by "
            f"{{{{ column }}}} ({WHICH} first)" + "{% if group_column %} per {{ group_column }}, groups in first-"
            "appearance order{% endif %}; whole rows, header kept.",
        ],
        criteria=["Exactly the N rows with the largest (smallest) values remain (per group when asked), best first.",
                  "Rows are whole; the header is unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The selected rows")],
        checks=[CheckTemplate(func="table.top_rows", bind={"into": "into", "column": "column", "count": "count",
                                                            "smallest": "smallest", "group_column": "group_column"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        smallest, per_group, in_place = (either(ctx, o) for o in (opts.smallest, opts.per_group, opts.in_place))
        while True:  # no tie decides a row in or out, or the order of the rows kept
            table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(40, 120))
            column = ctx.rng.choice(table.numeric)
            group = ctx.rng.choice(GROUP_KEYS[table.kind]) if per_group else None
            if _distinct(table.rows, table.headers.index(column),
                         table.headers.index(group) if group else None):
                break
        stem, folder = ctx.rng.choice(table.file_stems), ctx.rng.choice(["", "exports/", "reports/"])
        out_stem = stem if in_place else f"{stem}_{'bottom' if smallest else 'top'}"
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{out_stem}.csv", into=out_stem, column=column,
                        count=ctx.rng.choice([3, 5] if per_group else [5, 10]), smallest=smallest,
                        group_column=group, in_place=in_place)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            c = header.index({lit(params.column)})
            g = header.index({lit(params.group_column)}) if {lit(params.group_column)} else None
            groups = {{}}
            for row in rows:
                groups.setdefault(row[g].strip().casefold() if g is not None else None, []).append(row)
            kept = []
            for members in groups.values():
                kept += sorted(members, key=lambda r: float(r[c]), reverse={not params.smallest})[:{params.count}]
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *kept])
            print(len(rows), "rows ->", len(kept))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:400])",
                                    f"First I look at {params.input}'s columns.", f"Show {params.input}"),
                        script_step(script, f"I rank the rows by {params.column} and keep the first {params.count}"
                                    f"{' per ' + params.group_column if params.group_column else ''}.",
                                    f"Keep the top {params.count}"))
