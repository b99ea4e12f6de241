"""Remove duplicate records from a CSV contact export: exact repeats, or repeats of a key column
(keeping the first or the latest), where messy exports spell the key in another case or with spaces."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import make_contacts, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    by: Literal["row", "key"] | None = None
    keep: Literal["first", "last"] | None = None
    messy: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    by: Literal["row", "key"]
    key: list[str]
    key_name: str
    keep: Literal["first", "last"]
    messy: bool
    in_place: bool = False


@register_workflow
class CsvDedupe(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_dedupe", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} has duplicates in it. {% if by == 'row' %}Some rows appear twice, word for word: keep one "
            "copy of each{% else %}The same contact shows up more than once with the same {{ key_name }}: keep only "
            "the {% if keep == 'first' %}first{% else %}last (most recent){% endif %} row for each {{ key_name }}"
            "{% endif %}.{% if messy %} The {{ key_name }} is not always typed the same way (capitals, stray spaces), "
            "those still count as the same.{% endif %} Keep the header and the original row order, and save the "
            "cleaned list {% if in_place %}back into {{ output }} itself{% else %}as {{ output }}{% endif %}.",
            "Before the mailing goes out, could you dedupe {{ input }}? {% if by == 'row' %}Drop the rows that are "
            "exact copies of an earlier row{% else %}One row per {{ key_name }}, the {% if keep == 'first' %}earliest"
            "{% else %}latest{% endif %} one in the file wins{% endif %}.{% if messy %} Watch out, the {{ key_name }} "
            "column has mixed case and extra spaces in places.{% endif %} Rows otherwise untouched and in order -> "
            "{% if in_place %}{{ output }} (overwrite it){% else %}{{ output }}{% endif %}.",
            "Dedupe {{ input }} {% if by == 'row' %}on whole rows{% else %}on {{ key_name }} (keep {{ keep }}"
            "{% if messy %}, case/space-insensitive{% endif %}){% endif %}; same columns, same order; write "
            "{% if in_place %}{{ output }} in place{% else %}{{ output }}{% endif %}.",
        ],
        criteria=["Each record appears once.", "Kept rows are unchanged and in their original order."],
        files=[FileSlot(param="input", type="csv", role="input", description="A contact export with duplicates"),
               FileSlot(param="output", type="csv", description="The de-duplicated contacts")],
        checks=[CheckTemplate(func="table.deduplicated", bind={"key": "key", "keep": "keep", "fold_case": "messy"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by = opts.by or ctx.rng.choice(["row", "key"])
        messy = by == "key" and (opts.messy if opts.messy is not None else ctx.rng.random() < 0.4)
        table = make_contacts(ctx.rng, ctx.faker, messy=messy)
        stem = ctx.rng.choice(table.file_stems)
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.3
        params = Params(input=f"{stem}.csv", output=f"{stem}.csv" if in_place else f"{stem}_deduped.csv", in_place=in_place, by=by, key=["Email"] if by == "key" else [],
                        key_name="Email", keep=(opts.keep or ctx.rng.choice(["first", "last"])) if by == "key"
                        else "first", messy=messy)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            header, *rows = list(csv.reader(open({lit(params.input)}, newline="", encoding="utf-8")))
            columns = [header.index(c) for c in {lit(params.key)}] or range(len(header))
            def identity(row):
                return tuple(" ".join(row[c].split()).casefold() if {params.messy!r} else row[c] for c in columns)
            kept = {{}}
            for index, row in enumerate(rows):
                if {lit(params.keep)} == "last" or identity(row) not in kept:
                    kept[identity(row)] = index
            result = [rows[i] for i in sorted(kept.values())]
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *result])
            print(len(rows) - len(result), "duplicates removed")
        """
        return solution(script_step(script, f"I read {params.input}, keep the {params.keep} row of each "
                                    f"{'identical row' if params.by == 'row' else params.key_name} and write "
                                    f"{params.output} in the original order.", f"Dedupe {params.input}"))
