"""Check four supplier invoices (PDF) before they are paid: whether each line's amount is its
quantity times its unit price, whether the totals add up (net, tax at the printed rate, total
due), or both; write down the invoices that do not add up, by number or with the total due each
should show. One invoice has a wrong line amount (its totals follow the wrong line), another
wrong totals, so what is checked decides the answer."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.pdf_audit import Audit, audit_figures
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.pdf import PdfContent, make_pdf, money, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Report = Literal["numbers", "corrected"]
SLOTS = ("first", "second", "third", "fourth")
_FILES = "{{ first }}, {{ second }}, {{ third }} and {{ fourth }}"
_CHECK = ("{% if audit == 'lines' %}whether each line's amount is its quantity times its unit price{% elif audit == "
          "'totals' %}whether the totals add up (the net is the sum of the line amounts, the tax is the printed rate "
          "of the net, the total due is net plus tax){% else %}whether each line's amount is its quantity times its "
          "unit price and whether the totals add up (net the sum of the lines, tax the printed rate of the net, "
          "total due net plus tax){% endif %}")
_REPORT = ("{% if report == 'numbers' %}the number of each invoice that does not add up, one per line{% else %}one "
           "line per invoice that does not add up, \"invoice number: total due\", giving the total due it should "
           "show when worked out from the quantities and unit prices (tax at its printed rate, to the cent){% endif %}")


class Options(SkillParams):
    audit: Audit | None = None
    report: Report | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    fourth: str
    output: str
    audit: Audit
    report: Report


def _figures(doc: PdfContent) -> tuple[list[tuple[float, float, float]], float, float, float, float]:
    lines = [(float(r[1]), float(r[2].replace(",", "")), float(r[3].replace(",", ""))) for r in doc.table.rows]
    foot = {f.split(":")[0].split(" (")[0]: float(f.split(": ")[1].replace(",", "")) for f in doc.footnotes[:3]}
    pct = float(doc.footnotes[1].split("(")[1].split("%")[0])
    return lines, foot["Net"], foot["Tax"], foot["Total due"], pct


def _with(doc: PdfContent, amounts: list[float], net: float, tax: float, total: float) -> PdfContent:
    """The invoice printing these line amounts and totals (its rate and wording kept)."""
    rows = [[*r[:3], money(a)] for r, a in zip(doc.table.rows, amounts, strict=True)]
    rate = doc.footnotes[1].split(":")[0]
    return doc.model_copy(update={"table": doc.table.model_copy(update={"rows": rows}), "footnotes": [
        f"Net: {money(net)}", f"{rate}: {money(tax)}", f"Total due: {money(total)}", *doc.footnotes[3:]]})


def plant(rng: random.Random, doc: PdfContent, kind: str) -> PdfContent:
    """A wrong line amount (the totals following it), or wrong totals over right lines."""
    lines, net, tax, total, pct = _figures(doc)
    amounts = [a for _, _, a in lines]
    if kind == "line":
        k = rng.randrange(len(amounts))
        amounts[k] = round(amounts[k] + rng.choice([-1, 1]) * rng.choice([10, 25, 90, 100]), 2)
        if amounts[k] <= 0:
            amounts[k] = round(amounts[k] + 200, 2)
        net_c = sum(round(a * 100) for a in amounts)
        tax_c = round(net_c * pct / 100)  # the cents the check's rule gives, so only the line is wrong
        return _with(doc, amounts, net_c / 100, tax_c / 100, (net_c + tax_c) / 100)
    slip = rng.choice(["net", "tax", "total"])
    off = rng.choice([10, 20, 100])
    net2, tax2 = (round(net + off, 2), tax) if slip == "net" else (net, round(tax + off, 2) if slip == "tax" else tax)
    return _with(doc, amounts, net2, tax2, round(total + off, 2) if slip == "total" else round(net2 + tax2, 2))


@register_workflow
class AuditInvoices(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.audit_invoices", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Before we pay them, check the supplier invoices " + _FILES + ": " + _CHECK + ". Write to {{ output }} "
            + _REPORT + ", in the order the files are listed here. Nothing else in the file.",
            "Accounts payable want a sanity check on " + _FILES + " before the payment run. Could you check " + _CHECK
            + "? Put " + _REPORT + " in {{ output }}, following the order I listed the files.",
            _FILES + " -> {{ output }}: check " + _CHECK + "; write " + _REPORT + "; files in the order listed.",
        ],
        criteria=["Exactly the invoices whose figures do not add up under the check asked, in the order listed.",
                  "With corrected totals asked, each the total due worked out from quantities and unit prices."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A supplier invoice") for s in SLOTS),
               FileSlot(param="output", type="txt", description="The invoices that do not add up")],
        checks=[CheckTemplate(func="pdf.invoices_audited", paths={f"{s}_file": s for s in SLOTS},
                              bind={"audit": "audit", "report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        docs: list[PdfContent] = []
        while len(docs) < len(SLOTS):
            doc = make_pdf(ctx.rng, ctx.faker, kind="invoice")
            lines, net, tax, total, pct = _figures(doc)
            ok = audit_figures(lines, net, tax, total, pct)
            if ok[:2] == (True, True) and all(d.file_stem != doc.file_stem for d in docs):
                docs.append(doc)
        line_at, totals_at = ctx.rng.sample(range(len(docs)), 2)
        docs[line_at] = plant(ctx.rng, docs[line_at], "line")
        docs[totals_at] = plant(ctx.rng, docs[totals_at], "totals")
        verdicts = [audit_figures(*_figures(d))[:2] for d in docs]
        if verdicts[line_at] != (False, True) or verdicts[totals_at] != (True, False):
            raise WorkflowError("a planted error did not show as the kind planted")
        folder = ctx.rng.choice(["", "invoices/", "to_pay/"])
        params = Params(**{s: f"{folder}{d.file_stem}.pdf" for s, d in zip(SLOTS, docs, strict=True)},
                        output="invoice_check.txt", audit=opts.audit or ctx.rng.choice(["lines", "totals", "both"]),
                        report=opts.report or ctx.rng.choice(["numbers", "corrected"]))
        return params.with_files(**{s: write_pdf(d) for s, d in zip(SLOTS, docs, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth]
        script = f"""
            import re
            from pypdf import PdfReader
            def cents(x):
                return round(float(x.replace(",", "")) * 100)
            out = []
            for path in {lit(files)}:
                text = "\\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader(path).pages)
                number = re.search(r"\\b[A-Z]{{2,5}}-\\d[\\w-]*", text).group(0)
                rows = [re.split(r"\\s{{2,}}", line.strip()) for line in text.splitlines()]
                lines = [(float(r[1]), float(r[2].replace(",", "")), cents(r[3])) for r in rows
                         if len(r) == 4 and re.fullmatch(r"\\d+", r[1]) and re.fullmatch(r"[\\d,]+\\.\\d\\d", r[3])]
                pct = float(re.search(r"Tax \\((\\d+(?:\\.\\d+)?)%\\)", text).group(1))
                net, tax, total = (cents(re.search(r"\\b" + label + r"\\s*(?:\\([^)]*\\))?\\s*:\\s*([\\d,]+\\.\\d\\d)",
                                                   text).group(1)) for label in ("Net", "Tax", "Total due"))
                made = [round(q * p * 100) for q, p, _ in lines]
                lines_ok = made == [a for _, _, a in lines]
                totals_ok = net == sum(a for _, _, a in lines) and tax == round(net * pct / 100) and total == net + tax
                wrong = {{"lines": not lines_ok, "totals": not totals_ok, "both": not (lines_ok and totals_ok)}}
                if wrong[{lit(params.audit)}]:
                    should = sum(made) + round(sum(made) * pct / 100)
                    out.append(number if {lit(params.report)} == "numbers" else f"{{number}}: {{should / 100:.2f}}")
            with open({lit(params.output)}, "w") as fh:
                fh.write("\\n".join(out) + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(script, "I read each invoice's lines and totals in layout mode with pypdf, redo "
                                    "the sums to the cent and write down the ones that do not add up.",
                                    f"Write {params.output}"))
