"""PDF, end to end: inspect, bound, read as pages of text (and the tables on them), mutate.

- `inspect`: pypdf; a PDF must open without a password and have extractable text, since a task
  asking an agent to read it needs text it can read (image-only or encrypted PDFs are refused);
- `check_bounds`: size and page count before text extraction;
- `read` -> `PdfView` (text per page, metadata) or `TableView`: runs of layout-mode lines that
  split into the same number (two or more) of columns at gaps of two or more spaces, so the
  table checks serve a PDF's tables as they serve a spreadsheet's;
- mutators: the last page dropped, the pages reversed;
- no LibreOffice route: the agent reads a PDF in a viewer, and Draw's PDF import proves nothing
  more than pypdf does.
"""

from __future__ import annotations

import io
import re
from contextlib import suppress
from functools import lru_cache
from typing import Any

from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, MutantFiles, MutationInput, register_file_type, register_mutator
from forge.views import PdfView, Table, TableView, View
from preparers.filetypes._cells import number_or_text

MAX_PAGES = 500
PDF = {"pdf"}
_GAP = re.compile(r"\s{2,}")


def _reader(data: bytes) -> Any:
    from pypdf import PdfReader

    if not data.lstrip()[:5].startswith(b"%PDF-"):
        raise PreparerError("not a PDF: the file does not start with a %PDF- header")
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise PreparerError("PDF is encrypted; produced PDFs must open without a password")
        return reader
    except PreparerError:
        raise
    except Exception as exc:  # PdfReadError, EmptyFileError, ValueError, KeyError on damage
        raise PreparerError(f"not a readable PDF: {type(exc).__name__}: {exc}") from exc


def _metadata(reader: Any) -> dict[str, str]:
    try:
        info = reader.metadata or {}
        return {str(k).lstrip("/"): str(v) for k, v in info.items() if v is not None}
    except Exception:  # noqa: BLE001 - a damaged info dictionary loses the metadata, not the file
        return {}


def _layout(reader: Any) -> tuple[list[int], dict[str, str]]:
    """Each page's rotation and the form fields' values; a damaged part reads as none."""
    try:
        rotations = [int(page.rotation) % 360 for page in reader.pages]
    except Exception:  # noqa: BLE001 - a damaged /Rotate entry loses the rotations, not the file
        rotations = []
    try:
        found = reader.get_fields() or {}
        fields = {str(k): "" if f.get("/V") is None else str(f.get("/V")) for k, f in found.items()}
    except Exception:  # noqa: BLE001 - a damaged AcroForm loses the fields, not the file
        fields = {}
    return rotations, fields


def _outline(reader: Any, items: Any, depth: int) -> list[tuple[int, str, int]]:
    found: list[tuple[int, str, int]] = []
    for item in items:
        if isinstance(item, list):
            found += _outline(reader, item, depth + 1)
            continue
        try:
            page = reader.get_destination_page_number(item) + 1
        except Exception:  # noqa: BLE001 - a bookmark with no page opens none
            page = 0
        found.append((depth, str(item.title), page))
    return found


def _structure(reader: Any) -> dict[str, Any]:
    """The bookmarks, page labels and page boxes; a damaged part reads as none."""
    readers = {
        "outline": lambda: _outline(reader, reader.outline, 0),
        "page_labels": lambda: [str(label) for label in reader.page_labels],
        "boxes": lambda: [tuple(float(v) for v in (p.cropbox.left, p.cropbox.bottom, p.cropbox.right, p.cropbox.top))
                          for p in reader.pages],
        "sizes": lambda: [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages],
    }
    found: dict[str, Any] = {}
    for name, read in readers.items():
        with suppress(Exception):  # a damaged part reads as none; the file still opens
            found[name] = read()
    return found


def layout_tables(pages: list[str], name_prefix: str = "table") -> list[Table]:
    """Tables in layout-mode page text: consecutive lines splitting into the same column count (>= 2)."""
    tables: list[Table] = []
    for text in pages:
        block: list[list[str]] = []
        for line in [*text.splitlines(), ""]:
            cells = [c for c in _GAP.split(line.strip()) if c] if line.strip() else []
            if len(cells) >= 2 and (not block or len(cells) == len(block[0])):
                block.append(cells)
                continue
            if len(block) >= 2:
                tables.append(Table.of(f"{name_prefix} {len(tables) + 1}", [[number_or_text(c) for c in r] for r in block]))
            block = [cells] if len(cells) >= 2 else []
    return tables


