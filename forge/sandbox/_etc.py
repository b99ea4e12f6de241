"""The sandbox's /etc: what programs need to run, none of the host's accounts, keys or settings.

Host /etc holds secrets a task never needs (`shadow`, `ssh/`, `machine-id`, a `gitconfig` or
`pip.conf` with tokens, database settings). Inside, /etc is a fresh directory with:

- `KEPT`: the host entries that programs read to start and to find their data (the dynamic
  linker's cache, `alternatives` that /usr/bin links point through, certificates, fonts,
  LibreOffice's and Python's own config, mime and magic tables, locale and time zone),
  each bound read-only, or recreated as the same link;
- written per sandbox (`generated`): `passwd` and `group` naming only root, the sandbox's
  user (home /job) and nobody; `hosts` resolving localhost and the sandbox's hostname to
  loopback; `hostname`. No `resolv.conf`: there is no network to resolve names on.
"""

from __future__ import annotations

import os
from pathlib import Path

KEPT = (
    "alternatives", "ca-certificates", "ca-certificates.conf", "debian_version", "fonts",
    "gai.conf", "ghostscript", "groff", "gtk-2.0", "gtk-3.0", "host.conf", "ImageMagick-6",
    "ImageMagick-7", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "libreoffice", "locale.alias",
    "locale.conf", "localtime", "magic", "magic.mime", "mime.types", "mtab", "nsswitch.conf",
    "os-release", "papersize", "perl", "protocols", "services", "sgml", "ssl", "terminfo",
    "timezone", "vim", "X11", "xdg", "xml",
)  # fmt: skip
"""Host /etc entries bound read-only (those that exist), besides every `python3*`."""

HOSTNAME = "sandbox"
_NOBODY = 65534


def kept_entries(etc_dir: Path) -> list[str]:
    """The names under `etc_dir` that the sandbox sees, sorted."""
    try:
        names = os.listdir(etc_dir)
    except OSError:
        return []
    return sorted(n for n in names if n in KEPT or n.startswith("python3"))


def bind_args(etc_dir: Path) -> list[str]:
    """bwrap arguments that make /etc and put the kept host entries in it (links stay links)."""
    args = ["--perms", "0755", "--dir", "/etc"]
    for name in kept_entries(etc_dir):
        source = etc_dir / name
        if source.is_symlink():
            args += ["--symlink", os.readlink(source), f"/etc/{name}"]
        elif source.exists():
            args += ["--ro-bind", str(source), f"/etc/{name}"]
    return args


def generated(uid: int | None) -> dict[str, bytes]:
    """The files written into the sandbox's /etc, by name. `uid` None: the user is the host's own
    (bwrap without root maps it unchanged); it is named `sandbox` all the same."""
    user = os.getuid() if uid is None else uid
    users = {0: "root", user: "sandbox", _NOBODY: "nobody"}
    homes = {0: "/root", user: "/job", _NOBODY: "/nonexistent"}
    shells = {0: "/bin/bash", user: "/bin/bash", _NOBODY: "/usr/sbin/nologin"}
    passwd = "".join(f"{name}:x:{i}:{i}:{name}:{homes[i]}:{shells[i]}\n" for i, name in users.items())
    group = "".join(f"{'nogroup' if i == _NOBODY else name}:x:{i}:\n" for i, name in users.items())
    hosts = f"127.0.0.1\tlocalhost {HOSTNAME}\n::1\tlocalhost ip6-localhost ip6-loopback\n"
    return {
        "passwd": passwd.encode(),
        "group": group.encode(),
        "hosts": hosts.encode(),
        "hostname": f"{HOSTNAME}\n".encode(),
    }
