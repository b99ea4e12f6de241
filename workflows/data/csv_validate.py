"""Validate a CSV export against stated rules (required fields, numbers in a range, email and date
formats, allowed values, or all of them) and write what breaks them as a CSV report: one line per
problem, one per bad record, or a count per column and rule. Exports of a sign-up form or a
timesheet tool, with the usual slips: blanks, typos, dates typed another way."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import write_csv
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._validation import (
    BROKEN_SCRIPT,
    RULE_FIELDS,
    RULE_SETS,
    RULES_SAID,
    SCENARIOS,
    RuleParams,
    RuleSet,
    make_export,
    rules_for,
    rules_text,
)
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Report = Literal["lines", "records", "counts"]
SHAPE = {
    "lines": "one line per problem with the columns Line, Column and Rule: Line the line number in {{ input }} (the "
             "header is line 1), Column the column's name, Rule the name of the rule it breaks; ordered by line, then "
             "by the column's position",
    "records": "one line per record that breaks any rule, in file order, with the columns {{ record_id }} and "
               "Problems (the columns it breaks, in the file's column order, joined by \"; \")",
    "counts": "a summary with the columns Column, Rule and Problems: one line per column and rule broken at least "
              "once, Problems the number of cells breaking it; ordered by the column's position, then by rule in "
              "the order required, range, format, allowed",
}
_SHAPE = "".join(f"{{% if report == {k!r} %}}{v}{{% endif %}}" for k, v in SHAPE.items())


class Options(SkillParams):
    rules: RuleSet | None = None
    report: Report | None = None


class Params(RuleParams):
    input: str
    output: str
    report: Report
    record_id: str | None


@register_workflow
class CsvValidate(PreparedWorkflow[Params]):
    states_values = ("rules_text", "ranges")
    spec = WorkflowSpec(
        name="data.csv_validate", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Check every record of {{ input }} against these rules - " + RULES_SAID + " Write the problems to {{ output }} "
            "as a CSV, " + _SHAPE + ".",
            "Before we import {{ input }} I'd like to know what's wrong in it. The rules are: " + RULES_SAID + " Could "
            "you put a report in {{ output }}, " + _SHAPE + "?",
            "Validate {{ input }} -> {{ output }}. Rules: " + RULES_SAID + " Report: " + _SHAPE + ".",
        ],
        criteria=["Every cell breaking a stated rule is reported, and nothing else.", "The report has the asked shape."],
        files=[FileSlot(param="input", type="csv", role="input", description="A form or tool export"),
               FileSlot(param="output", type="csv", description="The validation report")],
        checks=[CheckTemplate(func="table.validation_report", bind={
            **{name: name for name in RULE_FIELDS}, "report": "report", "record_id": "record_id"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = ctx.rng.choice(sorted(SCENARIOS))
        rule_set: RuleSet = opts.rules or ctx.rng.choice(RULE_SETS)
        report: Report = opts.report or ctx.rng.choice(list(SHAPE))  # type: ignore[assignment]
        rules = rules_for(kind, rule_set)
        table = make_export(ctx.rng, ctx.faker, kind, rules)
        stem = ctx.rng.choice(SCENARIOS[kind].stems)
        folder = ctx.rng.choice(["", "imports/", "exports/"])
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}_{'summary' if report == 'counts' else 'problems'}"
                        ".csv", report=report, record_id=table.headers[0] if report == "records" else None,
                        rules_text=rules_text(rules), **rules)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = BROKEN_SCRIPT.format(rules=lit(params.rules()), input=lit(params.input)) + f"""
report = {lit(params.report)}
if report == "lines":
    out = [["Line", "Column", "Rule"], *[[line, c, rule] for line, _, bad in checked for c, rule in bad]]
elif report == "records":
    out = [[header[0], "Problems"], *[[row[0], "; ".join(c for c, _ in bad)] for _, row, bad in checked if bad]]
else:
    counts = {{}}
    for _, _, bad in checked:
        for c, rule in bad:
            counts[(header.index(c), ORDER.index(rule))] = counts.get((header.index(c), ORDER.index(rule)), 0) + 1
    out = [["Column", "Rule", "Problems"], *[[header[c], ORDER[r], n] for (c, r), n in sorted(counts.items())]]
with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
    csv.writer(f).writerows(out)
print(len(rows), "records,", sum(1 for *_, bad in checked if bad), "with problems,", len(out) - 1, "report lines")
"""
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:800])",
                                    f"First I look at the columns and a few records of {params.input}.",
                                    f"Show {params.input}"),
                        script_step(script, "I test every cell the rules name, the empty ones only against required, "
                                    f"and write the {params.report} report to {params.output}.",
                                    f"Validate {params.input}"))
