"""PDF handler: opens with pypdf and requires pages with extractable text.

A task that asks an agent to read a PDF needs text it can read; an encrypted or image-only
PDF would make the task unsolvable or unverifiable, so both are rejected here.
"""

from __future__ import annotations

import io

from forge.errors import PreparerError
from forge.filetypes import FileReport, FileTypeBase, register_file_type


@register_file_type("pdf")
class PdfFile(FileTypeBase):
    """Opens a PDF with pypdf: page count, characters of extractable text per page."""

    extensions = (".pdf",)

    def inspect(self, data: bytes) -> FileReport:
        from pypdf import PdfReader

        if not data.lstrip()[:5].startswith(b"%PDF-"):
            raise PreparerError("not a PDF: the file does not start with a %PDF- header")
        try:
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted:
                raise PreparerError("PDF is encrypted; produced PDFs must open without a password")
            pages = [page.extract_text() or "" for page in reader.pages]
        except PreparerError:
            raise
        except Exception as exc:  # PdfReadError, EmptyFileError, ValueError, KeyError on damage
            raise PreparerError(f"not a readable PDF: {type(exc).__name__}: {exc}") from exc
        if not pages:
            raise PreparerError("PDF has no pages")
        chars = [len(t.strip()) for t in pages]
        if not any(chars):
            raise PreparerError(f"PDF has no extractable text on any of its {len(pages)} page(s) "
                                "(image-only or outlined text?)")
        title = None
        try:
            title = reader.metadata.title if reader.metadata else None
        except Exception:  # a damaged info dictionary is not worth rejecting the file over
            title = None
        return FileReport(
            type="pdf",
            summary={
                "pages": len(pages),
                "chars_per_page": chars,
                "pages_with_text": sum(1 for n in chars if n),
                "title": title,
            },
            text="\n".join(pages),
        )
