"""The .docx half (python-docx)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ._runs import replace_in_paragraph


def _open(path: str) -> Any:
    import docx

    return docx.Document(path)


def _all_paragraphs(document: Any) -> Iterator[Any]:
    yield from document.paragraphs
    for table in document.tables:
        for row in table.rows:
            for cell in row.cells:
                yield from cell.paragraphs


def paragraphs(path: str) -> list[str]:
    return [p.text for p in _all_paragraphs(_open(path))]


def tables(path: str) -> list[list[list[str]]]:
    return [[[cell.text for cell in row.cells] for row in table.rows] for table in _open(path).tables]


def headings(path: str) -> list[tuple[int, str]]:
    found = []
    for paragraph in _open(path).paragraphs:
        match = re.fullmatch(r"Heading (\d)", paragraph.style.name if paragraph.style is not None else "")
        if match:
            found.append((int(match.group(1)), paragraph.text))
        elif paragraph.style is not None and paragraph.style.name == "Title":
            found.append((0, paragraph.text))
    return found


def replace_text(path: str, old: str, new: str, out: str) -> int:
    document = _open(path)
    count = sum(replace_in_paragraph(p, old, new) for p in _all_paragraphs(document))
    for section in document.sections:
        for part in (section.header, section.footer):
            if not part.is_linked_to_previous:  # a linked one has no text of its own (reading it would add one)
                count += sum(replace_in_paragraph(p, old, new) for p in part.paragraphs)
    document.save(out)
    return count
