"""Filled-in PDF forms flattened: the answers printed on the page as ordinary text and no
fillable field left, so nobody can change them after they are archived or sent on. One output
holds one form (a flattened copy, or the form flattened in place) or several merged, in the
order the files are listed or A-Z by a field, a form with an empty field left out when asked.
Expected words come from each input form's own page text and field values; the order and what
is left out only from the instruction."""

from __future__ import annotations

from collections import Counter

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView


class FormsFlattened(CheckOptions):
    file: OutputPath = Field(description="The flattened PDF: one form, or the forms merged.")
    first_file: InputPath = Field(description="The filled-in forms, in the order the task lists them.")
    second_file: InputPath | None = None
    third_file: InputPath | None = None
    fourth_file: InputPath | None = None
    sort_by: str | None = Field(default=None, description="A field name: the forms A-Z by its value (case ignored); "
                                "None: in the order listed.")
    skip_incomplete: bool = Field(default=False, description="Leave out every form with a field left empty.")


def _words(texts: list[str]) -> Counter[str]:
    return Counter(word for text in texts for word in text.split())


def _shown(words: Counter[str]) -> str:
    return ", ".join(repr(w) for w in sorted(words.elements())[:6])


def expected_forms(state: FinalState, opts: FormsFlattened) -> list[tuple[str, PdfView]]:
    """The forms the output must hold, in order: (path, its view as given)."""
    forms = [(p, input_view(state, p, PdfView)) for p in (opts.first_file, opts.second_file, opts.third_file,
                                                           opts.fourth_file) if p]
    for path, view in forms:
        if not view.fields:
            raise CheckError(f"{path} has no form fields to flatten")
        if opts.sort_by is not None and opts.sort_by not in view.fields:
            raise CheckError(f"{path} has no field {opts.sort_by!r}")
    if opts.skip_incomplete:
        forms = [(p, v) for p, v in forms if all(value.strip() for value in v.fields.values())]
    if opts.sort_by is not None:
        forms.sort(key=lambda f: f[1].fields[opts.sort_by or ""].strip().casefold())
    return forms


@register_check("pdf.forms_flattened", FormsFlattened, view="pdf")
def forms_flattened(state: FinalState, opts: FormsFlattened) -> Verdict:
    """The output has no fillable field left and, form by form in the order asked, the pages of
    each form with exactly its printed words plus the words of every answer filled in (spacing and
    reading order aside); no form left out or added, nothing else on the pages."""
    forms = expected_forms(state, opts)
    out = output_view(state, opts.file, PdfView)
    if out.fields:
        return Verdict.of(False, f"{opts.file} still has fillable fields: {', '.join(sorted(out.fields)[:4])}")
    want_pages = sum(len(v.pages) for _, v in forms)
    if len(out.pages) != want_pages:
        return Verdict.of(False, f"{opts.file} has {len(out.pages)} pages, expected {want_pages} (the forms "
                          f"{', '.join(p for p, _ in forms)})")
    at = 0
    for path, view in forms:
        pages = out.pages[at:at + len(view.pages)]
        where = f"page {at + 1}" if len(view.pages) == 1 else f"pages {at + 1}-{at + len(view.pages)}"
        want = _words(view.pages) + _words(list(view.fields.values()))
        have = _words(pages)
        if missing := want - have:
            return Verdict.of(False, f"{where} of {opts.file} lack {_shown(missing)} of {path} (its printed text and "
                              "answers)")
        if extra := have - want:
            return Verdict.of(False, f"{where} of {opts.file} carry {_shown(extra)}, not on {path}")
        at += len(view.pages)
    return Verdict.of(True, f"{len(forms)} form(s) flattened in {opts.file}, in order")
