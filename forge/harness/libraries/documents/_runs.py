"""Replacing text in a paragraph's runs, shared by the .docx and .pptx halves."""

from __future__ import annotations

from typing import Any


def replace_in_paragraph(paragraph: Any, old: str, new: str) -> int:
    """Replace `old` in one paragraph; where it spans runs, the first run takes the whole text."""
    text = "".join(run.text for run in paragraph.runs)
    count = text.count(old)
    if not count:
        return 0
    runs = list(paragraph.runs)
    if sum(run.text.count(old) for run in runs) != count:  # one spans runs
        runs[0].text = text.replace(old, new)
        for run in runs[1:]:
            run.text = ""
    else:
        for run in runs:
            run.text = run.text.replace(old, new)
    return count
