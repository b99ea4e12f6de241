"""Pages laid out several to a sheet (2-up on landscape A4, 4-up on portrait A4) to print a
handout: each sheet holds the next two or four pages of the input, in reading order, and the
sheets are A4 the way up asked. The pages come from the task's input PDF; the count per sheet
from the instruction."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_edits import _bare
from forge.checks.pdf_reports import paper_name
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView


class PagesNUp(CheckOptions):
    file: OutputPath
    input_file: InputPath
    per_sheet: Literal[2, 4] = Field(description="Pages per sheet: 2 side by side on landscape A4, 4 in a two by "
                                     "two grid on portrait A4.")


@register_check("pdf.pages_n_up", PagesNUp, view="pdf")
def pages_n_up(state: FinalState, opts: PagesNUp) -> Verdict:
    """The output has one sheet per `per_sheet` input pages (the last may hold fewer); each sheet's
    text is those pages' text in order; every sheet is A4, landscape for 2 a sheet and portrait for
    4 (a /Rotate turn counted)."""
    pages = input_view(state, opts.input_file, PdfView).pages
    out = output_view(state, opts.file, PdfView)
    sheets = math.ceil(len(pages) / opts.per_sheet)
    if len(out.pages) != sheets:
        return Verdict.of(False, f"{opts.file} has {len(out.pages)} sheets, expected {sheets} ({len(pages)} pages, "
                          f"{opts.per_sheet} a sheet)")
    for n, sheet in enumerate(out.pages, start=1):
        group = pages[(n - 1) * opts.per_sheet:n * opts.per_sheet]
        if _bare(sheet) != "".join(_bare(p) for p in group):
            first = (n - 1) * opts.per_sheet + 1
            return Verdict.of(False, f"sheet {n} of {opts.file} does not hold pages {first}-{first + len(group) - 1} "
                              f"in order (it reads {fold(sheet)[:70]!r})")
    landscape = opts.per_sheet == 2
    for n, (width, height) in enumerate(out.sizes, start=1):
        turned = (out.rotations[n - 1] if len(out.rotations) == len(out.sizes) else 0) in (90, 270)
        wide = (width > height) != turned
        if paper_name(width, height) != "A4" or wide != landscape:
            return Verdict.of(False, f"sheet {n} of {opts.file} is {width:.0f} x {height:.0f} pt"
                              f"{' turned' if turned else ''}, not {'landscape' if landscape else 'portrait'} A4")
    return Verdict.of(True, f"{len(pages)} pages on {sheets} sheets, {opts.per_sheet} a sheet")
