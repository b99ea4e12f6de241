"""Boundary cases of `forge.checks.document_tidy` on real drafts: a spacer paragraph or a stray
space left only at the END, a line break joined without its space (words glued), one space too
many taken out, bold lost on the way; a list whose LAST item keeps its typed mark or its old
style, a list running on into the next section, an item dropped or added, the wrong kind; the
LAST drafting note left, an inline note cut without its space, notes of another kind removed too."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import docx

from preparers.document import Paragraph, Run, Section, make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.strip_notes import annotated
from workflows.document.tidy_draft import messy

BASE = make_document(*_seeded(31), kind="report")
DRAFTS = {fix: write_docx(messy(BASE, fix, random.Random(5))) for fix in
          ("blank_paragraphs", "double_spaces", "line_breaks", "all")}


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = DRAFTS["all"]) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


def edited(given: bytes, change: Callable[[Any], None]) -> bytes:
    document = docx.Document(io.BytesIO(given))
    change(document)
    return _saved(document)


def tidy(fix: str, *, keep_last_blank: bool = False, keep_last_space: bool = False, glue: bool = False,
         squeeze: bool = False, unbold: bool = False) -> Callable[[Any], None]:
    """The tidy as the task asks, run by run, with one fault switched on where asked."""
    def change(document: Any) -> None:
        paragraphs = document.paragraphs
        if fix in ("blank_paragraphs", "all"):
            blanks = [p for p in paragraphs if not p.text.strip()]
            for p in blanks[:-1] if keep_last_blank else blanks:
                p._element.getparent().remove(p._element)
        texts = [p for p in document.paragraphs if p.text.strip()]
        for n, p in enumerate(texts):
            runs = [r for r in p.runs if r.text]
            for r in runs:
                if fix in ("line_breaks", "all"):
                    r.text = re.sub(r"[ \t]*\n[ \t]*", "" if glue else " ", r.text)
                if fix in ("double_spaces", "all"):
                    r.text = re.sub(r" {2,}", "" if squeeze and n == 3 else " ", r.text)
            if fix in ("double_spaces", "all"):
                for before, run in zip(runs, runs[1:]):
                    if before.text.endswith(" ") and run.text.startswith(" "):
                        run.text = run.text[1:]
                runs[0].text = runs[0].text.lstrip(" ")
                runs[-1].text = runs[-1].text.rstrip(" ")
        if keep_last_space:
            texts[-1].runs[-1].text += " "
        if unbold:  # the last paragraph with bold words loses it
            for r in [p for p in texts if any(r.bold for r in p.runs)][-1].runs:
                r.bold = None
    return change


def last_text(suffix: str) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        last = [p for p in document.paragraphs if p.text.strip()][-1]
        last.runs[-1].text += suffix
    return change


def then(*changes: Callable[[Any], None]) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        for step in changes:
            step(document)
    return change


ALL, BLANK, SPACES, BREAKS = ({"fix": f} for f in ("all", "blank_paragraphs", "double_spaces", "line_breaks"))
D = DRAFTS

TIDIED = [
    case("every fix made, words and bold kept", edited(D["all"], tidy("all")), ALL, True),
    case("the draft handed back as it was", D["all"], ALL, False, "empty spacer"),
    case("one spacer paragraph left, at the very end", edited(D["all"], tidy("all", keep_last_blank=True)), ALL,
         False, "empty spacer"),
    case("a stray space left after the last paragraph", edited(D["all"], tidy("all", keep_last_space=True)), ALL,
         False, "character"),
    case("line breaks deleted, gluing the words together", edited(D["all"], tidy("all", glue=True)), ALL, False,
         "character"),
    case("double spaces deleted outright (one too many taken)", edited(D["all"], tidy("all", squeeze=True)), ALL,
         False, "paragraph 4"),
    case("bold lost on the last paragraph that had it", edited(D["all"], tidy("all", unbold=True)), ALL, False, "bold"),
    case("a word changed in the last paragraph", edited(D["all"], then(tidy("all"), last_text("x"))), ALL, False,
         "paragraph"),
    case("spacers removed", edited(D["blank_paragraphs"], tidy("blank_paragraphs")), BLANK, True,
         given=D["blank_paragraphs"]),
    case("spacers removed and a text paragraph with them",
         edited(D["blank_paragraphs"], then(tidy("blank_paragraphs"), lambda d: d.paragraphs[-1]._element.getparent()
                                            .remove(d.paragraphs[-1]._element))), BLANK, False, "missing",
         given=D["blank_paragraphs"]),
    case("spaces collapsed", edited(D["double_spaces"], tidy("double_spaces")), SPACES, True,
         given=D["double_spaces"]),
    case("spaces collapsed but the end of the last paragraph left padded",
         edited(D["double_spaces"], tidy("double_spaces", keep_last_space=True)), SPACES, False, "character",
         given=D["double_spaces"]),
    case("lines joined", edited(D["line_breaks"], tidy("line_breaks")), BREAKS, True, given=D["line_breaks"]),
    case("lines joined without a space", edited(D["line_breaks"], tidy("line_breaks", glue=True)), BREAKS, False,
         "character", given=D["line_breaks"]),
    case("a line break added at the end of the last paragraph",
         edited(D["line_breaks"], then(tidy("line_breaks"), last_text("\n"))), BREAKS, False, "character",
         given=D["line_breaks"]),
    case("a clean document has nothing to tidy", write_docx(BASE), SPACES, False, "nothing",
         given=write_docx(BASE)),
]

# --- document.list_converted ---------------------------------------------------------------------

ITEMS = ["Agree a single owner for returns handling by the end of next month.",
         "Extend the Leeds pilot for supplier lead times to the remaining sites.",
         "Review the contract terms that govern order fulfilment before renewal."]


def listed(paragraphs: list[Paragraph]) -> bytes:
    sections = [*BASE.sections[:2], Section(heading="Action Items", paragraphs=paragraphs), *BASE.sections[2:]]
    return write_docx(BASE.model_copy(update={"sections": sections}))


TYPED = listed([Paragraph(runs=[Run(text=f"{n}) {t}")]) for n, t in enumerate(ITEMS, start=1)])
BULLETS = listed([Paragraph(runs=[Run(text=t)], style="List Bullet") for t in ITEMS])


def converted(style: str = "List Number", *, marks: bool = True, keep_mark: int | None = None,
              skip: int | None = None, spill: bool = False, drop: bool = False, add: bool = False
              ) -> Callable[[Any], None]:
    """The section's items given `style` (typed marks taken off), one fault switched on where asked."""
    def change(document: Any) -> None:
        paragraphs = document.paragraphs
        start = next(i for i, p in enumerate(paragraphs) if p.text == "Action Items")
        items = paragraphs[start + 1:start + 1 + len(ITEMS)]
        if spill:  # the next section's first body paragraph pulled into the list
            items.append(paragraphs[start + len(ITEMS) + 2])
        for n, p in enumerate(items):
            if marks and n != keep_mark and n < len(ITEMS):
                p.runs[0].text = re.sub(r"^\d\) ", "", p.runs[0].text)
            if n != skip:
                p.style = document.styles[style]
        if drop:
            items[-1]._element.getparent().remove(items[-1]._element)
        if add:
            items[-1].insert_paragraph_before("Report back to the steering group.", style=style)
    return change


