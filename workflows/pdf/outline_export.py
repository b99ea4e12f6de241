"""Write out a report PDF's bookmarks (parts, and the sections under them) for an agenda or a
review sheet: as an indented text list or as a csv of level, title and page; every level or the
parts only; with the page each bookmark opens or titles alone."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._outline import with_parts
from workflows.pdf._pages import report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Format = Literal["indented", "csv"]
_SCOPE = "{% if top_only %}only the top-level bookmarks (the parts){% else %}every bookmark, the parts and the " \
         "sections under them{% endif %}"
_FORMAT = ("{% if format == 'csv' %}a CSV file with the header level,title{% if pages %},page{% endif %} and one row "
           "per bookmark (level 1 for the top level){% else %}a text file with one line per bookmark, indented by two "
           "spaces per level below the top{% if pages %}, each title followed by \" (page N)\"{% endif %}{% endif %}")
_PAGES = "{% if pages %}the page each bookmark opens{% else %}titles only, no page numbers{% endif %}"


class Options(SkillParams):
    format: Format | None = None
    top_only: bool | None = None
    pages: bool | None = None


class Params(Prepared):
    input: str
    output: str
    format: Format
    top_only: bool
    pages: bool


@register_workflow
class OutlineExport(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.outline_export", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Write the bookmarks of {{ input }} out to " + _FORMAT + ": " + _SCOPE + ", in the PDF's order, titles "
            "exactly as the bookmarks have them, " + _PAGES + ". Save it as {{ output }}.",
            "I'm putting together the review agenda from {{ input }}. Could you list its bookmarks for me in "
            "{{ output }}? I'd like " + _SCOPE + ", in order, as " + _FORMAT + " (" + _PAGES + ").",
            "{{ input }} bookmarks -> {{ output }}: " + _FORMAT + "; " + _SCOPE + "; " + _PAGES + ".",
        ],
        criteria=["One line or row per bookmark asked for, in the outline's order, at its level.",
                  "Titles as the bookmarks have them, with their pages when asked; nothing else."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report with parts and sections "
                        "bookmarked"),
               FileSlot(param="output", type="txt", description="The bookmarks, written out",
                        types_by={"format": {"indented": "txt", "csv": "csv"}})],
        checks=[CheckTemplate(func="pdf.outline_exported", bind={"format": "format", "top_only": "top_only",
                                                                  "pages": "pages"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fmt: Format = opts.format or ctx.rng.choice(["indented", "csv"])
        doc, _, data = report_pdf(ctx)
        ext = "csv" if fmt == "csv" else "txt"
        params = Params(input=f"{ctx.rng.choice(['', 'reports/'])}{doc.file_stem}.pdf",
                        output=f"{doc.file_stem}_bookmarks.{ext}", format=fmt,
                        top_only=opts.top_only if opts.top_only is not None else ctx.rng.random() < 0.4,
                        pages=opts.pages if opts.pages is not None else ctx.rng.random() < 0.6)
        return params.with_files(input=with_parts(ctx, data, doc.headings))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            from pypdf import PdfReader
            reader = PdfReader({lit(params.input)})
            entries = []
            def walk(items, depth):
                for item in items:
                    if isinstance(item, list):
                        walk(item, depth + 1)
                    elif depth == 0 or not {lit(params.top_only)}:
                        entries.append((depth, item.title, reader.get_destination_page_number(item) + 1))
            walk(reader.outline, 0)
            pages = {lit(params.pages)}
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                if {lit(params.format)} == "csv":
                    writer = csv.writer(out)
                    writer.writerow(["level", "title", "page"] if pages else ["level", "title"])
                    writer.writerows([d + 1, t, p][:3 if pages else 2] for d, t, p in entries)
                else:
                    for d, t, p in entries:
                        out.write("  " * d + t + (f" (page {{p}})" if pages else "") + "\\n")
            print(open({lit(params.output)}, encoding="utf-8").read())
        """
        return solution(script_step(script, f"I walk {params.input}'s outline with pypdf (nested lists are the "
                                    "levels below) and write each bookmark as asked.", f"Write {params.output}"))
