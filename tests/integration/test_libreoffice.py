"""The LibreOffice round trip, against a real headless LibreOffice.

These tests fail, never skip, without LibreOffice: the file gate runs the round trip by default
wherever soffice is installed, and `bash scripts/dev.sh` installs it.
"""

from __future__ import annotations

import io
import os
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path

import docx
import openpyxl
import pptx
import pytest

from forge.errors import ConfigError
from gates.libreoffice import (
    INSTALL_HINT,
    LibreOfficeUnavailableError,
    RoundTrip,
    libreoffice_available,
    profile_for_worker,
    roundtrip,
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One warm profile shared by the module's sequential tests, as one worker would use it."""
    if not libreoffice_available():
        pytest.fail(f"LibreOffice is not installed (no `soffice` on PATH); {INSTALL_HINT}", pytrace=False)
    return profile_for_worker(tmp_path_factory.mktemp("lo"))


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


def test_xlsx_round_trip_is_verified_per_sheet(profile: Path) -> None:
    result = roundtrip(make_xlsx(), "xlsx", profile_dir=profile)
    assert_ok(result)
    assert "loaded 3 sheet(s)" in result.message and "8 probe text(s)" in result.message  # 5 + 3 + 0
    assert "--infilter=Calc MS Excel 2007 XML" in result.command


def test_docx_round_trip_is_verified(profile: Path) -> None:
    result = roundtrip(make_docx(), "docx", profile_dir=profile)
    assert_ok(result)
    assert "3 probe text(s) found in its txt" in result.message
    assert "--infilter=MS Word 2007 XML" in result.command


def test_pptx_round_trip_is_verified(profile: Path) -> None:
    result = roundtrip(make_pptx(3), "pptx", profile_dir=profile)
    assert_ok(result)
    assert "rendered 3 slide(s)" in result.message
    assert "--infilter=Impress MS PowerPoint 2007 XML" in result.command


# --- failures that soffice itself reports as success (exit 0) -------------------------------------


def test_mangled_sheet_xml_fails_although_soffice_exits_0(profile: Path) -> None:
    """LibreOffice silently loads the half of the sheet before the damage; openpyxl refuses it."""
    data = edit_part(make_xlsx(), "xl/worksheets/sheet1.xml", cut_in_half)
    result = roundtrip(data, "xlsx", profile_dir=profile)
    assert result.exit_code == 0 and result.output_bytes > 0  # soffice claims success and wrote csv ...
    assert not result.ok  # ... which nothing vouches for
    assert "does not open with its own library (ParseError" in result.message, result.message


def test_sheet_libreoffice_drops_fails_on_its_output(profile: Path) -> None:
    """openpyxl reads a renamed <sheetData>; LibreOffice loads the sheet empty and exits 0."""
    rename = lambda xml: xml.replace(b"sheetData", b"sheetDatum")  # noqa: E731
    data = edit_part(make_xlsx(), "xl/worksheets/sheet1.xml", rename)
    result = roundtrip(data, "xlsx", profile_dir=profile)
    assert result.exit_code == 0 and not result.ok
    assert "lost text in sheet 'Orders': ['Order ID'" in result.message, result.message


def test_deck_libreoffice_renders_without_text_fails_on_its_output(profile: Path) -> None:
    """python-pptx ignores a broken theme; LibreOffice renders the slides without their text, exit 0."""
    data = edit_part(make_pptx(2), "ppt/theme/theme1.xml", lambda _: b"<<not xml")
    result = roundtrip(data, "pptx", profile_dir=profile)
    assert result.exit_code == 0 and not result.ok
    assert "lost text in the pdf: ['Launch plan 1', 'Launch plan 2']" in result.message, result.message


@pytest.mark.parametrize(
    "data_for, as_type",
    [(make_docx, "xlsx"), (make_xlsx, "docx"), (make_docx, "pptx")],
    ids=["docx-as-xlsx", "xlsx-as-docx", "docx-as-pptx"],
)
def test_wrong_type_fails_although_soffice_exits_0(profile: Path, data_for: object, as_type: str) -> None:
    result = roundtrip(data_for(), as_type, profile_dir=profile)  # type: ignore[operator]
    assert result.exit_code == 0
    assert not result.ok
    assert "no content, so the input did not load" in result.message, result.message


def test_truncated_file_fails_with_soffice_complaint(profile: Path) -> None:
    data = make_xlsx()
    result = roundtrip(data[: len(data) // 2], "xlsx", profile_dir=profile)
    assert result.exit_code == 0 and not result.ok
    assert "wrote no csv" in result.message and "source file could not be loaded" in result.message


def test_timeout_kills_the_process_group(profile: Path, tmp_path: Path) -> None:
    own = tmp_path / "timeout-profile"
    result = roundtrip(make_docx(), "docx", profile_dir=own, timeout_s=0.05)
    assert not result.ok and result.exit_code is None
    assert "did not finish within 0.05s" in result.message
    left = [pid for pid in os.listdir("/proc") if pid.isdigit() and _cmdline_mentions(pid, str(own))]
    assert not left, f"soffice processes survived the timeout: {left}"


def _cmdline_mentions(pid: str, needle: str) -> bool:
    try:
        return needle in Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace")
    except OSError:
        return False


# --- parallel workers ----------------------------------------------------------------------------


def test_parallel_round_trips_use_separate_profiles(profile: Path, tmp_path: Path) -> None:
    jobs = [(make_xlsx(), "xlsx"), (make_docx(), "docx")]
    results: list[RoundTrip | None] = [None, None]
    profiles: list[Path | None] = [None, None]

    def work(i: int) -> None:
        profiles[i] = profile_for_worker(tmp_path)
        results[i] = roundtrip(*jobs[i], profile_dir=profiles[i])

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


# --- misuse raises a ForgeError, not a bare exception -----------------------------------------------


def test_unsupported_type_is_a_config_error(profile: Path) -> None:
    with pytest.raises(ConfigError, match="no LibreOffice round trip for file type 'pdf'; supported: docx"):
        roundtrip(b"%PDF-1.4", "pdf", profile_dir=profile)


def test_missing_soffice_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert not libreoffice_available()
    with pytest.raises(LibreOfficeUnavailableError, match="apt-get install libreoffice-calc-nogui"):
        roundtrip(make_docx(), "docx", profile_dir=tmp_path / "p")
