"""A helper of the pdf case modules: a small PDF whose pages print the lines given."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas


def text_pdf(pages: list[str]) -> bytes:
    """One page per text, one drawn line per line of it (reportlab, invariant)."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    for text in pages:
        for n, line in enumerate(text.splitlines()):
            sheet.drawString(72, 760 - 20 * n, line)
        sheet.showPage()
    sheet.save()
    return buf.getvalue()
