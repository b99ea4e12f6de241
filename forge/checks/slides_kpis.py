"""A 'Key figures' slide brought up to date from the latest figures file (a Metric/Value table as CSV
or xlsx): each 'Label: value' bullet gets its metric's value (numbers however printed, within a
tolerance); metrics the file has but the slide lacks are added as bullets at the end, in the file's
order, when asked. Every other slide, and every slide's notes, read as they did."""

from __future__ import annotations

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.slides import DeckEdit, _find, body_lines, deck_diff, face
from forge.checks.slides_tables import as_number, shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, TableView


class KpisRefreshed(DeckEdit):
    data_file: InputPath = Field(description="The figures: a table whose first column names the metric and whose "
                                 "second holds its value.")
    slide_title: str = Field(description="The slide of 'Label: value' bullets.")
    add_missing: bool = Field(description="Metrics of the file missing from the slide are added at its end.")
    tolerance: float = Field(default=0.005, ge=0)


def _entry(line: str) -> tuple[str, str]:
    label, _, value = line.partition(":")
    return fold(label), fold(value)


@register_check("slides.kpis_refreshed", KpisRefreshed, view="slides")
def kpis_refreshed(state: FinalState, opts: KpisRefreshed) -> Verdict:
    """The named slide's bullets are its metrics (then the file's other metrics, when asked) each
    reading 'Label: value' with the file's value; the values changed; nothing else did."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    at = _find(original, opts.slide_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    figures = {shown(r[0]): r[1] for r in input_view(state, opts.data_file, TableView).get().body if r and r[0]}
    old = [_entry(line) for line in body_lines(original.slides[at])]
    if missing := [label for label, _ in old if label not in figures]:
        return Verdict.of(False, f"{opts.data_file} has no figure for {missing[0]!r}")
    labels = [label for label, _ in old]
    labels += [label for label in figures if label not in labels] if opts.add_missing else []
    if all(as_number(v) == figures[label] for label, v in old) and len(labels) == len(old):
        return Verdict.of(False, f"the slide {opts.slide_title!r} already shows {opts.data_file}'s figures")
    faces = [face(s) for s in output.slides]
    want = [face(s) for s in original.slides]
    if len(faces) == len(want):
        faces[at] = (faces[at][0], want[at][1])  # the slide's own lines are compared below
    if msg := deck_diff(want, faces, opts.file):
        return Verdict.of(False, msg)
    for was, now in zip(original.slides, output.slides, strict=True):
        if fold(was.notes) != fold(now.notes):
            return Verdict.of(False, f"the notes of slide {now.number} ({fold(now.title)!r}) of {opts.file} changed")
    got = [_entry(line) for line in body_lines(output.slides[at])]
    where = f"slide {at + 1} ({opts.slide_title!r}) of {opts.file}"
    if [label for label, _ in got] != labels:
        return Verdict.of(False, f"{where} lists {[label for label, _ in got]}, expected {labels}")
    for label, value in got:
        number, want_value = as_number(value), figures[label]
        if not (is_number(want_value) and number is not None and abs(number - float(want_value)) <= opts.tolerance):
            return Verdict.of(False, f"{where}: {label!r} reads {value!r}, expected {shown(want_value)!r}")
    return Verdict.of(True, f"{len(labels)} figures on {opts.slide_title!r} from {opts.data_file}")
