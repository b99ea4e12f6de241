"""The spreadsheet preparer: seeded tables, byte-deterministic xlsx, and the xlsx file-type handler."""

from __future__ import annotations

import datetime as dt
import io
import random
import zipfile

import openpyxl
import pytest
from faker import Faker

import preparers
from forge.errors import PreparerError
from preparers._ooxml import CONTENT_TYPES, FIXED_DOC_TIME, FIXED_ZIP_TIME, normalize_package
from preparers.spreadsheet import (
    MAX_ROWS,
    MIN_ROWS,
    TABLE_KINDS,
    Table,
    formula_parses,
    make_table,
    thread_faker,
    write_xlsx,
)
from tests.xlsx import xlsx_bytes as _xlsx

KINDS = sorted(TABLE_KINDS)


def _table(kind: str, seed: int = 7) -> Table:
    faker = Faker()
    faker.seed_instance(seed)
    return make_table(random.Random(seed), faker, kind=kind)




def test_builtins_register() -> None:
    assert "spreadsheet" in preparers.PREPARERS
    assert "xlsx" in preparers.FILE_TYPES
    prep = preparers.PREPARERS.get("spreadsheet")
    assert isinstance(prep, preparers.Preparer) and prep.file_types == ["xlsx", "csv"]
    assert isinstance(preparers.FILE_TYPES.get("xlsx"), preparers.FileType)
    assert set(KINDS) >= {"sales", "employees", "inventory", "budget"}


@pytest.mark.parametrize("kind", KINDS)
def test_table_shape(kind: str) -> None:
    for seed in range(10):
        table = _table(kind, seed)
        assert MIN_ROWS <= len(table.rows) <= MAX_ROWS
        assert len(table.numeric) >= 2 and set(table.additive) <= set(table.numeric)
        assert table.label_column not in table.numeric
        for name in table.numeric:
            values = table.column(name)
            assert all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values), name
            assert min(values) > 0, name  # ratios and filters rely on positive data
        for row in table.rows:
            assert all(v is not None and v != "" for v in row)


@pytest.mark.parametrize("kind", KINDS)
def test_table_is_seeded(kind: str) -> None:
    assert _table(kind, 3) == _table(kind, 3)
    assert _table(kind, 3) != _table(kind, 4)


def test_make_table_draws_kind_and_uses_thread_faker() -> None:
    a = make_table(random.Random(5))
    b = make_table(random.Random(5))
    assert a == b and a.kind in TABLE_KINDS
    assert thread_faker(1) is thread_faker(2)


def test_make_table_refuses_unknown_kind() -> None:
    with pytest.raises(PreparerError, match="unknown table kind"):
        make_table(random.Random(1), kind="nope")


def test_table_validates_shape() -> None:
    with pytest.raises(ValueError):
        Table(kind="x", title="t", headers=["A", "B"], rows=[[1]])
    with pytest.raises(ValueError):
        Table(kind="x", title="t", headers=["A"], rows=[[1]], numeric=["B"])


@pytest.mark.parametrize("kind", KINDS)
def test_write_xlsx_is_byte_deterministic(kind: str) -> None:
    table = _table(kind)
    first = write_xlsx(table, "Data")
    assert write_xlsx(table, "Data") == first
    assert write_xlsx(_table(kind), "Data") == first  # a fresh, equal table too
    assert write_xlsx(table, "Other") != first
    with zipfile.ZipFile(io.BytesIO(first)) as zf:
        infos = zf.infolist()
        assert infos[0].filename == CONTENT_TYPES
        assert all(i.date_time == FIXED_ZIP_TIME for i in infos)
        core = zf.read("docProps/core.xml").decode()
    assert core.count(FIXED_DOC_TIME) == 2


def test_write_xlsx_survives_a_clock_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """openpyxl stamps `now` at save; the bytes must not depend on it."""
    import openpyxl.writer.excel as excel

    table = _table("sales")
    first = write_xlsx(table, "Orders")

    class LaterDatetime(dt.datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return dt.datetime(2031, 5, 6, 7, 8, 9, tzinfo=tz)

    class FakeModule:
        datetime = LaterDatetime
        timezone = dt.timezone

    monkeypatch.setattr(excel, "datetime", FakeModule)
    assert write_xlsx(table, "Orders") == first


@pytest.mark.parametrize("kind", KINDS)
def test_write_xlsx_round_trips(kind: str) -> None:
    table = _table(kind)
    ws = openpyxl.load_workbook(io.BytesIO(write_xlsx(table, "Sheet A"))).active
    assert ws.title == "Sheet A"
    values = [list(r) for r in ws.iter_rows(values_only=True)]
    assert values[0] == table.headers
    assert len(values) == len(table.rows) + 1
    for got, want in zip(values[1:], table.rows, strict=True):
        for g, w in zip(got, want, strict=True):
            if isinstance(w, dt.date):
                assert g == dt.datetime.combine(w, dt.time(0))
            else:
                assert g == w


@pytest.mark.parametrize("name", ["", "a" * 32, "bad/name", "what?"])
def test_write_xlsx_refuses_bad_sheet_names(name: str) -> None:
    with pytest.raises(PreparerError, match="sheet name"):
        write_xlsx(_table("sales"), name)


def test_normalize_package_is_idempotent_and_rejects_non_zip() -> None:
    data = _xlsx([["a", 1]])
    once = normalize_package(data)
    assert normalize_package(once) == once
    with pytest.raises(PreparerError, match="not a zip"):
        normalize_package(b"plain text")


def test_inspect_reports_structure_and_text() -> None:
    table = _table("employees")
    report = preparers.FILE_TYPES.get("xlsx").inspect(write_xlsx(table, "Staff"))
    assert report.type == "xlsx"
    assert report.summary["sheets"] == ["Staff"]
    dims = report.summary["dimensions"]["Staff"]
    assert dims["rows"] == len(table.rows) + 1 and dims["columns"] == len(table.headers)
    assert report.summary["formulas"] == 0 and report.summary["formulas_ok"] is True
    for text in ["Name", "Department", table.rows[0][0]]:
        assert text in report.text


def test_inspect_counts_and_parses_formulas() -> None:
    data = _xlsx([[1, 2, "=SUM(A1:B1)", "=SUM(A1", "=A1+", "=A1+)", "{{ leftover }}"]])
    report = preparers.FILE_TYPES.get("xlsx").inspect(data)
    assert report.summary["formulas"] == 4
    assert report.summary["formulas_ok"] is False
    bad = report.summary["bad_formulas"]
    assert len(bad) == 3 and not any("SUM(A1:B1)" in b for b in bad)
    assert len(report.problems) == 3 and all("does not parse" in p for p in report.problems)
    assert "{{ leftover }}" in report.text


@pytest.mark.parametrize(
    "formula,ok",
    [
        ("=SUM(A1:A3)", True),
        ('=IF(A1>2,"yes","no")', True),
        ("=A1*B1", True),
        ("=SUM(A1", False),
        ("=A1+)", False),
        ('="abc', False),
        ("=1+", False),
    ],
)
def test_formula_parses(formula: str, ok: bool) -> None:
    assert formula_parses(formula) is ok


@pytest.mark.parametrize("data", [b"", b"not a zip at all", None])
def test_inspect_rejects_unreadable_files(data: bytes | None) -> None:
    if data is None:  # a zip, but not a workbook
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            zf.writestr("hello.txt", "hi")
        data = buf.getvalue()
    with pytest.raises(PreparerError, match="not a readable xlsx workbook"):
        preparers.FILE_TYPES.get("xlsx").inspect(data)
