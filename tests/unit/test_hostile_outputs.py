"""Checks read files that sandboxed, possibly hostile, code wrote: they must fail closed.

Every test here builds the hostile file the way an agent could (a link swapped in after the
check, a FIFO, a zip bomb, a sheet with one far-away value...) and asserts that the host
gets a refusal (CheckError, or an errored CheckResult), never a hang, a host file or an
exhausted memory.
"""

from __future__ import annotations

import copy
import io
import os
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import openpyxl
import pytest
from python_calamine import CalamineWorkbook

from forge.checks import CHECKS, CheckKind, CheckOptions, FinalState, Verdict, run_check
from forge.checks import _xlsx_limits, state as state_module
from forge.checks.state import original_workbook, parsed_sheets
from forge.errors import CheckError, PreparerError
from forge.filetypes import inspect_file, read_view
from forge.models import Check
from forge.sandbox import BwrapBackend
from forge.views import SlidesView, TableView
from gates.mutations import MutationInput, mutants
from preparers.filetypes.xlsx import shared_workbook
from tests.xlsx import xlsx_bytes

OUT = "outputs/result.xlsx"




def rezip(data: bytes, replace: dict[str, bytes] | None = None, add: dict[str, bytes] | None = None) -> bytes:
    """The same zip with some parts' contents replaced and some parts added."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, (replace or {}).get(info.filename, src.read(info)))
        for name, content in (add or {}).items():
            dst.writestr(name, content)
    return out.getvalue()


def with_sheet_data(body: bytes, extra: bytes = b"") -> bytes:
    """A one-sheet workbook whose sheetData is `body` (and `extra` after it, e.g. mergeCells)."""
    wb = openpyxl.Workbook()
    wb.active.title = "Data"
    buf = io.BytesIO()
    wb.save(buf)
    sheet = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b"<sheetData>" + body + b"</sheetData>" + extra + b"</worksheet>"
    )
    return rezip(buf.getvalue(), replace={"xl/worksheets/sheet1.xml": sheet})


def job_with(tmp_path: Path, data: bytes, rel_path: str = OUT) -> FinalState:
    target = tmp_path / rel_path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return FinalState(tmp_path)


# --- 1. a check that raises anything becomes an errored result ----------------------------


class FileOnly(CheckOptions):
    file: str


CheckFn = Callable[[FinalState, Any], Verdict]


@pytest.fixture
def temp_check(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, CheckFn], None]:
    """Register a check kind for one test only (the registry is global)."""

    def add(name: str, fn: CheckFn) -> None:
        monkeypatch.setitem(CHECKS._items, name, CheckKind(name, FileOnly, fn, ""))

    return add


def test_an_unexpected_exception_in_a_check_is_an_errored_result(temp_check: Any, tmp_path: Path) -> None:
    def boom(state: FinalState, opts: FileOnly) -> Verdict:
        raise ZeroDivisionError("division by zero")

    temp_check("test.boom", boom)
    result = run_check(Check(func="test.boom", options={"file": OUT}), FinalState(tmp_path))
    assert (result.passed, result.error) == (False, True)
    assert result.message == "test.boom: ZeroDivisionError: division by zero"


def test_a_corrupt_core_xml_errors_the_check_instead_of_escaping(temp_check: Any, tmp_path: Path) -> None:
    """openpyxl raises its XML parser's own error (not a ValueError) on a broken docProps/core.xml."""
    data = rezip(xlsx_bytes([["a", 1]]), replace={"docProps/core.xml": b"<cp:coreProperties><unclosed>"})
    state = job_with(tmp_path, data)

    def reads_workbook(state: FinalState, opts: FileOnly) -> Verdict:
        return Verdict.of(state.xlsx(opts.file).active["B1"].value == 1, "read")

    temp_check("test.reads_workbook", reads_workbook)
    result = run_check(Check(func="test.reads_workbook", options={"file": OUT}), state)
    assert (result.passed, result.error) == (False, True)
    assert result.message.startswith("test.reads_workbook: ") and "Error" in result.message