@lru_cache(maxsize=64)
def _pages(data: bytes, path: str, layout: bool) -> tuple[str, ...]:
    try:
        reader = _reader(data)
        if len(reader.pages) > MAX_PAGES:
            raise CheckError(f"{path} has {len(reader.pages)} pages, over the bound of {MAX_PAGES}")
        mode = {"extraction_mode": "layout"} if layout else {}
        return tuple(page.extract_text(**mode) or "" for page in reader.pages)
    except PreparerError as exc:
        raise CheckError(f"{path}: {exc}") from exc
    except CheckError:
        raise
    except Exception as exc:  # noqa: BLE001 - pypdf raises many kinds on damaged content streams
        raise CheckError(f"{path}: text extraction failed: {type(exc).__name__}: {exc}") from exc


@register_file_type("pdf")
class PdfFile(FileTypeBase):
    """PDF documents, read with pypdf."""

    extensions = (".pdf",)
    views = ("pdf", "table")

    def inspect(self, data: bytes) -> FileReport:
        reader = _reader(data)
        try:
            pages = [page.extract_text() or "" for page in reader.pages]
        except Exception as exc:  # noqa: BLE001 - damaged content streams
            raise PreparerError(f"not a readable PDF: {type(exc).__name__}: {exc}") from exc
        if not pages:
            raise PreparerError("PDF has no pages")
        chars = [len(t.strip()) for t in pages]
        if not any(chars):
            raise PreparerError(f"PDF has no extractable text on any of its {len(pages)} page(s) "
                                "(image-only or outlined text?)")
        return FileReport(type="pdf", summary={"pages": len(pages), "chars_per_page": chars,
                                               "pages_with_text": sum(1 for n in chars if n),
                                               "title": _metadata(reader).get("Title")},
                          text="\n".join(pages))

    def read(self, data: bytes, path: str, view: str) -> View:
        if view == "table":
            return TableView(source=path, tables=layout_tables(list(_pages(data, path, True))))
        try:
            reader = _reader(data)
            metadata = _metadata(reader)
            rotations, fields = _layout(reader)
            structure = _structure(reader)
        except PreparerError as exc:
            raise CheckError(f"{path}: {exc}") from exc
        return PdfView(source=path, pages=list(_pages(data, path, False)), metadata=metadata, rotations=rotations,
                       fields=fields, **structure)


# --- mutators ----------------------------------------------------------------------------------


def _rewrite(probe: MutationInput, pick: Any) -> MutantFiles | None:
    """The first PDF output with its pages chosen by `pick(count) -> indexes`; None when nothing changes."""
    from pypdf import PdfReader, PdfWriter

    path = next(iter(probe.outputs_of_type(PDF)), None)
    if path is None or path not in probe.oracle_outputs:
        return None
    try:
        reader = PdfReader(io.BytesIO(probe.oracle_outputs[path]))
        indexes = pick(len(reader.pages))
        if indexes is None or indexes == list(range(len(reader.pages))):
            return None
        writer = PdfWriter()
        for i in indexes:
            writer.add_page(reader.pages[i])
        buf = io.BytesIO()
        writer.write(buf)
    except Exception:  # noqa: BLE001 - an output pypdf cannot rewrite gets no such mutant
        return None
    return {**probe.oracle_outputs, path: buf.getvalue()}


@register_mutator("pdf.drop_page", file_types=PDF)
def drop_page(probe: MutationInput) -> MutantFiles | None:
    """The PDF lost its last page."""
    return _rewrite(probe, lambda n: list(range(n - 1)) if n > 1 else None)


@register_mutator("pdf.pages_reversed", file_types=PDF)
def pages_reversed(probe: MutationInput) -> MutantFiles | None:
    """The PDF's pages are in reverse order."""
    return _rewrite(probe, lambda n: list(reversed(range(n))) if n > 1 else None)
