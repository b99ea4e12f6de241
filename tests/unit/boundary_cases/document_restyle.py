"""Boundary cases of `forge.checks.document_restyle` on real reports: the LAST picked paragraph
left, the near miss restyled too, another style than the one asked, italics on all but one run,
a picked paragraph reworded, a heading in italics too, the report handed back as it was, a rule
that picks nothing."""

from __future__ import annotations

import io
import random
from typing import Any

import docx

from forge.checks.document_restyle import QUOTED
from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.restyle_by_rule import seeded_paragraphs

REPORT = make_document(*_seeded(97), kind="report")
NOTES = write_docx(seeded_paragraphs(REPORT, "prefix", "Note:", random.Random(2), "Ines", "May"))
QUOTES = write_docx(seeded_paragraphs(REPORT, "quoted", "Note:", random.Random(3), "Ines", "May"))


def restyled(given: bytes, *, quoted: bool = False, style: str | None = "Quote", skip_last: bool = False,
             miss_too: bool = False, upright_run: bool = False, reword: bool = False, heading: bool = False) -> bytes:
    """The picked paragraphs given `style` (None: italics), one fault switched on where asked."""
    document = docx.Document(io.BytesIO(given))
    texts = [p for p in document.paragraphs if p.text.strip()]
    picks = [p for p in texts if (QUOTED.match(p.text) if quoted else p.text.startswith("Note:"))]
    if miss_too:
        picks.append(next(p for p in texts if "take a note" in p.text or "\"a big step\"" in p.text))
    for p in picks[:-1] if skip_last else picks:
        if style is not None:
            p.style = document.styles[style]
        else:
            for run in p.runs:
                run.italic = True
    if upright_run:  # the last one's second half back upright in a run of its own, the words unchanged
        text = picks[-1].runs[0].text
        picks[-1].runs[0].text = text[: len(text) // 2]
        picks[-1].add_run(text[len(text) // 2:])
    if reword:
        picks[-1].runs[0].text = picks[-1].runs[0].text.replace("Note: ", "Note - ")
    if heading:
        for run in next(p for p in texts if p.style.name.startswith("Heading")).runs:
            run.italic = True
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = NOTES) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


NOTE_QUOTE, NOTE_ITALIC = {"rule": "prefix", "prefix": "Note:", "style": "Quote"}, {"rule": "prefix", "prefix": "Note:"}
QUOTE_STYLE, QUOTE_ITALIC = {"rule": "quoted", "style": "Intense Quote"}, {"rule": "quoted"}

RESTYLED = [
    case("every Note: paragraph in the Quote style", restyled(NOTES), NOTE_QUOTE, True),
    case("the last Note: paragraph left", restyled(NOTES, skip_last=True), NOTE_QUOTE, False,
         "has style 'Normal'; the rule gives it 'Quote'"),
    case("the sentence that only mentions a note restyled too", restyled(NOTES, miss_too=True), NOTE_QUOTE, False,
         "the rule does not pick it"),
    case("Intense Quote where Quote was asked", restyled(NOTES, style="Intense Quote"), NOTE_QUOTE, False,
         "has style 'Intense Quote'"),
    case("every Note: paragraph in italics", restyled(NOTES, style=None), NOTE_ITALIC, True),
    case("the last note italic but for its second half", restyled(NOTES, style=None, upright_run=True),
         NOTE_ITALIC, False, "is not wholly in italics"),
    case("a note reworded on the way", restyled(NOTES, reword=True), NOTE_QUOTE, False, "changed at character"),
    case("a heading put in italics as well", restyled(NOTES, style=None, heading=True), NOTE_ITALIC, False,
         "changed its italics"),
    case("every quotation in Intense Quote", restyled(QUOTES, quoted=True, style="Intense Quote"), QUOTE_STYLE, True,
         given=QUOTES),
    case("every quotation in italics", restyled(QUOTES, quoted=True, style=None), QUOTE_ITALIC, True, given=QUOTES),
    case("the last quotation left upright", restyled(QUOTES, quoted=True, style=None, skip_last=True), QUOTE_ITALIC,
         False, "is not wholly in italics", given=QUOTES),
    case("the quoted phrase inside a sentence italicised too",
         restyled(QUOTES, quoted=True, style=None, miss_too=True), QUOTE_ITALIC, False, "changed its italics",
         given=QUOTES),
    case("the report handed back as it was", NOTES, NOTE_QUOTE, False, "has style 'Normal'"),
    case("a rule that picks nothing", restyled(NOTES), {**NOTE_QUOTE, "prefix": "Warning:"}, False,
         "no paragraph of in.docx matches"),
]

CASES = {"document.paragraphs_restyled": RESTYLED}
