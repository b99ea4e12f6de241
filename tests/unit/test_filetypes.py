"""File-type handlers: a real file made with its own library passes with a useful summary, and
each broken variant fails with a message that says what is wrong."""

from __future__ import annotations

import io
import json

import docx
import pptx
import pytest
from pptx.util import Inches
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.errors import PreparerError
from preparers import FILE_TYPES, FileReport


def inspect(file_type: str, data: bytes) -> FileReport:
    return FILE_TYPES.get(file_type).inspect(data)


def broken(file_type: str, data: bytes, match: str) -> None:
    with pytest.raises(PreparerError, match=match):
        inspect(file_type, data)


# --- fixtures made with the real libraries ---------------------------------------------------


def make_docx(*, text: bool = True, table: bool = True) -> bytes:
    document = docx.Document()
    if text:
        document.add_heading("Quarterly report", level=1)
        document.add_paragraph("Revenue grew in every region.")
        document.add_paragraph("")
        document.sections[0].header.paragraphs[0].text = "Northwind Traders"
    if table:
        grid = document.add_table(rows=3, cols=2)
        grid.cell(0, 0).text, grid.cell(0, 1).text = "Region", "Revenue"
        grid.cell(1, 0).text, grid.cell(1, 1).text = "North", "1200"
        grid.cell(2, 0).merge(grid.cell(2, 1)).text = "Total 1200"  # one cell spanning two slots
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def make_pptx(slides: int = 2, *, blank_slide: bool = False) -> bytes:
    deck = pptx.Presentation()
    for n in range(slides):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = f"Roadmap part {n + 1}"
        slide.placeholders[1].text = "Ship the beta\nCollect feedback"
        slide.notes_slide.notes_text_frame.text = f"Speaker note {n + 1}"
    if slides:
        table = deck.slides[0].shapes.add_table(2, 2, Inches(1), Inches(5), Inches(4), Inches(1)).table
        table.cell(0, 0).text = "Milestone"
    if blank_slide:
        deck.slides.add_slide(deck.slide_layouts[6])  # the "Blank" layout: no placeholders
    buf = io.BytesIO()
    deck.save(buf)
    return buf.getvalue()


def make_pdf(pages: list[str], *, text: bool = True, password: str | None = None) -> bytes:
    buf = io.BytesIO()
    pdf = canvas.Canvas(buf)
    for line in pages:
        if text:
            pdf.drawString(72, 720, line)
        else:
            pdf.rect(72, 600, 200, 100, fill=1)  # drawn, not written: no text to extract
        pdf.showPage()
    pdf.save()
    if password is None:
        return buf.getvalue()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(buf.getvalue())))
    writer.encrypt(password)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_every_new_type_is_registered() -> None:
    assert {"docx", "pptx", "pdf", "txt", "md", "csv", "json", "py"} <= set(FILE_TYPES)


# --- docx ------------------------------------------------------------------------------------


def test_docx_summary_counts_paragraphs_tables_and_text() -> None:
    report = inspect("docx", make_docx())
    assert report.type == "docx"
    assert report.summary["tables"] == 1
    assert report.summary["non_empty_paragraphs"] == 2
    assert report.summary["paragraphs"] == 3
    assert report.summary["non_empty_cells"] == 5
    assert report.summary["headings"] == ["Quarterly report"]
    for seen in ["Revenue grew", "Region", "North", "1200", "Northwind Traders"]:
        assert seen in report.text
    assert report.text.count("Total 1200") == 1


def test_empty_docx_is_rejected_but_a_table_alone_passes() -> None:
    broken("docx", make_docx(text=False, table=False), "docx document is empty")
    assert inspect("docx", make_docx(text=False)).summary["tables"] == 1


