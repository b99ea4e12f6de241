"""Boundary cases of the redaction check: a name, email addresses, phone numbers or IBANs replaced
by a marker or taken out; one left on the LAST page, a whole line dropped with it, a neighbouring
word eaten, another marker than asked, the name only covered elsewhere, spacing changed (fine),
a page lost, and a name that is only part of a longer one."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HOST = ["Case notes\nCustomer: Ada Park\nEmail: ada@post.example.com\nPhone: +44 20 7946 0011",
        "Follow-up\nRefund to GB29 NWBK 6016 1331 9268 19 for Ada Park.\nCopy to lee@example.net, +1 415 555 0134"]


def case(label: str, pages: list[str], options: dict[str, Any], passes: bool, says: str = "",
         host: list[str] = HOST) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "notes.pdf", **options}, passes, says,
                files={"out.pdf": pdf(pages)}, originals={"notes.pdf": pdf(host)})


def sub(old: str, new: str, pages: list[str] = HOST) -> list[str]:
    return [p.replace(old, new) for p in pages]


NAME = {"names": ["Ada Park"], "marker": "[REDACTED]"}
EMAILS = {"details": ["email"]}
PHONES = {"details": ["phone"], "marker": "[REDACTED]"}
IBAN = {"details": ["iban"], "marker": "[REDACTED]"}
OTHER = [HOST[0], HOST[1].replace("Ada Park.", "Ada Parker.")]  # another person
NO_EMAILS = sub("lee@example.net", "", sub("ada@post.example.com", ""))

CASES: dict[str, list[Case]] = {
    "pdf.redacted": [
        case("the name replaced on both pages", sub("Ada Park", "[REDACTED]"), NAME, True),
        case("the name left on the last page", [HOST[0].replace("Ada Park", "[REDACTED]"), HOST[1]], NAME, False,
             "page 2 of out.pdf still shows 'Ada Park'"),
        case("the name replaced by another marker", sub("Ada Park", "XXXX"), NAME, False,
             "page 1 of out.pdf differs from the input beyond the redactions"),
        case("the name taken out though a marker was asked", sub("Ada Park", ""), NAME, False, "page 1 of out.pdf"),
        case("the name and the word before it taken", sub("Customer: Ada Park", "[REDACTED]"), NAME, False,
             "page 1 of out.pdf differs from the input beyond the redactions"),
        case("a longer name holding the name left alone", [HOST[0].replace("Ada Park", "[REDACTED]"), OTHER[1]], NAME,
             True, host=OTHER),
        case("a longer name holding the name redacted too", sub("Ada Park", "[REDACTED]", OTHER), NAME, False,
             "page 2 of out.pdf differs from the input beyond the redactions", host=OTHER),
        case("emails taken out, nothing in their place", NO_EMAILS, EMAILS, True),
        case("emails out, spacing changed", [p.replace("Email: ", "Email:   ") for p in NO_EMAILS], EMAILS, True),
        case("the last email left", sub("ada@post.example.com", ""), EMAILS, False,
             "page 2 of out.pdf still shows 'lee@example.net'"),
        case("emails out with their whole line", [HOST[0].replace("\nEmail: ada@post.example.com", ""),
                                                  NO_EMAILS[1]], EMAILS, False, "page 1 of out.pdf differs"),
        case("phones replaced", sub("+1 415 555 0134", "[REDACTED]", sub("+44 20 7946 0011", "[REDACTED]")), PHONES,
             True),
        case("only the first phone number replaced", sub("+44 20 7946 0011", "[REDACTED]"), PHONES, False,
             "page 2 of out.pdf still shows '+1 415 555 0134'"),
        case("a phone cut short (last group kept)", sub("+1 415 555", "[REDACTED]", sub("+44 20 7946 0011",
                                                                                          "[REDACTED]")), PHONES,
             False, "page 2 of out.pdf differs"),
        case("the IBAN replaced", sub("GB29 NWBK 6016 1331 9268 19", "[REDACTED]"), IBAN, True),
        case("the IBAN's last digits kept", sub("GB29 NWBK 6016 1331 9268", "[REDACTED]"), IBAN, False,
             "page 2 of out.pdf differs"),
        case("a page lost", sub("GB29 NWBK 6016 1331 9268 19", "[REDACTED]")[:1], IBAN, False,
             "out.pdf has 1 pages, expected 2"),
        case("nothing redacted", HOST, IBAN, False, "page 2 of out.pdf still shows 'GB29 NWBK 6016 1331 9268 19'"),
    ],
}
