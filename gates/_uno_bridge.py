"""One LibreOffice kept running and driven over UNO: a round trip in ~30 ms, not a ~0.4 s soffice start.

Run by a Python that has `uno` (Debian: python3-uno, for the system /usr/bin/python3), never
imported by forge (`gates.libreoffice` starts it):

    python3 _uno_bridge.py SOFFICE PROFILE_DIR PIPE_NAME

It starts one soffice on that profile, listening on the UNO pipe PIPE_NAME (a random name: the
socket is /tmp/OSL_PIPE_<uid>_<name>, which soffice leaves behind when killed, so both ends
remove it), says {"ready": true},
then serves one JSON request per stdin line, in order:

    {"src": PATH, "out": PATH, "infilter": NAME, "filter": NAME, "options": TEXT}
    -> {"ok": true} | {"ok": false, "error": TEXT}

The import filter is forced (FilterName on load), as `soffice --infilter` does; "ok" means only
that LibreOffice raised nothing, the caller verifies the output. A file loads into a bare document
model of its filter's document service (XLoadable), with no frame, view or layout: the same
output, for 20-30% less of soffice's time than `loadComponentFromURL` (measured on xlsx, docx
and pptx); a filter that names no service loads the usual way. It exits when stdin closes
(its host is gone), and without a reply when soffice stopped answering (its host then starts a
new bridge and sends the file again); soffice dies with it (PR_SET_PDEATHSIG). Stdlib and uno only.
"""

import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException

_PR_SET_PDEATHSIG = 1
_START_TIMEOUT_S = 60.0


class OfficeGone(Exception):
    """soffice stopped answering: the bridge exits and its host starts a new one."""


def _props(**values):
    return tuple(PropertyValue(Name=name, Value=value) for name, value in values.items())


def _die_with_us():
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def pipe_socket(pipe):
    return f"/tmp/OSL_PIPE_{os.getuid()}_{pipe}"  # where LibreOffice's pipe acceptor puts it


class Office:
    """A running soffice as the bridge uses it: its desktop, and its service manager and context
    for bare document models."""

    def __init__(self, desktop, context):
        self.desktop, self.context, self.services = desktop, context, context.ServiceManager
        self._document_service = {}  # import filter -> document service ("" for none)

    def document_service(self, infilter):
        """The filter's DocumentService (com.sun.star.sheet.SpreadsheetDocument for a Calc filter)."""
        if infilter not in self._document_service:
            found = ""
            with contextlib.suppress(Exception):  # an unknown filter: the usual load reports it
                factory = self.services.createInstanceWithContext("com.sun.star.document.FilterFactory",
                                                                  self.context)
                found = {p.Name: p.Value for p in factory.getByName(infilter)}.get("DocumentService", "")
            self._document_service[infilter] = found
        return self._document_service[infilter]


def start_office(soffice, profile_dir, pipe):
    """(process, Office) of a soffice on `profile_dir`, reachable only through `pipe`."""
    connect = f"pipe,name={pipe};urp;StarOffice.ComponentContext"
    proc = subprocess.Popen(
        [soffice, "--headless", "--invisible", "--norestore", "--nologo", "--nolockcheck", "--nodefault",
         "-env:UserInstallation=" + uno.systemPathToFileUrl(profile_dir), "--accept=" + connect],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        preexec_fn=_die_with_us,  # noqa: PLW1509 (no thread exists yet: uno starts its own on resolve)
    )
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + _START_TIMEOUT_S
    while True:
        try:
            context = resolver.resolve("uno:" + connect)
            break
        except NoConnectException:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise OfficeGone(f"soffice did not start (exit {proc.poll()})")
            time.sleep(0.02)
    desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    return proc, Office(desktop, context)


def _alive(desktop):
    try:
        desktop.getComponents()
    except Exception:  # noqa: BLE001 (a disposed bridge raises UNO's RuntimeException)
        return False
    return True


def _load(office, request):
    """The document, loaded with the request's import filter forced; raises what LibreOffice raises."""
    url, infilter = uno.systemPathToFileUrl(request["src"]), request["infilter"]
    service = office.document_service(infilter)
    if not service:
        return office.desktop.loadComponentFromURL(url, "_blank", 0,
                                                   _props(FilterName=infilter, Hidden=True, ReadOnly=True))
    doc = office.services.createInstanceWithContext(service, office.context)
    try:
        doc.load(_props(URL=url, FilterName=infilter, ReadOnly=True))
    except Exception:
        with contextlib.suppress(Exception):  # the empty model that did not load
            doc.close(True)
        raise
    return doc


def convert(office, request):
    """The reply for one file; raises OfficeGone when soffice stopped answering (before or during)."""
    desktop = office.desktop
    if not _alive(desktop):
        raise OfficeGone("soffice stopped")
    try:
        doc = _load(office, request)
    except Exception as exc:  # UNO's exceptions share no narrower base
        if not _alive(desktop):
            raise OfficeGone(f"soffice stopped while loading: {exc}") from exc
        return {"ok": False, "error": f"source file could not be loaded: {exc}"}
    if doc is None:
        return {"ok": False, "error": "source file could not be loaded"}
    try:
        doc.storeToURL(uno.systemPathToFileUrl(request["out"]),
                       _props(FilterName=request["filter"], FilterOptions=request.get("options", "")))
        return {"ok": True}
    except Exception as exc:  # likewise
        if not _alive(desktop):
            raise OfficeGone(f"soffice stopped while writing: {exc}") from exc
        return {"ok": False, "error": f"could not write the output: {exc}"}
    finally:
        with contextlib.suppress(Exception):  # a document soffice already dropped
            doc.close(True)


def main():
    soffice, profile_dir, pipe = sys.argv[1], sys.argv[2], sys.argv[3]
    proc, office = start_office(soffice, profile_dir, pipe)
    say = sys.stdout
    say.write(json.dumps({"ready": True}) + "\n")
    say.flush()
    try:
        for line in sys.stdin:
            try:
                reply = convert(office, json.loads(line))
            except OfficeGone as exc:  # no reply: the host starts a new bridge and sends the file again
                sys.stderr.write(f"forge uno bridge: {exc}\n")
                return 3
            say.write(json.dumps(reply) + "\n")
            say.flush()
    finally:
        with contextlib.suppress(Exception):  # soffice may be gone already
            office.desktop.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        with contextlib.suppress(OSError):
            os.unlink(pipe_socket(pipe))
    return 0


if __name__ == "__main__":
    os.umask(0o077)
    sys.exit(main())
