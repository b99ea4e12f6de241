"""LibreOffice profiles Forge writes before soffice starts on them (`forge.office_profile`), against
a real LibreOffice: a start on them runs no graphics self-tests, and what was there is kept.

These tests fail, never skip, without LibreOffice (`bash scripts/dev.sh` installs it).
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import docx
import pytest

from forge.desktop.apps import profile_xcu
from forge.office_profile import XCU_NAME, product_version, registry_xcu, write_profile
from gates.libreoffice import ENGINES, roundtrip
from gates.libreoffice_uno import close_all, uno_python

pytestmark = pytest.mark.slow

SELF_TEST_LOG = "user/GraphicsRenderTests.log"  # LibreOffice writes it when it ran its graphics self-tests


@pytest.fixture(scope="module")
def soffice() -> str:
    found = shutil.which("soffice")
    if found is None:
        pytest.fail("LibreOffice is not installed (no `soffice` on PATH); run `bash scripts/dev.sh`",
                    pytrace=False)
    return found


def _docx(tmp_path: Path) -> Path:
    document = docx.Document()
    document.add_paragraph("Quarterly review")
    path = tmp_path / "note.docx"
    document.save(path)
    return path


def _convert(soffice: str, profile: Path, src: Path) -> subprocess.CompletedProcess[str]:
    home = profile.parent / "home"
    home.mkdir(parents=True, exist_ok=True)
    command = [soffice, "--headless", "--norestore", "--nologo", "--nolockcheck", "--nodefault",
               f"-env:UserInstallation={profile.as_uri()}", "--convert-to", "txt", "--outdir",
               str(profile.parent / "out"), str(src)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False,
                          env={"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_the_profile_names_the_version_soffice_reports(soffice: str, tmp_path: Path) -> None:
    said = subprocess.run([soffice, "--version"], capture_output=True, text=True, timeout=60,
                          check=True).stdout
    version = product_version(soffice)
    assert version is not None and re.fullmatch(r"\d+\.\d+", version)
    assert said.startswith(f"LibreOffice {version}.")
    write_profile(tmp_path / "p", soffice)
    xcu = (tmp_path / "p" / XCU_NAME).read_text(encoding="utf-8")
    assert f'<prop oor:name="ooSetupLastVersion" oor:op="fuse"><value>{version}</value></prop>' in xcu


def test_a_start_on_a_written_profile_skips_the_graphics_self_tests(soffice: str, tmp_path: Path) -> None:
    """A fresh profile LibreOffice makes itself runs them (and again at every later start); one
    Forge wrote first does not, and converts all the same."""
    src = _docx(tmp_path)
    own, written = tmp_path / "own" / "profile", tmp_path / "written" / "profile"
    for run in range(2):
        assert _convert(soffice, own, src).returncode == 0
        assert (own / SELF_TEST_LOG).is_file(), f"start {run + 1} on LibreOffice's own profile"
        (own / SELF_TEST_LOG).unlink()
    write_profile(written, soffice)
    for _ in range(2):
        assert _convert(soffice, written, src).returncode == 0
        assert "Quarterly review" in (written.parent / "out" / "note.txt").read_text(encoding="utf-8")
    assert not (written / SELF_TEST_LOG).exists()


def test_a_used_profile_keeps_its_settings_and_gets_the_running_version(soffice: str, tmp_path: Path) -> None:
    """LibreOffice rewrites the registry at exit; an older version's setting is replaced, not doubled."""
    profile = tmp_path / "profile"
    kept = ("/org.openoffice.Office.Common/Misc", "FirstRun", "false")
    (profile / "user").mkdir(parents=True)
    older = ("/org.openoffice.Setup/Product", "ooSetupLastVersion", "6.0")
    (profile / XCU_NAME).write_text(registry_xcu([kept, older]), encoding="utf-8")
    write_profile(profile, soffice)
    write_profile(profile, soffice)  # a no-op the second time
    xcu = (profile / XCU_NAME).read_text(encoding="utf-8")
    assert xcu.count("ooSetupLastVersion") == 1 and f"<value>{product_version(soffice)}</value>" in xcu
    assert '<prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop>' in xcu
    assert _convert(soffice, profile, _docx(tmp_path)).returncode == 0
    assert not (profile / SELF_TEST_LOG).exists()
    assert f"<value>{product_version(soffice)}</value>" in (profile / XCU_NAME).read_text(encoding="utf-8")


def test_a_profile_that_cannot_be_written_is_left_to_soffice(soffice: str, tmp_path: Path,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    write_profile(tmp_path / "a-file" / "profile", soffice)  # no error of its own: soffice meets the bad path
    assert "could not write the LibreOffice profile" in caplog.text and "a-file" in caplog.text


@pytest.mark.parametrize("engine", ENGINES)
def test_the_file_gates_soffices_start_on_written_profiles(engine: str, soffice: str, tmp_path: Path) -> None:
    if engine == "uno" and uno_python() is None:
        pytest.fail("no Python with the uno module; `bash scripts/dev.sh` installs python3-uno",
                    pytrace=False)
    buf = io.BytesIO()
    document = docx.Document()
    document.add_paragraph("Minutes")
    document.save(buf)
    profile = tmp_path / "profile"
    try:
        result = roundtrip(buf.getvalue(), "docx", profile_dir=profile, engine=engine)
    finally:
        close_all()
    assert result.ok and result.engine == engine, result.message
    assert not (profile / SELF_TEST_LOG).exists()


def test_desktop_profiles_name_the_installed_version(soffice: str) -> None:
    xcu = profile_xcu()
    version = product_version(soffice)
    assert f'<prop oor:name="ooSetupLastVersion" oor:op="fuse"><value>{version}</value></prop>' in xcu
    assert '<prop oor:name="WarnAlienFormat" oor:op="fuse"><value>false</value></prop>' in xcu  # dialogs off
