"""The agenda slide given the slide number of each item - 'Pipeline (slide 5)' or 'Pipeline - 5' -
added to a plain agenda or brought up to date after slides were added or moved; the agenda's own
order and wording kept, every other slide unchanged."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, body_lines, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView

Form = Literal["paren", "dash"]
FORMS: dict[str, Callable[[str, int], str]] = {
    "paren": lambda title, n: f"{title} (slide {n})",
    "dash": lambda title, n: f"{title} - {n}",
}
OLD_NUMBER = re.compile(r"\s*(?:\(slide \d+\)|[-–] \d+)$")


class AgendaNumbered(DeckEdit):
    form: Form = Field(description="paren: 'Title (slide N)'; dash: 'Title - N'.")
    agenda_title: str = Field(default="Agenda", description="The agenda slide's title.")


@register_check("slides.agenda_numbered", AgendaNumbered, view="slides")
def agenda_numbered(state: FinalState, opts: AgendaNumbered) -> Verdict:
    """Each agenda item, in the agenda's order, reads its title (any old number dropped) with the
    number of the slide of that title in the asked form; every other slide reads as it did and
    stays in its place; the agenda was not already right."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    at = [i for i, s in enumerate(original.slides) if fold(s.title) == fold(opts.agenda_title)]
    if len(at) != 1:
        return Verdict.of(False, f"{opts.input_file} has {len(at)} slides titled {opts.agenda_title!r}")
    numbers = {fold(s.title): s.number for s in original.slides}
    items = [OLD_NUMBER.sub("", line) for line in body_lines(original.slides[at[0]])]
    missing = [item for item in items if item not in numbers]
    if missing:
        return Verdict.of(False, f"the agenda item {missing[0]!r} names no slide of {opts.input_file}")
    want = [FORMS[opts.form](item, numbers[item]) for item in items]
    faces = [face(s) for s in original.slides]
    if list(faces[at[0]][1]) == want:
        return Verdict.of(False, f"the agenda of {opts.input_file} already reads {want}")
    faces[at[0]] = (faces[at[0]][0], tuple(want))
    if msg := deck_diff(faces, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(want)} agenda items carry their slide numbers")
