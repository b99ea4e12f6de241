"""Remove duplicate rows from a sheet: exact copies, or repeated IDs where the first or the last
entry counts; duplicates may differ only in case or spacing (typed twice by different people)."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    big_table,
    book_spec,
    choose,
    names,
    rewrite,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import messy_labels

By = Literal["row", "id"]
Keep = Literal["first", "last"]
IDS = {"sales": "Order ID", "employees": "Name", "inventory": "SKU", "budget": "Cost Center"}
RULE = {
    ("row", "first"): "rows that are complete copies of an earlier row",
    ("id", "first"): "repeated {key} entries: keep the first entry of each {key} and drop the later ones",
    ("id", "last"): ("repeated {key} entries: the later entry is the corrected one, so keep the last entry of each "
                     "{key} where it stands and drop the earlier ones"),
}


class Params(FinishParams):
    key: list[str]
    keep: Keep
    fold_case: bool
    rule: str


class Options(FinishOptions):
    by: By | None = None
    keep: Keep | None = None
    messy: bool | None = None


@register_workflow
class RemoveDuplicates(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.remove_duplicates", Params, Options,
        phrasings=[
            ('The sheet "{{ sheet }}" of {{ input }} has duplicates: {{ rule }}. Remove them, keeping every other row '
             "as it is and in its order.{% if fold_case %} Treat text that differs only in upper/lower case or extra "
             "spaces as the same.{% endif %}", "formal"),
            ("We merged two exports into {{ input }} and now the {{ sheet }} tab has {{ rule }}. Could you clean "
             "those out? Don't reorder or edit the rest.{% if fold_case %} Careful, some copies were typed with "
             "different capitals or spacing.{% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": de-duplicate ({{ rule }}{% if fold_case %}; ignore case and spacing'
             "{% endif %}). Keep order.", "terse"),
        ],
        criteria=["Exactly one row per duplicate group remains, the one asked for.",
                  "Every other row is unchanged and in its original order."],
        checks=[CheckTemplate(func="table.deduplicated", bind={"table": "sheet", "key": "key", "keep": "keep",
                                                                "fold_case": "fold_case"})],
        output="The workbook without the duplicates",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        by = choose(ctx, "by", ["row", "id"])
        keep = choose(ctx, "keep", ["first", "last"]) if by == "id" else "first"
        fold = choose(ctx, "messy", [False, True])
        kind = ctx.rng.choice(sorted(IDS))
        table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
        rows = [list(r) for r in table.rows]
        numbers = [table.index(c) for c in table.numeric]
        for source in ctx.rng.sample(range(len(rows)), max(3, len(rows) // 8)):
            copy = list(table.rows[source])
            if by == "id":  # re-entered with a corrected figure
                c = ctx.rng.choice(numbers)
                copy[c] = round(copy[c] * ctx.rng.choice([0.9, 1.1, 1.25]), 2) if isinstance(copy[c], float) else copy[c] + 1
            rows.insert(ctx.rng.randrange(source + 1, len(rows) + 1), copy)
        if fold:
            text_cols = [i for i, h in enumerate(table.headers) if h not in table.numeric and isinstance(rows[0][i], str)]
            rows = messy_labels(ctx.rng, rows, ctx.rng.choice(text_cols), share=0.25)
        key = [IDS[kind]] if by == "id" else []
        params = Params(**finish_fields(ctx), **names(ctx, table, "dedup"), key=key, keep=keep, fold_case=fold,
                        rule=RULE[(by, keep)].format(key=IDS[kind]))
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        cols = f"[header.index(c) for c in {lit(params.key)}]" if params.key else "list(range(len(header)))"
        norm = "' '.join(str(v).split()).casefold() if isinstance(v, str) else v" if params.fold_case else "v"
        order = "rows" if params.keep == "first" else "list(reversed(rows))"
        body = [f"""
            cols = {cols}
            seen, kept = set(), []
            for row in {order}:
                identity = tuple(({norm}) for v in (row[c] for c in cols))
                if identity not in seen:
                    seen.add(identity)
                    kept.append(row)
            kept = kept if {params.keep == "first"} else list(reversed(kept))
            print(len(rows) - len(kept), "duplicates of", len(rows), "rows")
            rows = kept
        """, rewrite()]
        return three_steps(params, body, "I walk the rows keeping the " + params.keep + " row of each identity "
                           f"({'the ' + params.key[0] if params.key else 'the whole row'}) and write the rest back "
                           "in order.", "Remove the duplicate rows")
