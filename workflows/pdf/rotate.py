"""Turn pages of a report PDF: all of them, some named pages, the odd or the even pages (a duplex
scan whose backs came out upside down), by a quarter turn either way or half a turn; or set
upright the pages a scanner saved sideways or upside down. In place or as a new PDF."""

from __future__ import annotations

import io
from typing import Literal

from pypdf import PdfReader, PdfWriter

from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import report_pdf
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Which = Literal["all", "listed", "odd", "even", "upright"]
WHICH = {
    "all": "every page",
    "listed": "page{% if pages | length > 1 %}s{% endif %} {{ pages | join(' and ') }}",
    "odd": "the odd-numbered pages (1, 3, 5, ...)",
    "even": "the even-numbered pages (2, 4, 6, ...)",
}
TURN = {90: "90 degrees clockwise", 180: "180 degrees (upside down)",
        270: "90 degrees anticlockwise (270 degrees clockwise)"}
_TURN = "".join(f"{{% if degrees == {d} %}}{text}{{% endif %}}" for d, text in TURN.items())
_ASK = ("{% if which == 'upright' %}some pages of {{ input }} were scanned sideways or upside down: turn each of them "
        "so every page reads upright (no rotation), leaving the upright ones alone{% else %}turn "
        + "".join(f"{{% if which == {w!r} %}}{text}{{% endif %}}" for w, text in WHICH.items())
        + " of {{ input }} " + _TURN + ", leaving the other pages as they are{% endif %}")


class Options(SkillParams):
    which: Which | None = None
    degrees: Literal[90, 180, 270] | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    which: Which
    pages: list[int]
    degrees: Literal[90, 180, 270] | None


@register_workflow
class Rotate(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.rotate", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "In the PDF report " + _ASK + ". Keep the pages' order and content. " + SAVE["formal"],
            "The report didn't come out right, could you fix it? Please " + _ASK + ". " + SAVE["chatty"],
            _ASK + ". " + SAVE["terse"],
        ],
        criteria=["The pages asked for are turned by the angle asked for; no other page is turned.",
                  "Every page keeps its text and its place."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The PDF with its pages turned")],
        checks=[CheckTemplate(func="pdf.pages_rotated", bind={"which": "which", "pages": "pages", "degrees": "degrees"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        which: Which = opts.which or ctx.rng.choice(["all", "listed", "odd", "even", "upright"])
        degrees = None if which == "upright" else opts.degrees or ctx.rng.choice([90, 180, 270])
        doc, pages, data = report_pdf(ctx)
        listed = sorted(ctx.rng.sample(range(1, len(pages) + 1), ctx.rng.choice([1, 2]))) if which == "listed" else []
        if which == "upright":
            writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
            crooked = ctx.rng.sample(range(len(pages)), ctx.rng.randint(1, max(1, len(pages) // 2)))
            for n in crooked:
                writer.pages[n].rotate(ctx.rng.choice([90, 180, 270]))
            buf = io.BytesIO()
            writer.write(buf)
            data = buf.getvalue()
        suffix = "upright" if which == "upright" else "rotated"
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", suffix, ["", "scans/", "reports/"]), which=which,
                        pages=listed, degrees=degrees)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        pick = {"all": "True", "listed": f"n in {params.pages!r}", "odd": "n % 2 == 1", "even": "n % 2 == 0",
                "upright": "True"}[params.which]
        turn = "(360 - page.rotation) % 360" if params.which == "upright" else str(params.degrees)
        look = f"""
            from pypdf import PdfReader
            reader = PdfReader({lit(params.input)})
            for n, page in enumerate(reader.pages, start=1):
                print(n, "rotation", page.rotation, " ".join((page.extract_text() or "").split())[:60])
        """
        script = f"""
            from pypdf import PdfReader, PdfWriter
            writer = PdfWriter(clone_from=PdfReader({lit(params.input)}))
            for n, page in enumerate(writer.pages, start=1):
                if {pick}:
                    page.rotate({turn})
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print([page.rotation for page in writer.pages])
        """
        return solution(script_step(look, f"First I list {params.input}'s pages with their current rotation.",
                                    f"List the pages of {params.input}"),
                        script_step(script, "I turn the pages asked for with pypdf (a /Rotate entry per page, so the "
                                    "content is untouched) and write the PDF.", f"Write {params.output}"))
