"""The sandbox's seccomp filter: the kernel calls no task needs answer EPERM.

Compiled once per process with libseccomp (through `pyseccomp`) into a classic BPF program.
bubblewrap loads it for the shell (`--seccomp FD`, a fresh memfd per sandbox), and the warm
python's per-sandbox server loads the same bytes before it serves a call
(`forge.sandbox._zygote`), so a `python3` forked outside bwrap is held exactly like one
started by the shell. Denied calls fail with EPERM rather than killing the process, so a
program that probes for io_uring or user namespaces falls back the way it would on a
hardened host.

What is denied, and why nothing a task does needs it:

- io_uring (a second syscall surface that seccomp cannot see into), keyrings, bpf, perf;
- ptrace and cross-process memory and descriptor access (`process_vm_*`, `pidfd_getfd`);
- new namespaces (`unshare`, `setns`, namespace flags on `clone`; `clone3` answers ENOSYS,
  so libc falls back to `clone`, whose flags the filter can read) and every mount call;
- kernel modules, kexec, reboot, swap, quotas, accounting, the clock, the kernel log;
- `open_by_handle_at` (reads files by inode, past the mount tree) and `userfaultfd`.
"""

from __future__ import annotations

import errno
import functools
import logging
import os

from forge.errors import SandboxUnavailableError

logger = logging.getLogger(__name__)

DENIED = (
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "keyctl", "add_key", "request_key",
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp",
    "unshare", "setns", "mount", "umount", "umount2", "pivot_root", "chroot",
    "fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
    "bpf", "perf_event_open", "fanotify_init", "lookup_dcookie",
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
    "reboot", "swapon", "swapoff", "acct", "quotactl", "quotactl_fd", "nfsservctl",
    "open_by_handle_at", "name_to_handle_at", "userfaultfd",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "syslog", "vhangup",
    "iopl", "ioperm",
)  # fmt: skip
"""Calls that answer EPERM whatever their arguments."""

NEW_NAMESPACE_FLAGS = {
    "CLONE_NEWNS": 0x00020000, "CLONE_NEWCGROUP": 0x02000000, "CLONE_NEWUTS": 0x04000000,
    "CLONE_NEWIPC": 0x08000000, "CLONE_NEWUSER": 0x10000000, "CLONE_NEWPID": 0x20000000,
    "CLONE_NEWNET": 0x40000000, "CLONE_NEWTIME": 0x00000080,
}  # fmt: skip
"""`clone` with any of these answers EPERM (its first argument on every architecture we run on)."""

_INSTALL_HINT = "install libseccomp (`apt-get install libseccomp2`) and `pip install pyseccomp`"


@functools.cache
def program() -> bytes:
    """The filter as a BPF program (struct sock_filter[]), built once per process.

    Raises SandboxUnavailableError when libseccomp cannot be loaded: a sandbox never runs
    without its filter.
    """
    try:
        import pyseccomp as seccomp
    except (ImportError, RuntimeError) as exc:  # pyseccomp raises RuntimeError without the library
        raise SandboxUnavailableError(
            f"the sandbox's seccomp filter needs libseccomp ({exc}); {_INSTALL_HINT}"
        ) from exc
    deny = seccomp.ERRNO(errno.EPERM)
    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    rules.set_attr(seccomp.Attr.ACT_BADARCH, deny)  # an i386/x32 call from a 64-bit process
    rules.set_attr(seccomp.Attr.CTL_NNP, 0)  # loading is bwrap's or the zygote's job, not ours
    unknown = []
    for name in DENIED:
        try:
            rules.add_rule(deny, name)
        except (ValueError, RuntimeError, OSError):  # a call this kernel/libseccomp does not have
            unknown.append(name)
    for flag in NEW_NAMESPACE_FLAGS.values():
        rules.add_rule(deny, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    if unknown:
        logger.debug("seccomp: calls unknown to libseccomp here, so unreachable: %s", unknown)
    read_fd, write_fd = os.pipe()
    try:
        with os.fdopen(write_fd, "wb") as sink:
            rules.export_bpf(sink)
        with os.fdopen(read_fd, "rb") as source:
            read_fd = -1
            data = source.read()
    finally:
        if read_fd >= 0:
            os.close(read_fd)
    if not data or len(data) % 8:
        raise SandboxUnavailableError(
            f"libseccomp produced a malformed filter ({len(data)} bytes); {_INSTALL_HINT}"
        )
    return data


def program_fd() -> int:
    """A fresh descriptor that reads the program from its start (bwrap reads one to EOF).

    The caller closes it once bwrap has started.
    """
    fd = os.memfd_create("forge-seccomp", os.MFD_CLOEXEC)
    try:
        os.write(fd, program())
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return fd
