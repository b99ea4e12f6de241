"""Boundary cases of the expense-claim check: a trip's receipts - a cafe paid with the company
card (4821), a taxi in cash saved twice (the fifth file), a pub lunch between them that day and
a rail ticket with no VAT the next morning, LAST in the order paid; per receipt or per day; paid,
net or VAT; every receipt or the company card's left out; the repeat counted once or not; a total
row. Failing: the last receipt's amount off, a cent outside the tolerance (half a cent inside
passes, a trailing zero is the same amount), the net for the amount paid, the repeat counted
twice, the company card kept, merchant order instead of time, dates as printed, the total row
missing, extra, or with its merchant cell filled, a receipt printing no Paid line."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf


def receipt(merchant: str, when: str, number: str, paid: str, net: str, vat: str, total: str) -> bytes:
    day, time = when.split()
    return pdf([f"{merchant}\n12 Park Row\nVAT reg: GB 123 4567 89\nReceipt no: {number}\nDate: {day}  Time: {time}\n"
                f"1 x Item    {total}\nNet (GBP): {net}\nVAT ({'0' if vat == '0.00' else '20'}%): {vat}\n"
                f"Total (GBP): {total}\nPaid: {paid}\nThank you for your visit"])


TAXI = receipt("Leeds Cabs Ltd", "03/03/2025 18:30", "222", "CASH", "20.00", "4.00", "24.00")
RECEIPTS = {
    "r/a.pdf": receipt("Cafe Nero Leeds", "03/03/2025 08:10", "111", "VISA ****4821", "5.00", "1.00", "6.00"),
    "r/b.pdf": TAXI,
    "r/c.pdf": receipt("Leeds Station", "04/03/2025 07:05", "333", "MASTERCARD ****1234", "45.50", "0.00", "45.50"),
    "r/d.pdf": receipt("The Oak Arms", "03/03/2025 12:45", "444", "MASTERCARD ****1234", "15.50", "3.10", "18.60"),
    "r/e.pdf": TAXI,
}
FILES = {"first_file": "r/a.pdf", "second_file": "r/b.pdf", "third_file": "r/c.pdf", "fourth_file": "r/d.pdf",
         "fifth_file": "r/e.pdf"}


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "",
         originals: dict[str, bytes] | None = None) -> Case:
    return Case(label, None, {"file": "claim.csv", **FILES, **options}, passes, says,
                files={"claim.csv": ("\n".join(lines) + "\n").encode()}, originals=originals or RECEIPTS)


PAID = ["date,merchant,total", "2025-03-03,Cafe Nero Leeds,6.00", "2025-03-03,The Oak Arms,18.60",
        "2025-03-03,Leeds Cabs Ltd,24.00", "2025-03-04,Leeds Station,45.50"]
ONCE = {"amount": "total", "layout": "receipts", "once": True}
MINE = {**ONCE, "company_card": "4821"}
DAYS = {"amount": "total", "layout": "days", "once": True}

CASES: dict[str, list[Case]] = {
    "pdf.receipts_claimed": [
        case("per receipt, paid, the repeat once", PAID, ONCE, True),
        case("per receipt: the last receipt's amount off", [*PAID[:4], "2025-03-04,Leeds Station,45.05"], ONCE, False,
             "row 5, column 3 (total) of claim.csv is 45.05, expected 45.5"),
        case("per receipt: the repeat counted twice", [*PAID[:3], PAID[3], *PAID[3:]], ONCE, False,
             "claim.csv has 5 rows under its header, expected 4"),
        case("per receipt: the repeat kept when not asked to count it once", [*PAID[:3], PAID[3], *PAID[3:]],
             {**ONCE, "once": False}, True),
        case("per receipt: in merchant order, not the order paid", [PAID[0], PAID[1], PAID[3], PAID[2], PAID[4]],
             ONCE, False, "row 3, column 2 (merchant) of claim.csv is 'Leeds Cabs Ltd', expected 'The Oak Arms'"),
        case("per receipt: dates as the receipts print them", [PAID[0], "03/03/2025,Cafe Nero Leeds,6.00", *PAID[2:]],
             ONCE, False, "row 2, column 1 (date) of claim.csv is '03/03/2025', expected 2025-03-03"),
        case("per receipt, the net", ["date,merchant,net", "2025-03-03,Cafe Nero Leeds,5", "2025-03-03,The Oak Arms,15.5",
                                      "2025-03-03,Leeds Cabs Ltd,20", "2025-03-04,Leeds Station,45.5"],
             {**ONCE, "amount": "net"}, True),
        case("per receipt: the amount paid given for the net", ["date,merchant,net", *PAID[1:]],
             {**ONCE, "amount": "net"}, False, "row 2, column 3 (net) of claim.csv is 6.0, expected 5.0"),
        case("company card left out, with the total", [*PAID[0:1], *PAID[2:], "Total,,88.10"],
             {**MINE, "total_row": True}, True),
        case("company card left out: the total half a cent off passes", [*PAID[0:1], *PAID[2:], "Total,,88.104"],
             {**MINE, "total_row": True}, True),
        case("company card left out: the total a cent off", [*PAID[0:1], *PAID[2:], "Total,,88.11"],
             {**MINE, "total_row": True}, False, "row 5, column 3 (total) of claim.csv is 88.11, expected 88.1"),
        case("company card kept", PAID, MINE, False, "claim.csv has 4 rows under its header, expected 3"),
        case("the total row missing", PAID, {**ONCE, "total_row": True}, False,
             "claim.csv has 4 rows under its header, expected 5"),
        case("a total row not asked for", [*PAID, "Total,,94.10"], ONCE, False,
             "claim.csv has 5 rows under its header, expected 4"),
        case("the total row's merchant cell filled", [*PAID, "Total,all receipts,94.10"], {**ONCE, "total_row": True},
             False, "row 6, column 2 (merchant) of claim.csv is 'all receipts', expected ''"),
        case("per day, paid", ["date,total", "2025-03-03,48.60", "2025-03-04,45.50"], DAYS, True),
        case("per day: the last day's sum off", ["date,total", "2025-03-03,48.60", "2025-03-04,45"], DAYS, False,
             "row 3, column 2 (total) of claim.csv is 45, expected 45.5"),
        case("per day: a row per receipt", PAID, DAYS, False, "claim.csv has 4 rows under its header, expected 2"),
        case("per day, the VAT, company card left out, a total", ["date,vat", "2025-03-03,7.10", "2025-03-04,0",
                                                                   "Total,7.10"],
             {**DAYS, "amount": "vat", "company_card": "4821", "total_row": True}, True),
        case("per day, the VAT: the repeat's VAT counted twice", ["date,vat", "2025-03-03,11.10", "2025-03-04,0",
                                                                   "Total,11.10"],
             {**DAYS, "amount": "vat", "company_card": "4821", "total_row": True}, False,
             "row 2, column 2 (vat) of claim.csv is 11.1, expected 7.1"),
        case("a receipt printing no Paid line", PAID, ONCE, False,
             "r/c.pdf does not print a merchant, Date and Time, Receipt no, Paid line and Net, VAT and Total",
             originals={**RECEIPTS, "r/c.pdf": pdf(["Leeds Station\nReceipt no: 333\nDate: 04/03/2025  Time: 07:05\n"
                                                    "Net (GBP): 45.50\nVAT (0%): 0.00\nTotal (GBP): 45.50"])}),
    ],
}
