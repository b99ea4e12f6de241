"""How `python3` runs a program and exits, replayed in a zygote child (`forge.sandbox._zygote`).

The child already has the interpreter, so what is left of `python3 ARGS` is: fresh sys.std*
on the caller's fds, a fresh `__main__`, sys.argv / sys.path[0] / __file__ as CPython sets
them for -c, -m, a script or stdin, the same traceback and exit-status rules, and the parts
of finalization a program can see (threads joined, atexit, stdio flushed, open files closed).
Stdlib only, no `from __future__` (compiled user code must not inherit future flags).
"""

import atexit
import builtins
import gc
import importlib.machinery
import io
import os
import runpy
import signal
import sys
import threading
import traceback
import types
import zipimport

_STDIO = [(s.encoding, s.errors) for s in (sys.stdin, sys.stdout, sys.stderr)]  # as the zygote started
PRELOADED: frozenset[str] = frozenset()
"""sys.modules as the zygote serves calls (it sets this); only needed when a program edits sys.modules."""


def stdio(unbuffered: bool) -> None:
    """Fresh sys.std* on fds 0-2, built like CPython's create_stdio."""
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        mode = "r" if fd == 0 else "w"
        buf = io.open(fd, mode + "b", 0 if unbuffered and fd else -1, closefd=False)
        raw = buf if unbuffered and fd else buf.raw
        raw.name = f"<{name}>"
        line = not unbuffered and (fd == 2 or raw.isatty())
        stream = io.TextIOWrapper(buf, *_STDIO[fd], "\n", line_buffering=line, write_through=unbuffered)
        stream.mode = mode
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def run(plan: tuple[str, str, list[str], bool], argv: list[str], env: dict[str, str]) -> None:
    """Run the program as `python3` would, then exit like it (threads, atexit, flush, status)."""
    kind, target, rest, unbuffered = plan
    os.environ.clear()
    os.environ.update(env)
    for entry in [e for e, finder in sys.path_importer_cache.items() if finder is None]:
        del sys.path_importer_cache[entry]  # missing where the template started (on the host), maybe not here
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    stdio(unbuffered)
    main = types.ModuleType("__main__")
    main.__loader__, main.__annotations__ = importlib.machinery.BuiltinImporter, {}
    main.__builtins__ = builtins
    sys.modules["__main__"], sys.orig_argv = main, argv
    before, code, sigint = _newest_module(), 0, False
    try:
        if kind == "script":
            sys.argv, path = [target, *rest], os.path.join(os.getcwd(), target)  # CPython: not normalized
            sys.path.insert(0, os.path.dirname(os.path.realpath(target)))
            try:
                with open(target, "rb") as handle:
                    source = handle.read()
            except IsADirectoryError:
                source = None
            except OSError as exc:
                sys.stderr.write(f"{argv[0]}: can't open file {path!r}: [Errno {exc.errno}] {exc.strerror}\n")
                os._exit(_finish(main, before, 2, False))
            if source is None or _is_zip(path, source):  # a directory or zip app: run its __main__
                sys.path[0] = path
                runpy._run_module_as_main("__main__", False)  # type: ignore[attr-defined]
            else:
                main.__file__, main.__cached__ = path, None
                main.__loader__ = importlib.machinery.SourceFileLoader("__main__", path)
                exec(compile(source, path, "exec", dont_inherit=True), main.__dict__)
        elif kind == "m":
            sys.argv = ["-m", *rest]
            sys.path.insert(0, os.getcwd())
            runpy._run_module_as_main(target, True)  # type: ignore[attr-defined]  # what -m calls
        elif kind == "c":
            sys.argv = ["-c", *rest]
            sys.path.insert(0, "")
            exec(compile(target, "<string>", "exec", dont_inherit=True), main.__dict__)
        else:
            sys.argv = [target, *rest]
            sys.path.insert(0, "")
            source = b"".join(iter(lambda: os.read(0, 1 << 16), b""))
            main.__file__, main.__cached__ = "<stdin>", None
            exec(compile(source, "<stdin>", "exec", dont_inherit=True), main.__dict__)
    except SystemExit as exc:
        code = _exit_status(exc)
    except BaseException as exc:
        code, sigint = 1, isinstance(exc, KeyboardInterrupt)
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
            tb = tb.tb_next  # the user's traceback starts where `python3` would start it
        sys.excepthook(type(exc), exc.with_traceback(tb), tb)
    os._exit(_finish(main, before, code, sigint))


def _is_zip(path: str, source: bytes) -> bool:
    if b"PK\x05\x06" not in source[-(1 << 16) - 22 :]:  # no end-of-central-directory record
        return False
    try:
        zipimport.zipimporter(path)
    except zipimport.ZipImportError:
        return False
    return True


def _exit_status(exc: SystemExit) -> int:
    if exc.code is None or isinstance(exc.code, int):
        return (exc.code or 0) & 0xFF
    try:
        sys.stderr.write(f"{exc.code}\n")
    except Exception:
        pass
    return 1


def _newest_module() -> tuple[str, object]:
    name = next(reversed(sys.modules))
    return name, sys.modules[name]


def _imported_since(newest: tuple[str, object]) -> list[str]:
    """What the program imported, newest first.

    sys.modules keeps insertion order, so that is what comes after `newest`. Walking back from
    the end reads only those entries: a scan of all of them would write to the hundreds of
    preloaded names' refcounts and copy their pages from the zygote (~350 page faults, ~3 ms
    a call). A program that removed `newest` gets the full scan.
    """
    found = []
    for name in reversed(sys.modules):
        if name == newest[0] and sys.modules[name] is newest[1]:
            return found
        found.append(name)
    return [n for n in found if n not in PRELOADED]


def _finish(main: types.ModuleType, before: tuple[str, object], code: int, sigint: bool) -> int:
    """What Py_FinalizeEx does that a program can observe: threads joined, atexit run, stdio
    flushed (120 if stdout fails), module globals dropped (files left open get flushed)."""
    try:
        threading._shutdown()  # type: ignore[attr-defined]
    except BaseException:
        pass
    atexit._run_exitfuncs()
    failed = not _flush()
    for name in _imported_since(before):
        getattr(sys.modules.get(name), "__dict__", {}).clear()
    main.__dict__.clear()
    gc.collect()
    _flush()
    if sigint:  # like CPython: die of SIGINT so the shell sees 130
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    return 120 if failed else code


def _flush() -> bool:
    ok = True
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except Exception as exc:
            ok = False
            if stream is sys.stdout:
                try:
                    sys.stderr.write(f"Exception ignored in: {stream!r}\n")
                    sys.stderr.write("".join(traceback.format_exception_only(type(exc), exc)))
                except Exception:
                    pass
    return ok
