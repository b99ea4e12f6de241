"""LibreOffice profiles written before soffice starts on them, so that no start counts as an upgrade.

At every start LibreOffice compares the version it is with the one the profile last ran
(`/org.openoffice.Setup/Product/ooSetupLastVersion`) and, when the profile's is older or missing,
runs its ~100 graphics render tests first (vcl's GraphicsRenderTests: most of a start's CPU).
Only the GUI's start center records the version, so a headless soffice, or one no user ever
clicked through, runs them at every start (measured, `soffice --headless --convert-to txt` on a
used profile: 1.37 s of CPU -> 0.34 s). A profile made here names the version of the soffice that
will run it, as a profile that has been through a first start would.

    write_profile(profile_dir, soffice)                       # before each start; keeps what is there
    registry_xcu([...items, *version_items(soffice)])        # a whole profile's settings (desktop apps)
"""

from __future__ import annotations

import functools
import logging
import os
import re
import subprocess
import tempfile
from pathlib import Path

XCU_NAME = "user/registrymodifications.xcu"
_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
         'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
         'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n')
_TAIL = "</oor:items>\n"
_LAST_VERSION = ("/org.openoffice.Setup/Product", "ooSetupLastVersion")
_VERSION = re.compile(r"\b(\d+)\.(\d+)\.\d+")
_LAST_VERSION_XML = re.compile(r'<item oor:path="%s"><prop oor:name="%s"[^>]*>.*?</prop></item>\n?'
                               % tuple(map(re.escape, _LAST_VERSION)))

log = logging.getLogger(__name__)

Item = tuple[str, str, str]
"""(node path, property name, value) of one registry setting."""


@functools.lru_cache(maxsize=8)
def product_version(soffice: str) -> str | None:
    """`7.4` for LibreOffice 7.4.7.2: the version a profile names (`soffice --version`, ~0.1 s, once
    per process); None when soffice does not say."""
    with tempfile.TemporaryDirectory(prefix="forge-lo-version-") as home:  # it writes caches under HOME
        try:
            said = subprocess.run([soffice, "--version"], capture_output=True, text=True, timeout=30,
                                  check=False, stdin=subprocess.DEVNULL, cwd=home,
                                  env={"HOME": home, "PATH": os.defpath, "LANG": "C.UTF-8"}).stdout
        except (OSError, subprocess.TimeoutExpired):
            return None
    found = _VERSION.search(said)
    return f"{found[1]}.{found[2]}" if found else None


def version_items(soffice: str) -> list[Item]:
    """The setting that makes a start on the profile an ordinary one (none if the version is unknown)."""
    version = product_version(soffice)
    return [(*_LAST_VERSION, version)] if version else []


def item_xml(item: Item) -> str:
    path, name, value = item
    return (f'<item oor:path="{path}"><prop oor:name="{name}" oor:op="fuse"><value>{value}</value></prop>'
            "</item>")


def registry_xcu(items: list[Item]) -> str:
    """A profile's registrymodifications.xcu holding `items`."""
    return _HEAD + "".join(item_xml(item) + "\n" for item in items) + _TAIL


def write_profile(profile_dir: Path, soffice: str) -> None:
    """Make `profile_dir` name the running version: a new profile gets a registry holding just that;
    a profile LibreOffice has written gets the setting set, its own kept (one made by an older
    LibreOffice too). A no-op once it names this version. A profile that cannot be written is left
    to soffice, which starts on it as before (slower) or reports why it cannot."""
    items = version_items(soffice)
    if not items:
        return
    xcu = Path(profile_dir) / XCU_NAME
    try:
        current = xcu.read_text(encoding="utf-8") if xcu.is_file() else ""
        wanted = item_xml(items[0])
        if wanted in current:
            return
        if _TAIL.strip() in current:
            text = _LAST_VERSION_XML.sub("", current).replace(_TAIL.strip(), wanted + "\n" + _TAIL.strip(), 1)
        else:  # none yet, or not a registry: replaced
            text = registry_xcu(items)
        xcu.parent.mkdir(parents=True, exist_ok=True)
        partial = xcu.with_name(f".{xcu.name}.{os.getpid()}")
        partial.write_text(text, encoding="utf-8")
        partial.replace(xcu)
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("could not write the LibreOffice profile at %s (%s); soffice starts on it as it is",
                    profile_dir, exc)