NUMBER = {"heading": "Action Items", "kind": "number", "marks": True}
TO_NUMBER = {"heading": "Action Items", "kind": "number", "marks": False}

CONVERTED = [
    case("typed numbers made a numbered list", edited(TYPED, converted()), NUMBER, True, given=TYPED),
    case("the typed numbers left as they were", TYPED, NUMBER, False, "paragraph", given=TYPED),
    case("the last item still in the body style", edited(TYPED, converted(skip=2)), NUMBER, False,
         "List Number", given=TYPED),
    case("the last item keeps its typed number", edited(TYPED, converted(keep_mark=2)), NUMBER, False,
         "3)", given=TYPED),
    case("a bulleted list where numbers were asked", edited(TYPED, converted("List Bullet")), NUMBER, False,
         "List Number", given=TYPED),
    case("the list runs on into the next section", edited(TYPED, converted(spill=True)), NUMBER, False,
         "style", given=TYPED),
    case("the last item dropped", edited(TYPED, converted(drop=True)), NUMBER, False, "paragraph 12", given=TYPED),
    case("an item added", edited(TYPED, converted(add=True)), NUMBER, False, "paragraph", given=TYPED),
    case("bullets made numbers", edited(BULLETS, converted(marks=False)), TO_NUMBER, True, given=BULLETS),
    case("bullets made numbers except the last", edited(BULLETS, converted(marks=False, skip=2)), TO_NUMBER, False,
         "List Number", given=BULLETS),
    case("a list already numbered: nothing to convert", BULLETS, {**TO_NUMBER, "kind": "bullet"}, False,
         "no list", given=BULLETS),
    case("a heading the report does not have", edited(TYPED, converted()), {**NUMBER, "heading": "Actions"},
         False, "no heading", given=TYPED),
]

