"""Boundary cases of `forge.checks.document_redact` on a real report with contact details in its
text, its contacts table and its letterhead: the LAST detail left, the last table row's number
left, a number cut short of its country code, a misspelt placeholder, the other kind redacted
too, the header redacted when it had to stay or the footer left when it had to go, a paragraph
lost, the report handed back as it was, a report with nothing to redact."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import docx

from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.redact_contacts import EMAIL_RE, PHONE_RE, with_contacts

BASE = make_document(*_seeded(61), kind="report")
GIVEN = write_docx(with_contacts(BASE, random.Random(9), _seeded(9)[1]))
EMAIL, PHONE = re.compile(EMAIL_RE), re.compile(PHONE_RE)


def scrubbed(*, email: str | None = "[email removed]", phone: str | None = "[phone removed]", margins: bool = False,
             skip_last: bool = False, skip_cell: bool = False, keep_code: bool = False, drop: bool = False,
             header: bool | None = None, footer: bool | None = None) -> bytes:
    """The report redacted run by run, with one fault switched on where asked."""
    document = docx.Document(io.BytesIO(GIVEN))
    body = [p for p in document.paragraphs if p.text.strip()]
    cells = [c.paragraphs[0] for row in document.tables[-1].rows for c in row.cells]
    last = max(n for n, p in enumerate(body) if EMAIL.search(p.text) or PHONE.search(p.text))
    texts = [p for n, p in enumerate(body) if not (skip_last and n == last)]
    texts += cells[:-1] if skip_cell else cells
    section = document.sections[0]
    texts += section.header.paragraphs if (margins if header is None else header) else []
    texts += section.footer.paragraphs if (margins if footer is None else footer) else []
    for p in texts:
        for run in p.runs:
            if email is not None:
                run.text = EMAIL.sub(email, run.text)
            if phone is not None:  # keep_code: the number's first group left in front of the placeholder
                swap = (lambda m: m.group(0).split(" ")[0] + " " + phone) if keep_code else phone
                run.text = PHONE.sub(swap, run.text)
    if drop:
        body[3]._element.getparent().remove(body[3]._element)
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = GIVEN) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


BOTH = {"email_marker": "[email removed]", "phone_marker": "[phone removed]"}
EMAILS, PHONES = {"email_marker": "[email removed]"}, {"phone_marker": "[phone removed]"}
LAST = 1 + max(n for n, p in enumerate(p for p in docx.Document(io.BytesIO(GIVEN)).paragraphs if p.text.strip())
               if EMAIL.search(p.text) or PHONE.search(p.text))
ROWS = len(docx.Document(io.BytesIO(GIVEN)).tables[-1].rows)

REDACTED = [
    case("both kinds replaced, letterhead kept", scrubbed(), BOTH, True),
    case("both kinds replaced everywhere, header and footer too", scrubbed(margins=True), {**BOTH, "margins": True},
         True),
    case("only the emails, as asked", scrubbed(phone=None), EMAILS, True),
    case("only the phone numbers, header and footer too", scrubbed(email=None, margins=True),
         {**PHONES, "margins": True}, True),
    case("the details of the last paragraph holding any left", scrubbed(skip_last=True), BOTH, False, f"paragraph {LAST} of"),
    case("the last table row's number left", scrubbed(skip_cell=True), BOTH, False,
         f"table 2, row {ROWS}, column 4"),
    case("numbers cut short of their country code", scrubbed(keep_code=True), BOTH, False, "differs at character"),
    case("a misspelt placeholder", scrubbed(email="[e-mail removed]"), BOTH, False, "differs at character"),
    case("phone numbers redacted too where only emails were asked", scrubbed(), EMAILS, False, "differs"),
    case("the letterhead's header redacted though it had to stay", scrubbed(header=True), BOTH, False,
         "the header of section 1"),
    case("the footer left where the margins had to go too", scrubbed(margins=True, footer=False),
         {**BOTH, "margins": True}, False, "the footer of section 1"),
    case("a paragraph lost on the way", scrubbed(drop=True), BOTH, False, "paragraph 4"),
    case("the report handed back as it was", GIVEN, BOTH, False, "differs"),
    case("a report with nothing to redact", write_docx(BASE), EMAILS, False, "no contact details",
         given=write_docx(BASE)),
]

CASES = {"document.redacted": REDACTED}
