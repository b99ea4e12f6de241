"""PDF edit checks: pages turned, stamped (a word, page numbers, Bates numbers) and form fields
filled. The expected pages come from the task's input PDF (`PdfView`: each page's text, its
rotation and the form's fields); the options carry only what the instruction states.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import JsonView, PdfView, TableView, TextView

Which = Literal["all", "listed", "odd", "even", "upright"]


def _bare(text: str) -> str:
    return re.sub(r"\s+", "", fold(text))


def _same_pages(before: PdfView, after: PdfView, path: str) -> str | None:
    """Why the output's pages are not the input's pages' text in order, or None."""
    if len(after.pages) != len(before.pages):
        return f"{path} has {len(after.pages)} pages, expected the input's {len(before.pages)}"
    for n, (want, have) in enumerate(zip(before.pages, after.pages, strict=True), start=1):
        if _bare(want) != _bare(have):
            return f"page {n} of {path} reads {fold(have)[:60]!r}, not the input's page {n} {fold(want)[:60]!r}"
    return None


# --- pdf.pages_rotated ---------------------------------------------------------------------------


class PagesRotated(CheckOptions):
    file: OutputPath
    input_file: InputPath
    which: Which = Field(description="all, listed (`pages`), odd or even pages turned by `degrees`; upright: every "
                         "page turned back to 0 degrees.")
    pages: list[int] = Field(default_factory=list, description="1-based pages turned (listed).")
    degrees: Literal[90, 180, 270] | None = Field(default=None, description="Clockwise turn (270: a quarter turn "
                                                  "anticlockwise); None with `upright`.")


@register_check("pdf.pages_rotated", PagesRotated, view="pdf")
def pages_rotated(state: FinalState, opts: PagesRotated) -> Verdict:
    """The output has the input's pages, text and order unchanged; the pages asked for are turned
    by the angle asked for on top of their own rotation (with `upright`, every page shows at 0
    degrees); every other page keeps its rotation."""
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    problem = _same_pages(before, after, opts.file)
    if problem:
        return Verdict.of(False, problem)
    count = len(before.pages)
    bad = [p for p in opts.pages if not 1 <= p <= count]
    if bad or (opts.which == "listed" and not opts.pages):
        return Verdict.of(False, f"{opts.input_file} has {count} pages; the task names pages {opts.pages}")
    if opts.which != "upright" and opts.degrees is None:
        return Verdict.of(False, "the check names no angle to turn the pages by")
    turned = {"all": range(1, count + 1), "listed": opts.pages, "odd": range(1, count + 1, 2),
              "even": range(2, count + 1, 2), "upright": ()}[opts.which]
    original = before.rotations or [0] * count
    for n in range(1, count + 1):
        want = 0 if opts.which == "upright" else (original[n - 1] + (opts.degrees or 0)) % 360 if n in turned \
            else original[n - 1]
        have = after.rotations[n - 1] if len(after.rotations) == count else 0
        if have != want:
            return Verdict.of(False, f"page {n} of {opts.file} is turned {have} degrees, expected {want}")
    return Verdict.of(True, f"{len(turned) if opts.which != 'upright' else count} page(s) turned as asked")


# --- pdf.pages_stamped ---------------------------------------------------------------------------


class PagesStamped(CheckOptions):
    file: OutputPath
    input_file: InputPath
    stamp: Literal["text", "page_number", "page_of_total", "bates"] = Field(description=(
        "text: the word on each page; page_number: 'Page N'; page_of_total: 'Page N of T'; bates: PREFIX-NNNNNN."))
    text: str | None = Field(default=None, description="The word (text) or the Bates prefix (bates).")
    first_number: int | None = Field(default=None, ge=0, description="The Bates number of page 1 (None: 1).")
    skip_first: bool = Field(default=False, description="The first page (a cover) is left without a stamp.")


def stamp_text(opts: PagesStamped, page: int, total: int) -> str:
    """What the stamp on `page` (1-based) of `total` reads."""
    return {"text": opts.text or "", "page_number": f"Page {page}", "page_of_total": f"Page {page} of {total}",
            "bates": f"{opts.text or ''}-{(opts.first_number or 1) + page - 1:06d}"}[opts.stamp]


@register_check("pdf.pages_stamped", PagesStamped, view="pdf")
def pages_stamped(state: FinalState, opts: PagesStamped) -> Verdict:
    """Each page asked for carries its stamp once (the word, its page number, 'Page N of T' or its
    Bates number), before or after the page's own text, which is otherwise unchanged; pages left
    out (the cover) are unchanged; no page is added, lost or moved."""
    before = input_view(state, opts.input_file, PdfView).pages
    after = output_view(state, opts.file, PdfView).pages
    if len(after) != len(before):
        return Verdict.of(False, f"{opts.file} has {len(after)} pages, expected the input's {len(before)}")
    for n, (want, have) in enumerate(zip(before, after, strict=True), start=1):
        original, got = _bare(want), _bare(have)
        if n == 1 and opts.skip_first:
            if got != original:
                return Verdict.of(False, f"page 1 of {opts.file} (the cover) changed; it should stay as it was")
            continue
        stamp = _bare(stamp_text(opts, n, len(before)))
        if got not in (stamp + original, original + stamp):
            where = "the page's own text changed" if stamp in got else f"no {stamp_text(opts, n, len(before))!r}"
            return Verdict.of(False, f"page {n} of {opts.file}: {where} (it reads {fold(have)[:70]!r})")
    return Verdict.of(True, f"{len(after) - opts.skip_first} page(s) stamped")