CASES = {"document.draft_tidied": TIDIED, "document.list_converted": CONVERTED}

# --- document.notes_stripped ---------------------------------------------------------------------

NOTED = write_docx(annotated(BASE, "all", random.Random(7), "Priya"))
PENDING_LINE, NOTE_LINE, INLINE = (re.compile(r"^(TBC|TBD)\b"), re.compile(r"^\[[^\]]*\]$"),
                                   re.compile(r"\s*\[[^\]]*\]"))


def stripped(*, lines: tuple[re.Pattern[str], ...] = (PENDING_LINE, NOTE_LINE), inline: str | None = "",
             keep_last: bool = False, extra: bool = False) -> Callable[[Any], None]:
    """Note paragraphs matching `lines` deleted, inline notes replaced by `inline` (None: kept)."""
    def change(document: Any) -> None:
        notes = [p for p in document.paragraphs if any(r.match(p.text) for r in lines)]
        for p in notes[:-1] if keep_last else notes:
            p._element.getparent().remove(p._element)
        for p in document.paragraphs if inline is not None else []:
            for run in p.runs:
                if not NOTE_LINE.match(p.text):
                    run.text = INLINE.sub(inline, run.text)
        if extra:  # a real paragraph deleted with the notes
            body = [p for p in document.paragraphs if p.style.name == "Normal" and p.text.strip()]
            body[-1]._element.getparent().remove(body[-1]._element)
    return change


ALL_NOTES, PENDING_ONLY, INLINE_ONLY = ({"marker": m} for m in ("all", "tbc", "inline"))

STRIPPED = [
    case("every drafting note taken out", edited(NOTED, stripped()), ALL_NOTES, True, given=NOTED),
    case("the draft handed back as it was", NOTED, ALL_NOTES, False, "paragraph", given=NOTED),
    case("the note closing the report left", edited(NOTED, stripped(keep_last=True)), ALL_NOTES, False,
         "extra paragraph", given=NOTED),
    case("inline notes cut but their space left", edited(NOTED, stripped(inline=" ")), ALL_NOTES, False,
         "character", given=NOTED),
    case("inline notes left in", edited(NOTED, stripped(inline=None)), ALL_NOTES, False, "character",
         given=NOTED),
    case("a real paragraph deleted with the notes", edited(NOTED, stripped(extra=True)), ALL_NOTES, False,
         "paragraph", given=NOTED),
    case("only the TBC lines, as asked", edited(NOTED, stripped(lines=(PENDING_LINE,), inline=None)),
         PENDING_ONLY, True, given=NOTED),
    case("the reviewers' notes deleted too where only TBC was asked", edited(NOTED, stripped(inline=None)),
         PENDING_ONLY, False, "paragraph", given=NOTED),
    case("only the inline notes, as asked", edited(NOTED, stripped(lines=())), INLINE_ONLY, True, given=NOTED),
    case("note paragraphs deleted too where only inline notes were asked", edited(NOTED, stripped()), INLINE_ONLY,
         False, "paragraph", given=NOTED),
    case("a report with no notes", write_docx(BASE), ALL_NOTES, False, "no all notes", given=write_docx(BASE)),
]

CASES["document.notes_stripped"] = STRIPPED
