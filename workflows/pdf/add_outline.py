"""Add bookmarks (an outline) to a report PDF: one per section, opening the page its heading is
on; flat, numbered ('1. Summary') or under one top bookmark named after the report. In place or as a new PDF. Someone
making a long report easy to navigate before it is shared."""

from __future__ import annotations

from forge.checks.pdf_structure import OutlineLayout
from forge.models import ReferenceSolution
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

_WHICH = "one for each of its sections ({{ headings | join(', ') }}, each starting with its heading)"
_HOW = ("{% if layout == 'flat' %}each titled exactly as its heading, all at the top level"
        "{% elif layout == 'numbered' %}"
        "each titled with its section's number and heading, like \"1. {{ headings[0] }}\", numbered from 1 in page "
        "order{% else %}each titled as its heading and placed under one top-level bookmark \"{{ root_title }}\" "
        "that opens page 1{% endif %}")


class Options(SkillParams):
    layout: OutlineLayout | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    layout: OutlineLayout
    headings: list[str]
    root_title: str | None


@register_workflow
class AddOutline(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.add_outline", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Add bookmarks to {{ input }}: " + _WHICH + ", " + _HOW + ". Each bookmark must open the page its "
            "section starts on. Add no other bookmarks and leave the pages as they are. " + SAVE["formal"],
            "People keep getting lost in {{ input }}. Could you give it a bookmark panel? I'd like " + _WHICH + ", "
            + _HOW + ", and clicking one should jump to the page where that section begins. " + SAVE["chatty"],
            "I want to jump straight to any section of {{ input }} from the viewer's sidebar: bookmarks, " + _WHICH
            + ", " + _HOW + ", each landing on its section's first page. " + SAVE["terse"],
        ],
        criteria=["There is one bookmark per section, titled and nested as asked, in page order.",
                  "Each bookmark opens the page its section starts on; the pages themselves are unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The PDF with its bookmarks")],
        checks=[CheckTemplate(func="pdf.outline_added", bind={"headings": "headings", "layout": "layout",
                                                              "root_title": "root_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        layout: OutlineLayout = opts.layout or ctx.rng.choice(["flat", "numbered", "nested"])
        doc, _, data = report_pdf(ctx, min_pages=3)
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", "bookmarked", ["", "reports/", "to_share/"]),
                        layout=layout, headings=list(doc.headings),
                        root_title=doc.title if layout == "nested" else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        find = f"""
            from pypdf import PdfReader
            reader = PdfReader({lit(params.input)})
            for n, page in enumerate(reader.pages, start=1):
                lines = [" ".join(l.split()) for l in (page.extract_text() or "").splitlines() if l.strip()]
                print(n, lines[:4])
        """
        title = "f'{k}. {heading}'" if params.layout == "numbered" else "heading"
        script = f"""
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            texts = [[" ".join(l.split()).lower() for l in (p.extract_text() or "").splitlines()] for p in reader.pages]
            writer = PdfWriter(clone_from=reader)
            parent = writer.add_outline_item(title={lit(params.root_title)}, page_number=0) if {params.layout == "nested"} else None
            at = 0
            for k, heading in enumerate({lit(params.headings)}, start=1):
                at = next(i for i in range(at, len(texts)) if heading.lower() in texts[i])
                writer.add_outline_item(title={title}, page_number=at, parent=parent)
                print(k, heading, "-> page", at + 1)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
        """
        check = f"""
            from pypdf import PdfReader
            reader = PdfReader({lit(params.output)})
            def show(items, depth=0):
                for item in items:
                    if isinstance(item, list):
                        show(item, depth + 1)
                    else:
                        print("  " * depth, item.title, "-> page", reader.get_destination_page_number(item) + 1)
            show(reader.outline)
        """
        return solution(script_step(find, f"First I print the first lines of each page of {params.input} to see "
                                    "which page each section heading is on.", f"List the headings of {params.input}"),
                        script_step(script, "I add one bookmark per heading with pypdf, pointing at the page that "
                                    "heading is on, and write the PDF.", f"Write {params.output}"),
                        script_step(check, f"Then I read back {params.output}'s bookmarks to check titles and pages.",
                                    f"List the bookmarks of {params.output}"),
                        *([look_step(params.output, "And its pages, to see none was lost.")]
                          if not params.in_place else []))
