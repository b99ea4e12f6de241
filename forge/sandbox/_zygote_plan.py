"""Which `python3` calls a zygote serves warm (`forge.sandbox._zygote`): the command line as CPython
reads it (`parse`), and whether a program could tell a warm call from a cold one (`runnable`).

Imported by `_zygote.py` from its own directory before that leaves sys.path; stdlib only, no
`from __future__` (see `_zygote.py`).
"""

import importlib.machinery
import os

_MODULE_SUFFIXES = tuple(importlib.machinery.all_suffixes())  # .py, .pyc, the extension modules' suffixes


def parse(args: list[str]) -> tuple[str, str, list[str], bool] | None:
    """(kind, target, rest, unbuffered) for `python3 ARGS`; None: the real one must handle it."""
    unbuffered = False
    for i, arg in enumerate(args):
        if arg == "-" or not arg.startswith("-"):
            return ("-" if arg == "-" else "script"), arg, args[i + 1 :], unbuffered
        if arg.startswith("--"):
            return None
        for j, ch in enumerate(arg[1:], 1):
            if ch in "cm":
                if arg[j + 1 :]:
                    return ch, arg[j + 1 :], args[i + 1 :], unbuffered
                return (ch, args[i + 1], args[i + 2 :], unbuffered) if i + 1 < len(args) else None
            if ch == "u":
                unbuffered = True
            elif ch != "B":  # -B: PYTHONDONTWRITEBYTECODE is set in every sandbox anyway
                return None
    return "-", "", [], unbuffered  # no program: read it from stdin


def runnable(plan: tuple[str, str, list[str], bool], stdin: int, shadowed: set[str]) -> bool:
    """False where only the real interpreter behaves right: a user module named like a
    preloaded one, a .pyc, a terminal on stdin. Runs as the peer's uid, in its cwd."""
    kind, target, _, _ = plan
    if kind == "script" and target.endswith((".pyc", ".pyo")):
        return False
    if kind == "-" and not target and os.isatty(stdin):  # that would be the interactive prompt
        return False
    path0 = os.path.dirname(os.path.realpath(target)) if kind == "script" else "."
    try:
        with os.scandir(path0) as entries:
            return not any(_module_name(entry) in shadowed for entry in entries)
    except OSError:
        return True


def _module_name(entry: "os.DirEntry[str]") -> str:
    """The module `import` finds at this entry of sys.path[0]; "" for none: a project's
    pytest.ini or openpyxl.txt shadows nothing, so its calls stay warm."""
    if entry.is_dir():
        return entry.name
    return next((entry.name[: -len(suffix)] for suffix in _MODULE_SUFFIXES if entry.name.endswith(suffix)), "")
