"""The LibreOffice round trip, against a real headless LibreOffice.

These tests fail, never skip, without LibreOffice: the file gate runs the round trip by default
wherever soffice is installed, and `bash scripts/dev.sh` installs it.
"""

from __future__ import annotations

import functools
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path

import docx
import openpyxl
import pptx
import pytest

from forge.errors import ConfigError
from gates import libreoffice_uno
from gates.libreoffice import (
    ENGINES,
    INSTALL_HINT,
    LibreOfficeUnavailableError,
    RoundTrip,
    libreoffice_available,
    profile_for_worker,
    roundtrip,
    route_for,
)
from gates.libreoffice_uno import uno_python

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """Every test runs with each engine: a kept soffice over UNO, and a soffice per file."""
    if not libreoffice_available():
        pytest.fail(f"LibreOffice is not installed (no `soffice` on PATH); {INSTALL_HINT}", pytrace=False)
    if request.param == "uno" and uno_python() is None:
        pytest.fail("no Python with the uno module; `bash scripts/dev.sh` installs python3-uno", pytrace=False)
    return request.param


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory, engine: str) -> Path:
    """One warm profile per engine shared by the module's sequential tests, as one worker would use it."""
    return profile_for_worker(tmp_path_factory.mktemp(f"lo-{engine}"))


@pytest.fixture
def convert(profile: Path, engine: str) -> Callable[..., RoundTrip]:
    return functools.partial(roundtrip, profile_dir=profile, engine=engine)


def make_xlsx() -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Orders"
    ws.append(["Order ID", "Région", "Units"])
    ws.append(["SO-1001", "Nord, Ost", 5])
    ws.append(["SO-1002", "Süd", 7])
    ws["C4"] = "=SUM(C2:C3)"
    staff = wb.create_sheet("Staff list")
    staff.append(["Name", "Salary"])
    staff.append(["Ada Lovelace", 98000])
    numbers = wb.create_sheet("Numbers")
    numbers.append([1, 2.5])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def make_docx() -> bytes:
    document = docx.Document()
    document.add_paragraph("Minutes of the planning meeting")
    document.add_paragraph("Attendees agreed on the Q3 budget.")
    grid = document.add_table(rows=1, cols=2)
    grid.cell(0, 0).text = "Action"
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def make_pptx(slides: int = 2) -> bytes:
    deck = pptx.Presentation()
    for n in range(slides):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = f"Launch plan {n + 1}"
        slide.placeholders[1].text = "Beta in June"
    buf = io.BytesIO()
    deck.save(buf)
    return buf.getvalue()


def edit_part(data: bytes, part: str, change: Callable[[bytes], bytes]) -> bytes:
    """The same zip with one part changed: every other part, and the zip itself, stay sound."""
    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            body = src.read(info.filename)
            out.writestr(info, change(body) if info.filename == part else body)
    assert zipfile.ZipFile(io.BytesIO(buf.getvalue())).testzip() is None
    return buf.getvalue()


def cut_in_half(xml: bytes) -> bytes:
    return xml[: len(xml) // 2] + b"<<<not xml"


def assert_ok(result: RoundTrip) -> None:
    assert result.ok, result.message
    assert result.exit_code == 0
    assert result.output_bytes > 0


# --- real round trips, verified ----------------------------------------------------------------


def test_xlsx_round_trip_is_verified_per_sheet(convert: Callable[..., RoundTrip]) -> None:
    result = convert(make_xlsx(), "xlsx")
    assert_ok(result)
    assert "loaded 3 sheet(s)" in result.message and "8 probe text(s)" in result.message  # 5 + 3 + 0
    assert "--infilter=Calc MS Excel 2007 XML" in result.command


def test_docx_round_trip_is_verified(convert: Callable[..., RoundTrip]) -> None:
    result = convert(make_docx(), "docx")
    assert_ok(result)
    assert "3 probe text(s) found in its txt" in result.message
    assert "--infilter=MS Word 2007 XML" in result.command


def test_pptx_round_trip_is_verified(convert: Callable[..., RoundTrip]) -> None:
    result = convert(make_pptx(3), "pptx")
    assert_ok(result)
    assert "rendered 3 slide(s)" in result.message
    assert "--infilter=Impress MS PowerPoint 2007 XML" in result.command


def test_a_hidden_slide_is_not_rendered(convert: Callable[..., RoundTrip]) -> None:
    deck = pptx.Presentation(io.BytesIO(make_pptx(3)))
    deck.slides[1]._element.set("show", "0")
    buf = io.BytesIO()
    deck.save(buf)
    result = convert(buf.getvalue(), "pptx")
    assert_ok(result)
    assert "rendered 2 slide(s); 2 probe text(s)" in result.message, result.message


def test_a_hyphen_that_ends_a_rendered_line_is_read_as_a_hyphen(convert: Callable[..., RoundTrip]) -> None:
    """A narrow title wraps after the hyphens of "year-end-to-year-end..."; PDFium marks such a
    hyphen U+FFFE, and the probe (the title as written) must still be found in the pdf."""
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[0])
    slide.shapes.title.text = "-".join(["year-end"] * 12)
    slide.shapes.title.width = pptx.util.Inches(2)
    buf = io.BytesIO()
    deck.save(buf)
    result = convert(buf.getvalue(), "pptx")
    assert_ok(result)
    assert "rendered 1 slide(s); 1 probe text(s)" in result.message, result.message