def test_check_errors_stay_failures_and_base_exceptions_pass_through(temp_check: Any, tmp_path: Path) -> None:
    def refuses(state: FinalState, opts: FileOnly) -> Verdict:
        raise CheckError("out.xlsx does not exist")

    def interrupted(state: FinalState, opts: FileOnly) -> Verdict:
        raise KeyboardInterrupt

    temp_check("test.refuses", refuses)
    temp_check("test.interrupted", interrupted)
    failed = run_check(Check(func="test.refuses", options={"file": OUT}), FinalState(tmp_path))
    assert (failed.passed, failed.error, failed.message) == (False, False, "out.xlsx does not exist")
    with pytest.raises(KeyboardInterrupt):
        run_check(Check(func="test.interrupted", options={"file": OUT}), FinalState(tmp_path))


# --- 2. read_bytes opens without following links, and never blocks ------------------------


def swap_before_open(monkeypatch: pytest.MonkeyPatch, name: str, swap: Callable[[], None]) -> None:
    """Run `swap` just before `name` is opened, after every check on it: the race a sandboxed
    process can win. Covers both `os.open` and `io.open` (what `Path.read_bytes` uses)."""
    done: list[bool] = []

    def racing(real: Callable[..., Any]) -> Callable[..., Any]:
        def opener(path: Any, *args: Any, **kwargs: Any) -> Any:
            if not done and isinstance(path, (str, os.PathLike)) and os.fspath(path).endswith(name):
                done.append(True)
                swap()
            return real(path, *args, **kwargs)

        return opener

    monkeypatch.setattr(os, "open", racing(os.open))
    monkeypatch.setattr(io, "open", racing(io.open))


def test_read_bytes_refuses_a_symlink_swapped_in_after_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = tmp_path / "host-secret.txt"
    secret.write_bytes(b"host secret")
    job = tmp_path / "job"
    target = job / "outputs" / "result.txt"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"answer")

    def to_link() -> None:
        target.unlink()
        target.symlink_to(secret)

    swap_before_open(monkeypatch, "result.txt", to_link)
    with pytest.raises(CheckError, match="symlink"):
        FinalState(job).read_bytes("outputs/result.txt")


def test_read_bytes_does_not_hang_on_a_fifo_swapped_in_after_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "result.txt"
    target.write_bytes(b"answer")

    def to_fifo() -> None:
        target.unlink()
        os.mkfifo(target)

    swap_before_open(monkeypatch, "result.txt", to_fifo)
    outcome: list[BaseException | bytes] = []

    def read() -> None:
        try:
            outcome.append(FinalState(tmp_path).read_bytes("result.txt"))
        except BaseException as exc:  # noqa: BLE001 - reported below
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # unblock the reader (a writer that closes at once gives it EOF)
        os.close(os.open(target, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=10)
        pytest.fail("read_bytes blocked on a FIFO")
    assert isinstance(outcome[0], CheckError) and "not a regular file" in str(outcome[0])


@pytest.mark.parametrize("kind", ["inside_link", "linked_dir", "fifo", "directory", "device"])
def test_read_bytes_refuses_what_is_not_a_plain_file(tmp_path: Path, kind: str) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "data.txt").write_bytes(b"data")
    rel = "outputs/result.txt"
    (tmp_path / "outputs").mkdir()
    if kind == "inside_link":  # even a link that stays inside: it could be re-pointed at any time
        (tmp_path / rel).symlink_to(tmp_path / "real" / "data.txt")
    elif kind == "linked_dir":
        rel = "linked/data.txt"
        (tmp_path / "linked").symlink_to(tmp_path / "real")
    elif kind == "fifo":
        os.mkfifo(tmp_path / rel)
    elif kind == "directory":
        (tmp_path / rel).mkdir()
    else:
        os.mknod(tmp_path / rel, 0o600 | 0o020000, os.makedev(1, 3))  # a copy of /dev/null (needs root)
    state = FinalState(tmp_path)
    with pytest.raises(CheckError, match="refusing"):
        state.read_bytes(rel)
    assert not state.exists(rel)


