"""Round trip through headless LibreOffice: the file opens in the app the agent will use.

openpyxl or python-docx accepting a file does not mean LibreOffice will, and the agent works in
LibreOffice. So each office file is converted with its type's import filter forced (a docx named
.xlsx must fail as a spreadsheet, not open in Writer), and the OUTPUT is checked against what the
input's own library reads: `soffice --convert-to` exits 0 even when it loaded nothing.

    profile = profile_for_worker(scratch_root)           # one LibreOffice profile per worker
    result = roundtrip(data, "xlsx", profile_dir=profile)
    if not result.ok: reject(result.message)

Two engines, the same filters and the same verification: "uno" keeps one soffice per profile
and drives it over UNO (`gates.libreoffice_uno`, ~30 ms a small file; needs python3-uno), and
"convert-to" starts `soffice --convert-to` per file (~0.4 s). The default is "uno" where a Python
with `uno` exists; a bridge that cannot start falls back to "convert-to" with a warning.

Routes (input filter -> output, and how the output is verified) belong to each type's handler
(`FileType.libreoffice`, see `forge.filetypes.libreoffice`); this module runs them:
    xlsx  Calc MS Excel 2007 XML         -> one UTF-8 csv per sheet; each sheet's first and last texts appear
    docx  MS Word 2007 XML               -> UTF-8 txt; the first and last paragraphs appear
    pptx  Impress MS PowerPoint 2007 XML -> pdf; pypdf opens it, one page per shown slide, slide text appears
    (no csv: LibreOffice's text import takes any bytes; it would prove no more than csv's parse)
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from forge.errors import ConfigError, SandboxUnavailableError
from forge.filetypes import FILE_TYPES, Expect, LibreOfficeRoute, Unverified
from forge.office_profile import write_profile
from gates import libreoffice_uno as uno

INSTALL_HINT = ("install it with `apt-get install libreoffice-calc-nogui libreoffice-writer-nogui "
                "libreoffice-impress-nogui` (Debian/Ubuntu), or run `bash scripts/dev.sh`")


class LibreOfficeUnavailableError(SandboxUnavailableError):
    """Raised when `soffice` is not on PATH; the message says how to install it."""


class RoundTrip(BaseModel):
    """What one LibreOffice round trip showed; `exit_code` is kept to show that it is not trusted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file_type: str
    ok: bool
    message: str
    exit_code: int | None = Field(default=None, description="LibreOffice's own verdict, not trusted: soffice's "
                                  "exit status, or over UNO 0 when load and store raised nothing; None: killed")
    output_bytes: int = 0
    duration_s: float
    command: list[str] = Field(default_factory=list)
    engine: str = Field(default="convert-to", description='"uno" (a kept soffice) or "convert-to" (one per file)')


Route = LibreOfficeRoute  # the route each file type's handler declares (`FileType.libreoffice`)


def route_for(file_type: str) -> LibreOfficeRoute | None:
    """The handler's LibreOffice route; None for a type without one (or no handler)."""
    return FILE_TYPES.get(file_type).libreoffice if file_type in FILE_TYPES else None


def libreoffice_available() -> bool:
    return shutil.which("soffice") is not None


def stop_kept_offices() -> None:
    """Stop the soffices this process keeps (they stop at a normal exit too; a process that ends
    with os._exit, as a multiprocessing worker does, should call this first)."""
    uno.close_all()


def supports_roundtrip(file_type: str) -> bool:
    return route_for(file_type) is not None


def profile_for_worker(root: Path) -> Path:
    """This thread's own profile directory under `root`.

    LibreOffice treats a profile as one running instance: a second soffice on the same profile
    hands its job to the first over a pipe, or fails, so parallel gates must never share one.
    Keyed by pid and thread id; the directory persists so later round trips start warm.
    """
    return Path(root).resolve() / f"lo-profile-{os.getpid()}-{threading.get_ident()}"


_PROFILE_LOCKS: dict[Path, threading.Lock] = {}  # round trips sharing a profile by mistake queue, not collide
_PROFILE_LOCKS_GUARD = threading.Lock()
ENGINES = ("uno", "convert-to")
logger = logging.getLogger(__name__)
_warned: set[str] = set()  # once per reason, not per file


def soffice_command(soffice: str, route: Route, *, profile_dir: Path, src: Path, outdir: Path) -> list[str]:
    return [soffice, "--headless", "--norestore", "--nologo", "--nolockcheck", "--nodefault",
            f"-env:UserInstallation={profile_dir.as_uri()}", f"--infilter={route.infilter}",
            "--convert-to", route.convert_to, "--outdir", str(outdir), str(src)]


def default_engine() -> str:
    """"uno" (one soffice kept per profile, ~30 ms a file) where a Python has `uno`, else
    "convert-to" (a soffice per file, ~0.4 s)."""
    return "uno" if uno.uno_python() is not None else "convert-to"


