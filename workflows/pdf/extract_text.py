"""Save the text of a report PDF (every page, a page range or one page) to a plain-text file,
page after page, for pasting into an email or a search index."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Span = Literal["all", "range", "page"]
WHICH = ("{% if first is none %}all of {{ input }}{% elif first == last %}page {{ first }} of {{ input }}"
         "{% else %}pages {{ first }} to {{ last }} of {{ input }}{% endif %}")


class Params(Prepared):
    input: str
    output: str
    first: int | None
    last: int | None


class Options(SkillParams):
    span: Span | None = None


@register_workflow
class ExtractText(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.extract_text", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            f"Extract the text of {WHICH} into a plain-text file {{{{ output }}}}, page after page in order, with "
            "nothing added.",
            f"I can't copy out of this PDF properly - could you pull the text of {WHICH} into {{{{ output }}}}? "
            "Just the text, in page order.",
            f"{WHICH} -> plain text in {{{{ output }}}} (page order, text only).",
            f"I want to search and quote {WHICH} without opening the PDF: save its text as {{{{ output }}}}.",
        ],
        criteria=["The text file holds the text of exactly the pages asked for, in page order."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="txt", description="The pages' text")],
        checks=[CheckTemplate(func="pdf.text_extracted", bind={"from_page": "first", "to_page": "last"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        span = getattr(ctx.options, "span", None) or ctx.rng.choice(["all", "range", "page"])
        doc, pages, data = report_pdf(ctx)
        n = len(pages)
        first = ctx.rng.randint(1, n - 1)
        last = first if span == "page" else ctx.rng.randint(first + 1, n)
        if span == "range" and (first, last) == (1, n):
            first = 2
        folder = ctx.rng.choice(["", "notes/", "text/"])
        suffix = {"all": "", "range": f"_p{first}-{last}", "page": f"_p{first}"}[span]
        params = Params(input=f"{doc.file_stem}.pdf", output=f"{folder}{doc.file_stem}{suffix}.txt",
                        first=None if span == "all" else first, last=None if span == "all" else last)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        folder = params.output.rsplit("/", 1)[0] if "/" in params.output else "."
        script = f"""
            import os
            from pypdf import PdfReader
            reader = PdfReader({lit(params.input)})
            first, last = {params.first or 1}, {params.last or 0} or len(reader.pages)
            texts = [reader.pages[n - 1].extract_text() for n in range(first, last + 1)]
            os.makedirs({lit(folder)}, exist_ok=True)
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                out.write("\\n\\n".join(texts) + "\\n")
            print("wrote pages", first, "to", last, sum(len(t) for t in texts), "characters")
        """
        return solution(look_step(params.input, f"I list {params.input}'s pages to see how many there are."),
                        script_step(script, "I extract each asked-for page's text with pypdf and write them in order, "
                                    "a blank line between pages.", f"Write {params.output}"),
                        script_step(f"print(open({lit(params.output)}, encoding='utf-8').read()[:400])",
                                    "I read back the start of the file.", f"Check {params.output}"))
