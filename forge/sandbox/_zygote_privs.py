"""The privilege steps of a warm-python server (`forge.sandbox._zygote`), in the order it takes them.

Imported by `_zygote.py` from its own directory before that leaves sys.path; stdlib only, no
`from __future__` (see `_zygote.py`).
"""
import ctypes
import os

_PR_SET_DUMPABLE, _PR_SET_SECCOMP, _PR_CAPBSET_DROP, _PR_SET_NO_NEW_PRIVS = 4, 22, 24, 38
_SECCOMP_MODE_FILTER = 2
libc = ctypes.CDLL(None, use_errno=True)


def check(ret: int) -> None:
    """Raise the C call's errno as OSError when it did not return 0."""
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


def fresh_session_keyring() -> None:
    """A new, empty session keyring for this sandbox's server and its children: the template's
    is the host process's, whose keys would otherwise be possessed (listed in /proc/keys) here."""
    number = {"x86_64": 250, "aarch64": 219}.get(os.uname().machine)  # keyctl
    if number is not None and libc.syscall(ctypes.c_long(number), ctypes.c_long(1), None) < 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


def drop_privileges(uid: int, gid: int) -> None:
    """No capability, ever again; non-dumpable; the uid last (from root to non-zero clears the
    effective, permitted and ambient sets)."""
    with open("/proc/sys/kernel/cap_last_cap") as last:
        for cap in range(int(last.read()) + 1):
            check(libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0))
    check(libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0))
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    check(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def load_filter(program: bytes) -> None:
    """The sandbox's seccomp filter (`forge.sandbox._seccomp`), the very bytes bwrap loads."""
    code = ctypes.create_string_buffer(program, len(program))
    prog = _SockFprog(len(program) // 8, ctypes.addressof(code))
    check(libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0))
