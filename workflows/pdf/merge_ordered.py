"""Merge four supplier invoices into one PDF for the accounts pack, in the order asked: as listed,
by the date in each file's name, or by the invoice date printed inside (oldest or newest first);
optionally leaving out an invoice marked VOID."""

from __future__ import annotations

from forge.checks.pdf_parts import MergeOrder
from forge.models import ReferenceSolution
from preparers.document import slug
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SKIP = "VOID"
_FILES = "{{ first }}, {{ second }}, {{ third }} and {{ fourth }}"
_ORDER = ("{% if order == 'listed' %}in exactly this order: " + _FILES + "{% elif order == 'name_date' %}ordered by "
          "the date in each file's name, {% if descending %}newest{% else %}oldest{% endif %} first{% else %}ordered by "
          "the invoice date printed on each invoice, {% if descending %}newest{% else %}oldest{% endif %} first"
          "{% endif %}")
_SKIP = ("{% if skip %} One of them may be marked " + SKIP + " (cancelled): leave any " + SKIP + " invoice out."
         "{% endif %}")
_KEY = {
    "listed": "None",
    "name_date": "re.search(r'\\d{4}-\\d{2}-\\d{2}', path).group()",
    "printed_date": "re.search(r'Invoice date\\s*:\\s*(\\d{4}-\\d{2}-\\d{2})', text).group(1)",
}


class Options(SkillParams):
    order: MergeOrder | None = None
    descending: bool | None = None
    skip: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    fourth: str
    output: str
    order: MergeOrder
    descending: bool
    skip: bool
    skip_term: str | None
    date_label: str | None


@register_workflow
class MergeOrdered(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.merge_ordered", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Merge the invoices " + ("{% if order != 'listed' %}" + _FILES + " {% endif %}") + "into one PDF, "
            "{{ output }}, " + _ORDER + ", each invoice's pages kept together and in their own order." + _SKIP,
            "For the accounts pack I need the supplier invoices as a single file, {{ output }}. Could you combine "
            + ("{% if order != 'listed' %}" + _FILES + " {% else %}them {% endif %}") + _ORDER + "?" + _SKIP,
            "PDF merge -> {{ output }}" + ("{% if order != 'listed' %}: " + _FILES + "{% endif %}") + "; "
            + _ORDER + "." + _SKIP,
        ],
        criteria=["The merged PDF holds each invoice's pages, file after file, in the order asked.",
                  "No invoice is repeated; one marked VOID is left out where asked."],
        files=[*(FileSlot(param=p, type="pdf", role="input", description="A supplier invoice")
                 for p in ("first", "second", "third", "fourth")),
               FileSlot(param="output", type="pdf", description="The merged invoices")],
        checks=[CheckTemplate(func="pdf.merged_in_order", paths={"first_file": "first", "second_file": "second",
                                                                 "third_file": "third", "fourth_file": "fourth"},
                              bind={"order": "order", "descending": "descending", "skip_term": "skip_term",
                                    "date_label": "date_label"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        order: MergeOrder = opts.order or ctx.rng.choice(["listed", "name_date", "printed_date"])
        descending = False if order == "listed" else \
            opts.descending if opts.descending is not None else ctx.rng.random() < 0.4
        skip = opts.skip if opts.skip is not None else ctx.rng.random() < 0.4
        invoices, dates, sellers = [], set(), set()
        while len(invoices) < 4:
            doc = make_pdf(ctx.rng, ctx.faker, kind="invoice")
            seller = slug(doc.author).split("_")[0]
            if doc.date not in dates and seller not in sellers:
                invoices.append(doc)
                dates.add(doc.date)
                sellers.add(seller)
        if skip:
            k = ctx.rng.randrange(4)
            invoices[k] = invoices[k].model_copy(update={"paragraphs": [
                f"{SKIP} - this invoice was cancelled and replaced; do not pay.", *invoices[k].paragraphs]})
        folder = ctx.rng.choice(["invoices/", "accounts/incoming/", "supplier_invoices/"])
        names = [f"{folder}{slug(d.author).split('_')[0]}_{d.date.isoformat() if order == 'name_date' else 'invoice'}.pdf"
                 for d in invoices]
        params = Params(first=names[0], second=names[1], third=names[2], fourth=names[3],
                        output=ctx.rng.choice([f"{folder}invoices_merged.pdf", "accounts/supplier_invoices_pack.pdf"]),
                        order=order, descending=descending, skip=skip, skip_term=SKIP if skip else None,
                        date_label="Invoice date" if order == "printed_date" else None)
        return params.with_files(**{slot: write_pdf(d) for slot, d in
                                    zip(("first", "second", "third", "fourth"), invoices, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader, PdfWriter
            files = []
            for path in {lit([params.first, params.second, params.third, params.fourth])}:
                reader = PdfReader(path)
                text = "\\n".join(page.extract_text() or "" for page in reader.pages)
                if {params.skip} and re.search(r"\\b{SKIP}\\b", text, re.I):
                    print("leaving out", path)
                    continue
                files.append(({_KEY[params.order]}, path, reader))
            if {params.order != "listed"}:
                files.sort(key=lambda f: f[0], reverse={params.descending})
            writer = PdfWriter()
            for key, path, reader in files:
                print(key, path, len(reader.pages), "page(s)")
                for page in reader.pages:
                    writer.add_page(page)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
        """
        return solution(script_step(script, "I read each invoice with pypdf, "
                                    + ("" if not params.skip else f"leave out any marked {SKIP}, ")
                                    + {"listed": "keep the order given",
                                       "name_date": "sort them by the date in their names",
                                       "printed_date": "sort them by the invoice date they print"}[params.order]
                                    + f" and write their pages to {params.output}.", f"Merge into {params.output}"))

