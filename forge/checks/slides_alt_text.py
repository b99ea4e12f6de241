"""Alternative text for a deck's pictures from a list someone sent (a CSV: the slide, by title or
by number, and the text), the fix an accessibility check asks for: every listed picture gets its
text, or only the pictures with none yet (an empty description or just a file name such as
'IMG_2041.jpg'), the descriptions already written staying. Nothing else in the deck changes."""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TableView

FILE_NAME = re.compile(r"^[\w\- ]+\.(jpe?g|png|gif|bmp|tiff?|webp)$", re.IGNORECASE)


def missing(alt: str) -> bool:
    """No description yet: empty, or only the picture's file name."""
    return not alt.strip() or bool(FILE_NAME.match(alt.strip()))


def pictures(slide: Slide) -> list[str]:
    """The alternative texts of the slide's pictures, in shape order, folded."""
    return [fold(s.alt_text) for s in slide.shapes if s.kind == "picture"]


class AltTextsSet(DeckEdit):
    source: InputPath = Field(description="The list: a table with the slide and the text per row.")
    slide_column: str = Field(description="The column naming the slide: its title, or its number when `by_number`.")
    text_column: str
    by_number: bool = False
    keep_existing: bool = Field(description="True: only pictures without a description get the listed text.")


def _listed(state: FinalState, opts: AltTextsSet) -> dict[str, str] | str:
    """Slide key (folded title, or number as text) -> text, from the list; or why it cannot be read."""
    table = input_view(state, opts.source, TableView).tables[0]
    key, text = table.col(opts.slide_column), table.col(opts.text_column)
    if key is None or text is None:
        return f"{opts.source} has no column {opts.slide_column!r} or {opts.text_column!r}"
    out: dict[str, str] = {}
    for row in table.body:
        k = row[key]
        k = str(int(k)) if isinstance(k, int | float) and float(k).is_integer() else fold(str(k or ""))
        out[k.casefold()] = fold(str(row[text] or ""))
    return out


@register_check("slides.alt_texts_set", AltTextsSet, view="slides")
def alt_texts_set(state: FinalState, opts: AltTextsSet) -> Verdict:
    """Each picture on a listed slide has the listed text as its alternative text (unless
    `keep_existing` and it already had a description, which then stays); every other picture keeps
    its own; no picture is added or removed and every slide's text reads as it did."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    listed = _listed(state, opts)
    if isinstance(listed, str):
        return Verdict.of(False, listed)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    changed = 0
    for was, now in zip(original.slides, output.slides, strict=True):
        where = f"slide {now.number} ({fold(now.title)!r})"
        before, after = pictures(was), pictures(now)
        if len(before) != len(after):
            return Verdict.of(False, f"{where} has {len(after)} pictures, expected {len(before)}")
        text = listed.get((str(was.number) if opts.by_number else fold(was.title)).casefold())
        want = [alt if text is None or (opts.keep_existing and not missing(alt)) else text for alt in before]
        changed += want != before
        for k, (w, h) in enumerate(zip(want, after, strict=True), start=1):
            if w != h:
                return Verdict.of(False, f"picture {k} on {where} has the alternative text {h!r}, expected {w!r}")
    if not changed:
        return Verdict.of(False, f"the list {opts.source} changes no picture of {opts.input_file}")
    return Verdict.of(True, f"alternative text set on the pictures of {changed} slide(s)")
