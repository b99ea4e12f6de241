"""Convert a CSV table into a JSON array of records keyed by the header."""

from __future__ import annotations


from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    input: str
    output: str
    subject: str


@register_workflow
class CsvToJson(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_to_json", apps=["data"], params=Params,
        phrasings=[
            "Convert {{ input }} ({{ subject }}) to JSON: write {{ output }} as an array with one object per row, "
            "keys taken from the header in column order. Numbers must be JSON numbers, dates stay as "
            "YYYY-MM-DD text and empty cells become null.",
            "The web team wants the {{ subject }} from {{ input }} as JSON. Please create {{ output }}: a list of "
            "objects, one per CSV row, using the column names as keys (same order), numbers as numbers, dates "
            "as ISO strings.",
            "{{ input }} -> {{ output }}: JSON array of row objects (header keys, in order; numeric values as "
            "numbers; ISO dates; null for blanks).",
        ],
        criteria=["One JSON object per CSV row, in order, keyed by the header.",
                  "Numbers are JSON numbers, dates ISO text, blanks null."],
        files=[FileSlot(param="input", type="csv", role="input", description="{{ subject | capitalize }}"),
               FileSlot(param="output", type="json", description="The records as JSON")],
        checks=[CheckTemplate(func="json.records_from_table")],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        table = make_table(ctx.rng, ctx.faker)
        stem = ctx.rng.choice(table.file_stems)
        params = Params(input=f"data/{stem}.csv", output=f"data/{stem}.json", subject=table.subject)
        return params.with_files(input=write_csv(table))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, json, re

            def typed(text):
                if text == "":
                    return None
                if re.fullmatch(r"-?\\d+", text):
                    return int(text)
                if re.fullmatch(r"-?\\d+\\.\\d+", text):
                    return float(text)
                return text

            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                rows = list(csv.reader(f))
            header, body = rows[0], rows[1:]
            records = [{{h: typed(v) for h, v in zip(header, row)}} for row in body]
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                json.dump(records, out, indent=2, ensure_ascii=False)
            print(len(records), "records;", records[0])
        """
        return solution(script_step(script, f"I'll read {params.input} with the csv module, turn each row into an "
                                    "object keyed by the header (numbers parsed, blanks as null, dates left as "
                                    f"text) and write {params.output}.", f"Convert {params.input} to {params.output}"))
