"""A renaming list applied to a deck (a product's code name retired, a team renamed): every whole-
word, same-case mention of an old name in the titles and slide text - and in the speaker notes
where asked - now reads the new name; the names replaced at once (no chain), nothing else changed."""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, TableView


class GlossaryApplied(DeckEdit):
    glossary: InputPath = Field(description="The list: a csv with the columns 'old' and 'new'.")
    with_notes: bool = Field(description="True: the speaker notes are renamed too; False: they stay as they are.")


def renamer(pairs: dict[str, str]) -> re.Pattern[str]:
    """One pattern over every old name, longest first, whole words, case as written."""
    names = sorted(pairs, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


@register_check("slides.glossary_applied", GlossaryApplied, view="slides")
def glossary_applied(state: FinalState, opts: GlossaryApplied) -> Verdict:
    """Each slide reads as the original with every listed old name (whole word, same case) replaced
    by its new name in one pass - titles and slide text, and the notes when asked (else the notes
    unchanged); every slide in its place; some mention had to be there."""
    table = input_view(state, opts.glossary, TableView).tables[0]
    old, new = table.col("old"), table.col("new")
    if old is None or new is None:
        return Verdict.of(False, f"{opts.glossary} has no 'old' and 'new' columns")
    pairs = {fold(str(r[old])): fold(str(r[new] or "")) for r in table.body if r[old] is not None}
    if not pairs:
        return Verdict.of(False, f"{opts.glossary} lists no names")
    pattern = renamer(pairs)
    def rename(text: str) -> str:
        return pattern.sub(lambda m: pairs[m.group(1)], fold(text))
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    faces = [(rename(t), tuple(rename(line) for line in lines)) for t, lines in (face(s) for s in original.slides)]
    notes = [rename(s.notes) if opts.with_notes else fold(s.notes) for s in original.slides]
    if faces == [face(s) for s in original.slides] and notes == [fold(s.notes) for s in original.slides]:
        return Verdict.of(False, f"{opts.input_file} mentions none of the names in {opts.glossary}")
    if msg := deck_diff(faces, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for n, (want, slide) in enumerate(zip(notes, output.slides, strict=True), start=1):
        if fold(slide.notes) != want:
            return Verdict.of(False, f"the notes of slide {n} ({fold(slide.title)!r}) read {fold(slide.notes)[:80]!r}, "
                              f"expected {want[:80]!r}")
    return Verdict.of(True, f"{len(pairs)} name(s) from {opts.glossary} applied")
