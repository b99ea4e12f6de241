"""The PDF preparer: seeded invoices and monthly reports with text, one table and metadata.

Written with reportlab in invariant mode (no timestamps or random ids), so the same content gives
the same bytes. `PdfContent` crosses to workflows: title, metadata, paragraphs and the table
as data; checks read PDFs back with pypdf.

    doc = make_pdf(ctx.rng, ctx.faker, kind="invoice")
    data = write_pdf(doc)
"""

from __future__ import annotations

import datetime as dt
import io
import random
from typing import Any, Literal

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field

from forge.errors import PreparerError
from preparers._corpora import corpus
from preparers.document import DocumentContent, TableBlock
from preparers.spec import register_preparer

PdfKind = Literal["invoice", "report"]
PDF_KINDS: tuple[PdfKind, ...] = ("invoice", "report")


class PdfContent(BaseModel):
    """One PDF as data. `table.rows` hold the texts as printed (money with two decimals)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: PdfKind
    title: str
    author: str
    subject: str
    date: dt.date
    file_stem: str
    paragraphs: list[str] = Field(default_factory=list, description="Text above the table.")
    table: TableBlock
    footnotes: list[str] = Field(default_factory=list, description="Text below the table.")
    numeric: list[str] = Field(default_factory=list, description="Headers of the table's number columns.")


def money(value: float) -> str:
    return f"{value:,.2f}"


def _invoice(rng: random.Random, faker: Faker) -> PdfContent:
    data = corpus("products")
    date = dt.date(rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=rng.randrange(365))
    terms = rng.choice(data["payment_terms"])
    number = f"INV-{date:%Y%m}-{rng.randrange(100, 1000)}"
    seller, buyer = faker.company(), faker.company()
    rows, net = [], 0.0
    for name, price in rng.sample(data["services"], rng.randint(4, 9)):
        qty = rng.choice([1, 1, 2, 3, 4, 5, 6, 8, 10, 12])
        amount = round(qty * price, 2)
        net += amount
        rows.append([name, str(qty), money(price), money(amount)])
    tax_rate = rng.choice([5, 10, 20])
    tax = round(net * tax_rate / 100, 2)
    return PdfContent(
        kind="invoice", title=f"Invoice {number}", author=seller, subject=f"Invoice for {buyer}", date=date,
        file_stem=f"invoice_{number.lower().replace('-', '_')}",
        paragraphs=[f"From: {seller}, {faker.street_address()}, {faker.city()}",
                    f"Bill to: {buyer}, {faker.street_address()}, {faker.city()}",
                    f"Invoice date: {date.isoformat()}",
                    f"Payment due: {(date + dt.timedelta(days=terms)).isoformat()} ({terms} days)"],
        table=TableBlock(headers=["Description", "Quantity", "Unit Price", "Amount"], rows=rows),
        footnotes=[f"Net: {money(net)}", f"Tax ({tax_rate}%): {money(tax)}", f"Total due: {money(net + tax)}",
                   f"Please quote {number} with your payment."],
        numeric=["Quantity", "Unit Price", "Amount"],
    )


def _report(rng: random.Random, faker: Faker) -> PdfContent:
    year = rng.choice([2024, 2025])
    quarter = rng.randint(1, 4)
    months = [dt.date(year, m, 1).strftime("%B") for m in range(3 * quarter - 2, 3 * quarter + 1)]
    regions = rng.sample(["North", "South", "East", "West", "Central", "Coastal", "Highlands"], rng.randint(4, 6))
    rows = []
    for region in regions:
        base = rng.randrange(40, 160) * 1000
        rows.append([region, *(money(round(base * rng.uniform(0.8, 1.25), 2)) for _ in months)])
    company = faker.company()
    author = faker.name()
    date = dt.date(year, 3 * quarter, 28) + dt.timedelta(days=rng.randint(5, 20))
    return PdfContent(
        kind="report", title=f"Regional sales report Q{quarter} {year}", author=author,
        subject=f"{company} sales by region", date=date, file_stem=f"regional_sales_q{quarter}_{year}",
        paragraphs=[f"{company} - prepared by {author} on {date.isoformat()}.",
                    f"Monthly sales by region for {months[0]} to {months[-1]} {year}, in US dollars.",
                    "Figures are net of returns and exclude tax."],
        table=TableBlock(headers=["Region", *months], rows=rows),
        footnotes=["Source: finance ledger, closed periods only."],
        numeric=months,
    )


_MAKERS = {"invoice": _invoice, "report": _report}


def make_pdf(rng: random.Random, faker: Faker, *, kind: PdfKind | None = None) -> PdfContent:
    kind = kind or rng.choice(PDF_KINDS)
    if kind not in _MAKERS:
        raise PreparerError(f"unknown pdf kind {kind!r}; known: {', '.join(PDF_KINDS)}")
    return _MAKERS[kind](rng, faker)


def write_pdf(doc: PdfContent) -> bytes:
    """The PDF: a title, paragraphs, the table (one text line per row), footnotes, and metadata."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    template = SimpleDocTemplate(buf, pagesize=A4, title=doc.title, author=doc.author, subject=doc.subject,
                                 creator="Forge", invariant=True)
    story = [Paragraph(doc.title, styles["Title"])]
    story += [Paragraph(text, styles["Normal"]) for text in doc.paragraphs]
    story.append(Spacer(1, 12))
    table = Table([doc.table.headers, *doc.table.rows], repeatRows=1)
    numeric = [doc.table.headers.index(h) for h in doc.numeric]
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        *[("ALIGN", (i, 1), (i, -1), "RIGHT") for i in numeric],
    ]))
    story += [table, Spacer(1, 12)]
    story += [Paragraph(text, styles["Normal"]) for text in doc.footnotes]
    template.build(story)
    return buf.getvalue()


@register_preparer("pdf")
class PdfPreparer:
    """Seeded invoices and reports as PDF; workflows import this module's functions."""

    version = "1"
    file_types = ["pdf"]


# --- multi-page documents ------------------------------------------------------------------------


def section_pages(doc: DocumentContent) -> list[str]:
    """The text each page of `write_sections_pdf(doc)` prints, in page order (the title and opening
    on page 1 with the first section): what the page workflows reason about when drawing."""
    first = [doc.title, *(p.text for p in doc.opening)]
    texts = []
    for n, section in enumerate(doc.sections):
        body = [section.heading, *(p.text for p in section.paragraphs)]
        if section.table is not None:
            body += [" ".join(section.table.headers), *(" ".join(r) for r in section.table.rows)]
        texts.append(" ".join((first if n == 0 else []) + body))
    return texts


def write_sections_pdf(doc: DocumentContent, *, title_page: bool = True) -> bytes:
    """A report as a PDF with one section per page (reportlab, invariant): a document long enough
    to split, search and extract pages from. Metadata as the docx has it. Without `title_page`,
    page 1 holds only its section, as a few loose pages sent back do."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Table

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    template = SimpleDocTemplate(buf, pagesize=A4, title=doc.title, author=doc.author, subject=doc.organisation,
                                 creator="Forge", invariant=True)
    story: list[Any] = [Paragraph(doc.title, styles["Title"])] if title_page else []
    story += [Paragraph(p.text, styles["Italic"]) for p in doc.opening if title_page]
    for n, section in enumerate(doc.sections):
        if n:
            story.append(PageBreak())
        story.append(Paragraph(section.heading, styles["Heading1"]))
        story += [Paragraph(p.text, styles["BodyText"]) for p in section.paragraphs]
        if section.table is not None:
            story.append(Table([section.table.headers, *section.table.rows]))
    template.build(story)
    return buf.getvalue()
