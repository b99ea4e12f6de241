"""Redact personal details from customer case notes (a two-page PDF) before they are shared: the
customer's name, or every email address, phone number or bank account number (IBAN); each
replaced by [REDACTED] or taken out, so the text is really gone rather than covered by a box. In
place or a new PDF."""

from __future__ import annotations

import io
from typing import Literal

from forge.checks.pdf_redact import Detail, patterns
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._casefile import case_notes
from workflows.pdf._pages import look_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

What = Literal["name", "email", "phone", "iban"]
_WHAT = ("{% if names %}the name {{ names[0] }} wherever it is written (email addresses and numbers stay as they "
         "are){% elif details[0] == 'email' %}every email address{% elif details[0] == 'phone' %}every phone number"
         "{% else %}every bank account number (IBAN){% endif %}")
_HOW = ("{% if marker %}replace each one with {{ marker }}{% else %}take each one out of the text completely, "
        "leaving nothing in its place{% endif %}")


class Options(SkillParams):
    what: What | None = None
    marker: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    names: list[str]
    details: list[Detail]
    marker: str | None


def draw_pdf(pages: list[list[str]], title: str) -> bytes:
    """The case notes, one drawn line per text line (reportlab canvas, invariant), bold headings."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=A4, invariant=1)
    sheet.setTitle(title)
    for lines in pages:
        for n, line in enumerate(lines):
            sheet.setFont("Helvetica-Bold" if n == 0 else "Helvetica", 13 if n == 0 else 10.5)
            sheet.drawString(60, 780 - 18 * n, line)
        sheet.showPage()
    sheet.save()
    return buf.getvalue()


@register_workflow
class Redact(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.redact", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Before the case notes in {{ input }} are shared outside the team, redact " + _WHAT + ": " + _HOW
            + ". The text itself must be gone, not just covered; leave everything else as it is. " + SAVE["formal"],
            "The customer asked for a copy of {{ input }}, but it can't go out as it is. Could you redact " + _WHAT
            + "? Please " + _HOW + ", and make sure it's really removed from the text, not hidden under a box. "
            "Nothing else should change. " + SAVE["chatty"],
            "{{ input }}: redact " + _WHAT + "; " + _HOW + " (gone from the text, not covered); rest unchanged. "
            + SAVE["terse"],
        ],
        criteria=["No detail asked for is left in the PDF's text; each place shows the marker asked for "
                  "or nothing.", "Every other word and every page is as it was."],
        files=[FileSlot(param="input", type="pdf", role="input", description="Customer case notes, two pages"),
               FileSlot(param="output", type="pdf", description="The redacted case notes")],
        checks=[CheckTemplate(func="pdf.redacted", bind={"names": "names", "details": "details", "marker": "marker"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        what: What = opts.what or ctx.rng.choice(["name", "email", "phone", "iban"])
        marked = opts.marker if opts.marker is not None else ctx.rng.random() < 0.5
        notes = case_notes(ctx)
        base = edit_paths(ctx, notes.file_stem, "pdf", "redacted", ["", "cases/", "to_share/"])
        params = Params(**base, names=[notes.customer] if what == "name" else [],
                        details=[] if what == "name" else [what], marker="[REDACTED]" if marked else None)
        return params.with_files(input=draw_pdf(notes.pages, notes.title))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader, PdfWriter
            from pypdf.generic import ArrayObject, ContentStream, TextStringObject
            pattern = re.compile("|".join("(?:" + p + ")" for p in {lit(patterns(params.names, params.details))}))
            marker = {lit(params.marker or "")}
            writer = PdfWriter(clone_from=PdfReader({lit(params.input)}))
            count = 0
            for page in writer.pages:
                content = ContentStream(page.get_contents(), writer)
                for operands, op in content.operations:
                    if op == b"Tj" and isinstance(operands[0], str):
                        count += len(pattern.findall(operands[0]))
                        operands[0] = TextStringObject(pattern.sub(marker, operands[0]))
                    elif op == b"TJ":
                        operands[0] = ArrayObject(TextStringObject(pattern.sub(marker, x)) if isinstance(x, str)
                                                  else x for x in operands[0])
                page.replace_contents(content)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(count, "redactions")
        """
        return solution(look_step(params.input, f"I read {params.input}'s pages to see where the details are."),
                        script_step(script, "I rewrite the text in each page's content stream with pypdf, replacing "
                                    "every match, so the details are gone from the text itself.",
                                    f"Write {params.output}"),
                        look_step(params.output, "I read the result back to confirm nothing is left."))