def test_read_bytes_caps_the_size_of_what_it_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap holds even if a stat of the path says small: the size comes from the opened fd."""
    monkeypatch.setattr(state_module, "MAX_READ_BYTES", 1000)
    (tmp_path / "big.bin").write_bytes(b"x" * 5000)
    real_stat = os.stat

    def small_stat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        result = real_stat(path, *args, **kwargs)
        if os.fspath(path).endswith("big.bin"):  # as if the file grew right after this stat
            fields = list(result)
            fields[6] = 10
            return os.stat_result(fields)
        return result

    monkeypatch.setattr(os, "stat", small_stat)
    with pytest.raises(CheckError, match="larger than 1000 bytes"):
        FinalState(tmp_path).read_bytes("big.bin")


def test_read_bytes_still_reads_plain_files_and_reports_missing_ones(tmp_path: Path) -> None:
    state = job_with(tmp_path, b"plain", "outputs/a.txt")
    assert state.read_bytes("outputs/a.txt") == b"plain" and state.exists("outputs/a.txt")
    with pytest.raises(CheckError, match="does not exist"):
        state.read_bytes("outputs/missing.txt")
    for bad in ["../escape.txt", "/etc/passwd", ""]:
        with pytest.raises(CheckError):
            state.read_bytes(bad)


# --- 3. zip bombs and huge grids are refused before parsing -------------------------------


def test_a_sheet_with_one_far_away_value_is_refused_before_calamine_allocates(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.active.title = "Data"
    wb.active["A1"] = "x"
    wb.active["CV200000"] = 1  # 200,000 rows x 100 columns: ~600 MB in calamine, a 5 KB file
    buf = io.BytesIO()
    wb.save(buf)
    state = job_with(tmp_path, buf.getvalue())
    with pytest.raises(CheckError) as refused:
        state.sheets(OUT)
    message = str(refused.value)
    assert OUT in message and "'Data'" in message and "200000 rows x 100 columns" in message
    assert str(_xlsx_limits.MAX_SHEET_CELLS) in message
    with pytest.raises(CheckError, match="used area"):
        parsed_sheets(buf.getvalue(), "inputs/in.xlsx")


def test_cells_without_a_reference_are_placed_as_calamine_places_them(tmp_path: Path) -> None:
    """No `r`: the next row / column. A far `<row r>` then an r-less cell is just as far."""
    far = with_sheet_data(b'<row><c><v>1</v></c></row><row r="1000000"><c/><c/><c><v>2</v></c></row>')
    with pytest.raises(CheckError, match="1000000 rows x 3 columns"):
        job_with(tmp_path, far).sheets(OUT)


BODIES = [
    b'<row r="1"><c/><c><v>1</v></c></row>',
    b'<row/><row r="3"/><row><c><v>1</v></c></row>',
    b'<row r="5"><c><v>1</v></c><c><v>2</v></c></row><row><c r="C1"><v>3</v></c><c><v>4</v></c></row>',
    b'<row r="2"><c r="b2"><v>1</v></c><c r="E2" s="1"></c><c r="XFE9"><is><t>s</t></is></c></row>',
    b'<row r="7"><c><v>1</v></c></row><row r="2"><c><v>1</v></c><c r="Q9"><v>1</v></c><c><v>2</v></c></row>',
    b'<c r="C3"><v>1</v></c><row><c><!-- note --><v>1</v></c></row>',
]


@pytest.mark.parametrize("body", BODIES)
def test_the_scan_predicts_calamines_grid(body: bytes) -> None:
    """The pre-scan's area is what calamine allocates (guards against a calamine upgrade)."""
    data = with_sheet_data(body)
    sheet = CalamineWorkbook.from_filelike(io.BytesIO(data)).get_sheet_by_name("Data")
    part = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml")
    assert _xlsx_limits._scan_sheet(part).used_area == (sheet.height, sheet.width)


