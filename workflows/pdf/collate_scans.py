"""Collate a double-sided document scanned in two passes: the front sides in one PDF, the back
sides in another (often scanned last page first), into one PDF in reading order."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter

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

ORDER = ('{% if reversed %}the back sides were scanned in reverse, so {{ backs }} starts with the last back page'
         "{% else %}both scans are in page order{% endif %}")


class Params(Prepared):
    fronts: str
    backs: str
    output: str
    reversed: bool


class Options(SkillParams):
    reversed: bool | None = None


def _pick(data: bytes, numbers: list[int]) -> bytes:
    reader, writer = PdfReader(io.BytesIO(data)), PdfWriter()
    for n in numbers:
        writer.add_page(reader.pages[n])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@register_workflow
class CollateScans(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.collate_scans", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            f"I scanned a double-sided report in two passes: {{{{ fronts }}}} has the front sides and {{{{ backs }}}} "
            f"the back sides; {ORDER}. Combine them into {{{{ output }}}} in reading order (front 1, back 1, "
            "front 2, ...).",
            f"The feeder only scans one side, so the fronts are in {{{{ fronts }}}} and the backs in {{{{ backs }}}} "
            f"({ORDER}). Can you merge them into one properly ordered PDF, {{{{ output }}}}?",
            f"Collate {{{{ fronts }}}} (fronts) and {{{{ backs }}}} (backs; {ORDER}) -> {{{{ output }}}}.",
        ],
        criteria=["Pages alternate front, back in the document's order; none lost or repeated."],
        files=[FileSlot(param="fronts", type="pdf", role="input", description="The front sides"),
               FileSlot(param="backs", type="pdf", role="input", description="The back sides"),
               FileSlot(param="output", type="pdf", description="The collated PDF")],
        checks=[CheckTemplate(func="pdf.pages_interleaved", paths={"first_file": "fronts", "second_file": "backs"},
                              bind={"second_reversed": "reversed"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        flipped = getattr(ctx.options, "reversed", None)
        flipped = ctx.rng.random() < 0.5 if flipped is None else flipped
        doc, pages, data = report_pdf(ctx)
        odd, even = list(range(0, len(pages), 2)), list(range(1, len(pages), 2))
        folder = ctx.rng.choice(["", "scans/"])
        params = Params(fronts=f"{folder}scan_front.pdf", backs=f"{folder}scan_back.pdf",
                        output=f"{folder}{doc.file_stem}.pdf", reversed=flipped)
        return params.with_files(fronts=_pick(data, odd), backs=_pick(data, even[::-1] if flipped else even))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader, PdfWriter
            fronts, backs = PdfReader({lit(params.fronts)}).pages, list(PdfReader({lit(params.backs)}).pages)
            if {params.reversed}:
                backs.reverse()
            writer = PdfWriter()
            for i in range(max(len(fronts), len(backs))):
                for side in (fronts, backs):
                    if i < len(side):
                        writer.add_page(side[i])
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(len(fronts), "fronts,", len(backs), "backs")
        """
        return solution(look_step(params.backs, f"I list the pages of {params.backs} to see their order."),
                        script_step(script, "I alternate front and back pages"
                                    f"{', the backs reversed first' if params.reversed else ''}, with pypdf.",
                                    f"Collate into {params.output}"),
                        look_step(params.output, "I list the collated pages to check the reading order."))
