"""Search a report PDF for a word and write down where it occurs: every page mentioning it, how
many times it appears, or the first page that mentions it."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf, split_term
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Report = Literal["pages", "count", "first"]
ASK = ('{% if report == "pages" %}the numbers of all the pages that mention "{{ term }}" (one per line)'
       '{% elif report == "count" %}how many times "{{ term }}" appears in the whole document (just the number)'
       '{% else %}the number of the first page that mentions "{{ term }}" (just the number){% endif %}')
ANSWER = {
    "pages": "print(*[n for n, h in enumerate(hits, start=1) if h], sep='\\n', file=out)",
    "count": "print(sum(hits), file=out)",
    "first": "print(next(n for n, h in enumerate(hits, start=1) if h), file=out)",
}


class Params(Prepared):
    input: str
    output: str
    term: str
    report: Report


class Options(SkillParams):
    report: Report | None = None


@register_workflow
class FindTerm(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.find_term", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            f"Search {{{{ input }}}} for the word \"{{{{ term }}}}\" (whole word, any case) and write {ASK} to "
            "{{ output }}. Nothing else in the file.",
            f"Before the review I need to know where \"{{{{ term }}}}\" comes up in {{{{ input }}}}. Could you put "
            f"{ASK} into {{{{ output }}}}? Whole-word matches, case doesn't matter.",
            f"{{{{ input }}}}: \"{{{{ term }}}}\" (whole word, case-insensitive) -> {{{{ output }}}}: {ASK}.",
        ],
        criteria=["The file holds exactly the answer asked for, counted over whole-word, case-insensitive matches."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="txt", description="The answer")],
        checks=[CheckTemplate(func="pdf.term_reported", bind={"term": "term", "report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        report = getattr(ctx.options, "report", None) or ctx.rng.choice(["pages", "count", "first"])
        doc, pages, data = report_pdf(ctx)
        term = split_term(ctx, pages)
        name = {"pages": "pages", "count": "count", "first": "first_page"}[report]
        params = Params(input=f"{doc.file_stem}.pdf", output=f"{term}_{name}.txt", term=term, report=report)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader
            reader = PdfReader({lit(params.input)})
            word = re.compile(r"(?<!\\w)" + re.escape({lit(params.term)}) + r"(?!\\w)", re.IGNORECASE)
            hits = [len(word.findall(" ".join((p.extract_text() or "").split()))) for p in reader.pages]
            print("hits per page:", hits)
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                {ANSWER[params.report]}
        """
        return solution(look_step(params.input, f"I list the pages of {params.input} first."),
                        script_step(script, f"I count whole-word, case-insensitive matches of {params.term!r} on each "
                                    "page with pypdf and write the answer.", f"Find {params.term}"),
                        script_step(f"print(open({lit(params.output)}).read())", "I read the answer back.",
                                    f"Check {params.output}"))
