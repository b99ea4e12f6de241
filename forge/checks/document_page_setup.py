"""`document.page_setup`: a document's pages set up for where it is going - another paper size (a
US report printed on A4 in Europe, or the other way), margins on all four sides, or a wider left
margin for binding - on every section, each keeping its orientation (a landscape appendix stays
landscape, on the new paper turned sideways); the text, headers, footers and tables unchanged."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from forge.checks.document import DocumentEdit
from forge.checks.document_layout import same_text
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView

Paper = Literal["a4", "letter"]
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SIDES = ("top", "bottom", "left", "right")


class PageSetupOptions(DocumentEdit):
    paper: Paper | None = Field(default=None, description="The paper of every page (its short and long side); "
                                "None: each section's paper as it was.")
    margins_cm: dict[str, float] | None = Field(default=None, description="top, bottom, left and right in cm, on "
                                                "every page; None: each section's margins as they were.")
    tolerance: float = Field(default=0.5, ge=0, description="Slack in mm on sizes and margins (unit rounding).")

    @field_validator("margins_cm")
    @classmethod
    def _four_sides(cls, value: dict[str, float] | None) -> dict[str, float] | None:
        if value is not None and sorted(value) != sorted(SIDES):
            raise ValueError(f"margins_cm names {sorted(value)}; it must name exactly {', '.join(SIDES)}")
        return value


def _close(a: float | None, b: float, tolerance: float) -> bool:
    return a is not None and abs(a - b) <= tolerance


@register_check("document.page_setup", PageSetupOptions, view="document")
def page_setup(state: FinalState, opts: PageSetupOptions) -> Verdict:
    """Every section of the result is on the asked paper (else its own, either way round) in the
    orientation it had (marked so, and wider than tall exactly when landscape), with the asked
    margins (else its own); the sections are the original's, and the text, headers, footers and
    tables read as they did."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    if not original.sections:
        return Verdict.of(False, f"{opts.input_file} has no page setup to start from")
    if msg := same_text(original, output, opts.file):
        return Verdict.of(False, msg)
    if len(output.sections) != len(original.sections):
        return Verdict.of(False, f"{opts.file} has {len(output.sections)} section(s), expected "
                          f"{len(original.sections)} as in {opts.input_file}")
    for n, (old, new) in enumerate(zip(original.sections, output.sections, strict=True), start=1):
        where = f"section {n} of {opts.file}"
        if new.width_mm is None or new.height_mm is None:
            return Verdict.of(False, f"{where} has no page size")
        wide = old.orientation == "landscape"
        if new.orientation != old.orientation or (new.width_mm > new.height_mm) != wide:
            return Verdict.of(False, f"{where} is marked {new.orientation}, {new.width_mm:.1f} x {new.height_mm:.1f} "
                              f"mm; it must stay {old.orientation}")
        paper = PAPERS[opts.paper] if opts.paper else tuple(sorted([old.width_mm or 0, old.height_mm or 0]))
        size = sorted([new.width_mm, new.height_mm])
        if not all(_close(a, b, opts.tolerance) for a, b in zip(size, paper, strict=True)):
            return Verdict.of(False, f"{where} is on {size[0]:.1f} x {size[1]:.1f} mm paper, expected {paper[0]:.1f} "
                              f"x {paper[1]:.1f} mm")
        want = {side: opts.margins_cm[side] * 10 for side in SIDES} if opts.margins_cm else old.margins_mm
        for side in SIDES:
            if side not in want:  # Word requires all four; a file without one cannot say what was kept
                return Verdict.of(False, f"section {n} of {opts.input_file} sets no {side} margin, so keeping its "
                                  "margins cannot be checked; state the margins to use")
            if not _close(new.margins_mm.get(side), want[side], opts.tolerance):
                return Verdict.of(False, f"{where} has a {side} margin of {new.margins_mm.get(side)} mm, expected "
                                  f"{want[side]:.1f} mm")
    paper_said = f"{opts.paper.upper() if opts.paper == 'a4' else 'Letter'} paper" if opts.paper else "paper kept"
    margins_said = "margins as asked" if opts.margins_cm else "margins kept"
    return Verdict.of(True, f"{len(output.sections)} section(s): {paper_said}, {margins_said}, orientation kept")
