"""A command-line option added to a project's argparse CLI (`main(argv)` printing `<value>\\t<result>`
lines). What the option must print is worked out from what the ORIGINAL CLI prints for the same
values (both run in a sandbox): sorted, written to a file, as JSON, rounded, with a total line, or
only the lines reaching a bound; without the option the CLI must print exactly what it did.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import Field

from forge.checks import project as _project
from forge.checks.project import ProjectEdit, _inside, _tests_verdict, project_view, run_tests
from forge.checks.project_probes import _calls, _new_tests, _only_new, _parsed
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TestRun

Option = Literal["sort", "output", "json", "precision", "total", "at_least"]
_RUNNER = '''import contextlib, io, json, os
from {dotted} import main
def run(argv, out=None):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    text = open(out, encoding="utf-8").read() if out and os.path.exists(out) else None
    return [code, buf.getvalue(), text]
print(json.dumps([run(argv, out) for argv, out in {runs!r}]))
'''


def run_cli(files: dict[str, str], module: str, runs: list[tuple[list[str], str | None]]) -> list[list[object]]:
    """[exit code, stdout, the output file's text or None] of `main(argv)` for each run, in a sandbox."""
    script = _RUNNER.format(dotted=module.removesuffix(".py").replace("/", "."), runs=[list(r) for r in runs])
    key = "cli:" + hashlib.sha256((json.dumps(files, sort_keys=True) + script).encode()).hexdigest()
    with _project._runs_lock:
        cached = _project._runs.get(key)
    if cached is None:
        from forge.sandbox import open_sandbox

        scratch = Path(tempfile.mkdtemp(prefix="forge-cli-"))
        try:
            _project._write_files(scratch, {**files, "_forge_cli.py": script})
            with open_sandbox(scratch) as box:
                result = box.run("PYTHONDONTWRITEBYTECODE=1 python3 _forge_cli.py", timeout_s=_project.TEST_TIMEOUT_S)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        cached = TestRun(command="cli", exit_code=result.exit_code,
                         output=(result.stdout if result.exit_code == 0 else result.stderr or result.stdout)[-8000:])
        _project._remember(key, cached)
    if cached.exit_code != 0:
        raise _CliFailed(cached.output[-300:])
    return json.loads(cached.output.strip().splitlines()[-1])


class _CliFailed(Exception):
    pass


class CliOptionAdded(ProjectEdit):
    test_file: OutputPath
    option: Option
    flag: str = Field(description="The option as typed, e.g. '--sort'.")
    argument: str | None = Field(default=None, description="Its value: decimals, the bound, or the file name.")
    values: list[str] = Field(min_length=2, description="The values of the example invocation.")


def _pairs(stdout: str) -> list[tuple[str, float]]:
    out = []
    for line in stdout.splitlines():
        value, _, result = line.partition("\t")
        out.append((value, float(result)))
    return out


def expected_output(plain: str, opts: CliOptionAdded) -> tuple[str, str | None]:
    """(stdout, output file text) the option must give, from the original CLI's plain output."""
    pairs = _pairs(plain)
    if opts.option == "sort":
        return "".join(f"{v}\t{r}\n" for v, r in sorted(pairs, key=lambda p: -p[1])), None
    if opts.option == "output":
        return "", plain
    if opts.option == "json":
        return json.dumps({v: r for v, r in pairs}), None
    if opts.option == "precision":
        return "".join(f"{v}\t{round(r, int(opts.argument or 0))}\n" for v, r in pairs), None
    if opts.option == "total":
        return plain + f"total\t{round(sum(r for _, r in pairs), 2)}\n", None
    return "".join(f"{v}\t{r}\n" for v, r in pairs if r >= float(opts.argument or 0)), None


def _same_lines(want: str, have: str, decimals: int | None) -> bool:
    """Line by line: the value text equal, the result equal as a number (written with at most
    `decimals` decimals when rounding was asked)."""
    want_lines, have_lines = want.splitlines(), have.splitlines()
    if len(want_lines) != len(have_lines):
        return False
    for w, h in zip(want_lines, have_lines, strict=True):
        (wv, _, wr), (hv, _, hr) = w.partition("\t"), h.partition("\t")
        try:
            same = wv == hv.strip() and abs(float(wr) - float(hr)) < 1e-9
        except ValueError:
            return False
        if not same or (decimals is not None and "." in hr and len(hr.split(".")[1].rstrip().rstrip("0")) > decimals):
            return False
    return True


@register_check("project.cli_option_added", CliOptionAdded, source="project", view="project")
def cli_option_added(state: FinalState, opts: CliOptionAdded) -> Verdict:
    """Run with the example values, the CLI prints what it printed before; with the option it sorts
    the lines by result (largest first), writes them to the named file instead, prints them as one
    JSON object, rounds the results, adds a total line, or keeps the lines reaching the bound; a
    new test calls main with the option and fails on the original CLI; the suite passes."""
    module, tests = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, tests, opts.test_file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if not any(_calls(n, "main") for n in _new_tests(before.files.get(tests, ""), tree)):
        return Verdict.of(False, f"{opts.test_file} has no new test that calls main()")
    if path := edited_test(before, after, editable=tests):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the other tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    flagged = [*opts.values, opts.flag, *([opts.argument] if opts.argument else [])]
    out = opts.argument if opts.option == "output" else None
    try:
        (code, plain, _), = run_cli(before.files, module, [(opts.values, None)])
        if code not in (0, None):
            raise CheckError(f"the original CLI exits {code} on {opts.values}")
        (new_code, new_plain, _), (flag_code, stdout, written) = run_cli(
            after.files, module, [(opts.values, None), (flagged, out)])
    except _CliFailed as exc:
        return Verdict.of(False, f"the CLI cannot be run: {exc}")
    if new_code not in (0, None) or new_plain != plain:
        return Verdict.of(False, f"without {opts.flag} the CLI now prints {str(new_plain)[:120]!r} (exit {new_code}), "
                          f"not {str(plain)[:120]!r}")
    shown = " ".join(flagged)
    if flag_code not in (0, None):
        return Verdict.of(False, f"main({flagged}) exits {flag_code}: {str(stdout)[:120]!r}")
    want_out, want_file = expected_output(str(plain), opts)
    if opts.option in ("sort", "precision", "at_least") and _same_lines(want_out, str(plain), None):
        raise CheckError(f"{opts.flag} would change nothing for {opts.values}: the task is empty")
    if opts.option == "json":
        try:
            ok = json.loads(str(stdout)) == json.loads(want_out)
        except ValueError:
            ok = False
    else:
        ok = _same_lines(want_out, str(stdout), int(opts.argument or 0) if opts.option == "precision" else None)
    if not ok:
        return Verdict.of(False, f"`cli {shown}` prints {str(stdout)[:160]!r}, expected {want_out[:160]!r}")
    if want_file is not None and written != want_file:
        return Verdict.of(False, f"`cli {shown}` wrote {str(written)[:120]!r} to {opts.argument}, expected "
                          f"{want_file[:120]!r}")
    old = run_tests({**after.files, module: before.files.get(module, ""),
                     tests: _only_new(before.files.get(tests, ""), tree)})
    if old.exit_code == 0 and not old.failed and not old.errors:
        return Verdict.of(False, f"the new tests also pass on the original CLI: they do not use {opts.flag}")
    return Verdict.of(True, f"{opts.flag} works as asked and is tested")
