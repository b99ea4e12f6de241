"""Boundary cases of `project.enum_introduced` on a real status module (invoices: draft, sent, paid,
overdue as bare strings), run in a bubblewrap sandbox: a str Enum with the tests as given passes,
and so do StrEnum and a plain Enum with the tests switched to its members; a string left in the
LAST function, a renamed or an extra member, a plain Enum where strings must keep working, a str
Enum where a plain one was asked, edited tests, strings still returned, and a class that is no
Enum fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._status_modules import add_status_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_status_module(rng, faker, "invoices")[0])
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
HEAD, BODY = SOURCE.split("\n", 1)
VALUES = ["draft", "sent", "paid", "overdue"]
LAST = '("sent", "overdue")'
SENT = 'return "sent"'


def members(text: str, quote: str = '"', skip: str = "") -> str:
    for value in VALUES:
        text = text.replace(f"{quote}{value}{quote}", f"InvoiceStatus.{value.upper()}")
    return text.replace("@@", skip)


def enum_module(base: str = "str, Enum", rows: str = "", body: str | None = None, imports: str = "from enum import Enum") -> str:
    rows = rows or "".join(f"    {v.upper()} = {v!r}\n" for v in VALUES)
    return f"{HEAD}\n\n{imports}\n\n\nclass InvoiceStatus({base}):\n{rows}" + (members(BODY) if body is None else body)


def line_of(text: str, piece: str) -> int:
    return text.split(piece)[0].count("\n") + 1


SWITCHED = members(TEST_SOURCE, "'").replace("status_after\n", "status_after, InvoiceStatus\n")


def case(label: str, source: str, passes: bool, says: str = "", tests: str = TEST_SOURCE, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "enum": "InvoiceStatus", "values": VALUES,
        "str_compatible": True, **options}, passes, says)


LEFT = enum_module(body=members(BODY).replace("(InvoiceStatus.SENT, InvoiceStatus.OVERDUE)", LAST))

CASES = {
    "project.enum_introduced": [
        case("a str Enum, the tests as given", enum_module(), True),
        case("StrEnum, the tests as given", enum_module("StrEnum", imports="from enum import StrEnum"), True),
        case("a plain Enum, the tests switched", enum_module("Enum"), True, tests=SWITCHED, str_compatible=False),
        case("nothing done", SOURCE, False,
             f"proj/{MODULE} still uses the string 'sent', on line {line_of(SOURCE, SENT)}"),
        case("strings left in the last function", LEFT, False, f"still uses the string 'sent', on line {line_of(LEFT, LAST)}"),
        case("a member renamed", enum_module(rows="    DRAFT = 'draft'\n    SENT = 'sent'\n    PAID = 'paid'\n"
                                                  "    LATE = 'overdue'\n", body=members(BODY).replace(
            "InvoiceStatus.OVERDUE", "InvoiceStatus.LATE")), False,
             "InvoiceStatus holds {'DRAFT': 'draft', 'SENT': 'sent', 'PAID': 'paid', 'LATE': 'overdue'}"),
        case("an extra member", enum_module(rows="".join(f"    {v.upper()} = {v!r}\n" for v in [*VALUES, "void"]))
             .replace("'void'", "'vo' + 'id'"), False, "'VOID': 'void'}, expected"),
        case("a plain Enum where strings must keep working", enum_module("Enum"), False, "the tests do not pass"),
        case("a str Enum where a plain one was asked", enum_module(), False, "InvoiceStatus mixes in str",
             tests=SWITCHED, str_compatible=False),
        case("the tests edited with a str Enum", enum_module(), False, f"proj/{TESTS} was changed", tests=SWITCHED),
        case("strings still returned", enum_module(body=members(BODY).replace(
            "return InvoiceStatus.SENT if", "return InvoiceStatus.SENT.value if")), False,
             "send(InvoiceStatus.DRAFT) returns 'sent', not the member InvoiceStatus.SENT"),
        case("a class that is no Enum", enum_module("object"), False, "InvoiceStatus is not an Enum class of the module"),
    ],
}