def roundtrip(data: bytes, file_type: str, *, profile_dir: Path, timeout_s: float = 60,
              engine: str | None = None) -> RoundTrip:
    """Convert `data` through LibreOffice with its type's import filter forced, then verify the output.

    Failures come back as `RoundTrip(ok=False)` with a specific message; only a missing
    LibreOffice (LibreOfficeUnavailableError), an unsupported type or an unknown engine
    (ConfigError) raise. `engine`: "uno" or "convert-to"; None: `default_engine()`.
    """
    route = route_for(file_type)
    if route is None:
        supported = [name for name, handler in FILE_TYPES.items() if handler.libreoffice is not None]
        raise ConfigError(f"no LibreOffice round trip for file type {file_type!r}; "
                          f"supported: {', '.join(supported)}")
    engine = engine or default_engine()
    if engine not in ENGINES:
        raise ConfigError(f"unknown LibreOffice engine {engine!r}; use one of {', '.join(ENGINES)}")
    soffice = shutil.which("soffice")
    if soffice is None:
        raise LibreOfficeUnavailableError(f"the LibreOffice round trip needs soffice, which is not on PATH; "
                                          f"{INSTALL_HINT}")
    profile_dir = Path(profile_dir).resolve()  # soffice creates it, parents included
    with _PROFILE_LOCKS_GUARD:
        lock = _PROFILE_LOCKS.setdefault(profile_dir, threading.Lock())
    started = time.perf_counter()

    def result(ok: bool, message: str, run: _Converted, size: int = 0) -> RoundTrip:
        return RoundTrip(file_type=file_type, ok=ok, message=message, exit_code=run.code, output_bytes=size,
                         duration_s=round(time.perf_counter() - started, 3), command=run.command, engine=run.engine)

    with lock, tempfile.TemporaryDirectory(prefix="forge-lo-", ignore_cleanup_errors=True) as tmp:
        work = Path(tmp)
        src, outdir, home = work / "in" / f"file.{file_type}", work / "out", work / "home"
        for folder in (src.parent, outdir, home):
            folder.mkdir()
        src.write_bytes(data)
        deadline = time.monotonic() + timeout_s
        run = None
        if engine == "uno":
            run = _convert_uno(soffice, route, profile_dir, src, outdir, deadline)
        if run is None:  # convert-to, or a UNO bridge that would not start
            run = _convert_cli(soffice, route, profile_dir, src, outdir, home, deadline)
        if run.timed_out:
            return result(False, f"LibreOffice did not finish within {timeout_s:g}s; killed it", run)
        size = sum(f.stat().st_size for f in outdir.iterdir() if f.is_file())
        refused = ""
        try:
            expect = route.expect(data)
        except Exception as exc:  # its own library refused the input: demand any content, then fail anyway
            expect, refused = Expect(opened=False, groups={}), f"{type(exc).__name__}: {exc}"[:200]
        try:
            message = route.check(outdir, src.stem, expect)
            if refused:
                raise Unverified(f"wrote {size} bytes, but the input does not open with its own library "
                                 f"({refused}), so nothing shows they hold its content")
        except Unverified as exc:
            message = f"LibreOffice (exit {run.code}) {exc}" + (f"; it said: {run.said}" if run.said else "")
            return result(False, message, run, size)
        return result(True, message, run, size)


@dataclass(frozen=True)
class _Converted:
    engine: str
    command: list[str]
    code: int | None  # LibreOffice's own verdict, not trusted: soffice's exit status, or 0/1 over UNO
    said: str = ""
    timed_out: bool = False


def _convert_cli(soffice: str, route: Route, profile_dir: Path, src: Path, outdir: Path, home: Path,
                 deadline: float) -> _Converted:
    cmd = soffice_command(soffice, route, profile_dir=profile_dir, src=src, outdir=outdir)
    log = home.parent / "log"
    write_profile(profile_dir, soffice)  # else every start runs LibreOffice's graphics self-tests
    try:  # output to a file, not a pipe: a stray grandchild holding a pipe open cannot block us
        with log.open("wb") as sink:
            proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT,
                                    env=uno.clean_env(home, soffice), cwd=home.parent, start_new_session=True)
    except OSError as exc:
        return _Converted("convert-to", cmd, None, f"cannot start soffice: {exc}")
    try:
        proc.wait(timeout=max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:  # kill the group this call started (oosplash, soffice.bin), by pid
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return _Converted("convert-to", cmd, None, timed_out=True)
    return _Converted("convert-to", cmd, proc.returncode, _last_lines(log.read_bytes()))


def _convert_uno(soffice: str, route: Route, profile_dir: Path, src: Path, outdir: Path,
                 deadline: float) -> _Converted | None:
    """Through this profile's kept soffice; None when no bridge can start (the caller uses convert-to)."""
    ext, _, rest = route.convert_to.partition(":")
    name, _, options = rest.partition(":")
    cmd = ["uno", f"--infilter={route.infilter}", "--convert-to", route.convert_to, str(src)]
    request = {"src": str(src), "out": str(outdir / f"{src.stem}.{ext}"), "infilter": route.infilter,
               "filter": name, "options": options}
    try:
        reply = uno.convert(soffice, profile_dir, request, deadline)
    except uno.BridgeUnavailable as exc:
        if str(exc) not in _warned:
            _warned.add(str(exc))
            logger.warning("LibreOffice over UNO is unavailable (%s); converting with soffice --convert-to", exc)
        return None
    if reply is None:
        return _Converted("uno", cmd, None, timed_out=True)
    return _Converted("uno", cmd, 0 if reply.get("ok") else 1, str(reply.get("error", ""))[-300:])


def _last_lines(log: bytes, limit: int = 300) -> str:
    """soffice's complaints, minus its progress lines and the javaldx warning every headless run prints."""
    noise = ("convert ", "Writing sheet", "Overwriting", "Warning: failed to launch javaldx")
    lines = [ln.strip() for ln in log.decode("utf-8", "replace").splitlines()
             if ln.strip() and not ln.strip().startswith(noise)]
    return " | ".join(lines)[-limit:]
