"""Boundary cases of the bank reconciliation check: a two-page statement (the header repeated)
against a ledger export - a bank charge and, as the statement's LAST line, interest the ledger
lacks; the ledger's last two payments not cleared; a transposed payment and a receipt with a fee
taken off. Listed or totalled: the last item missed, a sign flipped, a date in another format,
the order, the columns swapped, one decimal, the difference taken the other way round, words
around the total."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HEAD = "Date    Description    Reference    Amount    Balance"
STATEMENT = pdf([
    f"Northbridge Bank: statement\nOpening balance: 1,000.00\n{HEAD}\n"
    "2025-03-02    ACME LTD    PAY-1001    -250.00    750.00\n"
    "2025-03-04    BETA PLC    INV-2001    1,200.00    1,950.00\n"
    "2025-03-05    BANK CHARGES    FEE-9001    -15.00    1,935.00",
    f"{HEAD}\n2025-03-10    GAMMA CO    PAY-1002    -90.90    1,844.10\n"
    "2025-03-20    DELTA LLC    INV-2002    487.50    2,331.60\n"
    "2025-03-28    INTEREST PAID    INT-9002    3.25    2,334.85\n"
    "Closing balance: 2,334.85"])
LEDGER = ("date,payee,reference,amount\n2025-03-01,Acme Ltd,PAY-1001,-250.00\n2025-03-03,Beta plc,INV-2001,1200.00\n"
          "2025-03-09,Gamma Co,PAY-1002,-99.90\n2025-03-19,Delta LLC,INV-2002,500.00\n"
          "2025-03-30,Epsilon Ltd,PAY-1003,-420.00\n2025-03-31,Zeta Inc,PAY-1004,-75.50\n").encode()
UNRECORDED = ["date,description,reference,amount", "2025-03-05,BANK CHARGES,FEE-9001,-15.00",
              "2025-03-28,INTEREST PAID,INT-9002,3.25"]
UNCLEARED = ["date,payee,reference,amount", "2025-03-30,Epsilon Ltd,PAY-1003,-420.00",
             "2025-03-31,Zeta Inc,PAY-1004,-75.50"]
MISMATCHED = ["reference,ledger_amount,statement_amount", "PAY-1002,-99.90,-90.90", "INV-2002,500.00,487.50"]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    name = "out.txt" if options.get("report") == "total" else "out.csv"
    return Case(label, None, {"file": name, "statement_file": "statement.pdf", "ledger_file": "ledger.csv",
                              "report": "list", **options}, passes, says,
                files={name: ("\n".join(lines) + "\n").encode()},
                originals={"statement.pdf": STATEMENT, "ledger.csv": LEDGER})


UNREC, UNCLEAR, DIFF = {"find": "unrecorded"}, {"find": "uncleared"}, {"find": "mismatched"}

CASES: dict[str, list[Case]] = {
    "pdf.statement_reconciled": [
        case("unrecorded bank lines, over both pages", UNRECORDED, UNREC, True),
        case("unrecorded: the last line (interest) missed", UNRECORDED[:-1], UNREC, False,
             "out.csv has 1 rows under its header, expected 2"),
        case("unrecorded: a charge written as money in", [UNRECORDED[0], "2025-03-05,BANK CHARGES,FEE-9001,15.00",
                                                          UNRECORDED[2]], UNREC, False,
             "row 2, column 4 (amount) of out.csv is 15.0, expected -15.0"),
        case("unrecorded: a date day first", [*UNRECORDED[:2], "28/03/2025,INTEREST PAID,INT-9002,3.25"], UNREC, False,
             "row 3, column 1 (date) of out.csv is '28/03/2025', expected 2025-03-28"),
        case("uncleared ledger payments", UNCLEARED, UNCLEAR, True),
        case("uncleared: newest first", [UNCLEARED[0], UNCLEARED[2], UNCLEARED[1]], UNCLEAR, False,
             "row 2, column 1 (date) of out.csv is 2025-03-31, expected 2025-03-30"),
        case("amounts that differ", MISMATCHED, DIFF, True),
        case("amounts that differ, the columns swapped", [MISMATCHED[0], "PAY-1002,-90.90,-99.90",
                                                         "INV-2002,487.50,500.00"], DIFF, False,
             "row 2, column 2 (ledger_amount) of out.csv is -90.9, expected -99.9"),
        case("total unrecorded", ["-11.75"], {**UNREC, "report": "total"}, True),
        case("total unrecorded with spaces around", ["  -11.75  "], {**UNREC, "report": "total"}, True),
        case("total unrecorded to one decimal", ["-11.8"], {**UNREC, "report": "total"}, False,
             "expected one amount with two decimals: -11.75"),
        case("total unrecorded without its sign", ["11.75"], {**UNREC, "report": "total"}, False,
             "out.txt gives 11.75, expected -11.75"),
        case("total uncleared", ["-495.50"], {**UNCLEAR, "report": "total"}, True),
        case("total uncleared, the last payment left out", ["-420.00"], {**UNCLEAR, "report": "total"}, False,
             "out.txt gives -420.00, expected -495.50"),
        case("total difference, statement minus ledger", ["-3.50"], {**DIFF, "report": "total"}, True),
        case("total difference the other way round", ["3.50"], {**DIFF, "report": "total"}, False,
             "out.txt gives 3.50, expected -3.50"),
        case("total with words around it", ["Total: -3.50"], {**DIFF, "report": "total"}, False,
             "out.txt holds 'Total: -3.50', expected one amount"),
    ],
}
