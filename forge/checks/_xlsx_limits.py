"""Bounds checked before any parser sees an xlsx that untrusted code wrote.

Both readers the checks use can be made to exhaust the host's memory by a tiny file:

* a zip bomb, or a zip with an enormous number of entries;
* calamine turns each sheet into a dense grid of its used area *while loading the sheet*
  (`get_sheet_by_name`, before `height`/`width` can be asked): a 5 KB file with one value at
  A1 and one at CV200000 costs ~600 MB;
* calamine also reads an .ods or .xlsb (or an .xls glued before the zip) given as .xlsx, whose
  repeat attributes and records make grids just as dense: only a plain xlsx zip is accepted;
* openpyxl creates one object per cell of every merged range and every hyperlink range, so
  `<mergeCell ref="A1:XFD1048576"/>` is 17 billion objects.

So the zip's entries are checked first (`forge.safezip`: by what they really inflate to), then every part that holds a `sheetData` is
scanned with expat (strict XML, no DOCTYPE allowed; about 2 us a cell) reproducing how
calamine places cells, including those without an `r` attribute, to get the used area calamine
would allocate. `tests/unit/test_hostile_outputs.py` compares that area with calamine's own.
The same bytes come up again and again (an input in every probe, the oracle's output in its
mutants and the episode), so a file that passed is remembered by its digest.
"""

from __future__ import annotations

import hashlib
import io
import posixpath
import re
import threading
import zipfile
from typing import Any
from xml.parsers import expat

from forge.errors import CheckError
from forge.safezip import UnsafeZipError, ZipLimits, check_zip

MAX_UNZIPPED_BYTES = 200 * 1024 * 1024
MAX_ZIP_ENTRIES = 10_000
MAX_SHEET_CELLS = 2_000_000  # used area (rows x columns) of a sheet, and cells/rows/merged cells it holds
_ZIP_LIMITS = ZipLimits(max_members=MAX_ZIP_ENTRIES, max_total_bytes=MAX_UNZIPPED_BYTES)
_OTHER_FORMATS = ("content.xml", "xl/workbook.bin")  # an .ods or .xlsb under an .xlsx name
_SHEET_MARKERS = (b"sheetData", "sheetData".encode("utf-16-le"), "sheetData".encode("utf-16-be"))
_CELL_REF = re.compile(r"([A-Za-z]{1,7})([0-9]{1,10})")
_ROW_REF = re.compile(r"[0-9]{1,10}")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_PASSED_KEPT = 512
_passed: dict[bytes, None] = {}  # digests of files within bounds, oldest first
_passed_lock = threading.Lock()


class _Refused(Exception):
    """A sheet part that is out of bounds or that the scan cannot read (message says which)."""


def check_xlsx_limits(data: bytes, rel_path: str) -> None:
    """Raise CheckError, naming the file (and sheet), if parsing `data` could exhaust memory."""
    digest = hashlib.blake2b(data, digest_size=16).digest()
    if digest in _passed:
        return
    _check_xlsx_limits(data, rel_path)
    _remember(digest)


def written_by_forge(data: bytes) -> bytes:
    """Mark a workbook forge itself saved (openpyxl, from one it had parsed within bounds) as
    needing no bound check when a check reads it back; returns `data`."""
    _remember(hashlib.blake2b(data, digest_size=16).digest())
    return data


def _remember(digest: bytes) -> None:
    with _passed_lock:
        _passed[digest] = None
        if len(_passed) > _PASSED_KEPT:
            del _passed[next(iter(_passed))]


