"""Where an output's text lines first depart from the expected ones, said the same way by the text
checks that compare whole lists of lines (blank lines already dropped by the caller), and the lines
as those checks compare them."""

from __future__ import annotations


def text_lines_diff(want: list[str], got: list[str], file: str) -> str | None:
    """The first differing text line (1-based), else a missing or extra line at the end; None: equal."""
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            return f"text line {n} of {file} is {g[:90]!r}, expected {w[:90]!r}"
    if len(got) != len(want):
        where = f"first missing: {want[len(got)][:70]!r}" if len(got) < len(want) else f"extra: {got[len(want)][:70]!r}"
        return f"{file} has {len(got)} text lines, expected {len(want)} ({where})"
    return None


def trimmed_lines(lines: list[str]) -> list[str]:
    """The lines without trailing spaces, blank lines at the end dropped."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out
