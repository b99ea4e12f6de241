"""docx and pptx handlers: open with python-docx / python-pptx and summarise the structure.

A file that opens but holds nothing (a docx with no text and no tables, a deck with no slides)
is rejected: a task built on an empty document is broken even though the zip is valid.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from forge.errors import PreparerError
from forge.filetypes import FileReport, FileTypeBase, LibreOfficeRoute, register_file_type
from forge.filetypes.libreoffice import Expect, Unverified, ends, export, require


def _guarded(kind: str, read: Callable[[bytes], FileReport], data: bytes) -> FileReport:
    """Run `read`, turning any library error into a PreparerError: a damaged part can surface as
    an AttributeError or lxml error while walking the document, not only when opening it."""
    try:
        return read(data)
    except PreparerError:
        raise
    except Exception as exc:  # BadZipFile, PackageNotFoundError, ValueError (wrong type), KeyError, ...
        raise PreparerError(f"not a readable {kind}: {type(exc).__name__}: {exc}") from exc


def _table_texts(table: Any) -> Iterator[str]:
    """Cell texts once each: a merged cell appears in every grid slot it spans, so dedupe by XML node.

    The set holds the lxml elements themselves: an id() of a dropped proxy can be reused.
    """
    seen: set[Any] = set()
    for row in table.rows:
        for cell in row.cells:
            if cell._tc in seen:
                continue
            seen.add(cell._tc)
            if cell.text.strip():
                yield cell.text


def _expect_docx(data: bytes) -> Expect:
    import docx

    document = docx.Document(io.BytesIO(data))
    texts = [p.text for p in document.paragraphs if p.text.strip()]
    texts += [c.text for t in document.tables for r in t.rows for c in r.cells if c.text.strip()]
    return Expect(opened=True, groups={"": ends(texts)})


def _check_txt(outdir: Path, stem: str, expect: Expect) -> str:
    try:
        text = export(outdir, stem, "txt", "a text document").read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Unverified(f"wrote a txt that is not UTF-8: {exc}") from exc
    probes = require(expect, "", text, "the txt")
    return f"LibreOffice loaded the document; {probes} probe text(s) found in its txt"


def _expect_pptx(data: bytes) -> Expect:
    import pptx

    shown = [s for s in pptx.Presentation(io.BytesIO(data)).slides if s._element.get("show") != "0"]
    framed = ([sh.text_frame.text for sh in s.shapes if sh.has_text_frame] for s in shown)
    texts = [next(t for t in frames if t.strip()) for frames in framed if any(t.strip() for t in frames)]
    return Expect(opened=True, groups={"": texts[:9] + texts[9:][-1:]}, pages=len(shown))


def _check_pdf(outdir: Path, stem: str, expect: Expect) -> str:
    from pypdf import PdfReader

    out = export(outdir, stem, "pdf", "a presentation")
    try:
        reader = PdfReader(out)
        text, pages = "\n".join(page.extract_text() or "" for page in reader.pages), len(reader.pages)
    except Exception as exc:  # pypdf's errors on a damaged export
        raise Unverified(f"wrote a pdf that pypdf cannot read: {type(exc).__name__}: {exc}") from exc
    if expect.pages is not None and pages != expect.pages:
        raise Unverified(f"wrote {pages} page(s) for {expect.pages} shown slide(s)")
    probes = require(expect, "", text, "the pdf")
    return f"LibreOffice rendered {pages} slide(s); {probes} probe text(s) found in its pdf"


@register_file_type("docx")
class DocxFile(FileTypeBase):
    """Opens a docx with python-docx: paragraphs, tables, headers/footers and their text."""

    extensions = (".docx",)
    libreoffice = LibreOfficeRoute("MS Word 2007 XML", "txt:Text (encoded):UTF8", _expect_docx, _check_txt)

    def inspect(self, data: bytes) -> FileReport:
        return _guarded("docx document", self._read, data)

    def _read(self, data: bytes) -> FileReport:
        import docx

        document = docx.Document(io.BytesIO(data))
        paragraphs = [p.text for p in document.paragraphs]
        body = [t for t in paragraphs if t.strip()]
        cells = [t for table in document.tables for t in _table_texts(table)]
        margins: list[str] = []
        for section in document.sections:
            for part in (section.header, section.footer):
                if not part.is_linked_to_previous:
                    margins.extend(p.text for p in part.paragraphs if p.text.strip())
        if not body and not document.tables:
            raise PreparerError("docx document is empty: no paragraph has text and there are no tables")
        headings = [p.text for p in document.paragraphs if p.style is not None
                    and (p.style.name or "").startswith(("Heading", "Title")) and p.text.strip()]
        return FileReport(
            type="docx",
            summary={
                "paragraphs": len(paragraphs),
                "non_empty_paragraphs": len(body),
                "tables": len(document.tables),
                "non_empty_cells": len(cells),
                "headings": headings[:20],
                "sections": len(document.sections),
                "words": sum(len(t.split()) for t in body + cells),
            },
            text="\n".join(body + cells + margins),
        )


def _shape_texts(shapes: Any) -> Iterator[str]:
    """Visible text of shapes, recursing into groups and tables."""
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    for shape in shapes:
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            yield from _shape_texts(shape.shapes)
        elif getattr(shape, "has_table", False):
            yield from _table_texts(shape.table)
        elif shape.has_text_frame and shape.text_frame.text.strip():
            yield shape.text_frame.text


@register_file_type("pptx")
class PptxFile(FileTypeBase):
    """Opens a pptx with python-pptx: slide count, shapes per slide, titles and visible text.

    A slide with no shapes at all is reported as a problem: a generated deck never means one.
    """

    extensions = (".pptx",)
    libreoffice = LibreOfficeRoute("Impress MS PowerPoint 2007 XML", "pdf:impress_pdf_Export", _expect_pptx, _check_pdf)

    def inspect(self, data: bytes) -> FileReport:
        return _guarded("pptx presentation", self._read, data)

    def _read(self, data: bytes) -> FileReport:
        import pptx

        deck = pptx.Presentation(io.BytesIO(data))
        slides = list(deck.slides)
        if not slides:
            raise PreparerError("pptx presentation has zero slides")
        texts: list[str] = []
        shapes_per_slide: list[int] = []
        titles: list[str] = []
        text_shapes = 0
        for slide in slides:
            shapes_per_slide.append(len(slide.shapes))
            title = slide.shapes.title
            titles.append(title.text_frame.text if title is not None and title.has_text_frame else "")
            found = list(_shape_texts(slide.shapes))
            text_shapes += len(found)
            texts.extend(found)
            if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
                notes = slide.notes_slide.notes_text_frame.text
                if notes.strip():
                    texts.append(notes)
        return FileReport(
            type="pptx",
            summary={
                "slides": len(slides),
                "shapes_per_slide": shapes_per_slide,
                "titles": titles,
                "text_shapes": text_shapes,
            },
            text="\n".join(texts),
            problems=[f"slide {n} has no shapes" for n, k in enumerate(shapes_per_slide, start=1) if not k],
        )
