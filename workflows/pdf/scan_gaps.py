"""Check four scanned reports for lost and doubled sheets before the paper originals are
shredded: each page's footer prints 'Page n of N', so a scan's missing page numbers (a sheet
that never went through) and repeated ones (a sheet fed twice) can be read off it; a csv row per
file, or only for the files with a problem. One scan is complete, one lacks pages, one holds a
page twice and one both, so what is looked for decides the answer."""

from __future__ import annotations

import io
from typing import Literal

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.checks.pdf_scan_gaps import LookFor
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._four import FILES as _FILES, SLOTS, FourInputs
from workflows.pdf._pages import report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Fault = Literal["none", "missing", "twice", "both"]
_COLS = ("{% if look_for == 'missing' %}file,missing{% elif look_for == 'twice' %}file,twice{% else %}file,missing,"
         "twice{% endif %}")
_WHAT = ("{% if look_for == 'missing' %}which page numbers each scan is missing{% elif look_for == 'twice' %}which "
         "pages each scan holds twice (a sheet fed through again){% else %}which page numbers each scan is missing "
         "and which it holds twice{% endif %}")
_ROWS = ("the header " + _COLS + ", then a row {% if problems_only %}for each scan with something to report (leave "
         "out the ones that are fine){% else %}for every scan, an empty cell where nothing is found{% endif %}, in the "
         "order listed; the file as I named it and the page numbers smallest first, separated by spaces")


class Options(SkillParams):
    look_for: LookFor | None = None
    problems_only: bool | None = None


class Params(FourInputs):
    output: str
    look_for: LookFor
    problems_only: bool


def with_footers(data: bytes) -> bytes:
    """The report with each page stamped 'Page n of N' at the foot (as printed before scanning)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    pages = writer.pages
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    for n in range(1, len(pages) + 1):
        sheet.setFont("Helvetica", 9)
        sheet.drawCentredString(297, 28, f"Page {n} of {len(pages)}")
        sheet.showPage()
    sheet.save()
    footers = PdfReader(io.BytesIO(buf.getvalue())).pages
    for page, footer in zip(pages, footers, strict=True):
        page.merge_page(footer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def scanned(ctx: WorkflowContext, printed: bytes, fault: Fault) -> bytes:
    """The scan: one or two sheets dropped and/or one or two fed twice (the copy right after)."""
    pages = PdfReader(io.BytesIO(printed)).pages
    order = list(range(len(pages)))
    if fault in ("missing", "both"):
        for k in ctx.rng.sample(order, ctx.rng.randint(1, 2)):
            order.remove(k)
    if fault in ("twice", "both"):
        for k in sorted(ctx.rng.sample(order, ctx.rng.randint(1, 2)), reverse=True):
            order.insert(order.index(k) + 1, k)
    writer = PdfWriter()
    for k in order:
        writer.add_page(pages[k])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@register_workflow
class ScanGaps(PreparedWorkflow[Params]):
    states_values = SLOTS  # the rows name the scans as the request does (a quarter's year in a name is no answer)
    spec = WorkflowSpec(
        name="pdf.scan_gaps", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Before the paper originals are shredded, check the scans " + _FILES + ": every page prints \"Page n of "
            "N\" in its footer, so work out " + _WHAT + ". Write to the CSV file {{ output }} " + _ROWS + ".",
            "The scanning service sent back " + _FILES + " and I don't trust the feeder. Could you use the 'Page n "
            "of N' footers to find " + _WHAT + "? Put it in {{ output }}: " + _ROWS + ".",
            _FILES + " -> {{ output }}: from the 'Page n of N' footers, " + _WHAT + "; " + _ROWS + ".",
        ],
        criteria=["Each scan's missing or repeated page numbers, read from its footers, as asked.",
                  "The rows asked for in the order listed, numbers smallest first; nothing else."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A scanned report") for s in SLOTS),
               FileSlot(param="output", type="csv", description="The scans' missing or repeated pages")],
        checks=[CheckTemplate(func="pdf.scan_gaps_reported", paths={f"{s}_file": s for s in SLOTS},
                              bind={"look_for": "look_for", "problems_only": "problems_only"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        look_for: LookFor = opts.look_for or ctx.rng.choice(["missing", "twice", "both"])
        problems = opts.problems_only if opts.problems_only is not None else ctx.rng.random() < 0.5
        faults: list[Fault] = ["none", "missing", "twice", "both"]
        ctx.rng.shuffle(faults)
        scans, stems = [], set()
        for fault in faults:
            for _ in range(6):
                doc, _, data = report_pdf(ctx, min_pages=5)
                if doc.file_stem not in stems:
                    break
            else:
                raise WorkflowError("no four reports with distinct names drawn")
            stems.add(doc.file_stem)
            scans.append((doc.file_stem, scanned(ctx, with_footers(data), fault)))
        folder = ctx.rng.choice(["", "scans/", "scanned/"])
        params = Params(**{s: f"{folder}{stem}_scan.pdf" for s, (stem, _) in zip(SLOTS, scans, strict=True)},
                        output=ctx.rng.choice(["scan_check.csv", "scan_problems.csv"]), look_for=look_for,
                        problems_only=problems)
        return params.with_files(**{s: data for s, (_, data) in zip(SLOTS, scans, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth]
        columns = {"missing": ["missing"], "twice": ["twice"], "both": ["missing", "twice"]}[params.look_for]
        script = f"""
            import csv, re
            from collections import Counter
            from pypdf import PdfReader
            rows = []
            for path in {lit(files)}:
                footers = [re.findall(r"Page (\\d+) of (\\d+)", p.extract_text() or "")[-1]
                           for p in PdfReader(path).pages]
                seen = Counter(int(n) for n, _ in footers)
                total = max(int(t) for _, t in footers)
                found = {{"missing": sorted(set(range(1, total + 1)) - set(seen)),
                          "twice": sorted(n for n, c in seen.items() if c > 1)}}
                print(path, [int(n) for n, _ in footers], found)
                if not {params.problems_only} or any(found[c] for c in {lit(columns)}):
                    rows.append([path, *(" ".join(map(str, found[c])) for c in {lit(columns)})])
            with open({lit(params.output)}, "w", newline="") as fh:
                writer = csv.writer(fh)
                writer.writerow(["file", *{lit(columns)}])
                writer.writerows(rows)
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, "I read the 'Page n of N' footer of every page of each scan with pypdf, "
                                    "work out the missing and repeated numbers and write the rows asked for.",
                                    f"Write {params.output}"))
