"""Boundary cases of table.files_summarised (#10 breadth): three small exports, the first with an
amount pasted as money text ("$ 1,000.50") and an average on the half cent (510.375: 510.37 and
510.38 both pass, the unrounded value does not), one customer typed in two cases in two files, the
LAST file a single order. Per file and with a total row (an average over every order, not of the
averages; a customer counted once across files; the largest order of all); a file named with its
folder; a row short."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEADER = ["Order ID", "Customer ID", "Amount"]
EXPORTS = {"in/a.csv": [["O1", "CU-1", "\"$ 1,000.50\""], ["O2", "CU-2", 20.25]],
           "in/b.csv": [["O3", "cu-1", 5], ["O4", "CU-3", 4.25], ["O5", "CU-3", 0.75]],
           "in/c.csv": [["O6", "CU-4", 100]]}
REVENUE = [["a.csv", 2, 1020.75], ["b.csv", 3, 10], ["c.csv", 1, 100]]


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join(map(str, r)) + "\n" for r in rows).encode()


def summary(label: str, rows: list[list[Any]], passes: bool, says: str = "", shown: list[str] | None = None,
            **options: Any) -> Case:
    measure = options.get("measure", "total")
    header = ["File", "Orders", {"total": "Revenue", "average": "Average", "largest": "Largest",
                                "distinct": "Customers"}[measure]]
    opts = {"file": "summary.csv", "input_file": "in/a.csv", "second_file": "in/b.csv", "third_file": "in/c.csv",
            "header": header, "measure": measure, "column": "Customer ID" if measure == "distinct" else "Amount",
            **options}
    return Case(label, None, opts, passes, says, files={"summary.csv": _csv([shown or header, *rows])},
                originals={path: _csv([HEADER, *rows]) for path, rows in EXPORTS.items()})


def average(a: Any) -> list[list[Any]]:
    return [["a.csv", 2, a], ["b.csv", 3, 3.33], ["c.csv", 1, 100]]


AVERAGE = {"measure": "average"}
LARGEST = {"measure": "largest"}
DISTINCT = {"measure": "distinct"}

CASES: dict[str, list[Case]] = {
    "table.files_summarised": [
        summary("each file's orders and revenue, the money text read", REVENUE, True),
        summary("a revenue with trailing zeros", [*REVENUE[:2], ["c.csv", 1, "100.00"]], True),
        summary("the money text skipped", [["a.csv", 2, 20.25], *REVENUE[1:]], False,
                "C2 ('Revenue' of a.csv) is 20.25, expected 1020.75"),
        summary("the last file's revenue a cent off", [*REVENUE[:2], ["c.csv", 1, 100.01]], False,
                "C4 ('Revenue' of c.csv) is 100.01, expected 100.00"),
        summary("the last file left out", REVENUE[:2], False, "has 2 data rows, expected 3: one per file"),
        summary("the header row counted as an order", [["a.csv", 3, 1020.75], *REVENUE[1:]], False,
                "B2 ('Orders' of a.csv) is 3, expected 2"),
        summary("a file named with its folder", [["in/a.csv", 2, 1020.75], *REVENUE[1:]], False,
                "data row 1 (summary!A2) is 'in/a.csv', expected 'a.csv'"),
        summary("the measure's column named otherwise", REVENUE, False, "header is ['File', 'Orders', 'Total']",
                shown=["File", "Orders", "Total"]),
        summary("a total row over all three", [*REVENUE, ["Total", 6, 1130.75]], True, total_row="Total"),
        summary("the total row left out", REVENUE, False, "expected 4: one per file (the last: 'Total')",
                total_row="Total"),
        summary("averages rounded up on the half cent", average(510.38), True, **AVERAGE),
        summary("averages rounded down on the half cent", average(510.37), True, **AVERAGE),
        summary("an average left unrounded", average(510.375), False, "(rounded to 2 decimals)", **AVERAGE),
        summary("the total row: the average of every order", [*average(510.38), ["All", 6, 188.46]], True,
                total_row="All", **AVERAGE),
        summary("the total row: the average of the three averages", [*average(510.38), ["All", 6, 204.57]], False,
                "C5 ('Average' of All) is 204.57, expected 188.46", total_row="All", **AVERAGE),
        summary("the largest order per file, the money text read", [["a.csv", 2, 1000.5], ["b.csv", 3, 5],
                                                                      ["c.csv", 1, 100]], True, **LARGEST),
        summary("the largest order with the money text skipped", [["a.csv", 2, 20.25], ["b.csv", 3, 5],
                                                                 ["c.csv", 1, 100]], False,
                "C2 ('Largest' of a.csv) is 20.25, expected 1000.50", **LARGEST),
        summary("the total row: the largest order of all", [["a.csv", 2, 1000.5], ["b.csv", 3, 5], ["c.csv", 1, 100],
                                                            ["Total", 6, 100]], False,
                "C5 ('Largest' of Total) is 100, expected 1000.50", total_row="Total", **LARGEST),
        summary("customers per file, case aside", [["a.csv", 2, 2], ["b.csv", 3, 2], ["c.csv", 1, 1]], True,
                **DISTINCT),
        summary("the total row: a customer in two files counted once", [["a.csv", 2, 2], ["b.csv", 3, 2],
                                                                       ["c.csv", 1, 1], ["Total", 6, 4]], True,
                total_row="Total", **DISTINCT),
        summary("the total row: the files' customers added up", [["a.csv", 2, 2], ["b.csv", 3, 2], ["c.csv", 1, 1],
                                                                ["Total", 6, 5]], False,
                "C5 ('Customers' of Total) is 5, expected 4", total_row="Total", **DISTINCT),
    ],
}
