"""Copy a supplier's price list (a PDF whose table runs over two or three pages, the header
repeated on each page and a page number in the footer) into a csv for a spreadsheet: every item,
one category's items or those in stock; every column or the code, item and price; as printed or
the dearest first. The repeated headers and footers are not rows; prices become plain numbers."""

from __future__ import annotations

import io
from typing import Any, Literal

from pypdf import PdfReader

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rows = Literal["all", "category", "in_stock"]
HEADER = ["Code", "Item", "Category", "Unit price", "In stock"]
CATALOGUE = {
    "Furniture": ["Oak desk", "Meeting table", "Task chair", "Bookcase", "Filing cabinet", "Standing desk"],
    "Lighting": ["Desk lamp", "Floor lamp", "LED panel", "Clip-on spotlight", "Ceiling pendant"],
    "Storage": ["Archive box", "Shelving unit", "Locker", "Plan chest", "Under-desk pedestal"],
    "Stationery": ["A4 copier paper", "Ring binder", "Whiteboard marker set", "Notebook", "Desk organiser"],
}
VARIANTS = ["black", "white", "grey", "walnut", "small", "large", "pack of 10", "pack of 5", "blue", "oak"]
_ROWS = ("{% if equals %}only the items whose {{ where_column }} is {{ equals }}{% elif above is not none %}only the "
         "items with more than {{ above }} {{ where_column | lower }}{% else %}every item{% endif %}")
_COLS = ("{% if columns %}the columns {{ columns | join(', ') }} (headed as printed){% else %}every column, headed as "
         "printed{% endif %}")
_ORDER = "{% if sort_by %}sorted by {{ sort_by | lower }}, highest first{% else %}in the printed order{% endif %}"


class Options(SkillParams):
    rows: Rows | None = None
    named_columns: bool | None = None
    sorted: bool | None = None


class Params(Prepared):
    input: str
    output: str
    columns: list[str]
    where_column: str | None
    equals: str | None
    above: int | None
    sort_by: str | None


def price_list(ctx: WorkflowContext) -> tuple[str, list[list[str]]]:
    """The supplier's name and 40-70 priced items in code order (some out of stock)."""
    items = {f"{base}, {v}": cat for cat, bases in CATALOGUE.items() for base in bases for v in VARIANTS}
    chosen = ctx.rng.sample(sorted(items), ctx.rng.randint(40, 70))
    codes = sorted(ctx.rng.sample(range(1000, 9999), len(chosen)))
    rows = [[f"{items[name][:2].upper()}-{code}", name, items[name], f"{ctx.rng.randint(150, 250000) / 100:,.2f}",
             str(ctx.rng.choice([0, 0, *range(1, 400)]))] for name, code in zip(chosen, codes, strict=True)]
    return ctx.faker.company(), rows


