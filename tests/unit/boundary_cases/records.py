"""Boundary cases of the record checks (`forge.checks.records`): the last group, kept row, joined row
or flattened item is where a loop that stops one short lets a wrong answer through; ties in a
largest-first order; keys that differ only in case, folded or not; unmatched rows in a left join."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from tests.unit.boundary_cases import Case
from tests.xlsx import xlsx_bytes

INPUT, SHEET = "inputs/data.xlsx", "Orders"
SALES = [["Region", "Units"], ["North", 3], ["South", 1], ["North", 2], ["East", 5], ["South", 6]]
MESSY = [["Region", "Units"], ["North", 3], ["South", 1], ["north", 2], ["East", 5], ["SOUTH", 6]]
PRODUCTS = [["Region", "Product", "Units"], ["North", "Pen", 3], ["South", "Pen", 1], ["North", "Pen", 2],
            ["East", "ink", 5], ["South", "Ink", 6]]
WHERE = {"where_column": "Product", "where_value": "Ink"}
SUM = {"key": "Region", "value": "Units", "aggregate": "sum", "result_header": "Total Units"}
BY_KEY = [["Region", "Total Units"], ["East", 5], ["North", 5], ["South", 7]]

CONTACTS = [["Email", "Plan"], ["a@x.org", "Free"], ["b@x.org", "Pro"], ["A@X.org", "Team"], ["a@x.org", "Free"],
            ["c@x.org", "Pro"], ["C@x.org", "Team"]]
ROW_UNIQUE = [CONTACTS[0], *CONTACTS[1:4], *CONTACTS[5:]]

ITEMS = [["Item", "Units", "Price"], ["a", 3, 2.5], ["b", 1, 4.0], ["c", 7, 1.25], ["d", 5, 10.0], ["e", 2, 1.255]]
COLOURS = b"Item,Colour\nc,blue\na,red\ne,green\n"
JOIN_FILES: dict[str, Any] = {"originals": {INPUT: xlsx_bytes(ITEMS, SHEET), "inputs/colours.csv": COLOURS}}
JOIN = {"right_file": "inputs/colours.csv", "key": "Item"}
INNER = [["Item", "Units", "Price", "Colour"], ["a", 3, 2.5, "red"], ["c", 7, 1.25, "blue"], ["e", 2, 1.255, "green"]]
LEFT = [INNER[0], INNER[1], ["b", 1, 4.0, None], INNER[2], ["d", 5, 10.0, None], INNER[3]]

ORDERS = {"orders": [
    {"id": "A1", "date": "2024-01-02", "customer": {"name": "Ann"}, "items": [{"sku": "S1", "qty": 2}, {"sku": "S2", "qty": 1}]},
    {"id": "A2", "date": "2024-01-03", "customer": {"name": "Bo"}, "items": [{"sku": "S3", "qty": 5}]}]}
JSON_FILES: dict[str, Any] = {"originals": {"inputs/orders.json": json.dumps(ORDERS).encode()}}
FLAT = {"input_file": "inputs/orders.json", "list_path": "orders", "columns": ["id", "date", "customer.name"]}
EXPLODE = {**FLAT, "columns": ["id", "items.sku", "items.qty"], "explode": "items"}


LOG = ("2024-05-01 08:00:00 INFO [api] started\n2024-05-01 08:01:00 ERROR [api] payment failed, retrying\n"
       "2024-05-01 08:02:00 INFO [worker] job 12 done\n2024-05-01 08:03:00 ERROR [worker] disk full\n")
LOG_COLUMNS = ["time", "level", "service", "message"]
LOG_ROWS = [["2024-05-01 08:00:00", "INFO", "api", "started"],
            ["2024-05-01 08:01:00", "ERROR", "api", "payment failed, retrying"],
            ["2024-05-01 08:02:00", "INFO", "worker", "job 12 done"], ["2024-05-01 08:03:00", "ERROR", "worker", "disk full"]]


def log_case(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, [LOG_COLUMNS, *rows], {"input_file": "app.log", "columns": LOG_COLUMNS, **options}, passes,
                says, originals={"app.log": LOG.encode()})


MESSY_SALES = [["Date", "Region", "Price"], ["03/04/2024", " north ", "$1,234.50"], ["12/01/2024", "SOUTH", "99.00 USD"]]
CLEAN = {"date_columns": ["Date"], "text_columns": ["Region"], "amount_columns": ["Price"]}


def cleaned(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, [MESSY_SALES[0], *rows], {**CLEAN, **options}, passes, says, input=MESSY_SALES)


def grouped(label: str, output: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "",
            source: list[list[Any]] = SALES) -> Case:
    return Case(label, output, {**SUM, **options}, passes, says, input=source)


CASES: dict[str, list[Case]] = {
    "table.types_cleaned": [
        cleaned("day first", [[dt.date(2024, 4, 3), "North", 1234.5], [dt.date(2024, 1, 12), "South", 99.0]], {}, True),
        cleaned("month first", [[dt.date(2024, 3, 4), "North", 1234.5], [dt.date(2024, 12, 1), "South", 99.0]],
                {"date_order": "mdy"}, True),
        cleaned("read month first where day first was stated",
                [[dt.date(2024, 3, 4), "North", 1234.5], [dt.date(2024, 12, 1), "South", 99.0]], {}, False, "row 2"),
        cleaned("the LAST amount left as text", [[dt.date(2024, 4, 3), "North", 1234.5],
                                                 [dt.date(2024, 1, 12), "South", "99.00"]], {}, False, "row 3"),
        cleaned("a label left in capitals", [[dt.date(2024, 4, 3), "North", 1234.5],
                                             [dt.date(2024, 1, 12), "SOUTH", 99.0]], {}, False, "Region"),
        cleaned("the last row dropped", [[dt.date(2024, 4, 3), "North", 1234.5]], {}, False, "expected 2"),
        cleaned("dates left as written when not asked", [["03/04/2024", "North", 1234.5], ["12/01/2024", "South", 99.0]],
                {"date_columns": []}, True),
    ],
    "table.from_log": [
        log_case("every line", LOG_ROWS, {}, True),
        log_case("the LAST message cut short", [*LOG_ROWS[:3], ["2024-05-01 08:03:00", "ERROR", "worker", "disk"]], {},
                 False, "row 5"),
        log_case("the last line missing", LOG_ROWS[:3], {}, False, "expected 4"),
        log_case("the service kept in brackets", [[*r[:2], f"[{r[2]}]", r[3]] for r in LOG_ROWS], {}, False, "row 2"),
        log_case("ERROR lines only", [LOG_ROWS[1], LOG_ROWS[3]], {"level": "ERROR"}, True),
        log_case("every line where ERROR was asked", LOG_ROWS, {"level": "ERROR"}, False, "row 2"),
    ],
    "table.grouped": [
        grouped("sums per key, A to Z", BY_KEY, {}, True),
        grouped("the LAST group's sum one short", [*BY_KEY[:3], ["South", 6]], {}, False, "row 4"),
        grouped("the last group missing", BY_KEY[:3], {}, False, "expected 3"),
        grouped("largest first, ties by key", [BY_KEY[0], ["South", 7], ["East", 5], ["North", 5]],
                {"order": "largest_first"}, True),
        grouped("largest first, a tie out of key order", [BY_KEY[0], ["South", 7], ["North", 5], ["East", 5]],
                {"order": "largest_first"}, False, "row 3"),
        grouped("A to Z asked, largest first given", [BY_KEY[0], ["South", 7], ["East", 5], ["North", 5]], {}, False),
        grouped("counts", [["Region", "Count"], ["East", 1], ["North", 2], ["South", 2]],
                {"aggregate": "count", "value": None, "result_header": "Count"}, True),
        grouped("average within the tolerance", [["Region", "Avg"], ["East", 5], ["North", 2.5], ["South", 3.5]],
                {"aggregate": "average", "result_header": "Avg"}, True),
        grouped("average off by 0.02", [["Region", "Avg"], ["East", 5], ["North", 2.5], ["South", 3.52]],
                {"aggregate": "average", "result_header": "Avg"}, False, "row 4"),
        grouped("the wrong result header", [["Region", "Units"], *BY_KEY[1:]], {}, False, "columns"),
        grouped("messy keys folded", BY_KEY, {"fold_keys": True}, True, source=MESSY),
        grouped("only the rows of one product", [BY_KEY[0], ["East", 5], ["South", 6]], WHERE, True, source=PRODUCTS),
        grouped("the filter ignored on the LAST group", [BY_KEY[0], ["East", 5], ["South", 7]], WHERE, False, "row 3",
                source=PRODUCTS),
        grouped("a group with no kept rows listed", [BY_KEY[0], ["East", 5], ["North", 0], ["South", 6]], WHERE, False,
                "row 3", source=PRODUCTS),
        grouped("messy keys not folded when the task did not ask", BY_KEY, {}, False, source=MESSY),
    ],
    "table.deduplicated": [
        Case("whole-row duplicates removed", ROW_UNIQUE, {}, True, input=CONTACTS),
        Case("the exact duplicate kept", CONTACTS, {}, False, "row 5", input=CONTACTS),
        Case("first per key, case folded", [CONTACTS[0], CONTACTS[1], CONTACTS[2], CONTACTS[5]],
             {"key": ["Email"], "fold_case": True}, True, input=CONTACTS),
        Case("the LAST group's repeat kept", [CONTACTS[0], CONTACTS[1], CONTACTS[2], CONTACTS[5], CONTACTS[6]],
             {"key": ["Email"], "fold_case": True}, False, "expected 3", input=CONTACTS),
        Case("last per key, case folded", [CONTACTS[0], CONTACTS[2], CONTACTS[4], CONTACTS[6]],
             {"key": ["Email"], "keep": "last", "fold_case": True}, True, input=CONTACTS),
        Case("first kept where the last was asked", [CONTACTS[0], CONTACTS[1], CONTACTS[2], CONTACTS[5]],
             {"key": ["Email"], "keep": "last", "fold_case": True}, False, "row 2", input=CONTACTS),
        Case("kept rows reordered", [CONTACTS[0], CONTACTS[2], CONTACTS[1], CONTACTS[5]],
             {"key": ["Email"], "fold_case": True}, False, "row 2", input=CONTACTS),
    ],
    "table.joined": [
        Case("inner join", INNER, JOIN, True, **JOIN_FILES),
        Case("inner join without its LAST row", INNER[:3], JOIN, False, "expected 3", **JOIN_FILES),
        Case("the last row's colour wrong", [*INNER[:3], ["e", 2, 1.255, "blue"]], JOIN, False, "row 4", **JOIN_FILES),
        Case("left join", LEFT, {**JOIN, "how": "left"}, True, **JOIN_FILES),
        Case("an inner join where a left one was asked", INNER, {**JOIN, "how": "left"}, False, "row 3", **JOIN_FILES),
        Case("the key column doubled", [[*r, r[0]] for r in INNER], JOIN, False, "columns", **JOIN_FILES),
    ],
    "table.from_json": [
        Case("one row per record", [FLAT["columns"], ["A1", "2024-01-02", "Ann"], ["A2", "2024-01-03", "Bo"]],
             FLAT, True, **JSON_FILES),
        Case("the LAST record's nested value wrong", [FLAT["columns"], ["A1", "2024-01-02", "Ann"],
                                                      ["A2", "2024-01-03", "Ann"]], FLAT, False, "row 3", **JSON_FILES),
        Case("a nested header shortened", [["id", "date", "name"], ["A1", "2024-01-02", "Ann"],
                                           ["A2", "2024-01-03", "Bo"]], FLAT, False, "columns", **JSON_FILES),
        Case("one row per item", [EXPLODE["columns"], ["A1", "S1", 2], ["A1", "S2", 1], ["A2", "S3", 5]],
             EXPLODE, True, **JSON_FILES),
        Case("the last item missing", [EXPLODE["columns"], ["A1", "S1", 2], ["A1", "S2", 1]], EXPLODE, False,
             "expected 3", **JSON_FILES),
        Case("one row per record where items were asked", [EXPLODE["columns"], ["A1", "S1", 2], ["A2", "S3", 5]],
             EXPLODE, False, "row 3", **JSON_FILES),
    ],
}