def test_a_zip_bomb_is_refused_before_any_parser_reads_it(tmp_path: Path) -> None:
    buf = io.BytesIO(rezip(xlsx_bytes([["a", 1]])))
    chunk = bytes(1024 * 1024)
    with zipfile.ZipFile(buf, "a", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("xl/media/pad.bin", "w") as pad:  # 230 MB of zeros, ~230 KB compressed
            for _ in range(230):
                pad.write(chunk)
    data = buf.getvalue()
    assert len(data) < 1024 * 1024
    state = job_with(tmp_path, data)
    for read in (state.sheets, state.xlsx):
        with pytest.raises(CheckError, match=f"{OUT} unzips to .* over the bound"):
            read(OUT)
    with pytest.raises(CheckError, match="unzips to"):
        original_workbook(data, "inputs/bomb.xlsx")



def test_the_gates_inspection_applies_the_bounds_before_parsing() -> None:
    """The file and package gates open inputs and oracle outputs through `inspect_file`."""
    buf = io.BytesIO(rezip(xlsx_bytes([["a", 1]])))
    with zipfile.ZipFile(buf, "a", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("xl/media/pad.bin", "w") as pad:  # 230 MB of zeros
            for _ in range(230):
                pad.write(bytes(1024 * 1024))
    with pytest.raises(PreparerError, match="unzips to"):
        inspect_file("xlsx", buf.getvalue())


def test_a_zip_with_too_many_entries_is_refused(tmp_path: Path) -> None:
    many = {f"xl/media/{i}.txt": b"" for i in range(11_000)}
    state = job_with(tmp_path, rezip(xlsx_bytes([["a", 1]]), add=many))
    with pytest.raises(CheckError, match=f"{OUT} has 11009 zip entries"):
        state.sheets(OUT)


def test_a_huge_merged_range_is_refused_before_openpyxl_fills_it(tmp_path: Path) -> None:
    """openpyxl makes one MergedCell per cell of a merged range: 2.6M objects from 300 bytes."""
    data = with_sheet_data(
        b'<row r="1"><c r="A1"><v>1</v></c></row>', b'<mergeCells><mergeCell ref="A1:Z100000"/></mergeCells>'
    )
    with pytest.raises(CheckError, match="2600000 merged or hyperlinked cells"):
        job_with(tmp_path, data).xlsx(OUT)


def test_another_format_under_an_xlsx_name_is_refused(tmp_path: Path) -> None:
    """calamine would read an .ods as happily, with its own repeat-a-cell-a-million-times attributes."""
    ods = io.BytesIO()
    with zipfile.ZipFile(ods, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", b"<office:document-content/>")
    with pytest.raises(CheckError, match="not an xlsx workbook"):
        job_with(tmp_path, ods.getvalue()).sheets(OUT)
    with pytest.raises(CheckError, match="not a zip file"):
        job_with(tmp_path, b"\xd0\xcf\x11\xe0" + xlsx_bytes([["a"]])).sheets(OUT)


def test_ordinary_workbooks_still_read(tmp_path: Path) -> None:
    rows = [["Region", "Units"], *[[f"R{i}", i] for i in range(500)]]
    state = job_with(tmp_path, xlsx_bytes(rows))
    assert state.sheets(OUT)["Data"][:2] == [["Region", "Units"], ["R0", 0]]
    assert state.xlsx(OUT)["Data"]["B501"].value == 499


# --- 4. mutators read the shared parsed sheets without changing them --------------------------


def test_mutants_leave_the_shared_parsed_sheets_as_they_were() -> None:
    source, output = "inputs/orders.xlsx", "outputs/orders.xlsx"
    rows = [["Region", "Units"], ["North", 3], ["South", 4]]
    inputs = {source: xlsx_bytes(rows)}
    oracle = {output: xlsx_bytes([[*row, "Extra"] for row in [*rows, ["Total", 7]]])}  # bigger than the input
    bundle = SimpleNamespace(
        inputs=lambda: [SimpleNamespace(path=source, type="xlsx")],
        outputs=lambda: [SimpleNamespace(path=output, type="xlsx")],
    )
    shared = [parsed_sheets(inputs[source], source), parsed_sheets(oracle[output], output)]
    before = copy.deepcopy(shared)
    probe = MutationInput(bundle=bundle, oracle_outputs=oracle, inputs=inputs)  # type: ignore[arg-type]
    found = mutants(probe)
    assert {"wrong_value", "partial", "wrong_place", "missing_row"} <= set(found)
    assert shared == before and before[0]["Data"] == [["Region", "Units"], ["North", 3], ["South", 4]]
    # partial keeps the first half of the changes (row by row) and gives the rest the input's values
    half = parsed_sheets(found["partial"][output], output)["Data"]
    assert half == [["Region", "Units", "Extra"], ["North", 3, "Extra"], ["South", 4, "Extra"]]


def test_inspection_formula_lookups_and_mutants_leave_the_shared_workbook_as_it_was() -> None:
    """The file gate's inspection, the checks' formula lookups and the mutators' private copies
    share one openpyxl parse (`shared_workbook`); none of them may add or change its cells."""
    source, output = "inputs/orders.xlsx", "outputs/orders.xlsx"
    rows = [["Region", "Units"], ["North", 3], ["South", 4]]
    inputs = {source: xlsx_bytes(rows)}
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Data"
    for row in [["Region", "Units", "Total"], ["North", 3], [], ["South", 4, "=B4*2"]]:  # gaps: row 3, C2
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    oracle = {output: buffer.getvalue()}
    shared = shared_workbook(oracle[output])

    def cells() -> dict[tuple[int, int], Any]:
        return {key: cell.value for key, cell in shared["Data"]._cells.items()}

    before = cells()
    report = inspect_file("xlsx", oracle[output])
    view = read_view(oracle[output], output, TableView)
    assert view.formula_at("Data", 2, 2) == "=B4*2" and view.formula_at("Data", 0, 2) is None
    assert view.formula_at("Data", 40, 9) is None  # far outside the sheet
    bundle = SimpleNamespace(inputs=lambda: [SimpleNamespace(path=source, type="xlsx")],
                             outputs=lambda: [SimpleNamespace(path=output, type="xlsx")])
    found = mutants(MutationInput(bundle=bundle, oracle_outputs=oracle, inputs=inputs))  # type: ignore[arg-type]
    assert {"wrong_value", "missing_row"} <= set(found)
    assert report.summary["formulas"] == 1 and report.summary["dimensions"]["Data"]["rows"] == 4
    assert cells() == before and (3, 1) not in before and (40, 9) not in before


def test_a_notes_slide_without_its_notes_placeholder_reads_as_no_notes_and_still_mutates() -> None:
    """Decks from other tools may have a notes slide with no body placeholder: python-pptx gives
    no notes text frame there. The view reads "" and the mutators still work on the deck."""
    import pptx

    def deck(title: str, *, strip_notes: bool) -> bytes:
        made = pptx.Presentation()
        slide = made.slides.add_slide(made.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = "first point\nsecond point"
        if strip_notes:
            body = slide.notes_slide.notes_placeholder
            body._element.getparent().remove(body._element)
        buffer = io.BytesIO()
        made.save(buffer)
        return buffer.getvalue()

    source, output = "inputs/deck.pptx", "outputs/deck.pptx"
    inputs, oracle = {source: deck("Plan", strip_notes=True)}, {output: deck("Plan for 2026", strip_notes=True)}
    view = read_view(oracle[output], output, SlidesView)
    assert [s.notes for s in view.slides] == [""] and view.slides[0].title == "Plan for 2026"
    bundle = SimpleNamespace(inputs=lambda: [SimpleNamespace(path=source, type="pptx")],
                             outputs=lambda: [SimpleNamespace(path=output, type="pptx")])
    found = mutants(MutationInput(bundle=bundle, oracle_outputs=oracle, inputs=inputs))  # type: ignore[arg-type]
    assert {"pptx.wrong_title", "pptx.drop_slide"} <= set(found) and "pptx.wrong_notes" not in found


# --- 5. a forked worker hands out its own sandbox uids -----------------------------------


def test_a_forked_worker_does_not_repeat_its_parents_uids() -> None:
    backend = BwrapBackend()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: allocate, report, leave without running any pytest teardown
        try:
            os.write(write_end, str(backend._acquire_uid()).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    parent_uid = backend._acquire_uid()
    with os.fdopen(read_end, "rb") as pipe:
        child_uid = int(pipe.read())
    os.waitpid(pid, 0)
    assert child_uid != parent_uid


# --- 6. bounds are checked once per content, never for forge's own files, and a refusal sticks ---


def test_bounds_are_scanned_once_per_content_and_refusals_are_never_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scans: list[str] = []
    real_scan = _xlsx_limits._check_xlsx_limits
    monkeypatch.setattr(_xlsx_limits, "_check_xlsx_limits", lambda data, rel: (scans.append(rel), real_scan(data, rel)))
    data = xlsx_bytes([["Region", "Units"], ["North", 31337]])
    for name in ("a", "b"):
        assert job_with(tmp_path / name, data).sheets(OUT)["Data"][1] == ["North", 31337]
    assert scans == [OUT]
    ours = _xlsx_limits.written_by_forge(xlsx_bytes([["Region", "Units"], ["South", 27182]]))
    assert job_with(tmp_path / "c", ours).sheets(OUT)["Data"][1] == ["South", 27182] and scans == [OUT]
    bomb = rezip(data, add={f"xl/media/{i}.txt": b"" for i in range(11_000)})
    for name in ("d", "e"):
        with pytest.raises(CheckError, match="zip entries"):
            job_with(tmp_path / name, bomb).sheets(OUT)
    assert scans == [OUT, OUT, OUT]
