"""The pdf, text and json check libraries: a right answer passes; a near miss on either side of
each boundary (rounding, order, an extra or missing line or key, a type) fails."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from faker import Faker
from pypdf import PdfReader, PdfWriter

from preparers.pdf import make_pdf, write_pdf
from tests.unit._apps_state import check, state


def seeded(seed: int = 4) -> tuple[random.Random, Faker]:
    faker = Faker()
    faker.seed_instance(seed)
    return random.Random(seed), faker


INVOICE_DOC = make_pdf(*seeded(), kind="invoice")
INVOICE = write_pdf(INVOICE_DOC)
REPORT_DOC = make_pdf(*seeded(), kind="report")
REPORT = write_pdf(REPORT_DOC)
TOTAL = next(line.split(": ")[1] for line in INVOICE_DOC.footnotes if line.startswith("Total due"))


@pytest.mark.parametrize(("written", "passed"), [
    (TOTAL, True), (TOTAL.replace(",", ""), True), (f"Total due: {TOTAL}", True),
    (TOTAL[:-1], False),                        # rounded to one decimal: not what the invoice prints
    (f"{float(TOTAL.replace(',', '')) + 0.01:.2f}", False),  # one cent off
    (f"{TOTAL} (net {INVOICE_DOC.footnotes[0].split(': ')[1]})", False),  # two numbers
])
def test_value_reported(tmp_path: Path, written: str, passed: bool) -> None:
    final = state(tmp_path, {"due.txt": written.encode() + b"\n"}, {"inv.pdf": INVOICE})
    result = check("pdf.value_reported", final, file="due.txt", input_file="inv.pdf", label="Total due")
    assert result.passed is passed, result.message


@pytest.mark.parametrize(("lines", "passed"), [
    ([f"Title: {INVOICE_DOC.title}", f"Author: {INVOICE_DOC.author}"], True),
    ([f"Author: {INVOICE_DOC.author}", f"Title: {INVOICE_DOC.title}"], False),   # order
    ([f"Title: {INVOICE_DOC.title}"], False),                                     # missing
    ([f"Title: {INVOICE_DOC.title}", f"Author: {INVOICE_DOC.author}", "Pages: 1"], False),  # extra
])
def test_metadata_reported(tmp_path: Path, lines: list[str], passed: bool) -> None:
    final = state(tmp_path, {"meta.txt": "\n".join(lines).encode()}, {"inv.pdf": INVOICE})
    result = check("pdf.metadata_reported", final, file="meta.txt", input_file="inv.pdf", fields=["Title", "Author"])
    assert result.passed is passed, result.message


def merged(*parts: bytes) -> bytes:
    writer = PdfWriter()
    for part in parts:
        for page in PdfReader(io.BytesIO(part)).pages:
            writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(("output", "passed"), [
    (merged(INVOICE, REPORT), True), (merged(REPORT, INVOICE), False), (merged(INVOICE), False),
])
def test_pages_combined(tmp_path: Path, output: bytes, passed: bool) -> None:
    final = state(tmp_path, {"all.pdf": output}, {"a.pdf": INVOICE, "b.pdf": REPORT})
    result = check("pdf.pages_combined", final, file="all.pdf", first_file="a.pdf", second_file="b.pdf")
    assert result.passed is passed, result.message


@pytest.mark.parametrize(("output", "passed"), [(INVOICE, True), (merged(INVOICE), True), (REPORT, False),
                                                (merged(INVOICE, INVOICE), False)])
def test_pages_unchanged(tmp_path: Path, output: bytes, passed: bool) -> None:
    final = state(tmp_path, {"out.pdf": output}, {"in.pdf": INVOICE})
    result = check("pdf.pages_unchanged", final, file="out.pdf", input_file="in.pdf")
    assert result.passed is passed, result.message


@pytest.mark.parametrize(("title", "passed"), [(INVOICE_DOC.title, True), (INVOICE_DOC.title + " v2", False),
                                               (INVOICE_DOC.title[:-1], False)])
def test_metadata_equals(tmp_path: Path, title: str, passed: bool) -> None:
    final = state(tmp_path, {"inv.pdf": INVOICE})
    result = check("pdf.metadata_equals", final, file="inv.pdf", title=title)
    assert result.passed is passed, result.message


def sheet(rows: list[list[Any]], name: str = "Sales") -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.title = name
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def report_rows(nudge: float = 0.0, as_text: bool = False, drop: bool = False) -> list[list[Any]]:
    rows: list[list[Any]] = [REPORT_DOC.table.headers]
    for row in REPORT_DOC.table.rows[: -1 if drop else None]:
        numbers = [float(v.replace(",", "")) for v in row[1:]]
        numbers[0] += nudge
        rows.append([row[0], *([f"{v:,.2f}" for v in numbers] if as_text else numbers)])
    return rows


@pytest.mark.parametrize(("rows", "passed"), [
    (report_rows(), True), (report_rows(nudge=0.004), True), (report_rows(nudge=0.006), False),
    (report_rows(as_text=True), False), (report_rows(drop=True), False),
])
def test_table_copied(tmp_path: Path, rows: list[list[Any]], passed: bool) -> None:
    final = state(tmp_path, {"out.xlsx": sheet(rows)}, {"r.pdf": REPORT})
    result = check("pdf.table_copied", final, file="out.xlsx", input_file="r.pdf", table="Sales")
    assert result.passed is passed, result.message


# --- text ----------------------------------------------------------------------------------------

LOG = ("2024-05-01 08:00:00 INFO [api] started\n2024-05-01 08:01:00 ERROR [api] boom\n"
       "2024-05-01 08:02:00 INFO [api] ERRORS are counted\n2024-05-01 08:03:00 ERROR [api] again\n"
       "2024-05-01 08:04:00 WARNING [api] slow\n")
ERRORS = [line for line in LOG.splitlines() if " ERROR " in line]


@pytest.mark.parametrize(("lines", "passed"), [
    (ERRORS, True), (ERRORS[:1], False), (ERRORS[::-1], False),
    ([*ERRORS, LOG.splitlines()[2]], False),  # "ERRORS" is not the word ERROR
])
def test_lines_filtered(tmp_path: Path, lines: list[str], passed: bool) -> None:
    final = state(tmp_path, {"errors.log": "\n".join(lines).encode()}, {"app.log": LOG.encode()})
    result = check("text.lines_filtered", final, file="errors.log", input_file="app.log", contains="ERROR")
    assert result.passed is passed, result.message


@pytest.mark.parametrize(("report", "passed"), [
    ("ERROR: 2\nWARNING: 1\n", True), ("ERROR: 3\nWARNING: 1\n", False), ("WARNING: 1\nERROR: 2\n", False),
])
def test_counts_reported(tmp_path: Path, report: str, passed: bool) -> None:
    final = state(tmp_path, {"counts.txt": report.encode()}, {"app.log": LOG.encode()})
    result = check("text.counts_reported", final, file="counts.txt", input_file="app.log", labels=["ERROR", "WARNING"])
    assert result.passed is passed, result.message


NOTES = "# Notes\n\n## Alpha\n\ntext\n\n```\n## not a heading\n```\n\n## Beta\n\n- item\n"


@pytest.mark.parametrize(("output", "passed"), [
    ("# Notes\n\n## Contents\n\n- Alpha\n- Beta\n" + NOTES.split("\n", 1)[1], True),
    ("# Notes\n\n## Contents\n\n- [Alpha](#alpha)\n- [Beta](#beta)\n" + NOTES.split("\n", 1)[1], True),
    ("# Notes\n\n## Contents\n\n- Alpha\n" + NOTES.split("\n", 1)[1], False),             # a heading missing
    ("# Notes\n\n## Contents\n\n- Alpha\n- Beta\n- not a heading\n" + NOTES.split("\n", 1)[1], False),  # fenced
    ("# Notes\n\n## Contents\n\n- Alpha\n- Beta\n" + NOTES.split("\n", 1)[1] + "extra\n", False),  # rest changed
])
def test_markdown_toc(tmp_path: Path, output: str, passed: bool) -> None:
    final = state(tmp_path, {"n.md": output.encode()}, {"n.md": NOTES.encode()})
    result = check("text.markdown_toc", final, file="n.md", input_file="n.md", title="Contents", level=2)
    assert result.passed is passed, result.message


INI = "; service\n[server]\nport = 8080\nworkers = 2\n\n[cache]\nttl_s = 300\n"


@pytest.mark.parametrize(("output", "passed"), [
    (INI.replace("8080", "9090"), True), (INI.replace("8080", "9091"), False),
    (INI.replace("8080", "9090").replace("300", "600"), False), (INI.replace("8080", "9090") + "debug = 1\n", False),
    ("[server\nport = 9090\n", False),
])
def test_ini_values(tmp_path: Path, output: str, passed: bool) -> None:
    final = state(tmp_path, {"s.ini": output.encode()}, {"s.ini": INI.encode()})
    result = check("text.ini_values", final, file="s.ini", input_file="s.ini", section="server", keys=["port"],
                   values=["9090"])
    assert result.passed is passed, result.message


# --- json ----------------------------------------------------------------------------------------

CONFIG = {"server": {"port": 8080, "debug": False}, "features": {"sso": True}, "endpoints": [{"path": "/a"}]}


def changed(**updates: Any) -> dict[str, Any]:
    value = json.loads(json.dumps(CONFIG))
    for dotted, new in updates.items():
        section, key = dotted.split("__")
        value[section][key] = new
    return value


@pytest.mark.parametrize(("output", "passed"), [
    (changed(server__port=8443, features__sso=False), True),
    (changed(server__port="8443", features__sso=False), False),   # a string, not a number
    (changed(server__port=8443, features__sso=0), False),         # 0 is not false
    (changed(server__port=8443, features__sso=False, server__debug=True), False),  # more changed
])
def test_values_set(tmp_path: Path, output: dict[str, Any], passed: bool) -> None:
    final = state(tmp_path, {"c.json": json.dumps(output).encode()}, {"c.json": json.dumps(CONFIG).encode()})
    result = check("json.values_set", final, file="c.json", input_file="c.json", keys=["server.port", "features.sso"],
                   values=[8443, False])
    assert result.passed is passed, result.message


CSV = b"Name,Joined,Units,Note\nAna,2024-03-01,3,\nBen,2024-04-02,5,vip\n"
RECORDS = [{"Name": "Ana", "Joined": "2024-03-01", "Units": 3, "Note": None},
           {"Name": "Ben", "Joined": "2024-04-02", "Units": 5, "Note": "vip"}]


@pytest.mark.parametrize(("output", "passed"), [
    (RECORDS, True),
    ([{**RECORDS[0], "Units": "3"}, RECORDS[1]], False),                       # a number as text
    ([{k: RECORDS[0][k] for k in ["Joined", "Name", "Units", "Note"]}, RECORDS[1]], False),  # key order
    (RECORDS[:1], False),
])
def test_records_from_table(tmp_path: Path, output: list[dict[str, Any]], passed: bool) -> None:
    final = state(tmp_path, {"out.json": json.dumps(output).encode()}, {"in.csv": CSV})
    result = check("json.records_from_table", final, file="out.json", input_file="in.csv")
    assert result.passed is passed, result.message


EXPORT = {"orders": [{"status": "paid"}, {"status": "shipped"}, {"status": "paid"}]}


@pytest.mark.parametrize(("output", "passed"), [
    ({"paid": 2, "shipped": 1}, True), ({"paid": 2}, False), ({"paid": 3, "shipped": 1}, False),
    ({"paid": "2", "shipped": 1}, False),
])
def test_counts_by_field(tmp_path: Path, output: dict[str, Any], passed: bool) -> None:
    final = state(tmp_path, {"counts.json": json.dumps(output).encode()}, {"e.json": json.dumps(EXPORT).encode()})
    result = check("json.counts_by_field", final, file="counts.json", input_file="e.json", list_path="orders",
                   field="status")
    assert result.passed is passed, result.message
