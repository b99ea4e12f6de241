"""Split a batch scan of three supplier invoices into one PDF per invoice, each named after its
invoice number: one page each, some followed by their terms-and-conditions page, or with the
terms pages scanned together at the end of the batch (each must still join its invoice). What
accounts staff do with the morning's post before filing it."""

from __future__ import annotations

import io
from typing import Literal

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.pdf import PdfContent, make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Layout = Literal["single", "with_terms", "terms_last"]
_TERMS = ("{% if layout == 'with_terms' %} Some invoices have a terms-and-conditions page right after them; it "
          "belongs with its invoice.{% elif layout == 'terms_last' %} The terms-and-conditions pages were scanned "
          "together at the end of the batch; each must go with the invoice it names, after the invoice page."
          "{% endif %}")
SLOTS = ("first", "second", "third")


class Options(SkillParams):
    layout: Layout | None = None


class Params(Prepared):
    input: str
    first: str
    second: str
    third: str
    first_number: str
    second_number: str
    third_number: str
    layout: Layout


def terms_page(doc: PdfContent, number: str) -> bytes:
    """A one-page terms and conditions sheet that quotes the invoice it belongs to."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    sheet.setFont("Helvetica-Bold", 14)
    sheet.drawString(72, 770, f"Terms and conditions for invoice {number}")
    sheet.setFont("Helvetica", 10)
    for k, line in enumerate([f"Supplier: {doc.author}", "Late payments incur interest at 4% above base rate.",
                              "Goods remain our property until paid for in full.",
                              "Disputes must be raised within 14 days of the invoice date."], start=1):
        sheet.drawString(72, 760 - 22 * k, line)
    sheet.showPage()
    sheet.save()
    return buf.getvalue()


@register_workflow
class SplitInvoices(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.split_invoices", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "The batch scan {{ input }} holds three supplier invoices. Split it into one PDF per invoice, named after "
            "the invoice number: {{ first }}, {{ second }} and {{ third }}, each with all of its invoice's pages "
            "and nothing else." + _TERMS,
            "This morning's post is all in one scan, {{ input }}. Could you split it so each invoice is its own file "
            "({{ first }}, {{ second }}, {{ third }}: the invoice number is the file name)?" + _TERMS,
            "{{ input }} -> {{ first }}, {{ second }}, {{ third }}: one file per invoice number, all its pages, in "
            "scan order." + _TERMS,
        ],
        criteria=["Each file holds exactly the pages of the invoice it is named after, in scan order.",
                  "No page is lost or put in two files."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A batch scan of three invoices"),
               *(FileSlot(param=s, type="pdf", description="One invoice") for s in SLOTS)],
        checks=[CheckTemplate(func="pdf.pages_selected", paths={"file": s, "input_file": "input"},
                              bind={"term": f"{s}_number"}, fixed={"mode": "containing"}) for s in SLOTS],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        layout: Layout = opts.layout or ctx.rng.choice(["single", "with_terms", "terms_last"])
        docs = [make_pdf(ctx.rng, ctx.faker, kind="invoice") for _ in SLOTS]
        numbers = [doc.title.split()[-1] for doc in docs]
        if len(set(numbers)) < 3:
            raise WorkflowError("two invoices share a number")
        pages, tail = [], []
        termed = set(ctx.rng.sample(range(3), ctx.rng.choice([1, 2]))) if layout != "single" else set()
        for k, doc in enumerate(docs):
            pages.append(write_pdf(doc))
            if k in termed:
                (pages if layout == "with_terms" else tail).append(terms_page(doc, numbers[k]))
        writer = PdfWriter()
        for data in pages + tail:
            writer.add_page(PdfReader(io.BytesIO(data)).pages[0])
        buf = io.BytesIO()
        writer.write(buf)
        folder = ctx.rng.choice(["", "post/", "accounts/"])
        params = Params(input=f"{folder}scan_{docs[0].date:%Y%m%d}_batch.pdf",
                        **{s: f"{folder}{n}.pdf" for s, n in zip(SLOTS, numbers, strict=True)},
                        **{f"{s}_number": n for s, n in zip(SLOTS, numbers, strict=True)}, layout=layout)
        return params.with_files(input=buf.getvalue())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            for number, path in {lit({params.first_number: params.first, params.second_number: params.second,
                                      params.third_number: params.third})}.items():
                writer = PdfWriter()
                for n, page in enumerate(reader.pages, start=1):
                    if re.search(r"(?<!\\w)" + re.escape(number) + r"(?!\\w)", page.extract_text() or ""):
                        writer.add_page(page)
                        print(number, "<- page", n)
                with open(path, "wb") as out:
                    writer.write(out)
        """
        return solution(script_step(script, f"I go through {params.input}'s pages with pypdf and write each invoice "
                                    "number's pages (the invoice and any terms page quoting it) to its own file.",
                                    "Write one PDF per invoice"))
