"""Where the memory and pids cgroup hierarchies are mounted, and a writable mount where the system's is read-only.

Found per controller in /proc/self/mountinfo: v1 (a `memory` and a `pids` hierarchy, each its
own mount) or v2 (one unified hierarchy). A container without `--privileged` (Docker, Podman)
mounts /sys/fs/cgroup read-only, so no sandbox cgroup can be made there. Root with
CAP_SYS_ADMIN may still mount the same hierarchy again, writable, in its own mount namespace:
a v1 mount with a hierarchy's controllers attaches to that existing hierarchy (the same
cgroups and limits, not a new tree) and a cgroup2 mount shows the namespace's unified tree.
`writable_hierarchies` does that once per mount namespace, at `PRIVATE_ROOT/<controllers>`
(v1) or `PRIVATE_ROOT/unified` (v2), under a lock file so concurrent processes mount once
and reuse the mount (looked up in mountinfo). Sandbox cgroups then go under this process's
own cgroup in that mount, so the container's own limits still hold above them.

cgroup v2 in a container: the container's processes sit in its namespace's root cgroup, and v2
enables controllers for children only of a cgroup without processes; Forge does not move the
container's other processes, so `_limits._enable_v2` fails there naming the fix (see
docs/deployment.md, "Running in a container").
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import fcntl
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from forge.errors import SandboxUnavailableError

logger = logging.getLogger(__name__)

CONTROLLERS = ("memory", "pids")
PRIVATE_ROOT = Path("/run/forge/cgroup")
CGROUP_HINT = (
    "run Forge as root (cgroups v1 or v2), or delegate a cgroup v2 subtree with memory and pids "
    "enabled to this user and name it in FORGE_SANDBOX_CGROUP_PARENT; to accept per-process "
    "rlimits only (no aggregate memory/process bound), set FORGE_SANDBOX_REQUIRE_AGGREGATE_LIMITS=false"
)
READ_ONLY_HINT = (
    "in a container, give Forge root with CAP_SYS_ADMIN (Docker: --cap-add SYS_ADMIN, which bubblewrap "
    "needs as well) so it can mount its own, or a writable cgroup mount (--privileged, or --cgroupns=private "
    "with -v /sys/fs/cgroup:/sys/fs/cgroup:rw); to accept per-process rlimits only (no aggregate "
    "memory/process bound), set FORGE_SANDBOX_REQUIRE_AGGREGATE_LIMITS=false"
)
_MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 2, 4, 8
_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


class CgroupUnavailableError(SandboxUnavailableError):
    """Raised when no writable memory/pids cgroup can be made for a sandbox; says how to get one."""


@dataclass(frozen=True)
class Mount:
    """One cgroup mount as mountinfo lists it."""

    fstype: str  # cgroup (v1) or cgroup2
    root: str  # the hierarchy's path this mount shows, as this process's cgroup namespace names it
    point: Path
    options: frozenset[str]  # super options: a v1 hierarchy's controllers, name=...
    read_only: bool  # the mount (not the hierarchy) is read-only: mkdir fails with EROFS


@dataclass(frozen=True)
class Hierarchy:
    """Where one cgroup hierarchy is mounted and where sandbox cgroups go in it."""

    version: int
    controllers: tuple[str, ...]
    parent: Path
    mount: Mount


def mounts(mountinfo: str = "/proc/self/mountinfo") -> list[Mount]:
    """Every cgroup mount listed in `mountinfo`, in its order."""
    found = []
    with open(mountinfo, encoding="utf-8") as handle:
        for line in handle:
            left, _, right = line.partition(" - ")
            fields, tail = left.split(), right.split()
            if len(fields) >= 6 and len(tail) >= 3 and tail[0] in ("cgroup", "cgroup2"):
                point = Path(fields[4].replace("\\040", " "))
                found.append(Mount(tail[0], fields[3], point, frozenset(tail[2].split(",")),
                                   "ro" in fields[5].split(",")))
    return found


def paths_of(cgroup_file: str) -> dict[str, str]:
    """Controller (or "" for v2) -> the cgroup path `cgroup_file` (/proc/<pid>/cgroup) names."""
    paths: dict[str, str] = {}
    with open(cgroup_file, encoding="utf-8") as handle:
        for line in handle:
            _, names, path = line.rstrip("\n").split(":", 2)
            for name in names.split(",") if names else [""]:
                paths[name] = path
    return paths


def under(mount: Mount, path: str) -> Path:
    """The dir of cgroup `path` in `mount`."""
    rel = os.path.relpath(path, mount.root) if path.startswith(mount.root) else path.lstrip("/")
    return mount.point / ("" if rel == "." else rel)


def discover(
    parent: str | None = None, *, mountinfo: str = "/proc/self/mountinfo", cgroups: str = "/proc/self/cgroup"
) -> tuple[Hierarchy, ...]:
    """The hierarchies that hold `memory` and `pids`, v1 preferred where a controller is bound there,
    a writable mount preferred over a read-only one of the same hierarchy.

    `parent` (a cgroup path such as `/forge`) replaces this process's own cgroup as the place
    sandbox cgroups are made in. Raises CgroupUnavailableError when a controller is missing.
    `mountinfo` and `cgroups` name the files read (another process's, in tests).
    """
    own = paths_of(cgroups)
    chosen: dict[str, Hierarchy] = {}
    unified: Mount | None = None
    for mount in sorted(mounts(mountinfo), key=lambda m: m.read_only):  # stable: writable ones first
        if mount.fstype == "cgroup2":
            unified = unified or mount
            continue
        names = tuple(c for c in CONTROLLERS if c in mount.options)
        if names and names[0] not in chosen:
            chosen[names[0]] = Hierarchy(1, names, under(mount, parent or own.get(names[0], "/")), mount)
    missing = [c for c in CONTROLLERS if not any(c in h.controllers for h in chosen.values())]
    if missing and unified is not None:
        where = under(unified, parent or own.get("", "/"))
        if not (where / "cgroup.controllers").exists():
            raise CgroupUnavailableError(f"there is no cgroup v2 dir {where}; {CGROUP_HINT}")
        with open(where / "cgroup.controllers", encoding="ascii") as handle:
            available = handle.read().split()
        absent = [c for c in missing if c not in available]
        if absent:
            raise CgroupUnavailableError(
                f"the cgroup v2 dir {where} does not offer {', '.join(absent)}; {CGROUP_HINT}"
            )
        chosen["v2"] = Hierarchy(2, tuple(missing), where, unified)
        missing = []
    if missing:
        raise CgroupUnavailableError(f"no cgroup hierarchy holds {', '.join(missing)}; {CGROUP_HINT}")
    return tuple(chosen.values())


def private_mount_args(mount: Mount, known: frozenset[str]) -> tuple[str, str, str]:
    """(fs type, mount options, dir name under PRIVATE_ROOT) that mount `mount`'s hierarchy again.

    v1 attaches to an existing hierarchy only with exactly its controllers (`known`: the names
    /proc/cgroups lists) and name; v2 has one hierarchy and takes none.
    """
    if mount.fstype == "cgroup2":
        return "cgroup2", "", "unified"
    options = sorted(o for o in mount.options if o in known or o.startswith("name="))
    return "cgroup", ",".join(options), "+".join(options)


def writable_hierarchies(
    parent: str | None = None, *, private_root: Path = PRIVATE_ROOT
) -> tuple[Hierarchy, ...]:
    """`discover`, with each hierarchy whose only mount is read-only mounted again, writable, by Forge.

    Raises CgroupUnavailableError naming the fix when that mount is refused (not root, no CAP_SYS_ADMIN).
    """
    hierarchies = discover(parent)
    read_only = [h for h in hierarchies if h.mount.read_only]
    if not read_only:
        return hierarchies
    _mount_private([h.mount for h in read_only], private_root)
    hierarchies = discover(parent)
    still = [str(h.mount.point) for h in hierarchies if h.mount.read_only]
    if still:
        raise CgroupUnavailableError(f"the cgroup mounts {', '.join(still)} stay read-only; {READ_ONLY_HINT}")
    return hierarchies


def _mount_private(read_only: list[Mount], private_root: Path) -> None:
    known = frozenset(_known_controllers())
    with _locked(private_root, read_only[0].point):
        present = {m.point for m in mounts() if not m.read_only}
        for mount in read_only:
            fstype, options, name = private_mount_args(mount, known)
            target = private_root / name
            if target in present:
                continue  # another Forge process mounted it meanwhile
            target.mkdir(exist_ok=True)
            flags = _MS_NOSUID | _MS_NODEV | _MS_NOEXEC
            if _libc.mount(b"forge-cgroup", bytes(target), fstype.encode(), flags, options.encode()) != 0:
                code = ctypes.get_errno()
                why = "needs root with CAP_SYS_ADMIN" if code in (errno.EPERM, errno.EACCES) else os.strerror(code)
                raise CgroupUnavailableError(
                    f"the cgroup mount {mount.point} is read-only and Forge cannot mount its own at {target} "
                    f"(mount -t {fstype}{' -o ' + options if options else ''}: {why}); {READ_ONLY_HINT}"
                )
            logger.info("the cgroup mount %s is read-only: Forge mounted the hierarchy again at %s", mount.point, target)


@contextlib.contextmanager
def _locked(private_root: Path, read_only: Path) -> Iterator[None]:
    """An exclusive lock on `private_root/.lock`: one process mounts, the others then find its mount."""
    try:
        private_root.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(private_root / ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise CgroupUnavailableError(
            f"the cgroup mount {read_only} is read-only and Forge cannot make {private_root} to mount its own "
            f"({exc}); {READ_ONLY_HINT}"
        ) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _known_controllers(proc_cgroups: str = "/proc/cgroups") -> list[str]:
    with open(proc_cgroups, encoding="ascii") as handle:
        return [line.split()[0] for line in handle if line.strip() and not line.startswith("#")]
