"""Insert all the pages of one PDF (a signed form, an appendix) into another: at the start, after
a given page, or at the end."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._inplace import SAVE, edit_paths
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

Where = Literal["start", "after", "end"]
WHERE = ("{% if at_start %}at the very beginning, before the first page{% elif after_page is none %}at the end"
         "{% else %}right after page {{ after_page }}{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    insert: str
    after_page: int | None
    at_start: bool


class Options(SkillParams):
    where: Where | None = None
    in_place: bool | None = None


@register_workflow
class InsertPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.insert_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            f"Insert all the pages of {{{{ insert }}}} into {{{{ input }}}} {WHERE}, in their order. " + SAVE["formal"],
            f"Could you put {{{{ insert }}}} into {{{{ input }}}} {WHERE}? The whole thing, same page order. "
            + SAVE["chatty"],
            f"{{{{ input }}}} + {{{{ insert }}}} inserted {WHERE}. " + SAVE["terse"],
        ],
        criteria=["The inserted pages sit where asked, in order; every other page keeps its place."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A multi-page report"),
               FileSlot(param="insert", type="pdf", role="input", description="The pages to insert"),
               FileSlot(param="output", type="pdf", description="The combined PDF")],
        checks=[CheckTemplate(func="pdf.pages_spliced", paths={"input_file": "input", "insert_file": "insert"},
                              bind={"after_page": "after_page", "at_start": "at_start"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        where = getattr(ctx.options, "where", None) or ctx.rng.choice(["start", "after", "end"])
        doc, pages, data = report_pdf(ctx)
        extra = make_pdf(ctx.rng, ctx.faker)
        after = ctx.rng.randint(1, len(pages) - 1) if where == "after" else None
        base = edit_paths(ctx, doc.file_stem, "pdf", "with_" + extra.kind, ["", "reports/"])
        params = Params(**base, insert=f"{extra.file_stem}.pdf", after_page=after,
                        at_start=where == "start")
        return params.with_files(input=data, insert=write_pdf(extra))

    def reference(self, params: Params) -> ReferenceSolution:
        at = "0" if params.at_start else "len(host.pages)" if params.after_page is None else str(params.after_page)
        script = f"""
            from pypdf import PdfReader, PdfWriter
            host, extra = PdfReader({lit(params.input)}), PdfReader({lit(params.insert)})
            at = {at}
            writer = PdfWriter()
            for page in [*host.pages[:at], *extra.pages, *host.pages[at:]]:
                writer.add_page(page)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(len(host.pages), "+", len(extra.pages), "pages, inserted at", at)
        """
        return solution(look_step(params.input, f"I list {params.input}'s pages to find the insertion point."),
                        script_step(script, f"I write a new PDF: the pages up to the point, all of {params.insert}, "
                                    "then the rest.", f"Insert {params.insert}"),
                        look_step(params.output, "I list the pages of the result to confirm."))
