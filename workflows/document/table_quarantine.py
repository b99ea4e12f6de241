"""Take the bad records out of a Word report's records table before it is acted on (badges printed
from the sign-up list, payroll run from the week's timesheets): the records that break stated
rules (required fields, ranges, formats, allowed values, or all of them) moved into a follow-up
document of their own as a table, as they were or with the columns each breaks; the good ones
stay in the report's table, in place or in a new file. The records and rules are the CSV
validation family's (`workflows.data._validation`), printed as Word tables."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._validation import RULE_FIELDS, RULE_SETS, RULES_SAID, RuleSet, rules_text
from workflows.data.csv_quarantine import Options, Params  # the same rules and choices, in a Word table
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.document._table_doc import write_rows_code
from workflows.document.table_validate import checked_script, records_document
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

_BIND = {name: name for name in RULE_FIELDS}
_REJECTS = ("a table in a new Word document {{ rejects }}{% if with_problems %}, each record with one more column at "
            "the end, Problems, naming the columns it breaks in the table's column order, joined by \"; \"{% else %}, "
            "whole and as they were, under the same header{% endif %}")


@register_workflow
class TableQuarantine(PreparedWorkflow[Params]):
    states_values = ("rules_text", "ranges")
    spec = WorkflowSpec(
        name="document.table_quarantine", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Move every record in the table of {{ input }} that breaks one of these rules into " + _REJECTS + ". The "
            "rules: " + RULES_SAID + " The records that break no rule stay in the table, in their order; the rest of "
            "the report stays as it is. " + SAVE["formal"],
            "We can't act on {{ input }} until the bad records are out of its table. Could you pull them into "
            + _REJECTS + "? Bad means: " + RULES_SAID + " Keep the good ones in order. " + SAVE["chatty"],
            "{{ input }}, table: records breaking any rule -> " + _REJECTS + "; rules: " + RULES_SAID + " Good "
            "records stay, in order. " + SAVE["terse"],
        ],
        criteria=["Exactly the records breaking a stated rule are moved out.",
                  "The good records stay whole, in order."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report holding a records table"),
               FileSlot(param="output", type="docx", description="The report keeping the records that pass"),
               FileSlot(param="rejects", type="docx", description="The records that break a rule")],
        checks=[CheckTemplate(func="table.rows_passing", bind=_BIND, paths={"file": "output", "input_file": "input"}),
                CheckTemplate(func="table.rows_failing", bind={**_BIND, "with_problems": "with_problems"},
                              paths={"file": "rejects", "input_file": "input"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rule_set: RuleSet = opts.rules or ctx.rng.choice(RULE_SETS)
        with_problems = opts.with_problems if opts.with_problems is not None else ctx.rng.random() < 0.5
        data, stem, rules, _ = records_document(ctx, rule_set)
        paths = doc_paths(ctx, stem, "checked")
        rejects = paths["input"].replace(f"{stem}.docx", f"{stem}_"
                                         f"{ctx.rng.choice(['follow_up', 'rejected', 'to_check'])}.docx")
        params = Params(**paths, rejects=rejects, with_problems=with_problems, rules_text=rules_text(rules), **rules)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = checked_script(params, params.input) + f"""
extra = ["Problems"] if {params.with_problems} else []
out = [header + extra,
       *[row + (["; ".join(c for c, _ in found)] if extra else []) for _, row, found in checked if found]]
""" + write_rows_code(params.rejects, "docx") + f"""
document = docx.Document({lit(params.input)})
grid = document.tables[0]
for line, (_, _, found) in zip(list(grid.rows)[1:], checked):
    if found:
        grid._tbl.remove(line._tr)
{save_code(params.output)}
print(len(rows) - len(out) + 1, "records kept,", len(out) - 1, "moved to", {lit(params.rejects)})
"""
        return solution(outline_step(params.input, f"I look over {params.input} to find its records table."),
                        script_step(script, "I test every cell the rules name, copy the records with a problem into "
                                    f"{params.rejects} and delete them from the report's table.",
                                    "Move the bad records out"))
