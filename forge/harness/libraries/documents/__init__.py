"""Text of .docx and .pptx files (Forge domain library `documents`): each function takes either."""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["headings", "paragraphs", "replace_text", "slide_texts", "tables"]


def _half(path: str) -> ModuleType:
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".docx":
        from . import _word

        return _word
    if suffix == ".pptx":
        from . import _slides

        return _slides
    raise ValueError(f"{path}: not a .docx or .pptx file")


def paragraphs(path: str) -> list[str]:
    """The text of every paragraph, in reading order (tables' cells included)."""
    return _half(path).paragraphs(path)


def slide_texts(path: str) -> list[list[str]]:
    """Per slide of a .pptx, the text of each shape that has any (groups opened)."""
    if os.path.splitext(path)[1].lower() != ".pptx":
        raise ValueError(f"{path}: slide_texts reads .pptx files; use paragraphs() for a .docx")
    return _half(path).slide_texts(path)


def tables(path: str) -> list[list[list[str]]]:
    """Every table, as rows of cell texts."""
    return _half(path).tables(path)


def headings(path: str) -> list[tuple[int, str]]:
    """(level, text): a .docx's Title (0) and Heading N paragraphs; a .pptx's slide titles (1)."""
    return _half(path).headings(path)


def replace_text(path: str, old: str, new: str, out: str | None = None) -> int:
    """Replace every occurrence of `old` (body, tables, headers and footers); save to `out` or in place."""
    if not old:
        raise ValueError("replace_text: `old` must not be empty")
    target = out or path
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    return _half(path).replace_text(path, old, new, target)
