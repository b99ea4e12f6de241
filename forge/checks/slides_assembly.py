"""Deck assembly checks: the slides of a second deck appended to the first (all, named ones, or
only its topic slides; at the end or before the closing slide), a footer or slide number stamped
on every slide (or every slide but the title slide), one slide's bullet list edited (an item
added at a place, removed, or moved), and one slide per row of a CSV. Like `forge.checks.slides`, the expected deck is rebuilt
from the originals and the options and compared slide by slide, notes included.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, _find, deck_diff, face
from forge.checks.slides_tables import cell_matches, shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TableView


def _notes_diff(expected: list[Slide], got: SlidesView, source: str) -> str | None:
    for want, have in zip(expected, got.slides, strict=False):
        if fold(want.notes) != fold(have.notes):
            return (f"the notes of slide {have.number} of {source} ({fold(have.title)!r}) read "
                    f"{fold(have.notes)[:60]!r}, expected {fold(want.notes)[:60]!r}")
    return None


# --- slides.decks_appended ---------------------------------------------------------------------------


class DecksAppended(DeckEdit):
    second_file: InputPath = Field(description="The deck whose slides are added.")
    which: Literal["all", "named", "topics"] = Field(description="all: every slide of the second deck; named: "
                                                     "only `titles`; topics: all but its first two (title, "
                                                     "agenda) and its last (closing).")
    titles: list[str] = Field(default_factory=list, description="named: the slides taken, by title.")
    before_closing: bool = Field(description="The added slides go before the first deck's last (closing) slide; "
                                 "else after it, at the end.")


@register_check("slides.decks_appended", DecksAppended, view="slides")
def decks_appended(state: FinalState, opts: DecksAppended) -> Verdict:
    """The result holds the first deck's slides with the second deck's chosen slides (in the second
    deck's order) at the end, or before the first deck's closing slide; every slide keeps its title,
    text and speaker notes."""
    first = input_view(state, opts.input_file, SlidesView)
    second = input_view(state, opts.second_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if opts.which == "all":
        taken = list(second.slides)
    elif opts.which == "topics":
        taken = second.slides[2:-1]
    else:
        wanted = {fold(t).casefold() for t in opts.titles}
        taken = [s for s in second.slides if fold(s.title).casefold() in wanted]
        if len(taken) != len(wanted):
            return Verdict.of(False, f"{opts.second_file} lacks some of the slides {opts.titles}")
    if not taken:
        return Verdict.of(False, f"no slides of {opts.second_file} to add")
    at = len(first.slides) - 1 if opts.before_closing else len(first.slides)
    expected = [*first.slides[:at], *taken, *first.slides[at:]]
    if msg := deck_diff([face(s) for s in expected], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    if msg := _notes_diff(expected, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(taken)} slides of {opts.second_file} added as slides {at + 1}-{at + len(taken)}")


# --- slides.footer_stamped ----------------------------------------------------------------------------


class FooterStamped(DeckEdit):
    stamp: Literal["text", "number", "number_of"] = Field(description="text: the `text` itself; number: the "
                                                          "slide's number ('4'); number_of: 'Slide 4 of 12'.")
    text: str = Field(default="", description="text: the footer line.")
    skip_title: bool = Field(description="The first (title) slide gets no stamp.")


def stamp_for(opts: FooterStamped, number: int, total: int) -> str:
    if opts.stamp == "text":
        return fold(opts.text)
    return str(number) if opts.stamp == "number" else f"Slide {number} of {total}"


@register_check("slides.footer_stamped", FooterStamped, view="slides")
def footer_stamped(state: FinalState, opts: FooterStamped) -> Verdict:
    """Every slide (but the title slide, when asked) has one more text line than before, the stamp
    asked for (numbers counted over the whole deck) in a shape of its own; every other line, title
    and speaker note is as it was, and the title slide is untouched when it is skipped."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    total = len(original.slides)
    if len(output.slides) != total:
        return Verdict.of(False, f"{opts.file} has {len(output.slides)} slides, expected {total}")
    for was, now in zip(original.slides, output.slides, strict=True):
        lines, want = list(face(now)[1]), list(face(was)[1])
        if fold(now.title) != fold(was.title):
            return Verdict.of(False, f"slide {now.number} is titled {fold(now.title)!r}, expected {fold(was.title)!r}")
        if was.number == 1 and opts.skip_title:
            if lines != want:
                return Verdict.of(False, f"the title slide of {opts.file} reads {lines}; it was to stay as it was")
            continue
        stamp = stamp_for(opts, was.number, total)
        own = [s for s in now.shapes if fold(s.text) == stamp]
        if len(own) != 1 or lines.count(stamp) != want.count(stamp) + 1:
            return Verdict.of(False, f"slide {now.number} ({fold(now.title)!r}) of {opts.file} does not carry "
                              f"{stamp!r} once in a shape of its own; it reads {lines}")
        lines.remove(stamp)
        if lines != want:
            return Verdict.of(False, f"slide {now.number} ({fold(now.title)!r}) reads {lines} besides the stamp, "
                              f"expected {want}")
    if msg := _notes_diff(original.slides, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"stamp on {total - opts.skip_title} of {total} slides")


# --- slides.bullets_edited ----------------------------------------------------------------------------

Edit = Literal["insert_first", "insert_after", "append", "remove", "move_first", "move_last", "replace", "sort"]


class BulletsEdited(DeckEdit):
    slide_title: str = Field(description="The slide whose bullet list changes.")
    edit: Edit = Field(description="insert_first / insert_after / append: `item` added at the top, after "
                       "`anchor`, at the bottom; remove: the bullet `item` deleted; move_first / move_last: the "
                       "bullet `item` moved to the top / bottom; replace: the bullet `item` reworded to `anchor`; "
                       "sort: every bullet in A-Z order (ignoring case).")
    item: str = Field(default="", description="The bullet added, removed, moved or reworded.")
    anchor: str = Field(default="", description="insert_after: the bullet the new one follows; replace: the new "
                        "wording.")


def edited_lines(lines: list[str], opts: BulletsEdited) -> list[str] | str:
    """The slide's body lines after the edit, or why the edit cannot apply to them."""
    item, out = fold(opts.item), list(lines)
    if opts.edit == "sort":
        out.sort(key=str.casefold)
        return out if out != lines else "the bullets are already in A-Z order"
    if not item:
        return f"the {opts.edit} edit names no bullet"
    if opts.edit.startswith("insert") or opts.edit == "append":
        if item in out:
            return f"the slide already has the bullet {item!r}"
        if opts.edit == "insert_after":
            if fold(opts.anchor) not in out:
                return f"the slide has no bullet {opts.anchor!r}"
            out.insert(out.index(fold(opts.anchor)) + 1, item)
        else:
            out.insert(0 if opts.edit == "insert_first" else len(out), item)
        return out
    if out.count(item) != 1:
        return f"the slide has {out.count(item)} bullets reading {item!r}; expected exactly one"
    if opts.edit == "replace":
        out[out.index(item)] = fold(opts.anchor)
        return out if fold(opts.anchor) != item else f"{item!r} is already worded so"
    out.remove(item)
    if opts.edit == "move_first":
        out.insert(0, item)
    elif opts.edit == "move_last":
        out.append(item)
    return out if out != lines or opts.edit == "remove" else f"{item!r} is already in that place"


@register_check("slides.bullets_edited", BulletsEdited, view="slides")
def bullets_edited(state: FinalState, opts: BulletsEdited) -> Verdict:
    """The named slide's bullet lines read as before with the one edit applied (an item added at the
    place asked, deleted, moved to the top or bottom, reworded, or all sorted A-Z); every other slide, and every slide's
    title and speaker notes, are as they were."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    at = _find(original, opts.slide_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    faces: list[SlideFace] = [face(s) for s in original.slides]
    lines = edited_lines(list(faces[at][1]), opts)
    if isinstance(lines, str):
        return Verdict.of(False, f"{lines} (slide {at + 1} of {opts.input_file})")
    faces[at] = (faces[at][0], tuple(lines))
    if msg := deck_diff(faces, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    if msg := _notes_diff(original.slides, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.edit.replace('_', ' ')} {opts.item!r} on slide {at + 1}")


# --- slides.rows_as_slides ---------------------------------------------------------------------------------


class RowsAsSlides(DeckEdit):
    data_file: InputPath
    title_column: str = Field(description="The column whose value titles each new slide.")
    columns: list[str] | None = Field(default=None, description="The 'Column: value' bullets, in this order; None: "
                                      "every other column, in the file's order.")
    where_column: str | None = Field(default=None, description="Only the rows whose `where_column` is `where_value`.")
    where_value: str | None = None
    after_title: str = Field(description="The new slides follow this slide, in the file's row order.")
    tolerance: float = Field(default=0.005, ge=0)


def _bullet_diff(lines: tuple[str, ...], want: list[tuple[str, object]], tolerance: float) -> str | None:
    if len(lines) != len(want):
        return f"reads {list(lines)}, expected {len(want)} 'Column: value' bullets"
    for line, (column, value) in zip(lines, want, strict=True):
        label, _, text = line.partition(":")
        if fold(label) != fold(column) or not cell_matches(text.strip(), value, tolerance):
            return f"has the bullet {line!r}, expected '{column}: {shown(value)}'"
    return None


@register_check("slides.rows_as_slides", RowsAsSlides, view="slides")
def rows_as_slides(state: FinalState, opts: RowsAsSlides) -> Verdict:
    """Directly after the named slide come one new slide per data row (every row, or the rows of one
    category), in the file's order: titled with the row's title-column value, with one 'Column:
    value' bullet per column asked (numbers however printed); every other slide reads as it did."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    source = input_view(state, opts.data_file, TableView).get()
    header = [fold(str(h)) for h in source.header]
    key = source.need_col(opts.title_column, opts.data_file)
    names = opts.columns or [h for i, h in enumerate(header) if i != key]
    cols = [source.need_col(c, opts.data_file) for c in names]
    rows = [list(r) for r in source.body if any(v not in (None, "") for v in r)]
    if opts.where_column is not None:
        col = source.need_col(opts.where_column, opts.data_file)
        rows = [r for r in rows if shown(r[col]).casefold() == fold(opts.where_value or "").casefold()]
    if not rows:
        return Verdict.of(False, f"no row of {opts.data_file} is selected by the request")
    at = _find(original, opts.after_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    faces = [face(s) for s in output.slides]
    made = faces[at + 1: at + 1 + len(rows)]
    rest = faces[: at + 1] + faces[at + 1 + len(rows):]
    if len(made) < len(rows):
        return Verdict.of(False, f"{opts.file} has {len(faces)} slides; expected {len(original.slides) + len(rows)}")
    for n, ((title, lines), row) in enumerate(zip(made, rows, strict=True), start=at + 2):
        if title != shown(row[key]):
            return Verdict.of(False, f"slide {n} of {opts.file} is titled {title!r}, expected {shown(row[key])!r}")
        if msg := _bullet_diff(lines, [(c, row[i]) for c, i in zip(names, cols, strict=True)], opts.tolerance):
            return Verdict.of(False, f"slide {n} ({title!r}) of {opts.file} {msg}")
    numbers = [n for n in range(1, len(faces) + 1) if not at + 2 <= n < at + 2 + len(rows)]
    if msg := deck_diff([face(s) for s in original.slides], rest, opts.file, numbers):
        return Verdict.of(False, msg + f" (only the {len(rows)} row slides may be added)")
    return Verdict.of(True, f"{len(rows)} row slides after {opts.after_title!r}")
