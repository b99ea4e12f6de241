"""Lay a report's pages out two to a sheet (side by side on landscape A4) or four to a sheet (a
two by two grid on portrait A4) to print a handout with less paper. In place or as a new PDF."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_HOW = ("{% if per_sheet == 2 %}2 pages per sheet, side by side on landscape A4{% else %}4 pages per sheet, in a "
        "two by two grid (left to right, then top to bottom) on portrait A4{% endif %}")


class Options(SkillParams):
    per_sheet: Literal[2, 4] | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    per_sheet: Literal[2, 4]


@register_workflow
class NUp(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.n_up", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Lay out {{ input }} as a handout with " + _HOW + ", the pages in their order, each shrunk to fit. "
            + SAVE["formal"],
            "I want to print {{ input }} on fewer sheets. Could you put " + _HOW + "? Keep the pages in order. "
            + SAVE["chatty"],
            "{{ input }}: " + _HOW + ", in page order. " + SAVE["terse"],
        ],
        criteria=["Each sheet holds the next pages of the report, in order, scaled to fit.",
                  "The sheets are A4, turned as asked; no page is lost or repeated."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The handout, several pages a sheet")],
        checks=[CheckTemplate(func="pdf.pages_n_up", bind={"per_sheet": "per_sheet"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        doc, _, data = report_pdf(ctx, min_pages=3)
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", "handout", ["", "print/", "reports/"]),
                        per_sheet=opts.per_sheet or ctx.rng.choice([2, 4]))
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        width, height = (841.89, 595.28) if params.per_sheet == 2 else (595.28, 841.89)
        script = f"""
            from pypdf import PdfReader, PdfWriter, Transformation
            reader = PdfReader({lit(params.input)})
            k, width, height = {params.per_sheet}, {width}, {height}
            cols, rows = (2, 1) if k == 2 else (2, 2)
            cell_w, cell_h = width / cols, height / rows
            writer = PdfWriter()
            for start in range(0, len(reader.pages), k):
                sheet = writer.add_blank_page(width, height)
                for j, page in enumerate(reader.pages[start:start + k]):
                    w, h = float(page.mediabox.width), float(page.mediabox.height)
                    scale = min(cell_w / w, cell_h / h)
                    x, y = (j % cols) * cell_w, height - (j // cols + 1) * cell_h
                    sheet.merge_transformed_page(page, Transformation().scale(scale).translate(x, y))
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(len(reader.pages), "pages on", len(writer.pages), "sheets")
        """
        return solution(look_step(params.input, f"First I list the pages of {params.input}."),
                        script_step(script, "I make blank A4 sheets with pypdf and merge the pages onto them, each "
                                    "scaled into its cell, in reading order.", f"Write {params.output}"),
                        look_step(params.output, f"Then I list {params.output}'s sheets to check their text."))