def price_list_pdf(supplier: str, rows: list[list[str]]) -> bytes:
    """The price list: a title, the table with its header on each page, 'Page N' in the footer."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    def footer(canvas: Any, doc: Any) -> None:
        canvas.setFont("Helvetica", 9)
        canvas.drawString(270, 30, f"Page {doc.page}")

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    template = SimpleDocTemplate(buf, pagesize=A4, title=f"{supplier} price list", invariant=True)
    table = Table([HEADER, *rows], repeatRows=1, colWidths=[64, 196, 76, 76, 56])
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"), ("ALIGN", (3, 1), (4, -1), "RIGHT")]))
    story = [Paragraph(f"{supplier}: price list", styles["Title"]),
             Paragraph("Prices in EUR, excluding VAT. Stock as of the date of issue.", styles["Normal"]), table]
    template.build(story, onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()


@register_workflow
class TableToCsv(PreparedWorkflow[Params]):
    states_values = ("above",)  # the stock threshold the request names
    spec = WorkflowSpec(
        name="pdf.table_to_csv", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Copy the price list in {{ input }} into the CSV file {{ output }}: " + _COLS + ", one row per item for "
            + _ROWS + ", " + _ORDER + ". The table runs over several pages; its repeated header and the page "
            "footers are not rows. Write prices as plain numbers (no thousands separators).",
            "Our supplier only sends the price list as a PDF ({{ input }}). Could you get it into {{ output }} so "
            "I can work with it in a spreadsheet? One row for " + _ROWS + " with " + _COLS + ", " + _ORDER + ". "
            "Prices as plain numbers, please, and no repeated header lines from the page breaks.",
            "{{ input }} -> {{ output }} (csv): " + _COLS + "; " + _ROWS + "; " + _ORDER + "; plain numbers.",
        ],
        criteria=["The header names the columns asked for; one row per item asked for with its printed values.",
                  "Rows in the order asked; no page headers, footers or other lines."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A price list over several pages"),
               FileSlot(param="output", type="csv", description="The price list's rows")],
        checks=[CheckTemplate(func="pdf.table_exported", bind={
            "columns": "columns", "where_column": "where_column", "equals": "equals", "above": "above",
            "sort_by": "sort_by"}, fixed={"descending": True})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rows_rule: Rows = opts.rows or ctx.rng.choice(["all", "category", "in_stock"])
        named = opts.named_columns if opts.named_columns is not None else ctx.rng.random() < 0.5
        by_price = opts.sorted if opts.sorted is not None else ctx.rng.random() < 0.5
        supplier, rows = price_list(ctx)
        data = price_list_pdf(supplier, rows)
        if len(PdfReader(io.BytesIO(data)).pages) < 2:
            raise WorkflowError("the price list fits on one page; the repeated header would not show")
        category = ctx.rng.choice(sorted({r[2] for r in rows}))
        stem = supplier.split()[0].lower().strip(",").replace("'", "")
        params = Params(input=f"{ctx.rng.choice(['', 'suppliers/'])}{stem}_price_list.pdf",
                        output=f"{stem}_prices.csv",
                        columns=["Code", "Item", "Unit price"] if named else [],
                        where_column={"all": None, "category": "Category", "in_stock": "In stock"}[rows_rule],
                        equals=category if rows_rule == "category" else None,
                        above=0 if rows_rule == "in_stock" else None, sort_by="Unit price" if by_price else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            from pypdf import PdfReader
            rows, header = [], None
            for page in PdfReader({lit(params.input)}).pages:
                for line in page.extract_text(extraction_mode="layout").splitlines():
                    cells = [c for c in re.split(r"\\s{{2,}}", line.strip()) if c]
                    if len(cells) != 5:
                        continue
                    if cells[0] == "Code":
                        header = cells
                        continue
                    cells[3] = float(cells[3].replace(",", ""))
                    cells[4] = int(cells[4])
                    rows.append(cells)
            col = {{name: k for k, name in enumerate(header)}}
            where, equals, above = {lit(params.where_column)}, {lit(params.equals)}, {lit(params.above)}
            if where and equals is not None:
                rows = [r for r in rows if r[col[where]].lower() == equals.lower()]
            if where and above is not None:
                rows = [r for r in rows if r[col[where]] > above]
            if {lit(params.sort_by)}:
                rows.sort(key=lambda r: r[col[{lit(params.sort_by)}]], reverse=True)
            keep = [col[c] for c in {lit(params.columns)}] or list(range(len(header)))
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow([header[k] for k in keep])
                writer.writerows([r[k] for k in keep] for r in rows)
            print(len(rows), "rows")
        """
        look = f"""
            from pypdf import PdfReader
            for n, page in enumerate(PdfReader({lit(params.input)}).pages, start=1):
                print("--- page", n)
                print("\\n".join(page.extract_text(extraction_mode="layout").splitlines()[:12]))
        """
        return solution(script_step(look, f"First I look at how {params.input}'s table prints, page by page.",
                                    f"Show {params.input}"),
                        script_step(script, "I read the table's lines in layout mode, skip the repeated headers and "
                                    "footers, pick and order the rows asked for and write the csv.",
                                    f"Write {params.output}"))