# --- failures that soffice itself reports as success (exit 0) -------------------------------------


def test_mangled_sheet_xml_fails_although_soffice_exits_0(convert: Callable[..., RoundTrip]) -> None:
    """LibreOffice silently loads the half of the sheet before the damage; the xlsx handler refuses it."""
    data = edit_part(make_xlsx(), "xl/worksheets/sheet1.xml", cut_in_half)
    result = convert(data, "xlsx")
    assert result.exit_code == 0 and result.output_bytes > 0  # soffice claims success and wrote csv ...
    assert not result.ok  # ... which nothing vouches for
    assert "does not open with its own library (CheckError" in result.message, result.message
    assert "sheet 'Orders': not well-formed XML" in result.message, result.message


def test_sheet_libreoffice_drops_fails_on_its_output(convert: Callable[..., RoundTrip]) -> None:
    """openpyxl reads a renamed <sheetData>; LibreOffice loads the sheet empty and exits 0."""
    rename = lambda xml: xml.replace(b"sheetData", b"sheetDatum")  # noqa: E731
    data = edit_part(make_xlsx(), "xl/worksheets/sheet1.xml", rename)
    result = convert(data, "xlsx")
    assert result.exit_code == 0 and not result.ok
    assert "lost text in sheet 'Orders': ['Order ID'" in result.message, result.message


def test_deck_libreoffice_renders_without_text_fails_on_its_output(convert: Callable[..., RoundTrip]) -> None:
    """python-pptx ignores a broken theme; LibreOffice renders the slides without their text, exit 0."""
    data = edit_part(make_pptx(2), "ppt/theme/theme1.xml", lambda _: b"<<not xml")
    result = convert(data, "pptx")
    assert result.exit_code == 0 and not result.ok
    assert "lost text in the pdf: ['Launch plan 1', 'Launch plan 2']" in result.message, result.message


@pytest.mark.parametrize(
    "data_for, as_type",
    [(make_docx, "xlsx"), (make_xlsx, "docx"), (make_docx, "pptx")],
    ids=["docx-as-xlsx", "xlsx-as-docx", "docx-as-pptx"],
)
def test_wrong_type_fails_even_where_soffice_exits_0(
    convert: Callable[..., RoundTrip], engine: str, data_for: object, as_type: str
) -> None:
    result = convert(data_for(), as_type)  # type: ignore[operator]
    assert not result.ok
    # soffice's own verdict is not what rejects them: its CLI exits 0 on all three, and over UNO
    # only the empty deck fails, at its pdf export (a presentation model with no page to write)
    if engine == "uno" and as_type == "pptx":
        assert result.exit_code == 1
        assert "wrote no pdf: the file did not load as a presentation" in result.message, result.message
    else:
        assert result.exit_code == 0
        assert "no content, so the input did not load" in result.message, result.message


