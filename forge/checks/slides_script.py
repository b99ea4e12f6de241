"""A deck's speaker notes exported as the presenter's script (to print, or to rehearse from): a
heading line per slide - '## N. Title' in Markdown or 'Slide N: Title' in plain text, N the
deck's own slide number - then that slide's notes, a line per paragraph; every slide ('(no
notes)' under the silent ones) or only those with notes; hidden slides left out or marked
'(hidden)'. Compared line by line, blank lines aside."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TextView

HEADS = {"md": "## {n}. {title}", "txt": "Slide {n}: {title}"}


class NotesScript(CheckOptions):
    input_file: InputPath = Field(description="The deck.")
    file: OutputPath = Field(description="The script (md or txt).")
    form: Literal["md", "txt"] = Field(description="md: '## N. Title' headings; txt: 'Slide N: Title' lines.")
    scope: Literal["all", "noted"] = Field(description="all: every slide, '(no notes)' under those without notes; "
                                           "noted: only the slides with notes.")
    hidden: Literal["skip", "mark"] = Field(description="skip: hidden slides left out; mark: listed with ' (hidden)' "
                                            "after the title.")


def script_lines(slides: list[Slide], opts: NotesScript) -> list[str]:
    """The script's non-blank lines, in order."""
    lines: list[str] = []
    for slide in slides:
        notes = [fold(p) for p in slide.notes.splitlines() if p.strip()]
        if (slide.hidden and opts.hidden == "skip") or (opts.scope == "noted" and not notes):
            continue
        title = fold(slide.title) + (" (hidden)" if slide.hidden else "")
        lines += [HEADS[opts.form].format(n=slide.number, title=title), *(notes or ["(no notes)"])]
    return lines


@register_check("slides.notes_script", NotesScript, view="text")
def notes_script(state: FinalState, opts: NotesScript) -> Verdict:
    """The script's non-blank lines are exactly the heading and notes lines of the slides asked for,
    in deck order (spaces folded); the deck must have a hidden slide and a slide without notes
    for the choice to matter."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    if not any(s.hidden for s in slides) or all(s.notes.strip() for s in slides):
        return Verdict.of(False, f"{opts.input_file} needs a hidden slide and a slide without notes")
    want = script_lines(slides, opts)
    have = [fold(line) for line in output_view(state, opts.file, TextView).lines if line.strip()]
    for n, (w, h) in enumerate(zip(want, have, strict=False), start=1):
        if w != h:
            return Verdict.of(False, f"line {n} of {opts.file} (blank lines aside) reads {h!r}, expected {w!r}")
    if len(have) != len(want):
        extra = have[len(want):] or want[len(have):]
        return Verdict.of(False, f"{opts.file} has {len(have)} lines (blank lines aside), expected {len(want)}; "
                          f"{'extra' if len(have) > len(want) else 'missing'}: {extra[0]!r}")
    return Verdict.of(True, f"{opts.file}: the {len(want)} script lines as asked")
