"""The hostile-input bounds, each tried just at and just past its limit with sizes written here as
literals, never computed from the constants under test: a bound loosened (or tightened) by any
factor, or an off-by-one in its comparison, fails one side."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from forge.checks import FinalState
from forge.checks._xlsx_limits import check_xlsx_limits
from forge.errors import CheckError
from tests.unit.test_hostile_outputs import rezip, with_sheet_data
from tests.xlsx import xlsx_bytes

MIB = 1024 * 1024


def a_cell_at(row: int, column: str) -> bytes:
    return with_sheet_data(b'<row r="1"><c r="A1"><v>1</v></c></row>'
                           + f'<row r="{row}"><c r="{column}{row}"><v>2</v></c></row>'.encode())


def test_a_sheet_of_2_000_000_cells_passes_and_one_more_row_is_refused() -> None:
    check_xlsx_limits(a_cell_at(20_000, "CV"), "at.xlsx")  # 20,000 rows x 100 columns: 2,000,000
    with pytest.raises(CheckError, match="20001 rows x 100 columns"):
        check_xlsx_limits(a_cell_at(20_001, "CV"), "past.xlsx")  # 2,000,100
    with pytest.raises(CheckError, match="20000 rows x 101 columns"):
        check_xlsx_limits(a_cell_at(20_000, "CW"), "wider.xlsx")  # 2,020,000


def merged(ref: str) -> bytes:
    return with_sheet_data(b'<row r="1"><c r="A1"><v>1</v></c></row>',
                           f'<mergeCells><mergeCell ref="{ref}"/></mergeCells>'.encode())


def test_merged_ranges_of_2_000_000_cells_pass_and_one_row_more_is_refused() -> None:
    check_xlsx_limits(merged("A1:T100000"), "at.xlsx")  # 20 columns x 100,000 rows
    with pytest.raises(CheckError, match="2000020 merged or hyperlinked cells"):
        check_xlsx_limits(merged("A1:T100001"), "past.xlsx")


def entries(total: int) -> bytes:
    base = xlsx_bytes([["a", 1]])
    count = len(zipfile.ZipFile(io.BytesIO(base)).infolist())
    return rezip(base, add={f"xl/media/{i}.txt": b"" for i in range(total - count)})


def test_10_000_zip_entries_pass_and_10_001_are_refused() -> None:
    check_xlsx_limits(entries(10_000), "at.xlsx")
    with pytest.raises(CheckError, match="10001 zip entries"):
        check_xlsx_limits(entries(10_001), "past.xlsx")


def padded_to(unzipped: int) -> bytes:
    """A workbook whose members inflate to exactly `unzipped` bytes in all."""
    base = xlsx_bytes([["a", 1]])
    used = sum(i.file_size for i in zipfile.ZipFile(io.BytesIO(base)).infolist())
    out = io.BytesIO(base)
    with zipfile.ZipFile(out, "a", zipfile.ZIP_DEFLATED) as archive, archive.open("xl/media/pad.bin", "w") as pad:
        left, chunk = unzipped - used, bytes(MIB)
        while left > 0:
            pad.write(chunk[: min(left, MIB)])
            left -= MIB
    return out.getvalue()


def test_200_mib_unzipped_passes_and_one_byte_more_is_refused() -> None:
    check_xlsx_limits(padded_to(200 * MIB), "at.xlsx")
    with pytest.raises(CheckError, match="unzips to"):
        check_xlsx_limits(padded_to(200 * MIB + 1), "past.xlsx")


def test_a_50_mib_output_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    (tmp_path / "at.bin").write_bytes(bytes(50 * MIB))
    (tmp_path / "past.bin").write_bytes(bytes(50 * MIB + 1))
    state = FinalState(tmp_path)
    assert len(state.read_bytes("at.bin")) == 50 * MIB
    with pytest.raises(CheckError, match="larger than"):
        state.read_bytes("past.bin")
