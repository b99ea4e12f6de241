"""New slide titles applied from the list an editor sent (a CSV: the old title or the slide number,
and the new title): each listed slide retitled, every other title, text and note as it was; the
agenda slide's items renamed to match when asked."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, deck_diff, face
from forge.checks.slides_tables import shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, TableView


class TitlesFromList(DeckEdit):
    list_file: InputPath = Field(description="The list: first column the old title (or slide number), second the new.")
    by: Literal["title", "number"] = Field(description="How the list names each slide.")
    agenda: bool = Field(description="The agenda slide (titled 'Agenda') lists the renamed titles too.")


@register_check("slides.titles_from_list", TitlesFromList, view="slides")
def titles_from_list(state: FinalState, opts: TitlesFromList) -> Verdict:
    """Each slide the list names carries its new title; the agenda's matching lines are renamed
    when asked (else left); every other title, line and note is unchanged."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    rows = [(shown(r[0]), fold(shown(r[1]))) for r in input_view(state, opts.list_file, TableView).get().body if r[0]]
    renamed: dict[str, str] = {}
    for key, new in rows:
        found = [s for s in original.slides if (str(s.number) == key if opts.by == "number" else fold(s.title) == key)]
        if len(found) != 1:
            return Verdict.of(False, f"{opts.list_file} names {key!r}, which is not one slide of {opts.input_file}")
        renamed[fold(found[0].title)] = new
    if all(old == new for old, new in renamed.items()):
        return Verdict.of(False, f"{opts.list_file} renames no slide of {opts.input_file}")
    want: list[SlideFace] = []
    for slide in original.slides:
        title, lines = face(slide)
        if opts.agenda and title == "Agenda":
            lines = tuple(renamed.get(line, line) for line in lines)
        want.append((renamed.get(title, title), lines))
    if msg := deck_diff(want, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for was, now in zip(original.slides, output.slides, strict=True):
        if fold(was.notes) != fold(now.notes):
            return Verdict.of(False, f"the notes of slide {now.number} ({fold(now.title)!r}) of {opts.file} changed")
    return Verdict.of(True, f"{len(renamed)} slides retitled from {opts.list_file}")
