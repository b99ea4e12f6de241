"""Quarantine the bad records of a CSV export before an import: the records that break stated rules
(required fields, ranges, formats, allowed values, or all of them) moved out to a rejects file, as
they were or with the columns each breaks; the good ones kept, in place or as a new file."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.data import write_csv
from workflows._inplace import SAVE, edit_paths
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

_BIND = {name: name for name in RULE_FIELDS}
_REJECTS = ("{{ rejects }}{% if with_problems %}, each with one more column at the end, Problems, naming the columns it "
            "breaks in the file's column order, joined by \"; \"{% else %}, whole and as they were{% endif %}")


class Options(SkillParams):
    rules: RuleSet | None = None
    with_problems: bool | None = None
    in_place: bool | None = None


class Params(RuleParams):
    input: str
    output: str
    in_place: bool
    rejects: str
    with_problems: bool


@register_workflow
class CsvQuarantine(PreparedWorkflow[Params]):
    states_values = ("rules_text", "ranges")
    spec = WorkflowSpec(
        name="data.csv_quarantine", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Move every record of {{ input }} that breaks one of these rules into " + _REJECTS + ". The rules: "
            + RULES_SAID + " The records that break no rule stay, in their order. " + SAVE["formal"],
            "The import keeps choking on {{ input }}. Could you pull the bad records out into " + _REJECTS + "? "
            "Bad means: " + RULES_SAID + " Keep the good ones in order. " + SAVE["chatty"],
            "{{ input }}: records breaking any rule -> " + _REJECTS + "; rules: " + RULES_SAID + " Good records stay, "
            "in order. " + SAVE["terse"],
        ],
        criteria=["Exactly the records breaking a stated rule are moved out.", "The good records stay whole, in order."],
        files=[FileSlot(param="input", type="csv", role="input", description="A form or tool export"),
               FileSlot(param="output", type="csv", description="The records that pass"),
               FileSlot(param="rejects", type="csv", description="The records that break a rule")],
        checks=[CheckTemplate(func="table.rows_passing", bind=_BIND, paths={"file": "output"}),
                CheckTemplate(func="table.rows_failing", bind={**_BIND, "with_problems": "with_problems"},
                              paths={"file": "rejects"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = ctx.rng.choice(sorted(SCENARIOS))
        rule_set: RuleSet = opts.rules or ctx.rng.choice(RULE_SETS)
        with_problems = opts.with_problems if opts.with_problems is not None else ctx.rng.random() < 0.5
        rules = rules_for(kind, rule_set)
        table = make_export(ctx.rng, ctx.faker, kind, rules)
        stem = ctx.rng.choice(SCENARIOS[kind].stems)
        paths = edit_paths(ctx, stem, "csv", "clean", ["", "imports/", "inbox/"])
        rejects = paths["input"].replace(f"{stem}.csv", f"{stem}_{ctx.rng.choice(['rejects', 'rejected', 'bad_rows'])}.csv")
        params = Params(**paths, rejects=rejects, with_problems=with_problems, rules_text=rules_text(rules), **rules)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = BROKEN_SCRIPT.format(rules=lit(params.rules()), input=lit(params.input)) + f"""
extra = ["Problems"] if {params.with_problems} else []
bad = [row + (["; ".join(c for c, _ in found)] if extra else []) for _, row, found in checked if found]
good = [row for _, row, found in checked if not found]
with open({lit(params.rejects)}, "w", newline="", encoding="utf-8") as f:
    csv.writer(f).writerows([header + extra, *bad])
with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
    csv.writer(f).writerows([header, *good])
kept = list(csv.reader(open({lit(params.output)}, newline="", encoding="utf-8")))
assert len(kept) - 1 + len(bad) == len(rows)
print(len(good), "records kept,", len(bad), "moved to", {lit(params.rejects)})
"""
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:800])",
                                    f"First I look at the columns and a few records of {params.input}.",
                                    f"Show {params.input}"),
                        script_step(script, "I test every cell the rules name, move the records with a problem to "
                                    f"{params.rejects} and keep the rest.", "Quarantine the bad records"))
