"""The .pptx half (python-pptx)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ._runs import replace_in_paragraph


def _open(path: str) -> Any:
    import pptx

    return pptx.Presentation(path)


def _shapes(shapes: Any) -> Iterator[Any]:
    from pptx.shapes.group import GroupShape

    for shape in shapes:
        if isinstance(shape, GroupShape):  # its shapes, in order
            yield from _shapes(shape.shapes)
        else:
            yield shape


def _paragraphs(shape: Any) -> Iterator[Any]:
    if shape.has_text_frame:
        yield from shape.text_frame.paragraphs
    if getattr(shape, "has_table", False):
        for row in shape.table.rows:
            for cell in row.cells:
                yield from cell.text_frame.paragraphs


def slide_texts(path: str) -> list[list[str]]:
    slides = []
    for slide in _open(path).slides:
        texts = ["\n".join(p.text for p in _paragraphs(shape) if p.text) for shape in _shapes(slide.shapes)]
        slides.append([text for text in texts if text])
    return slides


def paragraphs(path: str) -> list[str]:
    return [p.text for slide in _open(path).slides for shape in _shapes(slide.shapes) for p in _paragraphs(shape)]


def tables(path: str) -> list[list[list[str]]]:
    return [[[cell.text for cell in row.cells] for row in shape.table.rows]
            for slide in _open(path).slides for shape in _shapes(slide.shapes) if getattr(shape, "has_table", False)]


def headings(path: str) -> list[tuple[int, str]]:
    titles = (slide.shapes.title for slide in _open(path).slides)
    return [(1, title.text_frame.text) for title in titles if title is not None and title.has_text_frame]


def replace_text(path: str, old: str, new: str, out: str) -> int:
    presentation = _open(path)
    count = sum(replace_in_paragraph(p, old, new) for slide in presentation.slides
                for shape in _shapes(slide.shapes) for p in _paragraphs(shape))
    presentation.save(out)
    return count
