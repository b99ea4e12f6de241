"""Proofread the records table of a Word report against stated rules before it goes to the people
who act on it (the event's sign-up list before badges are printed, the week's timesheet entries
before payroll): required fields, numbers in a range, email and date formats, allowed values, or
all of them; the problems written as a CSV or as a table in a new Word document - one row per
problem, one per bad record, or a count per column and rule. The records and rules are the CSV
validation family's (`workflows.data._validation`), printed as a Word table."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from forge.models import ReferenceSolution
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
from workflows.document._edit import outline_step
from workflows.document._table_doc import table_docx, write_rows_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Report = Literal["lines", "records", "counts"]
Target = Literal["csv", "docx"]
SHAPE = {
    "lines": "one row per problem with the columns Line, Column and Rule: Line the row's number in the table of "
             "{{ input }} (the header row is 1), Column the column's name, Rule the name of the rule it breaks; "
             "ordered by Line, then by the column's position",
    "records": "one row per record that breaks any rule, in the table's order, with the columns {{ record_id }} and "
               "Problems (the columns it breaks, in the table's column order, joined by \"; \")",
    "counts": "a summary with the columns Column, Rule and Problems: one row per column and rule broken at least "
              "once, Problems the number of cells breaking it; ordered by the column's position, then by rule in "
              "the order required, range, format, allowed",
}
_SHAPE = "".join(f"{{% if report == {k!r} %}}{v}{{% endif %}}" for k, v in SHAPE.items())
_INTO = ("{% if target == 'csv' %}a CSV file {{ output }}{% else %}a table in a new Word document {{ output }}"
         "{% endif %}")
# per scenario: the document's title, its section heading and the sentence introducing the table
TITLES = {"signups": ("Event sign-ups", "Registrations", "Every registration received through the sign-up form "
                      "so far, as the form recorded it."),
          "timesheets": ("Timesheet entries", "Entries", "The week's timesheet entries, copied from the time "
                         "tracking tool for approval.")}
_CSV_READ = 'header, *rows = list(csv.reader(open({input}, newline="", encoding="utf-8")))'
_DOCX_READ = ("import docx\nheader, *rows = [[c.text.strip() for c in r.cells] for r in "
              "docx.Document({input}).tables[0].rows]")
assert _CSV_READ in BROKEN_SCRIPT, "the validator's reading line moved"


def checked_script(params: RuleParams, path: str) -> str:
    """The validator script over the first table of the Word document `path`: it leaves `header`,
    `rows` and `checked` ((row number, row, [(column, rule)]) per record) for the code after it."""
    return BROKEN_SCRIPT.format(rules=lit(params.rules()), input=lit(path)).replace(
        _CSV_READ.format(input=lit(path)), _DOCX_READ.format(input=lit(path)))


def records_document(ctx: WorkflowContext, rule_set: RuleSet) -> tuple[bytes, str, dict[str, Any], str]:
    """A sign-up list or timesheet report whose table breaks some of `rule_set`'s rules: its bytes,
    its file stem, the rules as check options and the table's ID column."""
    kind = ctx.rng.choice(sorted(SCENARIOS))
    rules = rules_for(kind, rule_set)
    table = make_export(ctx.rng, ctx.faker, kind, rules)
    title, heading, intro = TITLES[kind]
    date = dt.date(2025, 3, 1) + dt.timedelta(days=ctx.rng.randrange(120))
    stem = f"{title.lower().replace(' ', '_').replace('-', '')}_{date:%Y_%m_%d}"
    data = table_docx(ctx, title=f"{title}, {date.day} {date:%B %Y}", heading=heading, intro=intro,
                      headers=table.headers, rows=table.rows, stem=stem, date=date)
    return data, stem, rules, table.headers[0]


class Options(SkillParams):
    rules: RuleSet | None = None
    report: Report | None = None
    target: Target | None = None


class Params(RuleParams):
    input: str
    output: str
    report: Report
    record_id: str | None
    target: Target


@register_workflow
class TableValidate(PreparedWorkflow[Params]):
    states_values = ("rules_text", "ranges")
    spec = WorkflowSpec(
        name="document.table_validate", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Check every record in the table of {{ input }} against these rules - " + RULES_SAID + " Write the "
            "problems to " + _INTO + ", " + _SHAPE + ". Leave {{ input }} as it is.",
            "Before {{ input }} goes out I'd like to know what's wrong in its table. The rules are: " + RULES_SAID
            + " Could you put a report in " + _INTO + ", " + _SHAPE + "?",
            "Proofread the table of {{ input }} -> " + _INTO + ". Rules: " + RULES_SAID + " Report: " + _SHAPE + ".",
        ],
        criteria=["Every cell breaking a stated rule is reported, and nothing else.",
                  "The report has the asked shape."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report holding a records table"),
               FileSlot(param="output", type="csv", types_by={"target": {"docx": "docx"}},
                        description="The problems found")],
        checks=[CheckTemplate(func="table.validation_report", bind={
            **{name: name for name in RULE_FIELDS}, "report": "report", "record_id": "record_id"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rule_set: RuleSet = opts.rules or ctx.rng.choice(RULE_SETS)
        report: Report = opts.report or ctx.rng.choice(list(SHAPE))  # type: ignore[assignment]
        target: Target = opts.target or ctx.rng.choice(["csv", "docx"])
        data, stem, rules, record_id = records_document(ctx, rule_set)
        folder = ctx.rng.choice(["", "docs/", "review/"])
        params = Params(input=f"{folder}{stem}.docx", output=f"{folder}{stem}_"
                        f"{'summary' if report == 'counts' else 'problems'}.{target}", report=report,
                        record_id=record_id if report == "records" else None, target=target,
                        rules_text=rules_text(rules), **rules)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = checked_script(params, params.input) + f"""
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
print(len(rows), "records,", sum(1 for *_, bad in checked if bad), "with problems,", len(out) - 1, "report rows")
""" + write_rows_code(params.output, params.target)
        return solution(outline_step(params.input, f"I look over {params.input} to find its table."),
                        script_step(script, "I test every cell the rules name, the empty ones only against required, "
                                    f"and write the {params.report} report to {params.output}.",
                                    f"Proofread the table of {params.input}"))
