"""Text and facts of PDF files (Forge domain library `pdf`), over pypdf."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["find_pages", "metadata", "outline", "page_count", "page_texts"]


def _reader(path: str) -> Any:
    import pypdf

    return pypdf.PdfReader(path)


def page_texts(path: str) -> list[str]:
    """The extracted text of each page, in order."""
    return [page.extract_text() or "" for page in _reader(path).pages]


def page_count(path: str) -> int:
    return len(_reader(path).pages)


def _squashed(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def find_pages(path: str, needle: str) -> list[int]:
    """1-based numbers of the pages whose text holds `needle`, ignoring case and spacing."""
    wanted = _squashed(needle)
    if not wanted:
        raise ValueError("find_pages: `needle` must hold some text")
    return [number for number, text in enumerate(page_texts(path), start=1) if wanted in _squashed(text)]


def metadata(path: str) -> dict[str, str]:
    """The document info (`/Title` as `title`, ...), values as text."""
    info = _reader(path).metadata or {}
    return {str(key).lstrip("/").lower(): str(info[key]) for key in info}  # indexing resolves indirect values


def outline(path: str) -> list[tuple[int, str, int]]:
    """(level from 1, title, 1-based page) of each bookmark, depth first."""
    reader = _reader(path)
    found: list[tuple[int, str, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                found.append((level, str(item.title), reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 1)
    return found