def _check_xlsx_limits(data: bytes, rel_path: str) -> None:
    if not data.startswith(b"PK\x03\x04"):  # also no polyglot: calamine would try it as an .xls first
        raise CheckError(f"{rel_path} is not a readable xlsx workbook: not a zip file")
    try:  # every member's true inflated size, not the one its header states (a lying header)
        check_zip(data, rel_path, _ZIP_LIMITS)
    except UnsafeZipError as exc:
        raise CheckError(str(exc)) from exc
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            other = sorted({i.filename for i in infos if i.filename.lower() in _OTHER_FORMATS})
            if other:  # calamine reads any format it recognises, and these have grids of their own
                raise CheckError(f"{rel_path} is not an xlsx workbook: it holds {', '.join(other)}")
            titles = _sheet_titles(archive)
            for info in infos:
                part = archive.read(info)  # CRC-checked and never longer than its declared size
                if any(marker in part for marker in _SHEET_MARKERS):
                    sheet = titles.get(info.filename, info.filename)
                    try:
                        _check_sheet(part)
                    except _Refused as exc:
                        raise CheckError(f"{rel_path}, sheet {sheet!r}: {exc}") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, RuntimeError, NotImplementedError, EOFError, OSError,
            ValueError) as exc:
        raise CheckError(f"{rel_path} is not a readable xlsx workbook: {exc}") from exc


def _parser(start: Any) -> expat.XMLParserType:
    """Expat without namespace processing (names keep their prefix) that refuses any DOCTYPE."""

    def no_doctype(*_: Any) -> None:
        raise _Refused("the part declares a DOCTYPE, which a workbook never needs")

    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = no_doctype
    parser.StartElementHandler = start
    return parser


def _local(name: str) -> str:
    return name.rpartition(":")[2]


def _sheet_titles(archive: zipfile.ZipFile) -> dict[str, str]:
    """Zip part name -> sheet title, from the workbook and its relationships; best effort."""
    sheets: dict[str, str] = {}  # relationship id -> title
    targets: dict[str, str] = {}  # relationship id -> part name

    def on_workbook(name: str, attrs: dict[str, str]) -> None:
        rel_id = next((v for k, v in attrs.items() if k == "id" or k.endswith(":id")), None)
        if _local(name) == "sheet" and rel_id is not None:
            sheets[rel_id] = attrs.get("name", rel_id)

    def on_rels(name: str, attrs: dict[str, str]) -> None:
        if _local(name) == "Relationship" and "Id" in attrs and "Target" in attrs:
            target = attrs["Target"]
            part = target[1:] if target.startswith("/") else posixpath.normpath(f"xl/{target}")
            targets[attrs["Id"]] = part

    try:
        _parser(on_workbook).Parse(archive.read("xl/workbook.xml"), True)
        _parser(on_rels).Parse(archive.read("xl/_rels/workbook.xml.rels"), True)
    except (KeyError, _Refused, expat.ExpatError, zipfile.BadZipFile, RuntimeError, NotImplementedError,
            EOFError, OSError, ValueError):
        return {}
    return {targets[rel_id]: title for rel_id, title in sheets.items() if rel_id in targets}


def _cell_ref(ref: str) -> tuple[int, int]:
    """`B3` -> (2, 1), 0-based (row, column) as calamine reads it; refuses anything else."""
    match = _CELL_REF.fullmatch(ref)
    if match is None or int(match[2]) < 1:
        raise _Refused(f"unreadable cell reference {ref[:40]!r}")
    col = 0
    for letter in match[1].upper():
        col = col * 26 + ord(letter) - ord("A") + 1
    return int(match[2]) - 1, col - 1


def _range_cells(ref: str) -> int:
    """Cells in a space-separated list of `A1` / `A1:B2` ranges (as openpyxl will create them)."""
    total = 0
    for part in ref.split():
        first, _, last = part.partition(":")
        (r1, c1), (r2, c2) = _cell_ref(first), _cell_ref(last or first)
        total += (abs(r2 - r1) + 1) * (abs(c2 - c1) + 1)
    return total