# --- pdf.form_filled -----------------------------------------------------------------------------


class FormFilled(CheckOptions):
    file: OutputPath
    input_file: InputPath
    names: list[str] = Field(min_length=1, description="The fields filled, by name.")
    values: list[str] = Field(min_length=1, description="Each field's value, in the same order.")


@register_check("pdf.form_filled", FormFilled, view="pdf")
def form_filled(state: FinalState, opts: FormFilled) -> Verdict:
    """The output keeps the input form's fields and pages; each field named holds its value
    (spacing and case as given, surrounding spaces free); every other field is as it was."""
    if len(opts.names) != len(opts.values):
        return Verdict.of(False, f"{len(opts.names)} field names but {len(opts.values)} values in the check's options")
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    if not before.fields:
        return Verdict.of(False, f"{opts.input_file} has no form fields")
    if len(after.pages) != len(before.pages):
        return Verdict.of(False, f"{opts.file} has {len(after.pages)} pages, expected the form's {len(before.pages)}")
    expected = {**before.fields, **dict(zip(opts.names, opts.values, strict=True))}
    missing = sorted(set(expected) - set(after.fields))
    if missing:
        return Verdict.of(False, f"{opts.file} lost the form field(s) {missing}; fill the form, keep its fields")
    for name, value in expected.items():
        if after.fields[name].strip() != value.strip():
            return Verdict.of(False, f"field {name!r} of {opts.file} holds {after.fields[name]!r}, expected {value!r}")
    return Verdict.of(True, f"{len(opts.names)} field(s) filled, the others as they were")


# --- pdf.form_from_record ------------------------------------------------------------------------


class FormFromRecord(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The empty form.")
    data_file: InputPath = Field(description="Where the values are: a CSV or JSON of records, or `field: value` notes.")
    key: str | None = Field(default=None, description="The value the record is found by (a name); None: the notes "
                            "hold one record.")


def _record(state: FinalState, path: str, key: str | None) -> dict[str, Any] | str:
    """The record of `path` holding `key` (any field), as field -> value; a message when there is none."""
    if path.endswith(".json"):
        items = input_view(state, path, JsonView).value
        records = [r for r in (items if isinstance(items, list) else [items]) if isinstance(r, dict)]
    elif path.endswith(".csv"):
        rows = input_view(state, path, TableView).get().rows
        records = [dict(zip((str(h) for h in rows[0]), row, strict=False)) for row in rows[1:]]
    else:
        lines = input_view(state, path, TextView).lines
        records = [{k.strip(): v.strip() for k, _, v in (line.partition(":") for line in lines if ":" in line)}]
    found = [r for r in records if key is None or key in (str(v) for v in r.values())]
    if len(found) != 1:
        return f"{path} has {len(found)} records for {key!r}, expected exactly one"
    return found[0]


def _same_field(have: str, want: Any) -> bool:
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        try:
            return abs(float(have.replace(",", "")) - want) < 1e-9
        except ValueError:
            return False
    return have.strip() == str(want).strip()


@register_check("pdf.form_from_record", FormFromRecord, view="pdf")
def form_from_record(state: FinalState, opts: FormFromRecord) -> Verdict:
    """Every field of the form holds the value of the same name in the data file's record (the one
    holding the key; numbers compared as numbers); the form keeps its fields and pages."""
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    if not before.fields:
        return Verdict.of(False, f"{opts.input_file} has no form fields")
    record = _record(state, opts.data_file, opts.key)
    if isinstance(record, str):
        return Verdict.of(False, record)
    absent = sorted(set(before.fields) - set(record))
    if absent:
        return Verdict.of(False, f"{opts.data_file}'s record has no value for the field(s) {absent}")
    if len(after.pages) != len(before.pages) or sorted(after.fields) != sorted(before.fields):
        return Verdict.of(False, f"{opts.file} does not keep the form's pages and fields {sorted(before.fields)}")
    for name in before.fields:
        if not _same_field(after.fields[name], record[name]):
            return Verdict.of(False, f"field {name!r} of {opts.file} holds {after.fields[name]!r}, expected "
                              f"{record[name]!r} from {opts.data_file}")
    return Verdict.of(True, f"{len(before.fields)} fields filled from {opts.data_file}")
