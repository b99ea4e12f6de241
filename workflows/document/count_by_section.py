"""Writer's word count, per section: an editor cutting a report to length asks for each level-1
section's words, characters (spaces not counted) or paragraphs in a CSV - in document order or
largest first, with a total row or not. The counts are the agent's to make."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import outline_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Measure = Literal["words", "characters", "paragraphs"]
Order = Literal["document", "largest"]
WHAT = ("{% if measure == 'words' %}the number of words in its body (a word is whatever stands between spaces)"
        "{% elif measure == 'characters' %}the number of characters in its body, spaces not counted"
        "{% else %}the number of non-empty paragraphs in its body (each list item is one){% endif %}")
RULES = ("The body is the text under a heading up to the next one; the headings, the title and anything before the "
         "first heading, and tables, are not counted.")
SHAPE = ("two columns headed \"{{ label_header }}\" and \"{{ count_header }}\", one row per section "
         "{% if order == 'largest' %}with the largest count first{% else %}in the document's order{% endif %}"
         "{% if total %}, then a last row \"Total\" with the sum{% endif %}")
COUNT = {"words": "len(p.text.split())", "characters": "sum(1 for c in p.text if not c.isspace())",
         "paragraphs": "1"}


class Params(Prepared):
    input: str
    output: str
    measure: Measure
    label_header: str
    count_header: str
    order: Order
    total: bool
    editor: str


class Options(SkillParams):
    measure: Measure | None = None
    order: Order | None = None
    total: bool | None = None


@register_workflow
class CountBySection(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.count_by_section", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"For each section of {{{{ input }}}} (each Heading 1), report {WHAT}. {RULES} Write the result to "
            f"{{{{ output }}}} as a CSV with {SHAPE}. Leave the document unchanged.",
            f"{{{{ editor }}}} wants to cut {{{{ input }}}} down and asked how long each section is. Could you make "
            f"{{{{ output }}}}: {SHAPE}? For each Heading 1 section give {WHAT}. {RULES}",
            f"{{{{ input }}}} -> {{{{ output }}}}: per Heading 1 section, {WHAT}; {SHAPE}. {RULES}",
        ],
        criteria=["Every section is listed once with the right count.", "Order, headings and total are as asked."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report"),
               FileSlot(param="output", type="csv", description="The counts per section")],
        checks=[CheckTemplate(func="document.section_counts",
                              bind={"measure": "measure", "label_header": "label_header",
                                    "count_header": "count_header", "order": "order", "total": "total"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        measure = getattr(ctx.options, "measure", None) or ctx.rng.choice(["words", "characters", "paragraphs"])
        order = getattr(ctx.options, "order", None) or ctx.rng.choice(["document", "largest"])
        total = getattr(ctx.options, "total", None)
        total = ctx.rng.random() < 0.5 if total is None else total
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        folder = ctx.rng.choice(["", "reports/", "docs/"])
        params = Params(input=f"{folder}{doc.file_stem}.docx", output=f"{folder}{doc.file_stem}_{measure}.csv",
                        measure=measure, label_header=ctx.rng.choice(["Section", "Heading", "Part"]),
                        count_header={"words": "Words", "characters": "Characters", "paragraphs": "Paragraphs"}[measure],
                        order=order, total=total, editor=ctx.faker.first_name())
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, docx
            counts = []
            for p in docx.Document({lit(params.input)}).paragraphs:
                if p.style.name == "Heading 1":
                    counts.append([" ".join(p.text.split()), 0])
                elif counts and p.text.strip() and not p.style.name.startswith(("Heading", "Title")):
                    counts[-1][1] += {COUNT[params.measure]}
            if {lit(params.order == "largest")}:
                counts.sort(key=lambda c: -c[1])
            rows = [[{lit(params.label_header)}, {lit(params.count_header)}], *counts]
            if {lit(params.total)}:
                rows.append(["Total", sum(c[1] for c in counts)])
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows(rows)
            print(rows)
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs and styles to see its sections."),
                        script_step(script, f"I count the {params.measure} of each section's body with python-docx "
                                    f"and write {params.output} with the csv module.", "Count per section"),
                        script_step(f"print(open({lit(params.output)}).read())", "I read the CSV back.",
                                    f"Check {params.output}"))
