"""A report's two-level outline: parts (Background, Findings, Next steps), each opening its first
section's page, over one bookmark per section. Shared by the workflows that read bookmarks."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter

from workflows.spec import WorkflowContext

PARTS = {2: ["Background", "Results and next steps"], 3: ["Background", "Findings", "Next steps"]}


def draw_parts(ctx: WorkflowContext, headings: list[str]) -> list[tuple[str, int, int]]:
    """Two or three parts over the sections: (title, first section index, index past the last)."""
    count = 3 if len(headings) >= 5 and ctx.rng.random() < 0.6 else 2
    cuts = sorted(ctx.rng.sample(range(1, len(headings)), count - 1))
    return list(zip(PARTS[count], [0, *cuts], [*cuts, len(headings)], strict=True))


def outlined(data: bytes, parts: list[tuple[str, int, int]], headings: list[str]) -> bytes:
    """The PDF (one section per page) with the parts as top-level bookmarks over the sections."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for title, start, end in parts:
        part = writer.add_outline_item(title=title, page_number=start)
        for k in range(start, end):
            writer.add_outline_item(title=headings[k], page_number=k, parent=part)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def with_parts(ctx: WorkflowContext, data: bytes, headings: list[str]) -> bytes:
    return outlined(data, draw_parts(ctx, headings), headings)
