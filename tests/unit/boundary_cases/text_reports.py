"""Boundary cases of the text report checks (`forge.checks.text_reports`): the last table row, hour
or word is where a loop that stops one short lets a wrong answer through; a count one off; an
empty hour listed or not; a tie out of alphabetical order; one whitespace fix left undone."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.xlsx import xlsx_bytes

INPUT, SHEET = "inputs/data.xlsx", "Orders"
ROWS = [["Item", "Units", "Price"], ["a", 3, 2.5], ["b", 1, 4.0], ["c", 7, 1.25], ["d", 5, 10.0], ["e", 2, 1.255]]
TABLE_FILES: dict[str, Any] = {"originals": {INPUT: xlsx_bytes(ROWS, SHEET)}}
MD = {"file": "out/table.md", "input_file": INPUT}


def md_table(*rows: str, sep: str = "|---|---|---|", title: str = "") -> str:
    return (f"# {title}\n\n" if title else "") + "| Item | Units | Price |\n" + sep + "\n" + "\n".join(rows) + "\n"


GOOD_ROWS = ["| a | 3 | 2.5 |", "| b | 1 | 4.00 |", "| c | 7 | 1.25 |", "| d | 5 | 10 |", "| e | 2 | 1.255 |"]


def md(label: str, body: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {**MD, **options}, passes, says, files={"out/table.md": body.encode()}, **TABLE_FILES)


LOG = "".join(f"2024-05-01 {h:02d}:{m:02d}:00 {lvl} [api] event\n" for h, m, lvl in [
    (8, 1, "INFO"), (8, 30, "ERROR"), (9, 5, "INFO"), (11, 0, "ERROR"), (11, 59, "INFO"), (11, 59, "ERROR")])


def hours(label: str, report: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "per_hour.txt", "input_file": "app.log", **options}, passes, says,
                files={"per_hour.txt": report.encode()}, originals={"app.log": LOG.encode()})


PROSE = "The cat saw the dog. The dog saw a bird; the bird flew. Cats and dogs!\n"  # the 4, saw 2, dog 2, bird 2


def words(label: str, report: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "top.txt", "input_file": "notes.md", **options}, passes, says,
                files={"top.txt": report.encode()}, originals={"notes.md": PROSE.encode()})


UNTIDY = "# Notes  \r\n\r\n\r\n\t- one\t\r\n- two \r\n\r\n\r\n\r\nend\r\n\r\n"


def tidy(label: str, body: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "clean.md", "input_file": "notes.md", **options}, passes, says,
                files={"clean.md": body.encode()}, originals={"notes.md": UNTIDY.encode()})


NAMES = " pear\nApple\n\napple\nbanana \nPear\npear\n"


def listed(label: str, body: str, options: dict[str, Any], passes: bool, says: str = "",
           source: str = NAMES) -> Case:
    return Case(label, None, {"file": "out.txt", "input_file": "in.txt", **options}, passes, says,
                files={"out.txt": body.encode()}, originals={"in.txt": source.encode()})


INBOX = ("09:00 from Ann@Example.org [10.0.0.1] ORD-202405-1111 see https://x.org/a?id=1\n"
         "09:05 from bob@example.org [10.0.0.22] ORD-202405-2222\n09:07 from ann@example.org [10.0.0.1] again\n")


CASES: dict[str, list[Case]] = {
    "text.lines_sorted": [
        listed("plain sort keeps every line", "Apple\nPear\napple\nbanana\npear\npear\n", {}, True),
        listed("the LAST repeat dropped where all were kept", "Apple\nPear\napple\nbanana\npear\n", {}, False,
               "expected 6"),
        listed("unique, case kept apart", "Apple\nPear\napple\nbanana\npear\n", {"unique": True}, True),
        listed("unique and case-insensitive, first spelling", "apple\nbanana\npear\n",
               {"unique": True, "ignore_case": True}, False, "line 1"),
        listed("unique and case-insensitive", "Apple\nbanana\npear\n", {"unique": True, "ignore_case": True}, True),
        listed("case-insensitive, case ties in either order", "Apple\napple\nbanana\npear\nPear\npear\n",
               {"ignore_case": True}, True),
        listed("case-insensitive with a line re-spelled", "apple\napple\nbanana\npear\nPear\npear\n",
               {"ignore_case": True}, False, "spelling"),
        listed("reversed", "pear\npear\nbanana\napple\nPear\nApple\n", {"reverse": True}, True),
        listed("reverse asked, ascending given", "Apple\nPear\napple\nbanana\npear\npear\n", {"reverse": True},
               False, "line 1"),
    ],
    "text.matches_listed": [
        listed("distinct emails, sorted, lower-cased", "ann@example.org\nbob@example.org\n", {"kind": "email"}, True,
               source=INBOX),
        listed("the LAST email missing", "ann@example.org\n", {"kind": "email"}, False, "expected 2", source=INBOX),
        listed("every IP in order", "10.0.0.1\n10.0.0.22\n10.0.0.1\n", {"kind": "ipv4", "unique": False}, True,
               source=INBOX),
        listed("IPs deduplicated where every one was asked", "10.0.0.1\n10.0.0.22\n",
               {"kind": "ipv4", "unique": False}, False, "line 3", source=INBOX),
        listed("order ids", "ORD-202405-1111\nORD-202405-2222\n", {"kind": "order_id"}, True, source=INBOX),
        listed("a link cut short", "https://x.org/a\n", {"kind": "url"}, False, "line 1", source=INBOX),
        listed("the whole link", "https://x.org/a?id=1\n", {"kind": "url"}, True, source=INBOX),
        listed("IP counts, most frequent first", "10.0.0.1: 2\n10.0.0.22: 1\n", {"kind": "ipv4", "counted": True}, True,
               source=INBOX),
        listed("the LAST count off by one", "10.0.0.1: 2\n10.0.0.22: 2\n", {"kind": "ipv4", "counted": True}, False,
               "line 2", source=INBOX),
        listed("email counts case-folded", "ann@example.org: 2\nbob@example.org : 1\n",
               {"kind": "email", "counted": True}, True, source=INBOX),
    ],
    "text.markdown_table": [
        md("every row, numbers however printed", md_table(*GOOD_ROWS), {}, True),
        md("the LAST row's number off", md_table(*GOOD_ROWS[:4], "| e | 2 | 1.3 |"), {}, False, "row 5"),
        md("the last row missing", md_table(*GOOD_ROWS[:4]), {}, False, "expected 5"),
        md("no separator row: not a table", "| Item | Units | Price |\n" + "\n".join(GOOD_ROWS) + "\n", {}, False,
           "no markdown"),
        md("under the heading asked for", md_table(*GOOD_ROWS, title="Stock"), {"heading": "Stock"}, True),
        md("no heading", md_table(*GOOD_ROWS), {"heading": "Stock"}, False, "heading"),
        md("numbers right-aligned", md_table(*GOOD_ROWS, sep="|---|---:|---:|"), {"right_align": True}, True),
        md("the LAST number column left-aligned", md_table(*GOOD_ROWS, sep="|---|---:|---|"), {"right_align": True},
           False, "Price"),
        md("a text column right-aligned too", md_table(*GOOD_ROWS, sep="|---:|---:|---:|"), {"right_align": True},
           False, "Item"),
    ],
    "text.hourly_counts": [
        hours("hours with lines", "08:00 2\n09:00 1\n11:00 3\n", {}, True),
        hours("the LAST hour one short", "08:00 2\n09:00 1\n11:00 2\n", {}, False, "line 3"),
        hours("an empty hour listed when not asked", "08:00 2\n09:00 1\n10:00 0\n11:00 3\n", {}, False, "line 3"),
        hours("every hour, empty ones as 0", "08:00 2\n09:00 1\n10:00 0\n11:00 3\n", {"include_empty": True}, True),
        hours("the empty hour left out", "08:00 2\n09:00 1\n11:00 3\n", {"include_empty": True}, False, "line 3"),
        hours("ERROR lines only", "08:00 1\n11:00 2\n", {"level": "ERROR"}, True),
        hours("all lines where ERROR was asked", "08:00 2\n09:00 1\n11:00 3\n", {"level": "ERROR"}, False, "line 1"),
        hours("a line that is not an hour count", "08:00 2\n09:00 1\n11:00 3\ntotal 6\n", {}, False, "total 6"),
    ],
    "text.top_words": [
        words("the top 4, ties alphabetical", "the: 4\nbird: 2\ndog: 2\nsaw: 2\n", {"count": 4}, True),
        words("the LAST count off by one", "the: 4\nbird: 2\ndog: 2\nsaw: 3\n", {"count": 4}, False, "line 4"),
        words("a tie out of order", "the: 4\ndog: 2\nbird: 2\nsaw: 2\n", {"count": 4}, False, "line 2"),
        words("one word too few", "the: 4\nbird: 2\ndog: 2\n", {"count": 4}, False, "expected 4"),
        words("at least 4 letters", "bird: 2\ncats: 1\ndogs: 1\nflew: 1\n", {"count": 4, "min_length": 4}, True),
        words("short words kept where 4 letters were asked", "the: 4\nbird: 2\ndog: 2\nsaw: 2\n",
              {"count": 4, "min_length": 4}, False, "line 1"),
    ],
    "text.normalised": [
        tidy("trailing whitespace and CRLF fixed", "# Notes\n\n\n\t- one\n- two\n\n\n\nend\n", {}, True),
        tidy("CRLF left in", "# Notes\r\n\r\n\r\n\t- one\r\n- two\r\n\r\n\r\n\r\nend\r\n", {}, False, "CRLF"),
        tidy("two final newlines", "# Notes\n\n\n\t- one\n- two\n\n\n\nend\n\n", {}, False, "one newline"),
        tidy("tabs expanded to 4", "# Notes\n\n\n    - one\n- two\n\n\n\nend\n", {"tab_width": 4}, True),
        tidy("tabs expanded to 2 where 4 was asked", "# Notes\n\n\n  - one\n- two\n\n\n\nend\n", {"tab_width": 4},
             False, "line 4"),
        tidy("blank runs collapsed", "# Notes\n\n\t- one\n- two\n\nend\n", {"collapse_blank": True}, True),
        tidy("the LAST blank run left", "# Notes\n\n\t- one\n- two\n\n\nend\n", {"collapse_blank": True}, False, "line 6"),
        tidy("a word changed", "# Notes\n\n\n\t- one\n- too\n\n\n\nend\n", {}, False, "line 5"),
    ],
}