def test_truncated_docx_is_rejected() -> None:
    data = make_docx()
    broken("docx", data[: len(data) // 2], "not a readable docx document: BadZipFile")


def test_pptx_given_as_docx_is_rejected() -> None:
    broken("docx", make_pptx(), "not a readable docx document: ValueError.*not a Word file")


def test_docx_template_leftover_is_in_text() -> None:
    document, buf = docx.Document(), io.BytesIO()
    document.add_paragraph("Dear {{ customer }},")
    document.save(buf)
    assert "{{ customer }}" in inspect("docx", buf.getvalue()).text


# --- pptx ------------------------------------------------------------------------------------


def test_pptx_summary_counts_slides_shapes_and_text() -> None:
    report = inspect("pptx", make_pptx(2))
    assert report.summary["slides"] == 2
    assert report.summary["shapes_per_slide"] == [3, 2]
    assert report.summary["titles"] == ["Roadmap part 1", "Roadmap part 2"]
    assert report.problems == []
    for seen in ["Roadmap part 2", "Collect feedback", "Milestone", "Speaker note 1"]:
        assert seen in report.text


def test_zero_slide_deck_is_rejected() -> None:
    broken("pptx", make_pptx(0), "zero slides")


def test_slide_without_shapes_is_a_problem() -> None:
    report = inspect("pptx", make_pptx(1, blank_slide=True))
    assert report.problems == ["slide 2 has no shapes"]


def test_truncated_pptx_is_rejected() -> None:
    broken("pptx", make_pptx()[:3000], "not a readable pptx presentation")


# --- pdf -------------------------------------------------------------------------------------


def test_pdf_summary_counts_pages_and_text() -> None:
    report = inspect("pdf", make_pdf(["Invoice 2024-0042", "Total due: 1,250.00 EUR"]))
    assert report.summary["pages"] == 2
    assert report.summary["pages_with_text"] == 2
    assert all(n > 0 for n in report.summary["chars_per_page"])  # type: ignore[union-attr]
    assert "Invoice 2024-0042" in report.text and "1,250.00 EUR" in report.text


def test_pdf_without_text_is_rejected() -> None:
    broken("pdf", make_pdf(["x", "y"], text=False), "no extractable text on any of its 2 page")


def test_encrypted_pdf_is_rejected() -> None:
    broken("pdf", make_pdf(["secret"], password="pw"), "encrypted")


@pytest.mark.parametrize("cut", [0.5, 0.9])
def test_truncated_pdf_is_rejected(cut: float) -> None:
    data = make_pdf(["Invoice"])
    broken("pdf", data[: int(len(data) * cut)], "not a readable PDF")
    broken("pdf", b"hello", "does not start with a %PDF- header")


# --- txt and md ------------------------------------------------------------------------------


def test_txt_summary_and_text() -> None:
    report = inspect("txt", "Grüße aus Köln\nzweite Zeile\n".encode())
    assert report.summary == {"lines": 2, "characters": 28, "words": 5}
    assert report.text.startswith("Grüße")
    assert inspect("txt", b"\xef\xbb\xbfhello").text == "hello"  # a BOM is tolerated, and dropped


@pytest.mark.parametrize("file_type", ["txt", "md", "csv", "json", "py"])
def test_non_utf8_text_is_rejected(file_type: str) -> None:
    broken(file_type, "Größe,Preis\n1,2\n".encode("latin-1"), r"not valid UTF-8: byte 0xf6 at offset 2")


@pytest.mark.parametrize("file_type", ["txt", "md"])
def test_nul_bytes_are_rejected(file_type: str) -> None:
    broken(file_type, b"abc\x00def", "NUL byte at offset 3")


@pytest.mark.parametrize("file_type", ["txt", "md", "csv", "json", "py"])
def test_blank_text_is_rejected(file_type: str) -> None:
    broken(file_type, b" \n\n", "is empty")


def test_md_counts_headings_and_links() -> None:
    report = inspect("md", b"# Title\n\nSee [docs](docs.md).\n\n## Part\n#not a heading\n")
    assert report.summary["headings"] == 2
    assert report.summary["links"] == 1


# --- csv -------------------------------------------------------------------------------------


def test_csv_summary() -> None:
    report = inspect("csv", b'Name,City,Amount\nAlice,"Paris, FR",10\nBob,Berlin,20\n')
    assert report.summary["rows"] == 3
    assert report.summary["columns"] == 3
    assert report.summary["header"] == ["Name", "City", "Amount"]
    assert "Paris, FR" in report.text


def test_csv_delimiter_is_sniffed_and_one_column_passes() -> None:
    report = inspect("csv", b"Name;City\nAlice;Paris\nBob;Berlin\n")
    assert report.summary["delimiter"] == ";" and report.summary["columns"] == 2
    assert inspect("csv", b"Name\nAlice Smith\nBob Jones\n").summary["columns"] == 1


def test_ragged_csv_is_rejected() -> None:
    broken("csv", b"a,b,c\n1,2,3\n4,5\n6,7,8,9\n",
           r"ragged: the header has 3 fields but row 3 has 2 fields; row 4 has 4")


def test_badly_quoted_csv_is_rejected() -> None:
    broken("csv", b'a,b\n"x"y,2\n', "csv does not parse: ',' expected after '\"'")


def test_unterminated_quote_in_csv_is_rejected() -> None:
    broken("csv", b'a,b\n"x,2\n', "csv does not parse: unexpected end of data")


def test_doubled_quotes_past_the_sniffed_sample_pass() -> None:
    rows = b"".join(b"%d,plain\n" % n for n in range(2000)) + b'9999,"say ""hi"""\n'
    assert inspect("csv", b"id,note\n" + rows).summary["rows"] == 2002


# --- json ------------------------------------------------------------------------------------


def test_json_summary_and_text() -> None:
    report = inspect("json", json.dumps({"name": "Widget", "tags": ["blue", "large"], "price": 3}).encode())
    assert report.summary == {"top_level": "dict", "keys": ["name", "tags", "price"]}
    assert report.text.split("\n") == ["name", "Widget", "tags", "blue", "large", "price"]


def test_invalid_json_names_line_and_column() -> None:
    broken("json", b'{\n  "a": 1,\n}', r"invalid JSON at line 3, column 1")


def test_json_nan_is_rejected() -> None:
    broken("json", b'{"a": NaN}', "NaN is not valid JSON")


# --- py --------------------------------------------------------------------------------------


PY_SOURCE = b'''"""Report builder."""
import os
import json as j
from pathlib import Path
from . import sibling

def build(path=None):  # TODO-free comment
    if path is None:
        import csv  # not top level
    return f"report {path}"

class Report:
    pass
'''


def test_py_summary_lists_top_level_imports() -> None:
    report = inspect("py", PY_SOURCE)
    assert report.summary["imports"] == ["os", "json", "pathlib", "."]
    assert report.summary["functions"] == ["build"]
    assert report.summary["classes"] == ["Report"]


def test_py_text_is_strings_and_comments_not_code() -> None:
    text = inspect("py", PY_SOURCE).text
    assert "Report builder." in text and "# TODO-free comment" in text and "report " in text
    assert "None" not in text  # code, not a template leftover


PY_NONE_IN_PROSE = b'''"""Look-ups that give None when a key is missing."""


class Cache:
    """Holds values; get() returns None for a miss."""

    def get(self, key):
        """None when `key` was never put."""
        return self.values.get(key)  # None on a miss


GREETING = "Dear None,"
'''


def test_py_none_in_docstrings_and_comments_is_the_code_word_but_in_a_string_still_a_leftover() -> None:
    from gates.file_gate import LEFTOVER

    text = inspect("py", PY_NONE_IN_PROSE).text
    assert "Look-ups that give  when a key is missing." in text and "#  on a miss" in text
    assert [m.group() for m in LEFTOVER.finditer(text)] == ["None"]  # the greeting's only
    assert "Dear None," in text


def test_py_syntax_error_names_the_line() -> None:
    broken("py", b"x = 1\ny = 2\ndef f(:\n    pass\n", r"Python syntax error at line 3")


def test_py_error_only_the_compiler_finds_is_rejected() -> None:
    broken("py", b"def f():\n    pass\nreturn 1\n", r"line 3: 'return' outside function")


# --- the handler contract: views, bounds before parsing, create, lookup by extension ----------


def test_xlsx_and_csv_read_into_the_same_table_view() -> None:
    import datetime as dt

    from forge.filetypes import read_view
    from forge.views import TableView
    from tests.xlsx import xlsx_bytes

    rows = [["Item", "Qty", "When", "Code"], ["Lamp ", 3, dt.datetime(2024, 5, 1), "007"], ["Desk", 2.5, None, "12"]]
    from_xlsx = read_view(xlsx_bytes(rows, "Stock"), "in/stock.xlsx", TableView)
    from_csv = read_view(b"Item,Qty,When,Code\nLamp ,3,2024-05-01,007\nDesk,2.5,,12\n", "in/stock.csv", TableView)
    assert [t.name for t in from_xlsx.tables] == ["Stock"] and [t.name for t in from_csv.tables] == ["stock"]
    expected = [["Item", "Qty", "When", "Code"], ["Lamp", 3, dt.date(2024, 5, 1), "007"], ["Desk", 2.5, None, 12]]
    assert from_csv.get().rows == expected
    assert from_xlsx.get().rows[:2] == expected[:2] and from_xlsx.get().rows[2][:3] == ["Desk", 2.5, None]
    assert from_xlsx.get("Stock").need_col("qty") == 1


def test_csv_create_round_trips_through_read() -> None:
    from forge.filetypes import read_view
    from forge.views import Table, TableView

    table = Table.of("t", [["Name", "Score"], ["Ada, L.", 9.5], ["Bo", 10.0]])
    data = FILE_TYPES.get("csv").create(TableView(source="t.csv", tables=[table]))
    assert data == b'Name,Score\n"Ada, L.",9.5\nBo,10\n'
    assert read_view(data, "t.csv", TableView).get().rows == [["Name", "Score"], ["Ada, L.", 9.5], ["Bo", 10]]


def test_bounds_are_checked_before_any_parser_and_errors_name_the_file() -> None:
    import zipfile

    from forge.errors import CheckError
    from forge.filetypes import read_view
    from forge.views import DocumentView, TableView

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b'<worksheet><sheetData><row r="1"><c r="A1"/></row>'
                   b'<row r="900000"><c r="ZZ900000"/></row></sheetData></worksheet>')
    with pytest.raises(CheckError, match="out/big.xlsx"):
        read_view(buf.getvalue(), "out/big.xlsx", TableView)
    with pytest.raises(CheckError, match="out/r.csv: a csv file cannot be read as a document view"):
        read_view(b"a,b\n1,2\n", "out/r.csv", DocumentView)
    with pytest.raises(CheckError, match=r"out/r.xyz: no file type handles this extension; known: .*\.csv"):
        read_view(b"x", "out/r.xyz", TableView)


def test_every_handler_meets_the_protocol_and_views_are_registered() -> None:
    from forge.filetypes import FileType, file_type_for
    from forge.views import VIEWS

    for name, handler in FILE_TYPES.items():
        assert isinstance(handler, FileType), name
        assert set(handler.views) <= set(VIEWS), (name, handler.views)
        for ext in handler.extensions:
            assert file_type_for(f"dir/file{ext.upper()}").name == name
    assert FILE_TYPES.get("xlsx").libreoffice is not None and FILE_TYPES.get("csv").libreoffice is None


def test_html_tables_read_as_the_table_view_and_visible_text_as_text() -> None:
    from forge.filetypes import read_view
    from forge.views import TableView, TextView

    page = (b"<html><head><title>Stock</title><style>td{color:red}</style></head><body><h1>Stock</h1>"
            b"<table><tr><th>Item</th><th>Qty</th></tr><tr><td>Lamp</td><td> 3 </td></tr>"
            b"<tr><td>Desk &amp; chair</td><td>2.5</td></tr></table><script>var x = 1;</script></body></html>")
    report = inspect("html", page)
    assert report.summary == {"title": "Stock", "tables": 1, "rows_per_table": [3]}
    assert "td{color" not in report.text and "var x" not in report.text
    table = read_view(page, "site/stock.html", TableView).get()
    assert table.name == "table 1" and table.rows == [["Item", "Qty"], ["Lamp", 3], ["Desk & chair", 2.5]]
    assert read_view(page, "site/stock.html", TextView).text.splitlines() == [
        "Stock", "Item", "Qty", "Lamp", "3", "Desk & chair", "2.5"]
    broken("html", b"<html><script>only code</script></html>", "shows no text")