class _SheetScan:
    """Follows calamine's reading of `sheetData`: where each cell with content lands.

    A `<row r>` sets the row, `</row>` moves to the next and back to column 0; a `<c r>` sets
    the position (and the column counter), a `<c>` without `r` takes the counters; every
    `</c>` moves the column on. A cell with no child element holds nothing and takes no area.
    Handlers are swapped as the scan enters and leaves sheetData and cells, so that the
    common events (a cell's `<v>`) cost as little Python as possible (~2 us a cell).
    """

    def __init__(self, parser: expat.XMLParserType, part: bytes) -> None:
        self.parser, self.part = parser, part
        self.row = self.col = 0
        self.rows = self.cells = self.filled = self.merged = 0
        self.in_cell = self.seen_sheet_data = False
        self.cell_row = self.cell_at = 0
        self.top = self.left = self.bottom = self.right = 0
        self.columns: dict[str, int] = {}
        parser.StartElementHandler = self.outside_start

    def outside_start(self, name: str, attrs: dict[str, str]) -> None:
        local = _local(name)
        if local == "sheetData" and not self.seen_sheet_data:  # calamine reads the first one only
            self.seen_sheet_data = True
            self.parser.StartElementHandler = self.sheet_start
            self.parser.EndElementHandler = self.sheet_end
        elif local in ("mergeCell", "hyperlink") and "ref" in attrs:
            self.merged += _range_cells(attrs["ref"])

    def sheet_start(self, name: str, attrs: dict[str, str]) -> None:
        if name == "c" or name.endswith(":c"):
            self.cells += 1
            ref = attrs.get("r")
            if ref is None:
                self.cell_row = self.row
            else:
                digits = ref.lstrip(_LETTERS)
                col = self.columns.get(ref[: len(ref) - len(digits)])
                plain = digits.isascii() and digits.isdigit() and len(digits) <= 10 and digits[0] != "0"
                if col is None or not plain:
                    self.cell_row, col = _cell_ref(ref)  # the careful way; refuses what calamine cannot read
                    self.columns[ref[: len(ref) - len(digits)]] = col
                else:
                    self.cell_row = int(digits) - 1
                self.col = col
            self.in_cell = True
            self.cell_at = self.parser.CurrentByteIndex
            self.parser.StartElementHandler = None  # a cell's children only matter as "any at all"
        elif name == "row" or name.endswith(":row"):
            self.rows += 1
            ref = attrs.get("r")
            if ref is not None:
                if _ROW_REF.fullmatch(ref) is None or int(ref) < 1:
                    raise _Refused(f"unreadable row number {ref[:40]!r}")
                self.row = int(ref) - 1

    def sheet_end(self, name: str) -> None:
        if self.in_cell:
            if name == "c" or name.endswith(":c"):
                # Any child element (a `<` between the start tag and `</c>`) may be a value;
                # calamine fails on children other than v, f and is, so nesting cannot hide one.
                if self.part.find(b"<", self.cell_at + 1, self.parser.CurrentByteIndex) != -1:
                    row, col = self.cell_row, self.col
                    if not self.filled:
                        self.top = self.bottom = row
                        self.left = self.right = col
                    if row < self.top:
                        self.top = row
                    elif row > self.bottom:
                        self.bottom = row
                    if col < self.left:
                        self.left = col
                    elif col > self.right:
                        self.right = col
                    self.filled += 1
                self.in_cell = False
                self.col += 1
                self.parser.StartElementHandler = self.sheet_start
        elif name == "row" or name.endswith(":row"):
            self.row += 1
            self.col = 0
        elif _local(name) == "sheetData":
            self.parser.StartElementHandler = self.outside_start
            self.parser.EndElementHandler = None


    @property
    def used_area(self) -> tuple[int, int]:
        """(rows, columns) of the grid calamine would allocate; (0, 0) for a sheet with no value."""
        if not self.filled:
            return 0, 0
        return self.bottom - self.top + 1, self.right - self.left + 1


def _scan_sheet(part: bytes) -> _SheetScan:
    parser = _parser(None)
    scan = _SheetScan(parser, part)
    try:
        parser.Parse(part, True)
    except expat.ExpatError as exc:
        raise _Refused(f"not well-formed XML ({exc})") from None
    return scan


def _check_sheet(part: bytes) -> None:
    scan = _scan_sheet(part)
    height, width = scan.used_area
    if height * width > MAX_SHEET_CELLS:
        raise _Refused(
            f"its used area is {height} rows x {width} columns = {height * width} cells, "
            f"over the bound of {MAX_SHEET_CELLS} cells"
        )
    counts = (("cells", scan.cells), ("rows", scan.rows), ("merged or hyperlinked cells", scan.merged))
    for what, count in counts:
        if count > MAX_SHEET_CELLS:
            raise _Refused(f"it has {count} {what}, over the bound of {MAX_SHEET_CELLS}")