def test_truncated_file_fails_with_soffice_complaint(convert: Callable[..., RoundTrip], engine: str) -> None:
    data = make_xlsx()
    result = convert(data[: len(data) // 2], "xlsx")
    assert not result.ok and result.engine == engine
    assert result.exit_code == (0 if engine == "convert-to" else 1)  # soffice's CLI exits 0 even so
    assert "wrote no csv" in result.message and "source file could not be loaded" in result.message


def test_timeout_kills_the_process_group(engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own, pipes = tmp_path / "timeout-profile", _bridge_pipes(monkeypatch)
    result = roundtrip(make_docx(), "docx", profile_dir=own, timeout_s=0.05, engine=engine)
    assert not result.ok and result.exit_code is None
    assert "did not finish within 0.05s" in result.message
    assert not _processes_of(own), "soffice processes survived the timeout"
    assert not [p for p in pipes if os.path.lexists(p)], "a killed soffice left its pipe's socket in /tmp"
    assert_ok(roundtrip(make_docx(), "docx", profile_dir=own, engine=engine))  # the next one starts afresh


def _bridge_pipes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pipe sockets of the bridges this test starts (filled as they start): only ours, as
    other processes on the machine may start and stop LibreOffice pipes in /tmp meanwhile."""
    started: list[str] = []
    real_init = libreoffice_uno._Bridge.__init__

    def recording_init(self: libreoffice_uno._Bridge, *args: object, **kwargs: object) -> None:
        try:
            real_init(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            if hasattr(self, "pipe"):
                started.append(_pipe_socket(self.pipe))

    monkeypatch.setattr(libreoffice_uno._Bridge, "__init__", recording_init)
    return started


def _pipe_socket(pipe: str) -> str:
    return f"/tmp/OSL_PIPE_{os.getuid()}_{pipe}"  # where LibreOffice puts a pipe (fixed by soffice)


def _processes_of(profile: Path) -> list[str]:
    return [pid for pid in os.listdir("/proc") if pid.isdigit() and _cmdline_mentions(pid, str(profile))]


def _cmdline_mentions(pid: str, needle: str) -> bool:
    return needle in _cmdline(pid)


# --- parallel workers ----------------------------------------------------------------------------


def test_parallel_round_trips_use_separate_profiles(engine: str, tmp_path: Path) -> None:
    jobs = [(make_xlsx(), "xlsx"), (make_docx(), "docx")]
    results: list[RoundTrip | None] = [None, None]
    profiles: list[Path | None] = [None, None]

    def work(i: int) -> None:
        profiles[i] = profile_for_worker(tmp_path)
        results[i] = roundtrip(*jobs[i], profile_dir=profiles[i], engine=engine)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)
    assert profiles[0] != profiles[1]
    for result in results:
        assert result is not None
        assert_ok(result)
    assert all(p is not None and (p / "user").is_dir() for p in profiles)


# --- the kept soffice (uno engine) ----------------------------------------------------------------


def _bridge_pid(profile: Path) -> int:
    return libreoffice_uno._bridges._by_profile[profile.resolve()].proc.pid


def test_a_kept_soffice_serves_the_next_file_and_is_replaced_when_it_dies(tmp_path: Path) -> None:
    own = tmp_path / "kept"
    assert_ok(roundtrip(make_xlsx(), "xlsx", profile_dir=own, engine="uno"))
    first, first_pipe = _bridge_pid(own), _pipe_socket(libreoffice_uno._bridges._by_profile[own.resolve()].pipe)
    assert os.path.exists(first_pipe)  # the running soffice's pipe
    assert_ok(roundtrip(make_docx(), "docx", profile_dir=own, engine="uno"))
    assert _bridge_pid(own) == first  # the same bridge, so the same soffice
    offices = [pid for pid in _processes_of(own) if "soffice.bin" in _cmdline(pid)]
    assert len(offices) == 1
    os.kill(int(offices[0]), 9)  # LibreOffice crashes between two files
    assert_ok(roundtrip(make_pptx(), "pptx", profile_dir=own, engine="uno"))
    assert _bridge_pid(own) != first
    assert not os.path.lexists(first_pipe), "the crashed soffice's pipe socket was left in /tmp"


_BARE_LOAD = """
import json, sys
sys.path.insert(0, sys.argv[1])
import _uno_bridge as bridge
proc, office = bridge.start_office(sys.argv[2], sys.argv[3], sys.argv[4])
try:
    seen = {}
    for src, infilter in json.loads(sys.argv[5]):
        doc = bridge._load(office, {"src": src, "infilter": infilter})
        seen[src] = [office.document_service(infilter), doc.getCurrentController() is None]
        doc.close(True)
    print(json.dumps(seen))
finally:
    office.desktop.terminate()
    proc.wait(timeout=30)
"""


def test_over_uno_a_file_loads_as_a_bare_model_of_its_filters_service(tmp_path: Path) -> None:
    """No frame, view or layout (a fifth to a third of soffice's time a file): the import filter
    names its document service, and the loaded document has no controller."""
    python, soffice = uno_python(), shutil.which("soffice")
    assert python is not None and soffice is not None
    files = []
    for file_type, make in (("xlsx", make_xlsx), ("docx", make_docx), ("pptx", make_pptx)):
        (tmp_path / f"in.{file_type}").write_bytes(make())
        route = route_for(file_type)
        assert route is not None
        files.append([str(tmp_path / f"in.{file_type}"), route.infilter])
    pipe = f"forge-test-{os.getpid()}-bare"
    bridge_dir = str(Path(libreoffice_uno.__file__).parent)
    args = [bridge_dir, soffice, str(tmp_path / "profile"), pipe, json.dumps(files)]
    done = subprocess.run([python, "-c", _BARE_LOAD, *args], capture_output=True, text=True, timeout=180,
                          env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert {Path(src).suffix: found for src, found in seen.items()} == {
        ".xlsx": ["com.sun.star.sheet.SpreadsheetDocument", True],
        ".docx": ["com.sun.star.text.TextDocument", True],
        ".pptx": ["com.sun.star.presentation.PresentationDocument", True],
    }


def test_a_kept_soffice_is_replaced_after_its_quota_of_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept soffice grows with every file it opens: after MAX_FILES_PER_OFFICE it stops, and the
    next file gets a fresh one."""
    monkeypatch.setattr(libreoffice_uno, "MAX_FILES_PER_OFFICE", 2)
    own = tmp_path / "quota"
    assert_ok(roundtrip(make_xlsx(), "xlsx", profile_dir=own, engine="uno"))
    first = _bridge_pid(own)
    assert_ok(roundtrip(make_docx(), "docx", profile_dir=own, engine="uno"))  # its second: its last
    assert own.resolve() not in libreoffice_uno._bridges._by_profile
    assert not _processes_of(own), "the retired soffice is still running"
    assert_ok(roundtrip(make_pptx(), "pptx", profile_dir=own, engine="uno"))
    assert _bridge_pid(own) != first
    assert len([pid for pid in _processes_of(own) if "soffice.bin" in _cmdline(pid)]) == 1


def test_a_kept_soffice_stops_once_its_thread_has_ended(tmp_path: Path) -> None:
    ended = tmp_path / "ended"
    worker = threading.Thread(target=lambda: roundtrip(make_docx(), "docx", profile_dir=ended, engine="uno"))
    worker.start()
    worker.join(timeout=180)
    assert _processes_of(ended)  # kept while nothing needs a new one
    assert_ok(roundtrip(make_docx(), "docx", profile_dir=tmp_path / "next", engine="uno"))
    assert not _processes_of(ended), "the soffice of a finished thread was kept"


def test_a_thread_that_moves_to_another_profile_keeps_one_soffice(tmp_path: Path) -> None:
    """A long-lived round-trip thread (gates._offload) serves one profile root after another (a
    test session, a worker on a new scratch root): the soffice of the profile it left stops."""
    first, second = tmp_path / "first", tmp_path / "second"
    assert_ok(roundtrip(make_docx(), "docx", profile_dir=first, engine="uno"))
    assert _processes_of(first)
    assert_ok(roundtrip(make_docx(), "docx", profile_dir=second, engine="uno"))
    assert not _processes_of(first), "the soffice of a profile its thread has left was kept"
    assert _processes_of(second)
    assert first.resolve() not in libreoffice_uno._bridges._by_profile


def test_without_uno_the_round_trip_runs_soffice_per_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(libreoffice_uno, "uno_python", lambda: None)
    result = roundtrip(make_docx(), "docx", profile_dir=tmp_path / "none")
    assert_ok(result)
    assert result.engine == "convert-to"
    monkeypatch.setattr(libreoffice_uno, "uno_python", lambda: "/bin/false")  # a bridge that cannot start
    result = roundtrip(make_docx(), "docx", profile_dir=tmp_path / "broken", engine="uno")
    assert_ok(result)
    assert result.engine == "convert-to"


def test_kept_soffices_stop_when_their_process_exits(tmp_path: Path) -> None:
    own = tmp_path / "exiting"
    script = (
        "import sys; from pathlib import Path; from gates.libreoffice import roundtrip;"
        "r = roundtrip(open(sys.argv[1], 'rb').read(), 'xlsx', profile_dir=Path(sys.argv[2]), engine='uno');"
        "print(r.ok)"
    )
    (tmp_path / "in.xlsx").write_bytes(make_xlsx())
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "in.xlsx"), str(own)],
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.stdout.strip() == "True", done.stderr
    assert not _processes_of(own), "a soffice outlived the process that started it"


def _cmdline(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


# --- misuse raises a ForgeError, not a bare exception -----------------------------------------------


def test_unsupported_type_is_a_config_error(convert: Callable[..., RoundTrip]) -> None:
    with pytest.raises(ConfigError, match="no LibreOffice round trip for file type 'pdf'; supported: docx"):
        convert(b"%PDF-1.4", "pdf")


def test_an_unknown_engine_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unknown LibreOffice engine 'libreoffice'; use one of uno, convert-to"):
        roundtrip(make_docx(), "docx", profile_dir=tmp_path / "p", engine="libreoffice")


def test_missing_soffice_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert not libreoffice_available()
    with pytest.raises(LibreOfficeUnavailableError, match="apt-get install libreoffice-calc-nogui"):
        roundtrip(make_docx(), "docx", profile_dir=tmp_path / "p")
